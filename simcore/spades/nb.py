"""Spades kernels: dealing, bidding, play and batch loops over structured record arrays.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend only on the
indices it covers.  How each step consumes the stream is in ``docs/games/spades.md``:
26 outputs for the shuffle, 2 before bidding, 2 before each trick (54 a hand).

Strategies come as a :class:`simcore.strategy.Lineup`: one kernel is compiled per lineup
(its ``key``), whose loop (:func:`deals_loop`, :func:`games_loop`) picks the lineup's
``bid`` and ``play`` policies when typed and keeps the view of :mod:`.view` as up to date
as they need.
"""
import numpy as np
from numba import literally
from numba.extending import overload

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, popcount
from ..deal import SHUFFLED, deal_deck, first_dealer
from ..rng import MASK32, next64
from ..strategy import policies_of
from .bidding import default_bid
from .enums import (BLIND_NIL_TRAIL, DEAL_DTYPE, E_MAX_HANDS, E_MERCY, E_TARGET, HAND_SIZE,
                    N_CARDS, N_SEATS, N_TRICKS, NON_SPADES, O_TEAM0, O_TEAM1, O_TIE,
                    P_BAG_LIMIT, P_BAG_PENALTY, P_BAG_POINTS, P_BLIND_NIL, P_BREAK_SPADES,
                    P_MAX_HANDS, P_TARGET, SPADES, STRENGTH, SUIT, SUIT_MASKS, T_BAGS, T_BIDS,
                    T_DEALER_OUTCOME, T_MADE, T_NIL, T_OUTCOME, T_SCORE, T_SET, T_TRICKS0)
from .scoring import add_bags, game_over, nil_result, score_team
from .view import (ALL_BIDS, BLIND_NIL, BLIND_OFFER, SEE_CARDS, VIEW_DTYPE, view_bid,
                   view_bidder, view_hand, view_played, view_rules, view_trick_done, view_turn)

_32 = np.uint64(32)
_ONE = np.uint64(1)


@njit(inline="always")
def new_hand(state, deck, hands, dealer, source, i):
    """Fill the deck from ``source`` (:func:`simcore.deal.fill_deck`: the documented shuffle
    of the identity deck, or a given order); positions 13k..13k+12 go to seat dealer+1+k.
    Returns the dealer (a conditioned source draws it, :func:`simcore.deal.source_dealer`)."""
    dealer = deal_deck(state, deck, N_CARDS, source, i, dealer)
    for k in range(N_SEATS):
        h = np.uint64(0)
        for c in range(HAND_SIZE):
            h |= bit(deck[k * HAND_SIZE + c])
        hands[(dealer + 1 + k) & 3] = h
    return dealer


@njit(inline="always")
def bidding_with(state, hands, dealer, codes, v, sp, policy, level, check, draws, offer0,
                 offer1, bids, blind, status):
    """Two outputs, then each player from dealer+1 bids with its draw ``u[k]``.

    ``policy`` is the lineup's bid dispatcher.  A player whose team is offered blind nil
    (``offer0``/``offer1``) is first asked with ``legal = BLIND_OFFER`` and no cards in
    its view; ``SEE_CARDS`` then asks its ordinary bid (:mod:`.view`).  ``bids`` and
    ``blind`` receive the bids by seat (blind nil: 0 and 1).  An illegal bid (checked
    only for a lineup that is not built in) stops the hand: ``status = (2, seat, bid)``."""
    a = next64(state) if draws else np.uint64(0)
    b = next64(state) if draws else np.uint64(0)
    for k in range(N_SEATS):
        p = (dealer + 1 + k) & 3
        if k == 0:
            uk = a >> _32
        elif k == 1:
            uk = a & MASK32
        elif k == 2:
            uk = b >> _32
        else:
            uk = b & MASK32
        offer = offer0 if (p & 1) == 0 else offer1
        while True:
            legal = BLIND_OFFER if offer else ALL_BIDS
            view_bidder(v, p, np.uint64(0) if offer else hands[p])
            x = policy(codes[p], p, v, legal, uk, sp)
            if check and (x < 0 or x > SEE_CARDS or (legal & (_ONE << np.uint64(x))) == 0):
                status[0] = 2
                status[1] = p
                status[2] = x
                return
            if offer and x == SEE_CARDS:
                offer = False
                continue
            break
        if x == BLIND_NIL:
            bids[p] = 0
            blind[p] = 1
        else:
            bids[p] = x
            blind[p] = 0
        view_bid(v, p, bids[p], x == BLIND_NIL, level)


