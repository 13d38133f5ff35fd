"""Scopa play policies over the view of :mod:`simcore.scopa.view`.

Each policy is ``f(v, legal, u, p) -> move`` (see :mod:`simcore.strategy`): the move is a
uint64 mask ``bit(card) | captured`` (a lay: the card's bit alone), ``legal`` the mask of
the hand's cards that have at least one legal move under the rule ``must_capture`` in force
(``simcore/scopa/view.py``).  The helpers take uint64 scalars only (no arrays: the kernels'
play loops stay free of reference counting).  ``pick_random`` and ``pick_greedy`` play the
same moves from a hand and a table, for callers outside the kernels.  The exact definitions
of ``random`` and ``greedy`` are in ``docs/games/scopa.md`` ("Strategies"); ``expert`` is
described there rule by rule.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import ctz, nth_bit, popcount, select_bit
from simcore.scopa.enums import (ACES, COINS, EQUAL_MASK, MAX_SUM_CAPTURES, N_CARDS, N_PLAYS,
                                 SETTEBELLO, SEVENS, SIXES, VALUE, VALUE_MASK)
from simcore.scopa.moves import (LOWER_MASK, PACK_MAX_TABLE, WALK_MAX, mask_sum,
                                 nth_sum_capture, packed_counts, sum_captures, sum_count,
                                 sum_count_exact, sum_count_packed)
from simcore.strategy import Param, register

GAME = "scopa"
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_32 = np.uint64(32)
_BIG = 1 << 30
_TOP = np.uint64(1) << np.uint64(63)
_SETTEBELLO = np.uint64(SETTEBELLO)


# --- random ------------------------------------------------------------------------------
@njit(inline="always")
def random_move(hand, table, g, u32, bmi2, any_card):
    """The legal move at position (u32 * n) >> 32 in canonical order, as a move mask.

    ``g``: the table's packed subset-sum counts (``simcore.scopa.moves``); ``any_card``:
    the rule ``must_capture`` is ``any_card``.  The legal moves are computed here from the
    hand (the ``legal`` cards follow from the same counts: reading them would only lengthen
    the chain of dependent operations of a play).  The hand holds 1 to 3 cards: their move
    counts are kept in locals; only the chosen move is built.  Tables too big for the
    packed counts (rare) are played out of line."""
    if table == 0:               # every card is laid
        n = np.int64(popcount(hand))
        return _ONE << np.uint64(select_bit(hand, np.int64((u32 * np.uint64(n)) >> _32),
                                            bmi2))
    if popcount(table) > PACK_MAX_TABLE:
        return random_move_big(hand, table, g, u32, bmi2, any_card)
    return random_move_of(hand, table, g, u32, bmi2, any_card, sum_count_packed)


@njit
def random_move_big(hand, table, g, u32, bmi2, any_card):
    return random_move_of(hand, table, g, u32, bmi2, any_card, sum_count_exact)


@njit(inline="always")
def random_move_of(hand, table, g, u32, bmi2, any_card, count):
    """:func:`random_move` on a non-empty table; ``count(v, table, g)`` is the number of
    subsets of the table adding up to ``v`` (``moves.sum_count_packed``, or
    ``moves.sum_count_exact`` for tables of more than ``PACK_MAX_TABLE`` cards).

    Each card's legal moves: its captures (its equal cards, else its sums); if it has none,
    its lay -- except under ``any_card`` when some card of the hand can capture (then it
    has none)."""
    c0 = ctz(hand)
    k0 = n_captures_with(c0, table, g, count)
    h = hand & (hand - _ONE)
    c1 = ctz(h | _TOP)           # the second and third cards, if any (branch-free)
    k1 = n_captures_with(c1, table, g, count) if h else 0
    in1 = h != 0
    h &= h - _ONE
    c2 = ctz(h | _TOP)
    k2 = n_captures_with(c2, table, g, count) if h else 0
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
    if (eq == 0) & (count(v, table, g) > 0):
        cap = nth_sum_capture(table, v, j)
    return (_ONE << np.uint64(c)) | cap


@njit(inline="always")
def n_captures_with(c, table, g, count):
    """Number of captures of card ``c`` (its equal cards, else its sums, counted by
    ``count``); 0: it cannot capture."""
    e = np.int64(popcount(table & EQUAL_MASK[c]))
    k = count(VALUE[c], table, g)
    return e if e > 0 else k


# --- greedy ------------------------------------------------------------------------------
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
    """The legal move of highest value, the first in canonical order on ties, as a move
    mask.  Under ``any_card`` the lays are valued apart, and one is played only if no card
    of the hand can capture.  (The legal moves are worked out here from the hand, as
    ``random`` does, rather than from ``legal``: reading ``legal`` would put its
    computation on the chain of dependent operations of every play.)"""
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
        return _ONE << np.uint64(lay_c)
    return (_ONE << np.uint64(best_c)) | best_cap


# --- the policies --------------------------------------------------------------------------
def random_play(v, legal, u, p):
    """uniform over the legal (card, capture) moves"""
    return random_move(v.hand, v.table, v.counts, u, v.bmi2, v.must_capture != 0)


def greedy_play(v, legal, u, p):
    """the move that takes the most value (scopa, settebello, coins, sevens, sixes, aces,
    cards) minus what it leaves to sweep"""
    return greedy_move(v.hand, v.table, v.counts, v.play == N_PLAYS - 1, v.last_play_scopa,
                       v.must_capture != 0)


register(GAME, "random", random_play, deterministic=False, view="trick")
register(GAME, "greedy", greedy_play, deterministic=True, view="trick")


# --- expert ------------------------------------------------------------------------------
# The rules are stated in docs/games/scopa.md ("expert").  Helpers take and return scalars
# only (no arrays): compiled once, not copied into the kernel's IR at every call site.
_ALL = np.uint64((1 << N_CARDS) - 1)


@njit(inline="always")
def worth(m, card_w, coin_w, bello_w, seven_w, six_w, ace_w):
    """expert's value of the cards ``m`` in a pile (cards, coins, settebello, primiera)."""
    return card_w * np.int64(popcount(m)) + coin_w * np.int64(popcount(m & COINS)) \
        + bello_w * np.int64((m >> _SETTEBELLO) & _ONE) \
        + seven_w * np.int64(popcount(m & SEVENS)) + six_w * np.int64(popcount(m & SIXES)) \
        + ace_w * np.int64(popcount(m & ACES))


