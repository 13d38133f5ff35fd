"""The double-dummy search: jitted, iterative, no allocation per node.

Everything here takes arrays and scalars only, so that other jitted code (a PIMC strategy
sampling deals inside a kernel) can call :func:`solve_value`, :func:`move_values` and
:func:`solve_batch` directly.  The layouts of the arrays are in :mod:`.enums`; the
algorithm is described in ``docs/solver.md``.

Value searched: the points (card points plus ``trick value`` per trick) that side 0 takes
from the cards still in play, over the remaining tricks.  A *boolean* search
(:func:`bsearch`) answers "can side 0 take at least T?"; :func:`solve_value` finds the
exact value with a few of them (a bisection), all sharing one transposition table.

The search is a loop over an explicit stack (one row per card played), not a recursion:
numba compiles and caches it simply, and nothing is allocated or reference-counted per
node.  The transposition table is probed and written at trick boundaries only, keyed by
the cards still in play, the stock position and the leader (and, for Brisca, who holds
which card, since the draws depend on who won).
"""
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from .._jit import njit
from ..bits import ctz, pext, popcount
from .enums import (C_FOLLOW, C_N, C_NCARDS, C_OWNERS, C_RPS, C_TRUMP, C_TVAL, C_BREAK, C_PTOP, C_BMI2, C_EXACT, F_ALPHA, F_BETA, F_A0, F_B0, F_VAL, F_LIVE, TT_GEN, OWN_CANON,
                    F_ACC, F_BKEY, F_IDX, F_LEADER, F_LED, F_NMV, F_REM, F_SIDX, F_TPOS,
                    F_TPTS, F_TTI, F_TTMOVE, F_WIN, F_BEST, MAX_MOVES, MAX_PLY,
                    M_BROKEN, M_GEN, M_NODES, M_NSTOCK, M_TTBITS, M_ROOTSP, N_FIELDS,
                    P_BROKEN, P_LEADER, P_NSTOCK, P_NTRICK, P_STOCK, P_TRICK, TRICK_SLOT, K1_SLOT, K2_SLOT,
                    T_POINTS, T_STRENGTH, T_SUIT, TT_LB, TT_UB, TT_MOVE, TT_DEPTH,
                    OWN_HAND0)

_ONE = np.uint64(1)
_GEN_MAX = 32767
_MUL1 = np.uint64(0x9E3779B97F4A7C15)
_MUL2 = np.uint64(0xC2B2AE3D27D4EB4F)


# --- workspace --------------------------------------------------------------------------
@njit
def new_generation(tt_val, meta):
    """Start a new solve: entries of older generations no longer match.  When the
    generation counter wraps, the table is cleared (so results never depend on it)."""
    g = meta[M_GEN] + 1
    if g > _GEN_MAX:
        tt_val[:, TT_GEN] = 0
        g = 1
    meta[M_GEN] = g


