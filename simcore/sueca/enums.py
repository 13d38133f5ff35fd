"""Sueca as data: deck, point table, rule options, outcome codes, record schemas."""
import numpy as np

from ..cards import FRENCH40
from ..rules import RuleOption, RuleSchema

DECK = FRENCH40
N_SEATS = 4
HAND_SIZE = 10
N_TRICKS = 10
TOTAL_POINTS = 120
POINTS_BY_RANK = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}

# per-card tables, derived from the deck data (frozen into kernels as constants)
POINTS = DECK.table(POINTS_BY_RANK)
SUIT = DECK.suit_of_card
STRENGTH = DECK.strength_of_card
SUIT_MASKS = DECK.suit_masks
RANKS_PER_SUIT = DECK.ranks_per_suit
STRIDE = DECK.stride                    # one bit per suit at strength 0
POINT_CARDS = np.uint64(sum(1 << c for c in range(DECK.n_cards) if POINTS[c] > 0))

# --- rule options --------------------------------------------------------------
SCORING_VARIANTS = ("bandeira_by_points", "pente", "triple_at_30", "tie_carry",
                    "redraw_point_trump")
RULES = RuleSchema("sueca", (
    RuleOption("trump_card", "dealer_last", ("dealer_last", "dealer_first"),
               "which of the dealer's cards is shown face up as trump"),
    RuleOption("bandeira_by_points", False, (True, False),
               "120 points win the rubber even if a trick was lost"),
    RuleOption("pente", False, (True, False),
               "a team held to 29 points or fewer gives the opponents 4 games"),
    RuleOption("triple_at_30", False, (True, False),
               "a team that ends with exactly 30 points gives the opponents 3 games"),
    RuleOption("tie_carry", False, (True, False),
               "after a 60-60 deal the next deal of the rubber is worth one game more"),
    RuleOption("rubber_games", 4, (4, 5, 10),
               "games that win a rubber (4; 5 half rubber; 10 full rubber)"),
    RuleOption("redraw_point_trump", False, (True, False),
               "house rule: redeal while the face-up trump card is worth points"),
))

# kernels take the rules as an int64 vector; these are its slots
P_TRUMP_FIRST, P_BANDEIRA_BY_POINTS, P_PENTE, P_TRIPLE_AT_30, P_TIE_CARRY, \
    P_RUBBER_GAMES, P_REDRAW = range(7)
N_PARAMS = 7


