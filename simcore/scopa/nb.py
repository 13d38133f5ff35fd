"""Scopa kernels: dealing with the kings relay, play on table bitmasks, batch loops.

The table is a uint64 mask; the number of legal moves of every card comes from its packed
subset-sum counts (``moves.py``), without enumeration.  No pandas, files or printing here.

Strategies enter as a lineup (:mod:`simcore.strategy`): :func:`run_deals` and
:func:`run_rubbers`, called from Python, compile one kernel per lineup and play loop (two
players have their own, with both hands in locals; three and four share one), only when
it is first needed.  The kernel calls one non-inlined function per chunk
(:func:`deals_loop`, :func:`rubbers_loop`) whose loop holds the lineup's policies, chosen
when it is typed.  Every loop takes the stream base (:func:`simcore.rng.seed_base`) and a
first index, so a chunk's results depend only on the indices it covers.
"""
import numpy as np
from numba import literally
from numba.extending import overload

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, ctz, popcount
from ..deal import SHUFFLED, deal_deck, first_dealer, is_given, shuffle
from ..rng import MASK32, rotl
from ..stack import stack_empty
from ..strategy import policies_of
from .enums import (COINS, DEAL_DTYPE, E_TARGET, F_CARDS, F_CARDS_PT, F_COINS, F_COINS_PT, F_POINTS,
                    F_PRIMIERA, F_PRIMIERA_PT, F_SCOPE, F_SETTEBELLO, HAND_SIZE, KINGS,
                    MAX_ROUNDS, MAX_SIDES, MC_ANY_CARD, N_CARDS, N_PLAYS, N_SCORE_ROWS,
                    N_SIDE_FIELDS, N_TOTALS, P_LAST_PLAY_SCOPA, P_MUST_CAPTURE, P_RELAY, P_TARGET,
                    P_TEAMS, S_CARDS, S_COINS, S_POINTS, S_PRIMIERA, S_SCOPE, S_SETTEBELLO,
                    SEVENS, T_DEALER_WON, T_NOBODY, T_OUTCOME, T_SIDE, TABLE_SIZE)
from .moves import is_legal_move, legal_cards, packed_after, packed_counts
from .scoring import score_piles, strict_max
from .view import VIEW_DTYPE, view_deal, view_played, view_round, view_table, view_turn

_32 = np.uint64(32)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@njit(inline="always")
def next64s(s0, s1, s2, s3):
    """xoshiro256** (``simcore.rng.next64``) on a state held in four uint64 locals.

    Returns ``(output, s0, s1, s2, s3)``."""
    result = rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(inline="always")
def apply_move(c, cap, table, g):
    """Card ``c`` played taking ``cap`` (0: laid): returns the table, its packed counts
    (:func:`moves.packed_after`) and the cards the player won (0 for a lay)."""
    lay = cap == 0
    cb = bit(c)
    return ((table & ~cap) | (cb if lay else _ZERO), packed_after(g, c, cap),
            _ZERO if lay else cap | cb)


@njit(inline="always")
def sides_of(players, params, side_of):
    """Fill ``side_of`` (by seat; 0 past the players) and return the number of sides."""
    teams = players == 4 and params[P_TEAMS] != 0
    for s in range(MAX_SIDES):
        side_of[s] = 0 if s >= players else ((s & 1) if teams else s)
    return 2 if teams else players


@njit(inline="always")
def deal_round(deck, pos, hands, players, dealer):
    """Three cards each from ``deck[pos..]``: positions 3k..3k+2 to seat dealer+1+k."""
    s = dealer + 1
    if s == players:
        s = 0
    for k in range(players):
        p = pos + HAND_SIZE * k
        hands[s] = bit(deck[p]) | bit(deck[p + 1]) | bit(deck[p + 2])
        s += 1
        if s == players:
            s = 0


