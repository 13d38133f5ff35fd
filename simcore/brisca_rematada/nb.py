"""Brisca rematada kernels: dealing, auction, exchange, play and batch loops over records.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend only on the
indices it covers.  The streams are consumed as ``docs/games/brisca_rematada.md`` says: 16
outputs for the shuffle, a fixed number for the auction (21 with the default rules, however
long the auction), 2 for the exchange, 2 before each trick.
"""
import numpy as np
from numba import literally
from numba.extending import overload

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, ctz, popcount
from ..deal import SHUFFLED, fill_deck, source_dealer
from ..rng import MASK32, next64, seed_stream
from ..strategy import policies_of
from .enums import (DEAL_DTYPE, F_HEAD, F_NONE, HAND_SIZE, LAST_TRICK, MAX_TURNS, MIN_BID,
                    M_FORTY, N_CARDS, N_LEVELS, N_SEATS, N_TRICKS, O_FAILED, O_MADE,
                    P_AUCTION_OUTPUTS, P_FOLLOW, P_MARRIAGES, P_MAX_BID, P_STEP, P_TARGET, PASS,
                    POINTS, STRENGTH, STRIDE,
                    SUIT, SUIT_MASKS, T_CONTRACT, T_CONTRACT_MADE, T_DECL_MARRIAGES,
                    T_DECL_POINTS, T_DISCARD_POINTS, T_FORCED, T_FORCED_MADE, T_OUTCOME,
                    T_POINTS, T_REL, T_REL_MADE, T_SCORE, T_SEAT, T_SEAT_MADE, T_TURNS, TALON)
from .scoring import match_winner, score_deal
from .view import (VIEW_DTYPE, default_bid, default_discard, default_trump, view_bid,
                   view_contract, view_deal, view_exchange, view_marriage, view_played,
                   view_speaker, view_trick_done, view_trump, view_turn)

_32 = np.uint64(32)
_ZERO = np.uint64(0)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_KN = np.uint64(4)          # the knight's strength: a K and N pair shows at bit s*8 of
_KK = np.uint64(5)          # (hand >> 5) & (hand >> 4) & STRIDE

#: ``status[0]`` codes: what a strategy that is not built in got wrong
BAD_CARD, BAD_BID, BAD_DISCARD, BAD_TRUMP = 1, 2, 3, 4
KINDS = ("bid", "discard", "trump", "play")
DEFAULTS = {"bid": default_bid, "discard": default_discard, "trump": default_trump}


@njit(inline="always")
def _next_seat(p):
    p += 1
    return 0 if p == N_SEATS else p


@njit(inline="always")
def legal_cards(hand, led, best, tmask, follow):
    """The cards of ``hand`` a player may play to a trick led in suit ``led`` whose winning
    card so far is ``best``, ``tmask`` the trumps, under the rule ``follow``
    (docs/games/brisca_rematada.md, "Play"): ``F_NONE`` any card; ``F_SUIT_TRUMP`` the suit
    led if held, else a trump if held, else any card; ``F_HEAD`` as ``F_SUIT_TRUMP``, and of
    those the cards that beat ``best`` if any does; a player void in the suit led whose
    trumps cannot beat a trump already winning may play any card."""
    if follow == F_NONE:
        return hand
    suit = hand & SUIT_MASKS[led]
    trumps = hand & tmask
    legal = suit if suit else (trumps if trumps else hand)
    if follow == F_HEAD:
        bs = SUIT_MASKS[SUIT[best]]
        beat = legal & ((bs & (_ONES << np.uint64(best + 1))) | (tmask & ~bs))
        if beat:
            return beat
        if suit == _ZERO and trumps:
            return hand
    return legal


