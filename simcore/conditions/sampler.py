"""The conditioned deck sampler: jitted, exact, driven by the deal's own random stream.

:func:`deal_from_plan` is what a kernel calls in place of the shuffle: it writes a full
deck order (a permutation of the card indices) that satisfies the plan's conditions and
returns the dealer, drawn with its exact conditional weight.  The kernel then deals that
order exactly as it deals a shuffled deck.  How it consumes the stream (32-bit draws, exact
draws below n and below big integers, one try) is written in docs/conditioned-dealing.md ("Random
streams"), so that a deal can be replayed independently; ``tests/conditions_replay.py``
replays it in plain Python.

The plan's arrays are read through offsets held in its header: helpers that took arrays
would cost reference counts per card (DEVELOPERS.md); the functions kernels call are
compiled without reference counting (``_nrt=False``).
"""
import threading
from typing import NamedTuple

import numpy as np
from numba import carray, types
from numba.extending import intrinsic

from .._jit import JIT_OPTIONS, njit
from ..bits import ctz, popcount
from ..rng import MASK32, next64, seed_stream

_32 = np.uint64(32)
_2_32 = np.uint64(1 << 32)
#: an index as unsigned: numba then leaves out the negative-index wraparound (a select per
#: access, which made LLVM turn the sampler's copy loops into AVX-512 gathers and scatters:
#: the sampler took 25-35% longer)
_ix = np.uint64


class Plan(NamedTuple):
    """The arrays of a plan (numba takes it as one argument; built by ``plan.build_plan``).

    ``ints`` (int64): a header (``sampler.H_*``: sizes; ``sampler.O_*``: where each section
    starts), then the sections: per node of the count its component and the offsets of its
    edges (node 0's edges lead to the final states of every component); per edge one record
    of ``H_EDGE_WORDS`` words, in one cache line or two: the node it leads to, then how many
    cards of its class each named row takes, one byte per row (row ``j`` in byte ``j % 8``
    of word ``1 + j // 8``); per component its dealer and the
    offsets of its classes and rows; the cards of each class; the deck positions of each
    row, the size of its unordered first slot and its first position when its positions
    follow each other (else -1); the check's bytecode; the deck positions of each (dealer, holder); the per-card
    values the check sums; the position of the face-up trump card per dealer.
    ``cum`` (uint64, edges x limbs): the cumulative weight of each edge among its node's
    edges, an exact integer in 64-bit limbs, most significant first.
    ``bits`` (uint64): the card mask of each suit, then the card sets of the check."""
    ints: np.ndarray
    cum: np.ndarray
    bits: np.ndarray


# the plan is three arrays (docs/conditioned-dealing.md): ``ints`` (int64: a header, then sections whose
# offsets the header holds), ``cum`` (uint64 (edges, limbs): cumulative weights) and
# ``bits`` (uint64: the suits' card masks, then the card sets of the check)
H_CARDS, H_PLAYERS, H_LIMBS, H_MAX_TRIES, H_CHECK, H_TRUMP_FIXED, H_HOLDERS, H_IWORK, \
    H_UWORK, H_RPS, H_NAMED, H_STACK_OFF, H_N_CODE, H_EDGE_WORDS, \
    O_NODE_COMP, O_NODE_EDGE, O_EDGE, O_COMP_DEALER, O_COMP_CLASS, \
    O_CLASS_OFF, O_CLASS_CARDS, O_COMP_ROW, O_ROW_OFF, O_ROW_POS, O_ROW_FREE, O_ROW_RUN, O_CODE, \
    O_HOLD_OFF, O_HOLD_POS, O_WEIGHTS, O_TRUMP_POS = range(31)
N_HEAD = 31
B_CSETS = 4          # bits[0:4]: the cards of each suit; bits[4:]: the check's card sets

# bytecode of a check (a condition evaluated on the dealt cards): (op, a, b) triples
OP_CONST, OP_COUNT, OP_TRUMPS, OP_WSUM, OP_TRUMP_IS, OP_ADD, OP_SUB, OP_NEG, OP_MULC, \
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_AND, OP_OR, OP_NOT = range(18)


