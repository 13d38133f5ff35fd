"""Brisca kernels: dealing, play with the stock, batch loops over structured records.

No pandas, files or printing here.  Every loop takes the stream base
(:func:`simcore.rng.seed_base`) and a first index, so a chunk's results depend
only on the indices it covers.  Strategies come as a lineup
(:class:`simcore.strategy.Lineup`): one kernel is compiled per lineup and player count
(its play loop, with constant bounds: two players with both hands in locals, or four and
six), when first used.
"""
import numpy as np
from numba import literally, types
from numba.extending import overload

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, ctz, popcount, top_bit
from ..deal import SHUFFLED, deal_deck, first_dealer, is_shuffled
from ..rng import MASK32, next64
from ..stack import stack_copy, stack_empty
from ..strategy import policies_of
from .enums import (DEAL_DTYPE, E_FOUR_DEALS, E_TARGET, HAND_SIZE, K_TIE, K_TIEBREAK, MAX_CARDS, MAX_TRICKS, N_VALUES,
                    P_MARRIAGES, P_MEXICAN, P_ROTATING, P_TARGET, P_VALUES, POINTS_TABLE, SUIT_MASKS,
                    SUIT_OF, T_CARDS0, T_DEALER_OUTCOME, T_DEALER_POINTS, T_GAMES0, T_GAMES1,
                    T_MARRIAGES0, T_MARRIAGES1, T_MARRIED0, T_MARRIED1, T_OUTCOME, T_POINTS0,
                    T_POINTS1, T_GAMES2, T_PSUM1, T_PSUM2, SIDE2_BASE,
                    ROTATION, TOTAL_POINTS,
                    EV_ARRASTRO, EV_CLAIM, EV_EXCHANGE, FIELDS, MAX_EVENTS, RANKS, STRENGTH_7,
                    STRENGTH_OF, STRIDES, V_ARRASTRO, V_CLAIM, V_EXCHANGE, variant_flags,
                    P_ARRASTRO, P_CLAIM, P_EXCHANGE, EV_MUERTE, K_MUERTE, P_MUERTE, V_MUERTE)
from .scoring import marriage_bonus, score_mexican, score_three, score_totals
from .view import (MAX_SEATS, VIEW_DTYPE, default_arrastro, default_exchange, default_muerte,
                   view_constants,
                   view_deal, view_drawn, view_exchange, view_open2, view_partners,
                   view_best, view_played, view_trick, view_trick_done, view_turn,
                   muerte_legal, trump_ace_three)

_32 = np.uint64(32)
DECK_SLOTS = MAX_CARDS + 1      # the deck, and the face-up card copied under the stock
# the chunk loops' ``hands`` scratch: a hand per seat, then (only in the kernels that hold
# play_x: two more slots cost the default loops about 5% of greedy's speed, measured) how
# play_x ended the deal (rule muerte_al_tres): hands[H_END] is 0, or 1 + the side whose
# trump ace captured the trump 3 (the deal ended at once), and hands[H_TAKEN] the card
# points taken by then
H_END = MAX_SEATS
H_TAKEN = MAX_SEATS + 1
HAND_SLOTS = MAX_SEATS + 2
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_ONE = np.uint64(1)


@njit(inline="always")
def beaters(best, trump, tmask, d):
    """The mask of the cards that would beat ``best``, the card winning the trick so far:
    the higher cards of its suit, and every trump if it is not one (branch-free: the
    trumps outside its suit are no trumps at all when it is one)."""
    suit = SUIT_MASKS[d, SUIT_OF[d, best]]
    return (suit & (_ONES << np.uint64(best + 1))) | (tmask & ~suit)


@njit(inline="always")
def new_deal(state, deck, n_cards, hands, players, dealer, source, i):
    """Fill the deck from ``source`` (:func:`simcore.deal.fill_deck`), deal three cards each
    and lay out the stock.

    The stock is ``deck[3 * players + 1 .. n_cards]``, first-drawn first: the face-up
    trump card ``deck[3 * players]`` is copied to ``deck[n_cards]``, drawn last.
    Three players deal 39 cards: the 2 of coins (card 0) is out, so a shuffled deck is
    the identity over the cards 1..39 shuffled by the documented pass (the pass over
    0..38, plus one); given decks hold card indices.
    Returns the trump card and the dealer (a conditioned source may draw it)."""
    dealer = deal_deck(state, deck, n_cards, source, i, dealer)
    if players == 3 and is_shuffled(source):
        for j in range(n_cards):
            deck[j] += 1
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
def _illegal(status, seat, card):
    status[0] = 1
    status[1] = seat
    status[2] = card


