"""Sueca kernels: dealing, play and batch loops over structured record arrays.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend
only on the deal indices it covers.
"""
import numpy as np
from numba import literally, types
from numba.extending import overload

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, popcount
from ..deal import SHUFFLED, deal_deck, first_dealer, is_shuffled, shuffle
from ..strategy import policies_of
from ..rng import MASK32, next64
from ..stack import stack_copy, stack_empty
from .enums import (HAND_SIZE, K_BANDEIRA, K_PENTE, K_POINTS_BANDEIRA, K_TIE, N_SEATS,
                    N_TRICKS, P_REDRAW, RANKS_PER_SUIT, P_RUBBER_GAMES, P_TIE_CARRY, P_TRUMP_FIRST, POINTS,
                    STRENGTH, SUIT, SUIT_MASKS, E_BANDEIRA, E_GAMES, E_PENTE,
                    E_POINTS_BANDEIRA, T_DEALER_OUTCOME, T_DEALER_POINTS, T_DEALER_TRUMPS,
                    T_GAMES0, T_GAMES1, T_OUTCOME, T_POINTS0, T_TRICKS0, DEAL_DTYPE)
from .scoring import score_deal
from .view import VIEW_DTYPE, view_deal, view_played, view_trick_done, view_turn

N_CARDS = N_SEATS * HAND_SIZE
_32 = np.uint64(32)


@njit(inline="always")
def deal_hands(deck, hands, dealer, trump_first):
    """Positions 10k..10k+9 to seat dealer+1+k; returns the face-up trump card."""
    for k in range(N_SEATS):
        h = np.uint64(0)
        for c in range(HAND_SIZE):
            h |= bit(deck[k * HAND_SIZE + c])
        hands[(dealer + 1 + k) & 3] = h
    return deck[N_CARDS - HAND_SIZE] if trump_first else deck[N_CARDS - 1]


@njit(inline="always")
def new_deal(state, deck, hands, dealer, params, source, i):
    """Fill the deck from ``source`` (:func:`simcore.deal.fill_deck`) and deal it;
    returns ``(face-up trump card, dealer)`` (a source may draw the dealer, see
    :func:`simcore.deal.source_dealer`).  Under ``redraw_point_trump`` a shuffled deal is
    shuffled and dealt again while that card is worth points (a given deck is dealt as
    it is)."""
    dealer = deal_deck(state, deck, N_CARDS, source, i, dealer)
    trump_first = params[P_TRUMP_FIRST] != 0
    card = deal_hands(deck, hands, dealer, trump_first)
    if params[P_REDRAW] != 0 and is_shuffled(source):
        while POINTS[card] > 0:
            shuffle(state, deck, N_CARDS)
            card = deal_hands(deck, hands, dealer, trump_first)
    return card, dealer


