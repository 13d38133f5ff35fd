"""Scopa play policies: jitted functions over the table and hand masks.

A policy returns a move ``(card, captured)`` (``captured`` 0: the card is laid), one of the
legal moves of the rule ``must_capture``: ``any_card`` true, only captures while any card of
the hand can capture; false (``played_card``), any card, laid when it cannot capture.  The
``*_move`` functions take uint64 scalars only (no arrays: the kernels' play loops stay free
of reference counting); ``choose`` is what the kernel calls for every play of a mixed
table, branching on the integer strategy code.  ``pick_random`` and ``pick_greedy`` keep
the array-taking signatures for callers outside the kernels.  The exact definitions are in
``docs/games/scopa.md`` ("Strategies").
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import ctz, nth_bit, popcount, select_bit
from simcore.scopa.enums import ACES, COINS, EQUAL_MASK, SETTEBELLO, SEVENS, SIXES, VALUE
from simcore.scopa.moves import (LOWER_MASK, PACK_MAX_TABLE, WALK_MAX, mask_sum, n_captures,
                                 nth_sum_capture, packed_counts, sum_captures,
                                 sum_count)

from .registry import register

GAME = "scopa"
RANDOM = register(GAME, "random", 0, "uniform over the legal (card, capture) moves", False).code
GREEDY = register(GAME, "greedy", 1, "the move that takes the most value (scopa, settebello, "
                  "coins, sevens, sixes, aces, cards) minus what it leaves to sweep", True).code

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_32 = np.uint64(32)
_BIG = 1 << 30
_TOP = np.uint64(1) << np.uint64(63)
_SETTEBELLO = np.uint64(SETTEBELLO)


@njit(inline="always")
def random_move(hand, table, g, u32, bmi2, any_card):
    """The legal move at position (u32 * n) >> 32 in canonical order.

    ``g``: the table's packed subset-sum counts (``simcore.scopa.moves``); ``any_card``:
    the rule ``must_capture`` is ``any_card``.  The hand holds 1 to 3 cards: their move
    counts are kept in locals; only the chosen move is built.  Tables too big for the
    packed counts (rare) are played out of line."""
    if table == 0:               # every card is laid
        n = np.int64(popcount(hand))
        return select_bit(hand, np.int64((u32 * np.uint64(n)) >> _32), bmi2), _ZERO
    if popcount(table) > PACK_MAX_TABLE:
        return random_move_big(hand, table, g, u32, bmi2, any_card)
    return random_move_of(hand, table, g, u32, bmi2, False, any_card)


@njit
def random_move_big(hand, table, g, u32, bmi2, any_card):
    return random_move_of(hand, table, g, u32, bmi2, True, any_card)


@njit(inline="always")
def random_move_of(hand, table, g, u32, bmi2, big, any_card):
    """:func:`random_move` on a non-empty table (``big``: more than ``PACK_MAX_TABLE``).

    Each card's legal moves: its captures; if it has none, its lay -- except under
    ``any_card`` when some card of the hand can capture (then it has none)."""
    c0 = ctz(hand)
    k0 = n_captures(c0, table, g, big)
    h = hand & (hand - _ONE)
    c1 = ctz(h | _TOP)           # the second and third cards, if any (branch-free)
    k1 = n_captures(c1, table, g, big) if h else 0
    in1 = h != 0
    h &= h - _ONE
    c2 = ctz(h | _TOP)
    k2 = n_captures(c2, table, g, big) if h else 0
    in2 = h != 0
    # a card that cannot capture is laid, unless any_card and another card captures (a
    # branch, always taken under played_card and so well predicted: measured faster there
    # than arithmetic on the flags)
    if not (any_card and k0 + k1 + k2 > 0):
        k0 = max(k0, 1)
        k1 = max(k1, np.int64(in1))
        k2 = max(k2, np.int64(in2))
    j = np.int64((u32 * np.uint64(k0 + k1 + k2)) >> _32)
    past0 = j >= k0
    past1 = j >= k0 + k1
    c = c2 if past1 else (c1 if past0 else c0)
    j -= k0 + k1 if past1 else (k0 if past0 else 0)
    eq = table & EQUAL_MASK[c]
    cap = nth_bit(eq, j, bmi2)   # the j-th equal card; 0 when there is none: a lay...
    v = VALUE[c]
    # ...unless the card takes a sum (one branch, rarely taken: no branch on ``eq`` alone,
    # which is as likely zero as not)
    if (eq == 0) & (sum_count(v, table, g, big) > 0):
        cap = nth_sum_capture(table, v, j)
    return c, cap


@njit(inline="always")
def move_value(c, captured, table, last_play, lps):
    """greedy's value of playing ``c`` taking ``captured`` (0: a lay)."""
    val = 0
    if captured:
        taken = captured | (_ONE << np.uint64(c))
        after = table & ~captured
        if after == 0 and (lps or not last_play):
            val += 20
        val += 10 * np.int64((taken >> _SETTEBELLO) & _ONE)
        val += 2 * np.int64(popcount(taken & COINS)) + 2 * np.int64(popcount(taken & SEVENS)) \
            + np.int64(popcount(taken & SIXES)) + np.int64(popcount(taken & ACES)) \
            + np.int64(popcount(taken))
    else:
        after = table | (_ONE << np.uint64(c))
    if not last_play:
        if after != 0 and mask_sum(after) <= 10:
            val -= 15
        if (after >> _SETTEBELLO) & _ONE:
            val -= 8
    return val