@njit(inline="always")
def play_n(state, hands, players, d, dealer, trump, tmask, deck, n_cards, codes, v, sp, policy,
           level, check, draws, status, pts, trace, row, t_cards, t_leader, t_winner,
          t_points, mar, rot, xpolicy, apolicy, t_events, flags):
    """Play the deal out (``hands`` is emptied, the stock drawn), any player count.

    ``policy`` is the lineup's play dispatcher (:func:`simcore.strategy.dispatcher`, an
    inlined function): ``codes[seat]`` is the seat's strategy in the lineup, ``sp`` the
    lineup's parameter records.  ``level`` is how much of the view ``v`` its strategies
    read (kept up to date as cards are played and drawn), ``check`` whether the cards they
    return are checked: a card not in hand (possible only from a strategy that is not built
    in) stops the deal and ``status`` receives ``(1, seat, card)``.  ``draws`` false skips
    the per-trick draws, which only a caller whose stream ends with the deal and whose
    seats are all deterministic may do: nothing observes them, so results are unchanged.
    ``mar`` (rule ``marriages``): collect the cards side 0 captures; ``rot`` (rule
    ``rotating_trump``): no face-up card, the stock is ``deck[3 * players .. n_cards - 1]``.
    ``xpolicy``, ``apolicy``, ``t_events`` and ``flags`` are :func:`play_x`'s (unused here).
    Returns ``(points_side0, tricks_side0, tricks, cards captured by side 0)`` (the mask
    is 0 without ``mar``)."""
    leader = dealer + 1
    if leader == players:
        leader = 0
    n_tricks = n_cards // players
    pos = HAND_SIZE * players + (0 if rot else 1)
    end = n_cards - (1 if rot else 0)       # the last card of the stock
    points0 = 0
    tricks0 = 0
    x = np.uint64(0)
    uk = np.uint64(0)
    won0 = np.uint64(0)
    for t in range(n_tricks):
        p = leader
        tm = np.uint64(0)
        win_mask = np.uint64(0)
        winner = leader
        tp = 0
        view_trick(v, t, leader, players, level)
        for k in range(players):
            if draws:
                if (k & 1) == 0:
                    x = next64(state)
                    uk = x >> _32
                else:
                    uk = x & MASK32
            h = hands[p]
            view_turn(v, p, h, players, level)
            view_partners(v, p, hands, players, level)
            c = policy(codes[p], p, v, h, uk, sp)
            if check and (c < 0 or c >= MAX_CARDS or (h & bit(c)) == 0):
                _illegal(status, p, c)
                return points0, tricks0, n_tricks, won0
            b = bit(c)
            if mar:
                tm |= b
            hands[p] = h & ~b
            if k == 0 or (b & win_mask) != 0:
                win_mask = beaters(c, trump, tmask, d)
                winner = p
                view_best(v, p, c, win_mask, level)
            tp += pts[c]
            view_played(v, t, k, p, c, tp, level)
            if trace:
                t_cards[row, players * t + k] = c
            p += 1
            if p == players:
                p = 0
        view_trick_done(v, t, leader, winner, tp, level)
        if trace:
            t_leader[row, t] = leader
            t_winner[row, t] = winner
            t_points[row, t] = tp
        if players == 3:            # each seat a side: by seat, a byte each (_unpack3)
            points0 += tp << (8 * winner)
            tricks0 += 1 << (8 * winner)
        elif (winner & 1) == 0:
            points0 += tp
            tricks0 += 1
            if mar:
                won0 |= tm
        if pos <= end:
            s = winner
            for k in range(players):
                hands[s] |= bit(deck[pos])
                pos += 1
                s += 1
                if s == players:
                    s = 0
            view_drawn(v, end + 1 - pos, winner - 1 if winner > 0 else players - 1, level)
        leader = winner
    return points0, tricks0, n_tricks, won0


@njit(inline="always")
def play2(state, hands, players, d, dealer, trump, tmask, deck, n_cards, codes, v, sp, policy,
          level, check, draws, status, pts, trace, row, t_cards, t_leader, t_winner,
          t_points, mar, rot, xpolicy, apolicy, t_events, flags):
    """:func:`play_n` for two players (``players``, ``d`` and ``n_cards`` are 2, 0, 40),
    the hands held in locals as the leader's and the other's."""
    leader = 1 - dealer
    hl = hands[leader]
    ho = hands[1 - leader]
    n_tricks = n_cards // 2
    pos = 2 * HAND_SIZE + (0 if rot else 1)
    end = n_cards - (1 if rot else 0)       # the last card of the stock
    points0 = 0
    tricks0 = 0
    x = np.uint64(0)
    won0 = np.uint64(0)
    for t in range(n_tricks):
        if draws:
            x = next64(state)
        p = leader
        q = 1 - leader
        view_trick(v, t, p, 2, level)
        view_turn(v, p, hl, 2, level)
        view_open2(v, p, hl, ho, level)
        c0 = policy(codes[p], p, v, hl, x >> _32, sp)
        if check and (c0 < 0 or c0 >= n_cards or (hl & bit(c0)) == 0):
            _illegal(status, p, c0)
            return points0, tricks0, n_tricks, won0
        b0 = bit(c0)
        hl &= ~b0
        win_mask = beaters(c0, trump, tmask, d)
        v0 = pts[c0]
        view_best(v, p, c0, win_mask, level)
        view_played(v, t, 0, p, c0, v0, level)
        view_turn(v, q, ho, 2, level)
        view_open2(v, p, hl, ho, level)
        c1 = policy(codes[q], q, v, ho, x & MASK32, sp)
        if check and (c1 < 0 or c1 >= n_cards or (ho & bit(c1)) == 0):
            _illegal(status, q, c1)
            return points0, tricks0, n_tricks, won0
        b1 = bit(c1)
        ho &= ~b1
        tp = v0 + pts[c1]
        taken = (b1 & win_mask) != 0
        if taken and level >= 2:     # (no decision sees the finished trick below level 2)
            view_best(v, q, c1, beaters(c1, trump, tmask, d), level)
        view_played(v, t, 1, q, c1, tp, level)
        view_trick_done(v, t, p, q if taken else p, tp, level)
        if trace:
            t_cards[row, 2 * t] = c0
            t_cards[row, 2 * t + 1] = c1
            t_leader[row, t] = leader
            t_winner[row, t] = q if taken else p
            t_points[row, t] = tp
        if taken:
            leader = q
        a = ho if taken else hl
        ho = hl if taken else ho
        hl = a
        if leader == 0:
            points0 += tp
            tricks0 += 1
            if mar:
                won0 |= b0 | b1
        if pos <= end:
            hl |= bit(deck[pos])
            ho |= bit(deck[pos + 1])
            pos += 2
            view_drawn(v, end + 1 - pos, 1 - leader, level)
    hands[0] = hl
    hands[1] = ho
    return points0, tricks0, n_tricks, won0


# --- the variants that change play: one more play loop, compiled only
# for a rule vector whose variant_flags are not 0 (today's games never compile it) --------
@njit(inline="always")
def _event(t_events, row, e, kind, trick, seat, a, b):
    t_events[row, e, 0] = kind
    t_events[row, e, 1] = trick
    t_events[row, e, 2] = seat
    t_events[row, e, 3] = a
    t_events[row, e, 4] = b