@njit(inline="always")
def play_with(state, hands, dealer, card, codes, v, sp, policy, level, check, draws, status,
              trace, t_cards, t_leader, t_winner, t_points, row):
    """Play the ten tricks of a dealt hand (``hands`` is emptied).

    ``policy`` is the lineup's play dispatcher (:func:`simcore.strategy.dispatcher`, an
    inlined function): ``codes[seat]`` is the seat's strategy in the lineup, ``sp`` the
    lineup's parameter records.  ``level`` is how much of the view ``v`` its strategies
    read (kept up to date as cards are played), ``check`` whether the cards they return
    are checked: a card that is not legal (possible only from a strategy that is not built
    in) stops the deal and ``status`` receives ``(1, seat, card)``.  ``draws`` false
    skips the per-trick draws, which only a caller whose stream ends with the deal and
    whose seats are all deterministic may do: nothing observes them, so results are
    unchanged.  Returns ``(points_team0, tricks_team0)``.  When ``trace`` is true the
    cards played and each trick's leader, winner and points go to row ``row`` of the
    ``t_*`` arrays."""
    trump = SUIT[card]
    leader = (dealer + 1) & 3
    points0 = 0
    tricks0 = 0
    view_deal(v, dealer, trump, card, level)
    for t in range(N_TRICKS):
        a = next64(state) if draws else np.uint64(0)
        b = next64(state) if draws else np.uint64(0)
        u1 = a & MASK32
        u2 = b >> _32
        u3 = b & MASK32
        p = leader
        h = hands[p]
        view_turn(v, t, 0, p, h, leader, 0, p, 0, 0, level)
        c = policy(codes[p], p, v, h, a >> _32, sp)
        if check and (c < 0 or c >= N_CARDS or (h & bit(c)) == 0):
            status[0] = 1
            status[1] = p
            status[2] = c
            return points0, tricks0
        hands[p] = h & ~bit(c)
        led = SUIT[c]
        led_mask = SUIT_MASKS[led]
        best = c
        winner = p
        tp = POINTS[c]
        best_key = (led == trump) * 32 + 16 + STRENGTH[c]
        view_played(v, t, 0, p, c, led, level)
        if trace:
            t_cards[row, 4 * t] = c
        for k in range(1, N_SEATS):
            p = (p + 1) & 3
            h = hands[p]
            follow = h & led_mask
            legal = follow if follow else h
            uk = u1 if k == 1 else (u2 if k == 2 else u3)
            view_turn(v, t, k, p, h, leader, led, winner, best, tp, level)
            c = policy(codes[p], p, v, legal, uk, sp)
            if check and (c < 0 or c >= N_CARDS or (legal & bit(c)) == 0):
                status[0] = 1
                status[1] = p
                status[2] = c
                return points0, tricks0
            hands[p] = h & ~bit(c)
            tp += POINTS[c]
            cs = SUIT[c]
            key = (cs == trump) * 32 + (cs == led) * 16 + STRENGTH[c]
            if key > best_key:
                best_key = key
                best = c
                winner = p
            view_played(v, t, k, p, c, led, level)
            if trace:
                t_cards[row, 4 * t + k] = c
        view_trick_done(v, t, leader, winner, tp, level)
        if trace:
            t_leader[row, t] = leader
            t_winner[row, t] = winner
            t_points[row, t] = tp
        if (winner & 1) == 0:
            points0 += tp
            tricks0 += 1
        leader = winner
    return points0, tricks0


@njit(inline="always")
def _write_deal(rec, d, dealer, trump, hands, points0, tricks0, kind, winner, games):
    rec.deal = d
    rec.dealer = dealer
    rec.trump_suit = trump
    tmask = SUIT_MASKS[trump]
    rec.trumps_seat0 = popcount(hands[0] & tmask)
    rec.trumps_seat1 = popcount(hands[1] & tmask)
    rec.trumps_seat2 = popcount(hands[2] & tmask)
    rec.trumps_seat3 = popcount(hands[3] & tmask)
    rec.points_team0 = points0
    rec.points_team1 = 120 - points0
    rec.tricks_team0 = tricks0
    rec.tricks_team1 = N_TRICKS - tricks0
    rec.outcome = 0 if kind == K_TIE else 2 * kind - 1 + winner
    rec.games_team0 = games if winner == 0 else 0
    rec.games_team1 = games if winner == 1 else 0
    ace = bit(trump * RANKS_PER_SUIT + RANKS_PER_SUIT - 1)
    seven = bit(trump * RANKS_PER_SUIT + RANKS_PER_SUIT - 2)
    for s in range(N_SEATS):
        if hands[s] & ace:
            rec.trump_ace_seat = s
        if hands[s] & seven:
            rec.trump_seven_seat = s


