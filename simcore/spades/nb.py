"""Spades kernels: dealing, bidding, play and batch loops over structured record arrays.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend only on the
indices it covers.  How each step consumes the stream is in ``docs/games/spades.md``:
26 outputs for the shuffle, 2 before bidding, 2 before each trick (54 a hand).
"""
import numpy as np

from strategies.spades import RANDOM, bid, choose, pick_random

from .._jit import njit
from ..bits import bit
from ..deal import SHUFFLED, fill_deck, source_dealer
from ..rng import MASK32, next64, seed_stream
from .enums import (BLIND_NIL_TRAIL, E_MAX_HANDS, E_MERCY, E_TARGET, HAND_SIZE, N_CARDS,
                    N_SEATS, N_TRICKS, NON_SPADES, O_TEAM0, O_TEAM1, O_TIE, P_BAG_POINTS,
                    P_BLIND_NIL, P_BREAK_SPADES, P_MAX_HANDS, SPADES, STRENGTH, SUIT,
                    SUIT_MASKS, T_BAGS, T_BIDS, T_DEALER_OUTCOME, T_MADE, T_NIL, T_OUTCOME,
                    T_SCORE, T_SET, T_TRICKS0)
from .scoring import add_bags, game_over, nil_result, score_team

_32 = np.uint64(32)


@njit(inline="always")
def new_hand(state, deck, hands, dealer, source, i):
    """Fill the deck from ``source`` (:func:`simcore.deal.fill_deck`: by default a fresh
    identity deck shuffled); positions 13k..13k+12 go to seat dealer+1+k.  Returns the dealer
    (a conditioned source draws it, :func:`simcore.deal.source_dealer`)."""
    fill_deck(state, deck, N_CARDS, source, i)
    dealer = source_dealer(source, i, dealer)
    for k in range(N_SEATS):
        h = np.uint64(0)
        for c in range(HAND_SIZE):
            h |= bit(deck[k * HAND_SIZE + c])
        hands[(dealer + 1 + k) & 3] = h
    return dealer


@njit(inline="always")
def bidding(state, hands, dealer, codes, blind_team0, blind_team1, bids, blind):
    """Two outputs, then each player from dealer+1 bids with its draw ``u[k]``.  A player
    whose team may bid blind nil (``blind_team*``) does so instead of evaluating."""
    a = next64(state)
    b = next64(state)
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
        if (blind_team0 if (p & 1) == 0 else blind_team1):
            bids[p] = 0
            blind[p] = 1
        else:
            bids[p] = bid(codes[p], hands[p], uk)
            blind[p] = 0


@njit(inline="always")
def play(state, hands, dealer, codes, all_random, bmi2, break_spades, bids, tricks, trace,
         t_cards, t_leader, t_winner):
    """Play the 13 tricks of a dealt hand (``hands`` is emptied); ``tricks`` receives the
    tricks taken by seat.  With ``trace`` the cards played and each trick's leader and
    winner are written out."""
    for s in range(N_SEATS):
        tricks[s] = 0
    leader = (dealer + 1) & 3
    broken = False
    for t in range(N_TRICKS):
        a = next64(state)
        b = next64(state)
        u1 = a & MASK32
        u2 = b >> _32
        u3 = b & MASK32
        p = leader
        h = hands[p]
        legal = h
        if break_spades and not broken:
            plain = h & NON_SPADES
            if plain:
                legal = plain
        if all_random:
            c = pick_random(legal, a >> _32, bmi2)
        else:
            c = choose(codes[p], p, legal, 0, 0, p, 0, bids, tricks, a >> _32, bmi2)
        hands[p] = h & ~bit(c)
        led = SUIT[c]
        led_mask = SUIT_MASKS[led]
        winner = p
        best = c
        best_key = (led == SPADES) * 32 + 16 + STRENGTH[c]
        spade = led == SPADES
        if trace:
            t_cards[4 * t] = c
        for k in range(1, N_SEATS):
            p = (p + 1) & 3
            h = hands[p]
            follow = h & led_mask
            legal = follow if follow else h
            uk = u1 if k == 1 else (u2 if k == 2 else u3)
            if all_random:
                c = pick_random(legal, uk, bmi2)
            else:
                c = choose(codes[p], p, legal, k, best, winner, led, bids, tricks, uk, bmi2)
            hands[p] = h & ~bit(c)
            cs = SUIT[c]
            key = (cs == SPADES) * 32 + (cs == led) * 16 + STRENGTH[c]
            if key > best_key:
                best_key = key
                best = c
                winner = p
            if cs == SPADES:
                spade = True
            if trace:
                t_cards[4 * t + k] = c
        if spade:
            broken = True
        if trace:
            t_leader[t] = leader
            t_winner[t] = winner
        tricks[winner] += 1
        leader = winner


@njit
def all_random_codes(codes):
    for c in codes:
        if c != RANDOM:
            return False
    return True


@njit(inline="always")
def score_hand(bids, blind, tricks, params):
    """``(score0, score1, bags0, bags1, made0, made1)`` of a played hand."""
    bp = params[P_BAG_POINTS]
    s0, g0, m0 = score_team(bids[0], bids[2], blind[0] != 0, blind[2] != 0, tricks[0], tricks[2], bp)
    s1, g1, m1 = score_team(bids[1], bids[3], blind[1] != 0, blind[3] != 0, tricks[1], tricks[3], bp)
    return s0, s1, g0, g1, m0, m1


@njit(inline="always")
def _write_hand(rec, d, dealer, bids, blind, tricks, s0, s1, g0, g1):
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