def params(rules) -> np.ndarray:
    """The kernels' int64 rule vector from validated :class:`~simcore.rules.Rules`."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_TRUMP_FIRST] = rules["trump_card"] == "dealer_first"
    p[P_BANDEIRA_BY_POINTS] = rules["bandeira_by_points"]
    p[P_PENTE] = rules["pente"]
    p[P_TRIPLE_AT_30] = rules["triple_at_30"]
    p[P_TIE_CARRY] = rules["tie_carry"]
    p[P_RUBBER_GAMES] = rules["rubber_games"]
    p[P_REDRAW] = rules["redraw_point_trump"]
    return p


def scoring_name(rules) -> str:
    """``standard``, or the scoring variants in force joined by ``+``."""
    on = [v for v in SCORING_VARIANTS if rules[v]]
    return "+".join(on) if on else "standard"


# --- outcomes ------------------------------------------------------------------
# kind of a decided deal; code = 0 for a tie, else 2*kind - 1 + winning team.  Every kind
# but the tie is a win (61+ card points, or every trick): ``single`` the one-game kind
# (61-90), ``double`` the two-game kind (91+ without every trick), ``bandeira`` every trick
KINDS = ("tie", "single", "double", "triple", "pente", "bandeira", "points_bandeira")
K_TIE, K_SINGLE, K_DOUBLE, K_TRIPLE, K_PENTE, K_BANDEIRA, K_POINTS_BANDEIRA = range(len(KINDS))
N_OUTCOMES = 2 * len(KINDS) - 1
OUTCOME_LABELS = ("tie",) + tuple(f"team{t}_{k}" for k in KINDS[1:] for t in (0, 1))


def outcome_code(kind: int, winner: int) -> int:
    return 0 if kind == K_TIE else 2 * kind - 1 + winner


# how a rubber ended
RUBBER_ENDS = ("games", "bandeira", "points_bandeira", "pente")
E_GAMES, E_BANDEIRA, E_POINTS_BANDEIRA, E_PENTE = range(len(RUBBER_ENDS))

# --- record schemas (what leaves the kernels) ------------------------------------
DEAL_DTYPE = np.dtype([
    ("deal", np.int64),
    ("dealer", np.int8),
    ("trump_suit", np.int8),
    ("trumps_seat0", np.int8), ("trumps_seat1", np.int8),
    ("trumps_seat2", np.int8), ("trumps_seat3", np.int8),
    ("points_team0", np.int16), ("points_team1", np.int16),
    ("tricks_team0", np.int8), ("tricks_team1", np.int8),
    ("outcome", np.int8),
    ("games_team0", np.int8), ("games_team1", np.int8),
    ("trump_ace_seat", np.int8), ("trump_seven_seat", np.int8),   # who held the trump A / 7
])

RUBBER_DTYPE = np.dtype([
    ("rubber", np.int64),
    ("first_dealer", np.int8),
    ("winner", np.int8),
    ("deals", np.int16),
    ("games_team0", np.int16), ("games_team1", np.int16),
    ("end", np.int8),
])

# a traced deal, for game records: plays as (seat, card), tricks as (leader, winner, points)
TRACE_DTYPE = np.dtype([
    ("hands", np.uint64, (N_SEATS,)),
    ("trump_card", np.int8),
    ("play_seat", np.int8, (N_SEATS * N_TRICKS,)),
    ("play_card", np.int8, (N_SEATS * N_TRICKS,)),
    ("trick_leader", np.int8, (N_TRICKS,)),
    ("trick_winner", np.int8, (N_TRICKS,)),
    ("trick_points", np.int16, (N_TRICKS,)),
    ("carry", np.int8),
    ("games_before0", np.int16), ("games_before1", np.int16),
    ("rubber", np.int64),
])

# --- aggregate totals (one int64 vector, so that chunks add up exactly) --------------
T_OUTCOME = 0                                   # counts by outcome code
T_DEALER_OUTCOME = T_OUTCOME + N_OUTCOMES       # by outcome, the dealer's team as team 0
T_POINTS0 = T_DEALER_OUTCOME + N_OUTCOMES       # histogram of team 0 points (0..120)
T_DEALER_POINTS = T_POINTS0 + TOTAL_POINTS + 1  # histogram of the dealer's team points
T_TRICKS0 = T_DEALER_POINTS + TOTAL_POINTS + 1  # histogram of team 0 tricks (0..10)
T_DEALER_TRUMPS = T_TRICKS0 + N_TRICKS + 1      # trumps held by the dealer's team (0..10)
T_GAMES0 = T_DEALER_TRUMPS + 11
T_GAMES1 = T_GAMES0 + 1
N_TOTALS = T_GAMES1 + 1


# --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------------
def layout(dealer: int, rules):
    """Deck positions 10k..10k+9 go to seat (dealer + 1 + k) % 4; the face-up trump card,
    deck[39] (``dealer_last``) or deck[30] (``dealer_first``), is one of the dealer's ten."""
    from ..conditions.layout import hands_in_order, simple_layout
    trump = N_SEATS * HAND_SIZE - HAND_SIZE if rules["trump_card"] == "dealer_first" \
        else N_SEATS * HAND_SIZE - 1
    return simple_layout(DECK.n_cards, N_SEATS, dealer, hands_in_order(N_SEATS, dealer, HAND_SIZE),
                         trump=(trump,), trump_seat=dealer)