# --- the stream -------------------------------------------------------------------------------
@njit(inline="always")
def _u32(state, pend, have):
    """The next 32-bit draw: the pending low half, or the high half of a new output (the
    state stays in its array: fewer live values than four scalars in the sampler's loops)."""
    if have:
        return pend, np.uint64(0), False
    x = next64(state)
    return x >> _32, x & MASK32, True


@njit(inline="always")
def _below(n, state, pend, have):
    """An exactly uniform draw in [0, n), 1 <= n < 2^32 (Lemire's method)."""
    nn = np.uint64(n)
    u, pend, have = _u32(state, pend, have)
    m = u * nn
    lo = m & MASK32
    if lo < nn:
        t = (_2_32 - nn) % nn
        while lo < t:
            u, pend, have = _u32(state, pend, have)
            m = u * nn
            lo = m & MASK32
    return np.int64(m >> _32), pend, have


@njit(inline="always")
def holder_masks(deck, ints, dealer, masks, at):
    """The card mask of every holder of the plan for this dealer, into ``masks[at:]``."""
    nh = ints[H_HOLDERS]
    o_off = ints[O_HOLD_OFF] + dealer * nh
    o_pos = ints[O_HOLD_POS]
    for h in range(nh):
        m = np.uint64(0)
        for i in range(ints[o_off + h], ints[o_off + h + 1]):
            m |= np.uint64(1) << np.uint64(deck[ints[o_pos + i]])
        masks[at + h] = m


@njit(inline="always")
def trump_card(deck, ints, dealer):
    """The face-up trump card of the deal (-1: none)."""
    p = ints[ints[O_TRUMP_POS] + dealer]
    return deck[p] if p >= 0 else -1


@njit(inline="always")
def check(deck, ints, bits, dealer, uwork, iwork):
    """Run the plan's check (a stack bytecode) on the dealt cards: the holders' masks go to
    ``uwork[limbs:]``, the stack is ``iwork[H_STACK_OFF:]``."""
    mo = ints[H_LIMBS]
    masks = uwork
    stack = iwork
    holder_masks(deck, ints, dealer, masks, mo)
    card = trump_card(deck, ints, dealer)
    trump = card // ints[H_RPS] if card >= 0 else ints[H_TRUMP_FIXED]
    o_w = ints[O_WEIGHTS]
    n = ints[H_CARDS]
    sp = ints[H_STACK_OFF]
    base = sp
    pc = ints[O_CODE]
    end = pc + 3 * ints[H_N_CODE]
    while pc < end:
        op = ints[pc]
        a = ints[pc + 1]
        b = ints[pc + 2]
        pc += 3
        if op == OP_CONST:
            stack[sp] = a
            sp += 1
        elif op == OP_COUNT:
            stack[sp] = popcount(masks[mo + a] & bits[B_CSETS + b])
            sp += 1
        elif op == OP_TRUMPS:
            stack[sp] = popcount(masks[mo + a] & bits[trump]) if trump >= 0 else 0
            sp += 1
        elif op == OP_WSUM:
            m = masks[mo + a]
            v = 0
            while m:
                v += ints[o_w + b * n + ctz(m)]
                m &= m - np.uint64(1)
            stack[sp] = v
            sp += 1
        elif op == OP_TRUMP_IS:
            stack[sp] = 1 if trump == a else 0
            sp += 1
        elif op == OP_NEG:
            stack[sp - 1] = -stack[sp - 1]
        elif op == OP_MULC:
            stack[sp - 1] = stack[sp - 1] * a
        elif op == OP_NOT:
            stack[sp - 1] = 1 - stack[sp - 1]
        else:
            y = stack[sp - 1]
            x = stack[sp - 2]
            sp -= 1
            if op == OP_ADD:
                v = x + y
            elif op == OP_SUB:
                v = x - y
            elif op == OP_EQ:
                v = 1 if x == y else 0
            elif op == OP_NE:
                v = 1 if x != y else 0
            elif op == OP_LT:
                v = 1 if x < y else 0
            elif op == OP_LE:
                v = 1 if x <= y else 0
            elif op == OP_GT:
                v = 1 if x > y else 0
            elif op == OP_GE:
                v = 1 if x >= y else 0
            elif op == OP_AND:
                v = 1 if (x != 0 and y != 0) else 0
            else:
                v = 1 if (x != 0 or y != 0) else 0
            stack[sp - 1] = v
    return stack[base] != 0