@njit(inline="always")
def arrastro_legal(h, tmask, d):
    """The cards a seat may play after an arrastro call: its highest trump, else its cards
    of the highest rank (strength), whatever their suit."""
    th = h & tmask
    if th != 0:
        return bit(top_bit(th))
    r = np.uint64(RANKS[d])
    fold = (h | (h >> r) | (h >> (r + r)) | (h >> (r + r + r))) & FIELDS[d]
    return h & (STRIDES[d] << np.uint64(top_bit(fold)))


@njit(inline="always")
def claim_side(hands, players, tmask, left):
    """``claim_top_trumps``: the side whose hands hold the ``left`` best trumps not yet
    played, when each hand holds ``left`` (3 or 2) cards; else -1 (three players: the
    seat)."""
    if left != 3 and left != 2:
        return -1
    out = np.uint64(0)
    h0 = np.uint64(0)
    for s in range(players):
        out |= hands[s]
        if (s & 1) == 0:
            h0 |= hands[s]
    m = out & tmask
    if popcount(m) < left:
        return -1
    top = np.uint64(0)
    for j in range(left):
        b = bit(top_bit(m))
        top |= b
        m &= ~b
    if players == 3:
        for s in range(3):
            if (hands[s] & top) == top:
                return s
        return -1
    if (h0 & top) == top:
        return 0
    if ((out & ~h0) & top) == top:
        return 1
    return -1


@njit(inline="always")
def play_x(state, hands, players, d, dealer, trump, tmask, deck, n_cards, codes, v, sp, policy,
           level, check, draws, status, pts, trace, row, t_cards, t_leader, t_winner,
           t_points, mar, rot, xpolicy, apolicy, t_events, flags):
    """:func:`play_n` (any player count, the same random stream) with the variants of the
    rule ``flags`` (``enums.V_*``, read from the rule vector by :func:`_play_flags`):

    - ``V_EXCHANGE`` (``trump_exchange``): at a seat's turn, while the face-up card is in
      the stock (``pos <= n_cards``) and once the seat has won a trick, a seat holding the
      trump 7 with a face-up card ranked above the 7, or the trump 2 with one ranked 7 or
      below, asks ``xpolicy`` (the lineup's ``exchange`` dispatcher; ``legal`` is the
      card it would give): non-zero swaps the two cards, before the seat plays.
    - ``V_ARRASTRO`` (``arrastro``): a seat that plays the trump ace with players still to
      play to the trick asks ``apolicy`` (the ``arrastro`` dispatcher; ``legal`` is the
      ace): non-zero calls arrastro, and each later player of the trick may only play its
      highest trump, or without trumps its cards of the highest rank (``legal`` says so).
    - ``V_CLAIM`` (``claim_top_trumps``): before each trick once the stock is out, with three
      (or two) cards in each hand, a side whose hands hold the three (two) best trumps not
      yet played takes every card left: the deal ends (the tricks left count as its own).
    - ``V_MUERTE`` (``muerte_al_tres``): ``legal`` leaves out the trump ace while the trump 3
      has not been played, except in the last trick (:func:`muerte_legal`); a trick holding
      both ends the deal at once, won by the ace's side: ``hands[H_END]`` = 1 + that side,
      ``hands[H_TAKEN]`` = the card points taken, and the tricks played are returned as
      ``n_tricks`` (the draws of the tricks left are not made).

    ``mar`` and ``rot`` as in :func:`play_n` (a claim's cards are the claiming side's
    captures; ``rot`` has no face-up card, so no ``V_EXCHANGE``: ``Game.check_rules``
    refuses it).
    Events go to ``t_events[row]`` when tracing (``enums.EV_*``)."""
    leader = dealer + 1
    if leader == players:
        leader = 0
    n_tricks = n_cards // players
    pos = HAND_SIZE * players + (0 if rot else 1)
    end = n_cards - (1 if rot else 0)       # the last card of the stock
    points0 = 0
    tricks0 = 0
    x = np.uint64(0)
    uk = np.uint64(0)
    won = 0                      # bit s: seat s has won a trick
    won0 = np.uint64(0)          # the cards side 0 captured (``mar``)
    ne = 0                       # events written
    r = RANKS[d]
    seven = bit(trump * r + STRENGTH_7)
    two = bit(trump * r)
    ace, three = trump_ace_three(trump, r)   # muerte_al_tres
    three_out = False                        # the trump 3 has been played
    taken = 0                                # card points taken so far
    hands[H_END] = np.uint64(0)
    for e in range(MAX_EVENTS):
        if trace:
            t_events[row, e, 0] = 0
    for t in range(n_tricks):
        p = leader
        win_mask = np.uint64(0)
        winner = leader
        tm = np.uint64(0)
        tp = 0
        forced = False               # arrastro called in this trick
        kill = 0                     # muerte_al_tres: the ace and the 3 in this trick (2)
        if (flags & V_CLAIM) != 0 and pos > end:
            side = claim_side(hands, players, tmask, n_tricks - t)
            if side >= 0:
                rest = 0
                left = np.uint64(0)
                for s in range(players):
                    m = hands[s]
                    left |= m
                    hands[s] = np.uint64(0)
                    while m:
                        rest += pts[ctz(m)]
                        m &= m - np.uint64(1)
                if players == 3:
                    points0 += rest << (8 * side)
                    tricks0 += (n_tricks - t) << (8 * side)
                elif side == 0:
                    points0 += rest
                    tricks0 += n_tricks - t
                    if mar:
                        won0 |= left
                if trace and ne < MAX_EVENTS:
                    _event(t_events, row, ne, EV_CLAIM, t, side, 0, 0)
                    ne += 1
                return points0, tricks0, n_tricks, won0
        view_trick(v, t, leader, players, level)
        for k in range(players):
            if draws:
                if (k & 1) == 0:
                    x = next64(state)
                    uk = x >> _32
                else:
                    uk = x & MASK32
            h = hands[p]
            if (flags & V_EXCHANGE) != 0 and not rot and pos <= n_cards and (won >> p) & 1 != 0:
                up = deck[n_cards]                      # the face-up card
                give = seven if STRENGTH_OF[d, up] > STRENGTH_7 else two
                if (h & give) != 0 and up != trump * r:
                    view_turn(v, p, h, players, level)
                    view_partners(v, p, hands, players, level)
                    if xpolicy(codes[p], p, v, give, uk, sp) != 0:
                        gc = trump * r + (STRENGTH_7 if give == seven else 0)
                        h = (h & ~give) | bit(up)
                        hands[p] = h
                        deck[n_cards] = gc
                        view_exchange(v, p, gc, level)
                        if trace and ne < MAX_EVENTS:
                            _event(t_events, row, ne, EV_EXCHANGE, t, p, gc, up)
                            ne += 1
            legal = h
            if (flags & V_ARRASTRO) != 0 and forced:
                legal = arrastro_legal(h, tmask, d)
            if (flags & V_MUERTE) != 0:
                legal = muerte_legal(legal, trump, r, three_out, t == n_tricks - 1)
            view_turn(v, p, h, players, level)
            view_partners(v, p, hands, players, level)
            c = policy(codes[p], p, v, legal, uk, sp)
            if check and (c < 0 or c >= MAX_CARDS or (legal & bit(c)) == 0):
                _illegal(status, p, c)
                return points0, tricks0, n_tricks, won0
            b = bit(c)
            if mar:
                tm |= b
            hands[p] = h & ~b
            if k == 0 or (b & win_mask) != 0:
                win_mask = beaters(c, trump, tmask, d)
                winner = p
                view_best(v, p, c, win_mask, level)
            tp += pts[c]
            view_played(v, t, k, p, c, tp, level)
            if trace:
                t_cards[row, players * t + k] = c
            if (flags & V_MUERTE) != 0 and (c == ace or c == three):
                kill += 1
                if c == three:
                    three_out = True
            if (flags & V_ARRASTRO) != 0 and c == trump * r + r - 1 and k < players - 1:
                if apolicy(codes[p], p, v, b, uk, sp) != 0:
                    forced = True
                    if trace and ne < MAX_EVENTS:
                        _event(t_events, row, ne, EV_ARRASTRO, t, p, c, 0)
                        ne += 1
            p += 1
            if p == players:
                p = 0
        view_trick_done(v, t, leader, winner, tp, level)
        if trace:
            t_leader[row, t] = leader
            t_winner[row, t] = winner
            t_points[row, t] = tp
        won |= 1 << winner
        if players == 3:            # each seat a side: by seat, a byte each (_unpack3)
            points0 += tp << (8 * winner)
            tricks0 += 1 << (8 * winner)
        elif (winner & 1) == 0:
            points0 += tp
            tricks0 += 1
            if mar:
                won0 |= tm
        taken += tp
        if kill == 2:                # muerte_al_tres: the ace (the trick's winner) killed the 3
            hands[H_END] = np.uint64(1 + (winner & 1))
            hands[H_TAKEN] = np.uint64(taken)
            if trace and ne < MAX_EVENTS:
                _event(t_events, row, ne, EV_MUERTE, t, winner, ace, three)
                ne += 1
            return points0, tricks0, t + 1, won0
        if pos <= end:
            s = winner
            for k in range(players):
                hands[s] |= bit(deck[pos])
                pos += 1
                s += 1
                if s == players:
                    s = 0
            view_drawn(v, end + 1 - pos, winner - 1 if winner > 0 else players - 1, level)
        leader = winner
    return points0, tricks0, n_tricks, won0