@njit(inline="always")
def new_deal(state, deck, hands, players, dealer, relay, source, i):
    """Fill the deck from ``source`` (:func:`simcore.deal.fill_deck`), deal, lay the table
    and, for a shuffled or conditioned deck, relay while it shows too many kings (a given
    deck is dealt as it is).  Returns ``(table, relays, dealer)``
    (a conditioned source may draw the dealer); the stock is ``deck[3 * players + 4 ..]``."""
    dealer = deal_deck(state, deck, N_CARDS, source, i, dealer)
    deal_round(deck, 0, hands, players, dealer)
    base = HAND_SIZE * players
    relays = 0
    while True:
        table = bit(deck[base]) | bit(deck[base + 1]) | bit(deck[base + 2]) | \
            bit(deck[base + 3])
        if relay == 0 or is_given(source) or popcount(table & KINGS) < relay:
            return table, relays, dealer
        shuffle(state, deck[base:], N_CARDS - base)
        relays += 1


@njit(inline="always")
def _illegal(status, seat, move):
    status[0] = 1
    status[1] = seat
    status[2] = np.int64(move)


@njit(inline="always")
def play_n(state, deck, hands, players, dealer, table, g, pos, lps, anyc, codes, v, sp,
           policy, level, check, draws, status, side_of, piles, sc, trace, row, t_hands,
           t_cards, t_capt):
    """The plays of a deal, any player count: returns ``(last capturing seat or -1, table
    left)``; adds each side's takings to ``piles`` and its scope to ``sc``.  ``lps``: rule
    ``last_play_scopa``; ``anyc``: rule ``must_capture`` is ``any_card``.  ``policy`` is
    the lineup's play dispatcher (:func:`simcore.strategy.dispatcher`): ``codes[seat]``
    the seat's strategy, ``sp`` the parameter records; ``level`` how much of the view
    ``v`` is kept; ``check``: moves are checked, and an illegal one stops the deal with
    ``status = (1, seat, move)``.  ``draws`` false skips the per-round draws (a caller
    whose stream ends with the deal and whose seats are all deterministic: nothing
    observes them)."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    last = -1
    first = dealer + 1
    if first == players:
        first = 0
    n_rounds = N_PLAYS // players
    per_round = HAND_SIZE * players
    stock = N_PLAYS - per_round
    next_deal = HAND_SIZE
    i = 0
    x = _ZERO
    uk = _ZERO
    for r in range(n_rounds):
        if r == next_deal:                 # every hand is empty: three more cards each
            next_deal += HAND_SIZE
            seat = first
            for k in range(players):
                p = pos + HAND_SIZE * k
                hands[seat] = bit(deck[p]) | bit(deck[p + 1]) | bit(deck[p + 2])
                seat += 1
                if seat == players:
                    seat = 0
            if trace:
                for s in range(players):
                    t_hands[row, r // HAND_SIZE, s] = hands[s]
            pos += per_round
            stock -= per_round
            view_round(v, r // HAND_SIZE, stock, level)
        seat = first
        for k in range(players):
            if draws:
                if (k & 1) == 0:
                    x, s0, s1, s2, s3 = next64s(s0, s1, s2, s3)
                    uk = x >> _32
                else:
                    uk = x & MASK32
            h = hands[seat]
            legal = legal_cards(h, table, g, anyc)
            view_turn(v, i, seat, h, table, g, level)
            mv = policy(codes[seat], seat, v, legal, uk, sp)
            if check and not is_legal_move(mv, h, table, legal, g):
                _illegal(status, seat, mv)
                return last, table
            cb = mv & h
            c = ctz(cb)
            cap = mv & table
            hands[seat] = h & ~cb
            table, g, taken = apply_move(c, cap, table, g)
            side = side_of[seat]
            piles[side] |= taken
            last = seat if taken else last
            last_play = i == N_PLAYS - 1
            sweep = (taken != 0) & (table == 0) & (lps | (not last_play))
            sc[S_SCOPE, side] += sweep
            view_played(v, i, seat, side, c, cb, cap, sweep, level)
            if trace:
                t_cards[row, i] = c
                t_capt[row, i] = cap
            i += 1
            seat += 1
            if seat == players:
                seat = 0
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return last, table


@njit(inline="always")
def play2(state, deck, hands, players, dealer, table, g, pos, lps, anyc, codes, v, sp,
          policy, level, check, draws, status, side_of, piles, sc, trace, row, t_hands,
          t_cards, t_capt):
    """:func:`play_n` for two players, with both hands, piles and scope counts in locals
    (``players`` and ``side_of``, the same for every deal of two, are unused): seat ``a``,
    after the dealer, plays first every round with the high half of the round's draw, the
    dealer second with the low half."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    a = 1 - dealer
    ca = codes[a]
    cd = codes[dealer]
    ha = hands[a]
    hd = hands[dealer]
    pa = _ZERO
    pd = _ZERO
    na = 0
    nd = 0
    last = -1
    x = _ZERO
    i = 0
    stock = N_PLAYS - 2 * HAND_SIZE
    for r in range(N_PLAYS // 2):
        if r > 0 and r % HAND_SIZE == 0:   # both hands are empty: three more cards each
            ha = bit(deck[pos]) | bit(deck[pos + 1]) | bit(deck[pos + 2])
            hd = bit(deck[pos + 3]) | bit(deck[pos + 4]) | bit(deck[pos + 5])
            pos += 2 * HAND_SIZE
            stock -= 2 * HAND_SIZE
            view_round(v, r // HAND_SIZE, stock, level)
            if trace:
                t_hands[row, r // HAND_SIZE, a] = ha
                t_hands[row, r // HAND_SIZE, dealer] = hd
        if draws:
            x, s0, s1, s2, s3 = next64s(s0, s1, s2, s3)
        legal = legal_cards(ha, table, g, anyc)
        view_turn(v, i, a, ha, table, g, level)
        mv = policy(ca, a, v, legal, x >> _32, sp)
        if check and not is_legal_move(mv, ha, table, legal, g):
            _illegal(status, a, mv)
            return last, table
        cb = mv & ha
        c = ctz(cb)
        cap = mv & table
        ha &= ~cb
        table, g, taken = apply_move(c, cap, table, g)
        pa |= taken
        last = a if taken else last
        sweep = (taken != 0) & (table == 0)
        na += sweep
        view_played(v, i, a, a, c, cb, cap, sweep, level)
        if trace:
            t_cards[row, i] = c
            t_capt[row, i] = cap
        last_play = i == N_PLAYS - 2
        legal = legal_cards(hd, table, g, anyc)
        view_turn(v, i + 1, dealer, hd, table, g, level)
        mv = policy(cd, dealer, v, legal, x & MASK32, sp)
        if check and not is_legal_move(mv, hd, table, legal, g):
            _illegal(status, dealer, mv)
            return last, table
        cb = mv & hd
        c = ctz(cb)
        cap = mv & table
        hd &= ~cb
        table, g, taken = apply_move(c, cap, table, g)
        pd |= taken
        last = dealer if taken else last
        sweep = (taken != 0) & (table == 0) & (lps | (not last_play))
        nd += sweep
        view_played(v, i + 1, dealer, dealer, c, cb, cap, sweep, level)
        if trace:
            t_cards[row, i + 1] = c
            t_capt[row, i + 1] = cap
        i += 2
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    hands[a] = ha
    hands[dealer] = hd
    piles[a] = pa
    piles[dealer] = pd
    sc[S_SCOPE, a] = na
    sc[S_SCOPE, dealer] = nd
    return last, table


@njit(inline="always")
def deal_with(state, deck, hands, players, dealer, relay, lps, anyc, source, i, codes, v, sp,
              policy, level, check, draws, status, side_of, n_sides, piles, sc, trace, row,
              t_table, t_hands, t_cards, t_capt, loop):
    """Deal and play one deal with the play ``loop`` (:func:`play2` or :func:`play_n`);
    fills ``sc`` (score by side).  Returns ``(relays, last_capture, winning side or -1,
    dealer, held)`` (after an illegal move, ``status[0]`` is set and the rest is
    meaningless); ``held`` packs the sevens (bits 4s..4s+3) and the coins (bits
    16+4s..16+4s+3) of each seat's first hand (:func:`write_first`)."""
    table, relays, dealer = new_deal(state, deck, hands, players, dealer, relay, source, i)
    held = np.int64(0)
    for s in range(players):
        held |= (np.int64(popcount(hands[s] & SEVENS)) << np.int64(4 * s)) | \
            (np.int64(popcount(hands[s] & COINS)) << np.int64(16 + 4 * s))
    g = packed_counts(table)
    base = HAND_SIZE * players
    if trace:
        for k in range(TABLE_SIZE):
            t_table[row, k] = deck[base + k]
        for s in range(players):
            t_hands[row, 0, s] = hands[s]
    for s in range(MAX_SIDES):
        piles[s] = 0
        sc[S_SCOPE, s] = 0
    view_deal(v, dealer, table, N_PLAYS - base, level)
    last, table = loop(state, deck, hands, players, dealer, table, g, base + TABLE_SIZE, lps,
                       anyc, codes, v, sp, policy, level, check, draws, status, side_of,
                       piles, sc, trace, row, t_hands, t_cards, t_capt)
    if last >= 0:
        piles[side_of[last]] |= table
    winner = score_piles(piles, sc, n_sides)
    return relays, last, winner, dealer, held


@njit(inline="always")
def write_first(rec, held):
    """The sevens and coins of each seat's first hand, from :func:`deal_with`'s ``held``."""
    rec.dealt_sevens_seat0 = held & 15
    rec.dealt_sevens_seat1 = (held >> 4) & 15
    rec.dealt_sevens_seat2 = (held >> 8) & 15
    rec.dealt_sevens_seat3 = (held >> 12) & 15
    rec.dealt_coins_seat0 = (held >> 16) & 15
    rec.dealt_coins_seat1 = (held >> 20) & 15
    rec.dealt_coins_seat2 = (held >> 24) & 15
    rec.dealt_coins_seat3 = (held >> 28) & 15


@njit(inline="always")
def write_deal(rec, d, dealer, n_sides, relays, last, winner, sc):
    rec.deal = d
    rec.dealer = dealer
    rec.sides = n_sides
    rec.relays = relays
    rec.last_capture = last
    rec.outcome = winner + 1
    rec.cards_side0 = sc[S_CARDS, 0]
    rec.coins_side0 = sc[S_COINS, 0]
    rec.settebello_side0 = sc[S_SETTEBELLO, 0]
    rec.primiera_side0 = sc[S_PRIMIERA, 0]
    rec.scope_side0 = sc[S_SCOPE, 0]
    rec.points_side0 = sc[S_POINTS, 0]
    rec.cards_side1 = sc[S_CARDS, 1]
    rec.coins_side1 = sc[S_COINS, 1]
    rec.settebello_side1 = sc[S_SETTEBELLO, 1]
    rec.primiera_side1 = sc[S_PRIMIERA, 1]
    rec.scope_side1 = sc[S_SCOPE, 1]
    rec.points_side1 = sc[S_POINTS, 1]
    rec.cards_side2 = sc[S_CARDS, 2]
    rec.coins_side2 = sc[S_COINS, 2]
    rec.settebello_side2 = sc[S_SETTEBELLO, 2]
    rec.primiera_side2 = sc[S_PRIMIERA, 2]
    rec.scope_side2 = sc[S_SCOPE, 2]
    rec.points_side2 = sc[S_POINTS, 2]
    rec.cards_side3 = sc[S_CARDS, 3]
    rec.coins_side3 = sc[S_COINS, 3]
    rec.settebello_side3 = sc[S_SETTEBELLO, 3]
    rec.primiera_side3 = sc[S_PRIMIERA, 3]
    rec.scope_side3 = sc[S_SCOPE, 3]
    rec.points_side3 = sc[S_POINTS, 3]


def trace_buffers(n: int):
    """Arrays a traced run fills, one row per deal: the table laid, the hands by dealing
    round and seat, each play's card and capture."""
    return (np.zeros((n, TABLE_SIZE), np.int8), np.zeros((n, MAX_ROUNDS, MAX_SIDES), np.uint64),
            np.zeros((n, N_PLAYS), np.int8), np.zeros((n, N_PLAYS), np.uint64))


_NO_TRACE = trace_buffers(1)
_NO_DEALS = np.empty(1, DEAL_DTYPE)
_NO_BEFORE = np.zeros((1, MAX_SIDES), np.int64)


def _two(players: int, lineup) -> int:
    """The play loop's literal: 1 for :func:`play2`, which serves two players who play the
    same strategy; 0 for :func:`play_n`, which serves the others (the two-player loop
    inlines the policies twice: for the mixed tables of comparisons, that would about
    double the compile time of a kernel compiled for a few runs)."""
    return int(players == 2 and len(lineup.strategies) == 1)


def run_deals(seed_base, start, out, players, dealer_fixed, lineup, params, bmi2, status,
              source=SHUFFLED, trace=None):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index; ``lineup`` is the table's
    :class:`simcore.strategy.Lineup`; ``source`` where the deals come from
    (:func:`simcore.deal.fill_deck`; the kings relay applies to shuffled and conditioned deals, not to given decks).  With
    ``trace`` (the arrays of :func:`trace_buffers`, one row per deal) the table, the hands
    and every move are written out.  ``status`` (int64[4]) receives ``(1, seat, move,
    deal)`` if a strategy returns an illegal move.  Called from Python: one kernel is
    compiled per lineup, play loop, source and trace, when first needed.
    """
    t = _NO_TRACE if trace is None else trace
    args = (seed_base, start, out, players, dealer_fixed, lineup.codes, params, bmi2,
            not lineup.deterministic, source, lineup.params, status, trace is not None, *t)
    kernel = _run_deals if lineup.cacheable else _run_deals_nocache
    two = _two(players, lineup)
    specialized(kernel, args, lineup.key, two)(*args, lineup.key, two)


@njit(inline="always")
def _buffers():
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(N_CARDS, dtype=np.int64)
    hands = np.zeros(MAX_SIDES, dtype=np.uint64)
    piles = np.zeros(MAX_SIDES, dtype=np.uint64)
    sc = np.zeros((N_SCORE_ROWS, MAX_SIDES), dtype=np.int64)
    side_of = np.zeros(MAX_SIDES, dtype=np.int64)
    return state, deck, hands, piles, sc, side_of


@njit
def _run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, draws, source,
               sp, status, trace, t_table, t_hands, t_cards, t_capt, key, two):
    literally(key)    # one kernel per lineup and play loop: deals_loop chooses them when typed
    literally(two)
    state, deck, hands, piles, sc, side_of = _buffers()
    va = np.zeros(1, VIEW_DTYPE)
    deals_loop(key, two, seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
               draws, source, sp, status, trace, t_table, t_hands, t_cards, t_capt, state,
               deck, hands, piles, sc, side_of, va)


_run_deals_nocache = njit(cache=False)(_run_deals.py_func)


def deals_loop(key, two, seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
               draws, source, sp, status, trace, t_table, t_hands, t_cards, t_capt, state,
               deck, hands, piles, sc, side_of, va):
    """The loop of :func:`run_deals` over the chunk's deals (jitted code only), for the
    lineup ``key`` and play loop ``two`` (literals): the policies and the loop are chosen
    here, when the kernel is typed, and only they are compiled.  One call per chunk, not
    inlined: the kernel's code is typed once, and the scratch arrays are the caller's."""
    raise NotImplementedError("deals_loop is called from jitted code only")


def _loop_of(two):
    from numba import types
    if not isinstance(two, types.IntegerLiteral):
        return None
    return play2 if two.literal_value == 1 else play_n


@overload(deals_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _deals_loop(key, two, seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
                draws, source, sp, status, trace, t_table, t_hands, t_cards, t_capt, state,
                deck, hands, piles, sc, side_of, va):
    got = policies_of(key, "play")
    loop = _loop_of(two)
    if got is None or loop is None:
        return None
    level, check, policy = got

    def impl(key, two, seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
             draws, source, sp, status, trace, t_table, t_hands, t_cards, t_capt, state,
             deck, hands, piles, sc, side_of, va):
        v = va[0]          # the view lives in va, an argument: alive while the loop runs
        n_sides = sides_of(players, params, side_of)
        relay = params[P_RELAY]
        lps = params[P_LAST_PLAY_SCOPA] != 0
        anyc = params[P_MUST_CAPTURE] == MC_ANY_CARD
        view_table(v, players, n_sides, side_of, anyc, lps, bmi2)
        for i in range(out.shape[0]):
            d = start + i
            dealer = first_dealer(state, seed_base, d, players, dealer_fixed)
            row = i if trace else 0
            relays, last, winner, dealer, held = deal_with(
                state, deck, hands, players, dealer, relay, lps, anyc, source, i, codes, v, sp,
                policy, level, check, draws, status, side_of, n_sides, piles, sc, trace, row,
                t_table, t_hands, t_cards, t_capt, loop)
            if status[0] != 0:
                status[3] = d
                return
            write_deal(out[i], d, dealer, n_sides, relays, last, winner, sc)
            write_first(out[i], held)
    return impl


def run_rubbers(seed_base, start, out, players, dealer_fixed, lineup, params, bmi2, status,
                trace=None, max_deals=0, deals_out=None):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace`` (the arrays of :func:`trace_buffers` for ``max_deals`` deals plus an
    int64 (max_deals, 4) array for the points before each deal), ``out`` has one row and
    ``deals_out``/``trace`` receive its deals (at most ``max_deals``; returns -1 if the
    match was longer).  Returns the number of deals played (-1 also after an illegal move,
    see ``status``).  Compiled per lineup and play loop, as :func:`run_deals` is.
    """
    t = _NO_TRACE + (_NO_BEFORE,) if trace is None else trace
    d_out = _NO_DEALS if deals_out is None else deals_out
    args = (seed_base, start, out, players, dealer_fixed, lineup.codes, params, bmi2,
            lineup.params, status, trace is not None, max_deals, d_out, *t)
    kernel = _run_rubbers if lineup.cacheable else _run_rubbers_nocache
    two = _two(players, lineup)
    return specialized(kernel, args, lineup.key, two)(*args, lineup.key, two)


@njit
def _run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, sp, status,
                 trace, max_deals, deals_out, t_table, t_hands, t_cards, t_capt, t_before,
                 key, two):
    literally(key)
    literally(two)
    state, deck, hands, piles, sc, side_of = _buffers()
    va = np.zeros(1, VIEW_DTYPE)
    return rubbers_loop(key, two, seed_base, start, out, players, dealer_fixed, codes, params,
                        bmi2, sp, status, trace, max_deals, deals_out, t_table, t_hands,
                        t_cards, t_capt, t_before, state, deck, hands, piles, sc, side_of,
                        np.zeros(MAX_SIDES, dtype=np.int64), va)


_run_rubbers_nocache = njit(cache=False)(_run_rubbers.py_func)


def rubbers_loop(key, two, seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
                 sp, status, trace, max_deals, deals_out, t_table, t_hands, t_cards, t_capt,
                 t_before, state, deck, hands, piles, sc, side_of, tot, va):
    """The loop of :func:`run_rubbers` (jitted code only), as :func:`deals_loop`."""
    raise NotImplementedError("rubbers_loop is called from jitted code only")


@overload(rubbers_loop, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _rubbers_loop(key, two, seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
                  sp, status, trace, max_deals, deals_out, t_table, t_hands, t_cards, t_capt,
                  t_before, state, deck, hands, piles, sc, side_of, tot, va):
    got = policies_of(key, "play")
    loop = _loop_of(two)
    if got is None or loop is None:
        return None
    level, check, policy = got

    def impl(key, two, seed_base, start, out, players, dealer_fixed, codes, params, bmi2,
             sp, status, trace, max_deals, deals_out, t_table, t_hands, t_cards, t_capt,
             t_before, state, deck, hands, piles, sc, side_of, tot, va):
        v = va[0]
        n_sides = sides_of(players, params, side_of)
        relay = params[P_RELAY]
        lps = params[P_LAST_PLAY_SCOPA] != 0
        anyc = params[P_MUST_CAPTURE] == MC_ANY_CARD
        target = params[P_TARGET]
        view_table(v, players, n_sides, side_of, anyc, lps, bmi2)
        total_deals = 0
        for i in range(out.shape[0]):
            r = start + i
            first = first_dealer(state, seed_base, r, players, dealer_fixed)
            for s in range(MAX_SIDES):
                tot[s] = 0
            n = 0
            dealer = first
            best = -1
            while True:
                keep = trace and n < max_deals
                row = n if keep else 0
                if keep:
                    for s in range(MAX_SIDES):
                        t_before[row, s] = tot[s]
                # the match's stream goes on after the deal: the draws are always made
                relays, last, winner, _, held = deal_with(
                    state, deck, hands, players, dealer, relay, lps, anyc, SHUFFLED, 0, codes,
                    v, sp, policy, level, check, True, status, side_of, n_sides, piles, sc,
                    keep, row, t_table, t_hands, t_cards, t_capt, loop)
                if status[0] != 0:
                    status[3] = r
                    return -1
                if keep:
                    write_deal(deals_out[row], total_deals + n, dealer, n_sides, relays,
                               last, winner, sc)
                    write_first(deals_out[row], held)
                for s in range(n_sides):
                    tot[s] += sc[S_POINTS, s]
                n += 1
                dealer += 1
                if dealer == players:
                    dealer = 0
                best = strict_max(tot, n_sides)
                if best >= 0 and tot[best] >= target:
                    break
            rec = out[i]
            rec.match = r
            rec.first_dealer = first
            rec.sides = n_sides
            rec.winner = best
            rec.deals = n
            rec.points_side0 = tot[0]
            rec.points_side1 = tot[1]
            rec.points_side2 = tot[2]
            rec.points_side3 = tot[3]
            rec.end = E_TARGET
            total_deals += n
            if trace and n > max_deals:
                return -1
        return total_deals
    return impl


@njit(inline="always")
def _strict(a0, a1, a2, a3, n):
    """Which of the ``n`` (2, 3 or 4) sides holds strictly the most, as four 0/1 flags (all
    0 on a tie at the top): :func:`scoring.strict_max_row` unrolled, without branches."""
    if n == 2:
        return np.int64(a0 > a1), np.int64(a1 > a0), 0, 0
    if n == 3:
        return (np.int64((a0 > a1) & (a0 > a2)), np.int64((a1 > a0) & (a1 > a2)),
                np.int64((a2 > a0) & (a2 > a1)), 0)
    return (np.int64((a0 > a1) & (a0 > a2) & (a0 > a3)),
            np.int64((a1 > a0) & (a1 > a2) & (a1 > a3)),
            np.int64((a2 > a0) & (a2 > a1) & (a2 > a3)),
            np.int64((a3 > a0) & (a3 > a1) & (a3 > a2)))


@njit(inline="always")
def _add_side(acc, s, points, scope, cards, coins, sette, prim, wc, wo, wp):
    b = T_SIDE + s * N_SIDE_FIELDS
    acc[b + F_POINTS] += points
    acc[b + F_SCOPE] += scope
    acc[b + F_CARDS_PT] += wc
    acc[b + F_COINS_PT] += wo
    acc[b + F_SETTEBELLO] += sette
    acc[b + F_PRIMIERA_PT] += wp
    acc[b + F_CARDS] += cards
    acc[b + F_COINS] += coins
    acc[b + F_PRIMIERA] += prim


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (see ``enums.T_*``).

    The sums are kept in an array on this function's stack (nothing else can write it, so
    the compiler keeps its counters without reloading them after every store) and added to
    ``totals`` once.  A side wins a category's point when it holds strictly more than every
    other side (:func:`scoring.strict_max_row`); the fields of the sides past ``sides`` are
    0, and nobody wins the primiera point with a primiera of 0 (ties at 0 only)."""
    acc = stack_empty(N_TOTALS, np.int64)
    for k in range(N_TOTALS):
        acc[k] = 0
    for i in range(out.shape[0]):
        r = out[i]
        n = np.int64(r.sides)
        oc = np.int64(r.outcome)
        acc[T_OUTCOME + oc] += 1
        dside = np.int64(r.dealer)
        if dside >= n:               # dealer % n: seats 2 and 3 in the two sides of four
            dside -= n
        acc[T_DEALER_WON] += oc - 1 == dside
        c0 = np.int64(r.cards_side0)
        c1 = np.int64(r.cards_side1)
        c2 = np.int64(r.cards_side2)
        c3 = np.int64(r.cards_side3)
        o0 = np.int64(r.coins_side0)
        o1 = np.int64(r.coins_side1)
        o2 = np.int64(r.coins_side2)
        o3 = np.int64(r.coins_side3)
        p0 = np.int64(r.primiera_side0)
        p1 = np.int64(r.primiera_side1)
        p2 = np.int64(r.primiera_side2)
        p3 = np.int64(r.primiera_side3)
        e0 = np.int64(r.settebello_side0)
        e1 = np.int64(r.settebello_side1)
        e2 = np.int64(r.settebello_side2)
        e3 = np.int64(r.settebello_side3)
        wc0, wc1, wc2, wc3 = _strict(c0, c1, c2, c3, n)
        wo0, wo1, wo2, wo3 = _strict(o0, o1, o2, o3, n)
        wp0, wp1, wp2, wp3 = _strict(p0, p1, p2, p3, n)
        acc[T_NOBODY] += 1 - (wc0 | wc1 | wc2 | wc3)
        acc[T_NOBODY + 1] += 1 - (wo0 | wo1 | wo2 | wo3)
        acc[T_NOBODY + 2] += (e0 | e1 | e2 | e3) == 0
        acc[T_NOBODY + 3] += 1 - (wp0 | wp1 | wp2 | wp3)
        _add_side(acc, 0, np.int64(r.points_side0), np.int64(r.scope_side0), c0, o0, e0, p0,
                  wc0, wo0, wp0)
        _add_side(acc, 1, np.int64(r.points_side1), np.int64(r.scope_side1), c1, o1, e1, p1,
                  wc1, wo1, wp1)
        if n > 2:
            _add_side(acc, 2, np.int64(r.points_side2), np.int64(r.scope_side2), c2, o2, e2,
                      p2, wc2, wo2, wp2)
        if n > 3:
            _add_side(acc, 3, np.int64(r.points_side3), np.int64(r.scope_side3), c3, o3, e3,
                      p3, wc3, wo3, wp3)
    for k in range(N_TOTALS):
        totals[k] += acc[k]