@njit(inline="always")
def play_with(state, hands, dealer, codes, v, sp, policy, level, check, draws, break_spades,
              tricks, status, trace, t_cards, t_leader, t_winner, row):
    """Play the 13 tricks of a dealt hand (``hands`` is emptied); ``tricks`` receives the
    tricks taken by seat.

    ``policy`` is the lineup's play dispatcher (:func:`simcore.strategy.dispatcher`):
    ``codes[seat]`` is the seat's strategy in the lineup, ``sp`` the lineup's parameter
    records; ``level`` how much of the view ``v`` its strategies read.  ``check``: a card
    that is not legal stops the hand with ``status = (1, seat, card)``.  ``draws`` false
    skips the per-trick draws (only when nothing can observe them: single hands of
    deterministic seats).  With ``trace`` the cards played and each trick's leader and
    winner go to row ``row`` of the ``t_*`` arrays."""
    for s in range(N_SEATS):
        tricks[s] = 0
    leader = (dealer + 1) & 3
    broken = False
    for t in range(N_TRICKS):
        a = next64(state) if draws else np.uint64(0)
        b = next64(state) if draws else np.uint64(0)
        p = leader
        led = 0
        led_mask = np.uint64(0)
        winner = p
        best = 0
        best_key = -1
        spade = False
        for k in range(N_SEATS):
            h = hands[p]
            if k == 0:
                legal = h
                if break_spades and not broken:
                    plain = h & NON_SPADES
                    if plain:
                        legal = plain
                uk = a >> _32
            else:
                follow = h & led_mask
                legal = follow if follow else h
                uk = (a & MASK32) if k == 1 else ((b >> _32) if k == 2 else (b & MASK32))
            view_turn(v, t, k, p, h, leader, led, winner, best, level)
            c = policy(codes[p], p, v, legal, uk, sp)
            if check and (c < 0 or c >= N_CARDS or (legal & bit(c)) == 0):
                status[0] = 1
                status[1] = p
                status[2] = c
                return
            hands[p] = h & ~bit(c)
            cs = SUIT[c]
            if k == 0:
                led = cs
                led_mask = SUIT_MASKS[cs]
            key = (cs == SPADES) * 32 + (cs == led) * 16 + STRENGTH[c]
            if key > best_key:
                best_key = key
                best = c
                winner = p
            if cs == SPADES:
                spade = True
            view_played(v, t, k, p, c, led, level)
            if trace:
                t_cards[row, 4 * t + k] = c
            p = (p + 1) & 3
        if spade:
            broken = True
        view_trick_done(v, t, leader, winner, spade, level)
        if trace:
            t_leader[row, t] = leader
            t_winner[row, t] = winner
        tricks[winner] += 1
        leader = winner


@njit(inline="always")
def score_hand(bids, blind, tricks, params):
    """``(score0, score1, bags0, bags1, made0, made1)`` of a played hand."""
    bp = params[P_BAG_POINTS]
    s0, g0, m0 = score_team(bids[0], bids[2], blind[0] != 0, blind[2] != 0, tricks[0], tricks[2], bp)
    s1, g1, m1 = score_team(bids[1], bids[3], blind[1] != 0, blind[3] != 0, tricks[1], tricks[3], bp)
    return s0, s1, g0, g1, m0, m1


@njit(inline="always")
def _write_dealt(rec, hands):
    """The spades of each seat's hand as dealt (before any card is played)."""
    sm = SUIT_MASKS[SPADES]
    rec.spades_seat0 = popcount(hands[0] & sm)
    rec.spades_seat1 = popcount(hands[1] & sm)
    rec.spades_seat2 = popcount(hands[2] & sm)
    rec.spades_seat3 = popcount(hands[3] & sm)


