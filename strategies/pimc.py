"""``pimc``: perfect-information Monte Carlo over the double-dummy solver.

At each decision with more than one legal card, the seat deals the cards it cannot see to
the other seats in ``samples`` ways consistent with its view (hand sizes, the voids each
seat has shown, the dealer's face-up card while it is unplayed), solves every sampled deal
with every card visible (:mod:`simcore.solver`), and plays the legal card whose value for
its side, summed over the samples, is highest (ties: the lowest card).  ``depth`` limits
the search to the cards of that many tricks from the current one (0: to the end of the
deal); a limited search counts the points of the tricks it plays out and values the rest
by the solver's estimate (the middle of the points of the sure trumps of each side: see
``simcore.solver.api.solve``, ``horizon``).

The samples come from a generator seeded by the seat's own draw ``u`` for the decision
(and the decision's number in the deal), so ``pimc`` is reproducible from the run's seed and
its choices depend only on its view and that draw: two deals that differ only in cards the
seat cannot see give the same samples, hence the same choice.

A kernel's key names its strategies by a hash of the policies' own files
(strategies/sueca.py, spades_pimc.py, brisca_pimc.py) and of the modules they name in
``depends`` (:data:`DEPENDS`: this file and the solver's); the disk cache of every kernel is
also stamped with all of simcore/ and strategies/ (simcore/_cache.py).
"""
import sys

import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount
from simcore.interrupt import stop_requested
from simcore.rng import mix, next64
from simcore.solver import enums as SE
from simcore.solver.nb import move_values, new_workspace

#: the modules whose code ``pimc`` compiles in besides its game's policy file: each game's
#: pimc registers with ``depends=DEPENDS`` so that a change here or in the solver gives its
#: kernels a new cache key (simcore.strategy.register)
DEPENDS = (sys.modules[__name__], sys.modules["simcore.solver.nb"],
           sys.modules["simcore.solver.enums"])

_ONE = np.uint64(1)
_32 = np.uint64(32)


@njit
def seed_sampler(state, u, salt):
    """The sampler's xoshiro state from the seat's draw and a salt (the decision)."""
    x = mix(np.uint64(u) ^ (np.uint64(salt) * np.uint64(0x9E3779B97F4A7C15)))
    for j in range(4):
        x = mix(x + np.uint64(j + 1) * np.uint64(0xD1B54A32D192ED03))
        state[j] = x


@njit
def deal_hidden(state, out_hands, seat, players, unseen, need, void_bits, known_card,
                known_seat, rps, n_suits):
    """Deal the ``unseen`` cards to the seats other than ``seat`` (``need[s]`` cards each),
    never a card of a suit a seat is void in (``void_bits[s]``, bit per suit), and
    ``known_card`` (or -1) to ``known_seat``.  Each card goes to one of the seats that may
    take it with a chance proportional to the room they have; if a card has nowhere to go,
    the deal starts again.  Returns False when no consistent deal was found."""
    room = np.zeros(8, np.int64)
    for attempt in range(200):
        for s in range(players):
            out_hands[s] = np.uint64(0)
            room[s] = need[s] if s != seat else 0
        cards = unseen
        if known_card >= 0:
            out_hands[known_seat] |= _ONE << np.uint64(known_card)
            room[known_seat] -= 1
            cards &= ~(_ONE << np.uint64(known_card))
        ok = True
        # the most constrained suits first: those some seats may not take
        for pass_ in range(2):
            for suit in range(n_suits):
                barred = 0
                for s in range(players):
                    if s != seat and (void_bits[s] >> suit) & 1:
                        barred += 1
                if (barred > 0) != (pass_ == 0):
                    continue
                m = cards & (((_ONE << np.uint64(rps)) - _ONE) << np.uint64(suit * rps))
                while m:
                    c = ctz(m)
                    m &= m - _ONE
                    total = 0
                    for s in range(players):
                        if s != seat and room[s] > 0 and (void_bits[s] >> suit) & 1 == 0:
                            total += room[s]
                    if total == 0:
                        ok = False
                        break
                    r = np.int64(((next64(state) >> _32) * np.uint64(total)) >> _32)
                    for s in range(players):
                        if s != seat and room[s] > 0 and (void_bits[s] >> suit) & 1 == 0:
                            if r < room[s]:
                                out_hands[s] |= _ONE << np.uint64(c)
                                room[s] -= 1
                                break
                            r -= room[s]
                if not ok:
                    break
            if not ok:
                break
        if ok:
            return True
    return False


@njit
def pimc_choose(hand, legal, seat, players, unseen, need, void_bits,
                known_card, known_seat, hands, pos, cfg, tab, u, salt, samples, tt_bits,
                depth=0):
    """The card ``pimc`` plays (see the module doc); ``hands``/``pos``: the solver's
    position with the seat's own hand and the trick so far filled in (the other hands are
    overwritten by each sample)."""
    if popcount(legal) == 1:
        return ctz(legal)
    rps = cfg[SE.C_RPS]
    n_suits = cfg[SE.C_NCARDS] // rps
    state = np.empty(4, np.uint64)
    seed_sampler(state, u, salt)
    ws = new_workspace(tt_bits)
    meta = ws[6]
    # depth > 0: search the tricks up to the depth-th from the current one, value the rest
    # by the solver's estimate (meta[M_HORIZON] = tricks left where the search stops)
    left = popcount(hand)          # the seat to move has not played to this trick yet
    if depth > 0 and left > depth:
        meta[SE.M_HORIZON] = left - depth
    cards = np.zeros(SE.MAX_MOVES, np.int64)
    vals = np.zeros(SE.MAX_MOVES, np.int64)
    total = np.zeros(64, np.int64)
    sampled = np.zeros(8, np.uint64)
    mine = (seat & 1) == 0
    for k in range(samples):
        if stop_requested():             # a stopped run's: thrown away (simcore.interrupt)
            break
        if not deal_hidden(state, sampled, seat, players, unseen, need, void_bits,
                           known_card, known_seat, rps, n_suits):
            break
        for s in range(players):
            hands[s] = sampled[s] if s != seat else hand
        n, par = move_values(hands, pos, cfg, tab, ws, cards, vals)
        for j in range(n):
            # side 0's take: for a seat of side 1 the best is the least
            total[cards[j]] += vals[j] if mine else -vals[j]
    best = -1
    best_v = np.int64(-(1 << 62))
    m = legal
    while m:
        c = ctz(m)
        m &= m - _ONE
        if total[c] > best_v:
            best_v = total[c]
            best = c
    return best