@njit(inline="always")
def expert_value(c, cap, table, unseen, last_play, lps, scopa_w, card_w, coin_w, bello_w,
                 seven_w, six_w, ace_w, risk_w):
    """expert's value of playing card ``c`` taking ``cap`` (0: a lay)."""
    cb = _ONE << np.uint64(c)
    if cap:
        val = worth(cap | cb, card_w, coin_w, bello_w, seven_w, six_w, ace_w)
        after = table & ~cap
        if after == 0 and (lps or not last_play):
            val += scopa_w
    else:
        val = -worth(cb, card_w, coin_w, bello_w, seven_w, six_w, ace_w)
        after = table | cb
    if not last_play and after != 0:
        s = mask_sum(after)
        # a sum an unseen card can sweep (the next seats may hold it)
        if s <= 10 and (unseen & VALUE_MASK[s]) != 0:
            val -= risk_w
        # the settebello left where an unseen seven takes it
        if (after >> _SETTEBELLO) & _ONE and (unseen & SEVENS) != 0:
            val -= bello_w
    return val


@njit
def expert_move(hand, table, legal, unseen, last_play, lps, scopa_w, card_w, coin_w,
                bello_w, seven_w, six_w, ace_w, risk_w):
    """The move of highest value among the cards of ``legal``, the first in canonical
    order (card, then capture mask, ascending) on ties, as a move mask."""
    best = -_BIG
    best_mv = _ZERO
    m = legal
    while m:
        c = ctz(m)
        m &= m - _ONE
        cb = _ONE << np.uint64(c)
        eq = table & EQUAL_MASK[c]
        if eq:
            e = eq
            while e:
                cap = e & (~e + _ONE)
                e &= e - _ONE
                val = expert_value(c, cap, table, unseen, last_play, lps, scopa_w, card_w,
                                   coin_w, bello_w, seven_w, six_w, ace_w, risk_w)
                if val > best:
                    best, best_mv = val, cb | cap
            continue
        v = VALUE[c]
        low = table & LOWER_MASK[v]
        found = False
        if popcount(low) > WALK_MAX:      # very rare: the depth-first enumeration
            work = np.empty(4 * 40, dtype=np.int64)
            buf = np.empty(MAX_SUM_CAPTURES, dtype=np.uint64)
            n = sum_captures(table, v, work, buf, MAX_SUM_CAPTURES)
            for i in range(n):
                found = True
                val = expert_value(c, buf[i], table, unseen, last_play, lps, scopa_w, card_w,
                                   coin_w, bello_w, seven_w, six_w, ace_w, risk_w)
                if val > best:
                    best, best_mv = val, cb | buf[i]
        else:
            sub = _ZERO
            while True:                   # the subsets of ``low``, ascending
                sub = (sub - low) & low
                if sub == 0:
                    break
                if mask_sum(sub) == v:   # two cards or more: no single card is worth v
                    found = True
                    val = expert_value(c, sub, table, unseen, last_play, lps, scopa_w,
                                       card_w, coin_w, bello_w, seven_w, six_w, ace_w, risk_w)
                    if val > best:
                        best, best_mv = val, cb | sub
        if not found:                     # it cannot capture: it is laid
            val = expert_value(c, _ZERO, table, unseen, last_play, lps, scopa_w, card_w,
                               coin_w, bello_w, seven_w, six_w, ace_w, risk_w)
            if val > best:
                best, best_mv = val, cb
    return best_mv