# deal_with and the chunk loops below are this game's copy of what the three auction games
# do alike.  A shared form (the auction, the call and the tricks in one module, the state
# passed as named tuples to inlined helpers, 16 arguments at most) gave the same records
# but took more CPU a deal here: 1.22 (random) and 1.22 (expert) times this copy's, medians
# of benchmarks/cpu_ab.py's 3 rounds of 100,000 deals.  Numba left NRT incref/decref
# pairs in that chunk loop at every deal (Sueca Italiana's with random: 43 incref calls
# in the loop's LLVM IR, none in the copy), so the copy stays until a shared form that
# passes no tuples of arrays to per-deal helpers.
@njit(inline="always")
def deal_with(state, deck, hands, acc, dealer, params, codes, v, sp, bid_policy,
              discard_policy, trump_policy, play_policy, level, check, draws, status, rec, d,
              trace, t_hands, t_talon, t_auction, t_discards, t_cards, t_leader, t_winner,
              t_points, t_marriage, row):
    """Deal ``deck`` (filled by the caller), hold the auction, the exchange and the play,
    and write the deal into ``rec``.  ``acc`` is int64 scratch (3 x 4: bids, card points,
    marriage points, marriages).  Returns False when a strategy's decision was not legal (``status``
    then says what: ``(code, seat, value)``)."""
    for k in range(N_SEATS):
        h = _ZERO
        for c in range(HAND_SIZE):
            h |= bit(deck[k * HAND_SIZE + c])
        s = dealer + 1 + k
        hands[s - N_SEATS if s >= N_SEATS else s] = h
    t0 = deck[TALON]
    t1 = deck[TALON + 1]
    talon = bit(t0) | bit(t1)
    for s in range(N_SEATS):
        acc[s, 0] = 0
        acc[s, 1] = 0
        acc[s, 2] = 0
        acc[s, 3] = 0
        if trace:
            t_hands[row, s] = hands[s]
    if trace:
        t_talon[row, 0] = t0
        t_talon[row, 1] = t1
    step = params[P_STEP]
    top = params[P_MAX_BID]
    forty = params[P_MARRIAGES] == M_FORTY
    # --- auction: turn j gets u[j] of the auction's outputs
    view_deal(v, dealer, step, top, params[P_MARRIAGES])
    x = _ZERO
    used = 0
    high = 0
    high_seat = -1
    passed = 0
    n_passed = 0
    j = 0
    p = _next_seat(dealer)
    while n_passed < 2:
        if (j & 1) == 0:
            x = next64(state) if draws else _ZERO
            used += 1
            u = x >> _32
        else:
            u = x & MASK32
        lowest = MIN_BID if high == 0 else high + step
        b = PASS
        if lowest <= top:
            view_speaker(v, p, hands[p])
            b = np.int64(bid_policy(codes[p], p, v, np.uint64(lowest), u, sp))
            if check and b != PASS and not (lowest <= b <= top and (b - lowest) % step == 0):
                status[0] = BAD_BID
                status[1] = p
                status[2] = b
                return False
        view_bid(v, p, b)
        if trace:
            t_auction[row, j] = b
        if b == PASS:
            passed |= 1 << p
            n_passed += 1
        else:
            high = b
            high_seat = p
            acc[p, 0] = b
        j += 1
        p = _next_seat(p)
        if (passed >> p) & 1:
            p = _next_seat(p)
    n_out = params[P_AUCTION_OUTPUTS]
    while used < n_out:
        x = next64(state) if draws else _ZERO
        used += 1
    declarer = 0
    for s in range(N_SEATS):
        if (passed >> s) & 1 == 0:
            declarer = s
    forced = high_seat < 0
    contract = MIN_BID if forced else high
    # --- exchange: the talon to the declarer, two discards, trumps
    e0 = next64(state) if draws else _ZERO
    e1 = next64(state) if draws else _ZERO
    view_contract(v, declarer, contract, forced, talon)
    h = hands[declarer] | talon
    disc = _ZERO
    for i in range(2):
        view_exchange(v, declarer, h, disc, 1)
        c = np.int64(discard_policy(codes[declarer], declarer, v, h,
                                    (e0 >> _32) if i == 0 else (e0 & MASK32), sp))
        if check and (c < 0 or c >= N_CARDS or (h & bit(c)) == 0):
            status[0] = BAD_DISCARD
            status[1] = declarer
            status[2] = c
            return False
        h &= ~bit(c)
        disc |= bit(c)
        if trace:
            t_discards[row, i] = c
    hands[declarer] = h
    kept = h
    view_exchange(v, declarer, h, disc, 2)
    trump = np.int64(trump_policy(codes[declarer], declarer, v, np.uint64(15), e1 >> _32, sp))
    if check and (trump < 0 or trump > 3):
        status[0] = BAD_TRUMP
        status[1] = declarer
        status[2] = trump
        return False
    view_trump(v, trump, level)
    tstride = np.uint64(trump * 8)
    tmask = SUIT_MASKS[trump]
    follow = params[P_FOLLOW]
    # --- play: the declarer leads; marriages after each trick won (0..8)
    declared = _ZERO            # bit s*8: the marriage of suit s has been declared
    leader = declarer
    winner = declarer
    for t in range(N_TRICKS):
        a = next64(state) if draws else _ZERO
        bb = next64(state) if draws else _ZERO
        u1 = a & MASK32
        u2 = bb >> _32
        p = leader
        hp = hands[p]
        view_turn(v, t, 0, p, hp, leader, 0, p, 0, 0, declarer, disc, level)
        c = np.int64(play_policy(codes[p], p, v, hp, a >> _32, sp))
        if check and (c < 0 or c >= N_CARDS or (hp & bit(c)) == 0):
            status[0] = BAD_CARD
            status[1] = p
            status[2] = c
            return False
        hands[p] = hp & ~bit(c)
        led = SUIT[c]
        best = c
        winner = p
        tp = POINTS[c]
        best_key = (led == trump) * 32 + 16 + STRENGTH[c]
        view_played(v, t, 0, p, c, level)
        if trace:
            t_cards[row, N_SEATS * t] = c
        for k in range(1, N_SEATS):
            p = _next_seat(p)
            hp = hands[p]
            view_turn(v, t, k, p, hp, leader, led, winner, best, tp, declarer, disc, level)
            legal = legal_cards(hp, led, best, tmask, follow)
            c = np.int64(play_policy(codes[p], p, v, legal, u1 if k == 1 else u2, sp))
            if check and (c < 0 or c >= N_CARDS or (legal & bit(c)) == 0):
                status[0] = BAD_CARD
                status[1] = p
                status[2] = c
                return False
            hands[p] = hp & ~bit(c)
            tp += POINTS[c]
            cs = SUIT[c]
            key = (cs == trump) * 32 + (cs == led) * 16 + STRENGTH[c]
            if key > best_key:
                best_key = key
                best = c
                winner = p
            view_played(v, t, k, p, c, level)
            if trace:
                t_cards[row, N_SEATS * t + k] = c
        view_trick_done(v, t, leader, winner, tp, level)
        acc[winner, 1] += tp
        if trace:
            t_leader[row, t] = leader
            t_winner[row, t] = winner
            t_points[row, t] = tp
            t_marriage[row, t] = -1
        if t < N_TRICKS - 1:
            hw = hands[winner]
            pairs = (hw >> _KK) & (hw >> _KN) & STRIDE & ~declared
            if pairs:
                ms = trump if (pairs >> tstride) & np.uint64(1) else ctz(pairs) >> 3
                mp = 40 if (forty or ms == trump) else 20
                declared |= np.uint64(1) << np.uint64(ms * 8)
                acc[winner, 2] += mp
                acc[winner, 3] += 1
                view_marriage(v, winner, ms, mp, level)
                if trace:
                    t_marriage[row, t] = ms
        leader = winner
    # --- scoring
    last = winner
    dp = POINTS[ctz(disc)] + POINTS[ctz(disc & (disc - np.uint64(1)))]
    total = acc[declarer, 1] + acc[declarer, 2] + (LAST_TRICK if last == declarer else 0) + dp
    made, sd, so = score_deal(total, contract)
    rec.deal = d
    rec.dealer = dealer
    rec.declarer = declarer
    rec.forced = forced
    rec.contract = contract
    rec.trump_suit = trump
    rec.made = made
    rec.outcome = O_MADE if made else O_FAILED
    rec.turns = j
    rec.declarer_points = total
    rec.discard_points = dp
    rec.talon_points = POINTS[t0] + POINTS[t1]
    rec.declarer_trumps = popcount(kept & SUIT_MASKS[trump])
    rec.declarer_marriages = acc[declarer, 3]
    rec.last_trick_seat = last
    for s in range(N_SEATS):
        pts = acc[s, 1] + acc[s, 2] + (LAST_TRICK if s == last else 0)
        if s == declarer:
            pts += dp
        sc = (sd if made else 0) if s == declarer else (0 if made else so)
        if s == 0:
            rec.points_seat0 = pts
            rec.score_seat0 = sc
            rec.marriages_seat0 = acc[0, 2]
            rec.bid_seat0 = acc[0, 0]
        elif s == 1:
            rec.points_seat1 = pts
            rec.score_seat1 = sc
            rec.marriages_seat1 = acc[1, 2]
            rec.bid_seat1 = acc[1, 0]
        else:
            rec.points_seat2 = pts
            rec.score_seat2 = sc
            rec.marriages_seat2 = acc[2, 2]
            rec.bid_seat2 = acc[2, 0]
    return True


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per deal: the hands dealt, the talon, the auction
    (-2: no turn), the discards, every card played, each trick's leader, winner and points,
    and the suit of the marriage declared after each trick (-1: none)."""
    return (np.zeros((n, N_SEATS), np.uint64), np.zeros((n, 2), np.int8),
            np.full((n, MAX_TURNS), -2, np.int16), np.zeros((n, 2), np.int8),
            np.zeros((n, N_SEATS * N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int8),
            np.zeros((n, N_TRICKS), np.int8), np.zeros((n, N_TRICKS), np.int16),
            np.full((n, N_TRICKS), -1, np.int8))


_NO_TRACE = trace_buffers(1)
_NO_MATCH_TRACE = _NO_TRACE + (np.zeros((1, N_SEATS), np.int64),)
_NO_DEALS = np.empty(1, DEAL_DTYPE)


def run_deals(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index; ``lineup`` is the
    table's :class:`simcore.strategy.Lineup`; ``source`` where the deals come from
    (:func:`simcore.deal.fill_deck`).  With ``trace`` (the arrays of
    :func:`trace_buffers`, one row per deal) the whole deal is written out.  ``status``
    (int64[4]) receives ``(code, seat, value, deal)`` if a strategy's decision is not
    legal.  One kernel is compiled per lineup, source and trace, when first needed.
    """
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2,
            not lineup.deterministic, source, lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    specialized(kernel, args, lineup.key)(*args, lineup.key)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, draws, source, sp,
               status, trace, t_hands, t_talon, t_auction, t_discards, t_cards, t_leader,
               t_winner, t_points, t_marriage, key):
    literally(key)   # one kernel per lineup: deals_loop chooses its policies when typed
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_talon, t_auction, t_discards, t_cards, t_leader,
               t_winner, t_points, t_marriage, np.empty(4, np.uint64),
               np.empty(N_CARDS, np.int64), np.empty(N_SEATS, np.uint64),
               np.zeros((N_SEATS, 4), np.int64), va)


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
               status, trace, t_hands, t_talon, t_auction, t_discards, t_cards, t_leader,
               t_winner, t_points, t_marriage, state, deck, hands, acc, va):
    """The loop of :func:`run_deals` over the chunk's deals (jitted code only), for the
    lineup ``key`` (a string literal): its policies are chosen when the kernel is typed, and
    only they are compiled.  One call per chunk, not inlined."""
    raise NotImplementedError("deals_loop is called from jitted code only")


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
                status, trace, t_hands, t_talon, t_auction, t_discards, t_cards, t_leader,
                t_winner, t_points, t_marriage, state, deck, hands, acc, va):
    got = policies_of(key, *KINDS, defaults=DEFAULTS)
    if got is None:
        return None
    level, check, bid_policy, discard_policy, trump_policy, play_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, draws, source, sp,
             status, trace, t_hands, t_talon, t_auction, t_discards, t_cards, t_leader,
             t_winner, t_points, t_marriage, state, deck, hands, acc, va):
        v = va[0]          # the view lives in va, an argument: alive while the loop runs
        for i in range(out.shape[0]):
            d = start + i
            seed_stream(state, seed_base, d)
            dealer = d % N_SEATS if dealer_fixed < 0 else dealer_fixed
            fill_deck(state, deck, N_CARDS, source, i)
            dealer = source_dealer(source, i, dealer)
            row = i if trace else 0
            if not deal_with(state, deck, hands, acc, dealer, params, codes, v, sp, bid_policy,
                             discard_policy, trump_policy, play_policy, level, check, draws,
                             status, out[i], d, trace, t_hands, t_talon, t_auction, t_discards,
                             t_cards, t_leader, t_winner, t_points, t_marriage, row):
                status[3] = d
                return
    return impl


