"""Scopa ``pimc``: a determinized search (Scopa has no tricks for the solver).

At each play with more than one legal move, the seat deals the cards it cannot see
``samples`` times, consistent with its view: each other seat gets as many cards as it
holds, the rest form the stock in a random order (dealt three by three in later rounds).
For each sampled deal it plays each of its legal moves (every card, and every capture that
card may make), then plays the deal out with ``expert`` at every seat (its own included,
expert's default weights), scores it, and plays the move whose total over the samples of
``sides * (its side's points) - (every side's points)`` is the highest (ties: the first
move in canonical order, card then capture ascending).  Every move of a decision is played
out on the same samples.

Its samples come from a generator seeded by the seat's own draw for the decision (from the
deal's stream) and the play's number: reproducible whatever the threads, and blind to the
cards the seat cannot see (``tests/test_pimc_games.py``).
"""
import sys

import numpy as np

from simcore._jit import njit
from simcore.bits import ctz, popcount
from simcore.interrupt import stop_requested
from simcore.rng import next64
from simcore.scopa.enums import (EQUAL_MASK, HAND_SIZE, MAX_SIDES, MAX_SUM_CAPTURES, N_CARDS,
                                 N_PLAYS, N_SCORE_ROWS, S_POINTS, S_SCOPE, VALUE)
from simcore.scopa.moves import (LOWER_MASK, WALK_MAX, legal_cards, mask_sum, packed_after,
                                 sum_captures)
from simcore.scopa.scoring import score_piles
from simcore.strategy import Param, get, register
from strategies.pimc import seed_sampler
from strategies.scopa import expert_move

GAME = "scopa"
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_32 = np.uint64(32)
_ALL = np.uint64((1 << N_CARDS) - 1)
_MAX_MOVES = 64

# expert's default weights, for the play-outs
_W = {p.name: p.default for p in get(GAME, "expert").params}
W_SCOPA, W_CARD, W_COIN, W_BELLO = _W["scopa"], _W["card"], _W["coin"], _W["settebello"]
W_SEVEN, W_SIX, W_ACE, W_RISK = _W["seven"], _W["six"], _W["ace"], _W["risk"]


@njit
def moves_of(hand, table, legal, out):
    """Every legal move of the cards ``legal`` (``bit(card) | captured``, a lay the card's
    bit alone) into ``out``, card then capture ascending; returns their number."""
    n = 0
    m = legal
    while m:
        c = ctz(m)
        m &= m - _ONE
        cb = _ONE << np.uint64(c)
        eq = table & EQUAL_MASK[c]
        if eq:
            while eq and n < _MAX_MOVES:
                out[n] = cb | (eq & (~eq + _ONE))
                eq &= eq - _ONE
                n += 1
            continue
        v = VALUE[c]
        low = table & LOWER_MASK[v]
        found = False
        if popcount(low) > WALK_MAX:      # very rare: the depth-first enumeration
            work = np.empty(4 * 40, dtype=np.int64)
            buf = np.empty(MAX_SUM_CAPTURES, dtype=np.uint64)
            k = sum_captures(table, v, work, buf, MAX_SUM_CAPTURES)
            for i in range(k):
                found = True
                if n < _MAX_MOVES:
                    out[n] = cb | buf[i]
                    n += 1
        else:
            sub = _ZERO
            while True:                   # the subsets of ``low``, ascending
                sub = (sub - low) & low
                if sub == 0:
                    break
                if mask_sum(sub) == v:
                    found = True
                    if n < _MAX_MOVES:
                        out[n] = cb | sub
                        n += 1
        if not found and n < _MAX_MOVES:
            out[n] = cb
            n += 1
    return n


@njit
def play_out(hands, table, g, public, piles, sc, last, i0, players, first, stock, anyc, lps,
             side_of):
    """Play plays ``i0 ..`` to the end of the deal with ``expert`` at every seat (the
    arrays are changed in place): new rounds are dealt from ``stock`` (the cards still to
    deal, in order).  Returns the seat that captured last (-1: nobody) and the table left."""
    per_round = HAND_SIZE * players
    spos = 0
    for i in range(i0, N_PLAYS):
        if i > 0 and i % per_round == 0:
            seat = first
            for k in range(players):
                hands[seat] = (_ONE << np.uint64(stock[spos])) | \
                    (_ONE << np.uint64(stock[spos + 1])) | (_ONE << np.uint64(stock[spos + 2]))
                spos += 3
                seat += 1
                if seat == players:
                    seat = 0
        seat = (first + i) % players
        h = hands[seat]
        legal = legal_cards(h, table, g, anyc)
        last_play = i == N_PLAYS - 1
        mv = expert_move(h, table, legal, _ALL & ~public & ~h, last_play, lps, W_SCOPA,
                         W_CARD, W_COIN, W_BELLO, W_SEVEN, W_SIX, W_ACE, W_RISK)
        table, g, last = apply(mv, seat, h, table, g, hands, piles, sc, side_of, last,
                               last_play, lps)
        public |= mv & h
    return last, table