@njit(inline="always")
def _write_first(rec, hands, players, tmask):
    """The trumps of each seat's first hand (``hands`` as dealt, before the play)."""
    rec.trumps_seat0 = popcount(hands[0] & tmask)
    rec.trumps_seat1 = popcount(hands[1] & tmask)
    rec.trumps_seat2 = popcount(hands[2] & tmask) if players > 2 else 0
    rec.trumps_seat3 = popcount(hands[3] & tmask) if players > 3 else 0
    rec.trumps_seat4 = popcount(hands[4] & tmask) if players > 4 else 0
    rec.trumps_seat5 = popcount(hands[5] & tmask) if players > 4 else 0


@njit(inline="always")
def _write_deal(rec, d, dealer, trump, players, points0, tricks0, n_tricks, kind, winner, games,
                m0, m1):
    rec.deal = d
    rec.dealer = dealer
    rec.trump_suit = trump
    if players == 3:            # by seat (_unpack3); outcome codes of side 2 follow side 1's
        p0, p1, p2 = _unpack3(points0)
        t0, t1, t2 = _unpack3(tricks0)
        rec.points_side0 = p0
        rec.points_side1 = p1
        rec.points_side2 = p2
        rec.cards_side0 = 3 * t0
        rec.cards_side1 = 3 * t1
        rec.cards_side2 = 3 * t2
        rec.tricks_side0 = t0
        rec.tricks_side1 = t1
        rec.tricks_side2 = t2
        rec.outcome = 0 if kind == K_TIE else (2 * kind - 1 + winner if winner < 2
                                                else SIDE2_BASE + kind)
        rec.game_points_side0 = games if winner == 0 else 0
        rec.game_points_side1 = games if winner == 1 else 0
        rec.game_points_side2 = games if winner == 2 else 0
        rec.marriages_side0 = 0
        rec.marriages_side1 = 0
        return
    rec.points_side2 = 0
    rec.cards_side2 = 0
    rec.tricks_side2 = 0
    rec.game_points_side2 = 0
    rec.points_side0 = points0
    rec.points_side1 = TOTAL_POINTS - points0
    rec.cards_side0 = tricks0 * players
    rec.cards_side1 = (n_tricks - tricks0) * players
    rec.tricks_side0 = tricks0
    rec.tricks_side1 = n_tricks - tricks0
    rec.outcome = 0 if kind == K_TIE else 2 * kind - 1 + winner
    rec.game_points_side0 = games if winner == 0 else 0
    rec.game_points_side1 = games if winner == 1 else 0
    rec.marriages_side0 = m0
    rec.marriages_side1 = m1


@njit(inline="always")
def _unpack3(x):
    """Three players: the per-seat values packed a byte each by the play loops."""
    return x & 255, (x >> 8) & 255, (x >> 16) & 255


