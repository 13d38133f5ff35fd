"""Scopa deal scoring: pure functions (jitted, callable from Python too).

The rules are in ``docs/games/scopa.md`` ("Scoring a deal") and are tested in
``tests/test_scopa_rules.py``.
"""
import numpy as np

from .._jit import njit
from ..bits import popcount
from .enums import COINS, PRIMIERA_BEST, RPS, SETTEBELLO

_FIELD = np.uint64((1 << RPS) - 1)


@njit(inline="always")
def primiera(pile):
    """Sum over the four suits of the best primiera value of ``pile``; 0 if a suit is missing."""
    total = 0
    for s in range(4):
        best = PRIMIERA_BEST[np.int64((pile >> np.uint64(RPS * s)) & _FIELD)]
        if best == 0:
            return 0
        total += best
    return total


@njit(inline="always")
def strict_max(values, n):
    """The index of the strictly largest of ``values[:n]``, or -1 on a tie at the top."""
    best = 0
    for s in range(1, n):
        if values[s] > values[best]:
            best = s
    for s in range(n):
        if s != best and values[s] == values[best]:
            return -1
    return best


@njit
def score_piles(piles, scope, n_sides, cards, coins, sette, prim, points):
    """Score a deal from each side's pile of taken cards (uint64 masks) and scope.

    Fills ``cards``, ``coins``, ``sette``, ``prim`` and ``points`` (by side) and returns the
    side with strictly the most points, or -1 for a tie.
    """
    for s in range(n_sides):
        p = piles[s]
        cards[s] = popcount(p)
        coins[s] = popcount(p & COINS)
        sette[s] = np.int64((p >> np.uint64(SETTEBELLO)) & np.uint64(1))
        prim[s] = primiera(p)
        points[s] = scope[s] + sette[s]
    w = strict_max(cards, n_sides)
    if w >= 0:
        points[w] += 1
    w = strict_max(coins, n_sides)
    if w >= 0:
        points[w] += 1
    w = strict_max(prim, n_sides)
    if w >= 0 and prim[w] > 0:
        points[w] += 1
    return strict_max(points, n_sides)
