"""Spades as data: deck, rule options, outcome codes, record schemas, totals layout."""
import numpy as np

from ..cards import FRENCH52
from ..rules import RuleOption, RuleSchema

DECK = FRENCH52
N_SEATS = 4
HAND_SIZE = 13
N_TRICKS = 13
N_CARDS = N_SEATS * HAND_SIZE
SPADES = DECK.suits.index("S")          # always trump

# per-card tables, derived from the deck data (frozen into kernels as constants)
SUIT = DECK.suit_of_card
STRENGTH = DECK.strength_of_card
SUIT_MASKS = DECK.suit_masks
RANKS_PER_SUIT = DECK.ranks_per_suit
STRIDE = DECK.stride                    # one bit per suit at strength 0
SPADE_MASK = SUIT_MASKS[SPADES]
NON_SPADES = np.uint64(int(DECK.full_mask) & ~int(SPADE_MASK))
ACE = DECK.strength("A")
KING = DECK.strength("K")
QUEEN = DECK.strength("Q")
ACES = np.uint64(sum(1 << DECK.card("A", s) for s in DECK.suits))
NON_SPADE_ACES = np.uint64(int(ACES) & ~int(SPADE_MASK))
#: spades higher than 9 (T J Q K A): a hand holding one never bids nil
HIGH_SPADES = np.uint64(sum(1 << DECK.card(r, "S") for r in "TJQKA"))

# --- rule options --------------------------------------------------------------
RULES = RuleSchema("spades", (
    RuleOption("break_spades", False, (True, False),
               "spades may not be led until a spade has been played (unless only spades are held)"),
    RuleOption("bag_points", 0, (0, 1),
               "points per overtrick of a made contract (the common rule is 1)"),
    RuleOption("bag_limit", 10, (),
               "bags that cost a team bag_penalty each time its count reaches it (games)",
               minimum=1, maximum=100),
    RuleOption("bag_penalty", 100, (),
               "points lost each time a team's bags reach bag_limit (games)", minimum=0, maximum=1000),
    RuleOption("blind_nil", False, (True, False),
               "a nil bid before seeing the cards, worth 200 either way (games, trailing by 200+)"),
    RuleOption("target", 500, (),
               "a game ends when a team has this score at the end of a hand", minimum=1,
               maximum=10_000),
    RuleOption("mercy", False, (True, False),
               "a team at -200 or below at the end of a hand loses the game"),
    RuleOption("max_hands", 200, (),
               "a game undecided after this many hands ends: the higher total wins (equal: tie)",
               minimum=1, maximum=1000),
))

# kernels take the rules as an int64 vector; these are its slots
P_BREAK_SPADES, P_BAG_POINTS, P_BAG_LIMIT, P_BAG_PENALTY, P_BLIND_NIL, P_TARGET, P_MERCY, \
    P_MAX_HANDS = range(8)
N_PARAMS = 8
MERCY_SCORE = -200
BLIND_NIL_TRAIL = 200
NIL_POINTS = 100
BLIND_NIL_POINTS = 200


