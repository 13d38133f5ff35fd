"""Sueca kernels: dealing, play and batch loops over structured record arrays.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend
only on the deal indices it covers.
"""
import numpy as np
from numba import literally

from strategies.sueca import GREEDY, RANDOM, choose, pick_greedy, pick_random

from .._jit import njit
from ..bits import bit, popcount
from ..deal import shuffle
from ..rng import MASK32, next64, seed_stream
from .enums import (HAND_SIZE, K_BANDEIRA, K_PENTE, K_POINTS_BANDEIRA, K_TIE, N_SEATS,
                    N_TRICKS, P_REDRAW, RANKS_PER_SUIT, P_RUBBER_GAMES, P_TIE_CARRY, P_TRUMP_FIRST, POINTS,
                    STRENGTH, SUIT, SUIT_MASKS, E_BANDEIRA, E_GAMES, E_PENTE,
                    E_POINTS_BANDEIRA, T_DEALER_OUTCOME, T_DEALER_POINTS, T_DEALER_TRUMPS,
                    T_GAMES0, T_GAMES1, T_OUTCOME, T_POINTS0, T_TRICKS0)
from .scoring import score_deal

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
def new_deal(state, deck, hands, dealer, params):
    """Shuffle a fresh deck and deal it (redealing under ``redraw_point_trump``)."""
    for i in range(N_CARDS):
        deck[i] = i
    shuffle(state, deck, N_CARDS)
    trump_first = params[P_TRUMP_FIRST] != 0
    card = deal_hands(deck, hands, dealer, trump_first)
    if params[P_REDRAW] != 0:
        while POINTS[card] > 0:
            shuffle(state, deck, N_CARDS)
            card = deal_hands(deck, hands, dealer, trump_first)
    return card


@njit(inline="always")
def play(state, hands, dealer, trump, codes, mode, draws, bmi2, trace,
         t_cards, t_leader, t_winner, t_points):
    """Play the ten tricks of a dealt hand (``hands`` is emptied).

    ``mode`` (a compile-time literal) selects the loop: ``ALL_RANDOM``,
    ``ALL_GREEDY`` or ``MIXED`` (per-seat dispatch on the strategy codes).
    ``draws`` false skips the per-trick draws, which only a caller whose stream
    ends with the deal and whose seats are all deterministic may do: nothing
    observes them, so results are unchanged.
    Returns ``(points_team0, tricks_team0)``.  When ``trace`` is true the
    cards played and each trick's leader, winner and points are written out.
    """
    leader = (dealer + 1) & 3
    points0 = 0
    tricks0 = 0
    for t in range(N_TRICKS):
        a = next64(state) if draws else np.uint64(0)
        b = next64(state) if draws else np.uint64(0)
        u1 = a & MASK32
        u2 = b >> _32
        u3 = b & MASK32
        p = leader
        h = hands[p]
        if mode == ALL_RANDOM:
            c = pick_random(h, (a >> _32), bmi2)
        elif mode == ALL_GREEDY:
            c = pick_greedy(p, h, 0, 0, p, 0, trump)
        else:
            c = choose(codes[p], p, h, 0, 0, p, 0, trump, (a >> _32), bmi2)
        hands[p] = h & ~bit(c)
        led = SUIT[c]
        led_mask = SUIT_MASKS[led]
        best = c
        winner = p
        tp = POINTS[c]
        best_key = (led == trump) * 32 + 16 + STRENGTH[c]
        if trace:
            t_cards[4 * t] = c
        for k in range(1, N_SEATS):
            p = (p + 1) & 3
            h = hands[p]
            follow = h & led_mask
            legal = follow if follow else h
            uk = u1 if k == 1 else (u2 if k == 2 else u3)
            if mode == ALL_RANDOM:
                c = pick_random(legal, uk, bmi2)
            elif mode == ALL_GREEDY:
                c = pick_greedy(p, legal, k, best, winner, led, trump)
            else:
                c = choose(codes[p], p, legal, k, best, winner, led, trump, uk, bmi2)
            hands[p] = h & ~bit(c)
            tp += POINTS[c]
            cs = SUIT[c]
            key = (cs == trump) * 32 + (cs == led) * 16 + STRENGTH[c]
            if key > best_key:
                best_key = key
                best = c
                winner = p
            if trace:
                t_cards[4 * t + k] = c
        if trace:
            t_leader[t] = leader
            t_winner[t] = winner
            t_points[t] = tp
        if (winner & 1) == 0:
            points0 += tp
            tricks0 += 1
        leader = winner
    return points0, tricks0


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