# --- the same for every trick game the solver plays (Spades, Brisca) ------------------------
@njit
def shuffle_cards(state, m, out, off):
    """The cards of mask ``m`` into ``out[off:off + k]`` in a uniformly random order (a
    Fisher-Yates shuffle on the sampler's stream); returns ``k``."""
    k = 0
    while m:
        out[off + k] = ctz(m)
        m &= m - _ONE
        k += 1
    for i in range(k - 1, 0, -1):
        j = np.int64(((next64(state) >> _32) * np.uint64(i + 1)) >> _32)
        t = out[off + i]
        out[off + i] = out[off + j]
        out[off + j] = t
    return k


@njit(inline="always")
def solver_position(seat, leader, k, trick_cards, taken0, taken1):
    """The solver's position arrays ``(hands, pos)`` for the seat to move: the trick so far
    (``k`` cards of ``trick_cards`` led by ``leader``; the seat leads when ``k`` is 0) and
    what each side has taken; the hands are filled in by each sample."""
    hands = np.zeros(SE.MAX_SEATS, np.uint64)
    pos = np.zeros(SE.POS_LEN, np.int64)
    pos[SE.P_LEADER] = leader if k > 0 else seat
    pos[SE.P_NTRICK] = k
    for j in range(k):
        pos[SE.P_TRICK + j] = trick_cards[j]
    pos[SE.P_TAKEN0] = taken0
    pos[SE.P_TAKEN1] = taken1
    return hands, pos


@njit
def pimc_totals(hand, seat, players, unseen, need, void_bits, known_card, known_seat, shown,
                n_stock, stock_last, hands, pos, cfg, tab, u, salt, samples, tt_bits,
                horizon, util, total):
    """The sampling and solving of ``pimc`` for any trick game of the solver: adds to
    ``total[card]`` the seat's utility ``util[x]`` (``x``: side 0's take from the cards in
    play) of every legal card in each of ``samples`` sampled deals; returns the number of
    samples dealt.

    A sample deals the ``unseen`` cards: ``need[s]`` to each seat ``s`` other than ``seat``
    (never a suit of ``void_bits[s]``; ``known_card``, or -1, to ``known_seat``), and, when
    ``n_stock`` > 0 (Brisca), ``n_stock - 1`` to the stock, in a random order, followed by
    ``stock_last`` (the face-up card, seen by all).  ``shown[s]``: cards of seat ``s`` the seat sees
    (teammates' shown hands), added to the dealt ones.  ``horizon`` > 0: the solver's
    depth-limited search (``meta[M_HORIZON]``).  The sampler's stream is seeded by the
    seat's draw ``u`` and ``salt`` only."""
    rps = cfg[SE.C_RPS]
    n_suits = cfg[SE.C_NCARDS] // rps
    state = np.empty(4, np.uint64)
    seed_sampler(state, u, salt)
    ws = new_workspace(tt_bits)
    meta = ws[6]
    meta[SE.M_HORIZON] = horizon
    cards = np.zeros(SE.MAX_MOVES, np.int64)
    vals = np.zeros(SE.MAX_MOVES, np.int64)
    sampled = np.zeros(8, np.uint64)
    n_hidden_stock = n_stock - 1 if n_stock > 0 else 0
    seats = players + 1 if n_hidden_stock > 0 else players
    need[players] = n_hidden_stock
    void_bits[players] = 0
    done = 0
    for k in range(samples):
        if stop_requested():             # a stopped run's: thrown away (simcore.interrupt)
            break
        if not deal_hidden(state, sampled, seat, seats, unseen, need, void_bits,
                           known_card, known_seat, rps, n_suits):
            break
        for s in range(players):
            hands[s] = (sampled[s] | shown[s]) if s != seat else hand
        if n_stock > 0:
            if n_hidden_stock > 0:
                shuffle_cards(state, sampled[players], pos, SE.P_STOCK)
            pos[SE.P_STOCK + n_hidden_stock] = stock_last
            pos[SE.P_NSTOCK] = n_stock
        n, par = move_values(hands, pos, cfg, tab, ws, cards, vals)
        for j in range(n):
            total[cards[j]] += util[vals[j]]
        done += 1
    return done


@njit
def best_of(legal, total):
    """The legal card of the highest total (ties: the lowest card)."""
    best = -1
    best_v = np.int64(-(1 << 62))
    m = legal
    while m:
        c = ctz(m)
        m &= m - _ONE
        if total[c] > best_v:
            best_v = total[c]
            best = c
    return best
