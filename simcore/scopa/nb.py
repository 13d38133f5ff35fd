"""Scopa kernels: dealing with the kings relay, play on table bitmasks, batch loops.

One kernel serves 3 and 4 players (the player count is a run-time argument), another two
players.  The table is a uint64 mask; the number of legal moves of every card comes from
its packed subset-sum counts (``moves.py``), without enumeration.  No pandas, files or
printing here.  :func:`run_deals` and :func:`run_rubbers`, called from Python, compile one
kernel per play mode and play loop, only when it is first needed (:func:`play_deal`).
Every loop takes the stream base (:func:`simcore.rng.seed_base`) and a first index, so a
chunk's results depend only on the indices it covers.
"""
import numpy as np
from numba import literally, types
from numba.extending import overload

from strategies.scopa import GREEDY, RANDOM, choose, greedy_move, random_move

from .._jit import KERNEL_OPTIONS, njit, specialized
from ..bits import bit, popcount
from ..deal import shuffle
from ..rng import MASK32, rotl, seed_stream
from .enums import (E_TARGET, F_CARDS, F_CARDS_PT, F_COINS, F_COINS_PT, F_POINTS, F_PRIMIERA,
                    F_PRIMIERA_PT, F_SCOPE, F_SETTEBELLO, HAND_SIZE, KINGS, MAX_SIDES, N_CARDS,
                    N_PLAYS, N_SIDE_FIELDS, N_SCORE_ROWS, MC_ANY_CARD, P_LAST_PLAY_SCOPA,
                    P_MUST_CAPTURE, P_RELAY, P_TARGET, P_TEAMS, S_CARDS, S_COINS, S_POINTS, S_PRIMIERA, S_SCOPE, S_SETTEBELLO,
                    T_DEALER_WON, T_NOBODY, T_OUTCOME, T_SIDE, TABLE_SIZE)
from .moves import packed_after, packed_counts
from .scoring import score_piles, strict_max, strict_max_row

_32 = np.uint64(32)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


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


# A policy gives the move of the seat to play: (seat's strategy code, hand, table, packed
# counts, 32-bit draw, last play of the deal?, rule last_play_scopa, bmi2, rule
# must_capture is any_card?) -> (card, taken).
# The play loops take one as an argument and numba inlines it there.
@njit(inline="always")
def random_policy(code, hand, table, g, u32, last_play, lps, bmi2, anyc):
    """Every seat plays ``random``."""
    return random_move(hand, table, g, u32, bmi2, anyc)


@njit(inline="always")
def greedy_policy(code, hand, table, g, u32, last_play, lps, bmi2, anyc):
    """Every seat plays ``greedy``."""
    return greedy_move(hand, table, g, last_play, lps, anyc)


@njit(inline="always")
def mixed_policy(code, hand, table, g, u32, last_play, lps, bmi2, anyc):
    """Each seat plays its own strategy ``code``."""
    return choose(code, hand, table, g, u32, last_play, lps, bmi2, anyc)


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
    """Fill ``side_of`` (by seat) and return the number of sides."""
    teams = players == 4 and params[P_TEAMS] != 0
    for s in range(players):
        side_of[s] = (s & 1) if teams else s
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
def new_deal(state, deck, hands, players, dealer, relay):
    """Shuffle a fresh deck, deal, lay the table and relay while it shows too many kings.

    Returns ``(table, relays)``; the stock is ``deck[3 * players + 4 ..]``."""
    for i in range(N_CARDS):
        deck[i] = i
    shuffle(state, deck, N_CARDS)
    deal_round(deck, 0, hands, players, dealer)
    base = HAND_SIZE * players
    relays = 0
    while True:
        table = bit(deck[base]) | bit(deck[base + 1]) | bit(deck[base + 2]) | \
            bit(deck[base + 3])
        if relay == 0 or popcount(table & KINGS) < relay:
            return table, relays
        shuffle(state, deck[base:], N_CARDS - base)
        relays += 1


