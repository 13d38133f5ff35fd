"""Brisca kernels: dealing, play with the stock, batch loops over structured records.

One kernel serves 2, 4 and 6 players (the player count is a run-time argument).
No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend
only on the indices it covers.
"""
import numpy as np
from numba import literally

from strategies.brisca import GREEDY, RANDOM, beaters, choose, pick_greedy, pick_random

from .._jit import njit
from ..bits import bit
from ..deal import SHUFFLED, fill_deck, source_dealer
from ..rng import MASK32, next64, seed_stream
from .enums import (E_TARGET, HAND_SIZE, HIGH_MASKS, K_TIE, MAX_CARDS, P_LOMBARDY, P_TARGET,
                    POINT_MASKS, POINTS_TABLE, SUIT_MASKS, SUIT_OF, T_CARDS0, T_DEALER_OUTCOME,
                    T_DEALER_POINTS, T_GAMES0, T_GAMES1, T_OUTCOME, T_POINTS0, TOTAL_POINTS)
from .scoring import score_deal

_32 = np.uint64(32)

ALL_RANDOM, ALL_GREEDY, MIXED = 0, 1, 2


@njit
def play_mode(codes):
    """ALL_RANDOM or ALL_GREEDY when every seat plays it, else MIXED."""
    mode = ALL_RANDOM if codes[0] == RANDOM else (ALL_GREEDY if codes[0] == GREEDY else MIXED)
    for c in codes:
        if c != codes[0]:
            return MIXED
    return mode


@njit(inline="always")
def new_deal(state, deck, n_cards, hands, players, dealer, source, i):
    """Fill the deck from ``source`` (:func:`simcore.deal.fill_deck`: by default a fresh deck
    shuffled), deal three cards each and lay out the stock.

    The stock is ``deck[3 * players + 1 .. n_cards]``, first-drawn first: the face-up
    trump card ``deck[3 * players]`` is copied to ``deck[n_cards]``, drawn last.
    Returns the trump card and the dealer (a conditioned source draws it)."""
    fill_deck(state, deck, n_cards, source, i)
    dealer = source_dealer(source, i, dealer)
    s = dealer + 1
    if s == players:
        s = 0
    for k in range(players):
        hands[s] = bit(deck[3 * k]) | bit(deck[3 * k + 1]) | bit(deck[3 * k + 2])
        s += 1
        if s == players:
            s = 0
    trump_card = deck[HAND_SIZE * players]
    deck[n_cards] = trump_card
    return trump_card, dealer


@njit(inline="always")
def play(state, hands, players, d, dealer, trump, tmask, deck, n_cards, codes, mode, draws,
         bmi2, pts, point_mask, high_mask, trace, t_cards, t_leader, t_winner, t_points):
    """Play the deal out (``hands`` is emptied, the stock drawn).

    ``mode`` (a compile-time literal) selects the loop: ``ALL_RANDOM``, ``ALL_GREEDY``
    or ``MIXED`` (per-seat dispatch on the strategy codes).  ``draws`` false skips the
    per-trick draws, which only a caller whose stream ends with the deal and whose
    seats are all deterministic may do: nothing observes them, so results are unchanged.
    Returns ``(points_side0, tricks_side0, tricks)``."""
    leader = dealer + 1
    if leader == players:
        leader = 0
    n_tricks = n_cards // players
    pos = HAND_SIZE * players + 1
    points0 = 0
    tricks0 = 0
    x = np.uint64(0)
    uk = np.uint64(0)
    for t in range(n_tricks):
        p = leader
        win_mask = np.uint64(0)
        winner = leader
        tp = 0
        played = np.uint64(0)
        for k in range(players):
            if draws:
                if (k & 1) == 0:
                    x = next64(state)
                    uk = x >> _32
                else:
                    uk = x & MASK32
            h = hands[p]
            if mode == ALL_RANDOM:
                c = pick_random(h, uk, bmi2)
            elif mode == ALL_GREEDY:
                c = pick_greedy(p, h, k, win_mask, winner, tmask, tp,
                                (played & high_mask) != 0, players, pts, point_mask, d)
            else:
                c = choose(codes[p], p, h, k, win_mask, winner, tmask, tp,
                           (played & high_mask) != 0, players, pts, point_mask, d, uk, bmi2)
            b = bit(c)
            hands[p] = h & ~b
            if k == 0 or (b & win_mask) != 0:
                win_mask = beaters(c, trump, tmask, d)
                winner = p
            tp += pts[c]
            played |= b
            if trace:
                t_cards[players * t + k] = c
            p += 1
            if p == players:
                p = 0
        if trace:
            t_leader[t] = leader
            t_winner[t] = winner
            t_points[t] = tp
        if (winner & 1) == 0:
            points0 += tp
            tricks0 += 1
        if pos <= n_cards:
            s = winner
            for k in range(players):
                hands[s] |= bit(deck[pos])
                pos += 1
                s += 1
                if s == players:
                    s = 0
        leader = winner
    return points0, tricks0, n_tricks


