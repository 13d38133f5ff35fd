"""Brisca as data: decks, point tables, rule options, outcome codes, record schemas."""
import numpy as np

from ..cards import LATIN40, LATIN48
from ..rules import RuleOption, RuleSchema

DECK = LATIN40                      # 2, 3 and 4 players
DECK6 = LATIN48                     # 6 players
PLAYERS = (2, 3, 4, 6)
HAND_SIZE = 3
N_SIDES = 2
TOTAL_POINTS = 120
MAX_CARDS = DECK6.n_cards           # 48
MAX_TRICKS = DECK.n_cards // 2      # 20 (2 players)
N_SUITS = len(DECK.suits)
POINTS_BY_RANK = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
POINTS_BY_RANK_LOMBARDY = {"1": 11, "7": 10, "K": 4, "N": 3, "J": 2}
POINTS_BY_RANK_TUSCAN = {"1": 11, "3": 10, "K": 4, "N": 2, "J": 3}
#: the rule ``values``, in the order of the kernels' rule slot and the view's ``values``
VALUES = ("standard", "lombardy", "tuscan")
N_VALUES = len(VALUES)
POINTS_BY_VALUES = {"standard": POINTS_BY_RANK, "lombardy": POINTS_BY_RANK_LOMBARDY,
                    "tuscan": POINTS_BY_RANK_TUSCAN}


def deck_for(players: int):
    return DECK6 if players == 6 else DECK


# --- three players: every player for themselves, 39 cards ----------------------
#: the card left out with three players: the 2 of coins (``2O``, card 0 of latin40): the
#: 39 cards 1..39 are dealt, 13 to each player over the deal (card indices unchanged)
REMOVED_3 = 0


def n_cards_for(players: int) -> int:
    """The cards dealt: 40, 39 with three players (the 2 of coins out), 48 with six."""
    return deck_for(players).n_cards - (players == 3)


def sides_for(players: int) -> int:
    """How many sides score: three with three players (each for themselves), else two."""
    return 3 if players == 3 else 2


# per-card point tables, derived from the deck data; row = N_VALUES * (48 cards) + the index
# of the rule ``values`` in VALUES (:func:`points_row`), padded with zeros to MAX_CARDS
# (frozen into kernels as a constant)
POINTS_TABLE = np.zeros((2 * N_VALUES, MAX_CARDS), dtype=np.int64)
for _d, _deck in enumerate((DECK, DECK6)):
    for _v, _name in enumerate(VALUES):
        POINTS_TABLE[N_VALUES * _d + _v, :_deck.n_cards] = _deck.table(POINTS_BY_VALUES[_name])
del _d, _deck, _v, _name


def points_row(players: int, values: str) -> int:
    """The row of POINTS_TABLE (and POINT_MASKS, HIGH_MASKS) for a table and rule ``values``."""
    return N_VALUES * (players == 6) + VALUES.index(values)


