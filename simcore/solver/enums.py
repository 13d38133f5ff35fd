"""The solver as data: per-game tables, the position layout, the workspace layout.

A game is described to the kernels by two arrays, built once by :func:`game_tables`:

* ``cfg`` (int64, ``N_CFG``): the number of seats, ranks per suit, whether players must
  follow suit, the value of a trick, the trump suit, the deck size, how the transposition
  table tells hands apart (``C_OWNERS``) and the break-spades rule;
* ``tab`` (int64, ``[3, n_cards]``): each card's points, suit and strength, taken from the
  games' own tables (``simcore/<game>/enums.py``: card = suit * ranks_per_suit + strength).

A position is a ``uint64`` vector of hands by seat (``MAX_SEATS``) and an int64 vector
``pos`` (``POS_LEN``) with the fields ``P_*`` below.
"""
import numpy as np

from ..bits import HAS_BMI2

from ..brisca import enums as BE
from ..spades import enums as PE
from ..sueca import enums as SE

GAMES = ("sueca", "spades", "brisca")
MAX_SEATS = 6
MAX_CARDS = 52
MAX_PLY = 56            # rows of the search stack: one per card still in play, plus one
MAX_MOVES = 16          # a node's moves; their ordering scores follow in the same row

# cfg slots
C_N, C_RPS, C_FOLLOW, C_TVAL, C_TRUMP, C_NCARDS, C_OWNERS, C_BREAK, C_PTOP, C_BMI2, C_EXACT = range(11)
N_CFG = 11
# how the transposition table's key tells the hands apart (the cards in play and the
# leader are always in it): fixed hands (Sueca, Spades: the owner of every card is known
# from the root), seat 0's hand (two-player Brisca), or the holder of every card in hand
OWN_CANON, OWN_HAND0, OWN_PACKED = range(3)

# tab rows
T_POINTS, T_SUIT, T_STRENGTH = range(3)

# position fields (int64 vector); hands are a separate uint64 vector by seat
P_LEADER = 0            # the seat that led the trick in progress (or leads the next one)
P_NTRICK = 1            # cards already in the trick in progress (0 .. seats - 1)
P_TRICK = 2             # those cards, in playing order (MAX_SEATS slots)
P_BROKEN = P_TRICK + MAX_SEATS   # Spades with break_spades: a spade was played before
P_TAKEN0 = P_BROKEN + 1         # value already taken by side 0 (points or tricks)
P_TAKEN1 = P_TAKEN0 + 1         # ... by side 1
P_NSTOCK = P_TAKEN1 + 1         # Brisca: cards left in the stock
P_STOCK = P_NSTOCK + 1          # ... first drawn first; the face-up trump card is last
POS_LEN = P_STOCK + 48

# search stack fields (int64 rows)
(F_TPOS, F_LEADER, F_LED, F_BKEY, F_WIN, F_TPTS, F_ACC, F_REM, F_SIDX, F_NMV, F_IDX, F_TTI,
 F_TTMOVE, F_BEST, F_LIVE, F_ALPHA, F_BETA, F_A0, F_B0, F_VAL) = range(20)
N_FIELDS = 20
# hand-stack columns: hands 0..5, then the cards of the trick, then the node's TT key
TRICK_SLOT = 6
K1_SLOT = 7
K2_SLOT = 8
H_WIDTH = 9

# workspace meta slots
M_GEN, M_NSTOCK, M_BROKEN, M_NODES, M_TTBITS, M_ROOTSP = range(6)
N_META = 32

# transposition table values (int16 columns)
TT_LB, TT_UB, TT_MOVE, TT_DEPTH, TT_GEN = range(5)
TT_COLS = 5
DEFAULT_TT_BITS = 20


def game_tables(game: str, players: int = 4, rules=None) -> tuple[np.ndarray, np.ndarray, object]:
    """``(cfg, tab, deck)`` for a game; ``rules`` is a mapping of rule options (Brisca:
    ``values``; Spades: ``break_spades``), defaults otherwise.  The trump suit is set later
    (:func:`with_trump`), except for Spades."""
    rules = dict(rules or {})
    cfg = np.zeros(N_CFG, np.int64)
    if game == "sueca":
        deck = SE.DECK
        points = SE.POINTS
        cfg[C_N], cfg[C_FOLLOW], cfg[C_TVAL], cfg[C_OWNERS] = 4, 1, 0, OWN_CANON
        cfg[C_PTOP] = 5     # A 7 K J Q: every card worth points ranks above the others
    elif game == "spades":
        deck = PE.DECK
        points = np.zeros(deck.n_cards, np.int64)
        cfg[C_N], cfg[C_FOLLOW], cfg[C_TVAL], cfg[C_OWNERS] = 4, 1, 1, OWN_CANON
        cfg[C_TRUMP] = PE.SPADES
        cfg[C_BREAK] = bool(rules.get("break_spades", False))
    elif game == "brisca":
        deck = BE.deck_for(players)
        row = BE.points_row(players, rules.get("values", "standard"))
        points = BE.POINTS_TABLE[row, :deck.n_cards]
        cfg[C_N], cfg[C_FOLLOW], cfg[C_TVAL] = players, 0, 0
        cfg[C_OWNERS] = OWN_HAND0 if players == 2 else OWN_PACKED
    else:
        raise ValueError(f"no solver for {game!r}")
    cfg[C_RPS] = deck.ranks_per_suit
    cfg[C_BMI2] = HAS_BMI2
    cfg[C_NCARDS] = deck.n_cards
    tab = np.zeros((3, deck.n_cards), np.int64)
    tab[T_POINTS] = points
    tab[T_SUIT] = deck.suit_of_card
    tab[T_STRENGTH] = deck.strength_of_card
    return cfg, tab, deck


def with_trump(cfg: np.ndarray, trump: int) -> np.ndarray:
    out = cfg.copy()
    out[C_TRUMP] = trump
    return out
