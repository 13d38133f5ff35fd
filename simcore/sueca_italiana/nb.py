"""Sueca Italiana kernels: dealing, auction, call, play and batch loops over record arrays.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend only on the
indices it covers.  The streams are consumed as ``docs/games/sueca_italiana.md`` says:
20 outputs for the shuffle, 3 for the auction (and the call), 3 before each trick.
"""
import numpy as np
from numba import literally
from numba.extending import overload

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, popcount
from ..deal import SHUFFLED, fill_deck, source_dealer
from ..rng import MASK32, next64, seed_stream
from ..strategy import policies_of
from .enums import (DEAL_DTYPE, FULL, HAND_SIZE, MAX_BID, MIN_BID, N_CARDS, N_SEATS, N_TRICKS,
                    P_CALL_OWN, P_TARGET, PASS, POINTS, STRENGTH, SUIT, SUIT_MASKS, T_ALL_PASSED,
                    T_BIDS, T_CONTRACT, T_DECL_SEAT, T_DECL_SEAT_MADE, T_DPOINTS, T_MADE,
                    T_OUTCOME, T_PASSES, T_REVEAL, T_SCORE)
from .scoring import score_deal
from .view import (VIEW_DTYPE, default_bid, default_call, view_auction, view_bid, view_contract,
                   view_deal, view_played, view_speaker, view_trick_done, view_turn)

_32 = np.uint64(32)
_ZERO = np.uint64(0)

#: ``status[0]`` codes: what a strategy that is not built in got wrong
BAD_CARD, BAD_BID, BAD_CALL = 1, 2, 3
DEFAULTS = {"bid": default_bid, "call": default_call}


@njit(inline="always")
def _draw(a, b, c, k):
    """Draw ``u[k]`` of the six 32-bit draws of outputs ``a, b, c``."""
    if k == 0:
        return a >> _32
    if k == 1:
        return a & MASK32
    if k == 2:
        return b >> _32
    if k == 3:
        return b & MASK32
    if k == 4:
        return c >> _32
    return c & MASK32


@njit(inline="always")
def _legal_bid(b, lowest):
    return b == PASS or (lowest <= b <= MAX_BID and (b == 0 or b >= MIN_BID))