@njit(inline="always")
def apply(mv, seat, h, table, g, hands, piles, sc, side_of, last, last_play, lps):
    """Seat ``seat`` (holding ``h``) makes move ``mv``: returns the table, its packed
    counts and the last seat to capture."""
    cb = mv & h
    c = ctz(cb)
    cap = mv & table
    hands[seat] = h & ~cb
    g = packed_after(g, c, cap)
    if cap == 0:
        return table | cb, g, last
    table &= ~cap
    side = side_of[seat]
    piles[side] |= cap | cb
    if table == 0 and (lps or not last_play):
        sc[S_SCOPE, side] += 1
    return table, g, seat


@njit
def pimc_move(v, legal, u, samples):
    seat = v.seat
    hand = v.hand
    table = v.table
    moves = np.zeros(_MAX_MOVES, np.uint64)
    n_moves = moves_of(hand, table, legal, moves)
    if n_moves == 1:
        return moves[0]
    players = v.players
    n_sides = v.sides
    me = v.side[seat]
    first = v.dealer + 1
    if first == players:
        first = 0
    anyc = v.must_capture != 0
    lps = v.last_play_scopa
    i0 = v.play
    side_of = np.zeros(MAX_SIDES, np.int64)
    for s in range(MAX_SIDES):
        side_of[s] = v.side[s]
    unseen = _ALL & ~v.public & ~hand
    cards = np.zeros(N_CARDS, np.int64)
    held = np.zeros(MAX_SIDES, np.int64)
    for s in range(players):
        held[s] = 0 if s == seat else HAND_SIZE * (v.round + 1) - popcount(v.played_by[s])
    state = np.empty(4, np.uint64)
    seed_sampler(state, u, i0)
    total = np.zeros(_MAX_MOVES, np.int64)
    hands0 = np.zeros(MAX_SIDES, np.uint64)
    hands = np.zeros(MAX_SIDES, np.uint64)
    piles = np.zeros(MAX_SIDES, np.uint64)
    sc = np.zeros((N_SCORE_ROWS, MAX_SIDES), np.int64)
    for k in range(samples):
        if stop_requested():             # a stopped run's: thrown away (simcore.interrupt)
            break
        # a uniformly random order of the unseen cards: the other hands, then the stock
        nc = 0
        m = unseen
        while m:
            cards[nc] = ctz(m)
            m &= m - _ONE
            nc += 1
        for i in range(nc - 1, 0, -1):
            j = np.int64(((next64(state) >> _32) * np.uint64(i + 1)) >> _32)
            t = cards[i]
            cards[i] = cards[j]
            cards[j] = t
        p = 0
        for s in range(players):
            hands0[s] = hand if s == seat else _ZERO
            for j in range(held[s]):
                hands0[s] |= _ONE << np.uint64(cards[p])
                p += 1
        stock = cards[p:nc]
        for j in range(n_moves):
            for s in range(MAX_SIDES):
                hands[s] = hands0[s]
                piles[s] = v.captured[s]
                for r in range(N_SCORE_ROWS):
                    sc[r, s] = 0
                sc[S_SCOPE, s] = v.scope[s]
            tb, g, last = apply(moves[j], seat, hand, table, v.counts, hands, piles, sc,
                                side_of, v.last_capture, i0 == N_PLAYS - 1, lps)
            last, tb = play_out(hands, tb, g, v.public | (moves[j] & hand), piles, sc, last,
                                i0 + 1, players, first, stock, anyc, lps, side_of)
            if last >= 0:
                piles[side_of[last]] |= tb
            score_piles(piles, sc, n_sides)
            val = 0
            for s in range(n_sides):
                val -= sc[S_POINTS, s]
            total[j] += n_sides * sc[S_POINTS, me] + val
    best = 0
    for j in range(1, n_moves):
        if total[j] > total[best]:
            best = j
    return moves[best]


def pimc_play(v, legal, u, p):
    """determinized search: plays each legal move on `samples` deals of the unseen cards
    consistent with the view, each played out by expert, and plays the best on average
    (docs/solver.md)"""
    return pimc_move(v, legal, u, p.samples)


register(GAME, "pimc", pimc_play, deterministic=False, view="full", params=[
    Param("samples", 16, "deals of the unseen cards played out per decision", minimum=1,
          maximum=4096),
], depends=(sys.modules["strategies.pimc"], sys.modules["strategies.scopa"]))