# --- the root -----------------------------------------------------------------------------
@njit
def set_root(hands, pos, cfg, tab, st, hs, sm, meta):
    """Write the root position into row 0 of the stack; returns the value still in play."""
    n = cfg[C_N]
    tval = cfg[C_TVAL]
    trump = cfg[C_TRUMP]
    nstock = pos[P_NSTOCK]
    meta[M_NSTOCK] = nstock
    meta[M_BROKEN] = pos[P_BROKEN]
    # suffix masks of the stock: sm[i] = the cards stock[i:]
    sm[nstock] = 0
    for i in range(nstock - 1, -1, -1):
        sm[i] = sm[i + 1] | (_ONE << np.uint64(pos[P_STOCK + i]))
    for s in range(8):
        hs[0, s] = 0
    in_play = 0
    rem = 0
    for s in range(n):
        h = np.uint64(hands[s])
        hs[0, s] = h
        in_play += popcount(h)
        m = h
        while m:
            c = ctz(m)
            m &= m - _ONE
            rem += tab[T_POINTS, c]
    for i in range(nstock):
        rem += tab[T_POINTS, pos[P_STOCK + i]]
    in_play += nstock
    nt = pos[P_NTRICK]
    leader = pos[P_LEADER]
    tpts = 0
    bkey = -1
    win = leader
    led = -1
    tmask = np.uint64(0)
    for k in range(nt):
        c = pos[P_TRICK + k]
        tmask |= _ONE << np.uint64(c)
        tpts += tab[T_POINTS, c]
        cs = tab[T_SUIT, c]
        if k == 0:
            led = cs
        key = (cs == trump) * 64 + (cs == led) * 32 + tab[T_STRENGTH, c]
        if key > bkey:
            bkey = key
            p = leader + k
            win = p - n if p >= n else p
    hs[0, TRICK_SLOT] = tmask
    in_play += nt
    tricks = in_play // n
    rem += tpts + tricks * tval
    # the spades still live at the root (the break-spades rule, see bsearch)
    tm = _suit_mask(trump, cfg[C_RPS])
    live = tmask | sm[0]
    for s in range(n):
        live |= hs[0, s]
    meta[M_ROOTSP] = np.int64(live & tm)
    st[0, F_TPOS] = nt
    st[0, F_LEADER] = leader
    st[0, F_LED] = led
    st[0, F_BKEY] = bkey
    st[0, F_WIN] = win
    st[0, F_TPTS] = tpts
    st[0, F_ACC] = 0
    st[0, F_REM] = rem
    st[0, F_SIDX] = 0
    return rem


@njit(inline="always")
def _suit_mask(s, rps):
    return ((_ONE << np.uint64(rps)) - _ONE) << np.uint64(s * rps)


@intrinsic
def _clz(typingctx, x):
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@njit(inline="always")
def _max_key(h, led, trump, rps, field, follow):
    """The strongest trick key (see ``bsearch``) among the cards hand ``h`` may play to a
    trick led in suit ``led``; -1 if it holds none of the led suit nor trumps."""
    lm = h & (field << np.uint64(led * rps))
    if follow and lm:
        cand = lm
    else:
        cand = h
    t = cand & (field << np.uint64(trump * rps))
    if t:
        return 64 + (led == trump) * 32 + (63 - _clz(t)) - trump * rps
    lm = cand & lm
    if lm:
        return 32 + (63 - _clz(lm)) - led * rps
    return -1


@njit(inline="always")
def _hash(k1, k2, bits):
    return np.int64(((k1 ^ (k2 * _MUL2)) * _MUL1) >> np.uint64(64 - bits))


# --- the search -------------------------------------------------------------------------------
@njit
def bsearch(target, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta):
    """True when side 0 can take at least ``target`` of the value still in play from the root
    in row 0 of the stack (:func:`set_root`), whatever side 1 does (a null-window search)."""
    return alphabeta(target - 1, target, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val,
                     meta) >= target