@njit(_nrt=False)
def deal_from_plan(state, deck, plan, iwork, uwork):
    """Write a conditioned deck order into ``deck[0 : n_cards]`` from the deal's stream.

    This is what a kernel calls in place of the shuffle.  It is compiled once (and cached)
    and called, not inlined: the kernels that call it do not compile it again.
    ``plan`` is a :class:`~simcore.conditions.plan.Plan` (three arrays); ``iwork`` (int64)
    and ``uwork`` (uint64) are work arrays from :func:`new_work`, one pair per thread.
    Returns ``(dealer, tries)``: the dealer drawn with the deal, and the number of deck
    orders drawn (1 unless the plan has a check); ``dealer`` is -1 when
    ``ints[H_MAX_TRIES]`` orders failed the check.

    One try (docs/odds.md, "Random streams"): an entry among node 0's edges picks a final
    state of the count (its component: the dealer, the trump case, the classes and rows);
    then, class by class from the last, an edge says how many of the class's cards each
    named row takes; the cards are handed out and each row put in a random order.
    ``iwork`` holds the cards of the rows and of a class while they are handed out,
    ``uwork[0 : limbs]`` a big draw.  (One function: helpers taking the arrays would
    cost reference counts.)"""
    ints = plan.ints
    cum = plan.cum
    r = uwork
    tries = 0
    while True:
        limbs = ints[H_LIMBS]
        ew = ints[H_EDGE_WORDS]
        o_node_edge = ints[O_NODE_EDGE]
        o_edge = ints[O_EDGE]
        o_class_off = ints[O_CLASS_OFF]
        o_class_cards = ints[O_CLASS_CARDS]
        o_row_off = ints[O_ROW_OFF]
        o_row_pos = ints[O_ROW_POS]
        o_row_free = ints[O_ROW_FREE]
        o_row_run = ints[O_ROW_RUN]
        pend = np.uint64(0)
        have = False
        n = ints[H_CARDS]
        comp = 0
        c0 = 0
        r0 = 0
        n_rows = 0
        buf = 0
        tmp = 0
        direct = False
        k = -1                      # the class whose edge is drawn next (-1: the final state)
        node = 0                    # node 0: its edges lead to the final states
        while True:
            # --- an edge of ``node``, drawn with its weight ----------------------------------
            a = ints[_ix(o_node_edge + node)]
            last = ints[_ix(o_node_edge + node + 1)] - 1
            e = a
            if last > a and limbs == 1:
                # one limb (weights below 2^64): r from two 32-bit draws, masked, until r < total
                top = cum[_ix(last), 0]
                mask = top
                mask |= mask >> np.uint64(1)
                mask |= mask >> np.uint64(2)
                mask |= mask >> np.uint64(4)
                mask |= mask >> np.uint64(8)
                mask |= mask >> np.uint64(16)
                mask |= mask >> _32
                while True:
                    u1, pend, have = _u32(state, pend, have)
                    u2, pend, have = _u32(state, pend, have)
                    v = ((u1 << _32) | u2) & mask
                    if v < top:
                        break
                lo = a
                hi = last
                while hi - lo > 8:           # the first edge whose cumulative weight exceeds v
                    mid = (lo + hi) >> 1
                    if cum[_ix(mid), 0] > v:
                        hi = mid
                    else:
                        lo = mid + 1
                while cum[_ix(lo), 0] <= v:
                    lo += 1
                e = lo
            elif last > a:
                i0 = 0
                while i0 < limbs - 1 and cum[_ix(last), _ix(i0)] == 0:
                    i0 += 1
                mask = cum[_ix(last), _ix(i0)]
                mask |= mask >> np.uint64(1)
                mask |= mask >> np.uint64(2)
                mask |= mask >> np.uint64(4)
                mask |= mask >> np.uint64(8)
                mask |= mask >> np.uint64(16)
                mask |= mask >> _32
                while True:
                    for i in range(limbs):
                        if i < i0:
                            r[_ix(i)] = 0
                        else:
                            u1, pend, have = _u32(state, pend, have)
                            u2, pend, have = _u32(state, pend, have)
                            v = (u1 << _32) | u2
                            r[_ix(i)] = v & mask if i == i0 else v
                    less = False
                    for i in range(limbs):
                        if r[_ix(i)] != cum[_ix(last), _ix(i)]:
                            less = r[_ix(i)] < cum[_ix(last), _ix(i)]
                            break
                    if less:
                        break
                lo = a
                hi = last
                while lo < hi:          # the first edge whose cumulative weight exceeds r
                    mid = (lo + hi) >> 1
                    gt = False
                    for i in range(limbs):
                        if cum[_ix(mid), _ix(i)] != r[_ix(i)]:
                            gt = cum[_ix(mid), _ix(i)] > r[_ix(i)]
                            break
                    if gt:
                        hi = mid
                    else:
                        lo = mid + 1
                e = lo
            if k < 0:
                # --- the final state: its component (dealer, case), classes and rows -------------
                node = ints[_ix(o_edge + e * ew)]
                comp = ints[_ix(ints[O_NODE_COMP] + node)]
                c0 = ints[_ix(ints[O_COMP_CLASS] + comp)]
                k = ints[_ix(ints[O_COMP_CLASS] + comp + 1)] - c0 - 1
                r0 = ints[_ix(ints[O_COMP_ROW] + comp)]
                n_rows = ints[_ix(ints[O_COMP_ROW] + comp + 1)] - r0  # named rows, then the rest
                # iwork: [0, n_rows) where each row's next card goes; [buf, buf + n) the rows'
                # cards, each row's run starting where its positions start; [tmp, tmp + n) a
                # class's cards.  When every row's positions follow each other (``direct``),
                # the rows are built in place in ``deck`` instead (the same draws and moves,
                # no copy at the end).
                buf = n_rows
                tmp = buf + n
                direct = True
                for j in range(n_rows):
                    if ints[_ix(o_row_run + r0 + j)] < 0:
                        direct = False
                base = ints[_ix(o_row_off + r0)]
                for j in range(n_rows):
                    iwork[_ix(j)] = ints[_ix(o_row_run + r0 + j)] if direct else \
                        buf + ints[_ix(o_row_off + r0 + j)] - base
                continue
            # --- class k: its cards handed out to the rows as the edge says ----------------------
            cls = c0 + k
            a = ints[_ix(o_class_off + cls)]
            size = ints[_ix(o_class_off + cls + 1)] - a
            a += o_class_cards
            i = 0
            rec = o_edge + e * ew
            for j in range(n_rows):
                cnt = ((ints[_ix(rec + 1 + (j >> 3))] >> (8 * (j & 7))) & 255) if j < n_rows - 1 \
                    else size - i
                if cnt == 0:
                    continue
                f = iwork[_ix(j)]
                if i == 0 and cnt == size:   # the whole class to one row: no draw
                    if direct:
                        for t in range(size):
                            deck[_ix(f + t)] = ints[_ix(a + t)]
                    else:
                        for t in range(size):
                            iwork[_ix(f + t)] = ints[_ix(a + t)]
                    iwork[_ix(j)] = f + size
                    break
                if i == 0:
                    for t in range(size):
                        iwork[_ix(tmp + t)] = ints[_ix(a + t)]
                if i + cnt == size:          # the last row to take cards takes all those left
                    if direct:
                        for t in range(i, size):
                            deck[_ix(f + t - i)] = iwork[_ix(tmp + t)]
                    else:
                        for t in range(i, size):
                            iwork[_ix(f + t - i)] = iwork[_ix(tmp + t)]
                    iwork[_ix(j)] = f + size - i
                    break
                for t in range(cnt):
                    pick, pend, have = _below(size - i, state, pend, have)
                    pick += tmp + i
                    card = iwork[_ix(pick)]
                    iwork[_ix(pick)] = iwork[_ix(tmp + i)]
                    if direct:
                        deck[_ix(f + t)] = card
                    else:
                        iwork[_ix(f + t)] = card
                    i += 1
                iwork[_ix(j)] = f + cnt
            node = ints[_ix(rec)]
            k -= 1
            if k < 0:
                break
        # --- every row's cards in a uniformly random order over its positions --------------------
        base = ints[_ix(o_row_off + r0)]
        for j in range(n_rows):
            lo = ints[_ix(o_row_off + r0 + j)]
            cap = ints[_ix(o_row_off + r0 + j + 1)] - lo
            q = ints[_ix(o_row_run + r0 + j)]
            seg = q if direct else buf + lo - base
            # Fisher-Yates from the last position down to the end of the row's first slot when
            # it is unordered (its cards are then the ones left, in any order), else to 1
            if direct:
                for t in range(cap - 1, ints[_ix(o_row_free + r0 + j)] - 1, -1):
                    pick, pend, have = _below(t + 1, state, pend, have)
                    c = deck[_ix(seg + t)]
                    deck[_ix(seg + t)] = deck[_ix(seg + pick)]
                    deck[_ix(seg + pick)] = c
                continue
            for t in range(cap - 1, ints[_ix(o_row_free + r0 + j)] - 1, -1):
                pick, pend, have = _below(t + 1, state, pend, have)
                c = iwork[_ix(seg + t)]
                iwork[_ix(seg + t)] = iwork[_ix(seg + pick)]
                iwork[_ix(seg + pick)] = c
            if q >= 0:                   # positions q, q+1, ...: a plain copy
                for t in range(cap):
                    deck[_ix(q + t)] = iwork[_ix(seg + t)]
            else:
                p0 = o_row_pos + lo
                for t in range(cap):
                    deck[_ix(ints[_ix(p0 + t)])] = iwork[_ix(seg + t)]
        dealer = ints[_ix(ints[O_COMP_DEALER] + comp)]
        tries += 1
        if ints[H_CHECK] == 0:
            return dealer, tries
        if check(deck, ints, plan.bits, dealer, uwork, iwork):
            return dealer, tries
        if tries >= ints[H_MAX_TRIES]:
            return -1, tries