@njit(inline="always")
def play_n(state, deck, hands, players, dealer, table, g, pos, lps, anyc, codes, policy, draws,
           bmi2, side_of, piles, sc, trace, row, t_hands, t_cards, t_capt):
    """The plays of a deal, any player count: returns ``(last capturing seat or -1, table
    left)``; adds each side's takings to ``piles`` and its scope to ``sc``.  ``lps``: rule
    ``last_play_scopa``; ``anyc``: rule ``must_capture`` is ``any_card``."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    last = -1
    first = dealer + 1
    if first == players:
        first = 0
    n_rounds = N_PLAYS // players
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
            pos += HAND_SIZE * players
        seat = first
        for k in range(players):
            if draws:
                if (k & 1) == 0:
                    x, s0, s1, s2, s3 = next64s(s0, s1, s2, s3)
                    uk = x >> _32
                else:
                    uk = x & MASK32
            h = hands[seat]
            last_play = i == N_PLAYS - 1
            c, cap = policy(codes[seat], h, table, g, uk, last_play, lps, bmi2, anyc)
            hands[seat] = h & ~bit(c)
            table, g, taken = apply_move(c, cap, table, g)
            side = side_of[seat]
            piles[side] |= taken
            last = seat if taken else last
            sc[S_SCOPE, side] += (taken != 0) & (table == 0) & (lps | (not last_play))
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
def play2(state, deck, hands, players, dealer, table, g, pos, lps, anyc, codes, policy, draws,
          bmi2, side_of, piles, sc, trace, row, t_hands, t_cards, t_capt):
    """:func:`play_n` for two players, with both hands, piles and scope counts in locals
    (``players`` and ``side_of``, the same for every deal of two, are unused): seat ``a``,
    after the dealer, plays first every round with the high half of the round's draw, the
    dealer second with the low half."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    a = 1 - dealer
    ha = hands[a]
    hd = hands[dealer]
    pa = _ZERO
    pd = _ZERO
    na = 0
    nd = 0
    last = -1
    x = _ZERO
    i = 0
    for r in range(N_PLAYS // 2):
        if r > 0 and r % HAND_SIZE == 0:   # both hands are empty: three more cards each
            ha = bit(deck[pos]) | bit(deck[pos + 1]) | bit(deck[pos + 2])
            hd = bit(deck[pos + 3]) | bit(deck[pos + 4]) | bit(deck[pos + 5])
            pos += 2 * HAND_SIZE
            if trace:
                t_hands[row, r // HAND_SIZE, a] = ha
                t_hands[row, r // HAND_SIZE, dealer] = hd
        if draws:
            x, s0, s1, s2, s3 = next64s(s0, s1, s2, s3)
        c, cap = policy(codes[a], ha, table, g, x >> _32, False, lps, bmi2, anyc)
        ha &= ~bit(c)
        table, g, taken = apply_move(c, cap, table, g)
        pa |= taken
        last = a if taken else last
        na += (taken != 0) & (table == 0)
        if trace:
            t_cards[row, i] = c
            t_capt[row, i] = cap
        last_play = i == N_PLAYS - 2
        c, cap = policy(codes[dealer], hd, table, g, x & MASK32, last_play, lps, bmi2, anyc)
        hd &= ~bit(c)
        table, g, taken = apply_move(c, cap, table, g)
        pd |= taken
        last = dealer if taken else last
        nd += (taken != 0) & (table == 0) & (lps | (not last_play))
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


def play_deal(state, deck, hands, players, dealer, params, codes, mode, two, draws, bmi2,
              side_of, n_sides, piles, sc, trace, row, t_table, t_hands, t_cards, t_capt):
    """Deal and play one deal; fills ``sc`` (score by side).  Jitted code only.

    ``mode`` and ``two`` are compile-time literals.  ``mode`` selects the policy:
    ``ALL_RANDOM``, ``ALL_GREEDY`` or ``MIXED`` (per-seat dispatch on the strategy codes);
    ``two`` the play loop (see :func:`variant`): 1 for :func:`play2`, 0 for :func:`play_n`.
    ``draws`` false skips the per-round draws, which only a caller whose stream ends with
    the deal and whose seats are all deterministic may do: nothing observes them, so
    results are unchanged.
    Returns ``(relays, last_capture, winning side or -1)``."""
    raise NotImplementedError("play_deal is called from jitted code only")


#: the policy of each play mode (see :func:`play_deal`)
POLICIES = {ALL_RANDOM: random_policy, ALL_GREEDY: greedy_policy, MIXED: mixed_policy}


@overload(play_deal, prefer_literal=True, jit_options=KERNEL_OPTIONS)
def _play_deal(state, deck, hands, players, dealer, params, codes, mode, two, draws, bmi2,
               side_of, n_sides, piles, sc, trace, row, t_table, t_hands, t_cards, t_capt):
    """:func:`play_deal` for the literal ``mode`` and ``two``: the loop and the policy are
    chosen here, when the caller is typed, so that only they are compiled (numba does not
    prune branches on literal arguments before typing them)."""
    if not isinstance(mode, types.IntegerLiteral) or not isinstance(two, types.IntegerLiteral):
        return None
    loop = play2 if two.literal_value == 1 else play_n
    policy = POLICIES[mode.literal_value]

    def impl(state, deck, hands, players, dealer, params, codes, mode, two, draws, bmi2,
             side_of, n_sides, piles, sc, trace, row, t_table, t_hands, t_cards, t_capt):
        return deal_with(state, deck, hands, players, dealer, params, codes, loop, policy,
                         draws, bmi2, side_of, n_sides, piles, sc, trace, row, t_table,
                         t_hands, t_cards, t_capt)
    return impl


@njit(inline="always")
def deal_with(state, deck, hands, players, dealer, params, codes, loop, policy, draws, bmi2,
              side_of, n_sides, piles, sc, trace, row, t_table, t_hands, t_cards, t_capt):
    """:func:`play_deal` with the play ``loop`` and the ``policy`` (inlined functions)."""
    table, relays = new_deal(state, deck, hands, players, dealer, params[P_RELAY])
    lps = params[P_LAST_PLAY_SCOPA] != 0
    anyc = params[P_MUST_CAPTURE] == MC_ANY_CARD
    g = packed_counts(table)
    base = HAND_SIZE * players
    if trace:
        for i in range(TABLE_SIZE):
            t_table[row, i] = deck[base + i]
        for s in range(players):
            t_hands[row, 0, s] = hands[s]
    pos = base + TABLE_SIZE
    for s in range(MAX_SIDES):
        piles[s] = 0
        sc[S_SCOPE, s] = 0
    last, table = loop(state, deck, hands, players, dealer, table, g, pos, lps, anyc, codes,
                       policy, draws, bmi2, side_of, piles, sc, trace, row, t_hands, t_cards,
                       t_capt)
    if last >= 0:
        piles[side_of[last]] |= table
    winner = score_piles(piles, sc, n_sides)
    return relays, last, winner


@njit(inline="always")
def _write_deal(rec, d, dealer, n_sides, relays, last, winner, sc):
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


@njit(inline="always")
def _buffers():
    state = np.empty(4, dtype=np.uint64)
    deck = np.empty(N_CARDS, dtype=np.int64)
    hands = np.zeros(MAX_SIDES, dtype=np.uint64)
    piles = np.zeros(MAX_SIDES, dtype=np.uint64)
    sc = np.zeros((N_SCORE_ROWS, MAX_SIDES), dtype=np.int64)
    side_of = np.zeros(MAX_SIDES, dtype=np.int64)
    return state, deck, hands, piles, sc, side_of


def variant(players, codes):
    """The literals ``(mode, two)`` of :func:`play_deal` for a table: the play mode, and 1
    for the two-player loop, which serves two players unless their strategies differ
    (mixed tables, as in comparisons, take the general loop: one compiled kernel fewer)."""
    mode = play_mode(codes)
    return mode, int(players == 2 and mode != MIXED)


def run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
              t_table, t_hands, t_cards, t_capt):
    """Play deals ``start .. start + len(out) - 1`` into the records ``out``.

    ``dealer_fixed`` < 0 rotates the dealer with the deal index.  With ``trace`` the
    ``t_*`` arrays (one row per deal) receive the table, the hands and every move.
    Called from Python: one kernel is compiled per :func:`variant`, when first needed.
    """
    args = (seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace, t_table,
            t_hands, t_cards, t_capt)
    mode, two = variant(players, codes)
    specialized(_run_deals, args, mode, two)(*args, mode, two)


@njit
def _run_deals(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
               t_table, t_hands, t_cards, t_capt, mode, two):
    literally(mode)   # one kernel per variant(); play_deal chooses its code when typed
    literally(two)
    state, deck, hands, piles, sc, side_of = _buffers()
    n_sides = sides_of(players, params, side_of)
    for i in range(out.shape[0]):
        d = start + i
        seed_stream(state, seed_base, d)
        dealer = d % players if dealer_fixed < 0 else dealer_fixed
        row = i if trace else 0
        relays, last, winner = play_deal(
            state, deck, hands, players, dealer, params, codes, mode, two, mode != ALL_GREEDY,
            bmi2, side_of, n_sides, piles, sc, trace, row, t_table, t_hands, t_cards, t_capt)
        _write_deal(out[i], d, dealer, n_sides, relays, last, winner, sc)


def run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                max_deals, deals_out, t_table, t_hands, t_cards, t_capt, t_before):
    """Play matches ``start .. start + len(out) - 1`` into the records ``out``.

    With ``trace``, ``out`` has one row and ``deals_out``/``t_*`` receive its deals (at most
    ``max_deals``; returns -1 if the match was longer), ``t_before`` the points before each.
    Returns the number of deals played.  Compiled per :func:`variant`, as
    :func:`run_deals` is.
    """
    args = (seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
            max_deals, deals_out, t_table, t_hands, t_cards, t_capt, t_before)
    mode, two = variant(players, codes)
    return specialized(_run_rubbers, args, mode, two)(*args, mode, two)


@njit
def _run_rubbers(seed_base, start, out, players, dealer_fixed, codes, params, bmi2, trace,
                 max_deals, deals_out, t_table, t_hands, t_cards, t_capt, t_before, mode, two):
    literally(mode)
    literally(two)
    state, deck, hands, piles, sc, side_of = _buffers()
    n_sides = sides_of(players, params, side_of)
    target = params[P_TARGET]
    tot = np.zeros(MAX_SIDES, dtype=np.int64)
    total_deals = 0
    for i in range(out.shape[0]):
        r = start + i
        seed_stream(state, seed_base, r)
        first = r % players if dealer_fixed < 0 else dealer_fixed
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
            relays, last, winner = play_deal(
                state, deck, hands, players, dealer, params, codes, mode, two, True, bmi2,
                side_of, n_sides, piles, sc, keep, row, t_table, t_hands, t_cards, t_capt)
            if keep:
                _write_deal(deals_out[row], total_deals + n, dealer, n_sides, relays, last,
                            winner, sc)
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


@njit
def accumulate(out, totals):
    """Add the records ``out`` to the int64 ``totals`` vector (see ``enums.T_*``)."""
    v = np.zeros((N_SCORE_ROWS, MAX_SIDES), dtype=np.int64)
    for i in range(out.shape[0]):
        r = out[i]
        n = np.int64(r.sides)
        oc = np.int64(r.outcome)
        totals[T_OUTCOME + oc] += 1
        v[S_CARDS, 0] = r.cards_side0
        v[S_COINS, 0] = r.coins_side0
        v[S_SETTEBELLO, 0] = r.settebello_side0
        v[S_PRIMIERA, 0] = r.primiera_side0
        v[S_SCOPE, 0] = r.scope_side0
        v[S_POINTS, 0] = r.points_side0
        v[S_CARDS, 1] = r.cards_side1
        v[S_COINS, 1] = r.coins_side1
        v[S_SETTEBELLO, 1] = r.settebello_side1
        v[S_PRIMIERA, 1] = r.primiera_side1
        v[S_SCOPE, 1] = r.scope_side1
        v[S_POINTS, 1] = r.points_side1
        v[S_CARDS, 2] = r.cards_side2
        v[S_COINS, 2] = r.coins_side2
        v[S_SETTEBELLO, 2] = r.settebello_side2
        v[S_PRIMIERA, 2] = r.primiera_side2
        v[S_SCOPE, 2] = r.scope_side2
        v[S_POINTS, 2] = r.points_side2
        v[S_CARDS, 3] = r.cards_side3
        v[S_COINS, 3] = r.coins_side3
        v[S_SETTEBELLO, 3] = r.settebello_side3
        v[S_PRIMIERA, 3] = r.primiera_side3
        v[S_SCOPE, 3] = r.scope_side3
        v[S_POINTS, 3] = r.points_side3
        dside = np.int64(r.dealer) % n
        if oc - 1 == dside:
            totals[T_DEALER_WON] += 1
        wc = strict_max_row(v, S_CARDS, n)
        wo = strict_max_row(v, S_COINS, n)
        wp = strict_max_row(v, S_PRIMIERA, n)
        if wp >= 0 and v[S_PRIMIERA, wp] == 0:
            wp = -1
        ws = -1
        for s in range(n):
            if v[S_SETTEBELLO, s]:
                ws = s
        for k, w in enumerate((wc, wo, ws, wp)):
            if w < 0:
                totals[T_NOBODY + k] += 1
        for s in range(n):
            b = T_SIDE + s * N_SIDE_FIELDS
            totals[b + F_POINTS] += v[S_POINTS, s]
            totals[b + F_SCOPE] += v[S_SCOPE, s]
            totals[b + F_CARDS_PT] += wc == s
            totals[b + F_COINS_PT] += wo == s
            totals[b + F_SETTEBELLO] += v[S_SETTEBELLO, s]
            totals[b + F_PRIMIERA_PT] += wp == s
            totals[b + F_CARDS] += v[S_CARDS, s]
            totals[b + F_COINS] += v[S_COINS, s]
            totals[b + F_PRIMIERA] += v[S_PRIMIERA, s]
