"""The solver as data: the game's arrays, the position layout, the workspace layout.

A game is described to the kernels by two arrays, built from the configuration it hands
the solver (``config.SolverConfig.tables``):

* ``cfg`` (int64, ``N_CFG``): the number of seats, ranks per suit, whether players must
  follow suit, the value of a trick, the trump suit, the deck size, how the transposition
  table tells hands apart (``C_OWNERS``), the break rule (trumps not led before one was
  played) and whether the cards worth points rank above the others (``C_PTOP``);
* ``tab`` (int64, ``[3, n_cards]``): each card's points, suit and strength (card = suit *
  ranks_per_suit + strength).

A position is a ``uint64`` vector of hands by seat (``MAX_SEATS``) and an int64 vector
``pos`` (``POS_LEN``) with the fields ``P_*`` below.
"""
import numpy as np

MAX_SEATS = 6
MAX_CARDS = 52
MAX_PLY = 56            # rows of the search stack: one per card still in play, plus one
MAX_MOVES = 16          # a node's moves; their ordering scores follow in the same row

# cfg slots
C_N, C_RPS, C_FOLLOW, C_TVAL, C_TRUMP, C_NCARDS, C_OWNERS, C_BREAK, C_PTOP, C_BMI2 = range(10)
N_CFG = 10
# how the transposition table's key tells the hands apart (the cards in play and the
# leader are always in it): fixed hands (no stock: the owner of every card is known from
# the root), seat 0's hand (a stock, two seats), or the holder of every card in hand
OWN_CANON, OWN_HAND0, OWN_PACKED = range(3)

# tab rows
T_POINTS, T_SUIT, T_STRENGTH = range(3)

# position fields (int64 vector); hands are a separate uint64 vector by seat
P_LEADER = 0            # the seat that led the trick in progress (or leads the next one)
P_NTRICK = 1            # cards already in the trick in progress (0 .. seats - 1)
P_TRICK = 2             # those cards, in playing order (MAX_SEATS slots)
P_BROKEN = P_TRICK + MAX_SEATS   # the break rule: a trump was played before
P_TAKEN0 = P_BROKEN + 1         # value already taken by side 0 (points or tricks)
P_TAKEN1 = P_TAKEN0 + 1         # ... by side 1
P_NSTOCK = P_TAKEN1 + 1         # a game with a stock: cards left in it
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

# transposition table: keys (uint64 columns): the position's key, then, for fixed hands
# (no stock), the mask of the relevant cards worth nothing (by rank among those still in play,
# 16 bits a suit) and their owners (two bit planes), then the cards worth points in play
# (with quasi-symmetry, C_PTOP, only how many per suit: see nb._shift); values (int16 columns)
TK_K1, TK_K2, TK_M, TK_A, TK_B, TK_S = range(6)
TK_COLS = 6
# (TT_DEPTH: the bit length of the most nodes a search of the entry's position took, what
# the bucket keeps when it must replace an entry)
TT_LB, TT_UB, TT_MOVE, TT_DEPTH, TT_GEN = range(5)
TT_COLS = 5
TT_WAYS = 4              # entries per bucket
DEFAULT_TT_BITS = 20


def with_trump(cfg: np.ndarray, trump: int) -> np.ndarray:
    out = cfg.copy()
    out[C_TRUMP] = trump
    return out