@njit(inline="always")
def play2(state, hands, d, dealer, trump, tmask, deck, n_cards, codes, mode, draws, bmi2, pts,
          point_mask, high_mask, trace, t_cards, t_leader, t_winner, t_points):
    """:func:`play` for two players, the hands held as the leader's and the other's."""
    leader = 1 - dealer
    hl = hands[leader]
    ho = hands[1 - leader]
    n_tricks = n_cards // 2
    pos = 2 * HAND_SIZE + 1
    points0 = 0
    tricks0 = 0
    x = np.uint64(0)
    for t in range(n_tricks):
        if draws:
            x = next64(state)
        p = leader
        q = 1 - leader
        if mode == ALL_RANDOM:
            c0 = pick_random(hl, x >> _32, bmi2)
        elif mode == ALL_GREEDY:
            c0 = pick_greedy(p, hl, 0, np.uint64(0), p, tmask, 0, False, 2, pts, point_mask, d)
        else:
            c0 = choose(codes[p], p, hl, 0, np.uint64(0), p, tmask, 0, False, 2, pts,
                        point_mask, d, x >> _32, bmi2)
        b0 = bit(c0)
        hl &= ~b0
        win_mask = beaters(c0, trump, tmask, d)
        v0 = pts[c0]
        if mode == ALL_RANDOM:
            c1 = pick_random(ho, x & MASK32, bmi2)
        elif mode == ALL_GREEDY:
            c1 = pick_greedy(q, ho, 1, win_mask, p, tmask, v0, (b0 & high_mask) != 0, 2, pts,
                             point_mask, d)
        else:
            c1 = choose(codes[q], q, ho, 1, win_mask, p, tmask, v0, (b0 & high_mask) != 0, 2,
                        pts, point_mask, d, x & MASK32, bmi2)
        b1 = bit(c1)
        ho &= ~b1
        tp = v0 + pts[c1]
        taken = (b1 & win_mask) != 0
        if trace:
            t_cards[2 * t] = c0
            t_cards[2 * t + 1] = c1
            t_leader[t] = leader
            t_winner[t] = q if taken else p
            t_points[t] = tp
        if taken:
            leader = q
        a = ho if taken else hl
        ho = hl if taken else ho
        hl = a
        if leader == 0:
            points0 += tp
            tricks0 += 1
        if pos <= n_cards:
            hl |= bit(deck[pos])
            ho |= bit(deck[pos + 1])
            pos += 2
    hands[0] = hl
    hands[1] = ho
    return points0, tricks0, n_tricks


@njit(inline="always")
def _write_deal(rec, d, dealer, trump, players, points0, tricks0, n_tricks, kind, winner, games):
    rec.deal = d
    rec.dealer = dealer
    rec.trump_suit = trump
    rec.points_side0 = points0
    rec.points_side1 = TOTAL_POINTS - points0
    rec.cards_side0 = tricks0 * players
    rec.cards_side1 = (n_tricks - tricks0) * players
    rec.tricks_side0 = tricks0
    rec.tricks_side1 = n_tricks - tricks0
    rec.outcome = 0 if kind == K_TIE else 2 * kind - 1 + winner
    rec.game_points_side0 = games if winner == 0 else 0
    rec.game_points_side1 = games if winner == 1 else 0


@njit(inline="always")
def _one_deal(state, deck, hands, players, dealer, codes, mode, draws, bmi2, params, trace,
              row, t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points, source, i):
    d = 1 if players == 6 else 0               # the deck's bit layout
    n_cards = 48 if players == 6 else 40
    prow = 2 * d + (params[P_LOMBARDY] != 0)
    pts = POINTS_TABLE[prow]
    card, dealer = new_deal(state, deck, n_cards, hands, players, dealer, source, i)
    trump = SUIT_OF[d, card]
    tmask = SUIT_MASKS[d, trump]
    if trace:
        for s in range(players):
            t_hands[row, s] = hands[s]
        t_trump[row] = card
        for i in range(n_cards - HAND_SIZE * players):
            t_stock[row, i] = deck[HAND_SIZE * players + 1 + i]
    if players == 2:
        points0, tricks0, n_tricks = play2(state, hands, d, dealer, trump, tmask, deck, n_cards,
                                           codes, mode, draws, bmi2, pts, POINT_MASKS[prow],
                                           HIGH_MASKS[prow], trace, t_cards[row], t_leader[row],
                                           t_winner[row], t_points[row])
    else:
        points0, tricks0, n_tricks = play(state, hands, players, d, dealer, trump, tmask, deck,
                                          n_cards, codes, mode, draws, bmi2, pts,
                                          POINT_MASKS[prow], HIGH_MASKS[prow], trace,
                                          t_cards[row], t_leader[row], t_winner[row],
                                          t_points[row])
    kind, winner, games = score_deal(points0, tricks0 * players, (n_tricks - tricks0) * players,
                                     params)
    return trump, points0, tricks0, n_tricks, kind, winner, games, dealer