def run_matches(seed_base, start, out, dealer_fixed, lineup, params, bmi2, status,
                trace=None, max_deals=0, deals_out=None):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``; with
    ``trace`` (:func:`trace_buffers` for ``max_deals`` deals plus an int64 (max_deals, 3)
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
                 max_deals, deals_out, t_hands, t_talon, t_auction, t_discards, t_cards,
                 t_leader, t_winner, t_points, t_marriage, t_before, key):
    literally(key)
    va = np.zeros(1, VIEW_DTYPE)
    va[0].bmi2 = bmi2
    return matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status,
                        trace, max_deals, deals_out, t_hands, t_talon, t_auction, t_discards,
                        t_cards, t_leader, t_winner, t_points, t_marriage, t_before,
                        np.empty(4, np.uint64), np.empty(N_CARDS, np.int64),
                        np.empty(N_SEATS, np.uint64), np.zeros((N_SEATS, 4), np.int64),
                        np.empty(1, DEAL_DTYPE), va)


_run_matches_nocache = njit(cache=False)(_run_matches.py_func)


def matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                 max_deals, deals_out, t_hands, t_talon, t_auction, t_discards, t_cards,
                 t_leader, t_winner, t_points, t_marriage, t_before, state, deck, hands, acc,
                 one, va):
    """The loop of :func:`run_matches` (jitted code only), as :func:`deals_loop`."""
    raise NotImplementedError("matches_loop is called from jitted code only")


