"""Scopa as data: deck, capture and primiera tables, rule options, outcome codes, records."""
import numpy as np

from ..cards import LATIN40
from ..rules import RuleOption, RuleSchema

DECK = LATIN40
PLAYERS = (2, 3, 4)
HAND_SIZE = 3
TABLE_SIZE = 4
N_CARDS = DECK.n_cards                      # 40
N_PLAYS = N_CARDS - TABLE_SIZE              # 36 plays a deal, whatever the player count
MAX_SIDES = 4
MAX_ROUNDS = N_PLAYS // (HAND_SIZE * 2)     # 6 dealing rounds with 2 players
MAX_VALUE = 10
#: most subsets of table cards that one card can take by a sum (every card of value 1..9 on
#: the table, a king played): the size of the kernels' move buffer
MAX_SUM_CAPTURES = 1698

CAPTURE_VALUE_BY_RANK = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
                         "J": 8, "N": 9, "K": 10}
PRIMIERA_BY_RANK = {"7": 21, "6": 18, "1": 16, "5": 15, "4": 14, "3": 13, "2": 12,
                    "J": 10, "N": 10, "K": 10}

VALUE = DECK.table(CAPTURE_VALUE_BY_RANK)               # capture value per card
PRIMIERA = DECK.table(PRIMIERA_BY_RANK)                 # primiera value per card
RPS = DECK.ranks_per_suit                               # 10
SETTEBELLO = DECK.card("7", "O")                        # 4


def _mask(cards) -> np.uint64:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return np.uint64(m)


#: VALUE_MASK[v]: the four cards of capture value v (index 0 unused)
VALUE_MASK = np.array([0] + [int(_mask(np.flatnonzero(VALUE == v))) for v in range(1, 11)],
                      dtype=np.uint64)
#: EQUAL_MASK[c]: the cards of the same capture value as card c (c included)
EQUAL_MASK = VALUE_MASK[VALUE]
COINS = DECK.suit_masks[DECK.suits.index("O")]
SEVENS = VALUE_MASK[7]
SIXES = VALUE_MASK[6]
ACES = VALUE_MASK[1]
KINGS = VALUE_MASK[10]
#: best primiera value of a suit's 10-bit field (0: no card of the suit)
PRIMIERA_BEST = np.array([max([int(PRIMIERA[b]) for b in range(RPS) if f >> b & 1] or [0])
                          for f in range(1 << RPS)], dtype=np.int64)

# --- rule options --------------------------------------------------------------
TARGETS = (11, 15, 16, 21)
RULES = RuleSchema("scopa", (
    RuleOption("teams", True, (True, False),
               "with 4 players, two teams (side = seat % 2); false: four individual sides"),
    RuleOption("kings_relay", 3, (3, 4, None),
               "table + stock are shuffled again while the table shows this many kings (off: never)"),
    RuleOption("must_capture", "any_card", ("any_card", "played_card"),
               "any_card: lay only when no card in hand can capture; "
               "played_card: only the played card must capture"),
    RuleOption("last_play_scopa", False, (True, False),
               "a scopa made on the last play of the deal counts"),
    RuleOption("target", 11, TARGETS, "points that win a match"),
))

# kernels take the rules as an int64 vector; these are its slots
P_TEAMS, P_RELAY, P_LAST_PLAY_SCOPA, P_TARGET, P_MUST_CAPTURE = range(5)
N_PARAMS = 5
# the values of the slot P_MUST_CAPTURE
MC_PLAYED_CARD, MC_ANY_CARD = 0, 1


