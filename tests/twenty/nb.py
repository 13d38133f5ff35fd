"""Twenty's kernel: deal, play and record a chunk of deals (one compiled loop per lineup).

The shape of every game's ``nb.py`` (see ``simcore/sueca/nb.py``): ``run_deals`` (Python)
picks the kernel compiled for the table's lineup with ``simcore._jit.specialized``; the
cached kernel ``_run_deals`` calls one overload, ``deals_loop``, whose policies are chosen
when it is typed (``simcore.strategy.policies_of``).  No pandas, files or printing.
"""
import numpy as np
from numba import literally
from numba.extending import overload

from simcore._jit import KERNEL_OPTIONS, njit, specialized
from simcore.bits import bit
from simcore.deal import SHUFFLED, deal_deck, first_dealer
from simcore.rng import MASK32, next64
from simcore.strategy import policies_of

from .enums import (HAND_SIZE, N_CARDS, N_DEALT, N_SEATS, N_TRICKS, P_LAST_TRICK, POINTS,
                    SUIT, SUIT_MASKS)
from .scoring import outcome
from .view import VIEW_DTYPE, view_deal, view_played, view_trick_done, view_turn

_32 = np.uint64(32)


@njit(inline="always")
def play_with(state, hands, dealer, params, codes, v, sp, policy, level, check, status,
              points, tricks, trace, t_cards, t_leader, t_winner, t_points, row):
    """Play the five tricks of a dealt hand into ``points`` and ``tricks`` (by seat).  A
    card a strategy may not play (checked when ``check``: strategies not built in) stops
    the deal with ``status = (1, seat, card)``."""
    leader = (dealer + 1) & 1
    view_deal(v, dealer, level)
    for s in range(N_SEATS):
        points[s] = 0
        tricks[s] = 0
    for t in range(N_TRICKS):
        x = next64(state)
        p = leader
        h = hands[p]
        view_turn(v, t, 0, p, h, -1, level)
        c = policy(codes[p], p, v, h, x >> _32, sp)
        if check and (c < 0 or c >= N_CARDS or (h & bit(c)) == 0):
            status[0] = 1
            status[1] = p
            status[2] = c
            return
        hands[p] = h & ~bit(c)
        view_played(v, c, level)
        q = p ^ 1
        h = hands[q]
        follow = h & SUIT_MASKS[SUIT[c]]
        legal = follow if follow else h
        view_turn(v, t, 1, q, h, c, level)
        d = policy(codes[q], q, v, legal, x & MASK32, sp)
        if check and (d < 0 or d >= N_CARDS or (legal & bit(d)) == 0):
            status[0] = 1
            status[1] = q
            status[2] = d
            return
        hands[q] = h & ~bit(d)
        view_played(v, d, level)
        winner = q if (SUIT[d] == SUIT[c] and d > c) else p
        tp = POINTS[c] + POINTS[d]
        view_trick_done(v, winner, tp, level)
        points[winner] += tp
        tricks[winner] += 1
        if trace:
            t_cards[row, 2 * t] = c
            t_cards[row, 2 * t + 1] = d
            t_leader[row, t] = leader
            t_winner[row, t] = winner
            t_points[row, t] = tp
        leader = winner
    points[leader] += params[P_LAST_TRICK]     # the last trick's winner leads no more


def run_deals(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out`` (with
    ``trace``, the arrays of :func:`trace_buffers`: the full play)."""
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2, source,
            lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, source, sp, status,
               trace, t_hands, t_cards, t_leader, t_winner, t_points, key):
    literally(key)   # one kernel per lineup: deals_loop chooses its policies when typed
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, source, sp, status,
               trace, t_hands, t_cards, t_leader, t_winner, t_points, va)


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, source, sp, status,
               trace, t_hands, t_cards, t_leader, t_winner, t_points, va):
    """The chunk loop of :func:`run_deals` for the lineup ``key`` (jitted code only)."""
    raise NotImplementedError("deals_loop is called from jitted code only")


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, source, sp, status,
                trace, t_hands, t_cards, t_leader, t_winner, t_points, va):
    got = policies_of(key, "play")
    if got is None:
        return None
    level, check, policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, source, sp, status,
             trace, t_hands, t_cards, t_leader, t_winner, t_points, va):
        v = va[0]
        state = np.empty(4, np.uint64)
        deck = np.empty(N_CARDS, np.int64)
        hands = np.empty(N_SEATS, np.uint64)
        points = np.empty(N_SEATS, np.int64)
        tricks = np.empty(N_SEATS, np.int64)
        for i in range(out.shape[0]):
            d = start + i
            dealer = first_dealer(state, seed_base, d, N_SEATS, dealer_fixed)
            dealer = deal_deck(state, deck, N_CARDS, source, i, dealer)
            row = i if trace else 0
            for k in range(N_SEATS):           # deck 0..4 to the dealer's left, 5..9 to it
                h = np.uint64(0)
                for j in range(HAND_SIZE):
                    h |= bit(deck[k * HAND_SIZE + j])
                hands[(dealer + 1 + k) & 1] = h
                if trace:
                    t_hands[row, (dealer + 1 + k) & 1] = h
            if trace:
                aside = np.uint64(0)
                for j in range(N_DEALT, N_CARDS):
                    aside |= bit(deck[j])
                t_hands[row, N_SEATS] = aside
            play_with(state, hands, dealer, params, codes, v, sp, policy, level, check,
                      status, points, tricks, trace, t_cards, t_leader, t_winner, t_points,
                      row)
            if status[0] != 0:
                status[3] = d
                return
            r = out[i]
            r.deal = d
            r.dealer = dealer
            r.points_seat0 = points[0]
            r.points_seat1 = points[1]
            r.tricks_seat0 = tricks[0]
            r.tricks_seat1 = tricks[1]
            r.outcome = outcome(points[0], points[1])
    return impl


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per deal: the hands dealt (and the cards set
    aside, column 2), every card played, each trick's leader, winner and points."""
    return (np.zeros((n, N_SEATS + 1), np.uint64), np.zeros((n, 2 * N_TRICKS), np.int8),
            np.zeros((n, N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int8),
            np.zeros((n, N_TRICKS), np.int16))


_NO_TRACE = trace_buffers(1)
