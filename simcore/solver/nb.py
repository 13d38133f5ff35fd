"""The double-dummy search: jitted, iterative, no allocation per node.

Everything here takes arrays and scalars only, so that other jitted code (a PIMC strategy
sampling deals inside a kernel) can call :func:`solve_value`, :func:`move_values` and
:func:`solve_batch` directly.  The layouts of the arrays are in :mod:`.enums`; the
algorithm is described in ``docs/solver.md``.

Value searched: the points (card points plus ``trick value`` per trick) that side 0 takes
from the cards still in play, over the remaining tricks.  :func:`alphabeta` is a fail-soft
alpha-beta on that value; :func:`solve_value` finds the exact value with a few null-window
searches ("can side 0 take at least T?"), all sharing one transposition table.

The search is a loop over an explicit stack (one row per card played), not a recursion:
numba compiles and caches it simply, and nothing is allocated or reference-counted per
node.  The transposition table is probed and written at trick boundaries only.
"""
import numpy as np
from llvmlite import ir
from numba import literally, types
from numba.core import cgutils
from numba.extending import intrinsic

from .._jit import njit
from ..bits import clz, ctz, pext, popcount, select_bit
from ..interrupt import stop_requested
from .enums import (A_SLOT, B_SLOT, C_BMI2, C_BREAK, C_FOLLOW, C_N, C_OWNERS, C_PTOP, C_RPS,
                    C_TRUMP, C_TVAL, F_A0, F_ACC, F_ALPHA, F_B0, F_BEST, F_BETA, F_BKEY, F_IDX,
                    F_LEADER, F_LED, F_NODE0, F_NMV, F_REM, F_SIDX, F_TPOS, F_TPTS, F_TTI, F_TTMOVE,
                    F_VAL, F_WCARD, F_WIN, K1_SLOT, K2_SLOT, MAX_CLASSES, MAX_MOVES, MERGED,
                    M_BROKEN, M_GEN, M_HORIZON, M_NCLS, M_NODES, M_NOEXCH, M_NSTOCK, M_ROOTSP,
                    M_TTBITS, NOEXCH_DOM, NOEXCH_NEAR, OWN_CANON, OWN_HAND0, P_BROKEN, P_LEADER,
                    P_NSTOCK, P_NTRICK, P_STOCK, P_TRICK,
                    SEARCHED, SM_CLASS, SM_PMASK, SM_VALUE, T_POINTS, T_STRENGTH, T_SUIT, TK_A,
                    TK_B, TK_K1, TK_K2, TK_M, TK_S, TRICK_SLOT, TT_DEPTH, TT_GEN, TT_LB, TT_MOVE,
                    TT_UB, TT_WAYS, W_ACC, W_IN, H_WIDTH, MAX_PLY, N_FIELDS, N_META, SM_LEN,
                    TK_COLS, TT_COLS)

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
# move ordering in games that must follow suit (see alphabeta; measured on deals of the
# four-seat card-point game, docs/solver.md): a card no opponent can beat later in its
# suit (a "master") put on a trick already the side's scores this much less, after the
# side's other cards, its points being the side's anyway (unless an opponent can ruff its
# suit: then it is best played now); a sure lead scores _SURE_LEAD plus its points (other
# sure cards 1000 plus), so that a low lead to the partner's top card can come before it,
# and a sure trump lead _SURE_TRUMP_LEAD plus, after most low leads: drawing trumps can
# wait; a sure ruff _SURE_RUFF less its points, after the other sure cards.  Of the leads
# no opponent surely takes, one to the partner's top card of the suit scores _PARTNER_TOP
# more and one of a plain suit the partner can ruff _PARTNER_RUFF more, and either
# _PARTNER_POINTS more a point of the card: points onto the trick the partner is likely to
# take, where other leads go cheapest first (8 less a point).  Likewise at the second
# seat, when the partner, fourth, can take the trick whatever the third seat plays: a card
# under the trick goes points first (masters kept back, as above), and a sure ruff scores
# _PWIN_RUFF less its points, after those cards (points games): the partner takes the
# trick anyway
_MASTER_LATER = 100
_SURE_LEAD = 320
_SURE_TRUMP_LEAD = 150
_SURE_RUFF = 800
_PARTNER_TOP = 100
_PARTNER_RUFF = 100
_PARTNER_POINTS = 16
_PWIN_RUFF = 200
_GEN_MAX = 32767
# the search reads the stop flag (simcore.interrupt) at its first node and then every
# 65,536 nodes (a few milliseconds): a stopped run's searches return within that
_POLL_MASK = 0xFFFF
_MUL1 = np.uint64(0x9E3779B97F4A7C15)
_MUL2 = np.uint64(0xC2B2AE3D27D4EB4F)


# --- small helpers ------------------------------------------------------------------------
@intrinsic
def _prefetch(typingctx, arr, i, j):
    """Ask the CPU to bring ``arr[i, j]`` (a 2-D array) into the cache (``llvm.prefetch``:
    a hint, no effect on results)."""
    sig = types.void(arr, types.int64, types.int64)

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer2(context, builder, data=ary.data,
                                        shape=cgutils.unpack_tuple(builder, ary.shape),
                                        strides=cgutils.unpack_tuple(builder, ary.strides),
                                        layout=aryty.layout, inds=[args[1], args[2]],
                                        wraparound=False, boundscheck=False)
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()

    return sig, codegen


@njit
def new_workspace(tt_bits):
    """A workspace for :func:`solve_value` and friends: the search stack and a transposition
    table of ``2**tt_bits`` entries (``simcore.solver.api.workspace`` checks ``tt_bits``;
    jitted callers, the ``pimc`` strategies, make theirs here, so the layout lives in one
    place)."""
    size = 1 << tt_bits
    meta = np.zeros(N_META, np.int64)
    meta[M_TTBITS] = tt_bits
    return (np.zeros((MAX_PLY, N_FIELDS), np.int64),
            np.zeros((MAX_PLY, H_WIDTH), np.uint64),
            np.zeros((MAX_PLY, 2 * MAX_MOVES), np.int64),
            np.zeros(SM_LEN, np.uint64),
            np.zeros((size, TK_COLS), np.uint64),
            np.zeros((size, TT_COLS), np.int16),
            meta)


@njit(inline="always")
def _pc(x):
    """popcount as int64 (numba would turn uint64 - int64 into float64)."""
    return np.int64(popcount(x))


@njit(inline="always")
def _below(x):
    """The bits under the highest set bit of ``x`` (x != 0)."""
    return (_ONE << np.uint64(63 - clz(x))) - _ONE


@njit(inline="always")
def _suit_mask(s, rps):
    return ((_ONE << np.uint64(rps)) - _ONE) << np.uint64(s * rps)


@njit(inline="always")
def _points(m, sm, ncls):
    """The points of the cards in ``m`` (by point class: a popcount each)."""
    v = 0
    for j in range(ncls):
        v += np.int64(sm[SM_VALUE + j]) * _pc(m & sm[SM_CLASS + j])
    return v


