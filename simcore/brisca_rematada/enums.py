"""Brisca rematada as data: deck, point table, bids, rule options, outcome codes, records."""
import numpy as np

from ..cards import LATIN32
from ..rules import RuleOption, RuleSchema

DECK = LATIN32
N_SEATS = 3
HAND_SIZE = 10
N_TRICKS = 10
N_CARDS = 32
TALON = 30                      # deck positions 30 and 31
TOTAL_POINTS = 120
LAST_TRICK = 10
POINTS_BY_RANK = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
POINTS = DECK.table(POINTS_BY_RANK)
SUIT = DECK.suit_of_card
STRENGTH = DECK.strength_of_card
RANKS_PER_SUIT = DECK.ranks_per_suit          # 8
SUIT_MASKS = DECK.suit_masks
STRIDE = DECK.stride
FULL = np.uint64((1 << N_CARDS) - 1)
POINT_CARDS = np.uint64(sum(1 << c for c in range(N_CARDS) if POINTS[c] > 0))
HIGH_CARDS = np.uint64(sum(1 << c for c in range(N_CARDS) if POINTS[c] >= 10))
KING = DECK.strength("K")                     # 5
KNIGHT = DECK.strength("N")                   # 4
ACE = DECK.strength("1")                      # 7
THREE = DECK.strength("3")                    # 6
#: the king and knight of each suit (a marriage)
PAIR_MASKS = np.array([(1 << (s * 8 + KING)) | (1 << (s * 8 + KNIGHT)) for s in range(4)],
                      np.uint64)

# --- bids ----------------------------------------------------------------------------------
PASS = -1
MIN_BID = 100
MARRIAGE_RULES = ("forty", "twenty_forty")
M_FORTY, M_TWENTY_FORTY = range(2)
#: the most a declarer can take: 120 + 10 for the last trick + the four marriages
MOST = {M_FORTY: 120 + LAST_TRICK + 4 * 40, M_TWENTY_FORTY: 120 + LAST_TRICK + 40 + 3 * 20}
BID_STEPS = (1, 5, 10)
#: rule ``follow``: what a player must play to a trick (docs/games/brisca_rematada.md, "Play")
FOLLOW_RULES = ("suit_trump", "head", "none")
F_SUIT_TRUMP, F_HEAD, F_NONE = range(3)
#: turns of the longest auction under any rules (bid_step 1, forty): 191 bids, 2 passes
MAX_TURNS = MOST[M_FORTY] - MIN_BID + 1 + 2
MAX_CONTRACT = MOST[M_FORTY]


def max_bid(step: int, marriages: int) -> int:
    """The highest bid: the largest ``100 + k * step`` not above the most a declarer can take."""
    return MIN_BID + (MOST[marriages] - MIN_BID) // step * step


def auction_outputs(step: int, marriages: int) -> int:
    """Outputs drawn for the auction, whatever its length (docs/games/brisca_rematada.md)."""
    levels = (max_bid(step, marriages) - MIN_BID) // step + 1
    return (levels + 3) // 2


# --- rule options --------------------------------------------------------------------------
RULES = RuleSchema("brisca_rematada", (
    RuleOption("bid_step", 5, BID_STEPS,
               "bids are 100 + k * bid_step; each bid at least one step above the last"),
    RuleOption("marriages", "forty", MARRIAGE_RULES,
               "a king and knight held together: forty (each 40) or twenty_forty (40 in "
               "trumps, 20 in another suit)"),
    RuleOption("target", 500, (300, 500, 1000), "match points that win a match"),
    RuleOption("follow", "suit_trump", FOLLOW_RULES,
               "what a player must play to a trick: suit_trump (the suit led when able, "
               "else a trump when able), head (as suit_trump, and a card that beats the "
               "trick when able, as in Tute) or none (any card, as in Brisca)"),
))
P_STEP, P_MARRIAGES, P_TARGET, P_MAX_BID, P_AUCTION_OUTPUTS, P_FOLLOW = range(6)
N_PARAMS = 6


