"""Spades bidding and play policies over the view of :mod:`simcore.spades.view`.

Each strategy registers a ``bid`` and a ``play`` policy, ``f(v, legal, u, p)`` (see
:mod:`simcore.strategy`).  Bidding starts from the engine's :func:`evaluate` (count sure
and likely tricks; nil with a weak hand); ``random`` adds noise to it.  The exact
definitions of ``random`` and ``greedy`` are in ``docs/games/spades.md`` ("Bidding",
"Play").
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import clz, ctz, popcount, select_bit
from simcore.spades.bidding import evaluate
from simcore.spades.enums import (N_TRICKS, NON_SPADE_ACES, RANKS_PER_SUIT, SPADE_MASK, SPADES,
                                  STRIDE, SUIT, SUIT_MASKS)
from simcore.spades.view import BLIND_NIL, BLIND_OFFER
from simcore.strategy import register

GAME = "spades"

_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_R = np.uint64(RANKS_PER_SUIT)
_32 = np.uint64(32)


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
    return ctz(mask & (STRIDE << np.uint64(63 - clz(_fold(mask)))))


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
def greedy_card(v, legal):
    """greedy's card: the first of the five rules of docs/games/spades.md that applies."""
    seat = v.seat
    k = v.trick_len
    best = v.best
    winner = v.winner
    led = v.led
    partner = (seat + 2) & 3
    if v.bids[seat] == 0:                                    # 1. I bid nil
        if k == 0:
            return cheapest(legal)
        return _duck(legal, winning_cards(legal, best, led))
    win = winning_cards(legal, best, led) if k > 0 else np.uint64(0)
    if k > 0 and winner == partner and v.bids[partner] == 0:  # 2. cover a nil partner
        if win:
            return cheapest(win)
    if k > 0 and (winner & 1) != (seat & 1) and v.bids[winner] == 0 and v.tricks[winner] == 0:
        lose = legal & ~win                                  # 3. set a nil opponent
        if lose:
            return highest(lose)
    if v.tricks[seat] + v.tricks[partner] < v.bids[seat] + v.bids[partner]:  # 4. contract
        if k == 0:
            aces = legal & NON_SPADE_ACES
            return ctz(aces) if aces else cheapest(legal)
        if winner != partner and win:
            return cheapest(win)
        return cheapest(legal)
    if k == 0:                                               # 5. made: no bags
        return cheapest(legal)
    return _duck(legal, win)


# --- the policies ----------------------------------------------------------------------
def random_bid(v, legal, u, p):
    """evaluate's bid plus -1/0/+1 from the draw (a nil stays nil); blind nil when offered"""
    if legal & BLIND_OFFER:
        return BLIND_NIL
    b = evaluate(v.hand)
    if b == 0:
        return b
    b += np.int64((u * np.uint64(3)) >> _32) - 1
    if b < 1:
        return 1
    if b > N_TRICKS:
        return N_TRICKS
    return b


def random_play(v, legal, u, p):
    """uniform over the legal cards"""
    return pick_random(legal, u, v.bmi2)


def greedy_bid(v, legal, u, p):
    """evaluate's bid; blind nil when offered"""
    if legal & BLIND_OFFER:
        return BLIND_NIL
    return evaluate(v.hand)


def greedy_play(v, legal, u, p):
    """make the contract, then duck; cover a nil partner, set a nil opponent"""
    return greedy_card(v, legal)


register(GAME, "random", random_play, bid=random_bid, deterministic=False, view="none",
         doc="bids evaluate's bid plus -1/0/+1 (a nil stays nil); plays uniformly over the "
             "legal cards")
register(GAME, "greedy", greedy_play, bid=greedy_bid, deterministic=True, view="trick",
         doc="bids evaluate (aces, protected K/Q, spade length; nil with no ace, no spade "
             "above 9 and at most 3 spades); plays to make the contract, then ducks (no bags), "
             "covers a nil partner, sets a nil opponent")