@njit(inline="always")
def _top_points(m, k, sm, ncls):
    """The most points ``k`` cards of ``m`` can hold."""
    v = 0
    if k < 0:
        k = 0
    for j in range(ncls):       # no early exit: one would keep a reference count on sm
        c = _pc(m & sm[SM_CLASS + j])
        if c > k:
            c = k
        v += c * np.int64(sm[SM_VALUE + j])
        k -= c
    return v


@njit(inline="always")
def _trick_key(cs, led, trump, strength):
    """A card's strength in a trick (see ``alphabeta``): 64 for a trump, 32 for the suit
    led, plus its rank in its suit; the highest key wins the trick."""
    return (cs == trump) * 64 + (cs == led) * 32 + strength


@njit(inline="always")
def _trick4(c0, c1, c2, c3, trump, tab, rps):
    """A trick of four cards, ``c0`` led: the winner's place in the playing order (0-3),
    the points on it, and its winning card (as a mask) if it won by rank (another card of
    its suit in the trick), else 0."""
    led = tab[T_SUIT, c0]
    wk = _trick_key(led, led, trump, tab[T_STRENGTH, c0])
    w = 0
    wc = c0
    k = _trick_key(tab[T_SUIT, c1], led, trump, tab[T_STRENGTH, c1])
    if k > wk:
        wk = k
        w = 1
        wc = c1
    k = _trick_key(tab[T_SUIT, c2], led, trump, tab[T_STRENGTH, c2])
    if k > wk:
        wk = k
        w = 2
        wc = c2
    k = _trick_key(tab[T_SUIT, c3], led, trump, tab[T_STRENGTH, c3])
    if k > wk:
        w = 3
        wc = c3
    pts = tab[T_POINTS, c0] + tab[T_POINTS, c1] + tab[T_POINTS, c2] + tab[T_POINTS, c3]
    m = (_ONE << np.uint64(c0)) | (_ONE << np.uint64(c1)) | (_ONE << np.uint64(c2)) | (
        _ONE << np.uint64(c3))
    wb = _ONE << np.uint64(wc)
    rel = wb if (m & _suit_mask(tab[T_SUIT, wc], rps) & ~wb) else _ZERO
    return w, pts, rel


@njit(inline="always")
def _child_value(mx, best, al, be, v):
    """A child's value ``v`` taken into a node of the two-trick loops (see ``_alphabeta``):
    the node maximizes if ``mx``; returns its best value so far, its window and whether it
    is cut, as the search's own nodes do (fail-soft)."""
    if mx:
        if v > best:
            best = v
        if best > al:
            al = best
        cut = best >= be
    else:
        if v < best:
            best = v
        if best < be:
            be = best
        cut = best <= al
    return best, al, be, cut


@njit(inline="always")
def _max_key(h, led, trump, rps, field, follow):
    """The strongest trick key (see ``alphabeta``) among the cards hand ``h`` may play to a
    trick led in suit ``led``; -1 if it holds none of the led suit nor trumps."""
    lm = h & (field << np.uint64(led * rps))
    if follow and lm:
        cand = lm
    else:
        cand = h
    t = cand & (field << np.uint64(trump * rps))
    if t:
        return 64 + (led == trump) * 32 + (63 - clz(t)) - trump * rps
    lm = cand & lm
    if lm:
        return 32 + (63 - clz(lm)) - led * rps
    return -1


@njit(inline="always")
def _max_later(hs, d, p, k0, n, side, led, trump, rps, field, follow):
    """The strongest trick key (see ``alphabeta``) that a seat of ``side`` playing after seat
    ``p`` (the ``k0``-th card of the trick, from 0) can put on a trick led in suit ``led``,
    at node ``d``; -1 if none can."""
    m = -1
    q = p
    for k in range(k0 + 1, n):
        q += 1
        if q == n:
            q = 0
        if (q & 1) == side:
            mk = _max_key(hs[d, q], led, trump, rps, field, follow)
            if mk > m:
                m = mk
    return m


@njit(inline="always")
def _can_ruff(h, sfield, tmask):
    """Hand ``h`` can ruff the plain suit of ``sfield``: void in it, holding trumps (in a
    game that must follow suit; the same test as ``_max_key(...) >= 64`` there)."""
    return (h & sfield) == 0 and (h & tmask) != 0


@njit(inline="always")
def _neighbours(b, live, sfield, h):
    """The cards of hand ``h`` next in rank to card ``b`` (suit mask ``sfield``) among the
    cards in play ``live``: the next one above and the next one below, if ``h`` holds them.
    Such a pair meets every other card alike (see the exchange prunings in ``_alphabeta``)."""
    if (h & sfield & ~b) == _ZERO:
        return _ZERO
    above = live & sfield & ~((b << _ONE) - _ONE)
    nbs = above & (~above + _ONE)
    below = live & sfield & (b - _ONE)
    if below:
        nbs |= _ONE << np.uint64(63 - clz(below))
    return nbs & h


@njit(inline="always")
def _yields_to(nbs, pc, richer, tab):
    """Of the neighbours ``nbs`` of a card worth ``pc``, one worth more points (``richer``)
    or fewer (else), as a mask; 0 if none: the card it is dominated by."""
    domby = _ZERO
    while nbs:
        x = ctz(nbs)
        nbs &= nbs - _ONE
        px = tab[T_POINTS, x]
        if (px > pc) if richer else (px < pc):
            domby = _ONE << np.uint64(x)
    return domby


@njit(inline="always")
def _hash(k1, k2, bits):
    return np.int64(((k1 ^ (k2 * _MUL2)) * _MUL1) >> np.uint64(64 - bits))


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
def _canon_key(a0, a1, a2, a3, leader, pmask, field, rps, bmi2):
    """The table key (k1, k2) of a position with fixed hands (no stock) at a trick
    boundary with hands a0..a3 and ``leader`` to lead, and the owners of its cards worth
    nothing (za, zb: two bit planes, by rank within each suit, 16 bits a suit).  The key
    holds how many cards worth points each suit has in play, not which: that is the entry's
    signature (``TK_S``, see :func:`_shift`)."""
    live = a0 | a1 | a2 | a3
    pl1 = a1 | a3
    pl2 = a2 | a3
    k1 = np.uint64(leader)
    k2 = _ZERO
    off = 2
    lp = live & pmask
    npl = _pc(lp)
    for s in range(4):
        k1, k2, off = _push(k1, k2, off, popcount(lp & (field << np.uint64(s * rps))), 4)
    k1, k2, off = _push(k1, k2, off, pext(pl1, lp, bmi2), npl)
    k1, k2, off = _push(k1, k2, off, pext(pl2, lp, bmi2), npl)
    zl = live & ~pmask
    za = _ZERO
    zb = _ZERO
    for s in range(4):
        zs = zl & (field << np.uint64(s * rps))
        k1, k2, off = _push(k1, k2, off, popcount(a0 & zs), 4)
        k1, k2, off = _push(k1, k2, off, popcount(a1 & zs), 4)
        k1, k2, off = _push(k1, k2, off, popcount(a2 & zs), 4)
        k1, k2, off = _push(k1, k2, off, popcount(a3 & zs), 4)
        za |= pext(pl1, zs, bmi2) << np.uint64(16 * s)
        zb |= pext(pl2, zs, bmi2) << np.uint64(16 * s)
    return k1, k2, za, zb