def run_deals(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index; ``lineup`` is the
    table's :class:`simcore.strategy.Lineup`; ``source`` where the deals come from
    (:func:`simcore.deal.fill_deck`).  With ``trace`` (the arrays of
    :func:`trace_buffers`, one row per deal) the full play is written out.  ``status``
    (int64[4]) receives ``(1, seat, card, deal)`` if a strategy returns an illegal card.
    Called from Python: one kernel is compiled per lineup, source and trace, when first
    needed.
    """
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2,
            not lineup.deterministic, source, lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, draws, source, sp,
               status, trace, t_hands, t_trump, t_cards, t_leader, t_winner, t_points, key):
    literally(key)   # one kernel per lineup: deals_loop chooses its policies when typed
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_trump, t_cards, t_leader, t_winner, t_points,
               np.empty(4, np.uint64), np.empty(N_CARDS, np.int64),
               np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64), va)


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_trump, t_cards, t_leader, t_winner, t_points,
               state, deck, hands, start_hands, va):
    """The loop of :func:`run_deals` over the chunk's deals (jitted code only), for the
    lineup ``key`` (a string literal): its policies are chosen here, when the kernel is
    typed, and only they are compiled.  One call per chunk, not inlined: the kernel's
    code is typed once, and the scratch arrays are the caller's."""
    raise NotImplementedError("deals_loop is called from jitted code only")


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
                status, trace, t_hands, t_trump, t_cards, t_leader, t_winner, t_points,
                state, deck, hands, start_hands, va):
    got = policies_of(key, "play")
    if got is None:
        return None
    level, check, policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
             status, trace, t_hands, t_trump, t_cards, t_leader, t_winner, t_points,
             state, deck, hands, start_hands, va):
        # the view, copied onto this frame's stack (alive while the loop runs; the compiler
        # keeps its fields in registers).  These lines come first: numba's dead-code
        # elimination sees writes into the copy as live only through names it has met
        # before the first inlined call (simcore.stack._copy_aliases).
        vs = stack_copy(va)
        v = vs[0]
        state = stack_empty(4, np.uint64)       # scratch in this frame, not the caller's
        deck = stack_empty(N_CARDS, np.int64)
        hands = stack_empty(N_SEATS, np.uint64)
        start_hands = stack_empty(N_SEATS, np.uint64)
        for i in range(out.shape[0]):
            d = start + i
            dealer = first_dealer(state, seed_base, d, N_SEATS, dealer_fixed)
            card, dealer = new_deal(state, deck, hands, dealer, params, source, i)
            row = i if trace else 0
            for s in range(N_SEATS):       # loops, not slices: no shape-error path to compile
                start_hands[s] = hands[s]
                if trace:
                    t_hands[row, s] = hands[s]
            if trace:
                t_trump[row] = card
            points0, tricks0 = play_with(state, hands, dealer, card, codes, v, sp, policy,
                                         level, check, draws, status, trace, t_cards, t_leader,
                                         t_winner, t_points, row)
            if status[0] != 0:
                status[3] = d
                return
            kind, winner, games = score_deal(points0, tricks0, params, 0)
            _write_deal(out[i], d, dealer, SUIT[card], start_hands, points0, tricks0, kind,
                        winner, games)
    return impl


def run_rubbers(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
                trace=None, max_deals=0, deals_out=None):
    """Play rubbers ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace`` (the arrays of :func:`trace_buffers` for ``max_deals`` deals plus an
    int64 (max_deals, 3) array for the games before each deal), ``out`` has one row and
    ``deals_out``/``trace`` receive its deals (at most ``max_deals``; returns -1 if the
    rubber was longer).  Returns the number of deals played (-1 also after an illegal
    card, see ``status``).  Compiled per lineup, as :func:`run_deals` is.
    """
    t = _NO_RUBBER_TRACE if trace is None else trace
    d_out = _NO_DEALS if deals_out is None else deals_out
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2, lineup.params,
            status, trace is not None, max_deals, d_out, *t)
    kernel = _run_rubbers if lineup.cacheable else _run_rubbers_nocache
    return specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, sp, status, trace,
                 max_deals, deals_out, t_hands, t_trump, t_cards, t_leader, t_winner, t_points,
                 t_before, key):
    literally(key)
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    return rubbers_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status,
                        trace, max_deals, deals_out, t_hands, t_trump, t_cards, t_leader,
                        t_winner, t_points, t_before, np.empty(4, np.uint64),
                        np.empty(N_CARDS, np.int64), np.empty(N_SEATS, np.uint64),
                        np.empty(N_SEATS, np.uint64), va)


def rubbers_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                 max_deals, deals_out, t_hands, t_trump, t_cards, t_leader, t_winner,
                 t_points, t_before, state, deck, hands, start_hands, va):
    """The loop of :func:`run_rubbers` (jitted code only), as :func:`deals_loop`."""
    raise NotImplementedError("rubbers_loop is called from jitted code only")