@njit(inline="always")
def new_work(plan):
    """The work arrays :func:`deal_from_plan` needs (allocate once per chunk)."""
    return (np.empty(plan.ints[H_IWORK], dtype=np.int64),
            np.empty(plan.ints[H_UWORK], dtype=np.uint64))


def new_work_py(plan):
    """:func:`new_work` for callers in Python."""
    return (np.empty(plan.ints[H_IWORK], dtype=np.int64),
            np.empty(plan.ints[H_UWORK], dtype=np.uint64))


@njit
def conditioned_decks(seed_base, start, decks, dealers, tries, states, plan):
    """Deck orders of deals ``start .. start + len(decks) - 1`` (stream = deal index), and
    each deal's stream state after it (``states``, (count, 4): the play goes on from it).
    Returns the index of the first deal that failed (-1: none)."""
    state = np.empty(4, dtype=np.uint64)
    iwork, uwork = new_work(plan)
    for i in range(decks.shape[0]):
        seed_stream(state, seed_base, start + i)
        d, t = deal_from_plan(state, decks[i], plan, iwork, uwork)
        dealers[i] = d
        tries[i] = t
        for j in range(4):
            states[i, j] = state[j]
        if d < 0:
            return i
    return -1


@njit
def check_decks(decks, dealers, plan, ok_out, masks_out, trumps_out):
    """For deck orders already dealt: whether each passes the plan's check, its holder
    masks (the seats, then trump, table, stock, then the check's holders) and its face-up
    trump card (-1: none)."""
    ints = plan.ints
    iwork, uwork = new_work(plan)
    masks = np.empty(ints[H_HOLDERS], dtype=np.uint64)
    for i in range(decks.shape[0]):
        d = dealers[i]
        ok_out[i] = check(decks[i], ints, plan.bits, d, uwork, iwork) \
            if ints[H_CHECK] != 0 else True
        holder_masks(decks[i], ints, d, masks, 0)
        for h in range(masks_out.shape[1]):
            masks_out[i, h] = masks[h]
        trumps_out[i] = trump_card(decks[i], ints, d)


