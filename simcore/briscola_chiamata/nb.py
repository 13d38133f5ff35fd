"""Briscola chiamata kernels: dealing, auction, call, play and batch loops over records.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend only on the
indices it covers.  The streams are consumed as ``docs/games/briscola_chiamata.md`` says:
20 outputs for the shuffle, 37 for the auction and the call (however long the auction),
3 before each trick (none when the deal is passed out).
"""
import numpy as np
from numba import literally
from numba.extending import overload

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, popcount
from ..deal import SHUFFLED, fill_deck, source_dealer
from ..rng import MASK32, next64, seed_stream
from ..strategy import policies_of
from .enums import (AUCTION_DRAWS, DEAL_DTYPE, FULL, HAND_SIZE, MAX_BID, MIN_POINT_BID,
                    MIN_POINTS_ONLY, N_CARDS, N_RANK_BIDS, N_SEATS, N_TRICKS, NO_TRUMP, O_PASSED,
                    P_BUIA, P_MATCH_DEALS, P_POINTS_ONLY, PASS, POINTS, STRENGTH, STRIDE, SUIT,
                    SUIT_MASKS, T_BID, T_BID_MADE, T_CAPPOTTO, T_DECL_SEAT, T_DECL_SEAT_MADE,
                    T_DPOINTS, T_OUTCOME, T_REVEAL, T_SCORE, T_SCORE_SQ, T_TURNS)
from .scoring import score_deal
from .view import (VIEW_DTYPE, default_bid, default_call, view_auction, view_bid, view_call,
                   view_called, view_contract, view_played, view_speaker, view_trick_done,
                   view_turn)

_32 = np.uint64(32)
_ZERO = np.uint64(0)
AUCTION_OUTPUTS = AUCTION_DRAWS // 2

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
def _holder(start_hands, card):
    cb = bit(card)
    who = 0
    for s in range(N_SEATS):
        if start_hands[s] & cb:
            who = s
    return who


@njit(inline="always")
def _write_scores(rec, declarer, partner, sd, sp_, so):
    for s in range(N_SEATS):
        x = sd if s == declarer else (sp_ if s == partner else so)
        if s == 0:
            rec.score_seat0 = x
        elif s == 1:
            rec.score_seat1 = x
        elif s == 2:
            rec.score_seat2 = x
        elif s == 3:
            rec.score_seat3 = x
        else:
            rec.score_seat4 = x


