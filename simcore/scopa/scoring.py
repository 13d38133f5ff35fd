"""Scopa deal scoring: pure functions (jitted, callable from Python too).

The rules are in ``docs/games/scopa.md`` ("Scoring a deal") and are tested in
``tests/test_scopa_rules.py``.
"""
import numpy as np

from .._jit import njit
from ..bits import popcount
from .enums import (COINS, PRIMIERA_BEST, RPS, S_CARDS, S_COINS, S_POINTS, S_PRIMIERA, S_SCOPE,
                    S_SETTEBELLO, SETTEBELLO)

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
def strict_max_row(a, r, n):
    """The column of the strictly largest of ``a[r, :n]``, or -1 on a tie at the top."""
    best = 0
    for s in range(1, n):
        if a[r, s] > a[r, best]:
            best = s
    for s in range(n):
        if s != best and a[r, s] == a[r, best]:
            return -1
    return best


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
def score_piles(piles, sc, n_sides):
    """Score a deal from each side's pile of taken cards (uint64 masks).

    ``sc`` is the (6, 4) int64 score array: row ``S_SCOPE`` holds the scope made; the rows
    cards, coins, settebello, primiera and points (``enums.S_*``) are filled by side.
    Returns the side with strictly the most points, or -1 for a tie.
    """
    for s in range(n_sides):
        p = piles[s]
        sc[S_CARDS, s] = popcount(p)
        sc[S_COINS, s] = popcount(p & COINS)
        sette = np.int64((p >> np.uint64(SETTEBELLO)) & np.uint64(1))
        sc[S_SETTEBELLO, s] = sette
        sc[S_PRIMIERA, s] = primiera(p)
        sc[S_POINTS, s] = sc[S_SCOPE, s] + sette
    w = strict_max_row(sc, S_CARDS, n_sides)
    if w >= 0:
        sc[S_POINTS, w] += 1
    w = strict_max_row(sc, S_COINS, n_sides)
    if w >= 0:
        sc[S_POINTS, w] += 1
    w = strict_max_row(sc, S_PRIMIERA, n_sides)
    if w >= 0 and sc[S_PRIMIERA, w] > 0:
        sc[S_POINTS, w] += 1
    return strict_max_row(sc, S_POINTS, n_sides)