@njit
def seed_one(state, seed_base, key):
    """Seed ``state`` with stream ``key`` (for callers in Python)."""
    seed_stream(state, seed_base, key)


@njit
def one_deal(state, deck, plan, iwork, uwork, masks):
    """:func:`deal_from_plan` called from Python (a user's Python predicate then looks at
    the deal): returns ``(dealer, tries, face-up trump card)`` and fills ``masks`` with the
    holder masks."""
    d, t = deal_from_plan(state, deck, plan, iwork, uwork)
    trump = -1
    if d >= 0:
        holder_masks(deck, plan.ints, d, masks, 0)
        trump = trump_card(deck, plan.ints, d)
    return d, t, trump


#: the type of a user's jitted predicate ``pred(hands, trump, dealer) -> bool``: ``hands`` the
#: card masks of the seats, then of the face-up trump card, the table and the stock
PREDICATE = types.FunctionType(types.boolean(types.Array(types.uint64, 1, "C"), types.int64,
                                             types.int64))


@njit
def predicate_decks(seed_base, start, decks, dealers, tries, states, plan, pred):
    """:func:`conditioned_decks` where each deal must also satisfy ``pred`` (a first-class
    function of type :data:`PREDICATE`, so that this loop is compiled and cached once for
    every predicate).  Returns the index of the first deal that failed (-1: none)."""
    ints = plan.ints
    state = np.empty(4, dtype=np.uint64)
    iwork, uwork = new_work(plan)
    masks = np.empty(ints[H_HOLDERS], dtype=np.uint64)
    hands = np.empty(ints[H_PLAYERS] + 3, dtype=np.uint64)
    for i in range(decks.shape[0]):
        seed_stream(state, seed_base, start + i)
        t = 0
        while True:
            d, k = deal_from_plan(state, decks[i], plan, iwork, uwork)
            t += k
            if d < 0:
                tries[i] = t
                return i
            holder_masks(decks[i], ints, d, masks, 0)
            for h in range(hands.shape[0]):
                hands[h] = masks[h]
            if pred(hands, trump_card(decks[i], ints, d), d):
                break
            if t >= ints[H_MAX_TRIES]:
                tries[i] = t
                return i
        dealers[i] = d
        tries[i] = t
        for j in range(4):
            states[i, j] = state[j]
    return -1