# deal_with and the chunk loops below are this game's copy of what the three auction games
# do alike.  A shared form (the auction, the call and the tricks in one module, the state
# passed as named tuples to inlined helpers, 16 arguments at most) gave the same records
# but took more CPU a deal here: 1.19 (random) and 1.32 (expert) times this copy's, medians
# of benchmarks/cpu_ab.py's 3 rounds of 100,000 deals.  Numba left NRT incref/decref
# pairs in that chunk loop at every deal (Sueca Italiana's with random: 43 incref calls
# in the loop's LLVM IR, none in the copy), so the copy stays until a shared form that
# passes no tuples of arrays to per-deal helpers.
@njit(inline="always")
def deal_with(state, deck, hands, start_hands, taken, dealer, params, codes, v, sp, bid_policy,
              call_policy, play_policy, level, check, draws, status, rec, d, trace, t_hands,
              t_auction, t_cards, t_leader, t_winner, t_points, row):
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
    points_only = params[P_POINTS_ONLY] != 0
    buia = params[P_BUIA] != 0
    # --- auction: turn j gets u[j] of the 37 outputs, the call u[73]
    view_auction(v, dealer, points_only, buia)
    x = _ZERO
    used = 0
    high = -1
    declarer = -1
    out = 0
    n_out = 0
    j = 0
    p = dealer + 1
    if p == N_SEATS:
        p = 0
    while n_out < N_SEATS and not (declarer >= 0 and n_out == N_SEATS - 1):
        while (out >> p) & 1:
            p += 1
            if p == N_SEATS:
                p = 0
        if (j & 1) == 0:
            x = next64(state) if draws else _ZERO
            used += 1
            u = x >> _32
        else:
            u = x & MASK32
        if points_only:
            lowest = MIN_POINTS_ONLY if high < 0 else high + 1
            top = MAX_BID
        elif high < N_RANK_BIDS:
            lowest = 1 if high < 0 else high + 1
            top = N_RANK_BIDS
        else:
            lowest = MIN_POINT_BID if high == N_RANK_BIDS else high + 1
            top = MAX_BID
        b = PASS
        if lowest <= top:
            view_speaker(v, p, hands[p])
            b = np.int64(bid_policy(codes[p], p, v, np.uint64(lowest), u, sp))
            if check and b != PASS and not (lowest <= b <= top):
                status[0] = BAD_BID
                status[1] = p
                status[2] = b
                return False
        view_bid(v, p, b)
        if trace:
            t_auction[row, j] = b
        if b == PASS:
            out |= 1 << p
            n_out += 1
        else:
            high = b
            declarer = p
        j += 1
        p += 1
        if p == N_SEATS:
            p = 0
    while used < AUCTION_OUTPUTS:
        x = next64(state) if draws else _ZERO
        used += 1
    call_u = x & MASK32
    rec.deal = d
    rec.dealer = dealer
    rec.turns = j
    if declarer < 0:                                   # passed out: nobody plays
        rec.declarer = -1
        rec.partner = -1
        rec.called_card = -1
        rec.trump_suit = -1
        rec.bid = -1
        rec.contract = 0
        rec.declarer_points = 0
        rec.made = 0
        rec.outcome = O_PASSED
        rec.cappotto = 0
        rec.reveal_trick = -1
        rec.declarer_trumps = 0
        rec.points_seat0 = 0
        rec.points_seat1 = 0
        rec.points_seat2 = 0
        rec.points_seat3 = 0
        rec.points_seat4 = 0
        _write_scores(rec, -1, -1, 0, 0, 0)
        return True
    contract = high if (points_only or high > N_RANK_BIDS) else 61
    called_rank = -1 if points_only else (N_RANK_BIDS - high if high <= N_RANK_BIDS else 0)
    legal_call = FULL if points_only else (STRIDE << np.uint64(called_rank))
    view_contract(v, declarer, contract, called_rank, level)
    called = -1
    trump = NO_TRUMP
    partner = -1
    revealed = 0
    reveal_trick = 0
    played = _ZERO
    call_at = 1 if buia else 0        # chiamata buia: the call comes after the first trick
    # --- play
    leader = declarer
    for t in range(N_TRICKS):
        if t == call_at:                              # the call (one site: one compile)
            view_call(v, declarer, hands[declarer])
            called = np.int64(call_policy(codes[declarer], declarer, v, legal_call, call_u,
                                          sp))
            if check and (called < 0 or called >= N_CARDS or (legal_call & bit(called)) == 0):
                status[0] = BAD_CALL
                status[1] = declarer
                status[2] = called
                return False
            trump = SUIT[called]
            partner = _holder(start_hands, called)
            if played & bit(called):
                revealed = 1
            view_called(v, called, revealed)
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
        played |= bit(c)
        led = SUIT[c]
        best = c
        winner = p
        tp = POINTS[c]
        best_key = (led == trump) * 32 + 16 + STRENGTH[c]
        if c == called:
            revealed = 1
            reveal_trick = t
        view_played(v, t, 0, p, c, level)
        if trace:
            t_cards[row, N_SEATS * t] = c
        for k in range(1, N_SEATS):
            p += 1
            if p == N_SEATS:
                p = 0
            h = hands[p]
            view_turn(v, t, k, p, h, leader, led, winner, best, tp, partner, revealed, level)
            c = np.int64(play_policy(codes[p], p, v, h, _draw(a, b, cc, k), sp))
            if check and (c < 0 or c >= N_CARDS or (h & bit(c)) == 0):
                status[0] = BAD_CARD
                status[1] = p
                status[2] = c
                return False
            hands[p] = h & ~bit(c)
            played |= bit(c)
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
            view_played(v, t, k, p, c, level)
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
    made, cappotto, sd, sp_, so, oc = score_deal(contract, dpts, alone)
    rec.declarer = declarer
    rec.partner = partner
    rec.called_card = called
    rec.trump_suit = trump
    rec.bid = high
    rec.contract = contract
    rec.declarer_points = dpts
    rec.made = made
    rec.outcome = oc
    rec.cappotto = cappotto
    rec.reveal_trick = reveal_trick
    rec.declarer_trumps = popcount(start_hands[declarer] & SUIT_MASKS[trump])
    rec.points_seat0 = taken[0]
    rec.points_seat1 = taken[1]
    rec.points_seat2 = taken[2]
    rec.points_seat3 = taken[3]
    rec.points_seat4 = taken[4]
    _write_scores(rec, declarer, partner, sd, sp_, so)
    return True


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per deal: the hands dealt, the auction, every card
    played, and each trick's leader, winner and points."""
    return (np.zeros((n, N_SEATS), np.uint64), np.full((n, AUCTION_DRAWS), -2, np.int8),
            np.zeros((n, N_CARDS), np.int8), np.zeros((n, N_TRICKS), np.int8),
            np.zeros((n, N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int16))


_NO_TRACE = trace_buffers(1)
_NO_MATCH_TRACE = _NO_TRACE + (np.zeros((1, N_SEATS), np.int64),)
_NO_DEALS = np.empty(1, DEAL_DTYPE)


def run_deals(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out`` (see
    :func:`simcore.sueca_italiana.nb.run_deals`; the trace holds the auction too)."""
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2,
            not lineup.deterministic, source, lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, draws, source, sp,
               status, trace, t_hands, t_auction, t_cards, t_leader, t_winner, t_points, key):
    literally(key)
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    for j in range(AUCTION_DRAWS):
        va[0].auction[j] = -2
    deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_auction, t_cards, t_leader, t_winner, t_points,
               np.empty(4, np.uint64), np.empty(N_CARDS, np.int64),
               np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64),
               np.empty(N_SEATS, np.int64), va[0])


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_auction, t_cards, t_leader, t_winner, t_points,
               state, deck, hands, start_hands, taken, v):
    """The loop of :func:`run_deals` (jitted code only), its policies chosen when typed."""
    raise NotImplementedError("deals_loop is called from jitted code only")


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
                status, trace, t_hands, t_auction, t_cards, t_leader, t_winner, t_points,
                state, deck, hands, start_hands, taken, v):
    got = policies_of(key, "bid", "call", "play", defaults=DEFAULTS)
    if got is None:
        return None
    level, check, bid_policy, call_policy, play_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
             status, trace, t_hands, t_auction, t_cards, t_leader, t_winner, t_points,
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
                             status, out[i], d, trace, t_hands, t_auction, t_cards, t_leader,
                             t_winner, t_points, row):
                status[3] = d
                return
    return impl


def run_matches(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
                trace=None, max_deals=0, deals_out=None):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``; with
    ``trace`` (:func:`trace_buffers` for ``max_deals`` deals plus an int64 (max_deals, 5)
    array for the scores before each deal) ``out`` has one row and ``deals_out``/``trace``
    receive its deals.  Returns the number of deals played (-1 after an illegal decision,
    see ``status``, or when the match was longer than ``max_deals``)."""
    t = _NO_MATCH_TRACE if trace is None else trace
    d_out = _NO_DEALS if deals_out is None else deals_out
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2, lineup.params,
            status, trace is not None, max_deals, d_out, *t)
    kernel = _run_matches if lineup.cacheable else _run_matches_nocache
    return specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_matches(seed_base, start, out, dealer_fixed, codes, params, bmi2, sp, status, trace,
                 max_deals, deals_out, t_hands, t_auction, t_cards, t_leader, t_winner,
                 t_points, t_before, key):
    literally(key)
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    for j in range(AUCTION_DRAWS):
        va[0].auction[j] = -2
    return matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status,
                        trace, max_deals, deals_out, t_hands, t_auction, t_cards, t_leader,
                        t_winner, t_points, t_before, np.empty(4, np.uint64),
                        np.empty(N_CARDS, np.int64), np.empty(N_SEATS, np.uint64),
                        np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.int64),
                        np.empty(N_SEATS, np.int64), np.empty(1, DEAL_DTYPE), va[0])


