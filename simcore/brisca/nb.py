"""Brisca kernels: dealing, play with the stock, batch loops over structured records.

One kernel serves 2, 4 and 6 players (the player count is a run-time argument).
No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend
only on the indices it covers.
"""
import numpy as np

from strategies.brisca import RANDOM, choose, pick_random

from .._jit import njit
from ..bits import bit
from ..deal import shuffle
from ..rng import MASK32, next64, seed_stream
from .enums import (E_TARGET, HAND_SIZE, K_TIE, MAX_CARDS, P_LOMBARDY, P_TARGET, POINTS_TABLE,
                    T_CARDS0, T_DEALER_OUTCOME, T_DEALER_POINTS, T_GAMES0, T_GAMES1, T_OUTCOME,
                    T_POINTS0, TOTAL_POINTS)
from .scoring import score_deal

_32 = np.uint64(32)


@njit(inline="always")
def tables(players, params):
    """Per-card points, suits and strengths of the deck the player count uses."""
    rps = 12 if players == 6 else 10
    n_cards = 4 * rps
    pts = POINTS_TABLE[2 * (players == 6) + (params[P_LOMBARDY] != 0)]
    suit_of = np.empty(MAX_CARDS, np.int64)
    strength_of = np.empty(MAX_CARDS, np.int64)
    for c in range(n_cards):
        suit_of[c] = c // rps
        strength_of[c] = c - (c // rps) * rps
    return rps, n_cards, pts, suit_of, strength_of


@njit(inline="always")
def new_deal(state, deck, n_cards, hands, players, dealer, stock):
    """Shuffle a fresh deck, deal three cards each and lay out the stock.

    Returns ``(trump_card, stock_size)``; the stock is first-drawn first, the
    face-up trump card last."""
    for i in range(n_cards):
        deck[i] = i
    shuffle(state, deck, n_cards)
    s = dealer + 1
    if s == players:
        s = 0
    for k in range(players):
        hands[s] = bit(deck[3 * k]) | bit(deck[3 * k + 1]) | bit(deck[3 * k + 2])
        s += 1
        if s == players:
            s = 0
    trump_card = deck[HAND_SIZE * players]
    m = 0
    for i in range(HAND_SIZE * players + 1, n_cards):
        stock[m] = deck[i]
        m += 1
    stock[m] = trump_card
    return trump_card, m + 1


@njit(inline="always")
def play(state, hands, players, dealer, trump, tmask, stock, n_stock, codes, all_random, bmi2,
         pts, suit_of, strength_of, trace, t_cards, t_leader, t_winner, t_points):
    """Play the deal out (``hands`` is emptied, the stock drawn).

    Returns ``(points_side0, tricks_side0, tricks)``."""
    leader = dealer + 1
    if leader == players:
        leader = 0
    n_tricks = (HAND_SIZE * players + n_stock) // players
    pos = 0
    points0 = 0
    tricks0 = 0
    x = np.uint64(0)
    for t in range(n_tricks):
        p = leader
        best = 0
        winner = 0
        best_key = 0
        led = 0
        tp = 0
        high = False
        for k in range(players):
            if (k & 1) == 0:
                x = next64(state)
                uk = x >> _32
            else:
                uk = x & MASK32
            h = hands[p]
            if all_random:
                c = pick_random(h, uk, bmi2)
            else:
                c = choose(codes[p], p, h, k, best, winner, trump, tmask, tp, high, players,
                           pts, suit_of, strength_of, uk, bmi2)
            hands[p] = h & ~bit(c)
            cs = suit_of[c]
            if k == 0:
                led = cs
            key = (cs == trump) * 32 + (cs == led) * 16 + strength_of[c]
            if k == 0 or key > best_key:
                best_key = key
                best = c
                winner = p
            v = pts[c]
            tp += v
            if v >= 10:
                high = True
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
        if pos < n_stock:
            s = winner
            for k in range(players):
                hands[s] |= bit(stock[pos])
                pos += 1
                s += 1
                if s == players:
                    s = 0
        leader = winner
    return points0, tricks0, n_tricks


@njit
def all_random_codes(codes):
    for c in codes:
        if c != RANDOM:
            return False
    return True


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
def _one_deal(state, deck, n_cards, hands, players, dealer, stock, codes, all_random, bmi2,
              params, pts, suit_of, strength_of, rps, trace, row, t_hands, t_trump, t_stock,
              t_cards, t_leader, t_winner, t_points):
    card, n_stock = new_deal(state, deck, n_cards, hands, players, dealer, stock)
    trump = suit_of[card]
    tmask = np.uint64((1 << rps) - 1) << np.uint64(trump * rps)
    if trace:
        for s in range(players):
            t_hands[row, s] = hands[s]
        t_trump[row] = card
        for i in range(n_stock):
            t_stock[row, i] = stock[i]
    points0, tricks0, n_tricks = play(state, hands, players, dealer, trump, tmask, stock,
                                      n_stock, codes, all_random, bmi2, pts, suit_of,
                                      strength_of, trace, t_cards[row], t_leader[row],
                                      t_winner[row], t_points[row])
    kind, winner, games = score_deal(points0, tricks0 * players, (n_tricks - tricks0) * players,
                                     params)
    return trump, points0, tricks0, n_tricks, kind, winner, games


@njit
def run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
              t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index.  With
    ``trace`` the ``t_*`` arrays (one row per deal) receive the full play.
    """
    all_random = all_random_codes(codes)
    rps, n_cards, pts, suit_of, strength_of = tables(players, params)
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(MAX_CARDS, dtype=np.int64)
    hands = np.zeros(6, dtype=np.uint64)
    stock = np.empty(MAX_CARDS, dtype=np.int64)
    for i in range(out.shape[0]):
        d = start + i
        seed_stream(state, seed_base, d)
        dealer = d % players if dealer_fixed < 0 else dealer_fixed
        row = i if trace else 0
        trump, points0, tricks0, n_tricks, kind, winner, games = _one_deal(
            state, deck, n_cards, hands, players, dealer, stock, codes, all_random, bmi2, params,
            pts, suit_of, strength_of, rps, trace, row, t_hands, t_trump, t_stock, t_cards,
            t_leader, t_winner, t_points)
        _write_deal(out[i], d, dealer, trump, players, points0, tricks0, n_tricks, kind, winner,
                    games)


@njit
def run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                max_deals, deals_out, t_hands, t_trump, t_stock, t_cards, t_leader, t_winner,
                t_points, t_before):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace``, ``out`` has one row and ``deals_out``/``t_*`` receive its
    deals (at most ``max_deals``; returns -1 if the match was longer).
    Returns the number of deals played.
    """
    all_random = all_random_codes(codes)
    rps, n_cards, pts, suit_of, strength_of = tables(players, params)
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(MAX_CARDS, dtype=np.int64)
    hands = np.zeros(6, dtype=np.uint64)
    stock = np.empty(MAX_CARDS, dtype=np.int64)
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
            trump, points0, tricks0, n_tricks, kind, winner, games = _one_deal(
                state, deck, n_cards, hands, players, dealer, stock, codes, all_random, bmi2,
                params, pts, suit_of, strength_of, rps, keep, row, t_hands, t_trump, t_stock,
                t_cards, t_leader, t_winner, t_points)
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