@njit(inline="always")
def write_hand(rec, d, dealer, bids, blind, tricks, s0, s1, g0, g1):
    rec.deal = d
    rec.dealer = dealer
    rec.bid_seat0 = bids[0]
    rec.bid_seat1 = bids[1]
    rec.bid_seat2 = bids[2]
    rec.bid_seat3 = bids[3]
    rec.tricks_seat0 = tricks[0]
    rec.tricks_seat1 = tricks[1]
    rec.tricks_seat2 = tricks[2]
    rec.tricks_seat3 = tricks[3]
    rec.score_team0 = s0
    rec.score_team1 = s1
    rec.bags_team0 = g0
    rec.bags_team1 = g1
    rec.nil_seat0 = nil_result(bids[0], blind[0] != 0, tricks[0])
    rec.nil_seat1 = nil_result(bids[1], blind[1] != 0, tricks[1])
    rec.nil_seat2 = nil_result(bids[2], blind[2] != 0, tricks[2])
    rec.nil_seat3 = nil_result(bids[3], blind[3] != 0, tricks[3])
    rec.outcome = O_TEAM0 if s0 > s1 else (O_TEAM1 if s1 > s0 else O_TIE)


@njit(inline="always")
def _rules_into_view(v, params, level):
    view_rules(v, params[P_TARGET], params[P_BAG_POINTS], params[P_BAG_LIMIT],
               params[P_BAG_PENALTY], params[P_BREAK_SPADES], level)


