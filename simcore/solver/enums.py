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
C_N, C_RPS, C_FOLLOW, C_TVAL, C_TRUMP, C_NCARDS, C_OWNERS, C_BREAK, C_PTOP, C_BMI2 = range(10)
N_CFG = 10
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

# search stack fields (int64 rows; F_NODE0: the search's node count when a node at a trick
# boundary was entered, which sizes its subtree for the table, TT_DEPTH)
(F_TPOS, F_LEADER, F_LED, F_BKEY, F_WIN, F_TPTS, F_ACC, F_REM, F_SIDX, F_NMV, F_IDX, F_TTI,
 F_TTMOVE, F_BEST, F_NODE0, F_ALPHA, F_BETA, F_A0, F_B0, F_VAL, F_WCARD) = range(21)
N_FIELDS = 21
# hand-stack columns (uint64): hands 0..5, the cards of the trick, the node's TT key (two
# words) and the owners of its cards worth nothing (two bit planes, 16 bits a suit), then the
# relevant cards (see nb.alphabeta): of the trick completed just before the node, of the
# moves searched so far, the cards merged into an equivalent one, the cards searched
TRICK_SLOT = 6
K1_SLOT = 7
K2_SLOT = 8
A_SLOT = 9
B_SLOT = 10
W_IN = 11
W_ACC = 12
MERGED = 13
SEARCHED = 14
H_WIDTH = 15

# workspace meta slots
M_GEN, M_NSTOCK, M_BROKEN, M_NODES, M_TTBITS, M_ROOTSP, M_NCLS, M_HORIZON, M_NOEXCH = range(9)
# meta[M_HORIZON] = h > 0: a depth-limited search; a position at a trick boundary with h or
# fewer tricks left is not searched but valued by an estimate (see nb.alphabeta)
# meta[M_NOEXCH]: the exchange prunings off, for comparisons (see nb.alphabeta: bit
# NOEXCH_NEAR the near-equivalent cards, bit NOEXCH_DOM the dominated ones); 0 in use
NOEXCH_NEAR, NOEXCH_DOM = 1, 2
N_META = 16

# the workspace's uint64 vector ``sm``: the stock's suffix masks (sm[i] = the cards
# stock[i:]), then the point classes of the game (set by ``set_root``): the cards worth
# each distinct non-zero value, largest value first, and those values
SM_CLASS = 56
SM_VALUE = SM_CLASS + 8
SM_PMASK = SM_VALUE + 8     # the cards worth points
SM_LEN = SM_PMASK + 1
MAX_CLASSES = 8

# transposition table: keys (uint64 columns): the position's key, then, for Sueca and
# Spades, the mask of the relevant cards worth nothing (by rank among those still in play,
# 16 bits a suit) and their owners (two bit planes), then the cards worth points in play
# (Sueca keys hold only how many per suit: see nb._shift); values (int16 columns)
TK_K1, TK_K2, TK_M, TK_A, TK_B, TK_S = range(6)
TK_COLS = 6
# (TT_DEPTH: the bit length of the most nodes a search of the entry's position took, what
# the bucket keeps when it must replace an entry)
TT_LB, TT_UB, TT_MOVE, TT_DEPTH, TT_GEN = range(5)
TT_COLS = 5
TT_WAYS = 4              # entries per bucket
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
        on = [k for k in BE.PLAY_VARIANTS if rules.get(k)]
        if on:
            from ..errors import TrunfoError
            raise TrunfoError(f"the double-dummy solver plays brisca without the variants that "
                              f"change play; turn off {', '.join(on)}")
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
    if len(set(int(v) for v in points if v > 0)) > MAX_CLASSES:
        raise ValueError(f"{game}: more than {MAX_CLASSES} distinct card values")
    tab = np.zeros((3, deck.n_cards), np.int64)
    tab[T_POINTS] = points
    tab[T_SUIT] = deck.suit_of_card
    tab[T_STRENGTH] = deck.strength_of_card
    return cfg, tab, deck


def with_trump(cfg: np.ndarray, trump: int) -> np.ndarray:
    out = cfg.copy()
    out[C_TRUMP] = trump
    return out