@overload(matches_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _matches_loop(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
                  max_deals, deals_out, t_hands, t_talon, t_auction, t_discards, t_cards,
                  t_leader, t_winner, t_points, t_marriage, t_before, state, deck, hands, acc,
                  one, va):
    got = policies_of(key, *KINDS, defaults=DEFAULTS)
    if got is None:
        return None
    level, check, bid_policy, discard_policy, trump_policy, play_policy = got

    def impl(key, seed_base, start, out, dealer_fixed, codes, params, sp, status, trace,
             max_deals, deals_out, t_hands, t_talon, t_auction, t_discards, t_cards, t_leader,
             t_winner, t_points, t_marriage, t_before, state, deck, hands, acc, one, va):
        v = va[0]
        target = params[P_TARGET]
        total_deals = 0
        for i in range(out.shape[0]):
            m = start + i
            seed_stream(state, seed_base, m)
            first = m % N_SEATS if dealer_fixed < 0 else dealer_fixed
            s0 = 0
            s1 = 0
            s2 = 0
            n = 0
            w = -1
            dealer = first
            while True:
                keep = trace and n < max_deals
                row = n if keep else 0
                if keep:
                    t_before[row, 0] = s0
                    t_before[row, 1] = s1
                    t_before[row, 2] = s2
                fill_deck(state, deck, N_CARDS, SHUFFLED, 0)
                rec = deals_out[row] if keep else one[0]
                # the match's stream goes on after the deal: the draws are always made
                if not deal_with(state, deck, hands, acc, dealer, params, codes, v, sp,
                                 bid_policy, discard_policy, trump_policy, play_policy, level,
                                 check, True, status, rec, total_deals + n, keep, t_hands,
                                 t_talon, t_auction, t_discards, t_cards, t_leader, t_winner,
                                 t_points, t_marriage, row):
                    status[3] = m
                    return -1
                s0 += rec.score_seat0
                s1 += rec.score_seat1
                s2 += rec.score_seat2
                n += 1
                dealer = dealer + 1 if dealer < N_SEATS - 1 else 0
                w = match_winner(s0, s1, s2, target)
                if w >= 0:
                    break
            r = out[i]
            r.match = m
            r.first_dealer = first
            r.winner = w
            r.deals = n
            r.score_seat0 = s0
            r.score_seat1 = s1
            r.score_seat2 = s2
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
        made = np.int64(r.made)
        decl = np.int64(r.declarer)
        totals[T_OUTCOME + np.int64(r.outcome)] += 1
        rel = decl - np.int64(r.dealer) - 1
        if rel < 0:
            rel += N_SEATS
        totals[T_REL + rel] += 1
        totals[T_REL_MADE + rel] += made
        totals[T_SEAT + decl] += 1
        totals[T_SEAT_MADE + decl] += made
        lv = np.int64(r.contract) - MIN_BID
        totals[T_CONTRACT + lv] += 1
        totals[T_CONTRACT_MADE + lv] += made
        if r.forced:
            totals[T_FORCED] += 1
            totals[T_FORCED_MADE] += made
        totals[T_DECL_POINTS] += r.declarer_points
        dm = r.marriages_seat0 if decl == 0 else (r.marriages_seat1 if decl == 1
                                                  else r.marriages_seat2)
        totals[T_DECL_MARRIAGES] += dm
        totals[T_DISCARD_POINTS] += r.discard_points
        totals[T_TURNS] += r.turns
        totals[T_SCORE] += r.score_seat0
        totals[T_SCORE + 1] += r.score_seat1
        totals[T_SCORE + 2] += r.score_seat2
        totals[T_POINTS] += r.points_seat0
        totals[T_POINTS + 1] += r.points_seat1
        totals[T_POINTS + 2] += r.points_seat2
