"""Sueca play policies over the view of :mod:`simcore.sueca.view`.

Each policy is ``f(v, legal, u, p) -> card`` (see :mod:`simcore.strategy`).  The exact
definitions of ``random`` and ``greedy`` (and how ``random`` uses its draw) are in
``docs/rng.md``; ``expert`` is described rule by rule in ``docs/games/sueca.md``.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount, select_bit
from simcore.strategy import register
from simcore.sueca.enums import RANKS_PER_SUIT, STRIDE, SUIT, SUIT_MASKS

GAME = "sueca"
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
def winning_cards(legal, best, trump):
    """The legal cards that would beat ``best``, the trick's winning card so far."""
    above = _ONES << np.uint64(best + 1)
    tmask = SUIT_MASKS[trump]
    higher = legal & SUIT_MASKS[SUIT[best]] & above     # higher cards of the winning suit
    # a trump is winning: only higher trumps; else higher cards of the led suit or any trump
    return higher if (bit(best) & tmask) else higher | (legal & tmask)


@njit(inline="always")
def greedy_card(seat, legal, k, best, winner, trump):
    if k == 0:
        return cheapest(legal, trump)
    win = winning_cards(legal, best, trump)
    # partner winning: a card that does not overtake, if any; else a winning card, if any;
    # otherwise the cheapest legal card (selected without branches)
    want = (legal & ~win) if ((winner ^ seat) & 1) == 0 else win
    return cheapest(want if want else legal, trump)


def random_play(v, legal, u, p):
    """uniform over the legal cards"""
    return pick_random(legal, u, v.bmi2)


def greedy_play(v, legal, u, p):
    """win the trick as it stands with the cheapest winning card, else throw the cheapest
    card; never overtake a winning partner"""
    return greedy_card(v.seat, legal, v.trick_len, v.best, v.winner, v.trump)


register(GAME, "random", random_play, deterministic=False, view="none")
register(GAME, "greedy", greedy_play, deterministic=True, view="trick")