def expert_play(v, legal, u, p):
    """card memory: values each legal move by what it takes (scopa, settebello, coins,
    sevens, sixes, aces, cards), lays the least valuable card, and counts what the cards
    not yet seen could sweep or take back"""
    unseen = _ALL & ~v.public & ~v.hand
    return expert_move(v.hand, v.table, legal, unseen if p.memory else _ALL & ~v.hand,
                       v.play == N_PLAYS - 1, v.last_play_scopa, p.scopa, p.card, p.coin,
                       p.settebello, p.seven, p.six, p.ace, p.risk)


register(GAME, "expert", expert_play, deterministic=True, view="full", params=[
    Param("scopa", 30, "value of a scopa", minimum=0, maximum=1000),
    Param("settebello", 15, "value of taking the settebello (and cost of leaving it where "
                            "an unseen seven can take it)", minimum=0, maximum=1000),
    Param("coin", 3, "value of each coin (denaro) taken", minimum=0, maximum=1000),
    Param("seven", 4, "value of each seven taken (primiera)", minimum=0, maximum=1000),
    Param("six", 2, "value of each six taken (primiera)", minimum=0, maximum=1000),
    Param("ace", 1, "value of each ace taken (primiera)", minimum=0, maximum=1000),
    Param("card", 1, "value of each card taken", minimum=0, maximum=1000),
    Param("risk", 20, "cost of leaving a table whose sum (10 or less) a card not yet seen "
                      "can sweep", minimum=0, maximum=1000),
    Param("memory", True, "count only the cards not yet seen (false: every card not in "
                          "hand may still be out)"),
])


# --- the same moves from a hand and a table (callers outside the kernels) ------------------
@njit
def pick_random(hand, table, g, cnt, u32, bmi2, work, buf, any_card):
    """``random``'s move ``(card, captured)`` (``cnt``, ``work`` and ``buf`` are unused,
    kept for callers)."""
    mv = random_move(hand, table, g, u32, bmi2, any_card)
    return ctz(mv & hand), mv & table


@njit
def pick_greedy(hand, table, cnt, last_play, lps, work, buf, any_card):
    """``greedy``'s move ``(card, captured)`` from the table alone (``cnt``, ``work``,
    ``buf`` unused)."""
    g = packed_counts(table)
    mv = greedy_move(hand, table, g, last_play, lps, any_card)
    return ctz(mv & hand), mv & table