@njit
def alphabeta(alpha0, beta0, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta):
    """Fail-soft alpha-beta on the value side 0 takes from the cards in play at the root in
    row 0 of the stack (:func:`set_root`): the exact value when it lies strictly between
    ``alpha0`` and ``beta0``, else a bound on the same side of the window.

    Iterative: ``d`` is the current ply; each row of ``st``/``hs``/``mv`` holds one node's
    trick state, window, hands and ordered moves.  Values travel up in ``res``.
    """
    n = cfg[C_N]
    rps = cfg[C_RPS]
    follow = cfg[C_FOLLOW] != 0
    tval = cfg[C_TVAL]
    trump = cfg[C_TRUMP]
    owners = cfg[C_OWNERS]
    brk = cfg[C_BREAK] != 0
    nstock = meta[M_NSTOCK]
    bits = meta[M_TTBITS]
    gen = meta[M_GEN]
    ptop = cfg[C_PTOP]
    bmi2 = cfg[C_BMI2] != 0
    root_broken = meta[M_BROKEN] != 0
    root_sp = np.uint64(meta[M_ROOTSP])
    tmask = _suit_mask(trump, rps)
    field = (_ONE << np.uint64(rps)) - _ONE
    nodes = 0

    exact_below = cfg[C_EXACT]
    st[0, F_ALPHA] = alpha0
    st[0, F_BETA] = beta0
    d = 0
    state = 0          # 0: enter node d; 1: play move st[d, F_IDX] of node d; 2: node d done
    res = 0
    while True:
        if state == 0:
            nodes += 1
            tpos = st[d, F_TPOS]
            leader = st[d, F_LEADER]
            p = leader + tpos
            if p >= n:
                p -= n
            acc = st[d, F_ACC]
            rem = st[d, F_REM]
            alpha = st[d, F_ALPHA]
            beta = st[d, F_BETA]
            st[d, F_TTI] = -1
            st[d, F_TTMOVE] = -1
            st[d, F_BEST] = -1
            if acc >= beta:
                res = acc
                state = 2
                continue
            if acc + rem <= alpha:
                res = acc + rem
                state = 2
                continue
            meta[16 + popcount(_live_hands(hs, d, n)) // n] += 1
            sidx = st[d, F_SIDX]
            # cheap bounds: a trump higher than every trump the other side may still hold
            # wins its trick whenever it is played, so its points are that side's; and a
            # trick in progress that nobody of the other side can still take
            h0 = np.uint64(0)
            h1 = np.uint64(0)
            for s in range(n):
                if s & 1:
                    h1 |= hs[d, s]
                else:
                    h0 |= hs[d, s]
            t0 = h0 & tmask
            t1 = h1 & tmask
            ts = (sm[sidx] | hs[d, TRICK_SLOT]) & tmask    # in the stock or the trick
            o1 = t1 | ts
            o0 = t0 | ts
            sure0 = 0
            sure1 = 0
            if t0:
                m = t0 if o1 == 0 else t0 & ~((_ONE << np.uint64(63 - _clz(o1))) - _ONE)
                while m:
                    c = ctz(m)
                    m &= m - _ONE
                    sure0 += tab[T_POINTS, c]
            if t1:
                m = t1 if o0 == 0 else t1 & ~((_ONE << np.uint64(63 - _clz(o0))) - _ONE)
                while m:
                    c = ctz(m)
                    m &= m - _ONE
                    sure1 += tab[T_POINTS, c]
            if tpos > 0:
                ws_ = st[d, F_WIN] & 1
                bk = st[d, F_BKEY]
                led = st[d, F_LED]
                q = p
                safe = True
                for k in range(tpos, n):
                    if (q & 1) != ws_:
                        if _max_key(hs[d, q], led, trump, rps, field, follow) > bk:
                            safe = False
                            break
                    q += 1
                    if q == n:
                        q = 0
                if safe:
                    if ws_ == 0:
                        sure0 += st[d, F_TPTS] + tval
                    else:
                        sure1 += st[d, F_TPTS] + tval
            if acc + sure0 >= beta:
                res = acc + sure0
                state = 2
                continue
            if acc + rem - sure1 <= alpha:
                res = acc + rem - sure1
                state = 2
                continue
            if tpos == 0:
                # the last trick: no choice left
                last = sidx == nstock
                if last:
                    for s in range(n):
                        if popcount(hs[d, s]) != 1:
                            last = False
                            break
                if last:
                    c = ctz(hs[d, leader])
                    led = tab[T_SUIT, c]
                    bkey = (led == trump) * 64 + 32 + tab[T_STRENGTH, c]
                    win = leader
                    q = leader
                    for k in range(1, n):
                        q += 1
                        if q == n:
                            q = 0
                        c = ctz(hs[d, q])
                        cs = tab[T_SUIT, c]
                        key = (cs == trump) * 64 + (cs == led) * 32 + tab[T_STRENGTH, c]
                        if key > bkey:
                            bkey = key
                            win = q
                    res = acc + rem if (win & 1) == 0 else acc
                    state = 2
                    continue
                # transposition table
                live = np.uint64(0)
                for s in range(n):
                    live |= hs[d, s]
                if owners == OWN_CANON:
                    # the cards in play up to their ranks among themselves: per suit its
                    # count and which of the point ranks are there, then the holder of
                    # each card in play, in card order (two bit planes)
                    k1 = np.uint64(0)
                    k2 = np.uint64(0)
                    off = 0
                    for s in range(4):
                        sl = (live >> np.uint64(s * rps)) & field
                        k1, k2, off = _push(k1, k2, off, popcount(sl), 4)
                        if ptop > 0:
                            k1, k2, off = _push(k1, k2, off, sl >> np.uint64(rps - ptop), ptop)
                    k1, k2, off = _push(k1, k2, off, np.uint64(leader), 2)
                    nl = popcount(live)
                    k1, k2, off = _push(k1, k2, off, pext(hs[d, 1] | hs[d, 3], live, bmi2), nl)
                    k1, k2, off = _push(k1, k2, off, pext(hs[d, 2] | hs[d, 3], live, bmi2), nl)
                else:
                    k1 = live | (np.uint64(sidx) << np.uint64(52)) | (np.uint64(leader) << np.uint64(58))
                    if owners == OWN_HAND0:
                        k2 = hs[d, 0]
                    else:
                        k2 = np.uint64(0)
                        for s in range(1, n):
                            m = hs[d, s]
                            while m:
                                b = m & (~m + _ONE)
                                m ^= b
                                r = popcount(live & (b - _ONE))
                                k2 |= np.uint64(s) << np.uint64(3 * r)
                i = _hash(k1, k2, bits) & ~np.int64(1)
                for j in range(i, i + 2):
                    if tt_key[j, 0] == k1 and tt_key[j, 1] == k2 and tt_val[j, TT_GEN] == gen:
                        lbv = acc + tt_val[j, TT_LB]
                        ubv = acc + tt_val[j, TT_UB]
                        if lbv >= beta or lbv == ubv:
                            res = lbv
                            state = 2
                        elif ubv <= alpha:
                            res = ubv
                            state = 2
                        else:
                            if lbv > alpha:
                                alpha = lbv
                            if ubv < beta:
                                beta = ubv
                            st[d, F_TTMOVE] = tt_val[j, TT_MOVE]
                        break
                if state == 2:
                    continue
                if popcount(live) <= exact_below:
                    # a small ending: searched with the full window, its exact value is
                    # stored and answers every later search that reaches it
                    alpha = acc - 1
                    beta = acc + rem + 1
                st[d, F_TTI] = i
                st[d, F_LIVE] = popcount(live)
                hs[d, K1_SLOT] = k1
                hs[d, K2_SLOT] = k2
            # --- moves: legal cards, one of each run of equivalent cards, ordered ---------
            h = hs[d, p]
            led = st[d, F_LED]
            if tpos > 0 and follow:
                f = h & (field << np.uint64(led * rps))
                legal = f if f else h
            elif tpos == 0 and brk and not root_broken and (root_sp & ~_live_hands(hs, d, n)) == 0:
                ns = h & ~tmask
                legal = ns if ns else h
            else:
                legal = h
            live = hs[d, TRICK_SLOT] | sm[sidx]
            for s in range(n):
                live |= hs[d, s]
            bkey = st[d, F_BKEY]
            winning_side = st[d, F_WIN] & 1
            my_side = p & 1
            lastpos = tpos == n - 1
            ttm = st[d, F_TTMOVE]
            nmv = 0
            m = legal
            while m:
                c = ctz(m)
                b = _ONE << np.uint64(c)
                m ^= b
                cs = tab[T_SUIT, c]
                # equivalent to the next higher live card of its suit if this hand holds it
                # and it is worth the same
                above = live & (field << np.uint64(cs * rps)) & ~((b << _ONE) - _ONE)
                if above:
                    nb_ = above & (~above + _ONE)
                    if (nb_ & h) and tab[T_POINTS, ctz(nb_)] == tab[T_POINTS, c]:
                        continue
                pc = tab[T_POINTS, c]
                strength = tab[T_STRENGTH, c]
                if c == ttm:
                    score = 10000
                else:
                    # the trick as it would stand after c, and whether an opponent still to
                    # play could take it
                    led2 = cs if tpos == 0 else led
                    key = (cs == trump) * 64 + (cs == led2) * 32 + strength
                    if key > bkey:
                        bk2 = key
                        ws2 = my_side
                    else:
                        bk2 = bkey
                        ws2 = winning_side
                    threat = False
                    q = p
                    for k in range(tpos + 1, n):
                        q += 1
                        if q == n:
                            q = 0
                        if (q & 1) != ws2:
                            if _max_key(hs[d, q], led2, trump, rps, field, follow) > bk2:
                                threat = True
                                break
                    if ws2 == my_side:
                        if not threat:
                            # a sure trick for my side: put points on it
                            score = 1000 + pc * 8 - strength
                        elif tpos == 0:
                            score = 300 - pc * 8 - strength - (cs == trump) * 20
                            if n == 4:
                                # a low lead to the partner's top card of the suit
                                q = p + 2
                                if q >= n:
                                    q -= n
                                top = live & (field << np.uint64(cs * rps))
                                top = _ONE << np.uint64(63 - _clz(top))
                                if top & hs[d, q]:
                                    score += 150
                        elif key > bkey:
                            score = 500 + pc - strength      # taking it, but not surely
                        else:
                            score = 600 - pc * 8 - strength  # partner's, not surely: cheap
                    else:
                        score = 300 - pc * 8 - strength - (cs == trump) * 20
                # insertion into the ordered list (scores in mv[d, 16:])
                k = nmv
                while k > 0 and mv[d, MAX_MOVES + k - 1] < score:
                    mv[d, k] = mv[d, k - 1]
                    mv[d, MAX_MOVES + k] = mv[d, MAX_MOVES + k - 1]
                    k -= 1
                mv[d, k] = c
                mv[d, MAX_MOVES + k] = score
                nmv += 1
            st[d, F_NMV] = nmv
            st[d, F_IDX] = 0
            st[d, F_ALPHA] = alpha
            st[d, F_BETA] = beta
            st[d, F_A0] = alpha
            st[d, F_B0] = beta
            st[d, F_VAL] = -1 if (p & 1) == 0 else 1 << 20
            state = 1
            continue

        if state == 1:
            # play card mv[d, idx] of node d into row d + 1
            c = mv[d, st[d, F_IDX]]
            b = _ONE << np.uint64(c)
            tpos = st[d, F_TPOS]
            leader = st[d, F_LEADER]
            p = leader + tpos
            if p >= n:
                p -= n
            e = d + 1
            for s in range(n):
                hs[e, s] = hs[d, s]
            hs[e, p] = hs[d, p] & ~b
            cs = tab[T_SUIT, c]
            if tpos == 0:
                led = cs
                bkey = (cs == trump) * 64 + 32 + tab[T_STRENGTH, c]
                win = p
                tpts = tab[T_POINTS, c]
                tm_ = b
            else:
                led = st[d, F_LED]
                bkey = st[d, F_BKEY]
                win = st[d, F_WIN]
                key = (cs == trump) * 64 + (cs == led) * 32 + tab[T_STRENGTH, c]
                if key > bkey:
                    bkey = key
                    win = p
                tpts = st[d, F_TPTS] + tab[T_POINTS, c]
                tm_ = hs[d, TRICK_SLOT] | b
            tpos += 1
            acc = st[d, F_ACC]
            rem = st[d, F_REM]
            sidx = st[d, F_SIDX]
            if tpos == n:
                v = tpts + tval
                if (win & 1) == 0:
                    acc += v
                rem -= v
                tpos = 0
                leader = win
                tm_ = np.uint64(0)
                led = -1
                bkey = -1
                tpts = 0
                if sidx < nstock:
                    q = win
                    for k in range(n):
                        hs[e, q] |= _ONE << np.uint64(pos[P_STOCK + sidx])
                        sidx += 1
                        q += 1
                        if q == n:
                            q = 0
            hs[e, TRICK_SLOT] = tm_
            st[e, F_TPOS] = tpos
            st[e, F_LEADER] = leader
            st[e, F_LED] = led
            st[e, F_BKEY] = bkey
            st[e, F_WIN] = win
            st[e, F_TPTS] = tpts
            st[e, F_ACC] = acc
            st[e, F_REM] = rem
            st[e, F_SIDX] = sidx
            st[e, F_ALPHA] = st[d, F_ALPHA]
            st[e, F_BETA] = st[d, F_BETA]
            d = e
            state = 0
            continue

        # state 2: node d finished with result res
        i = st[d, F_TTI]
        if i >= 0:
            _tt_store(tt_key, tt_val, i, hs[d, K1_SLOT], hs[d, K2_SLOT], gen,
                      res - st[d, F_ACC], st[d, F_A0] - st[d, F_ACC], st[d, F_B0] - st[d, F_ACC],
                      st[d, F_REM], st[d, F_BEST], st[d, F_LIVE])
        if d == 0:
            break
        d -= 1
        tpos = st[d, F_TPOS]
        p = st[d, F_LEADER] + tpos
        if p >= n:
            p -= n
        c = mv[d, st[d, F_IDX]]
        cut = False
        if (p & 1) == 0:
            if res > st[d, F_VAL]:
                st[d, F_VAL] = res
                st[d, F_BEST] = c
                if res > st[d, F_ALPHA]:
                    st[d, F_ALPHA] = res
                    cut = res >= st[d, F_BETA]
        else:
            if res < st[d, F_VAL]:
                st[d, F_VAL] = res
                st[d, F_BEST] = c
                if res < st[d, F_BETA]:
                    st[d, F_BETA] = res
                    cut = res <= st[d, F_ALPHA]
        if cut:
            meta[6] += 1
            meta[8 + tpos] += 1
            if st[d, F_IDX] == 0:
                meta[7] += 1
                meta[12 + tpos] += 1
            continue       # node d is decided with res: state stays 2
        idx = st[d, F_IDX] + 1
        if idx < st[d, F_NMV]:
            st[d, F_IDX] = idx
            state = 1
        else:
            res = st[d, F_VAL]
    meta[M_NODES] += nodes
    return res


@njit(inline="always")
def _live_hands(hs, d, n):
    u = np.uint64(0)
    for s in range(n):
        u |= hs[d, s]
    return u


@njit(inline="always")
def _push(k1, k2, off, v, nbits):
    """Append the ``nbits`` low bits of ``v`` to the 128-bit key (k1, k2) at bit ``off``."""
    v = np.uint64(v)
    if off < 64:
        k1 |= v << np.uint64(off)
        if off + nbits > 64:
            k2 |= v >> np.uint64(64 - off)
    else:
        k2 |= v << np.uint64(off - 64)
    return k1, k2, off + nbits


@njit(inline="always")
def _tt_store(tt_key, tt_val, i, k1, k2, gen, v, alpha, beta, rem, best, depth):
    """Store the fail-soft result ``v`` (a future value) of a search with window
    (alpha, beta): an upper bound if v <= alpha, a lower bound if v >= beta, else exact."""
    j = -1
    for jj in range(i, i + 2):
        if tt_key[jj, 0] == k1 and tt_key[jj, 1] == k2 and tt_val[jj, TT_GEN] == gen:
            j = jj
            break
    if j < 0:
        # an empty or older-generation slot, else the one with fewer cards in play
        if tt_val[i, TT_GEN] != gen:
            j = i
        elif tt_val[i + 1, TT_GEN] != gen:
            j = i + 1
        elif tt_val[i, TT_DEPTH] <= tt_val[i + 1, TT_DEPTH]:
            j = i
        else:
            j = i + 1
        tt_key[j, 0] = k1
        tt_key[j, 1] = k2
        tt_val[j, TT_GEN] = gen
        tt_val[j, TT_LB] = 0
        tt_val[j, TT_UB] = rem
        tt_val[j, TT_MOVE] = -1
        tt_val[j, TT_DEPTH] = depth
    if v > alpha and v > tt_val[j, TT_LB]:
        tt_val[j, TT_LB] = v
    if v < beta and v < tt_val[j, TT_UB]:
        tt_val[j, TT_UB] = v
    if best >= 0:
        tt_val[j, TT_MOVE] = best


# --- exact values --------------------------------------------------------------------------
@njit
def solve_value(hands, pos, cfg, tab, ws):
    """The exact value side 0 takes from the cards in play (taken points not included).

    ``ws`` is a workspace from :func:`simcore.solver.api.workspace` (reused across calls;
    each call starts a new generation of its transposition table).  Callable from jitted code.
    """
    st, hs, mv, sm, tt_key, tt_val, meta = ws
    new_generation(tt_val, meta)
    rem = set_root(hands, pos, cfg, tab, st, hs, sm, meta)
    return _bisect(0, rem, hands, pos, cfg, tab, ws)


@njit
def _bisect(lo, hi, hands, pos, cfg, tab, ws):
    """The exact value in [lo, hi] (known to lie there) of the root in row 0."""
    st, hs, mv, sm, tt_key, tt_val, meta = ws
    while lo < hi:
        t = (lo + hi + 1) // 2
        if bsearch(t, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta):
            lo = t
        else:
            hi = t - 1
    return lo


@njit
def child_position(hands, pos, cfg, tab, card, out_hands, out_pos):
    """The position after ``card`` is played by the seat to move (into ``out_*``).
    Returns the value (card points plus trick value) side 0 took by it (a completed trick)
    and, as a second value, the same for side 1."""
    n = cfg[C_N]
    trump = cfg[C_TRUMP]
    out_hands[:] = hands
    out_pos[:] = pos
    nt = pos[P_NTRICK]
    leader = pos[P_LEADER]
    p = leader + nt
    if p >= n:
        p -= n
    out_hands[p] = hands[p] & ~(_ONE << np.uint64(card))
    out_pos[P_TRICK + nt] = card
    nt += 1
    got0 = 0
    got1 = 0
    if nt == n:
        led = tab[T_SUIT, out_pos[P_TRICK]]
        bkey = -1
        win = leader
        v = cfg[C_TVAL]
        for k in range(n):
            c = out_pos[P_TRICK + k]
            cs = tab[T_SUIT, c]
            key = (cs == trump) * 64 + (cs == led) * 32 + tab[T_STRENGTH, c]
            v += tab[T_POINTS, c]
            if cs == trump:
                out_pos[P_BROKEN] = 1
            if key > bkey:
                bkey = key
                q = leader + k
                win = q - n if q >= n else q
        if (win & 1) == 0:
            got0 = v
        else:
            got1 = v
        nt = 0
        out_pos[P_LEADER] = win
        ns = pos[P_NSTOCK]
        if ns > 0:
            q = win
            for k in range(n):
                out_hands[q] |= _ONE << np.uint64(out_pos[P_STOCK + k])
                q += 1
                if q == n:
                    q = 0
            for i in range(ns - n):
                out_pos[P_STOCK + i] = out_pos[P_STOCK + n + i]
            out_pos[P_NSTOCK] = ns - n
    out_pos[P_NTRICK] = nt
    return got0, got1


@njit
def legal_moves(hands, pos, cfg, tab):
    """The legal cards of the seat to move, as a mask."""
    n = cfg[C_N]
    rps = cfg[C_RPS]
    nt = pos[P_NTRICK]
    p = pos[P_LEADER] + nt
    if p >= n:
        p -= n
    h = np.uint64(hands[p])
    if nt > 0 and cfg[C_FOLLOW] != 0:
        f = h & _suit_mask(tab[T_SUIT, pos[P_TRICK]], rps)
        return f if f else h
    if nt == 0 and cfg[C_BREAK] != 0 and pos[P_BROKEN] == 0:
        ns = h & ~_suit_mask(cfg[C_TRUMP], rps)
        return ns if ns else h
    return h


@njit
def move_values(hands, pos, cfg, tab, ws, out_cards, out_values):
    """The exact value (side 0's take from the cards in play at the root) after each legal
    move at the root; returns the number of legal moves and the root's value.  Cards are
    written in ascending order.  Callable from jitted code."""
    st, hs, mv, sm, tt_key, tt_val, meta = ws
    new_generation(tt_val, meta)
    rem = set_root(hands, pos, cfg, tab, st, hs, sm, meta)
    par = _bisect(0, rem, hands, pos, cfg, tab, ws)
    n = cfg[C_N]
    p = pos[P_LEADER] + pos[P_NTRICK]
    if p >= n:
        p -= n
    ch = np.empty_like(hands)
    cp = np.empty_like(pos)
    m = legal_moves(hands, pos, cfg, tab)
    k = 0
    while m:
        c = ctz(m)
        m &= m - _ONE
        got0, got1 = child_position(hands, pos, cfg, tab, c, ch, cp)
        crem = set_root(ch, cp, cfg, tab, st, hs, sm, meta)
        # side 0 to move: no move beats the par; side 1: none goes below it
        if (p & 1) == 0:
            if bsearch(par - got0, cfg, tab, cp, st, hs, mv, sm, tt_key, tt_val, meta):
                v = par
            else:
                v = got0 + _bisect(0, min(crem, par - got0 - 1), ch, cp, cfg, tab, ws)
        else:
            if not bsearch(par - got0 + 1, cfg, tab, cp, st, hs, mv, sm, tt_key, tt_val, meta):
                v = par
            else:
                v = got0 + _bisect(par - got0 + 1, crem, ch, cp, cfg, tab, ws)
        out_cards[k] = c
        out_values[k] = v
        k += 1
    return k, par


@njit
def best_line(hands, pos, cfg, tab, ws, out_cards):
    """One line of best play from the root to the end: at each card, the first legal card
    (ascending order) that keeps the par.  Returns (number of cards, par)."""
    st, hs, mv, sm, tt_key, tt_val, meta = ws
    new_generation(tt_val, meta)
    rem = set_root(hands, pos, cfg, tab, st, hs, sm, meta)
    par = _bisect(0, rem, hands, pos, cfg, tab, ws)
    n = cfg[C_N]
    h = hands.copy()
    ps = pos.copy()
    ch = np.empty_like(hands)
    cp = np.empty_like(pos)
    v = par           # side 0's take from the cards in play at (h, ps)
    k = 0
    while True:
        m = legal_moves(h, ps, cfg, tab)
        if m == 0:
            break
        p = ps[P_LEADER] + ps[P_NTRICK]
        if p >= n:
            p -= n
        chosen = -1
        got = 0
        while m:
            c = ctz(m)
            m &= m - _ONE
            got0, got1 = child_position(h, ps, cfg, tab, c, ch, cp)
            set_root(ch, cp, cfg, tab, st, hs, sm, meta)
            if (p & 1) == 0:
                ok = bsearch(v - got0, cfg, tab, cp, st, hs, mv, sm, tt_key, tt_val, meta)
            else:
                ok = not bsearch(v - got0 + 1, cfg, tab, cp, st, hs, mv, sm, tt_key, tt_val,
                                 meta)
            if ok:
                chosen = c
                got = got0
                break
        child_position(h, ps, cfg, tab, chosen, ch, cp)
        h[:] = ch
        ps[:] = cp
        v -= got
        out_cards[k] = chosen
        k += 1
    return k, par


@njit
def solve_batch(hands, pos, cfgs, tab, ws, out):
    """Solve every position ``hands[i], pos[i]`` under ``cfgs[i]`` (its trump suit) one after
    another on this thread: ``out[i]`` = side 0's exact take from the cards in play.
    Releases the GIL (the package's ``njit``): several threads, each with its own workspace,
    solve chunks in parallel, and each result depends only on its position."""
    for i in range(hands.shape[0]):
        out[i] = solve_value(hands[i], pos[i], cfgs[i], tab, ws)
