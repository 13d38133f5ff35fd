"""Spades bidding and play policies: jitted functions over the engine's card masks.

Bidding is one function, :func:`evaluate` (count sure and likely tricks; nil with a weak
hand); ``random`` adds noise to it.  ``choose`` is what the kernel calls for every card
that is not played by the all-``random`` fast path; it branches on the integer strategy
code.  The exact definitions are in ``docs/games/spades.md`` ("Bidding", "Play").
"""
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from simcore._jit import njit
from simcore.bits import ctz, popcount, select_bit
from simcore.spades.enums import (ACE, HIGH_SPADES, KING, N_TRICKS, NON_SPADE_ACES, ACES,
                                  QUEEN, RANKS_PER_SUIT, SPADE_MASK, SPADES, STRIDE, SUIT,
                                  SUIT_MASKS)

from .registry import register

GAME = "spades"
RANDOM = register(GAME, "random", 0, "bids evaluate's bid plus -1/0/+1 (a nil stays nil); "
                  "plays uniformly over the legal cards", False).code
GREEDY = register(GAME, "greedy", 1, "bids evaluate (aces, protected K/Q, spade length; nil "
                  "with no ace, no spade above 9 and at most 3 spades); plays to make the "
                  "contract, then ducks (no bags), covers a nil partner, sets a nil opponent",
                  True).code

#: the bidding policy both strategies use, listed by ``trunfo strategies spades``
BIDDING = {"evaluate": "count 1 per ace, per king with 2+ cards of its suit, per queen with 3+, "
                       "and per spade beyond the third; at least 1; nil with no ace, no spade "
                       "above 9 and at most 3 spades"}

_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_R = np.uint64(RANKS_PER_SUIT)
_32 = np.uint64(32)


@intrinsic
def _clz(typingctx, x):
    """Leading zero bits of a non-zero uint64 (``llvm.ctlz.i64``)."""
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


# --- bidding -------------------------------------------------------------------------
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
def bid(code, hand, u32):
    """The (not blind) bid of strategy ``code`` for ``hand`` with the bidder's draw ``u32``."""
    b = evaluate(hand)
    if code == GREEDY or b == 0:
        return b
    b += np.int64((u32 * np.uint64(3)) >> _32) - 1
    if b < 1:
        return 1
    if b > N_TRICKS:
        return N_TRICKS
    return b


# --- play ----------------------------------------------------------------------------
@njit(inline="always")
def pick_random(legal, u32, bmi2):
    """The legal card at position (u32 * n) >> 32 in ascending card order."""
    n = popcount(legal)
    return select_bit(legal, np.int64((u32 * n) >> _32), bmi2)


@njit(inline="always")
def _fold(mask):
    return (mask | (mask >> _R) | (mask >> (_R + _R)) | (mask >> (_R + _R + _R))) & _FIELD


@njit(inline="always")
def cheapest(mask):
    """Lowest strength; on equal strength a non-spade first, then the lowest suit (spades
    being the last suit, that is simply the lowest suit)."""
    return ctz(mask & (STRIDE << np.uint64(ctz(_fold(mask)))))


@njit(inline="always")
def highest(mask):
    """Highest strength; on equal strength the lowest suit."""
    return ctz(mask & (STRIDE << np.uint64(63 - _clz(_fold(mask)))))


@njit(inline="always")
def winning_cards(legal, best, led):
    """The legal cards that would beat ``best``, the trick's winning card so far."""
    above = _ONES << np.uint64(best + 1)
    if SUIT[best] == SPADES:
        return legal & SPADE_MASK & above
    return (legal & SUIT_MASKS[led] & above) | (legal & SPADE_MASK)


@njit(inline="always")
def _duck(legal, win):
    """The highest-strength legal card that would not win, or if every card would, the
    cheapest."""
    lose = legal & ~win
    return highest(lose) if lose else cheapest(legal)


@njit(inline="always")
def pick_greedy(seat, legal, k, best, winner, led, bids, tricks):
    partner = (seat + 2) & 3
    if bids[seat] == 0:                                      # 1. I bid nil
        if k == 0:
            return cheapest(legal)
        return _duck(legal, winning_cards(legal, best, led))
    win = winning_cards(legal, best, led) if k > 0 else np.uint64(0)
    if k > 0 and winner == partner and bids[partner] == 0:   # 2. cover a nil partner
        if win:
            return cheapest(win)
    if k > 0 and (winner & 1) != (seat & 1) and bids[winner] == 0 and tricks[winner] == 0:
        lose = legal & ~win                                  # 3. set a nil opponent
        if lose:
            return highest(lose)
    if tricks[seat] + tricks[partner] < bids[seat] + bids[partner]:   # 4. contract to make
        if k == 0:
            aces = legal & NON_SPADE_ACES
            return ctz(aces) if aces else cheapest(legal)
        if winner != partner and win:
            return cheapest(win)
        return cheapest(legal)
    if k == 0:                                               # 5. made: no bags
        return cheapest(legal)
    return _duck(legal, win)


@njit(inline="always")
def choose(code, seat, legal, k, best, winner, led, bids, tricks, u32, bmi2):
    """One card for ``seat``: ``k`` cards are already in the trick, ``best`` (a card)
    held by ``winner`` (a seat) is winning it, ``led`` is the suit led; ``bids`` and
    ``tricks`` (taken so far) are by seat."""
    if code == GREEDY:
        return pick_greedy(seat, legal, k, best, winner, led, bids, tricks)
    return pick_random(legal, u32, bmi2)
