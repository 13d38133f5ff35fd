"""Twenty as data: deck, points, rule options, outcome codes, record schemas, totals."""
import numpy as np

from simcore.cards import Deck
from simcore.rules import RuleOption, RuleSchema

GAME = "twenty"
DECK = Deck("french20", ("A", "K", "Q", "J", "7"), ("C", "D", "H", "S"),
            ("clubs", "diamonds", "hearts", "spades"))
N_SEATS = 2
HAND_SIZE = 5
N_TRICKS = 5
N_CARDS = DECK.n_cards                   # 20
N_DEALT = N_SEATS * HAND_SIZE            # the rest is set aside unseen
POINTS_BY_RANK = {"A": 4, "K": 3, "Q": 2, "J": 1}
POINTS = DECK.table(POINTS_BY_RANK)
SUIT = DECK.suit_of_card
SUIT_MASKS = DECK.suit_masks
MAX_POINTS = int(POINTS.sum()) + 5       # a bound on one seat's points (histograms)

RULES = RuleSchema(GAME, (
    RuleOption("last_trick", 0, (0, 5), "points for winning the last trick"),
))
P_LAST_TRICK = 0
N_PARAMS = 1


def params(rules) -> np.ndarray:
    """The kernels' int64 rule vector."""
    p = np.zeros(N_PARAMS, np.int64)
    p[P_LAST_TRICK] = rules["last_trick"]
    return p


# outcome code: 0 tie, 1 + the winning seat
OUTCOME_LABELS = ("tie", "seat0_win", "seat1_win")

DEAL_DTYPE = np.dtype([
    ("deal", np.int64), ("dealer", np.int8),
    ("points_seat0", np.int16), ("points_seat1", np.int16),
    ("tricks_seat0", np.int8), ("tricks_seat1", np.int8),
    ("outcome", np.int8),
])

# the totals vector (one int64 vector: chunks add up exactly)
T_OUTCOME = 0                                  # by outcome code
T_DEALER_OUTCOME = T_OUTCOME + 3               # the same, the dealer as seat 0
T_POINTS0 = T_DEALER_OUTCOME + 3               # histogram of seat 0's points
T_DEALER_POINTS = T_POINTS0 + MAX_POINTS + 1   # histogram of the dealer's points
T_PSUM1 = T_DEALER_POINTS + MAX_POINTS + 1     # seat 1's points, summed
N_TOTALS = T_PSUM1 + 1


def layout(dealer: int):
    """The slots of a deal (docs/odds.md): two hands of five, ten cards set aside."""
    from simcore.conditions.layout import hands_in_order, simple_layout
    return simple_layout(N_CARDS, N_SEATS, dealer, hands_in_order(N_SEATS, dealer, HAND_SIZE),
                         stock=tuple(range(N_DEALT, N_CARDS)))