# --- the kernels' deal source: two flat arrays, passed by address (docs/odds.md) ---------------
# ``pblob`` (int64): the plan (shared, read only); ``wblob`` (uint64): the chunk's own work and
# results.  A kernel copies its deal source at every deal, and numba counts references to every
# array it copies (two atomic operations per array per copy, through the inlined helpers: about
# 15% of a conditioned Sueca run with random play); so the kernels receive the two arrays'
# addresses (:class:`~simcore.deal.DealSource`, four integers whose Python object keeps the
# arrays alive), and only :func:`deal_source` and ``source_dealer`` read through them, as
# arrays without reference counting.  A cached kernel never runs an older sampler: the
# sampler's C entry point is compiled on its own, and any edit under simcore/ compiles
# every kernel again (simcore._cache).
# pblob: [n_ints, n_edges, limbs, n_bits] + ints + cum (row-major) + bits
# wblob: [dealer, tries, failed + 1, predealt, n_cards, iwork size, uwork size] + iwork + uwork
#        + predealt decks (predealt x n_cards) + dealers (predealt) + states (predealt x 4)
W_DEALER, W_TRIES, W_FAILED, W_PREDEALT, W_CARDS, W_IWORK, W_UWORK = range(7)
W_HEAD = 7


def pack_plan(plan) -> np.ndarray:
    """A plan's three arrays in one flat int64 array (for :func:`deal_source`)."""
    ints, cum, bits = plan
    head = np.array([ints.shape[0], cum.shape[0], cum.shape[1], bits.shape[0]], np.int64)
    return np.concatenate([head, ints, np.ascontiguousarray(cum).reshape(-1).view(np.int64),
                           bits.view(np.int64)])