def params(rules) -> np.ndarray:
    """The kernels' int64 rule vector from validated :class:`~simcore.rules.Rules`."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_TEAMS] = rules["teams"]
    p[P_RELAY] = 0 if rules["kings_relay"] is None else rules["kings_relay"]
    p[P_LAST_PLAY_SCOPA] = rules["last_play_scopa"]
    p[P_TARGET] = rules["target"]
    p[P_MUST_CAPTURE] = MC_ANY_CARD if rules["must_capture"] == "any_card" else MC_PLAYED_CARD
    return p


def n_sides(players: int, teams: bool) -> int:
    """Sides of a game: two teams with 4 players and ``teams``, else one per seat."""
    return 2 if players == 4 and teams else players


# --- outcomes ------------------------------------------------------------------
# a deal's outcome by its points: code 0 "tie" (no side has strictly the most points),
# code 1 + s "side{s}_win" (side s has strictly the most)
OUTCOME_LABELS = ("tie",) + tuple(f"side{s}_win" for s in range(MAX_SIDES))
N_OUTCOMES = len(OUTCOME_LABELS)

# how a match ended (a side reached the target with strictly the most points)
RUBBER_ENDS = ("target",)
E_TARGET = 0

# rows of the kernels' per-deal score array (6 x MAX_SIDES int64, sides in the columns)
S_CARDS, S_COINS, S_SETTEBELLO, S_PRIMIERA, S_SCOPE, S_POINTS = range(6)
N_SCORE_ROWS = 6

# the categories of a deal's points, in record order
CATEGORIES = ("cards", "coins", "settebello", "primiera")

# --- record schemas (what leaves the kernels) ------------------------------------
_PER_SIDE = (("cards", np.int8), ("coins", np.int8), ("settebello", np.int8),
             ("primiera", np.int16), ("scope", np.int8), ("points", np.int8))
SIDE_FIELDS = tuple(name for name, _ in _PER_SIDE)
DEAL_DTYPE = np.dtype([
    ("deal", np.int64),
    ("dealer", np.int8),
    ("sides", np.int8),                 # number of sides: fields of higher sides are 0
    ("relays", np.int8),                # kings relays before play
    ("last_capture", np.int8),          # seat, -1: nobody captured
    ("outcome", np.int8),
] + [(f"{name}_side{s}", t) for s in range(MAX_SIDES) for name, t in _PER_SIDE] + [
    # sevens and coins in each seat's first hand (three cards; seats not playing: 0)
    (f"dealt_{name}_seat{s}", np.int8) for name in ("sevens", "coins") for s in range(MAX_SIDES)])

RUBBER_DTYPE = np.dtype([
    ("match", np.int64),
    ("first_dealer", np.int8),
    ("sides", np.int8),
    ("winner", np.int8),
    ("deals", np.int16),
] + [(f"points_side{s}", np.int16) for s in range(MAX_SIDES)] + [
    ("end", np.int8),
])

# --- aggregate totals (one int64 vector, so that chunks add up exactly) --------------
T_OUTCOME = 0                                   # counts by outcome code
T_DEALER_WON = T_OUTCOME + N_OUTCOMES           # deals the dealer's side won
T_NOBODY = T_DEALER_WON + 1                     # per category: deals where nobody scored it
T_SIDE = T_NOBODY + len(CATEGORIES)             # per side, the F_* fields below
F_POINTS, F_SCOPE, F_CARDS_PT, F_COINS_PT, F_SETTEBELLO, F_PRIMIERA_PT, F_CARDS, F_COINS, \
    F_PRIMIERA = range(9)
N_SIDE_FIELDS = 9
N_TOTALS = T_SIDE + MAX_SIDES * N_SIDE_FIELDS


# --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------------
def layout(players: int, dealer: int):
    """Positions 3k..3k+2 go to seat (dealer + 1 + k) % players; positions 3*players ..
    3*players + 3 are laid on the table; the stock is the rest, drawn from the front."""
    from ..conditions.layout import hands_in_order, simple_layout
    first = HAND_SIZE * players
    return simple_layout(N_CARDS, players, dealer, hands_in_order(players, dealer, HAND_SIZE),
                         table=tuple(range(first, first + TABLE_SIZE)),
                         stock=tuple(range(first + TABLE_SIZE, N_CARDS)))


def relay_valid_probability(players: int, relay: int, kings_left: int):
    """P(the table shows fewer than ``relay`` kings) when the table's four cards are drawn
    from the ``N_CARDS - 3*players`` cards not in the hands, ``kings_left`` of them kings."""
    from fractions import Fraction
    from math import comb
    m = N_CARDS - HAND_SIZE * players
    ok = sum(comb(kings_left, j) * comb(m - kings_left, TABLE_SIZE - j)
             for j in range(min(relay, kings_left + 1)))
    return Fraction(ok, comb(m, TABLE_SIZE))


def dealing_law(players: int, rules):
    """``kings_relay``: the hands are kept and the table + stock are shuffled again while
    the table shows too many kings.  A dealt deal's hands are therefore uniform, and its
    table + stock uniform among the orders whose table shows fewer kings: relative to a
    uniform deck order, a valid deal's probability is multiplied by
    1 / P(valid table | the kings left outside the hands)."""
    from ..conditions.layout import DealingLaw
    relay = rules["kings_relay"]
    if relay is None:
        return DealingLaw()
    return DealingLaw(
        where=f"count(table, 'K') < {relay}",
        weight_of="count(table, 'K') + count(stock, 'K')",
        weight=lambda k: 1 / relay_valid_probability(players, relay, k),
        note=f"kings_relay={relay}: table and stock are shuffled again (hands kept) while the "
             f"table shows {relay} or more kings")


# --- the reports' holding tables (simcore.holdings; docs/reports.md) --------------------
# Counted from a seat (the reports pass the dealer) over the deal's records: the sevens and
# the coins of its first hand (``dealt_sevens_seat0..3``, ``dealt_coins_seat0..3``).  The same names and
# labels as the standard tables of ``trunfo odds scopa --table``, so the reports show their
# exact probabilities too.
def _holding_sevens(r, seat):
    from ..holdings import count_columns
    return count_columns(r, "dealt_sevens_seat{}", seat)


def _holding_coins(r, seat):
    from ..holdings import count_columns
    return count_columns(r, "dealt_coins_seat{}", seat)


def _holdings():
    from ..holdings import HoldingTable
    return (HoldingTable("sevens", "by sevens in {X}'s first hand", tuple(range(4)),
                         tuple(f"dealt_sevens_seat{s}" for s in range(MAX_SIDES)), _holding_sevens,
                         axis="sevens in {X}'s first hand (cards, of 3)"),
            HoldingTable("coins", "by coins in {X}'s first hand", tuple(range(4)),
                         tuple(f"dealt_coins_seat{s}" for s in range(MAX_SIDES)), _holding_coins,
                         axis="coins in {X}'s first hand (cards, of 3)"))


HOLDINGS = _holdings()
