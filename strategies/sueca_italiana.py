"""Sueca Italiana policies over the view of :mod:`simcore.sueca_italiana.view`.

Each strategy has three policies, ``bid``, ``call`` and ``play``, each
``f(v, legal, u, p) -> decision`` (see :mod:`simcore.strategy`).  ``random`` and
``greedy`` bid and call by the hand evaluation of ``docs/games/sueca_italiana.md``
(parameter ``margin``) and differ in their play; the page states every rule exactly.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount, select_bit, top_bit
from simcore.strategy import Param, register
from simcore.sueca_italiana.enums import (MAX_BID, MIN_BID, PASS, RANKS_PER_SUIT, STRIDE, SUIT,
                                          SUIT_MASKS)

GAME = "sueca_italiana"
_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_ONE = np.uint64(1)

# --- hand evaluation (docs/games/sueca_italiana.md, "Hand evaluation") ------------------------
TRUMP_VALUE = np.array([6, 6, 6, 6, 6, 8, 9, 11, 17, 21], np.int64)
SIDE_VALUE = np.array([0, 0, 0, 0, 0, 1, 2, 3, 3, 12], np.int64)
SIDE_SEVEN_WITH_ACE = 8
CALLED_VALUE = np.array([4, 4, 4, 4, 4, 5, 6, 8, 13, 16], np.int64)
PARTNER_BASE = 12
LONG_TRUMPS = 3          # each trump beyond the third adds LONG_TRUMP_VALUE
LONG_TRUMP_VALUE = 4


def _suit_tables():
    """Every term of the evaluation depends on one suit's cards only, so it is tabulated
    by the suit's 10-bit field ``f`` (bit ``st`` = the card of strength ``st`` is held):
    ``AS_TRUMP[f]`` = its trumps' values + the long-trump bonus + the called card's value,
    ``AS_SIDE[f]`` = its cards' values outside the trump suit, ``CALLED_STRENGTH[f]`` = the
    strength of the highest card not held."""
    as_trump = np.zeros(1 << RANKS_PER_SUIT, np.int64)
    as_side = np.zeros(1 << RANKS_PER_SUIT, np.int64)
    called = np.zeros(1 << RANKS_PER_SUIT, np.int64)
    for f in range(1 << RANKS_PER_SUIT):
        held = [st for st in range(RANKS_PER_SUIT) if f >> st & 1]
        n = len(held)
        top = max([st for st in range(RANKS_PER_SUIT) if not f >> st & 1], default=-1)
        as_trump[f] = sum(TRUMP_VALUE[st] for st in held) + \
            LONG_TRUMP_VALUE * max(0, n - LONG_TRUMPS) + (CALLED_VALUE[top] if top >= 0 else 0)
        as_side[f] = sum(SIDE_SEVEN_WITH_ACE if st == 8 and 9 in held else SIDE_VALUE[st]
                         for st in held)
        called[f] = top
    return as_trump, as_side, called


AS_TRUMP, AS_SIDE, CALLED_STRENGTH = _suit_tables()


@njit
def evaluate(hand):
    """``(estimate, best suit, called card)`` of a hand: the largest value over the trump
    suits, the lowest suit on ties; the called card is the highest card of the best suit
    that the hand does not hold."""
    r = np.uint64(RANKS_PER_SUIT)
    f0 = np.int64(hand & _FIELD)
    f1 = np.int64((hand >> r) & _FIELD)
    f2 = np.int64((hand >> (r + r)) & _FIELD)
    f3 = np.int64((hand >> (r + r + r)) & _FIELD)
    sides = PARTNER_BASE + AS_SIDE[f0] + AS_SIDE[f1] + AS_SIDE[f2] + AS_SIDE[f3]
    best = sides + AS_TRUMP[f0] - AS_SIDE[f0]
    best_s = 0
    best_f = f0
    v = sides + AS_TRUMP[f1] - AS_SIDE[f1]
    if v > best:
        best, best_s, best_f = v, 1, f1
    v = sides + AS_TRUMP[f2] - AS_SIDE[f2]
    if v > best:
        best, best_s, best_f = v, 2, f2
    v = sides + AS_TRUMP[f3] - AS_SIDE[f3]
    if v > best:
        best, best_s, best_f = v, 3, f3
    return best, best_s, best_s * RANKS_PER_SUIT + CALLED_STRENGTH[best_f]


@njit(inline="always")
def eval_bid(hand, lowest, margin):
    t = evaluate(hand)[0] - margin
    if t < MIN_BID:
        return PASS
    b = min(t, MAX_BID)
    return b if b >= np.int64(lowest) else PASS


def eval_bid_policy(v, lowest, u, p):
    return eval_bid(v.hand, lowest, p.margin)


def eval_call_policy(v, legal, u, p):
    est, s, c = evaluate(v.hand)
    own = v.hand & SUIT_MASKS[s] & legal
    if p.alone_at <= MAX_BID and est - p.margin >= p.alone_at and own:
        return top_bit(own)          # a card of its own: it plays alone
    return c


# --- play ---------------------------------------------------------------------------------------
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
    higher = legal & SUIT_MASKS[SUIT[best]] & above
    return higher if (bit(best) & tmask) else higher | (legal & tmask)


@njit(inline="always")
def known_friend(seat, other, declarer, partner):
    """Whether ``seat`` knows ``other`` to be on its side, from ``partner`` as the view
    shows it (-1 while the seat does not know it; the view shows it to the partner itself
    from the start and to everybody once the called card is played)."""
    if partner < 0:
        return False
    if seat == declarer:
        return partner != declarer and other == partner
    if partner == seat:
        return other == declarer
    return other != declarer and other != partner


def random_play(v, legal, u, p):
    """bids and calls by the hand evaluation; plays uniformly over the legal cards"""
    return pick_random(legal, u, v.bmi2)


def greedy_play(v, legal, u, p):
    """bids and calls by the hand evaluation; wins the trick as it stands with the cheapest
    winning card, else throws the cheapest card; never overtakes a known friend"""
    trump = v.trump
    if v.trick_len == 0:
        return cheapest(legal, trump)
    win = winning_cards(legal, v.best, trump)
    friend = known_friend(v.seat, v.winner, v.declarer, v.partner)
    want = (legal & ~win) if friend else win
    return cheapest(want if want else legal, trump)


PARAMS = [
    Param("margin", 0, "bid only up to the hand's estimate minus this many points",
          minimum=-60, maximum=60),
    Param("alone_at", 121, "as declarer, name a card of its own and play alone when the "
                           "estimate minus margin reaches this (121: never)",
          minimum=0, maximum=121),
]

register(GAME, "random", random_play, deterministic=False, view="none", params=PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)
register(GAME, "greedy", greedy_play, deterministic=True, view="trick", params=PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)
