"""Sueca Italiana as data: deck, point table, rule options, outcome codes, record schemas."""
import numpy as np

from ..cards import FRENCH40
from ..rules import RuleOption, RuleSchema

DECK = FRENCH40
N_SEATS = 5
HAND_SIZE = 8
N_TRICKS = 8
N_CARDS = 40
TOTAL_POINTS = 120
POINTS_BY_RANK = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
POINTS = DECK.table(POINTS_BY_RANK)
SUIT = DECK.suit_of_card
STRENGTH = DECK.strength_of_card
SUIT_MASKS = DECK.suit_masks
RANKS_PER_SUIT = DECK.ranks_per_suit
STRIDE = DECK.stride
FULL = np.uint64((1 << N_CARDS) - 1)
MAX_BID = 120
MIN_BID = 61          # the lowest bid above 0
PASS = -1

# --- rule options --------------------------------------------------------------------------
RULES = RuleSchema("sueca_italiana", (
    RuleOption("call_own_card", True, (True, False),
               "the declarer may name a card it holds, and then plays alone (one against four)"),
    RuleOption("target", 10, (5, 10, 20), "game points that win a match"),
))
P_CALL_OWN, P_TARGET = range(2)
N_PARAMS = 2


def params(rules) -> np.ndarray:
    """The kernels' int64 rule vector from validated :class:`~simcore.rules.Rules`."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_CALL_OWN] = rules["call_own_card"]
    p[P_TARGET] = rules["target"]
    return p


# --- outcomes ------------------------------------------------------------------------------
OUTCOME_LABELS = ("made", "failed", "alone_made", "alone_failed")
O_MADE, O_FAILED, O_ALONE_MADE, O_ALONE_FAILED = range(4)
N_OUTCOMES = len(OUTCOME_LABELS)

#: contract levels of the scoring table (lowest contract of each level); game points 1..6
LEVELS = ((0, 0), (61, 70), (71, 80), (81, 90), (91, 100), (101, 119), (120, 120))
LEVEL_NAMES = tuple(f"{a}" if a == b else f"{a}-{b}" for a, b in LEVELS)

#: seats relative to the dealer, for the declarer's position
REL_SEATS = ("dealer", "dealer+1", "dealer+2", "dealer+3", "dealer+4")


def level_codes(df) -> np.ndarray:
    """The index in ``LEVELS`` of each deal's contract (``df``: the deals, by column)."""
    lows = np.array([lo for lo, _ in LEVELS])
    return np.searchsorted(lows, np.asarray(df["contract"], np.int64), side="right") - 1


MATCH_ENDS = ("target",)

# --- record schemas ----------------------------------------------------------------------------
DEAL_DTYPE = np.dtype([
    ("deal", np.int64),
    ("dealer", np.int8),
    ("declarer", np.int8),
    ("partner", np.int8),           # == declarer when it plays alone
    ("called_card", np.int8),
    ("trump_suit", np.int8),
    ("contract", np.int16),         # 0 or 61..120
    ("all_passed", np.int8),        # 1: nobody bid, the dealer declares at 0
    ("seat0_bid", np.int16), ("seat1_bid", np.int16), ("seat2_bid", np.int16),
    ("seat3_bid", np.int16), ("seat4_bid", np.int16),      # -1: pass
    ("declarer_points", np.int16),  # card points of the declarer's side
    ("made", np.int8),
    ("outcome", np.int8),
    ("reveal_trick", np.int8),      # the trick in which the called card was played
    ("declarer_trumps", np.int8),   # trumps dealt to the declarer
    ("points_seat0", np.int16), ("points_seat1", np.int16), ("points_seat2", np.int16),
    ("points_seat3", np.int16), ("points_seat4", np.int16),
    ("score_seat0", np.int8), ("score_seat1", np.int8), ("score_seat2", np.int8),
    ("score_seat3", np.int8), ("score_seat4", np.int8),    # game points
])

MATCH_DTYPE = np.dtype([
    ("match", np.int64),
    ("first_dealer", np.int8),
    ("winner", np.int8),
    ("deals", np.int16),
    ("score_seat0", np.int16), ("score_seat1", np.int16), ("score_seat2", np.int16),
    ("score_seat3", np.int16), ("score_seat4", np.int16),
    ("end", np.int8),
])

# --- aggregate totals (one int64 vector, so that chunks add up exactly) --------------------------
T_OUTCOME = 0
T_CONTRACT = T_OUTCOME + N_OUTCOMES            # deals by contract, 0..120
T_MADE = T_CONTRACT + MAX_BID + 1              # contracts made, by contract
T_DECL_SEAT = T_MADE + MAX_BID + 1             # declarer's seat relative to the dealer
T_DECL_SEAT_MADE = T_DECL_SEAT + N_SEATS
T_DPOINTS = T_DECL_SEAT_MADE + N_SEATS         # declarer's side points, 0..120
T_REVEAL = T_DPOINTS + TOTAL_POINTS + 1        # trick of the called card, 0..7
T_BIDS = T_REVEAL + N_TRICKS                   # bids made, by value 0..120
T_PASSES = T_BIDS + MAX_BID + 1
T_ALL_PASSED = T_PASSES + 1
T_SCORE = T_ALL_PASSED + 1                     # game points by seat
N_TOTALS = T_SCORE + N_SEATS


# --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------------
def layout(dealer: int):
    """Deck positions 8k..8k+7 go to seat (dealer + 1 + k) % 5 (no card is shown: the
    trump suit is named in the auction)."""
    from ..conditions.layout import hands_in_order, simple_layout
    return simple_layout(N_CARDS, N_SEATS, dealer, hands_in_order(N_SEATS, dealer, HAND_SIZE))