@njit(inline="always")
def _shift(sa, sb, tab, field, rps):
    """Quasi-symmetry: two positions with the same table key (the same owners of the cards
    in play, by rank within each suit, up to the cards worth nothing) whose cards worth points
    in play are ``sa`` and ``sb`` are the same game up to the points, when every card worth
    points ranks above the others (``C_PTOP``): map the k-th highest card worth points of
    each suit of one onto the k-th highest of the other.  Whatever the play, side 0 then
    takes at most ``dneg`` less and at most ``dpos`` more in the second than in the first,
    so a table entry's bounds serve the second moved by those amounts."""
    dneg = 0
    dpos = 0
    x = sa ^ sb
    for s in range(4):
        sf = field << np.uint64(s * rps)
        if (x & sf) == _ZERO:
            continue
        a = sa & sf
        b = sb & sf
        while a:
            ca = 63 - clz(a)
            cb = 63 - clz(b)
            dd = tab[T_POINTS, cb] - tab[T_POINTS, ca]
            if dd > 0:
                dpos += dd
            else:
                dneg -= dd
            a ^= _ONE << np.uint64(ca)
            b ^= _ONE << np.uint64(cb)
    return dneg, dpos


# --- workspace --------------------------------------------------------------------------
@njit
def new_generation(tt_val, meta):
    """Start a new solve: entries of older generations no longer match.  When the
    generation counter wraps, the table is cleared (so results never depend on it)."""
    g = meta[M_GEN] + 1
    if g > _GEN_MAX:
        for i in range(tt_val.shape[0]):
            tt_val[i, TT_GEN] = 0
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
    # the point classes of the deck, largest value first
    ncards = tab.shape[1]
    ncls = 0
    last = 1 << 30
    while ncls < MAX_CLASSES:
        v = 0
        for c in range(ncards):
            pc = tab[T_POINTS, c]
            if v < pc < last:
                v = pc
        if v == 0:
            break
        m = _ZERO
        for c in range(ncards):
            if tab[T_POINTS, c] == v:
                m |= _ONE << np.uint64(c)
        sm[SM_CLASS + ncls] = m
        sm[SM_VALUE + ncls] = np.uint64(v)
        ncls += 1
        last = v
    meta[M_NCLS] = ncls
    pm = _ZERO
    for j in range(ncls):
        pm |= sm[SM_CLASS + j]
    sm[SM_PMASK] = pm
    for s in range(hs.shape[1]):
        hs[0, s] = 0
    in_play = 0
    rem = 0
    for s in range(n):
        h = np.uint64(hands[s])
        hs[0, s] = h
        in_play += _pc(h)
        rem += _points(h, sm, ncls)
    for i in range(nstock):
        rem += tab[T_POINTS, pos[P_STOCK + i]]
    in_play += nstock
    nt = pos[P_NTRICK]
    leader = pos[P_LEADER]
    tpts = 0
    bkey = -1
    win = leader
    wcard = -1
    led = -1
    tmask = _ZERO
    for k in range(nt):
        c = pos[P_TRICK + k]
        tmask |= _ONE << np.uint64(c)
        tpts += tab[T_POINTS, c]
        cs = tab[T_SUIT, c]
        if k == 0:
            led = cs
        key = _trick_key(cs, led, trump, tab[T_STRENGTH, c])
        if key > bkey:
            bkey = key
            wcard = c
            p = leader + k
            win = p - n if p >= n else p
    hs[0, TRICK_SLOT] = tmask
    in_play += nt
    tricks = in_play // n
    rem += tpts + tricks * tval
    # the trumps still live at the root (the break rule, see alphabeta)
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
    st[0, F_WCARD] = wcard
    st[0, F_TPTS] = tpts
    st[0, F_ACC] = 0
    st[0, F_REM] = rem
    st[0, F_SIDX] = 0
    return rem


# --- the search -------------------------------------------------------------------------------
@njit
def bsearch(target, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta):
    """True when side 0 can take at least ``target`` of the value still in play from the root
    in row 0 of the stack (:func:`set_root`), whatever side 1 does (a null-window search)."""
    return alphabeta(target - 1, target, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val,
                     meta) >= target


# specializations of the search: the constants of a game compiled into its own copy of
# _alphabeta (seat loops unrolled, the branches of other games gone), chosen per search by
# alphabeta from the cfg itself, so a copy only ever runs with the values it was built for.
# One copy only, SPEC_POINTS4: four seats that must follow suit, ten ranks a suit, five
# classes of card points ranking above the cards worth nothing, no trick value, no stock,
# no break rule.  Every kernel that calls the search links every copy (copies for the
# trick-counting game and the two-seat stock game, 9% and 11% faster, took the first run of
# a pimc test from 48 s to 79 s: docs/solver.md)
SPEC_ANY, SPEC_POINTS4 = range(2)
# the constants of SPEC_POINTS4 as SolverConfig.tables and set_root make them (the copy is
# built with these; search_spec checks them): seats, ranks per suit, trick value, classes
_P4_N, _P4_RPS, _P4_TVAL, _P4_NCLS = 4, 10, 0, 5


@njit
def search_spec(cfg, meta):
    """The specialization of the search for a game (``cfg``) and root (``meta``, after
    :func:`set_root`): ``SPEC_ANY`` unless every constant of a specialized copy matches."""
    if (cfg[C_N] == _P4_N and cfg[C_FOLLOW] != 0 and cfg[C_OWNERS] == OWN_CANON
            and cfg[C_BREAK] == 0 and meta[M_NSTOCK] == 0 and cfg[C_RPS] == _P4_RPS
            and cfg[C_TVAL] == _P4_TVAL and cfg[C_PTOP] > 0 and meta[M_NCLS] == _P4_NCLS):
        return SPEC_POINTS4
    return SPEC_ANY


@njit
def alphabeta(alpha0, beta0, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta):
    """Fail-soft alpha-beta on the value side 0 takes from the cards in play at the root in
    row 0 of the stack (:func:`set_root`): the exact value when it lies strictly between
    ``alpha0`` and ``beta0``, else a bound on the same side of the window.  Runs the copy of
    the search specialized for the game (:func:`search_spec`)."""
    return alphabeta_spec(search_spec(cfg, meta), alpha0, beta0, cfg, tab, pos, st, hs, mv,
                          sm, tt_key, tt_val, meta)


@njit
def alphabeta_spec(spec, alpha0, beta0, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta):
    """:func:`alphabeta` with the copy ``spec`` (the one :func:`search_spec` allows for the
    game, or ``SPEC_ANY``)."""
    if spec == SPEC_POINTS4:
        return _alphabeta(alpha0, beta0, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta,
                          SPEC_POINTS4)
    return _alphabeta(alpha0, beta0, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta,
                      SPEC_ANY)