def new_source_work(plan, decks=None, dealers=None, states=None) -> np.ndarray:
    """One chunk's ``wblob``: work arrays, results, and the chunk's deals when they were
    dealt beforehand (``decks``, ``dealers``, the stream ``states`` after each deal)."""
    ni, nu = int(plan.ints[H_IWORK]), int(plan.ints[H_UWORK])
    n = int(plan.ints[H_CARDS])
    k = 0 if decks is None else decks.shape[0]
    w = np.zeros(W_HEAD + ni + nu + k * (n + 5), np.uint64)
    w[W_PREDEALT] = k
    w[W_CARDS] = n
    w[W_IWORK] = ni
    w[W_UWORK] = nu
    if k:
        a = W_HEAD + ni + nu
        w[a:a + k * n] = np.asarray(decks, np.int64).reshape(-1).view(np.uint64)
        a += k * n
        w[a:a + k] = np.asarray(dealers, np.int64).view(np.uint64)
        a += k
        w[a:a + 4 * k] = np.asarray(states, np.uint64).reshape(-1)
    return w


@intrinsic
def _array_at(typingctx, address, size, dtype):
    """The ``size`` items of ``dtype`` at the integer ``address``, as a 1-d array without
    reference counting (its memory belongs to someone else, alive while it is used)."""
    dt = dtype.dtype if isinstance(dtype, types.DType) else getattr(dtype, "instance_type",
                                                                        None)
    if not isinstance(address, types.Integer) or not isinstance(size, types.Integer) or \
            not isinstance(dt, types.Number):
        return None
    arrty = types.Array(dt, 1, "C")

    def codegen(context, builder, signature, args):
        lty = context.get_data_type(dt)
        ary = context.make_array(arrty)(context, builder)
        itemsize = context.get_abi_sizeof(lty)
        context.populate_array(ary, data=builder.inttoptr(args[0], lty.as_pointer()),
                               shape=[context.cast(builder, args[1], size, types.intp)],
                               strides=[context.get_constant(types.intp, itemsize)],
                               itemsize=context.get_constant(types.intp, itemsize),
                               meminfo=None)
        return ary._getvalue()
    return arrty(address, size, dtype), codegen


@njit(inline="always")
def source_blobs(paddr, waddr):
    """The two blobs of a deal source given by address, as arrays without reference counting
    (their memory belongs to the source's Python object, alive while the kernel runs)."""
    ph = _array_at(paddr, 4, np.int64)
    pblob = _array_at(paddr, 4 + ph[0] + ph[1] * ph[2] + ph[3], np.int64)
    wh = _array_at(waddr, W_HEAD, np.uint64)
    n = np.int64(wh[W_CARDS])
    k = np.int64(wh[W_PREDEALT])
    wblob = _array_at(waddr, W_HEAD + np.int64(wh[W_IWORK]) + np.int64(wh[W_UWORK]) +
                      k * (n + 5), np.uint64)
    return pblob, wblob


