"""Twenty's play policies (``f(v, legal, u, p) -> card``, see simcore/strategy.py).

An installed package names this module in the entry-point group ``trunfo.strategies``;
importing it registers the strategies.  ``cacheable=True``: the kernels that hold them
are kept on disk (their cache key holds this file's hash, and the kernels of a game's
folder are stamped with all of the folder's sources: simcore/_cache.py).
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import ctz, popcount, select_bit
from simcore.strategy import register

from .enums import DECK, GAME, SUIT, SUIT_MASKS

_RPS = np.uint64(DECK.ranks_per_suit)
_FIELD = np.uint64((1 << DECK.ranks_per_suit) - 1)
_STRIDE = DECK.stride
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


def random_play(v, legal, u, p):
    """uniform over the legal cards"""
    n = popcount(legal)
    return select_bit(legal, np.int64((u * n) >> np.uint64(32)), v.bmi2)


@njit(inline="always")
def _lowest(mask):
    """The lowest rank of ``mask``, of the first suit that has it."""
    fold = (mask | (mask >> _RPS) | (mask >> (_RPS + _RPS)) | (mask >> (_RPS * np.uint64(3)))) \
        & _FIELD
    return ctz(mask & (_STRIDE << np.uint64(ctz(fold))))


def greedy_play(v, legal, u, p):
    """lead the lowest card; follow with the lowest card that beats the card led, else the
    lowest card"""
    if v.trick_len == 0:
        return _lowest(legal)
    c = v.lead_card
    above = legal & SUIT_MASKS[SUIT[c]] & (_ONES << np.uint64(c + 1))
    return ctz(above) if above else _lowest(legal)


register(GAME, "random", random_play, view="none", cacheable=True)
register(GAME, "greedy", greedy_play, deterministic=True, view="trick", cacheable=True)