@njit
def run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace,
              t_hands, t_cards, t_leader, t_winner, source=SHUFFLED):
    """Play hands ``start .. start + len(out) - 1`` into the records ``out``; the deals come
    from ``source`` (:mod:`simcore.deal`: shuffled, given or conditioned decks).

    ``dealer_fixed`` < 0 rotates the dealer with the hand index.  With ``trace`` the
    ``t_*`` arrays (one row per hand) receive the full play.  No blind nil in single hands.
    """
    all_random = all_random_codes(codes)
    break_spades = params[P_BREAK_SPADES] != 0
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(N_CARDS, dtype=np.int64)
    hands = np.empty(N_SEATS, dtype=np.uint64)
    bids = np.zeros(N_SEATS, dtype=np.int64)
    blind = np.zeros(N_SEATS, dtype=np.int64)
    tricks = np.zeros(N_SEATS, dtype=np.int64)
    for i in range(out.shape[0]):
        d = start + i
        seed_stream(state, seed_base, d)
        dealer = d % N_SEATS if dealer_fixed < 0 else dealer_fixed
        dealer = new_hand(state, deck, hands, dealer, source, i)
        row = i if trace else 0
        if trace:
            t_hands[row, :] = hands
        bidding(state, hands, dealer, codes, False, False, bids, blind)
        play(state, hands, dealer, codes, all_random, bmi2, break_spades, bids, tricks, trace,
             t_cards[row], t_leader[row], t_winner[row])
        s0, s1, g0, g1, m0, m1 = score_hand(bids, blind, tricks, params)
        _write_hand(out[i], d, dealer, bids, blind, tricks, s0, s1, g0, g1)


@njit
def run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, trace, max_trace,
                hands_out, t_hands, t_cards, t_leader, t_winner, t_before):
    """Play games ``start .. start + len(out) - 1`` to the target into the records ``out``.

    Game g uses stream g of ``seed_base`` for all its hands.  With ``trace``, ``out`` has
    one row and ``hands_out``/``t_*`` receive its hands (at most ``max_trace``; returns -1
    if the game was longer); ``t_before[j]`` = game scores and bags before hand j, then the
    bag penalties of hand j.  Returns the number of hands played.
    """
    all_random = all_random_codes(codes)
    break_spades = params[P_BREAK_SPADES] != 0
    blind_rule = params[P_BLIND_NIL] != 0
    max_hands = params[P_MAX_HANDS]
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(N_CARDS, dtype=np.int64)
    hands = np.empty(N_SEATS, dtype=np.uint64)
    bids = np.zeros(N_SEATS, dtype=np.int64)
    blind = np.zeros(N_SEATS, dtype=np.int64)
    tricks = np.zeros(N_SEATS, dtype=np.int64)
    total_hands = 0
    for i in range(out.shape[0]):
        g = start + i
        seed_stream(state, seed_base, g)
        first = g % N_SEATS if dealer_fixed < 0 else dealer_fixed
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
                t_hands[row, :] = hands
                t_before[row, 0] = sc0
                t_before[row, 1] = sc1
                t_before[row, 2] = bg0
                t_before[row, 3] = bg1
            bt0 = blind_rule and sc1 - sc0 >= BLIND_NIL_TRAIL
            bt1 = blind_rule and sc0 - sc1 >= BLIND_NIL_TRAIL
            bidding(state, hands, dealer, codes, bt0, bt1, bids, blind)
            play(state, hands, dealer, codes, all_random, bmi2, break_spades, bids, tricks, keep,
                 t_cards[row], t_leader[row], t_winner[row])
            s0, s1, g0, g1, m0, m1 = score_hand(bids, blind, tricks, params)
            bg0, pen0 = add_bags(bg0, g0, params)
            bg1, pen1 = add_bags(bg1, g1, params)
            sc0 += s0 - pen0
            sc1 += s1 - pen1
            if keep:
                _write_hand(hands_out[row], total_hands + n, dealer, bids, blind, tricks,
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


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (layout in ``enums``)."""
    for i in range(out.shape[0]):
        r = out[i]
        oc = np.int64(r.outcome)
        totals[T_OUTCOME + oc] += 1
        dc = oc
        if (np.int64(r.dealer) & 1) == 1 and oc != 0:
            dc = 3 - oc
        totals[T_DEALER_OUTCOME + dc] += 1
        t0 = np.int64(r.tricks_seat0) + np.int64(r.tricks_seat2)
        c0 = np.int64(r.bid_seat0) + np.int64(r.bid_seat2)
        c1 = np.int64(r.bid_seat1) + np.int64(r.bid_seat3)
        if t0 >= c0:
            totals[T_MADE] += 1
        else:
            totals[T_SET] += 1
        if N_TRICKS - t0 >= c1:
            totals[T_MADE + 1] += 1
        else:
            totals[T_SET + 1] += 1
        totals[T_NIL + np.int64(r.nil_seat0)] += 1
        totals[T_NIL + np.int64(r.nil_seat1)] += 1
        totals[T_NIL + np.int64(r.nil_seat2)] += 1
        totals[T_NIL + np.int64(r.nil_seat3)] += 1
        totals[T_SCORE] += np.int64(r.score_team0)
        totals[T_SCORE + 1] += np.int64(r.score_team1)
        totals[T_BAGS] += np.int64(r.bags_team0)
        totals[T_BAGS + 1] += np.int64(r.bags_team1)
        totals[T_BIDS + np.int64(r.bid_seat0)] += 1
        totals[T_BIDS + np.int64(r.bid_seat1)] += 1
        totals[T_BIDS + np.int64(r.bid_seat2)] += 1
        totals[T_BIDS + np.int64(r.bid_seat3)] += 1
        totals[T_TRICKS0 + t0] += 1