@njit(inline="always")
def score_with(points0, tricks0, n_tricks, n, won0, n_cards, trump, d, mar, mex, params):
    """Score the deal (:func:`score_totals`), with the rule ``marriages`` (``mar``) each
    side's bonus for the cards it captured (side 0 ``won0``, side 1 the rest); with
    ``mex`` (rule ``mexican``) by :func:`score_mexican`.
    Three players (``n``): the values are by seat (:func:`_unpack3`), scored by
    :func:`score_three` (no marriages, no mexican: ``Game.check_rules``).
    Returns ``(kind, winner, game_points, bonus side 0, bonus side 1)``."""
    m0 = 0
    m1 = 0
    if n == 3:
        p0, p1, p2 = _unpack3(points0)
        t0, t1, t2 = _unpack3(tricks0)
        kind, winner, games = score_three(p0, p1, p2, 3 * t0, 3 * t1, 3 * t2, params)
        return kind, winner, games, m0, m1
    if mar:
        m0 = marriage_bonus(won0, trump, d)
        m1 = marriage_bonus(~won0 & ((_ONE << np.uint64(n_cards)) - _ONE), trump, d)
    if mex:
        kind, winner, games = score_mexican(points0)
    else:
        kind, winner, games = score_totals(points0 + m0, TOTAL_POINTS - points0 + m1,
                                           tricks0 * n, (n_tricks - tricks0) * n, params)
    return kind, winner, games, m0, m1



@njit(inline="always")
def muerte_score(hands, kind, winner, games):
    """Rule ``muerte_al_tres``: a deal :func:`play_x` ended at once (``hands[H_END]``) is won
    by the side whose trump ace captured the trump 3, whatever the points: kind
    ``K_MUERTE``, one game point.  Otherwise the deal's own ``(kind, winner, games)``."""
    s = np.int64(hands[H_END])
    if s != 0:
        return K_MUERTE, s - 1, 1
    return kind, winner, games


@njit(inline="always")
def muerte_points(rec, hands, points0):
    """Rule ``muerte_al_tres``: side 1's points in a deal ended at once are the points taken
    less side 0's (the cards not played count for nobody)."""
    if hands[H_END] != 0:
        rec.points_side1 = np.int64(hands[H_TAKEN]) - points0


#: the decisions of the play variants and the game's default policy for each
X_KINDS = ("exchange", "arrastro", "muerte")
X_DEFAULTS = {"exchange": default_exchange, "arrastro": default_arrastro,
              "muerte": default_muerte}
_WITH_MUERTE: dict = {}


def _with_muerte(policy, mpolicy):
    """The play dispatcher of :func:`play_x`: under ``muerte_al_tres`` (the view's
    ``muerte``) the seat's ``muerte`` policy first narrows ``legal`` (to the trump ace that
    captures the trump 3, say; an empty mask leaves ``legal``), then its play policy
    chooses.  Only play_x's kernels hold it: the default loops' policies read no rule flag."""
    got = _WITH_MUERTE.get((policy, mpolicy))
    if got is None:
        @njit(inline="always")
        def play(code, seat, v, legal, u, sp):
            if v.muerte:
                m = legal & np.uint64(mpolicy(code, seat, v, legal, u, sp))
                if m != 0:
                    legal = m
            return policy(code, seat, v, legal, u, sp)
        got = _WITH_MUERTE[(policy, mpolicy)] = play
    return got


def _loop_parts(key, players, variant):
    """``(level, check, policy, xpolicy, apolicy, play, players, var, flags)`` for a loop's
    ``overload``: the lineup's policies (:func:`simcore.strategy.policies_of`), the play loop
    (:func:`play2` for two players, else :func:`play_n`; :func:`play_x` when the play
    variants' ``flags`` are not 0, with the ``exchange`` and ``arrastro`` dispatchers as
    ``xpolicy`` and ``apolicy``), the player count, whether the scoring variants' code is
    compiled in (``var``) and the play variants' flags, both decoded from the literal
    ``variant`` (:func:`variant_of`); None until ``key``, ``players`` and ``variant`` are
    literals."""
    if not (isinstance(players, types.IntegerLiteral)
            and isinstance(variant, types.IntegerLiteral)):
        return None
    n = players.literal_value
    var = (variant.literal_value & 1) != 0
    flags = variant.literal_value >> 1
    if flags == 0:
        got = policies_of(key, "play")
        if got is None:
            return None
        return got + (got[2], got[2], (play2 if n == 2 else play_n), n, var, 0)
    got = policies_of(key, "play", *X_KINDS, defaults=X_DEFAULTS)
    if got is None:
        return None
    level, check, policy, xpolicy, apolicy, mpolicy = got
    return (level, check, _with_muerte(policy, mpolicy), xpolicy, apolicy, play_x, n, var,
            flags)


def variant_of(params) -> int:
    """The kernels' compile-time variant literal, two fields (0: the default game, whose
    kernel holds none of the variants' code):

    - bit 0 (regional variants): 1 when a regional variant that needs code in the chunk loop is on
      (``marriages``, ``mexican``, ``rotating_trump``); its flags are then read
      from ``params`` (those variants share one kernel per lineup and player count), else
      they are constant False, folded away;
    - bit 1 (play variants): set when a play variant (``V_EXCHANGE``, ``V_ARRASTRO``, ``V_CLAIM``,
      :func:`enums.variant_flags`) is on: compiles :func:`play_x`, which reads the flags in
      force from ``params`` (:func:`_play_flags`)."""
    var = int(params[P_MARRIAGES] != 0 or params[P_MEXICAN] != 0 or params[P_ROTATING] != 0)
    return var | (2 if variant_flags(params) != 0 else 0)


@njit(inline="always")
def _play_flags(params):
    """The play variants' ``V_*`` flags in force, read from the rule vector (one kernel serves
    every set of them: fewer compiles)."""
    f = 0
    if params[P_EXCHANGE] != 0:
        f |= V_EXCHANGE
    if params[P_ARRASTRO] != 0:
        f |= V_ARRASTRO
    if params[P_CLAIM] != 0:
        f |= V_CLAIM
    if params[P_MUERTE] != 0:
        f |= V_MUERTE
    return f


