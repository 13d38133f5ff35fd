"""Brisca rematada policies over the view of :mod:`simcore.brisca_rematada.view`.

Each strategy has four policies, ``bid``, ``discard``, ``trump`` and ``play``, each
``f(v, legal, u, p) -> decision`` (see :mod:`simcore.strategy`); ``play`` chooses among
``legal``, the cards the rule ``follow`` allows.  ``random`` and ``greedy``
bid, discard and name trumps by the hand evaluation of ``docs/games/brisca_rematada.md``
(parameter ``margin``) and differ in their play; the page states every rule exactly.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import ctz
from simcore.brisca_rematada.enums import (ACE, HIGH_CARDS, KING, KNIGHT, PASS, POINT_CARDS,
                                           RANKS_PER_SUIT, STRIDE, SUIT, SUIT_MASKS, THREE)
from simcore.strategy import Param, register
from strategies.brisca import pick_random

GAME = "brisca_rematada"
_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_ONE = np.uint64(1)

# --- hand evaluation (docs/games/brisca_rematada.md, "Hand evaluation") ---------------------
# fitted by least squares to the declarer's total under greedy play (docs, "Hand evaluation")
TRUMP_VALUE = (-3, -3, -2, -1, 5, 9, 7, 27)      # by strength: 5 6 7 J N K 3 1
SIDE_VALUE = (0, 0, 0, -2, 1, 2, 1, 0)
BASE = 60
LONG = 5
MARRIAGE = 30          # per 40 points of marriage (even: a 20-point marriage counts half)


def _suit_tables():
    """Each suit's part of the evaluation by the suit's 8-bit field ``f`` (bit ``st``: the
    card of strength ``st`` is held): ``AS_TRUMP[f]`` its cards' values as trumps plus the
    long-suit bonus, ``AS_SIDE[f]`` their values outside the trump suit, ``PAIR[f]`` 1 when
    the field holds the king and the knight."""
    n_f = 1 << RANKS_PER_SUIT
    as_trump = np.zeros(n_f, np.int64)
    as_side = np.zeros(n_f, np.int64)
    pair = np.zeros(n_f, np.int64)
    for f in range(n_f):
        held = [st for st in range(RANKS_PER_SUIT) if f >> st & 1]
        as_trump[f] = sum(TRUMP_VALUE[st] for st in held) + LONG * max(0, len(held) - 3)
        as_side[f] = sum(SIDE_VALUE[st] for st in held)
        pair[f] = int(KING in held and KNIGHT in held)
    return as_trump, as_side, pair


AS_TRUMP, AS_SIDE, PAIR = _suit_tables()
assert MARRIAGE % 2 == 0


@njit
def estimate(hand, twenty_forty):
    """``(estimate, best suit)`` of a set of cards: the largest ``value(H, s)``, the lowest
    suit on ties (``twenty_forty``: the rule ``marriages=twenty_forty``)."""
    r = np.uint64(RANKS_PER_SUIT)
    f0 = np.int64(hand & _FIELD)
    f1 = np.int64((hand >> r) & _FIELD)
    f2 = np.int64((hand >> (r + r)) & _FIELD)
    f3 = np.int64((hand >> (r + r + r)) & _FIELD)
    sides = AS_SIDE[f0] + AS_SIDE[f1] + AS_SIDE[f2] + AS_SIDE[f3]
    pairs = PAIR[f0] + PAIR[f1] + PAIR[f2] + PAIR[f3]
    best = -1
    best_s = 0
    for s in range(4):
        f = f0 if s == 0 else (f1 if s == 1 else (f2 if s == 2 else f3))
        if twenty_forty:
            m = MARRIAGE * PAIR[f] + (MARRIAGE // 2) * (pairs - PAIR[f])
        else:
            m = MARRIAGE * pairs
        val = BASE + sides - AS_SIDE[f] + AS_TRUMP[f] + m
        if val > best:
            best = val
            best_s = s
    return best, best_s


@njit
def keep_value(c, hand, s):
    """The keep value of card ``c`` of ``hand`` with ``s`` the intended trump suit."""
    t = c >> 3
    st = c & 7
    if t == s:
        return 1000 + st
    f = (hand >> np.uint64(t * 8)) & _FIELD
    if (st == KING or st == KNIGHT) and PAIR[np.int64(f)]:
        return 500 + st
    if st == ACE:
        return 300
    if st == THREE:
        return 200 if (f >> np.uint64(ACE)) & _ONE else -100
    if st == KING:
        return -40
    if st == KNIGHT:
        return -30
    if st == 3:
        return -20
    return st


@njit
def eval_discard(hand, discards, twenty_forty):
    s = estimate(hand | discards, twenty_forty)[1]
    pick = -1
    low = 1 << 30
    m = hand
    while m:
        c = ctz(m)
        m &= m - _ONE
        k = keep_value(c, hand, s)
        if k < low:
            low = k
            pick = c
    return pick


def eval_bid_policy(v, lowest, u, p):
    lo = np.int64(lowest)
    return lo if estimate(v.hand, v.marriage_rule == 1)[0] - p.margin >= lo else PASS


def eval_discard_policy(v, legal, u, p):
    return eval_discard(legal, v.discards, v.marriage_rule == 1)


def eval_trump_policy(v, legal, u, p):
    return estimate(v.hand | v.discards, v.marriage_rule == 1)[1]


# --- play ---------------------------------------------------------------------------------------
@njit(inline="always")
def cheapest(mask, tmask):
    """Lowest strength; on equal strength a non-trump first, then the lowest suit."""
    r = np.uint64(RANKS_PER_SUIT)
    fold = (mask | (mask >> r) | (mask >> (r + r)) | (mask >> (r + r + r))) & _FIELD
    cand = mask & (STRIDE << np.uint64(ctz(fold)))
    plain = cand & ~tmask
    return ctz(plain) if plain else ctz(cand)


@njit(inline="always")
def beaters(best, tmask):
    """The cards that would beat ``best``, the card winning the trick so far."""
    suit = SUIT_MASKS[SUIT[best]]
    return (suit & (_ONES << np.uint64(best + 1))) | (tmask & ~suit)


@njit(inline="always")
def kept_cards(hand, declared_suits):
    """The king and knight of each marriage held and not declared yet."""
    pairs = (hand >> np.uint64(KING)) & (hand >> np.uint64(KNIGHT)) & STRIDE
    for s in range(4):
        if (declared_suits >> s) & 1:
            pairs &= ~(_ONE << np.uint64(8 * s))
    return (pairs << np.uint64(KING)) | (pairs << np.uint64(KNIGHT))


@njit
def greedy_card(hand, k, best, trick_points, high, trump, declared_suits):
    tmask = SUIT_MASKS[trump]
    cand = hand & ~kept_cards(hand, declared_suits)
    if cand == 0:
        cand = hand
    plain = cand & ~tmask
    if k == 0:                                       # 1. leading
        return cheapest(plain if plain else cand, tmask)
    win = cand & beaters(best, tmask)
    w = win & ~tmask if trick_points > 0 else np.uint64(0)   # 2. points on the table
    if w == 0 and high:
        w = win & tmask
    if w:
        return cheapest(w, tmask)
    blank = plain & ~POINT_CARDS                     # 3. throw away
    return cheapest(blank if blank else (plain if plain else cand), tmask)


def random_play(v, legal, u, p):
    """uniform over the legal cards; bids, discards and trumps by the hand evaluation"""
    return pick_random(legal, u, v.bmi2)


def greedy_play(v, legal, u, p):
    """among the legal cards: take points with the cheapest winning card (a trump only for a
    10 or 11), else throw the cheapest blank card, keeping undeclared marriages; bids,
    discards and trumps by the hand evaluation"""
    k = v.trick_len
    high = False
    for j in range(k):
        if (HIGH_CARDS >> np.uint64(v.trick_cards[j])) & _ONE:
            high = True
    return greedy_card(legal, k, v.best, v.trick_points, high, v.trump,
                       v.marriages[v.seat])


_MARGIN = Param("margin", 0, "bid only while the hand's estimate minus margin reaches the bid",
                minimum=-200, maximum=200)

register(GAME, "random", random_play, deterministic=False, view="none", params=[_MARGIN],
         bid=eval_bid_policy, discard=eval_discard_policy, trump=eval_trump_policy)
register(GAME, "greedy", greedy_play, deterministic=True, view="trick", params=[_MARGIN],
         bid=eval_bid_policy, discard=eval_discard_policy, trump=eval_trump_policy)
