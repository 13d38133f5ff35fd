"""Scopa moves over bitmasks: the capture counts and the captures themselves, jitted.

A move is ``(card, captured)``: ``captured`` is the mask of table cards taken, 0 for a lay.
The number of captures of a card needs the *subset-sum counts* of the table: ``c[s]``,
the number of subsets of table cards whose capture values add up to ``s`` (0..10), the
coefficients of the product of ``1 + x^w`` over the table's card values ``w``.

The kernels keep them packed in one uint64, five bits per sum: ``g = sum c[s] 2^(5s)``
modulo ``2^55``.  Laying a card of value ``w`` multiplies by ``1 + 2^(5w)``; taking it
away multiplies by its inverse modulo ``2^64`` (``1 + 2^(5w)`` is odd).  Each is one
multiplication by a per-card constant (``ADD_MUL``, ``REMOVE_MUL``), exact in that ring
whatever the table, and ``g`` *is* the five-bit lanes whenever no count exceeds 31, which
holds for tables of at most 7 cards (at most 24 subsets).  Bigger tables (rare) get theirs from
the partitions of the value (``sum_count_big``), products of binomials of the per-value
card counts.  The captures themselves are enumerated only when a move is to be played
or valued: the subsets of the table cards worth less than the value, in ascending order
of their bitmask (``sub = (sub - M) & M``), each summed by four per-suit table look-ups;
more than ``WALK_MAX`` such cards (very rare) fall back to the depth-first
``sum_captures``.  Everything here works on uint64 scalars: no arrays in the play loop.
"""
import numpy as np

from .._jit import njit
from ..bits import ctz, popcount
from .enums import EQUAL_MASK, MAX_VALUE, RPS, VALUE, VALUE_MASK

_ONE = np.uint64(1)
LANE_BITS = 5
LANE = np.uint64((1 << LANE_BITS) - 1)
PACK_MASK = np.uint64((1 << (LANE_BITS * (MAX_VALUE + 1))) - 1)
#: the largest table whose subset-sum counts all fit in a lane (at most 24 with 7 cards)
PACK_MAX_TABLE = 7
_FIELD = np.uint64((1 << RPS) - 1)
_R1 = np.uint64(RPS)
_R2 = np.uint64(2 * RPS)
_R3 = np.uint64(3 * RPS)
#: SUIT_SUM[f]: the capture values of a suit's 10-bit field, added up
SUIT_SUM = np.array([sum(int(VALUE[b]) for b in range(RPS) if f >> b & 1)
                     for f in range(1 << RPS)], dtype=np.int64)
#: LOWER_MASK[v]: the cards worth less than v (v = 0..10)
LOWER_MASK = np.array([int(np.bitwise_or.reduce(VALUE_MASK[1:v])) if v > 1 else 0
                       for v in range(MAX_VALUE + 1)], dtype=np.uint64)
#: the subset walk covers at most 2**WALK_MAX subsets; more candidate cards use the DFS
WALK_MAX = 10


def _partitions(v, most):
    """Partitions of v into parts <= most, as lists of parts."""
    if v == 0:
        return [[]]
    out = []
    for p in range(min(v, most), 0, -1):
        out += [[p] + q for q in _partitions(v - p, p)]
    return out


def _partition_table():
    """PARTS[PART_START[v - 1]:PART_START[v]]: the partitions of v into two or more parts,
    at most four of each (one per suit), as packed multiplicities (4 bits per value)."""
    parts, start = [], [0, 0]
    for v in range(1, MAX_VALUE + 1):
        for q in _partitions(v, v - 1):
            if max(q.count(w) for w in q) <= 4:
                parts.append(sum(q.count(w) << (4 * w) for w in set(q)))
        start.append(len(parts))
    return np.array(parts, dtype=np.uint64), np.array(start[1:], dtype=np.int64)


PARTS, PART_START = _partition_table()
#: BINOM[5 * n + m] = C(n, m), n, m = 0..4
BINOM = np.array([[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0],
                  [1, 4, 6, 4, 1]], dtype=np.int64).ravel()