# per-deck bit layout (row 0: 40 cards, 10 ranks a suit; row 1: 48 cards, 12 ranks), frozen
# into kernels as constants: card = suit * ranks_per_suit + strength
RANKS = np.array([DECK.n_cards // 4, DECK6.n_cards // 4], dtype=np.int64)
SUIT_MASKS = np.zeros((2, 4), dtype=np.uint64)     # the cards of each suit
STRIDES = np.zeros(2, dtype=np.uint64)             # bit 0 of every suit field
FIELDS = np.zeros(2, dtype=np.uint64)              # one suit field (bits 0 .. ranks - 1)
SUIT_OF = np.zeros((2, MAX_CARDS), dtype=np.int64)
STRENGTH_OF = np.zeros((2, MAX_CARDS), dtype=np.int64)
for _d in range(2):
    _r = int(RANKS[_d])
    FIELDS[_d] = (1 << _r) - 1
    STRIDES[_d] = sum(1 << (_s * _r) for _s in range(4))
    for _s in range(4):
        SUIT_MASKS[_d, _s] = ((1 << _r) - 1) << (_s * _r)
    for _c in range(4 * _r):
        SUIT_OF[_d, _c] = _c // _r
        STRENGTH_OF[_d, _c] = _c % _r
del _d, _r, _s, _c
# per point-table row: the cards worth something, the cards worth 10 or more
POINT_MASKS = np.array([sum(1 << c for c in range(MAX_CARDS) if POINTS_TABLE[i, c] > 0)
                        for i in range(2 * N_VALUES)], dtype=np.uint64)
HIGH_MASKS = np.array([sum(1 << c for c in range(MAX_CARDS) if POINTS_TABLE[i, c] >= 10)
                       for i in range(2 * N_VALUES)], dtype=np.uint64)

# --- rule options --------------------------------------------------------------
DOUBLE_AT = (None, 70, 80, 90, 100, 110, 120)
RULES = RuleSchema("brisca", (
    RuleOption("values", "standard", VALUES,
               "card values: standard (3 scores 10), lombardy (7 scores 10, 3 scores 0) or "
               "tuscan (jack 3, knight 2); ranks unchanged"),
    RuleOption("tiebreak_cards", True, (True, False),
               "on 60-60 the side that took more cards wins the deal"),
    RuleOption("double_at", None, DOUBLE_AT,
               "a deal won with at least this many points counts two game points (off: one)"),
    RuleOption("target", 3, (3, 5, 7), "game points that win a match"),
    RuleOption("partners_show_hands", False, (True, False),
               "teammates see each other's hands (4 and 6 players; expert uses it, random "
               "and greedy do not)"),
    # --- regional variants, each off by default ---------
    RuleOption("marriages", False, (True, False),
               "mariaje: a side that captures the king and knight of one suit scores 40 "
               "more for the trump suit, 20 for another"),
    RuleOption("mexican", False, (True, False),
               "reversed goal: a side that takes 11 or more card points loses, a side kept "
               "under 11 wins the deal (single deals; greedy plays to lose points)"),
    RuleOption("rotating_trump", False, (True, False),
               "no card is turned: trumps are coins, cups, swords, clubs in turn (deal % 4); "
               "a match is those four deals"),
    RuleOption("open_hands", False, (True, False),
               "briscola scoperta: every hand is visible to everyone, the stock stays hidden "
               "(expert uses it, random and greedy do not)"),
    # --- the play variants: they add decisions or change play ---
    RuleOption("trump_exchange", False, (True, False),
               "the holder of the trump 7 may take the face-up trump for it when it ranks "
               "above the 7, the holder of the trump 2 when it ranks 7 or below; at the "
               "player's turn, once the player has won a trick, while the face-up card is "
               "in the stock"),
    RuleOption("arrastro", False, (True, False),
               "a player who plays the trump ace may call arrastro: the players still to play "
               "to that trick must play their highest trump (3 K N J (9 8) 7 6 5 4 2), "
               "without trumps their highest card (1 3 K N J ... 2, any suit)"),
    RuleOption("claim_top_trumps", False, (True, False),
               "once the stock is out, a side whose hands hold the three best trumps still "
               "out (the two best when each player has two cards left) claims all remaining "
               "tricks (checked before each trick, automatically)"),
    # --- muerte al tres: a play restriction and a deal won at once ---------
    RuleOption("muerte_al_tres", False, (True, False),
               "the trump ace may not be played while the trump 3 has not been played, "
               "except in the last trick; the side whose trump ace captures the trump 3 wins "
               "the deal at once (one game point); otherwise points count as usual"),
))

# kernels take the rules as an int64 vector; these are its slots
P_VALUES, P_TIEBREAK, P_DOUBLE_AT, P_TARGET, P_SHOW_HANDS = range(5)
# the regional variants' slots
P_MARRIAGES, P_MEXICAN, P_ROTATING, P_OPEN = 5, 6, 7, 8
# the play variants (they change play), after them
P_EXCHANGE, P_ARRASTRO, P_CLAIM = 9, 10, 11
P_MUERTE = 12                       # muerte_al_tres (a play variant: nb.play_x)
N_PARAMS = 13


def params(rules) -> np.ndarray:
    """The kernels' int64 rule vector from validated :class:`~simcore.rules.Rules`."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_VALUES] = VALUES.index(rules["values"])
    p[P_TIEBREAK] = rules["tiebreak_cards"]
    p[P_DOUBLE_AT] = 0 if rules["double_at"] is None else rules["double_at"]
    p[P_TARGET] = rules["target"]
    p[P_SHOW_HANDS] = rules["partners_show_hands"]
    p[P_MARRIAGES] = rules["marriages"]
    p[P_MEXICAN] = rules["mexican"]
    p[P_ROTATING] = rules["rotating_trump"]
    p[P_OPEN] = rules["open_hands"]
    p[P_EXCHANGE] = rules["trump_exchange"]
    p[P_ARRASTRO] = rules["arrastro"]
    p[P_CLAIM] = rules["claim_top_trumps"]
    p[P_MUERTE] = rules["muerte_al_tres"]
    return p


#: rule ``marriages``: the bonus of a king and knight of the trump suit, of another suit
MARRIAGE_TRUMP, MARRIAGE_PLAIN = 40, 20
#: rule ``rotating_trump``: the trump suit of deal ``j`` is ``j % ROTATION`` (O C E B); a
#: match is ROTATION deals
ROTATION = 4
#: rule ``mexican``: a side that takes this many card points or more loses
MEXICAN_LIMIT = 11
# per deck layout and suit: the king and the knight (the 3rd and 4th cards from the top)
MARRIAGE_MASKS = np.zeros((2, 4), dtype=np.uint64)
for _d in range(2):
    for _s in range(4):
        _r = int(RANKS[_d])
        MARRIAGE_MASKS[_d, _s] = (1 << (_s * _r + _r - 3)) | (1 << (_s * _r + _r - 4))
del _d, _s, _r


# --- the variants that change the play loop --------------------------
#: their rule options (the double-dummy solver plays none of them)
PLAY_VARIANTS = ("trump_exchange", "arrastro", "claim_top_trumps", "muerte_al_tres")
# the kernels compile a separate play loop (nb.play_x) when any of these is on: its flags
V_EXCHANGE = 1
V_ARRASTRO = 2
V_CLAIM = 4
V_MUERTE = 8


def variant_flags(params) -> int:
    """The play-loop variant of a rule vector: 0 (today's loops) or the V_* flags in force."""
    return (V_EXCHANGE * int(params[P_EXCHANGE] != 0) + V_ARRASTRO * int(params[P_ARRASTRO] != 0)
            + V_CLAIM * int(params[P_CLAIM] != 0) + V_MUERTE * int(params[P_MUERTE] != 0))


# events of a traced deal (nb.trace_buffers' events: kind, trick, seat, card a, card b)
EV_EXCHANGE = 1                 # seat gave card a (its trump 7 or 2) for the face-up card b
EV_ARRASTRO = 2                 # seat played the trump ace (card a) and called arrastro
EV_CLAIM = 3                    # before trick t, side (the seat field) claimed every trick left
EV_MUERTE = 4                   # muerte_al_tres: in trick t, seat's trump ace (card a) captured
#                                 the trump 3 (card b): the deal ended there
MAX_EVENTS = 8
STRENGTH_7 = 4                  # the 7's strength in both decks (2 4 5 6 7 ...)


# --- outcomes ------------------------------------------------------------------
# kind of a decided deal; code = 0 for a tie, else 2*kind - 1 + winning side
# (muerte: rule muerte_al_tres, the side's trump ace captured the trump 3: won at once)
# (every kind but the tie is a win: ``single`` the one-game-point win on points, ``double``
# the two-point one of rule ``double_at``, as in Sueca; docs/records.md, "Outcome names")
KINDS = ("tie", "single", "double", "tiebreak", "muerte")
K_TIE, K_SINGLE, K_DOUBLE, K_TIEBREAK, K_MUERTE = range(len(KINDS))
# three players: side (seat) 2's codes follow two sides' codes, SIDE2_BASE + kind (9 single,
# 10 double, 11 tiebreak; muerte_al_tres is not played by three)
SIDE2_BASE = 2 * len(KINDS) - 2
N_OUTCOMES = SIDE2_BASE + len(KINDS) - 1
OUTCOME_LABELS = (("tie",) + tuple(f"side{s}_{k}" for k in KINDS[1:] for s in (0, 1))
                  + tuple(f"side2_{k}" for k in KINDS[1:-1]))

# how a match ended (a side reached the target)
RUBBER_ENDS = ("target", "four_deals")
E_TARGET, E_FOUR_DEALS = 0, 1      # four_deals: rule rotating_trump

# --- record schemas (what leaves the kernels) ------------------------------------
DEAL_DTYPE = np.dtype([
    ("deal", np.int64),
    ("dealer", np.int8),
    ("trump_suit", np.int8),
    ("points_side0", np.int16), ("points_side1", np.int16),
    ("cards_side0", np.int8), ("cards_side1", np.int8),
    ("tricks_side0", np.int8), ("tricks_side1", np.int8),
    ("outcome", np.int8),
    ("game_points_side0", np.int8), ("game_points_side1", np.int8),
    # trumps in each seat's first hand (three cards; seats not playing: 0)
    ("trumps_seat0", np.int8), ("trumps_seat1", np.int8), ("trumps_seat2", np.int8),
    ("trumps_seat3", np.int8), ("trumps_seat4", np.int8), ("trumps_seat5", np.int8),
    # rule marriages (0 when off): the bonus points each side scored for its marriages
    ("marriages_side0", np.int16), ("marriages_side1", np.int16),
    # three players (each seat a side): seat 2's totals (0 with two sides)
    ("points_side2", np.int16), ("cards_side2", np.int8), ("tricks_side2", np.int8),
    ("game_points_side2", np.int8),
])

RUBBER_DTYPE = np.dtype([
    ("match", np.int64),
    ("first_dealer", np.int8),
    ("winner", np.int8),
    ("deals", np.int16),
    ("game_points_side0", np.int16), ("game_points_side1", np.int16),
    ("end", np.int8),
    ("game_points_side2", np.int16),        # three players: seat 2's (0 with two sides)
])

# --- aggregate totals (one int64 vector, so that chunks add up exactly) --------------
T_OUTCOME = 0                                   # counts by outcome code
T_DEALER_OUTCOME = T_OUTCOME + N_OUTCOMES       # by outcome, the dealer's side as side 0
T_POINTS0 = T_DEALER_OUTCOME + N_OUTCOMES       # histogram of side 0 points (0..120)
T_DEALER_POINTS = T_POINTS0 + TOTAL_POINTS + 1  # histogram of the dealer's side points
T_CARDS0 = T_DEALER_POINTS + TOTAL_POINTS + 1   # histogram of side 0 cards (0..48)
T_GAMES0 = T_CARDS0 + MAX_CARDS + 1
T_GAMES1 = T_GAMES0 + 1
# rule marriages: bonus points by side, deals where each side scored one
T_MARRIAGES0 = T_GAMES1 + 1
T_MARRIAGES1 = T_MARRIAGES0 + 1
T_MARRIED0 = T_MARRIAGES1 + 1
T_MARRIED1 = T_MARRIED0 + 1
# the sum of side 1's points (not 120 less side 0's when muerte_al_tres ends a deal at once;
# three players: seat 1's), then three players' side 2 game points and points
T_POINTS1 = T_MARRIED1 + 1
T_PSUM1 = T_POINTS1
T_GAMES2 = T_POINTS1 + 1
T_PSUM2 = T_GAMES2 + 1
N_TOTALS = T_PSUM2 + 1


# --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------------
def layout(players: int, dealer: int):
    """Positions 3k..3k+2 go to seat (dealer + 1 + k) % players; deck[3 * players] is the
    face-up trump card (drawn last); the stock is deck[3 * players + 1 ..]."""
    from ..conditions.layout import hands_in_order, simple_layout
    n = deck_for(players).n_cards
    first = HAND_SIZE * players
    return simple_layout(n, players, dealer, hands_in_order(players, dealer, HAND_SIZE),
                         trump=(first,), stock=tuple(range(first + 1, n)))


def card_points(players: int, rules) -> np.ndarray:
    """Card points of each card of the deck dealt (``values`` rule)."""
    return deck_for(players).table(POINTS_BY_VALUES[rules["values"]])


# --- the reports' holding tables (simcore.holdings; docs/reports.md) --------------------
# Counted from a seat (the reports pass the dealer) over the deal's records: the trumps of
# its first hand (``trumps_seat0..5``).  The same name and labels as the standard table of
# ``trunfo odds brisca --table``, so the reports show its exact probability too.
def _holding_trumps(r, seat):
    from ..holdings import count_columns
    return count_columns(r, "trumps_seat{}", seat)


def _holdings():
    from ..holdings import HoldingTable
    return (HoldingTable("trumps", "by trumps in {X}'s first hand", tuple(range(HAND_SIZE + 1)),
                         tuple(f"trumps_seat{s}" for s in range(6)), _holding_trumps,
                         axis="trumps in {X}'s first hand (cards, of 3)"),)


HOLDINGS = _holdings()