@njit
def _alphabeta(alpha0, beta0, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta, spec):
    """The search of :func:`alphabeta`, compiled once per ``spec`` (a literal): the game's
    constants below are then compile-time constants.

    Iterative: ``d`` is the current ply; each row of ``st``/``hs``/``mv`` holds one node's
    trick state, window, hands and ordered moves.  Values travel up in ``res``.

    Trick keys: a card's strength in the trick is ``64 * trump + 32 * (suit led) +
    strength``; the highest key wins the trick.

    Relevant cards (fixed hands, no stock; as partition search in bridge solvers): with each
    result travels the set ``resw`` of cards whose rank decided it (a trick won by rank, a
    bound that compared trumps, a table entry's own set).  Within a suit, the cards worth
    nothing below the lowest relevant one are interchangeable: the result holds for every
    position with the same hands up to who holds them (same suit lengths, same owners of
    the relevant cards and of the cards worth points).  The table stores entries that way,
    and a second card worth nothing of the same suit in the same hand is not searched when
    both lie below the relevant ones of the moves searched so far.

    Quasi-symmetry (fixed hands whose cards worth points rank above the others, ``C_PTOP``;
    as in Kupferschmid and Helmert's Skat solver): an entry also
    serves the positions of the same structure with other cards worth points in play, its
    bounds moved by the most those cards' points can change the result (:func:`_shift`).
    """
    literally(spec)
    # (the values search_spec checked for each copy)
    if spec == SPEC_POINTS4:
        n, rps, tval, ncls = _P4_N, _P4_RPS, _P4_TVAL, _P4_NCLS
        follow, owners, ptop, brk, nstock = True, OWN_CANON, 1, False, 0
    else:
        n = cfg[C_N]
        rps = cfg[C_RPS]
        follow = cfg[C_FOLLOW] != 0
        tval = cfg[C_TVAL]
        owners = cfg[C_OWNERS]
        ptop = cfg[C_PTOP]
        brk = cfg[C_BREAK] != 0
        nstock = meta[M_NSTOCK]
        ncls = meta[M_NCLS]
    trump = cfg[C_TRUMP]
    canon = owners == OWN_CANON
    # quasi-symmetry (see _shift): table entries of positions that differ only in which
    # cards worth points are in play, when those rank above every other card
    quasi = canon and ptop > 0
    bmi2 = cfg[C_BMI2] != 0
    bits = meta[M_TTBITS]
    gen = meta[M_GEN]
    root_broken = meta[M_BROKEN] != 0
    hz = meta[M_HORIZON]
    root_sp = np.uint64(meta[M_ROOTSP])
    pmask = sm[SM_PMASK]
    # the exchange prunings (see below): cards worth points only, exact values only (not
    # under a horizon)
    near = pmask != 0 and hz == 0 and (meta[M_NOEXCH] & NOEXCH_NEAR) == 0
    domin = pmask != 0 and hz == 0 and (meta[M_NOEXCH] & NOEXCH_DOM) == 0
    tmask = _suit_mask(trump, rps)
    field = (_ONE << np.uint64(rps)) - _ONE
    nodes = 0

    st[0, F_ALPHA] = alpha0
    st[0, F_BETA] = beta0
    hs[0, W_IN] = 0
    d = 0
    state = 0          # 0: enter node d; 1: play move st[d, F_IDX] of node d; 2: node d done
    res = 0
    resw = _ZERO       # the relevant cards of res
    while True:
        if state == 0:
            nodes += 1
            if (nodes & _POLL_MASK) == 1 and stop_requested():
                res = alpha0             # a stopped run's: thrown away (simcore.interrupt)
                break
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
            hs[d, MERGED] = 0
            resw = _ZERO
            if acc >= beta:
                res = acc
                state = 2
                continue
            if acc + rem <= alpha:
                res = acc + rem
                state = 2
                continue
            sidx = st[d, F_SIDX]
            h0 = _ZERO
            h1 = _ZERO
            for s in range(0, n, 2):
                h0 |= hs[d, s]
                h1 |= hs[d, s + 1]
            lb = 0
            ub = rem
            bw = _ZERO           # the relevant cards of the bounds
            if tpos == 0:
                # bounds on the future value: a trump higher than every trump the other side
                # may still hold (in hand, in the stock) wins its trick whenever it is played,
                # so its points are its side's (s0, s1: those trumps).  Inside a trick they
                # are not computed: they cut few nodes there for their cost (four-seat
                # card-point deals, seed 1, 0-19: 0.4% more nodes, 6% less CPU)
                t0 = h0 & tmask
                t1 = h1 & tmask
                ts = sm[sidx] & tmask
                o1 = t1 | ts
                o0 = t0 | ts
                s0 = t0
                s1 = t1
                if o1:
                    top = _ONE << np.uint64(63 - clz(o1))
                    s0 = t0 & ~(top - _ONE)
                    bw |= top
                if o0:
                    top = _ONE << np.uint64(63 - clz(o0))
                    s1 = t1 & ~(top - _ONE)
                    bw |= top
                lb = _points(s0, sm, ncls) if s0 else 0
                ub = rem - _points(s1, sm, ncls) if s1 else rem
                if hz > 0 and (_pc(h0 | h1) + nstock - sidx) // n <= hz:
                    # the search horizon: the rest is valued by the middle of the bounds
                    # on it (the points of the sure trumps, the points out), so a value
                    # never leaves the bounds used for cutoffs above it
                    res = acc + (lb + ub) // 2
                    resw = bw
                    state = 2
                    continue
                ntr = _pc(hs[d, leader])
                if sidx == nstock and ntr == 1:
                    # the last trick: no choice left
                    c = ctz(hs[d, leader])
                    led = tab[T_SUIT, c]
                    bkey = _trick_key(led, led, trump, tab[T_STRENGTH, c])
                    win = leader
                    wc = c
                    tm_ = _ONE << np.uint64(c)
                    q = leader
                    for k in range(1, n):
                        q += 1
                        if q == n:
                            q = 0
                        c = ctz(hs[d, q])
                        tm_ |= _ONE << np.uint64(c)
                        cs = tab[T_SUIT, c]
                        key = _trick_key(cs, led, trump, tab[T_STRENGTH, c])
                        if key > bkey:
                            bkey = key
                            win = q
                            wc = c
                    res = acc + rem if (win & 1) == 0 else acc
                    wb = _ONE << np.uint64(wc)
                    if tm_ & _suit_mask(tab[T_SUIT, wc], rps) & ~wb:
                        resw = wb
                    state = 2
                    continue
                if (follow and n == 4 and pmask and not brk and hz == 0 and sidx == nstock
                        and ntr == 2):
                    # two tricks left (four seats, card points): searched here by four
                    # nested loops, one per seat, with the same window, cutoffs, fail-soft
                    # values and relevant cards as the search, but no table, no move order,
                    # no node count per card: cheaper than the table probe it replaces (a
                    # game without card points, whose two-trick positions transpose much
                    # more, searches on: measured slower there)
                    g0 = hs[d, leader]
                    g1 = hs[d, (leader + 1) & 3]
                    g2 = hs[d, (leader + 2) & 3]
                    g3 = hs[d, (leader + 3) & 3]
                    mx0 = (leader & 1) == 0      # the leader and partner's side maximizes
                    mx1 = not mx0
                    worst0 = -1 if mx0 else 1 << 20
                    worst1 = -1 if mx1 else 1 << 20
                    # per seat k: best value bk, window alk/bek, relevant cards rk (those
                    # of the cutting card, else the union uk of all), cut flag
                    al0 = alpha - acc
                    be0 = beta - acc
                    b0 = worst0
                    u0 = _ZERO
                    r0 = _ZERO
                    cut = False
                    m0 = g0
                    while m0:
                        x0 = ctz(m0)
                        m0 &= m0 - _ONE
                        lf = _suit_mask(tab[T_SUIT, x0], rps)
                        al1, be1, b1, u1, r1 = al0, be0, worst1, _ZERO, _ZERO
                        m1 = g1 & lf if g1 & lf else g1
                        while m1:
                            x1 = ctz(m1)
                            m1 &= m1 - _ONE
                            al2, be2, b2, u2, r2 = al1, be1, worst0, _ZERO, _ZERO
                            m2 = g2 & lf if g2 & lf else g2
                            while m2:
                                x2 = ctz(m2)
                                m2 &= m2 - _ONE
                                al3, be3, b3, u3, r3 = al2, be2, worst1, _ZERO, _ZERO
                                m3 = g3 & lf if g3 & lf else g3
                                while m3:
                                    # the fourth card ends the trick; the last one follows
                                    x3 = ctz(m3)
                                    m3 &= m3 - _ONE
                                    w1, p1, rl1 = _trick4(x0, x1, x2, x3, trump, tab, rps)
                                    y0 = ctz(g0 & ~(_ONE << np.uint64(x0)))
                                    y1 = ctz(g1 & ~(_ONE << np.uint64(x1)))
                                    y2 = ctz(g2 & ~(_ONE << np.uint64(x2)))
                                    y3 = ctz(g3 & ~(_ONE << np.uint64(x3)))
                                    if w1 == 0:
                                        w2, p2, rl2 = _trick4(y0, y1, y2, y3, trump, tab, rps)
                                    elif w1 == 1:
                                        w2, p2, rl2 = _trick4(y1, y2, y3, y0, trump, tab, rps)
                                    elif w1 == 2:
                                        w2, p2, rl2 = _trick4(y2, y3, y0, y1, trump, tab, rps)
                                    else:
                                        w2, p2, rl2 = _trick4(y3, y0, y1, y2, trump, tab, rps)
                                    v = 0
                                    if ((leader + w1) & 1) == 0:
                                        v += p1 + tval
                                    if ((leader + w1 + w2) & 1) == 0:
                                        v += p2 + tval
                                    rl = rl1 | rl2
                                    b3, al3, be3, cut = _child_value(mx1, b3, al3, be3, v)
                                    r3 = rl
                                    if cut:
                                        break
                                    u3 |= rl
                                if not cut:
                                    r3 = u3
                                b2, al2, be2, cut = _child_value(mx0, b2, al2, be2, b3)
                                r2 = r3
                                if cut:
                                    break
                                u2 |= r3
                            if not cut:
                                r2 = u2
                            b1, al1, be1, cut = _child_value(mx1, b1, al1, be1, b2)
                            r1 = r2
                            if cut:
                                break
                            u1 |= r2
                        if not cut:
                            r1 = u1
                        b0, al0, be0, cut = _child_value(mx0, b0, al0, be0, b1)
                        r0 = r1
                        if cut:
                            break
                        u0 |= r1
                    if not cut:
                        r0 = u0
                    res = acc + b0
                    resw = r0
                    state = 2
                    continue
                # the transposition table's key and bucket, computed before the bounds
                # below so that the bucket is fetched from memory meanwhile
                live = h0 | h1
                za = _ZERO
                zb = _ZERO
                if canon:
                    # up to the ranks of the cards in play among themselves: the leader;
                    # which cards worth points are in play and who holds them; how many
                    # cards worth nothing each hand holds in each suit.  Who holds those
                    # (two bit planes za, zb, by rank within each suit) is checked against
                    # an entry's relevant ones only.
                    k1, k2, za, zb = _canon_key(hs[d, 0], hs[d, 1], hs[d, 2], hs[d, 3],
                                                leader, pmask, field, rps, bmi2)
                else:
                    k1 = live | (np.uint64(sidx) << np.uint64(52)) | (np.uint64(leader) << np.uint64(58))
                    if owners == OWN_HAND0:
                        k2 = hs[d, 0]
                    else:
                        k2 = _ZERO
                        for s in range(1, n):
                            m = hs[d, s]
                            while m:
                                b = m & (~m + _ONE)
                                m ^= b
                                r = popcount(live & (b - _ONE))
                                k2 |= np.uint64(s) << (np.uint64(3) * r)
                if pmask:
                    i = _hash(k1, k2, bits) & ~np.int64(TT_WAYS - 1)
                else:
                    # no card worth points (tricks only): the key is little more than suit
                    # lengths, so the owners go into the bucket's hash too (else the many
                    # positions sharing lengths fight over one bucket)
                    i = _hash(k1 ^ (za * _MUL2), k2 ^ zb, bits) & ~np.int64(TT_WAYS - 1)
                _prefetch(tt_val, i, 0)                 # a bucket's values (10 bytes each)
                _prefetch(tt_val, i + TT_WAYS - 1, TT_COLS - 1)
                for j in range(i, i + TT_WAYS, 2):     # its keys (40 bytes each)
                    _prefetch(tt_key, j, 0)
                    _prefetch(tt_key, j + 1, TK_COLS - 1)
                if sidx == nstock:
                    # trick count: a hand holding k such trumps wins k tricks, so the other
                    # side wins at most (tricks - k), holding at most the richest (tricks - k)
                    # cards of each hand (the sure trumps excepted)
                    w0 = 0
                    w1 = 0
                    for s in range(0, n if hz == 0 else 0, 2):
                        w0 = max(w0, _pc(hs[d, s] & s0))
                        w1 = max(w1, _pc(hs[d, s + 1] & s1))
                    if w0 > 0:
                        k = ntr - w0
                        v = k * tval
                        for s in range(n):
                            v += _top_points(hs[d, s] & ~s0, k, sm, ncls)
                        if rem - v > lb:
                            lb = rem - v
                    if w1 > 0:
                        k = ntr - w1
                        v = k * tval
                        for s in range(n):
                            v += _top_points(hs[d, s] & ~s1, k, sm, ncls)
                        if v < ub:
                            ub = v
            else:
                # a trick in progress that nobody of the other side still to play can take
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
                    bw |= _ONE << np.uint64(st[d, F_WCARD])
                    if ws_ == 0:
                        lb += st[d, F_TPTS] + tval
                    else:
                        ub -= st[d, F_TPTS] + tval
            if acc + lb >= beta:
                res = acc + lb
                resw = bw
                state = 2
                continue
            if acc + ub <= alpha:
                res = acc + ub
                resw = bw
                state = 2
                continue
            if tpos == 0:
                # transposition table (key and bucket computed above)
                live = h0 | h1
                sig = (live | sm[sidx]) & pmask     # the cards worth points in play
                for j in range(i, i + TT_WAYS):
                    if (tt_val[j, TT_GEN] == gen and tt_key[j, TK_K1] == k1
                            and tt_key[j, TK_K2] == k2):
                        em = tt_key[j, TK_M]
                        if (za & em) != tt_key[j, TK_A] or (zb & em) != tt_key[j, TK_B]:
                            continue
                        lbv = acc + tt_val[j, TT_LB]
                        ubv = acc + tt_val[j, TT_UB]
                        same = tt_key[j, TK_S] == sig
                        if not same:
                            # an entry of the same structure with other cards worth points:
                            # its bounds moved by the most the points can change (_shift)
                            if not quasi:
                                continue
                            dneg, dpos = _shift(tt_key[j, TK_S], sig, tab, field, rps)
                            lbv -= dneg
                            ubv += dpos
                        if lbv >= beta or (same and lbv == ubv):
                            res = lbv
                            state = 2
                        elif ubv <= alpha:
                            res = ubv
                            state = 2
                        elif same and st[d, F_TTMOVE] < 0:
                            st[d, F_TTMOVE] = tt_val[j, TT_MOVE]
                        if state == 2:
                            if em:
                                resw = _unmask(em, live & ~pmask, rps, field, bmi2)
                            break
                if state == 2:
                    continue
                st[d, F_TTI] = i
                st[d, F_NODE0] = nodes
                hs[d, K1_SLOT] = k1
                hs[d, K2_SLOT] = k2
                hs[d, A_SLOT] = za
                hs[d, B_SLOT] = zb
            # --- moves: legal cards, one of each run of equivalent cards, ordered ---------
            h = hs[d, p]
            led = st[d, F_LED]
            if tpos > 0 and follow:
                f = h & (field << np.uint64(led * rps))
                legal = f if f else h
            elif tpos == 0 and brk and not root_broken and (root_sp & ~(h0 | h1)) == 0:
                ns = h & ~tmask
                legal = ns if ns else h
            else:
                legal = h
            live = h0 | h1 | hs[d, TRICK_SLOT] | sm[sidx]
            bkey = st[d, F_BKEY]
            winning_side = st[d, F_WIN] & 1
            my_side = p & 1
            ttm = st[d, F_TTMOVE]
            # the strongest key an opponent still to play can put on this trick (for leads:
            # per suit, computed when the suit comes up)
            maxopp = -1
            if tpos > 0:
                maxopp = _max_later(hs, d, p, tpos, n, 1 - my_side, led, trump, rps, field,
                                    follow)
            # the partner's hand (four seats), read by the rules below
            hp = _ZERO
            if n == 4:
                hp = hs[d, p - 2 if p >= 2 else p + 2]
            domw = _ZERO          # the relevant cards of the dominance below
            # second seat, games that must follow suit with four seats: the partner, last to
            # play, can beat the trick and every card the third seat holds
            pwin = False
            if tpos == 1 and n == 4 and follow:
                pk = _max_key(hp, led, trump, rps, field, follow)
                pwin = pk > bkey and pk > maxopp
            opp = h1 if my_side == 0 else h0       # the other side's cards
            cur_suit = -1
            partner_top = False
            partner_ruff = False
            merged = _ZERO
            nmv = 0
            m = legal
            while m:
                c = ctz(m)
                b = _ONE << np.uint64(c)
                m ^= b
                cs = tab[T_SUIT, c]
                pc = tab[T_POINTS, c]
                sfield = field << np.uint64(cs * rps)
                # equivalent to the next higher live card of its suit if this hand holds it
                # and it is worth the same
                above = live & sfield & ~((b << _ONE) - _ONE)
                if above:
                    nb_ = above & (~above + _ONE)
                    if (nb_ & h) and tab[T_POINTS, ctz(nb_)] == pc:
                        merged |= b
                        continue
                strength = tab[T_STRENGTH, c]
                if domin and tpos > 0:
                    # dominance: two cards of this hand next to each other in rank among the
                    # cards in play meet every other card alike, so either leaves the same
                    # winner of every trick; only which trick holds which one's points
                    # differs.  When the side taking this trick is sure whatever the later
                    # seats play, the richer card on the side's own trick (the poorer on the
                    # other side's) is worth at least as much to the side whatever the rest of
                    # the play: the other card is not searched.  (Leads: below, sure ones only)
                    nbs = _neighbours(b, live, sfield, h)
                    if nbs and ((nbs | b) & pmask):
                        # the trick's best card after this one, and its side: sure when no
                        # later seat of the other side can beat it
                        best = _trick_key(cs, led, trump, strength)
                        wside = my_side
                        wcard = c
                        if best < bkey:
                            best = bkey
                            wside = winning_side
                            wcard = st[d, F_WCARD]
                        if wside == my_side:
                            sure = maxopp < best
                        else:
                            sure = _max_later(hs, d, p, tpos, n, my_side, led, trump, rps,
                                              field, follow) < best
                        if sure:
                            domby = _yields_to(nbs, pc, wside == my_side, tab)
                            if domby:
                                # relevant: a card worth nothing of the pair (the table keys
                                # only how many of those a hand holds: its rank and owner
                                # make the pair neighbours), and one holding the trick
                                # before the last seat (its rank decided that no later seat
                                # beats it; a card worth points beats or loses to it
                                # whatever its rank, and every other card is keyed)
                                domw |= (b | domby) & ~pmask
                                if tpos < n - 1 and ((_ONE << np.uint64(wcard)) & pmask) == 0:
                                    domw |= _ONE << np.uint64(wcard)
                                continue
                if c == ttm:
                    score = 10000
                elif tpos == 0:
                    if cs != cur_suit:
                        cur_suit = cs
                        maxopp = _max_later(hs, d, p, 0, n, 1 - my_side, cs, trump, rps, field,
                                            follow)
                        partner_top = False
                        partner_ruff = False
                        if n == 4:
                            top = live & sfield
                            partner_top = ((_ONE << np.uint64(63 - clz(top))) & hp) != 0
                            partner_ruff = (follow and cs != trump
                                            and _can_ruff(hp, sfield, tmask))
                    key = _trick_key(cs, cs, trump, strength)
                    if maxopp <= key and domin:
                        # a sure lead: dominance as for the cards that follow (above), the
                        # richer of two neighbours leads; relevant: the cards worth nothing of
                        # the pair (the lead's rank decided that no opponent beats it)
                        domby = _yields_to(_neighbours(b, live, sfield, h), pc, True, tab)
                        if domby:
                            domw |= (b | domby) & ~pmask
                            continue
                    if maxopp <= key:
                        # a sure trick for my side: put points on it
                        if not follow:
                            score = 1000 + pc * 8 - strength
                        elif cs == trump:
                            score = _SURE_TRUMP_LEAD + pc * 8 - strength
                        else:
                            score = _SURE_LEAD + pc * 8 - strength
                    else:
                        score = 300 - pc * 8 - strength - (cs == trump) * 20
                        if follow and pmask:
                            score -= 50 * _pc(h & sfield)   # short suits first (points games)
                        if follow and maxopp >= 64 and cs != trump:
                            score -= 250        # an opponent can ruff it
                        if partner_top:
                            # a lead to the partner's top card of the suit (a game that
                            # need not follow: as measured before the points rule)
                            if follow:
                                score += _PARTNER_TOP + _PARTNER_POINTS * pc
                            else:
                                score += 150
                        if partner_ruff:
                            # a lead the partner can ruff
                            score += _PARTNER_RUFF + _PARTNER_POINTS * pc
                else:
                    key = _trick_key(cs, led, trump, strength)
                    master = 0
                    if follow and (opp & sfield & ~((b << _ONE) - _ONE)) == 0:
                        master = _MASTER_LATER
                        if cs != trump:
                            # unless an opponent (seats p + 1, p + 3, ...) can ruff it later
                            for q in range(p + 1, p + n, 2):
                                if _can_ruff(hs[d, q - n if q >= n else q], sfield, tmask):
                                    master = 0
                    if key > bkey:
                        if maxopp <= key:
                            score = 1000 + pc * 8 - strength - master
                            if follow and cs == trump and led != trump:
                                # a ruff: cheapest first, after the other sure cards
                                score = _SURE_RUFF - pc * 8 - strength
                                if pwin and pmask:
                                    # the partner takes it anyway: keep the trump
                                    score = _PWIN_RUFF - pc * 8 - strength
                        else:
                            score = 500 - pc * 8 - strength  # taking it, but not surely
                            if not follow:
                                score = 500 + pc - strength
                    elif winning_side == my_side:
                        if maxopp <= bkey:
                            score = 1000 + pc * 8 - strength - master
                        else:
                            score = 600 - pc * 8 - strength  # partner's, not surely: cheap
                    else:
                        score = 300 - pc * 8 - strength - (cs == trump) * 20
                        if pwin:
                            # under a trick the partner can still take: points first
                            score += _PARTNER_POINTS * pc - master
                        if follow and pmask and cs != led:
                            score -= 10 * _pc(h & sfield)    # discards: short suits first
                # insertion into the ordered list (scores in mv[d, MAX_MOVES:])
                k = nmv
                while k > 0 and mv[d, MAX_MOVES + k - 1] < score:
                    mv[d, k] = mv[d, k - 1]
                    mv[d, MAX_MOVES + k] = mv[d, MAX_MOVES + k - 1]
                    k -= 1
                mv[d, k] = c
                mv[d, MAX_MOVES + k] = score
                nmv += 1
            hs[d, MERGED] = merged
            hs[d, W_ACC] = domw
            hs[d, SEARCHED] = 0
            st[d, F_NMV] = nmv
            st[d, F_IDX] = 0
            st[d, F_ALPHA] = alpha
            st[d, F_BETA] = beta
            st[d, F_A0] = alpha
            st[d, F_B0] = beta
            st[d, F_VAL] = -1 if my_side == 0 else 1 << 20
            state = 1
            continue

        if state == 1:
            # play card mv[d, idx] of node d into row d + 1
            c = mv[d, st[d, F_IDX]]
            b = _ONE << np.uint64(c)
            hs[d, SEARCHED] |= b
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
                bkey = _trick_key(cs, cs, trump, tab[T_STRENGTH, c])
                win = p
                wcard = c
                tpts = tab[T_POINTS, c]
                tm_ = b
            else:
                led = st[d, F_LED]
                bkey = st[d, F_BKEY]
                win = st[d, F_WIN]
                wcard = st[d, F_WCARD]
                key = _trick_key(cs, led, trump, tab[T_STRENGTH, c])
                if key > bkey:
                    bkey = key
                    win = p
                    wcard = c
                tpts = st[d, F_TPTS] + tab[T_POINTS, c]
                tm_ = hs[d, TRICK_SLOT] | b
            tpos += 1
            acc = st[d, F_ACC]
            rem = st[d, F_REM]
            sidx = st[d, F_SIDX]
            win_in = _ZERO
            if tpos == n:
                # the winning card won by its rank if another card of its suit is in the trick
                wb = _ONE << np.uint64(wcard)
                if tm_ & _suit_mask(tab[T_SUIT, wcard], rps) & ~wb:
                    win_in = wb
                v = tpts + tval
                if (win & 1) == 0:
                    acc += v
                rem -= v
                tpos = 0
                leader = win
                tm_ = _ZERO
                led = -1
                bkey = -1
                wcard = -1
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
            hs[e, W_IN] = win_in
            st[e, F_TPOS] = tpos
            st[e, F_LEADER] = leader
            st[e, F_LED] = led
            st[e, F_BKEY] = bkey
            st[e, F_WIN] = win
            st[e, F_WCARD] = wcard
            st[e, F_TPTS] = tpts
            st[e, F_ACC] = acc
            st[e, F_REM] = rem
            st[e, F_SIDX] = sidx
            st[e, F_ALPHA] = st[d, F_ALPHA]
            st[e, F_BETA] = st[d, F_BETA]
            d = e
            state = 0
            continue

        # state 2: node d finished with result res, its relevant cards resw
        merged = hs[d, MERGED]
        if merged and resw:
            resw = _merge_closure(resw, merged, _live_at(hs, d, n, sm, st), rps, field)
        i = st[d, F_TTI]
        if i >= 0:
            # store the fail-soft result (a future value v) of the search with window
            # (a0, b0): an upper bound if v <= a0, a lower bound if v >= b0, else exact; for
            # fixed hands (no stock) with the mask of the relevant cards worth nothing and
            # their owners.  Written here rather than in a helper taking the tables, and its
            # loops without early exits: either keeps reference counts on the tables per
            # node.
            acc = st[d, F_ACC]
            v = res - acc
            a0 = st[d, F_A0] - acc
            b0 = st[d, F_B0] - acc
            u = _live_at(hs, d, n, sm, st)
            k1 = hs[d, K1_SLOT]
            k2 = hs[d, K2_SLOT]
            sig = u & pmask
            em = _entry_mask(resw, u & ~pmask, canon, rps, field, bmi2)
            ea = hs[d, A_SLOT] & em
            eb = hs[d, B_SLOT] & em
            j = -1
            for jj in range(i + TT_WAYS - 1, i - 1, -1):
                if (tt_val[jj, TT_GEN] == gen and tt_key[jj, TK_K1] == k1
                        and tt_key[jj, TK_K2] == k2 and tt_key[jj, TK_M] == em
                        and tt_key[jj, TK_A] == ea and tt_key[jj, TK_B] == eb
                        and tt_key[jj, TK_S] == sig):
                    j = jj
            if j < 0:
                # an empty or older-generation slot, else the one whose search cost least
                # (TT_DEPTH: the bit length of the nodes its subtree took)
                j = i
                free = -1
                for jj in range(i + TT_WAYS - 1, i - 1, -1):
                    if tt_val[jj, TT_GEN] != gen:
                        free = jj
                    if tt_val[jj, TT_DEPTH] <= tt_val[j, TT_DEPTH]:
                        j = jj
                if free >= 0:
                    j = free
                tt_key[j, TK_K1] = k1
                tt_key[j, TK_K2] = k2
                tt_key[j, TK_M] = em
                tt_key[j, TK_A] = ea
                tt_key[j, TK_B] = eb
                tt_key[j, TK_S] = sig
                tt_val[j, TT_GEN] = gen
                tt_val[j, TT_LB] = 0
                tt_val[j, TT_UB] = st[d, F_REM]
                tt_val[j, TT_MOVE] = -1
                tt_val[j, TT_DEPTH] = 0
            wk = nodes - st[d, F_NODE0] + 1      # this node's subtree, itself included
            pri = 64 - clz(np.uint64(wk))
            if pri > tt_val[j, TT_DEPTH]:
                tt_val[j, TT_DEPTH] = pri
            if v > a0 and v > tt_val[j, TT_LB]:
                tt_val[j, TT_LB] = v
            if v < b0 and v < tt_val[j, TT_UB]:
                tt_val[j, TT_UB] = v
            if st[d, F_BEST] >= 0:
                tt_val[j, TT_MOVE] = st[d, F_BEST]
        resw |= hs[d, W_IN]
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
            continue       # node d is decided by this move alone: res, resw stand
        wacc = hs[d, W_ACC] | resw
        hs[d, W_ACC] = wacc
        idx = st[d, F_IDX] + 1
        nmv = st[d, F_NMV]
        if near and (_ONE << np.uint64(c)) & pmask:
            # near-equivalent cards: two cards worth points of one hand, next to each other in
            # rank among the cards in play (hands, trick, stock), meet every other card alike,
            # so swapping them changes no trick's winner, only which of two tricks holds
            # which one's points: their values differ by at most their points' difference.
            # The next moves that are such a neighbour of the card just searched (or just
            # skipped) are skipped while that bound keeps them out of the window, and the
            # bound joins the node's fail-soft value
            mx = (p & 1) == 0
            cp = c
            vp = res
            while idx < nmv:
                c2 = mv[d, idx]
                b2 = _ONE << np.uint64(c2)
                if (b2 & pmask) == 0:
                    break
                dp = abs(tab[T_POINTS, c2] - tab[T_POINTS, cp])
                vp = vp + dp if mx else vp - dp
                if (vp > st[d, F_ALPHA]) if mx else (vp < st[d, F_BETA]):
                    break                          # the bound does not keep it out
                sf2 = _suit_mask(tab[T_SUIT, c2], rps)
                if (_neighbours(b2, _live_at(hs, d, n, sm, st), sf2, hs[d, p])
                        & (_ONE << np.uint64(cp))) == 0:
                    break
                if (vp > st[d, F_VAL]) if mx else (vp < st[d, F_VAL]):
                    st[d, F_VAL] = vp
                cp = c2
                idx += 1
        if canon:
            # a card worth nothing is skipped when a card worth nothing of the same suit was
            # searched and both lie below every relevant card of that suit so far
            srch = hs[d, SEARCHED] & ~pmask
            while idx < nmv:
                c = mv[d, idx]
                b = _ONE << np.uint64(c)
                if b & pmask:
                    break
                sf = _suit_mask(tab[T_SUIT, c], rps)
                rel = wacc & sf
                lowrel = rel & (~rel + _ONE)      # lowest relevant card of the suit (or 0)
                if lowrel and b >= lowrel:
                    break
                cand = srch & sf
                if lowrel:
                    cand &= lowrel - _ONE
                if cand == 0:
                    break
                idx += 1
        if idx < nmv:
            st[d, F_IDX] = idx
            state = 1
        else:
            res = st[d, F_VAL]
            resw = wacc
    meta[M_NODES] += nodes
    return res


