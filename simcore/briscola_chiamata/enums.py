"""Briscola chiamata as data: deck, point table, bids, rule options, outcome codes, records."""
import numpy as np

from ..cards import LATIN40
from ..rules import RuleOption, RuleSchema

DECK = LATIN40
N_SEATS = 5
HAND_SIZE = 8
N_TRICKS = 8
N_CARDS = 40
TOTAL_POINTS = 120
POINTS_BY_RANK = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
POINTS = DECK.table(POINTS_BY_RANK)
SUIT = DECK.suit_of_card
STRENGTH = DECK.strength_of_card
RANKS_PER_SUIT = DECK.ranks_per_suit
STRIDE = DECK.stride
FULL = np.uint64((1 << N_CARDS) - 1)
#: the cards of each suit; index 4 is "no trump" (before the call under chiamata_buia)
SUIT_MASKS = np.append(DECK.suit_masks, np.uint64(0))
NO_TRUMP = 4
POINT_CARDS = np.uint64(sum(1 << c for c in range(N_CARDS) if POINTS[c] > 0))
HIGH_CARDS = np.uint64(sum(1 << c for c in range(N_CARDS) if POINTS[c] >= 10))

# --- bids, as kernels and policies see them --------------------------------------------------
#: rank bids 1..10 name the ranks 1 3 K N J 7 6 5 4 2 (bid b: the rank of strength 10 - b);
#: point bids are the points themselves; a higher number is a higher bid
PASS = -1
N_RANK_BIDS = 10
MIN_POINT_BID = 62          # after the 2
MIN_POINTS_ONLY = 61        # rule points_only
MAX_BID = 120
AUCTION_DRAWS = 74          # 37 outputs
CALL_DRAW = 73              # the call's draw; turns use u[0..72]
MAX_TURNS = 73


def bid_name(b: int):
    """A bid as records write it: a rank bid as its rank, a point bid as the int."""
    if b < 0:
        return None
    if b <= N_RANK_BIDS:
        return DECK.ranks[b - 1]
    return int(b)


# --- rule options --------------------------------------------------------------------------
RULES = RuleSchema("briscola_chiamata", (
    RuleOption("chiamata_buia", False, (True, False),
               "the card (and trumps) is called only after a first trick played without "
               "trumps"),
    RuleOption("points_only", False, (True, False),
               "the auction is on points alone (61 to 120); the declarer calls any card"),
    RuleOption("match_deals", 5, (5, 10, 20), "deals in a match"),
))
P_BUIA, P_POINTS_ONLY, P_MATCH_DEALS = range(3)
N_PARAMS = 3


def params(rules) -> np.ndarray:
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_BUIA] = rules["chiamata_buia"]
    p[P_POINTS_ONLY] = rules["points_only"]
    p[P_MATCH_DEALS] = rules["match_deals"]
    return p


# --- outcomes ------------------------------------------------------------------------------
OUTCOME_LABELS = ("passed_out", "made", "failed", "alone_made", "alone_failed")
O_PASSED, O_MADE, O_FAILED, O_ALONE_MADE, O_ALONE_FAILED = range(5)
N_OUTCOMES = len(OUTCOME_LABELS)

#: contract levels for the summaries: the ten rank bids, then points in brackets
POINT_LEVELS = ((61, 70), (71, 80), (81, 90), (91, 100), (101, 110), (111, 120))
LEVEL_NAMES = tuple(DECK.ranks) + tuple(f"{a}-{b}" for a, b in POINT_LEVELS)
N_LEVELS = len(LEVEL_NAMES)
REL_SEATS = ("dealer", "dealer+1", "dealer+2", "dealer+3", "dealer+4")


def level_codes(df) -> np.ndarray:
    """The index in ``LEVEL_NAMES`` of each deal's winning bid (-1: passed out)."""
    b = np.asarray(df["bid"], np.int64)
    return np.where(b < 0, -1, np.where(b <= N_RANK_BIDS, b - 1,
                                        N_RANK_BIDS + (np.maximum(b, 61) - 61) // 10))


MATCH_ENDS = ("won", "tied")

# --- record schemas ----------------------------------------------------------------------------
DEAL_DTYPE = np.dtype([
    ("deal", np.int64),
    ("dealer", np.int8),
    ("declarer", np.int8),          # -1: passed out
    ("partner", np.int8),           # == declarer when it plays alone; -1 passed out
    ("called_card", np.int8),
    ("trump_suit", np.int8),
    ("bid", np.int16),              # the winning bid (1..10 a rank, 61..120 points), -1
    ("contract", np.int16),         # card points needed (61 or the points bid); 0 passed out
    ("turns", np.int8),             # turns of the auction
    ("declarer_points", np.int16),
    ("made", np.int8),
    ("outcome", np.int8),
    ("cappotto", np.int8),
    ("reveal_trick", np.int8),      # the trick of the called card (-1: passed out)
    ("declarer_trumps", np.int8),   # trumps dealt to the declarer
    ("points_seat0", np.int16), ("points_seat1", np.int16), ("points_seat2", np.int16),
    ("points_seat3", np.int16), ("points_seat4", np.int16),
    ("score_seat0", np.int8), ("score_seat1", np.int8), ("score_seat2", np.int8),
    ("score_seat3", np.int8), ("score_seat4", np.int8),
])

MATCH_DTYPE = np.dtype([
    ("match", np.int64),
    ("first_dealer", np.int8),
    ("winner", np.int8),            # -1: a shared top
    ("deals", np.int16),
    ("score_seat0", np.int16), ("score_seat1", np.int16), ("score_seat2", np.int16),
    ("score_seat3", np.int16), ("score_seat4", np.int16),
    ("end", np.int8),
])

# --- aggregate totals ------------------------------------------------------------------------
T_OUTCOME = 0
T_BID = T_OUTCOME + N_OUTCOMES                 # deals by winning bid code, 0..120
T_BID_MADE = T_BID + MAX_BID + 1
T_DECL_SEAT = T_BID_MADE + MAX_BID + 1
T_DECL_SEAT_MADE = T_DECL_SEAT + N_SEATS
T_DPOINTS = T_DECL_SEAT_MADE + N_SEATS
T_REVEAL = T_DPOINTS + TOTAL_POINTS + 1
T_TURNS = T_REVEAL + N_TRICKS                  # auction length, 0..73
T_CAPPOTTO = T_TURNS + MAX_TURNS + 1
T_SCORE = T_CAPPOTTO + 1                       # score sums by seat
T_SCORE_SQ = T_SCORE + N_SEATS
N_TOTALS = T_SCORE_SQ + N_SEATS


# --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------------
def layout(dealer: int):
    """Deck positions 8k..8k+7 go to seat (dealer + 1 + k) % 5 (no card is shown: the
    trump suit is named in the auction)."""
    from ..conditions.layout import hands_in_order, simple_layout
    return simple_layout(N_CARDS, N_SEATS, dealer, hands_in_order(N_SEATS, dealer, HAND_SIZE))