def params(rules) -> np.ndarray:
    """The kernels' int64 rule vector."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    m = MARRIAGE_RULES.index(rules["marriages"])
    p[P_STEP] = rules["bid_step"]
    p[P_MARRIAGES] = m
    p[P_TARGET] = rules["target"]
    p[P_MAX_BID] = max_bid(rules["bid_step"], m)
    p[P_AUCTION_OUTPUTS] = auction_outputs(rules["bid_step"], m)
    p[P_FOLLOW] = FOLLOW_RULES.index(rules["follow"])
    return p


# --- outcomes ------------------------------------------------------------------------------
OUTCOME_LABELS = ("made", "failed")
O_MADE, O_FAILED = range(2)
REL_SEATS = ("dealer+1", "dealer+2", "dealer")   # the declarer's seat counted from the dealer
MATCH_ENDS = ("target",)

# --- record schemas ------------------------------------------------------------------------
DEAL_DTYPE = np.dtype([
    ("deal", np.int64),
    ("dealer", np.int8),
    ("declarer", np.int8),
    ("forced", np.int8),             # 1: the dealer won without bidding (contract 100)
    ("contract", np.int16),
    ("trump_suit", np.int8),
    ("made", np.int8),
    ("outcome", np.int8),
    ("turns", np.int16),             # turns of the auction
    ("declarer_points", np.int16),   # the declarer's total, compared with the contract
    ("discard_points", np.int8),
    ("talon_points", np.int8),
    ("declarer_trumps", np.int8),    # trumps in the declarer's ten cards after the discards
    ("declarer_marriages", np.int8),  # marriages the declarer declared
    ("last_trick_seat", np.int8),
] + [(f"{name}_seat{s}", t) for name, t in (("points", np.int16), ("score", np.int16),
                                            ("marriages", np.int16), ("bid", np.int16))
     for s in range(N_SEATS)])

MATCH_DTYPE = np.dtype([
    ("match", np.int64),
    ("first_dealer", np.int8),
    ("winner", np.int8),
    ("deals", np.int16),
] + [(f"score_seat{s}", np.int32) for s in range(N_SEATS)] + [
    ("end", np.int8),
])

# --- aggregate totals (one int64 vector, so that chunks add up exactly) -------------------
N_LEVELS = MAX_CONTRACT - MIN_BID + 1            # contracts 100 .. 290
T_OUTCOME = 0                                     # by outcome code
T_REL = T_OUTCOME + len(OUTCOME_LABELS)           # by the declarer's seat from the dealer
T_REL_MADE = T_REL + N_SEATS
T_SEAT = T_REL_MADE + N_SEATS                     # by the declarer's seat
T_SEAT_MADE = T_SEAT + N_SEATS
T_CONTRACT = T_SEAT_MADE + N_SEATS                # by contract - 100
T_CONTRACT_MADE = T_CONTRACT + N_LEVELS
T_FORCED = T_CONTRACT_MADE + N_LEVELS
T_FORCED_MADE = T_FORCED + 1
T_DECL_POINTS = T_FORCED_MADE + 1                 # sums
T_DECL_MARRIAGES = T_DECL_POINTS + 1
T_DISCARD_POINTS = T_DECL_MARRIAGES + 1
T_TURNS = T_DISCARD_POINTS + 1
T_SCORE = T_TURNS + 1                             # per seat
T_POINTS = T_SCORE + N_SEATS                      # per seat
N_TOTALS = T_POINTS + N_SEATS


# --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------------
def layout(dealer: int):
    """Positions 10k..10k+9 go to seat (dealer + 1 + k) % 3; positions 30 and 31 are the
    talon (the conditions language's ``stock``)."""
    from ..conditions.layout import hands_in_order, simple_layout
    return simple_layout(N_CARDS, N_SEATS, dealer, hands_in_order(N_SEATS, dealer, HAND_SIZE),
                         stock=(TALON, TALON + 1))
