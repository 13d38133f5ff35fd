"""Brisca play policies: jitted functions over the engine's card masks.

``choose`` is what the kernel calls for every card that is not played by the
all-``random`` fast path; it branches on the integer strategy code.  The exact
definitions are in ``docs/games/brisca.md`` ("Strategies").
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import ctz, popcount, select_bit

from .registry import register

GAME = "brisca"
RANDOM = register(GAME, "random", 0, "uniform over the cards in hand", False).code
GREEDY = register(GAME, "greedy", 1, "take points with the cheapest winning card (a trump only "
                  "for a 10 or 11), feed a winning partner, else throw the cheapest blank card",
                  True).code

_ONE = np.uint64(1)


@njit(inline="always")
def pick_random(hand, u32, bmi2):
    """The card at position (u32 * n) >> 32 of the hand in ascending card order."""
    n = popcount(hand)
    return select_bit(hand, np.int64((u32 * n) >> np.uint64(32)), bmi2)


@njit(inline="always")
def cheapest(mask, trump, suit_of, strength_of):
    """Lowest strength; on equal strength a non-trump first, then the lowest suit."""
    best = -1
    best_key = 1 << 30
    m = mask
    while m:
        c = ctz(m)
        m &= m - _ONE
        s = suit_of[c]
        key = strength_of[c] * 16 + (s == trump) * 8 + s
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(inline="always")
def beats(c, best, trump, suit_of, strength_of):
    """Whether card ``c`` would beat ``best``, the card winning the trick so far."""
    sc = suit_of[c]
    sb = suit_of[best]
    if sc == sb:
        return strength_of[c] > strength_of[best]
    return sc == trump


@njit(inline="always")
def pick_greedy(seat, hand, k, best, winner, trump, tmask, trick_points, high, players,
                points, suit_of, strength_of):
    plain = hand & ~tmask
    if k == 0:                                   # 1. leading
        return cheapest(plain, trump, suit_of, strength_of) if plain else \
            cheapest(hand, trump, suit_of, strength_of)
    win = np.uint64(0)
    m = hand
    while m:
        c = ctz(m)
        m &= m - _ONE
        if beats(c, best, trump, suit_of, strength_of):
            win |= _ONE << np.uint64(c)
    if players > 2 and (winner & 1) == (seat & 1):   # 2. a teammate is winning
        keep = hand & ~win
        feed = keep & ~tmask
        if feed:
            pick = -1
            pick_key = -1
            m = feed
            while m:
                c = ctz(m)
                m &= m - _ONE
                s = suit_of[c]
                # most points, then the cheapest (lowest strength, lowest suit)
                key = points[c] * 4096 + (255 - strength_of[c]) * 16 + (15 - s)
                if key > pick_key:
                    pick_key = key
                    pick = c
            return pick
        if keep:
            return cheapest(keep, trump, suit_of, strength_of)
        return cheapest(hand, trump, suit_of, strength_of)
    if trick_points > 0:                          # 3. points on the table
        w = win & ~tmask
        if w:
            return cheapest(w, trump, suit_of, strength_of)
        if high:
            w = win & tmask
            if w:
                return cheapest(w, trump, suit_of, strength_of)
    blank = np.uint64(0)                          # 4. throw away
    m = plain
    while m:
        c = ctz(m)
        m &= m - _ONE
        if points[c] == 0:
            blank |= _ONE << np.uint64(c)
    if blank:
        return cheapest(blank, trump, suit_of, strength_of)
    if plain:
        return cheapest(plain, trump, suit_of, strength_of)
    return cheapest(hand, trump, suit_of, strength_of)


@njit(inline="always")
def choose(code, seat, hand, k, best, winner, trump, tmask, trick_points, high, players,
           points, suit_of, strength_of, u32, bmi2):
    """One card for ``seat``: ``k`` cards are already in the trick, ``best`` (a card)
    held by ``winner`` (a seat) is winning it; ``trick_points`` are on the table and
    ``high`` says whether one of its cards is worth 10 or more."""
    if code == GREEDY:
        return pick_greedy(seat, hand, k, best, winner, trump, tmask, trick_points, high,
                           players, points, suit_of, strength_of)
    return pick_random(hand, u32, bmi2)