@overload(rubbers_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _rubbers_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                  max_deals, deals_out, t_hands, t_trump, t_cards, t_leader, t_winner,
                  t_points, t_before, state, deck, hands, start_hands, va):
    got = policies_of(key, "play")
    if got is None:
        return None
    level, check, policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
             max_deals, deals_out, t_hands, t_trump, t_cards, t_leader, t_winner, t_points,
             t_before, state, deck, hands, start_hands, va):
        v = va[0]
        whole = params[P_RUBBER_GAMES]
        total_deals = 0
        for i in range(out.shape[0]):
            r = start + i
            first = first_dealer(state, seed_base, r, N_SEATS, dealer_fixed)
            g0 = 0
            g1 = 0
            carry = 0
            n = 0
            end = E_GAMES
            while g0 < whole and g1 < whole:
                dealer = (first + n) % N_SEATS
                card, dealer = new_deal(state, deck, hands, dealer, params, SHUFFLED, 0)
                keep = trace and n < max_deals
                row = n if keep else 0
                for s in range(N_SEATS):
                    start_hands[s] = hands[s]
                    if keep:
                        t_hands[row, s] = hands[s]
                if keep:
                    t_trump[row] = card
                    t_before[row, 0] = g0
                    t_before[row, 1] = g1
                    t_before[row, 2] = carry
                # the rubber's stream goes on after the deal: the draws are always made
                points0, tricks0 = play_with(state, hands, dealer, card, codes, v, sp, policy,
                                             level, check, True, status, keep, t_cards,
                                             t_leader, t_winner, t_points, row)
                if status[0] != 0:
                    status[3] = r
                    return -1
                kind, winner, games = score_deal(points0, tricks0, params, carry)
                if keep:
                    _write_deal(deals_out[row], total_deals + n, dealer, SUIT[card],
                                start_hands, points0, tricks0, kind, winner, games)
                if kind == K_TIE:
                    if params[P_TIE_CARRY] != 0:
                        carry += 1
                else:
                    if kind != K_BANDEIRA and kind != K_POINTS_BANDEIRA:
                        carry = 0
                    if winner == 0:
                        g0 += games
                    else:
                        g1 += games
                    if kind == K_BANDEIRA:
                        end = E_BANDEIRA
                    elif kind == K_POINTS_BANDEIRA:
                        end = E_POINTS_BANDEIRA
                    elif kind == K_PENTE:
                        end = E_PENTE
                    else:
                        end = E_GAMES
                n += 1
            rec = out[i]
            rec.rubber = r
            rec.first_dealer = first
            rec.winner = 0 if g0 >= whole else 1
            rec.deals = n
            rec.games_team0 = g0
            rec.games_team1 = g1
            rec.end = end
            total_deals += n
            if trace and n > max_deals:
                return -1
        return total_deals
    return impl


_run_rubbers_nocache = njit(cache=False)(_run_rubbers.py_func)


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per deal: the hands dealt, the face-up card,
    every card played, and each trick's leader, winner and points."""
    return (np.zeros((n, N_SEATS), np.uint64), np.zeros(n, np.int64),
            np.zeros((n, N_SEATS * N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int8),
            np.zeros((n, N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int16))


_NO_TRACE = trace_buffers(1)
_NO_RUBBER_TRACE = _NO_TRACE + (np.zeros((1, 3), np.int64),)
_NO_DEALS = np.empty(1, DEAL_DTYPE)


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (see ``game.TOTALS``)."""
    for i in range(out.shape[0]):
        r = out[i]
        oc = np.int64(r.outcome)
        dteam = np.int64(r.dealer) & 1
        totals[T_OUTCOME + oc] += 1
        # from the dealer's side: relabel so that "team 0" is the dealer's team
        dc = oc
        if dteam == 1 and oc != 0:
            dc = oc + 1 if (oc & 1) == 1 else oc - 1
        totals[T_DEALER_OUTCOME + dc] += 1
        p0 = np.int64(r.points_team0)
        totals[T_POINTS0 + p0] += 1
        totals[T_DEALER_POINTS + (p0 if dteam == 0 else 120 - p0)] += 1
        totals[T_TRICKS0 + np.int64(r.tricks_team0)] += 1
        if dteam == 0:
            tr = np.int64(r.trumps_seat0) + np.int64(r.trumps_seat2)
        else:
            tr = np.int64(r.trumps_seat1) + np.int64(r.trumps_seat3)
        totals[T_DEALER_TRUMPS + tr] += 1
        totals[T_GAMES0] += r.games_team0
        totals[T_GAMES1] += r.games_team1