_run_matches_nocache = njit(cache=False)(_run_matches.py_func)


def matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                 max_deals, deals_out, t_hands, t_auction, t_cards, t_leader, t_winner,
                 t_points, t_before, state, deck, hands, start_hands, taken, totals, one, v):
    """The loop of :func:`run_matches` (jitted code only), as :func:`deals_loop`."""
    raise NotImplementedError("matches_loop is called from jitted code only")


@overload(matches_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                  max_deals, deals_out, t_hands, t_auction, t_cards, t_leader, t_winner,
                  t_points, t_before, state, deck, hands, start_hands, taken, totals, one, v):
    got = policies_of(key, "bid", "call", "play", defaults=DEFAULTS)
    if got is None:
        return None
    level, check, bid_policy, call_policy, play_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
             max_deals, deals_out, t_hands, t_auction, t_cards, t_leader, t_winner, t_points,
             t_before, state, deck, hands, start_hands, taken, totals, one, v):
        n_deals = params[P_MATCH_DEALS]
        total_deals = 0
        for i in range(out.shape[0]):
            m = start + i
            seed_stream(state, seed_base, m)
            first = m % N_SEATS if dealer_fixed < 0 else dealer_fixed
            for s in range(N_SEATS):
                totals[s] = 0
            for n in range(n_deals):
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
                                 t_auction, t_cards, t_leader, t_winner, t_points, row):
                    status[3] = m
                    return -1
                totals[0] += rec.score_seat0
                totals[1] += rec.score_seat1
                totals[2] += rec.score_seat2
                totals[3] += rec.score_seat3
                totals[4] += rec.score_seat4
            top = totals[0]
            best = 0
            at_top = 1
            for s in range(1, N_SEATS):
                if totals[s] > top:
                    top = totals[s]
                    best = s
                    at_top = 1
                elif totals[s] == top:
                    at_top += 1
            r = out[i]
            r.match = m
            r.first_dealer = first
            r.winner = best if at_top == 1 else -1
            r.deals = n_deals
            r.score_seat0 = totals[0]
            r.score_seat1 = totals[1]
            r.score_seat2 = totals[2]
            r.score_seat3 = totals[3]
            r.score_seat4 = totals[4]
            r.end = 0 if at_top == 1 else 1
            total_deals += n_deals
            if trace and n_deals > max_deals:
                return -1
        return total_deals
    return impl


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (see ``enums.T_*``)."""
    for i in range(out.shape[0]):
        r = out[i]
        oc = np.int64(r.outcome)
        totals[T_OUTCOME + oc] += 1
        totals[T_TURNS + np.int64(r.turns)] += 1
        if oc != O_PASSED:
            b = np.int64(r.bid)
            made = np.int64(r.made)
            totals[T_BID + b] += 1
            totals[T_BID_MADE + b] += made
            rel = (np.int64(r.declarer) - np.int64(r.dealer)) % N_SEATS
            totals[T_DECL_SEAT + rel] += 1
            totals[T_DECL_SEAT_MADE + rel] += made
            totals[T_DPOINTS + np.int64(r.declarer_points)] += 1
            totals[T_REVEAL + np.int64(r.reveal_trick)] += 1
            totals[T_CAPPOTTO] += np.int64(r.cappotto)
        for s, x in enumerate((r.score_seat0, r.score_seat1, r.score_seat2, r.score_seat3,
                               r.score_seat4)):
            totals[T_SCORE + s] += x
            totals[T_SCORE_SQ + s] += np.int64(x) * np.int64(x)