# deal_with and the chunk loops below are this game's copy of what the three auction games
# do alike.  A shared form (the auction, the call and the tricks in one module, the state
# passed as named tuples to inlined helpers, 16 arguments at most) gave the same records
# but took more CPU a deal here: 1.21 (random) and 1.15 (expert) times this copy's, medians
# of benchmarks/cpu_ab.py's 3 rounds of 100,000 deals.  Numba left NRT incref/decref
# pairs in that chunk loop at every deal (Sueca Italiana's with random: 43 incref calls
# in the loop's LLVM IR, none in the copy), so the copy stays until a shared form that
# passes no tuples of arrays to per-deal helpers.
@njit(inline="always")
def deal_with(state, deck, hands, start_hands, taken, dealer, params, codes, v, sp, bid_policy,
              call_policy, play_policy, level, check, draws, status, rec, d, trace, t_hands,
              t_cards, t_leader, t_winner, t_points, row):
    """Deal ``deck`` (filled by the caller), hold the auction, the call and the play, and
    write the deal into ``rec``.  Returns False when a strategy's decision was not legal
    (``status`` then says what: ``(code, seat, value)``)."""
    for k in range(N_SEATS):
        h = _ZERO
        for c in range(HAND_SIZE):
            h |= bit(deck[k * HAND_SIZE + c])
        s = dealer + 1 + k
        hands[s - N_SEATS if s >= N_SEATS else s] = h
    for s in range(N_SEATS):
        start_hands[s] = hands[s]
        taken[s] = 0
        if trace:
            t_hands[row, s] = hands[s]
    # --- auction: u[j] for the j-th speaker from the dealer, u[5] for the call
    a = next64(state) if draws else _ZERO
    b = next64(state) if draws else _ZERO
    cc = next64(state) if draws else _ZERO
    view_auction(v, dealer)
    high = -1
    declarer = -1
    for j in range(N_SEATS):
        p = dealer + j
        if p >= N_SEATS:
            p -= N_SEATS
        lowest = 0 if high < 0 else (MIN_BID if high == 0 else high + 1)
        bid = PASS
        if lowest <= MAX_BID:
            view_speaker(v, p, hands[p])
            bid = np.int64(bid_policy(codes[p], p, v, np.uint64(lowest), _draw(a, b, cc, j), sp))
            if check and not _legal_bid(bid, lowest):
                status[0] = BAD_BID
                status[1] = p
                status[2] = bid
                return False
        view_bid(v, p, bid)
        if p == 0:
            rec.seat0_bid = bid
        elif p == 1:
            rec.seat1_bid = bid
        elif p == 2:
            rec.seat2_bid = bid
        elif p == 3:
            rec.seat3_bid = bid
        else:
            rec.seat4_bid = bid
        if bid != PASS:
            high = bid
            declarer = p
    all_passed = declarer < 0
    if all_passed:
        declarer = dealer
        contract = 0
    else:
        contract = high
    # --- the call
    view_contract(v, declarer, contract, hands[declarer])
    legal = FULL if params[P_CALL_OWN] != 0 else FULL & ~hands[declarer]
    called = np.int64(call_policy(codes[declarer], declarer, v, legal, cc & MASK32, sp))
    if check and (called < 0 or called >= N_CARDS or (legal & bit(called)) == 0):
        status[0] = BAD_CALL
        status[1] = declarer
        status[2] = called
        return False
    trump = SUIT[called]
    cbit = bit(called)
    partner = 0
    for s in range(N_SEATS):
        if hands[s] & cbit:
            partner = s
    view_deal(v, called, level)
    # --- play
    leader = declarer
    revealed = 0
    reveal_trick = 0
    for t in range(N_TRICKS):
        a = next64(state) if draws else _ZERO
        b = next64(state) if draws else _ZERO
        cc = next64(state) if draws else _ZERO
        p = leader
        h = hands[p]
        view_turn(v, t, 0, p, h, leader, 0, p, 0, 0, partner, revealed, level)
        c = np.int64(play_policy(codes[p], p, v, h, a >> _32, sp))
        if check and (c < 0 or c >= N_CARDS or (h & bit(c)) == 0):
            status[0] = BAD_CARD
            status[1] = p
            status[2] = c
            return False
        hands[p] = h & ~bit(c)
        led = SUIT[c]
        led_mask = SUIT_MASKS[led]
        best = c
        winner = p
        tp = POINTS[c]
        best_key = (led == trump) * 32 + 16 + STRENGTH[c]
        if c == called:
            revealed = 1
            reveal_trick = t
        view_played(v, t, 0, p, c, led, level)
        if trace:
            t_cards[row, N_SEATS * t] = c
        for k in range(1, N_SEATS):
            p += 1
            if p == N_SEATS:
                p = 0
            h = hands[p]
            follow = h & led_mask
            legal = follow if follow else h
            view_turn(v, t, k, p, h, leader, led, winner, best, tp, partner, revealed, level)
            c = np.int64(play_policy(codes[p], p, v, legal, _draw(a, b, cc, k), sp))
            if check and (c < 0 or c >= N_CARDS or (legal & bit(c)) == 0):
                status[0] = BAD_CARD
                status[1] = p
                status[2] = c
                return False
            hands[p] = h & ~bit(c)
            tp += POINTS[c]
            cs = SUIT[c]
            key = (cs == trump) * 32 + (cs == led) * 16 + STRENGTH[c]
            if key > best_key:
                best_key = key
                best = c
                winner = p
            if c == called:
                revealed = 1
                reveal_trick = t
            view_played(v, t, k, p, c, led, level)
            if trace:
                t_cards[row, N_SEATS * t + k] = c
        view_trick_done(v, t, leader, winner, tp, level)
        if trace:
            t_leader[row, t] = leader
            t_winner[row, t] = winner
            t_points[row, t] = tp
        taken[winner] += tp
        leader = winner
    # --- scoring
    alone = partner == declarer
    dpts = taken[declarer] + (0 if alone else taken[partner])
    made, g, oc = score_deal(contract, dpts, alone)
    rec.deal = d
    rec.dealer = dealer
    rec.declarer = declarer
    rec.partner = partner
    rec.called_card = called
    rec.trump_suit = trump
    rec.contract = contract
    rec.all_passed = all_passed
    rec.declarer_points = dpts
    rec.made = made
    rec.outcome = oc
    rec.reveal_trick = reveal_trick
    rec.declarer_trumps = popcount(start_hands[declarer] & SUIT_MASKS[trump])
    rec.points_seat0 = taken[0]
    rec.points_seat1 = taken[1]
    rec.points_seat2 = taken[2]
    rec.points_seat3 = taken[3]
    rec.points_seat4 = taken[4]
    rec.score_seat0 = g if ((0 == declarer or 0 == partner) == made) else 0
    rec.score_seat1 = g if ((1 == declarer or 1 == partner) == made) else 0
    rec.score_seat2 = g if ((2 == declarer or 2 == partner) == made) else 0
    rec.score_seat3 = g if ((3 == declarer or 3 == partner) == made) else 0
    rec.score_seat4 = g if ((4 == declarer or 4 == partner) == made) else 0
    return True


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per deal: the hands dealt, every card played,
    and each trick's leader, winner and points."""
    return (np.zeros((n, N_SEATS), np.uint64), np.zeros((n, N_CARDS), np.int8),
            np.zeros((n, N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int8),
            np.zeros((n, N_TRICKS), np.int16))


_NO_TRACE = trace_buffers(1)
_NO_MATCH_TRACE = _NO_TRACE + (np.zeros((1, N_SEATS), np.int64),)
_NO_DEALS = np.empty(1, DEAL_DTYPE)


def run_deals(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index; ``lineup`` is the table's
    :class:`simcore.strategy.Lineup`; ``source`` where the deals come from
    (:func:`simcore.deal.fill_deck`).  With ``trace`` (:func:`trace_buffers`, one row per
    deal) the full play is written out.  ``status`` (int64[4]) receives ``(code, seat,
    value, deal)`` if a strategy makes an illegal decision (codes ``BAD_*``).
    """
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2,
            not lineup.deterministic, source, lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, draws, source, sp,
               status, trace, t_hands, t_cards, t_leader, t_winner, t_points, key):
    literally(key)
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_cards, t_leader, t_winner, t_points,
               np.empty(4, np.uint64), np.empty(N_CARDS, np.int64),
               np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64),
               np.empty(N_SEATS, np.int64), va[0])


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_cards, t_leader, t_winner, t_points,
               state, deck, hands, start_hands, taken, v):
    """The loop of :func:`run_deals` (jitted code only), its policies chosen when typed."""
    raise NotImplementedError("deals_loop is called from jitted code only")


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
                status, trace, t_hands, t_cards, t_leader, t_winner, t_points,
                state, deck, hands, start_hands, taken, v):
    got = policies_of(key, "bid", "call", "play", defaults=DEFAULTS)
    if got is None:
        return None
    level, check, bid_policy, call_policy, play_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
             status, trace, t_hands, t_cards, t_leader, t_winner, t_points,
             state, deck, hands, start_hands, taken, v):
        for i in range(out.shape[0]):
            d = start + i
            seed_stream(state, seed_base, d)
            dealer = d % N_SEATS if dealer_fixed < 0 else dealer_fixed
            fill_deck(state, deck, N_CARDS, source, i)
            dealer = source_dealer(source, i, dealer)
            row = i if trace else 0
            if not deal_with(state, deck, hands, start_hands, taken, dealer, params, codes, v,
                             sp, bid_policy, call_policy, play_policy, level, check, draws,
                             status, out[i], d, trace, t_hands, t_cards, t_leader, t_winner,
                             t_points, row):
                status[3] = d
                return
    return impl


def run_matches(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
                trace=None, max_deals=0, deals_out=None):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace`` (:func:`trace_buffers` for ``max_deals`` deals plus an int64
    (max_deals, 5) array for the game points before each deal), ``out`` has one row and
    ``deals_out``/``trace`` receive its deals (at most ``max_deals``; returns -1 if the
    match was longer).  Returns the number of deals played (-1 also after an illegal
    decision, see ``status``).
    """
    t = _NO_MATCH_TRACE if trace is None else trace
    d_out = _NO_DEALS if deals_out is None else deals_out
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2, lineup.params,
            status, trace is not None, max_deals, d_out, *t)
    kernel = _run_matches if lineup.cacheable else _run_matches_nocache
    return specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_matches(seed_base, start, out, dealer_fixed, codes, params, bmi2, sp, status, trace,
                 max_deals, deals_out, t_hands, t_cards, t_leader, t_winner, t_points,
                 t_before, key):
    literally(key)
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    return matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status,
                        trace, max_deals, deals_out, t_hands, t_cards, t_leader, t_winner,
                        t_points, t_before, np.empty(4, np.uint64),
                        np.empty(N_CARDS, np.int64), np.empty(N_SEATS, np.uint64),
                        np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.int64),
                        np.empty(N_SEATS, np.int64), np.empty(1, DEAL_DTYPE), va[0])