@njit(inline="always")
def _live_at(hs, d, n, sm, st):
    """The cards in play at node ``d``: hands, trick, stock."""
    u = hs[d, TRICK_SLOT] | sm[st[d, F_SIDX]]
    for s in range(n):
        u |= hs[d, s]
    return u


@njit(inline="always")
def _merge_closure(w, merged, live, rps, field):
    """Cards merged into an equivalent higher card of the same hand become relevant when
    that card is: the relevant cards of a suit are all those from its lowest relevant one
    up, so the run extends down through merged cards."""
    for s in range(4):
        sf = field << np.uint64(s * rps)
        rel = w & sf
        if rel == 0:
            continue
        low = rel & (~rel + _ONE)
        mm = merged & sf & (low - _ONE)
        while mm:
            top = _ONE << np.uint64(63 - clz(mm))
            # the next live card above the merged one must be the lowest relevant card
            above = live & sf & ~((top << _ONE) - _ONE)
            if (above & (~above + _ONE)) != low:
                break
            w |= top
            low = top
            mm ^= top
    return w


@njit(inline="always")
def _unmask(em, zl, rps, field, bmi2):
    """The relevant cards of a table entry (mask ``em``: per suit, which of the cards worth
    nothing, by rank, are relevant) in the position whose cards worth nothing are ``zl``:
    the lowest relevant card of each suit."""
    w = _ZERO
    for s in range(4):
        lane = (em >> np.uint64(16 * s)) & np.uint64(0xFFFF)
        if lane:
            zs = zl & (field << np.uint64(s * rps))
            k = ctz(lane)                      # the relevant ones are the top ones
            w |= _ONE << np.uint64(select_bit(zs, k, bmi2))
    return w