@njit
def run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
              t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points, source=SHUFFLED):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``; the deals come
    from ``source`` (:mod:`simcore.deal`: shuffled, given or conditioned decks).

    ``dealer_fixed`` < 0 rotates the dealer with the deal index.  With
    ``trace`` the ``t_*`` arrays (one row per deal) receive the full play.
    One loop is compiled per play mode (see :func:`play`); two players have their own
    (:func:`play2`).
    """
    mode = play_mode(codes)
    if mode == ALL_RANDOM:
        _run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                   t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points, ALL_RANDOM,
                   source)
    elif mode == ALL_GREEDY:
        _run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                   t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points, ALL_GREEDY,
                   source)
    else:
        _run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                   t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points, MIXED,
                   source)


@njit
def _run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
               t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points, mode, source):
    literally(mode)      # no strategy dispatch in the all-random and all-greedy loops
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(MAX_CARDS + 1, dtype=np.int64)
    hands = np.zeros(6, dtype=np.uint64)
    for i in range(out.shape[0]):
        d = start + i
        seed_stream(state, seed_base, d)
        if dealer_fixed < 0:
            dealer = d % players
        else:
            dealer = dealer_fixed
        row = i if trace else 0
        trump, points0, tricks0, n_tricks, kind, winner, games, dealer = _one_deal(
            state, deck, hands, players, dealer, codes, mode, mode != ALL_GREEDY, bmi2, params,
            trace, row, t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points,
            source, i)
        _write_deal(out[i], d, dealer, trump, players, points0, tricks0, n_tricks, kind, winner,
                    games)


@njit
def run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                max_deals, deals_out, t_hands, t_trump, t_stock, t_cards, t_leader, t_winner,
                t_points, t_before):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace``, ``out`` has one row and ``deals_out``/``t_*`` receive its
    deals (at most ``max_deals``; returns -1 if the match was longer).
    Returns the number of deals played.  One loop per play mode; matches always
    draw (the stream continues to the next deal).
    """
    mode = play_mode(codes)
    if mode == ALL_RANDOM:
        return _run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
                            trace, max_deals, deals_out, t_hands, t_trump, t_stock, t_cards,
                            t_leader, t_winner, t_points, t_before, ALL_RANDOM)
    if mode == ALL_GREEDY:
        return _run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
                            trace, max_deals, deals_out, t_hands, t_trump, t_stock, t_cards,
                            t_leader, t_winner, t_points, t_before, ALL_GREEDY)
    return _run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
                        trace, max_deals, deals_out, t_hands, t_trump, t_stock, t_cards,
                        t_leader, t_winner, t_points, t_before, MIXED)


@njit
def _run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                 max_deals, deals_out, t_hands, t_trump, t_stock, t_cards, t_leader, t_winner,
                 t_points, t_before, mode):
    literally(mode)
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(MAX_CARDS + 1, dtype=np.int64)
    hands = np.zeros(6, dtype=np.uint64)
    target = params[P_TARGET]
    total_deals = 0
    for i in range(out.shape[0]):
        r = start + i
        seed_stream(state, seed_base, r)
        first = r % players if dealer_fixed < 0 else dealer_fixed
        g0 = 0
        g1 = 0
        n = 0
        dealer = first
        while g0 < target and g1 < target:
            keep = trace and n < max_deals
            row = n if keep else 0
            if keep:
                t_before[row, 0] = g0
                t_before[row, 1] = g1
            trump, points0, tricks0, n_tricks, kind, winner, games, _ = _one_deal(
                state, deck, hands, players, dealer, codes, mode, True, bmi2, params, keep, row,
                t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points, SHUFFLED, 0)
            if keep:
                _write_deal(deals_out[row], total_deals + n, dealer, trump, players, points0,
                            tricks0, n_tricks, kind, winner, games)
            if winner == 0:
                g0 += games
            elif winner == 1:
                g1 += games
            n += 1
            dealer += 1
            if dealer == players:
                dealer = 0
        rec = out[i]
        rec.match = r
        rec.first_dealer = first
        rec.winner = 0 if g0 >= target else 1
        rec.deals = n
        rec.game_points_side0 = g0
        rec.game_points_side1 = g1
        rec.end = E_TARGET
        total_deals += n
        if trace and n > max_deals:
            return -1
    return total_deals


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (see ``enums.T_*``)."""
    for i in range(out.shape[0]):
        r = out[i]
        oc = np.int64(r.outcome)
        dside = np.int64(r.dealer) & 1
        totals[T_OUTCOME + oc] += 1
        # from the dealer's side: relabel so that "side 0" is the dealer's side
        dc = oc
        if dside == 1 and oc != 0:
            dc = oc + 1 if (oc & 1) == 1 else oc - 1
        totals[T_DEALER_OUTCOME + dc] += 1
        p0 = np.int64(r.points_side0)
        totals[T_POINTS0 + p0] += 1
        totals[T_DEALER_POINTS + (p0 if dside == 0 else TOTAL_POINTS - p0)] += 1
        totals[T_CARDS0 + np.int64(r.cards_side0)] += 1
        totals[T_GAMES0] += r.game_points_side0
        totals[T_GAMES1] += r.game_points_side1
