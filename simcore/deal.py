"""Steps shared by every game's dealing: the documented shuffle pass (docs/rng.md)."""
import numpy as np

from ._jit import njit
from .rng import MASK32, next64

_32 = np.uint64(32)


@njit(inline="always")
def shuffle(state, deck, n):
    """The documented Fisher-Yates pass: two draws per 64-bit output."""
    i = n - 1
    while i > 1:
        x = next64(state)
        j = np.int64(((x >> _32) * np.uint64(i + 1)) >> _32)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
        j = np.int64(((x & MASK32) * np.uint64(i)) >> _32)
        t = deck[i - 1]
        deck[i - 1] = deck[j]
        deck[j] = t
        i -= 2
    if i == 1:
        j = np.int64(((next64(state) >> _32) * np.uint64(2)) >> _32)
        t = deck[1]
        deck[1] = deck[j]
        deck[j] = t