def params(rules) -> np.ndarray:
    """The kernels' int64 rule vector from validated :class:`~simcore.rules.Rules`."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_BREAK_SPADES] = rules["break_spades"]
    p[P_BAG_POINTS] = rules["bag_points"]
    p[P_BAG_LIMIT] = rules["bag_limit"]
    p[P_BAG_PENALTY] = rules["bag_penalty"]
    p[P_BLIND_NIL] = rules["blind_nil"]
    p[P_TARGET] = rules["target"]
    p[P_MERCY] = rules["mercy"]
    p[P_MAX_HANDS] = rules["max_hands"]
    return p


# --- outcomes ------------------------------------------------------------------
# a single hand is won by the team with the higher hand score
OUTCOME_LABELS = ("tie", "team0_win", "team1_win")
O_TIE, O_TEAM0, O_TEAM1 = range(3)
N_OUTCOMES = len(OUTCOME_LABELS)

# what a nil bid came to, per seat
NIL_RESULTS = ("none", "nil_made", "nil_set", "blind_nil_made", "blind_nil_set")
NIL_NONE, NIL_MADE, NIL_SET, BLIND_MADE, BLIND_SET = range(len(NIL_RESULTS))

# how a game ended; "max_hands": undecided after max_hands hands (the higher total wins)
RUBBER_ENDS = ("target", "mercy", "max_hands")
E_TARGET, E_MERCY, E_MAX_HANDS = range(len(RUBBER_ENDS))

# --- record schemas (what leaves the kernels) ------------------------------------
DEAL_DTYPE = np.dtype([
    ("deal", np.int64),
    ("dealer", np.int8),
    ("bid_seat0", np.int8), ("bid_seat1", np.int8), ("bid_seat2", np.int8), ("bid_seat3", np.int8),
    ("tricks_seat0", np.int8), ("tricks_seat1", np.int8),
    ("tricks_seat2", np.int8), ("tricks_seat3", np.int8),
    ("score_team0", np.int16), ("score_team1", np.int16),
    ("bags_team0", np.int8), ("bags_team1", np.int8),
    ("nil_seat0", np.int8), ("nil_seat1", np.int8), ("nil_seat2", np.int8), ("nil_seat3", np.int8),
    ("outcome", np.int8),
    # spades in each seat's hand as dealt
    ("spades_seat0", np.int8), ("spades_seat1", np.int8), ("spades_seat2", np.int8),
    ("spades_seat3", np.int8),
])

RUBBER_DTYPE = np.dtype([
    ("game", np.int64),
    ("first_dealer", np.int8),
    ("winner", np.int8),            # -1: a tie, only when max_hands ends the game
    ("hands", np.int16),
    ("score_team0", np.int32), ("score_team1", np.int32),
    ("bags_team0", np.int16), ("bags_team1", np.int16),
    ("end", np.int8),
])

# --- aggregate totals (one int64 vector, so that chunks add up exactly) --------------
T_OUTCOME = 0                               # counts by outcome code
T_DEALER_OUTCOME = T_OUTCOME + N_OUTCOMES   # by outcome, the dealer's team as team 0
T_MADE = T_DEALER_OUTCOME + N_OUTCOMES      # contracts made, by team (2)
T_SET = T_MADE + 2                          # contracts set, by team (2)
T_NIL = T_SET + 2                           # nil results over all seats, by NIL_RESULTS code
T_SCORE = T_NIL + len(NIL_RESULTS)          # sum of hand scores, by team (2)
T_BAGS = T_SCORE + 2                        # sum of bags, by team (2)
T_BIDS = T_BAGS + 2                         # histogram of bids (0..13), all seats
T_TRICKS0 = T_BIDS + N_TRICKS + 1           # histogram of team 0 tricks (0..13)
N_TOTALS = T_TRICKS0 + N_TRICKS + 1


# --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------------
def layout(dealer: int):
    """Positions 13k..13k+12 go to seat (dealer + 1 + k) % 4."""
    from ..conditions.layout import hands_in_order, simple_layout
    return simple_layout(N_CARDS, N_SEATS, dealer, hands_in_order(N_SEATS, dealer, HAND_SIZE))


# --- the reports' holding tables (simcore.holdings; docs/reports.md) --------------------
# Counted from a seat (the reports pass the dealer) over the deal's records: the spades it
# was dealt (``spades_seat0..3``).  The same name and labels as the standard table of
# ``trunfo odds spades --table``, so the reports show its exact probability too.
def _holding_spades(r, seat):
    from ..holdings import count_columns
    return count_columns(r, "spades_seat{}", seat)


def _holdings():
    from ..holdings import HoldingTable
    return (HoldingTable("spades", "by spades held by {X}", tuple(range(14)),
                         tuple(f"spades_seat{s}" for s in range(4)), _holding_spades,
                         axis="spades held by {X} (cards, of 13)"),)


HOLDINGS = _holdings()
