"""Scopa moves over bitmasks: the capture counts and the captures themselves, jitted.

A move is ``(card, captured)``: ``captured`` is the mask of table cards taken, 0 for a lay.
The number of legal moves of a card needs the *subset-sum counts* of the table: ``c[s]``,
the number of subsets of table cards whose capture values add up to ``s`` (0..10), the
coefficients of the product of ``1 + x^w`` over the table's card values ``w``.

The kernels keep them packed in one uint64, five bits per sum: ``g = sum c[s] 2^(5s)``
modulo ``2^55``.  Laying a card of value ``w`` multiplies by ``1 + 2^(5w)``; taking it
away multiplies by the inverse ``(1 - S)(1 + S^2)(1 + S^4)(1 + S^8)`` (``S = 2^(5w)``,
``S^16 = 0`` modulo ``2^55``).  Both are a few shifts and adds, exact in that ring whatever
the table, and ``g`` *is* the five-bit lanes whenever no count exceeds 31, which holds for
tables of at most 7 cards (at most 24 subsets).  Bigger tables (rare) get their counts
from the array version, ``counts_of``.  The captures themselves are enumerated (in
ascending order of their bitmask) only when a move is to be played or valued.
"""
import numpy as np

from .._jit import njit
from ..bits import ctz, popcount
from .enums import EQUAL_MASK, MAX_VALUE, VALUE

_ONE = np.uint64(1)
LANE_BITS = 5
LANE = np.uint64((1 << LANE_BITS) - 1)
PACK_MASK = np.uint64((1 << (LANE_BITS * (MAX_VALUE + 1))) - 1)
#: the largest table whose subset-sum counts all fit in a lane (at most 24 with 7 cards)
PACK_MAX_TABLE = 7
_63 = np.uint64(63)


@njit(inline="always")
def counts_reset(cnt):
    cnt[0] = 1
    for s in range(1, MAX_VALUE + 1):
        cnt[s] = 0


@njit(inline="always")
def counts_add(cnt, w):
    """A card of value ``w`` joined the table."""
    for s in range(MAX_VALUE, w - 1, -1):
        cnt[s] += cnt[s - w]


@njit(inline="always")
def counts_remove(cnt, w):
    """A card of value ``w`` left the table."""
    for s in range(w, MAX_VALUE + 1):
        cnt[s] -= cnt[s - w]


@njit(inline="always")
def counts_of(table, cnt):
    """Recompute ``cnt`` from the table mask."""
    counts_reset(cnt)
    m = table
    while m:
        c = ctz(m)
        m &= m - _ONE
        counts_add(cnt, VALUE[c])


@njit(inline="always")
def packed_add(g, w):
    """The packed counts after a card of value ``w`` joined the table."""
    return (g + (g << np.uint64(LANE_BITS * w))) & PACK_MASK


@njit(inline="always")
def packed_remove(g, w):
    """The packed counts after a card of value ``w`` left the table."""
    sh = np.uint64(LANE_BITS * w)
    y = g - (g << sh)
    y += y << min(sh + sh, _63)
    y += y << min(np.uint64(4) * sh, _63)
    y += y << min(np.uint64(8) * sh, _63)
    return y & PACK_MASK


@njit(inline="always")
def packed_counts(table):
    """The packed counts of ``table``, from scratch."""
    g = _ONE
    m = table
    while m:
        c = ctz(m)
        m &= m - _ONE
        g = packed_add(g, VALUE[c])
    return g


@njit(inline="always")
def table_counts(table, g, cnt):
    """True when the table is too big for the packed counts ``g``: ``cnt`` then holds them."""
    if popcount(table) > PACK_MAX_TABLE:
        counts_of(table, cnt)
        return True
    return False


@njit(inline="always")
def sum_count(v, g, big, cnt):
    """Number of subsets of the table adding up to ``v``."""
    if big:
        return cnt[v]
    return np.int64((g >> np.uint64(LANE_BITS * v)) & LANE)


@njit(inline="always")
def n_moves(c, table, g, big, cnt):
    """Number of legal moves of card ``c``: its equal cards, else its sums, else one lay."""
    e = np.int64(popcount(table & EQUAL_MASK[c]))
    k = max(sum_count(VALUE[c], g, big, cnt), 1)
    return e if e > 0 else k


@njit(inline="always")
def sum_captures(table, v, work, out, stop):
    """Subsets of two or more table cards adding up to ``v`` (no table card is worth ``v``),
    in ascending order of their bitmask, into ``out``; stops after ``stop`` of them.

    Depth-first: the highest card of the subset is chosen first, from the lowest up, then the
    next highest below it, and so on -- exactly ascending bitmask order.  ``work`` is a
    flat int64 scratch array of 4 * 40 (cards, values, cursor, limit).  Returns how many
    were written.
    """
    m = 0
    t = table
    while t:
        c = ctz(t)
        t &= t - _ONE
        w = VALUE[c]
        if w < v:
            work[m] = c
            work[40 + m] = w
            m += 1
    n = 0
    if m < 2:
        return n
    depth = 0
    work[120] = m
    work[80] = 0
    s = 0
    mask = np.uint64(0)
    while True:
        i = work[80 + depth]
        if i >= work[120 + depth]:
            if depth == 0:
                break
            depth -= 1
            j = work[80 + depth]
            s -= work[40 + j]
            mask ^= _ONE << np.uint64(work[j])
            work[80 + depth] = j + 1
            continue
        ns = s + work[40 + i]
        if ns == v:
            out[n] = mask | (_ONE << np.uint64(work[i]))
            n += 1
            if n >= stop:
                break
            work[80 + depth] = i + 1
        elif ns < v and i > 0:
            s = ns
            mask |= _ONE << np.uint64(work[i])
            depth += 1
            work[120 + depth] = i
            work[80 + depth] = 0
        else:
            work[80 + depth] = i + 1
    return n


@njit(inline="always")
def table_sum(table):
    """Sum of the capture values of the cards in ``table``."""
    s = 0
    m = table
    while m:
        c = ctz(m)
        m &= m - _ONE
        s += VALUE[c]
    return s