def run_deals(seed_base, start, out, players, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index; ``lineup`` is the
    table's :class:`simcore.strategy.Lineup`; ``source`` where the deals come from
    (:func:`simcore.deal.fill_deck`).  With ``trace`` (the arrays of
    :func:`trace_buffers`, one row per deal) the full play is written out.  ``status``
    (int64[4]) receives ``(1, seat, card, deal)`` if a strategy returns an illegal card.
    Called from Python: one kernel is compiled per lineup, player count and source, when
    first needed.
    """
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2,
            not lineup.deterministic, source, lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    var = variant_of(params)
    specialized(kernel, args, lineup.key, players, var)(*args, lineup.key, players, var)


@njit
def _run_deals(seed_base, start, out, dealer_fixed, codes, params, bmi2, draws, source, sp,
               status, trace, t_hands, t_trump, t_stock, t_cards, t_leader, t_winner, t_points,
               t_events, key, players, variant):
    literally(key)       # one kernel per lineup: deals_loop chooses its policies when typed
    literally(players)   # and per player count: its play loop, with constant bounds
    literally(variant)   # and with the regional variants' code or without (variant_of:
    #                      the scoring variants' bit, the play variants' flags)
    va = np.zeros(1, VIEW_DTYPE)
    view_constants(va[0], players, params, bmi2)
    deals_loop(key, players, variant, seed_base, start, out, dealer_fixed, codes, params, draws,
               source, sp, status, trace, t_hands, t_trump, t_stock, t_cards, t_leader,
               t_winner, t_points, t_events, np.empty(4, np.uint64),
               np.empty(MAX_CARDS + 1, np.int64), np.zeros(MAX_SEATS, np.uint64), va)


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, players, variant, seed_base, start, out, dealer_fixed, codes, params, draws,
               source, sp, status, trace, t_hands, t_trump, t_stock, t_cards, t_leader,
               t_winner, t_points, t_events, state, deck, hands, va):
    """The loop of :func:`run_deals` over the chunk's deals (jitted code only), for the
    lineup ``key`` and the player count ``players`` (literals): its policies and play loop are
    chosen here, when the kernel is typed, and only they are compiled.  One call per
    chunk, not inlined: the kernel's code is typed once, and the scratch arrays are the
    caller's."""
    raise NotImplementedError("deals_loop is called from jitted code only")


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, players, variant, seed_base, start, out, dealer_fixed, codes, params, draws,
                source, sp, status, trace, t_hands, t_trump, t_stock, t_cards, t_leader,
                t_winner, t_points, t_events, state, deck, hands, va):
    got = _loop_parts(key, players, variant)
    if got is None:
        return None
    level, check, policy, xpolicy, apolicy, play, N, VAR, F = got
    HS = HAND_SLOTS if F != 0 else MAX_SEATS   # (play_x's two more slots: see H_END)

    def impl(key, players, variant, seed_base, start, out, dealer_fixed, codes, params, draws,
             source, sp, status, trace, t_hands, t_trump, t_stock, t_cards, t_leader,
             t_winner, t_points, t_events, state, deck, hands, va):
        # the view, copied onto this frame's stack (alive while the loop runs; the compiler
        # keeps its fields in registers).  These three lines come first: numba's dead-code
        # elimination sees writes into the copy as live only through names it has met
        # before the first inlined call (simcore.stack._copy_aliases).
        vs = stack_copy(va)
        v = vs[0]
        w = v
        n = N                                   # constants of the kernel
        d = 1 if N == 6 else 0                  # the deck's bit layout
        n_cards = 48 if N == 6 else (39 if N == 3 else 40)
        pts = POINTS_TABLE[N_VALUES * d + params[P_VALUES]]
        mar = (params[P_MARRIAGES] != 0) if VAR else False
        mex = (params[P_MEXICAN] != 0) if VAR else False
        rot = (params[P_ROTATING] != 0) if VAR else False
        fl = _play_flags(params) if F != 0 else 0   # play_x's flags (F: play_x compiled)
        view_constants(w, n, params, w.bmi2)    # again, where the compiler sees them
        w.muerte = (params[P_MUERTE] != 0) if F != 0 else False   # (folded: no play_x)
        state = stack_empty(4, np.uint64)
        deck = stack_empty(DECK_SLOTS, np.int8)
        hands = stack_empty(HS, np.uint64)
        for i in range(out.shape[0]):
            deal = start + i
            dealer = first_dealer(state, seed_base, deal, n, dealer_fixed)
            row = i if trace else 0
            card, dealer = new_deal(state, deck, n_cards, hands, n, dealer, source, i)
            trump = SUIT_OF[d, card]
            if rot:                     # no card is turned: the suit of the deal's turn
                trump = deal % ROTATION
                card = -1
            tmask = SUIT_MASKS[d, trump]
            view_deal(w, n, dealer, trump, card, n_cards, level)
            _write_first(out[i], hands, n, tmask)
            if trace:
                _trace_deal(deck, hands, n, n_cards, card, row, t_hands, t_trump, t_stock,
                            rot)
            points0, tricks0, n_tricks, won0 = play(state, hands, n, d, dealer, trump, tmask,
                                                    deck, n_cards, codes, w, sp, policy, level,
                                                    check, draws, status, pts, trace, row,
                                                    t_cards, t_leader, t_winner, t_points, mar,
                                                    rot, xpolicy, apolicy, t_events, fl)
            if status[0] != 0:
                status[3] = deal
                return
            kind, winner, games, m0, m1 = score_with(points0, tricks0, n_tricks, n, won0,
                                                     n_cards, trump, d, mar, mex, params)
            if F != 0:                  # muerte_al_tres may have ended the deal at once
                kind, winner, games = muerte_score(hands, kind, winner, games)
            _write_deal(out[i], deal, dealer, trump, n, points0, tricks0, n_tricks, kind,
                        winner, games, m0, m1)
            if F != 0:
                muerte_points(out[i], hands, points0)
    return impl