#: ADD_MUL[c]: the factor of card c joining the table, 1 + 2^(5 value)
ADD_MUL = np.array([1 + (1 << (LANE_BITS * int(w))) for w in VALUE], dtype=np.uint64)
#: REMOVE_MUL[c]: the factor of card c leaving it, the inverse of ADD_MUL[c] modulo 2^64
REMOVE_MUL = np.array([pow(int(a), -1, 1 << 64) for a in ADD_MUL], dtype=np.uint64)


@njit(inline="always")
def packed_after(g, c, cap):
    """The packed counts after card ``c`` was played taking ``cap`` (0: laid).

    A lay multiplies by ``c``'s factor in, a single capture by the factor out of the card
    taken (``c``'s, which has the same value): one multiplication, by a selected factor.
    A sum capture (rarer, one branch) multiplies by the factors out of every card taken."""
    one = (g * (ADD_MUL[c] if cap == 0 else REMOVE_MUL[c])) & PACK_MASK
    if (cap & (cap - _ONE)) == 0:
        return one
    m = cap
    while m:
        g *= REMOVE_MUL[ctz(m)]
        m &= m - _ONE
    return g & PACK_MASK


@njit(inline="always")
def packed_counts(table):
    """The packed counts of ``table``, from scratch."""
    g = _ONE
    m = table
    while m:
        c = ctz(m)
        m &= m - _ONE
        g *= ADD_MUL[c]
    return g & PACK_MASK


@njit(inline="always")
def mask_sum(m):
    """Sum of the capture values of the cards in ``m``."""
    return (SUIT_SUM[np.int64(m & _FIELD)] + SUIT_SUM[np.int64((m >> _R1) & _FIELD)]
            + SUIT_SUM[np.int64((m >> _R2) & _FIELD)] + SUIT_SUM[np.int64(m >> _R3)])


@njit(inline="always")
def sum_count_big(table, v):
    """Number of subsets of ``table`` adding up to ``v`` (two or more cards worth less than
    ``v``): over the partitions of ``v``, the products of C(cards of value w, parts w)."""
    total = 0
    for p in range(PART_START[v - 1], PART_START[v]):
        q = PARTS[p]
        prod = 1
        while q:
            lane = ctz(q) >> 2
            sh = np.uint64(4 * lane)
            m = np.int64((q >> sh) & np.uint64(15))
            q &= ~(np.uint64(15) << sh)
            prod *= BINOM[5 * np.int64(popcount(table & VALUE_MASK[lane])) + m]
        total += prod
    return total


@njit(inline="always")
def sum_count(v, table, g, big):
    """Number of subsets of the table adding up to ``v``; ``big``: more than
    ``PACK_MAX_TABLE`` cards, so that the packed counts ``g`` may have overflowed."""
    if big:
        return sum_count_big(table, v)
    return np.int64((g >> np.uint64(LANE_BITS * v)) & LANE)


@njit(inline="always")
def n_captures(c, table, g, big):
    """Number of captures of card ``c``: its equal cards, else its sums (0: it cannot
    capture, and is laid)."""
    e = np.int64(popcount(table & EQUAL_MASK[c]))
    k = sum_count(VALUE[c], table, g, big)
    return e if e > 0 else k


@njit(inline="always")
def nth_sum_capture(table, v, j):
    """The ``j``-th (0-based) subset of ``table`` adding up to ``v``, in ascending order of
    its bitmask (``v`` has no equal card on the table and at least ``j + 1`` sums)."""
    m = table & LOWER_MASK[v]
    if popcount(m) > WALK_MAX:
        return nth_sum_capture_dfs(table, v, j)
    sub = np.uint64(0)
    while True:
        sub = (sub - m) & m
        if mask_sum(sub) == v:
            if j == 0:
                return sub
            j -= 1


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
    return mask_sum(table)


@njit
def nth_sum_capture_dfs(table, v, j):
    """:func:`nth_sum_capture` by the depth-first :func:`sum_captures` (out of line: many
    candidate cards, very rare)."""
    work = np.empty(4 * 40, dtype=np.int64)
    buf = np.empty(j + 1, dtype=np.uint64)
    sum_captures(table, v, work, buf, j + 1)
    return buf[j]