def dealing_law(rules):
    """``redraw_point_trump``: the whole deck is shuffled again while the face-up card is
    worth points, so a dealt deal is uniform over the deals whose face-up card is not."""
    from ..conditions.layout import DealingLaw
    if rules["redraw_point_trump"]:
        return DealingLaw(where="points(trump) == 0",
                          note="redraw_point_trump: the deck is shuffled again while the "
                               "face-up card is worth points")
    return DealingLaw()


# --- the reports' holding tables (simcore.holdings; docs/reports.md) --------------------
# Each is counted from a seat (the reports pass the dealer) over the deal's records:
# trumps_seat0..3 and who held the trump ace and 7.  The first three are the standard
# tables of ``trunfo odds sueca --table`` (same names, labels in the same order), so the
# reports show their exact probabilities too.
def _holding_trumps(r, seat):
    from ..holdings import count_columns
    return count_columns(r, "trumps_seat{}", seat)


def _holding_team_trumps(r, seat):
    from ..holdings import count_columns
    return count_columns(r, "trumps_seat{}", seat) + \
        count_columns(r, "trumps_seat{}", (np.asarray(seat, np.int64) + 2) % N_SEATS)


_PLACE = np.array([0, 2, 1, 2], np.int64)      # seat from X -> 0 X, 1 X's partner, 2 opponents
_PLACES = ("{X}", "partner", "opponents")


def _rel(r, col, seat):
    from ..holdings import relative_seat
    return relative_seat(r[col], seat, N_SEATS)


def _holding_honours(r, seat):
    return _PLACE[_rel(r, "trump_ace_seat", seat)] * 3 + _PLACE[_rel(r, "trump_seven_seat", seat)]


def _holding_honours_team(r, seat):
    a_own = _rel(r, "trump_ace_seat", seat) % 2 == 0
    s_own = _rel(r, "trump_seven_seat", seat) % 2 == 0
    return np.where(a_own & s_own, 0, np.where(a_own, 1, np.where(s_own, 2, 3))).astype(np.int64)


def _holding_trump_ace(r, seat):
    return _rel(r, "trump_ace_seat", seat)


def _holding_trump_seven(r, seat):
    return _rel(r, "trump_seven_seat", seat)


def _holdings():
    from ..holdings import HoldingTable
    rel = ("{X}", "{X}+1 (leader)", "{X}+2 (partner)", "{X}+3")
    return (
        HoldingTable("trumps", "by trumps held by {X}", tuple(range(11)),
                     ("trumps_seat0", "trumps_seat1", "trumps_seat2", "trumps_seat3"),
                     _holding_trumps, axis="trumps held by {X} (cards)", figure=False),
        HoldingTable("team_trumps", "by trumps held by {X}'s team", tuple(range(11)),
                     ("trumps_seat0", "trumps_seat1", "trumps_seat2", "trumps_seat3"),
                     _holding_team_trumps, axis="trumps held by {X}'s team (cards, of 10)"),
        HoldingTable("honours", "by who holds the trump ace and 7",
                     tuple(f"A {a}, 7 {b}" for a in _PLACES for b in _PLACES),
                     ("trump_ace_seat", "trump_seven_seat"), _holding_honours,
                     axis="holders of the trump ace (A) and 7, from {X}", count=False),
        HoldingTable("honours_team", "by the side holding the trump ace and 7",
                     ("A and 7 with {X}'s team", "A only", "7 only", "A and 7 with opponents"),
                     ("trump_ace_seat", "trump_seven_seat"), _holding_honours_team,
                     axis="trump honours held by {X}'s team", count=False, figure=False),
        HoldingTable("trump_ace", "by who holds the trump ace (11 points)", rel,
                     ("trump_ace_seat",), _holding_trump_ace,
                     axis="holder of the trump ace, from {X}", count=False, figure=False),
        HoldingTable("trump_seven", "by who holds the trump 7 (10 points)", rel,
                     ("trump_seven_seat",), _holding_trump_seven,
                     axis="holder of the trump 7, from {X}", count=False, figure=False),
    )


HOLDINGS = _holdings()