_run_matches_nocache = njit(cache=False)(_run_matches.py_func)


def matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                 max_deals, deals_out, t_hands, t_cards, t_leader, t_winner, t_points,
                 t_before, state, deck, hands, start_hands, taken, totals, one, v):
    """The loop of :func:`run_matches` (jitted code only), as :func:`deals_loop`."""
    raise NotImplementedError("matches_loop is called from jitted code only")


@overload(matches_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                  max_deals, deals_out, t_hands, t_cards, t_leader, t_winner, t_points,
                  t_before, state, deck, hands, start_hands, taken, totals, one, v):
    got = policies_of(key, "bid", "call", "play", defaults=DEFAULTS)
    if got is None:
        return None
    level, check, bid_policy, call_policy, play_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
             max_deals, deals_out, t_hands, t_cards, t_leader, t_winner, t_points,
             t_before, state, deck, hands, start_hands, taken, totals, one, v):
        target = params[P_TARGET]
        total_deals = 0
        for i in range(out.shape[0]):
            m = start + i
            seed_stream(state, seed_base, m)
            first = m % N_SEATS if dealer_fixed < 0 else dealer_fixed
            for s in range(N_SEATS):
                totals[s] = 0
            n = 0
            while True:
                dealer = (first + n) % N_SEATS
                fill_deck(state, deck, N_CARDS, SHUFFLED, 0)
                keep = trace and n < max_deals
                row = n if keep else 0
                rec = deals_out[row] if keep else one[0]
                if keep:
                    for s in range(N_SEATS):
                        t_before[row, s] = totals[s]
                # the match's stream goes on after the deal: the draws are always made
                if not deal_with(state, deck, hands, start_hands, taken, dealer, params,
                                 codes, v, sp, bid_policy, call_policy, play_policy, level,
                                 check, True, status, rec, total_deals + n, keep, t_hands,
                                 t_cards, t_leader, t_winner, t_points, row):
                    status[3] = m
                    return -1
                totals[0] += rec.score_seat0
                totals[1] += rec.score_seat1
                totals[2] += rec.score_seat2
                totals[3] += rec.score_seat3
                totals[4] += rec.score_seat4
                n += 1
                top = -1
                at_top = 0
                best = 0
                for s in range(N_SEATS):
                    if totals[s] > top:
                        top = totals[s]
                        at_top = 1
                        best = s
                    elif totals[s] == top:
                        at_top += 1
                if top >= target and at_top == 1:
                    break
            r = out[i]
            r.match = m
            r.first_dealer = first
            r.winner = best
            r.deals = n
            r.score_seat0 = totals[0]
            r.score_seat1 = totals[1]
            r.score_seat2 = totals[2]
            r.score_seat3 = totals[3]
            r.score_seat4 = totals[4]
            r.end = 0
            total_deals += n
            if trace and n > max_deals:
                return -1
        return total_deals
    return impl


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (see ``enums.T_*``)."""
    for i in range(out.shape[0]):
        r = out[i]
        totals[T_OUTCOME + np.int64(r.outcome)] += 1
        c = np.int64(r.contract)
        made = np.int64(r.made)
        totals[T_CONTRACT + c] += 1
        totals[T_MADE + c] += made
        rel = (np.int64(r.declarer) - np.int64(r.dealer)) % N_SEATS
        totals[T_DECL_SEAT + rel] += 1
        totals[T_DECL_SEAT_MADE + rel] += made
        totals[T_DPOINTS + np.int64(r.declarer_points)] += 1
        totals[T_REVEAL + np.int64(r.reveal_trick)] += 1
        totals[T_ALL_PASSED] += np.int64(r.all_passed)
        for b in (r.seat0_bid, r.seat1_bid, r.seat2_bid, r.seat3_bid, r.seat4_bid):
            if b < 0:
                totals[T_PASSES] += 1
            else:
                totals[T_BIDS + np.int64(b)] += 1
        totals[T_SCORE + 0] += r.score_seat0
        totals[T_SCORE + 1] += r.score_seat1
        totals[T_SCORE + 2] += r.score_seat2
        totals[T_SCORE + 3] += r.score_seat3
        totals[T_SCORE + 4] += r.score_seat4