@njit(inline="always")
def _entry_mask(w, zl, canon, rps, field, bmi2):
    """The mask of a table entry (fixed hands, no stock): per suit, which of the cards worth
    nothing ``zl`` are relevant (from the lowest relevant card in ``w`` up), by rank among
    them, 16 bits a suit."""
    em = _ZERO
    if canon:
        for s in range(4):
            zs = zl & (field << np.uint64(s * rps))
            rel = w & zs
            if rel:
                low = rel & (~rel + _ONE)
                em |= pext(zs & ~(low - _ONE), zs, bmi2) << np.uint64(16 * s)
    return em


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
    """The exact value in [lo, hi] (known to lie there) of the root in row 0, by null-window
    searches; a fail-soft result moves the bound past the probe when it can."""
    st, hs, mv, sm, tt_key, tt_val, meta = ws
    while lo < hi:
        t = (lo + hi + 1) // 2
        v = alphabeta(t - 1, t, cfg, tab, pos, st, hs, mv, sm, tt_key, tt_val, meta)
        if v >= t:
            lo = v if v < hi else hi
        else:
            hi = v if v > lo else lo
    return lo


@njit
def child_position(hands, pos, cfg, tab, card, out_hands, out_pos):
    """The position after ``card`` is played by the seat to move (into ``out_*``).
    Returns the value (card points plus trick value) side 0 took by it (a completed trick)
    and, as a second value, the same for side 1."""
    n = cfg[C_N]
    trump = cfg[C_TRUMP]
    for i in range(hands.shape[0]):
        out_hands[i] = hands[i]
    for i in range(pos.shape[0]):
        out_pos[i] = pos[i]
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
            key = _trick_key(cs, led, trump, tab[T_STRENGTH, c])
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
        if chosen < 0:                   # only in a search stopped by simcore.interrupt
            break
        child_position(h, ps, cfg, tab, chosen, ch, cp)
        for i in range(h.shape[0]):
            h[i] = ch[i]
        for i in range(ps.shape[0]):
            ps[i] = cp[i]
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