@njit(inline="always")
def source_dealer_at(waddr):
    """The dealer the last deal of the source at ``waddr`` drew."""
    return np.int64(_array_at(waddr, W_HEAD, np.uint64)[W_DEALER])


def _deal_source_c(state_ptr, deck_ptr, paddr, waddr, i):
    """:func:`deal_source` behind a C function pointer (see :func:`deal_source_address`):
    the stream state (4 words) and a deck of :data:`SOURCE_DECK` int64 slots by address."""
    return deal_source(carray(state_ptr, 4), carray(deck_ptr, SOURCE_DECK), paddr, waddr, i)


#: the deck slots the C entry point writes (every game's deck fits)
SOURCE_DECK = 64
_C_SIG = types.int64(types.CPointer(types.uint64), types.CPointer(types.int64), types.int64,
                     types.int64, types.int64)
_C_ENTRY: list = []
_C_LOCK = threading.Lock()


def deal_source_address() -> int:
    """The address of :func:`deal_source` compiled once as a C function (``numba.cfunc``,
    cached on disk), which kernels call through the pointer they get in their conditioned
    deal source (:func:`simcore.deal.conditioned`).  A call would link the sampler's code
    into every kernel that deals conditioned deals, and LLVM would optimize and emit it
    again for each (about 5 s of compiling per kernel); through the pointer it is compiled
    once.  Compiled (or loaded) at the first conditioned source of the process."""
    with _C_LOCK:
        if not _C_ENTRY:
            from numba import cfunc
            _C_ENTRY.append(cfunc(_C_SIG, **JIT_OPTIONS)(_deal_source_c))
    return _C_ENTRY[0].address


@njit(_nrt=False)
def deal_source(state, deck, paddr, waddr, i):
    """Deal the ``i``-th deal of a chunk into ``deck`` from the packed plan at ``paddr`` (the
    stream ``state`` seeded for the deal), or copy it when the chunk was dealt beforehand;
    returns the dealer.  If the sampler gives up, ``wblob[W_FAILED]`` gets ``i + 1`` and the
    rest of the chunk is not dealt (Python raises the error).  Compiled without reference
    counting (``_nrt=False``): views of the blobs cost nothing."""
    pblob, wblob = source_blobs(paddr, waddr)
    n = np.int64(wblob[W_CARDS])
    k = np.int64(wblob[W_PREDEALT])
    ni = np.int64(wblob[W_IWORK])
    nu = np.int64(wblob[W_UWORK])
    if k > 0:
        a = W_HEAD + ni + nu
        for j in range(n):
            deck[j] = np.int64(wblob[a + i * n + j])
        a += k * n
        dealer = np.int64(wblob[a + i])
        a += k
        for j in range(4):
            state[j] = wblob[a + 4 * i + j]
        wblob[W_DEALER] = np.uint64(dealer)
        return dealer
    if wblob[W_FAILED] != 0:
        for j in range(n):
            deck[j] = j
        wblob[W_DEALER] = np.uint64(0)
        return 0
    n_ints = np.int64(pblob[0])
    n_edges = np.int64(pblob[1])
    limbs = np.int64(pblob[2])
    n_bits = np.int64(pblob[3])
    a = 4
    ints = pblob[a:a + n_ints]
    a += n_ints
    cum = pblob[a:a + n_edges * limbs].view(np.uint64).reshape((n_edges, limbs))
    a += n_edges * limbs
    bits = pblob[a:a + n_bits].view(np.uint64)
    iwork = wblob[W_HEAD:W_HEAD + ni].view(np.int64)
    uwork = wblob[W_HEAD + ni:W_HEAD + ni + nu]
    dealer, tries = deal_from_plan(state, deck, Plan(ints, cum, bits), iwork, uwork)
    wblob[W_TRIES] += np.uint64(tries)
    if dealer < 0:
        wblob[W_FAILED] = np.uint64(i + 1)
        dealer = 0
    wblob[W_DEALER] = np.uint64(dealer)
    return dealer
