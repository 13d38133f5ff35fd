"""The documented hand evaluation (``evaluate``, docs/games/spades.md "Bidding") and the
bid policy of strategies that define none.

``evaluate`` is the bidding of ``greedy`` and the base of ``random``'s; the engine keeps it
because it is also the default ``bid`` policy (:func:`default_bid`) of a strategy that
registers only a ``play`` policy.
"""
import numpy as np

from .._jit import njit
from ..bits import popcount
from .enums import (ACE, ACES, HIGH_SPADES, KING, N_TRICKS, QUEEN, RANKS_PER_SUIT, SPADE_MASK,
                    SPADES)
from .view import BLIND_NIL, BLIND_OFFER

_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_R = np.uint64(RANKS_PER_SUIT)


@njit(inline="always")
def evaluate(hand):
    """The evaluated bid of a 13-card hand: 1..13, or 0 for nil."""
    spades = popcount(hand & SPADE_MASK)
    if (hand & ACES) == 0 and (hand & HIGH_SPADES) == 0 and spades <= 3:
        return 0
    count = 0
    for s in range(4):
        m = (hand >> (np.uint64(s) * _R)) & _FIELD
        n = popcount(m)
        count += np.int64((m >> np.uint64(ACE)) & np.uint64(1))
        if n >= 2:
            count += np.int64((m >> np.uint64(KING)) & np.uint64(1))
        if n >= 3:
            count += np.int64((m >> np.uint64(QUEEN)) & np.uint64(1))
        if s == SPADES and n > 3:
            count += np.int64(n) - 3
    if count < 1:
        return 1
    if count > N_TRICKS:
        return N_TRICKS
    return count


@njit(inline="always")
def default_bid(v, legal, u, p):
    """``evaluate``'s bid; blind nil whenever it is offered (as ``greedy``)."""
    if legal & BLIND_OFFER:
        return BLIND_NIL
    return evaluate(v.hand)