@njit
def run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
              t_hands, t_trump, t_cards, t_leader, t_winner, t_points):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index.  With
    ``trace`` the ``t_*`` arrays (one row per deal) receive the full play.
    When every seat plays ``random`` a loop specialised for it runs.
    """
    mode = play_mode(codes)
    if mode == ALL_RANDOM:
        _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
                   t_hands, t_trump, t_cards, t_leader, t_winner, t_points, ALL_RANDOM)
    elif mode == ALL_GREEDY:
        _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
                   t_hands, t_trump, t_cards, t_leader, t_winner, t_points, ALL_GREEDY)
    else:
        _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
                   t_hands, t_trump, t_cards, t_leader, t_winner, t_points, MIXED)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
               t_hands, t_trump, t_cards, t_leader, t_winner, t_points, mode):
    literally(mode)   # one compiled loop per mode, with no strategy dispatch in the first two
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(N_CARDS, dtype=np.int64)
    hands = np.empty(N_SEATS, dtype=np.uint64)
    start_hands = np.empty(N_SEATS, dtype=np.uint64)
    for i in range(out.shape[0]):
        d = start + i
        seed_stream(state, seed_base, d)
        dealer = d % N_SEATS if dealer_fixed < 0 else dealer_fixed
        card = new_deal(state, deck, hands, dealer, params)
        trump = SUIT[card]
        start_hands[:] = hands
        row = i if trace else 0
        if trace:
            t_hands[row, :] = hands
            t_trump[row] = card
        points0, tricks0 = play(state, hands, dealer, trump, codes, mode, mode != ALL_GREEDY,
                                bmi2, trace, t_cards[row], t_leader[row], t_winner[row],
                                t_points[row])
        kind, winner, games = score_deal(points0, tricks0, params, 0)
        _write_deal(out[i], d, dealer, trump, start_hands, points0, tricks0, kind, winner, games)


@njit
def run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace, max_deals,
                deals_out, t_hands, t_trump, t_cards, t_leader, t_winner, t_points, t_before):
    """Play rubbers ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace``, ``out`` has one row and ``deals_out``/``t_*`` receive its
    deals (at most ``max_deals``; returns -1 if the rubber was longer).
    Returns the number of deals played.
    """
    mode = play_mode(codes)
    if mode == ALL_RANDOM:
        return _run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
                            max_deals, deals_out, t_hands, t_trump, t_cards, t_leader, t_winner,
                            t_points, t_before, ALL_RANDOM)
    if mode == ALL_GREEDY:
        return _run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
                            max_deals, deals_out, t_hands, t_trump, t_cards, t_leader, t_winner,
                            t_points, t_before, ALL_GREEDY)
    return _run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
                        max_deals, deals_out, t_hands, t_trump, t_cards, t_leader, t_winner,
                        t_points, t_before, MIXED)


@njit
def _run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace, max_deals,
                 deals_out, t_hands, t_trump, t_cards, t_leader, t_winner, t_points, t_before,
                 mode):
    literally(mode)
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(N_CARDS, dtype=np.int64)
    hands = np.empty(N_SEATS, dtype=np.uint64)
    start_hands = np.empty(N_SEATS, dtype=np.uint64)
    whole = params[P_RUBBER_GAMES]
    total_deals = 0
    for i in range(out.shape[0]):
        r = start + i
        seed_stream(state, seed_base, r)
        first = r % N_SEATS if dealer_fixed < 0 else dealer_fixed
        g0 = 0
        g1 = 0
        carry = 0
        n = 0
        end = E_GAMES
        while g0 < whole and g1 < whole:
            dealer = (first + n) % N_SEATS
            card = new_deal(state, deck, hands, dealer, params)
            trump = SUIT[card]
            start_hands[:] = hands
            keep = trace and n < max_deals
            row = n if keep else 0
            if keep:
                t_hands[row, :] = hands
                t_trump[row] = card
                t_before[row, 0] = g0
                t_before[row, 1] = g1
                t_before[row, 2] = carry
            points0, tricks0 = play(state, hands, dealer, trump, codes, mode, True, bmi2, keep,
                                    t_cards[row], t_leader[row], t_winner[row], t_points[row])
            kind, winner, games = score_deal(points0, tricks0, params, carry)
            if keep:
                _write_deal(deals_out[row], total_deals + n, dealer, trump, start_hands,
                            points0, tricks0, kind, winner, games)
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