@njit(inline="always")
def _trace_deal(deck, hands, players, n_cards, card, row, t_hands, t_trump, t_stock, rot):
    for s in range(players):
        t_hands[row, s] = hands[s]
    t_trump[row] = card
    first = HAND_SIZE * players + (0 if rot else 1)
    for j in range(n_cards - HAND_SIZE * players):
        t_stock[row, j] = deck[first + j]


def run_rubbers(seed_base, start, out, players, dealer_fixed, lineup, params, bmi2, status,
                trace=None, max_deals=0, deals_out=None):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace`` (the arrays of :func:`trace_buffers` for ``max_deals`` deals plus an
    int64 (max_deals, 2) array for the game points before each deal), ``out`` has one row
    and ``deals_out``/``trace`` receive its deals (at most ``max_deals``; returns -1 if the
    match was longer).  Returns the number of deals played (-1 also after an illegal card,
    see ``status``).  Matches always draw (the stream continues to the next deal).
    Compiled per lineup and player count, as :func:`run_deals` is.  Three players: game
    points by seat (``trace``'s before array then has three columns).
    """
    t = _NO_MATCH_TRACE if trace is None else trace
    d_out = _NO_DEALS if deals_out is None else deals_out
    args = (seed_base, start, out, dealer_fixed, lineup.codes, params, bmi2, lineup.params,
            status, trace is not None, max_deals, d_out, *t)
    kernel = _run_rubbers if lineup.cacheable else _run_rubbers_nocache
    var = variant_of(params)
    return specialized(kernel, args, lineup.key, players, var)(*args, lineup.key, players,
                                                              var)


@njit
def _run_rubbers(seed_base, start, out, dealer_fixed, codes, params, bmi2, sp, status, trace,
                 max_deals, deals_out, t_hands, t_trump, t_stock, t_cards, t_leader, t_winner,
                 t_points, t_events, t_before, key, players, variant):
    literally(key)
    literally(players)
    literally(variant)
    va = np.zeros(1, VIEW_DTYPE)
    view_constants(va[0], players, params, bmi2)
    return rubbers_loop(key, players, variant, seed_base, start, out, dealer_fixed, codes, params,
                        sp, status, trace, max_deals, deals_out, t_hands, t_trump, t_stock,
                        t_cards, t_leader, t_winner, t_points, t_events, t_before,
                        np.empty(4, np.uint64), np.empty(MAX_CARDS + 1, np.int64),
                        np.zeros(MAX_SEATS, np.uint64), va)


_run_rubbers_nocache = njit(cache=False)(_run_rubbers.py_func)


def rubbers_loop(key, players, variant, seed_base, start, out, dealer_fixed, codes, params, sp,
                 status, trace, max_deals, deals_out, t_hands, t_trump, t_stock, t_cards,
                 t_leader, t_winner, t_points, t_events, t_before, state, deck, hands, va):
    """The loop of :func:`run_rubbers` (jitted code only), as :func:`deals_loop`."""
    raise NotImplementedError("rubbers_loop is called from jitted code only")


@overload(rubbers_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _rubbers_loop(key, players, variant, seed_base, start, out, dealer_fixed, codes, params, sp,
                  status, trace, max_deals, deals_out, t_hands, t_trump, t_stock, t_cards,
                  t_leader, t_winner, t_points, t_events, t_before, state, deck, hands, va):
    got = _loop_parts(key, players, variant)
    if got is None:
        return None
    level, check, policy, xpolicy, apolicy, play, N, VAR, F = got
    HS = HAND_SLOTS if F != 0 else MAX_SEATS   # (play_x's two more slots: see H_END)

    def impl(key, players, variant, seed_base, start, out, dealer_fixed, codes, params, sp,
             status, trace, max_deals, deals_out, t_hands, t_trump, t_stock, t_cards,
             t_leader, t_winner, t_points, t_events, t_before, state, deck, hands, va):
        # the view, copied onto this frame's stack (alive while the loop runs; the compiler
        # keeps its fields in registers).  These three lines come first: numba's dead-code
        # elimination sees writes into the copy as live only through names it has met
        # before the first inlined call (simcore.stack._copy_aliases).
        vs = stack_copy(va)
        v = vs[0]
        w = v
        n = N                                   # constants of the kernel
        d = 1 if N == 6 else 0                  # the deck's bit layout
        n_cards = 48 if N == 6 else (39 if N == 3 else 40)
        pts = POINTS_TABLE[N_VALUES * d + params[P_VALUES]]
        mar = (params[P_MARRIAGES] != 0) if VAR else False
        mex = (params[P_MEXICAN] != 0) if VAR else False
        rot = (params[P_ROTATING] != 0) if VAR else False
        fl = _play_flags(params) if F != 0 else 0   # play_x's flags (F: play_x compiled)
        view_constants(w, n, params, w.bmi2)    # again, where the compiler sees them
        w.muerte = (params[P_MUERTE] != 0) if F != 0 else False   # (folded: no play_x)
        target = params[P_TARGET]
        state = stack_empty(4, np.uint64)
        deck = stack_empty(DECK_SLOTS, np.int8)
        hands = stack_empty(HS, np.uint64)
        total_deals = 0
        for i in range(out.shape[0]):
            r = start + i
            first = first_dealer(state, seed_base, r, n, dealer_fixed)
            g0 = 0
            g1 = 0
            g2 = 0                      # three players: seat 2's
            m = 0
            dealer = first
            while (m < ROTATION) if rot else (g0 < target and g1 < target and g2 < target):
                keep = trace and m < max_deals
                row = m if keep else 0
                if keep:
                    t_before[row, 0] = g0
                    t_before[row, 1] = g1
                    if N == 3:
                        t_before[row, 2] = g2
                card, _ = new_deal(state, deck, n_cards, hands, n, dealer, SHUFFLED, 0)
                trump = SUIT_OF[d, card]
                if rot:                 # deal m of the match: the m-th suit
                    trump = m
                    card = -1
                tmask = SUIT_MASKS[d, trump]
                view_deal(w, n, dealer, trump, card, n_cards, level)
                if keep:
                    _write_first(deals_out[row], hands, n, tmask)
                    _trace_deal(deck, hands, n, n_cards, card, row, t_hands, t_trump, t_stock,
                                rot)
                # the match's stream goes on after the deal: the draws are always made
                points0, tricks0, n_tricks, won0 = play(state, hands, n, d, dealer, trump,
                                                        tmask, deck, n_cards, codes, w, sp,
                                                        policy, level, check, True, status,
                                                        pts, keep, row, t_cards, t_leader,
                                                        t_winner, t_points, mar, rot, xpolicy,
                                                        apolicy, t_events, fl)
                if status[0] != 0:
                    status[3] = r
                    return -1
                kind, winner, games, m0, m1 = score_with(points0, tricks0, n_tricks, n, won0,
                                                         n_cards, trump, d, mar, mex, params)
                if F != 0:              # muerte_al_tres may have ended the deal at once
                    kind, winner, games = muerte_score(hands, kind, winner, games)
                if keep:
                    _write_deal(deals_out[row], total_deals + m, dealer, trump, n, points0,
                                tricks0, n_tricks, kind, winner, games, m0, m1)
                    if F != 0:
                        muerte_points(deals_out[row], hands, points0)
                if winner == 0:
                    g0 += games
                elif winner == 1:
                    g1 += games
                elif winner == 2:
                    g2 += games
                m += 1
                dealer += 1
                if dealer == n:
                    dealer = 0
            rec = out[i]
            rec.match = r
            rec.first_dealer = first
            rec.winner = 0 if g0 >= target else (1 if g1 >= target else 2)
            if rot:                     # four deals: more game points wins, else a tie
                rec.winner = 0 if g0 > g1 else (1 if g1 > g0 else -1)
            rec.deals = m
            rec.game_points_side0 = g0
            rec.game_points_side1 = g1
            rec.game_points_side2 = g2
            rec.end = E_FOUR_DEALS if rot else E_TARGET
            total_deals += m
            if trace and m > max_deals:
                return -1
        return total_deals
    return impl


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per deal: the hands dealt, the face-up card, the
    stock (first drawn first), every card played, each trick's leader, winner and
    points, and the variants' events (``enums.EV_*``: kind, trick, seat, card a, card b;
    kind 0 ends the list; written by :func:`play_x` only)."""
    return (np.zeros((n, MAX_SEATS), np.uint64), np.zeros(n, np.int64),
            np.zeros((n, MAX_CARDS), np.int8), np.zeros((n, MAX_CARDS), np.int8),
            np.zeros((n, MAX_TRICKS), np.int8), np.zeros((n, MAX_TRICKS), np.int8),
            np.zeros((n, MAX_TRICKS), np.int16), np.zeros((n, MAX_EVENTS, 5), np.int8))


_NO_TRACE = trace_buffers(1)
_NO_MATCH_TRACE = _NO_TRACE + (np.zeros((1, 2), np.int64),)
_NO_DEALS = np.empty(1, DEAL_DTYPE)


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (see ``enums.T_*``)."""
    for i in range(out.shape[0]):
        r = out[i]
        oc = np.int64(r.outcome)
        if np.int64(r.cards_side0) + np.int64(r.cards_side1) + np.int64(r.cards_side2) == 39:
            _accumulate3(r, oc, totals)     # three players (39 cards dealt)
            continue
        dside = np.int64(r.dealer) & 1
        totals[T_OUTCOME + oc] += 1
        # from the dealer's side: relabel so that "side 0" is the dealer's side
        dc = oc
        if dside == 1 and oc != 0:
            dc = oc + 1 if (oc & 1) == 1 else oc - 1
        totals[T_DEALER_OUTCOME + dc] += 1
        p0 = np.int64(r.points_side0)
        p1 = np.int64(r.points_side1)       # 120 - p0 unless muerte_al_tres ended the deal
        totals[T_POINTS0 + p0] += 1
        totals[T_DEALER_POINTS + (p0 if dside == 0 else p1)] += 1
        totals[T_POINTS1] += p1
        totals[T_CARDS0 + np.int64(r.cards_side0)] += 1
        totals[T_GAMES0] += r.game_points_side0
        totals[T_GAMES1] += r.game_points_side1
        m0 = np.int64(r.marriages_side0)
        m1 = np.int64(r.marriages_side1)
        totals[T_MARRIAGES0] += m0
        totals[T_MARRIAGES1] += m1
        totals[T_MARRIED0] += m0 > 0
        totals[T_MARRIED1] += m1 > 0


@njit(inline="always")
def _accumulate3(r, oc, totals):
    """:func:`accumulate` for a three-player deal: the dealer-relabelled outcome counts
    the dealer as side 0, the seat after it (who leads) as side 1, the next as side 2; the
    dealer's points are the dealer seat's."""
    dealer = np.int64(r.dealer)
    totals[T_OUTCOME + oc] += 1
    dc = oc
    if oc != 0:
        side = 2 if oc > SIDE2_BASE else (oc + 1) % 2
        kind = oc - SIDE2_BASE if oc > SIDE2_BASE else (oc + 1) // 2
        rel = side - dealer
        if rel < 0:
            rel += 3
        dc = SIDE2_BASE + kind if rel == 2 else 2 * kind - 1 + rel
    totals[T_DEALER_OUTCOME + dc] += 1
    p0 = np.int64(r.points_side0)
    totals[T_POINTS0 + p0] += 1
    pd = p0 if dealer == 0 else (np.int64(r.points_side1) if dealer == 1
                                 else np.int64(r.points_side2))
    totals[T_DEALER_POINTS + pd] += 1
    totals[T_CARDS0 + np.int64(r.cards_side0)] += 1
    totals[T_GAMES0] += r.game_points_side0
    totals[T_GAMES1] += r.game_points_side1
    totals[T_GAMES2] += r.game_points_side2
    totals[T_PSUM1] += r.points_side1
    totals[T_PSUM2] += r.points_side2