# --- single hands ----------------------------------------------------------------------
def run_deals(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play hands ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the hand index; ``lineup`` is the table's
    :class:`simcore.strategy.Lineup`; ``source`` where the deals come from
    (:func:`simcore.deal.fill_deck`).  With ``trace`` (the arrays of :func:`trace_buffers`,
    one row per hand) the full play is written out.  ``status`` (int64[4]) receives
    ``(1, seat, card, hand)`` if a strategy returns an illegal card, ``(2, seat, bid,
    hand)`` an illegal bid.  No blind nil in single hands.  Called from Python: one kernel
    is compiled per lineup, source and trace, when first needed.
    """
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2,
            not lineup.deterministic, source, lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, draws, source, sp,
               status, trace, t_hands, t_cards, t_leader, t_winner, key):
    literally(key)   # one kernel per lineup: deals_loop chooses its policies when typed
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_cards, t_leader, t_winner,
               np.empty(4, np.uint64), np.empty(N_CARDS, np.int64),
               np.empty(N_SEATS, np.uint64), np.zeros(N_SEATS, np.int64),
               np.zeros(N_SEATS, np.int64), np.zeros(N_SEATS, np.int64), va)


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_cards, t_leader, t_winner, state, deck, hands, bids,
               blind, tricks, va):
    """The loop of :func:`run_deals` over the chunk's hands (jitted code only), for the
    lineup ``key`` (a string literal): its policies are chosen here, when the kernel is
    typed, and only they are compiled.  One call per chunk, not inlined."""
    raise NotImplementedError("deals_loop is called from jitted code only")


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
                status, trace, t_hands, t_cards, t_leader, t_winner, state, deck, hands, bids,
                blind, tricks, va):
    got = policies_of(key, "play", "bid", defaults={"bid": default_bid})
    if got is None:
        return None
    level, check, policy, bid_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
             status, trace, t_hands, t_cards, t_leader, t_winner, state, deck, hands, bids,
             blind, tricks, va):
        v = va[0]                   # the view lives in va, which the caller keeps alive
        break_spades = params[P_BREAK_SPADES] != 0
        _rules_into_view(v, params, level)
        for i in range(out.shape[0]):
            d = start + i
            dealer = first_dealer(state, seed_base, d, N_SEATS, dealer_fixed)
            dealer = new_hand(state, deck, hands, dealer, source, i)
            _write_dealt(out[i], hands)
            row = i if trace else 0
            if trace:
                for s in range(N_SEATS):       # loops, not slices: no shape-error path
                    t_hands[row, s] = hands[s]
            view_hand(v, dealer, 0, 0, 0, 0, 0, 0, level)
            bidding_with(state, hands, dealer, codes, v, sp, bid_policy, level, check, draws,
                         False, False, bids, blind, status)
            if status[0] == 0:
                play_with(state, hands, dealer, codes, v, sp, policy, level, check, draws,
                          break_spades, tricks, status, trace, t_cards, t_leader, t_winner, row)
            if status[0] != 0:
                status[3] = d
                return
            s0, s1, g0, g1, m0, m1 = score_hand(bids, blind, tricks, params)
            write_hand(out[i], d, dealer, bids, blind, tricks, s0, s1, g0, g1)
    return impl


# --- games to the target ------------------------------------------------------------------
def run_rubbers(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
                trace=None, max_trace=0, hands_out=None):
    """Play games ``start .. start + len(out) - 1`` to the target into the records ``out``.

    Game g uses stream g of ``seed_base`` for all its hands.  With ``trace`` (the arrays of
    :func:`trace_buffers` for ``max_trace`` hands plus an int64 (max_trace, 6) array),
    ``out`` has one row and ``hands_out``/``trace`` receive its hands (at most
    ``max_trace``; returns -1 if the game was longer); the last array gets the game scores
    and bags before hand j, then the bag penalties of hand j.  Returns the number of hands
    played (-1 also after an illegal decision, see ``status``).  Compiled per lineup, as
    :func:`run_deals` is.
    """
    t = _NO_GAME_TRACE if trace is None else trace
    h_out = _NO_HANDS if hands_out is None else hands_out
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2, lineup.params,
            status, trace is not None, max_trace, h_out, *t)
    kernel = _run_rubbers if lineup.cacheable else _run_rubbers_nocache
    return specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, sp, status, trace,
                 max_trace, hands_out, t_hands, t_cards, t_leader, t_winner, t_before, key):
    literally(key)
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    return games_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status,
                      trace, max_trace, hands_out, t_hands, t_cards, t_leader, t_winner,
                      t_before, np.empty(4, np.uint64), np.empty(N_CARDS, np.int64),
                      np.empty(N_SEATS, np.uint64), np.zeros(N_SEATS, np.int64),
                      np.zeros(N_SEATS, np.int64), np.zeros(N_SEATS, np.int64), va)


_run_rubbers_nocache = njit(cache=False)(_run_rubbers.py_func)


def games_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
               max_trace, hands_out, t_hands, t_cards, t_leader, t_winner, t_before, state,
               deck, hands, bids, blind, tricks, va):
    """The loop of :func:`run_rubbers` (jitted code only), as :func:`deals_loop`."""
    raise NotImplementedError("games_loop is called from jitted code only")


@overload(games_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _games_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                max_trace, hands_out, t_hands, t_cards, t_leader, t_winner, t_before, state,
                deck, hands, bids, blind, tricks, va):
    got = policies_of(key, "play", "bid", defaults={"bid": default_bid})
    if got is None:
        return None
    level, check, policy, bid_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
             max_trace, hands_out, t_hands, t_cards, t_leader, t_winner, t_before, state,
             deck, hands, bids, blind, tricks, va):
        v = va[0]
        break_spades = params[P_BREAK_SPADES] != 0
        blind_rule = params[P_BLIND_NIL] != 0
        max_hands = params[P_MAX_HANDS]
        _rules_into_view(v, params, level)
        total_hands = 0
        for i in range(out.shape[0]):
            g = start + i
            first = first_dealer(state, seed_base, g, N_SEATS, dealer_fixed)
            sc0 = 0
            sc1 = 0
            bg0 = 0
            bg1 = 0
            n = 0
            winner = -1
            end = E_MAX_HANDS
            while True:
                dealer = (first + n) % N_SEATS
                new_hand(state, deck, hands, dealer, SHUFFLED, 0)
                keep = trace and n < max_trace
                row = n if keep else 0
                if keep:
                    _write_dealt(hands_out[row], hands)
                    for s in range(N_SEATS):
                        t_hands[row, s] = hands[s]
                    t_before[row, 0] = sc0
                    t_before[row, 1] = sc1
                    t_before[row, 2] = bg0
                    t_before[row, 3] = bg1
                view_hand(v, dealer, 1, n, sc0, sc1, bg0, bg1, level)
                bt0 = blind_rule and sc1 - sc0 >= BLIND_NIL_TRAIL
                bt1 = blind_rule and sc0 - sc1 >= BLIND_NIL_TRAIL
                # the game's stream goes on after the hand: the draws are always made
                bidding_with(state, hands, dealer, codes, v, sp, bid_policy, level, check,
                             True, bt0, bt1, bids, blind, status)
                if status[0] == 0:
                    play_with(state, hands, dealer, codes, v, sp, policy, level, check, True,
                              break_spades, tricks, status, keep, t_cards, t_leader, t_winner,
                              row)
                if status[0] != 0:
                    status[3] = g
                    return -1
                s0, s1, g0, g1, m0, m1 = score_hand(bids, blind, tricks, params)
                bg0, pen0 = add_bags(bg0, g0, params)
                bg1, pen1 = add_bags(bg1, g1, params)
                sc0 += s0 - pen0
                sc1 += s1 - pen1
                if keep:
                    write_hand(hands_out[row], total_hands + n, dealer, bids, blind, tricks,
                               s0, s1, g0, g1)
                    t_before[row, 4] = pen0
                    t_before[row, 5] = pen1
                n += 1
                w, e = game_over(sc0, sc1, params)
                if w >= 0:
                    winner = w
                    end = E_TARGET if e == 0 else E_MERCY
                    break
                if n >= max_hands:        # undecided: the higher total wins, equal is a tie
                    winner = 0 if sc0 > sc1 else (1 if sc1 > sc0 else -1)
                    end = E_MAX_HANDS
                    break
            rec = out[i]
            rec.game = g
            rec.first_dealer = first
            rec.winner = winner
            rec.hands = n
            rec.score_team0 = sc0
            rec.score_team1 = sc1
            rec.bags_team0 = bg0
            rec.bags_team1 = bg1
            rec.end = end
            total_hands += n
            if trace and n > max_trace:
                return -1
        return total_hands
    return impl


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per hand: the hands dealt, every card played,
    and each trick's leader and winner."""
    return (np.zeros((n, N_SEATS), np.uint64), np.zeros((n, N_CARDS), np.int8),
            np.zeros((n, N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int8))


_NO_TRACE = trace_buffers(1)
_NO_GAME_TRACE = _NO_TRACE + (np.zeros((1, 6), np.int64),)
_NO_HANDS = np.empty(1, DEAL_DTYPE)


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (layout in ``enums``).  The
    per-team sums are kept in locals and added once (a counter in memory incremented on
    every record is a chain of dependent stores)."""
    made0 = 0
    made1 = 0
    sc0 = 0
    sc1 = 0
    bg0 = 0
    bg1 = 0
    n = out.shape[0]
    for i in range(n):
        r = out[i]
        oc = np.int64(r.outcome)
        totals[T_OUTCOME + oc] += 1
        dc = 3 - oc if ((np.int64(r.dealer) & 1) == 1 and oc != 0) else oc
        totals[T_DEALER_OUTCOME + dc] += 1
        b0 = np.int64(r.bid_seat0)
        b1 = np.int64(r.bid_seat1)
        b2 = np.int64(r.bid_seat2)
        b3 = np.int64(r.bid_seat3)
        t0 = np.int64(r.tricks_seat0) + np.int64(r.tricks_seat2)
        made0 += t0 >= b0 + b2
        made1 += N_TRICKS - t0 >= b1 + b3
        totals[T_NIL + np.int64(r.nil_seat0)] += 1
        totals[T_NIL + np.int64(r.nil_seat1)] += 1
        totals[T_NIL + np.int64(r.nil_seat2)] += 1
        totals[T_NIL + np.int64(r.nil_seat3)] += 1
        sc0 += np.int64(r.score_team0)
        sc1 += np.int64(r.score_team1)
        bg0 += np.int64(r.bags_team0)
        bg1 += np.int64(r.bags_team1)
        totals[T_BIDS + b0] += 1
        totals[T_BIDS + b1] += 1
        totals[T_BIDS + b2] += 1
        totals[T_BIDS + b3] += 1
        totals[T_TRICKS0 + t0] += 1
    totals[T_MADE] += made0
    totals[T_MADE + 1] += made1
    totals[T_SET] += n - made0
    totals[T_SET + 1] += n - made1
    totals[T_SCORE] += sc0
    totals[T_SCORE + 1] += sc1
    totals[T_BAGS] += bg0
    totals[T_BAGS + 1] += bg1
