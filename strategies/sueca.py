"""Sueca play policies: jitted functions over the engine's card masks.

``choose`` is what the kernel calls for every card that is not played by the
all-``random`` fast path; it branches on the integer strategy code.  The exact
definitions (and how ``random`` uses its 32-bit draw) are in ``docs/rng.md``.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount, select_bit
from simcore.sueca.enums import RANKS_PER_SUIT, STRIDE, SUIT, SUIT_MASKS

from .registry import register

GAME = "sueca"
RANDOM = register(GAME, "random", 0, "uniform over the legal cards", False).code
GREEDY = register(GAME, "greedy", 1, "win the trick as it stands with the cheapest winning card, "
                  "else throw the cheapest card; never overtake a winning partner", True).code

_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(inline="always")
def pick_random(legal, u32, bmi2):
    """The legal card at position (u32 * n) >> 32 in ascending card order."""
    n = popcount(legal)
    return select_bit(legal, np.int64((u32 * n) >> np.uint64(32)), bmi2)


@njit(inline="always")
def cheapest(mask, trump):
    """Lowest strength; on equal strength a non-trump first, then the lowest suit."""
    r = np.uint64(RANKS_PER_SUIT)
    fold = (mask | (mask >> r) | (mask >> (r + r)) | (mask >> (r + r + r))) & _FIELD
    cand = mask & (STRIDE << np.uint64(ctz(fold)))
    plain = cand & ~SUIT_MASKS[trump]
    return ctz(plain) if plain else ctz(cand)


@njit(inline="always")
def winning_cards(legal, best, led, trump):
    """The legal cards that would beat ``best``, the trick's winning card so far."""
    above = _ONES << np.uint64(best + 1)
    tmask = SUIT_MASKS[trump]
    higher = legal & SUIT_MASKS[SUIT[best]] & above     # higher cards of the winning suit
    # a trump is winning: only higher trumps; else higher cards of the led suit or any trump
    return higher if (bit(best) & tmask) else higher | (legal & tmask)


@njit(inline="always")
def pick_greedy(seat, legal, k, best, winner, led, trump):
    if k == 0:
        return cheapest(legal, trump)
    win = winning_cards(legal, best, led, trump)
    # partner winning: a card that does not overtake, if any; else a winning card, if any;
    # otherwise the cheapest legal card (selected without branches)
    want = (legal & ~win) if ((winner ^ seat) & 1) == 0 else win
    return cheapest(want if want else legal, trump)


@njit(inline="always")
def choose(code, seat, legal, k, best, winner, led, trump, u32, bmi2):
    """One card for ``seat``: ``k`` cards are already in the trick, ``best``
    (a card) held by ``winner`` (a seat) is winning it, ``led`` is the suit led."""
    if code == GREEDY:
        return pick_greedy(seat, legal, k, best, winner, led, trump)
    return pick_random(legal, u32, bmi2)