@njit
def greedy_move(hand, table, g, last_play, lps, any_card):
    """The legal move of highest value, the first in canonical order on ties.

    Under ``any_card`` the lays are valued apart, and one is played only if no card of the
    hand can capture."""
    best = -_BIG
    best_c = -1
    best_cap = _ZERO
    lay_best = -_BIG
    lay_c = -1
    big = popcount(table) > PACK_MAX_TABLE
    m = hand
    while m:
        c = ctz(m)
        m &= m - _ONE
        eq = table & EQUAL_MASK[c]
        if eq:
            e = eq
            while e:
                cap = e & (~e + _ONE)
                e &= e - _ONE
                val = move_value(c, cap, table, last_play, lps)
                if val > best:
                    best, best_c, best_cap = val, c, cap
            continue
        v = VALUE[c]
        if sum_count(v, table, g, big) == 0:
            val = move_value(c, _ZERO, table, last_play, lps)
            if any_card:
                if val > lay_best:
                    lay_best, lay_c = val, c
            elif val > best:
                best, best_c, best_cap = val, c, _ZERO
            continue
        low = table & LOWER_MASK[v]
        if popcount(low) > WALK_MAX:      # very rare: the depth-first enumeration
            work = np.empty(4 * 40, dtype=np.int64)
            buf = np.empty(sum_count(v, table, g, big), dtype=np.uint64)
            n = sum_captures(table, v, work, buf, _BIG)
            for i in range(n):
                val = move_value(c, buf[i], table, last_play, lps)
                if val > best:
                    best, best_c, best_cap = val, c, buf[i]
            continue
        sub = _ZERO
        while True:                       # the subsets of ``low``, ascending
            sub = (sub - low) & low
            if sub == 0:
                break
            if mask_sum(sub) == v:
                val = move_value(c, sub, table, last_play, lps)
                if val > best:
                    best, best_c, best_cap = val, c, sub
    if best_c < 0:                        # any_card, and no card can capture
        return lay_c, _ZERO
    return best_c, best_cap


@njit(inline="always")
def choose(code, hand, table, g, u32, last_play, lps, bmi2, any_card):
    """One move for a seat playing strategy ``code`` (both policies out of line: a kernel
    that inlines this keeps its size, and its compile time, down)."""
    if code == GREEDY:
        return greedy_move(hand, table, g, last_play, lps, any_card)
    return random_move_call(hand, table, g, u32, bmi2, any_card)


@njit
def random_move_call(hand, table, g, u32, bmi2, any_card):
    """:func:`random_move` as a function call."""
    return random_move(hand, table, g, u32, bmi2, any_card)


@njit
def pick_random(hand, table, g, cnt, u32, bmi2, work, buf, any_card):
    """:func:`random_move` (``cnt``, ``work`` and ``buf`` are unused, kept for callers)."""
    return random_move(hand, table, g, u32, bmi2, any_card)


@njit
def pick_greedy(hand, table, cnt, last_play, lps, work, buf, any_card):
    """:func:`greedy_move` from the table alone (``cnt``, ``work``, ``buf`` unused)."""
    return greedy_move(hand, table, packed_counts(table), last_play, lps, any_card)
