"""Brisca ``expert``: a club player's play with card memory, over the full view.

Its rules, one by one with their parameters, are in ``docs/games/brisca.md`` ("expert");
each has a test named after it in ``tests/test_brisca_expert.py``.  In short:

1. *card memory*: the pool (cards the seat cannot place) is what its opponents may hold,
   every unseen card alike; the face-up card, once drawn by an opponent, is known to be
   there until played.
2. *trumps kept for tricks with points*: spending a trump costs ``trump_cost`` (3, 4 and
   6 players: ``team_trump_cost``) points, double for a trump worth 10 or 11, scaled by the
   points still out.
3. *lead cost*: winning a trick costs ``lead_cost`` (the winner must lead next).
4. *leads by the odds* (two players): each card's exact expected trick value over the
   opponent's possible hands, the opponent answering with its best card.
5. *the last to play banks points*: it knows the trick's result for each card.
6. *a winning teammate is fed when it is safe* (4 and 6 players): the chance that a later
   opponent beats the trick (``opponent_trumps_at``; ``later_points``).
7. *a teammate still to play* may take the trick back (``teammate_share``).
8. *partners' hands* (``partner_hands``, rule ``partners_show_hands``).
9. *exact endgame* (two players, ``endgame``): from the trick before the last draw.
11. *muerte al tres* (the rule): the trump ace captures the trump 3 whenever it can; the
    trump 3 is kept back while the trump ace is unseen and a player is still to play; the
    exact endgame waits until the trump 3 is out (its search does not know the rule).

With three players (each for themselves) the rules of more players apply with no teammate:
every other seat is an opponent (:func:`mate`).

It reads only its view and uses no randomness.
"""
import numpy as np

from simcore._jit import KERNEL_OPTIONS, njit
from simcore.bits import bit, ctz, popcount
from simcore.brisca.enums import (N_VALUES, POINTS_TABLE, REMOVED_3, STRENGTH_OF, SUIT_MASKS,
                                   SUIT_OF)
from simcore.strategy import Param, register


GAME = "brisca"
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
FULL = np.array([(1 << 40) - 1, (1 << 48) - 1], dtype=np.uint64)
#: the point values a card can have, and per point-table row the cards of each value
PV = np.array([0, 2, 3, 4, 10, 11], dtype=np.int64)
VALUE_MASKS = np.zeros((POINTS_TABLE.shape[0], len(PV)), dtype=np.uint64)
for _r in range(POINTS_TABLE.shape[0]):
    for _j, _pv in enumerate(PV):
        VALUE_MASKS[_r, _j] = sum(1 << c for c in range(POINTS_TABLE.shape[1])
                                  if POINTS_TABLE[_r, c] == _pv and (_pv or c < (40 if _r < N_VALUES else 48)))
del _r, _j, _pv
BIG = 1 << 40

ENDGAME = ("win", "points", "off")
EG_WIN, EG_POINTS, EG_OFF = 0, 1, 2

PARAMS = [
    Param("trump_cost", 6, "two players: points a trump is worth keeping at the start of a deal "
          "(double for a trump worth 10 or 11), shrinking with the points still out: a trump is "
          "spent on a trick only when it brings more", minimum=0, maximum=60),
    Param("team_trump_cost", 20, "the same with 3, 4 and 6 players", minimum=0, maximum=60),
    Param("later_points", 2, "3, 4 and 6 players: points each player still to play is expected to "
          "add to the trick", minimum=0, maximum=11),
    Param("lead_cost", 1, "points it costs to win a trick and have to lead the next one",
          minimum=-10, maximum=10),
    Param("memory", True, "remember the cards played (false: any card not in hand or on the "
          "table may be anywhere)"),
    Param("endgame", "win", "two players, from the trick before the last draw: exact play for "
          "the best result, then the most points (win), for the most points (points), or the "
          "rules above to the end (off)", choices=ENDGAME),
    Param("opponent_trumps_at", 10, "3, 4 and 6 players: the points on the table from which a "
          "later opponent is expected to spend a trump to take the trick (any points once the "
          "stock is out)", minimum=0, maximum=60),
    Param("teammate_share", 75, "4 and 6 players, percent: how much of a later teammate's chance "
          "of beating the trick counts when an opponent plays after it", minimum=0, maximum=100),
    Param("partner_hands", True, "use the teammates' hands when partners_show_hands is on"),
]


# --- cards ---------------------------------------------------------------------------------

@njit(inline="always")
def beaters(c, tmask, d):
    """The cards that beat ``c`` when it is winning a trick: its suit's higher cards, and
    every trump if it is not one."""
    suit = SUIT_MASKS[d, SUIT_OF[d, c]]
    return (suit & (_ONES << np.uint64(c + 1))) | (tmask & ~suit)


@njit(inline="always")
def comb(n, r):
    """C(n, r) as a float (0 when r > n or n < 0)."""
    if r < 0 or n < r:
        return 0.0
    x = 1.0
    for i in range(r):
        x = x * (n - i) / (i + 1)
    return x


@njit(inline="always")
def none_of(pool_n, bad_n, drawn):
    """The chance that ``drawn`` cards taken at random from ``pool_n`` miss all ``bad_n``."""
    if drawn <= 0 or bad_n <= 0:
        return 1.0
    total = comb(pool_n, drawn)
    if total <= 0.0:
        return 1.0
    return comb(pool_n - bad_n, drawn) / total


@njit(inline="always")
def trump_cost(pts_c, is_trump, base, out):
    """What spending a trump worth ``pts_c`` costs: ``base`` (double for 10 or 11) scaled by
    the points still out of 120."""
    if not is_trump:
        return 0
    k = base * 2 if pts_c >= 10 else base
    return (k * out) // 120


@njit(inline="always")
def mate(v, s):
    """Seat ``s`` (not the seat itself) is on the seat's side: the same parity, except with
    three players, each for themselves (with two, ``s`` is the opponent)."""
    return v.players != 3 and ((s ^ v.seat) & 1) == 0


@njit(inline="always")
def pool_of(v, memory, partners):
    """``(pool, pinned)``: the cards the seat cannot place (an opponent's hand or the
    stock's hidden part), and the face-up card if an opponent is known to hold it."""
    known = v.hand | v.trick_mask
    if v.players == 3:
        known |= _ONE << np.uint64(REMOVED_3)   # three players: the 2 of coins is not dealt
    if memory:
        known |= v.played
    tc = bit(v.trump_card) if v.trump_card >= 0 else _ZERO   # rotating_trump: none turned
    pinned = _ZERO
    if v.stock_left > 0:
        known |= tc
    elif tc == 0:
        pass
    elif memory and (v.played & tc) == 0 and v.trump_drawn_by >= 0 \
            and v.trump_drawn_by != v.seat:
        known |= tc                    # in the hand of the seat that drew it
        if not mate(v, v.trump_drawn_by):
            pinned = tc
    if partners and v.shown:
        for s in range(v.players):
            known |= v.partner_hands[s]
    return FULL[v.layout] & ~known, pinned


@njit(inline="always")
def cheaper(c, best, tmask, d):
    """True if ``c`` is cheaper than ``best`` (-1: none): lower strength, a non-trump
    before a trump, then the lower suit."""
    if best < 0:
        return True
    sc = STRENGTH_OF[d, c]
    sb = STRENGTH_OF[d, best]
    if sc != sb:
        return sc < sb
    tc = (bit(c) & tmask) != 0
    tb = (bit(best) & tmask) != 0
    if tc != tb:
        return tb
    return c < best


@njit(inline="always")
def strongest(m, tmask, d):
    """The card of ``m`` that beats the most: the highest trump, else the highest card
    (-1 if ``m`` is empty)."""
    t = m & tmask
    x = t if t else m
    best = -1
    while x:
        c = ctz(x)
        x &= x - _ONE
        if best < 0 or STRENGTH_OF[d, c] > STRENGTH_OF[d, best]:
            best = c
    return best


# --- two players: the lead, by the exact expectation over the opponent's hands -------------

@njit(inline="always")
def lead_value2(v, c, pool, pinned, r, tmask, prow, base, out, lc):
    """The expected value of leading ``c`` (two players): the opponent holds ``pinned`` and
    ``r`` cards drawn at random from ``pool`` and answers with the card worst for the
    seat.  Per class of answer (beats ``c`` or not, trump or not, point value) the value
    is ``±(points of the trick) ∓ lead_cost`` plus the cost of a trump the opponent
    spends; classes are sorted in ``v.work`` (value, count)."""
    d = v.layout
    pc = POINTS_TABLE[prow, c]
    B = beaters(c, tmask, d)
    n = 0
    for beat in range(2):
        m1 = pool & B if beat == 1 else pool & ~B
        if m1 == 0:
            continue
        for tr in range(2):
            m2 = m1 & tmask if tr == 1 else m1 & ~tmask
            if m2 == 0:
                continue
            for j in range(6):
                cnt = np.int64(popcount(m2 & VALUE_MASKS[prow, j]))
                if cnt == 0:
                    continue
                tp = pc + PV[j]
                val = (lc - tp) if beat == 1 else (tp - lc)
                val += trump_cost(PV[j], tr == 1, base, out)
                # insert (val, cnt) keeping v.work[0:2n] sorted by val
                i = n
                while i > 0 and v.work[2 * i - 2] > val:
                    v.work[2 * i] = v.work[2 * i - 2]
                    v.work[2 * i + 1] = v.work[2 * i - 1]
                    i -= 1
                v.work[2 * i] = val
                v.work[2 * i + 1] = cnt
                n += 1
    pin_val = BIG
    if pinned != 0:
        x = ctz(pinned)
        tp = pc + POINTS_TABLE[prow, x]
        pin_val = (lc - tp) if (pinned & B) != 0 else (tp - lc)
        pin_val += trump_cost(POINTS_TABLE[prow, x], (pinned & tmask) != 0, base, out)
    P = np.int64(popcount(pool))
    total = comb(P, r)
    e = 0.0
    mass = 0.0
    above = 0
    if total > 0.0:
        for i in range(n):
            val = v.work[2 * i]
            if val >= pin_val:
                break
            cnt = v.work[2 * i + 1]
            pr = (comb(P - above, r) - comb(P - above - cnt, r)) / total
            e += pr * val
            mass += pr
            above += cnt
    if pinned != 0:
        e += (1.0 - mass) * pin_val
    return e - trump_cost(pc, (bit(c) & tmask) != 0, base, out)


# --- two players: exact endgame --------------------------------------------------------------

@njit(**KERNEL_OPTIONS)
def leaf_value(pm, tm, goal, tiebreak, double_at):
    """The deal's value for the seat with ``pm`` points and ``tm`` tricks of 20 at the end:
    by result (double win, win, tie, loss, double loss), then points; or points alone."""
    if goal == EG_POINTS:
        return pm
    if pm > 60:
        res = 4 if double_at > 0 and pm >= double_at else 3
    elif pm < 60:
        res = 0 if double_at > 0 and 120 - pm >= double_at else 1
    elif tiebreak and tm != 10:
        res = 3 if tm > 10 else 1
    else:
        res = 2
    return res * 1000 + pm


def _solver(deeper):
    """The exact value of a two-player position with as many tricks left as the solver's
    depth (alpha-beta within the window ``(lo, hi)``); ``deeper`` solves the position after
    this trick (None: the leaf)."""
    if deeper is None:
        @njit(**KERNEL_OPTIONS)
        def solve0(mh, oh, me_lead, s1, s2, pm, tm, tmask, prow, goal, tiebreak, double_at,
                   lo, hi):
            return leaf_value(pm, tm, goal, tiebreak, double_at)
        return solve0

    @njit(**KERNEL_OPTIONS)
    def solve(mh, oh, me_lead, s1, s2, pm, tm, tmask, prow, goal, tiebreak, double_at, lo, hi):
        if mh == 0:
            return leaf_value(pm, tm, goal, tiebreak, double_at)
        lh = mh if me_lead else oh
        fh = oh if me_lead else mh
        best_l = -BIG if me_lead else BIG
        m = lh
        while m:
            a = ctz(m)
            m &= m - _ONE
            B = beaters(a, tmask, 0)
            # the follower's answer to a, within the window left by the leader's best so far
            flo = max(lo, best_l) if me_lead else lo
            fhi = hi if me_lead else min(hi, best_l)
            best_f = BIG if me_lead else -BIG
            f = fh
            while f:
                b = ctz(f)
                f &= f - _ONE
                fwin = (bit(b) & B) != 0
                me_win = fwin != me_lead
                tp = POINTS_TABLE[prow, a] + POINTS_TABLE[prow, b]
                if me_lead:
                    nmh = mh & ~bit(a)
                    noh = oh & ~bit(b)
                else:
                    nmh = mh & ~bit(b)
                    noh = oh & ~bit(a)
                if s1 >= 0:
                    if me_win:
                        nmh |= bit(s1)
                        noh |= bit(s2)
                    else:
                        nmh |= bit(s2)
                        noh |= bit(s1)
                val = deeper(nmh, noh, me_win, -1, -1, pm + (tp if me_win else 0),
                             tm + (1 if me_win else 0), tmask, prow, goal, tiebreak, double_at,
                             flo, fhi)
                if me_lead:
                    if val < best_f:
                        best_f = val
                        if best_f <= flo:
                            break
                elif val > best_f:
                    best_f = val
                    if best_f >= fhi:
                        break
            if me_lead:
                if best_f > best_l:
                    best_l = best_f
                    if best_l >= hi:
                        break
            elif best_f < best_l:
                best_l = best_f
                if best_l <= lo:
                    break
        return best_l
    return solve


_S0 = _solver(None)
_S1 = _solver(_S0)
_S2 = _solver(_S1)
_S3 = _solver(_S2)
_S4 = _solver(_S3)


@njit(inline="always")
def _after_trick(hand, oh, c, o, me_win, draws, s1, s2, pm, tm, tmask, prow, goal, tiebreak,
                 double_at, left):
    """The exact value once the seat's card ``c`` and the opponent's ``o`` (``oh``: the
    opponent's hand without it) make a trick the seat wins when ``me_win``: the winner
    draws ``s1``, the other ``s2`` (when ``draws``), then :func:`solve_after`."""
    tp = POINTS_TABLE[prow, c] + POINTS_TABLE[prow, o]
    nmh = hand & ~bit(c)
    noh = oh
    if draws:
        nmh |= bit(s1) if me_win else bit(s2)
        noh |= bit(s2) if me_win else bit(s1)
    return solve_after(nmh, noh, me_win, -1, -1, pm + (tp if me_win else 0),
                       tm + (1 if me_win else 0), tmask, prow, goal, tiebreak, double_at,
                       left - 1)


@njit(**KERNEL_OPTIONS)
def solve_after(mh, oh, me_lead, s1, s2, pm, tm, tmask, prow, goal, tiebreak, double_at,
                tricks):
    """The exact value with ``tricks`` tricks left (0..4), the seat's hand ``mh``."""
    lo = -BIG
    hi = BIG
    if tricks >= 4:
        return _S4(mh, oh, me_lead, s1, s2, pm, tm, tmask, prow, goal, tiebreak, double_at,
                   lo, hi)
    if tricks == 3:
        return _S3(mh, oh, me_lead, s1, s2, pm, tm, tmask, prow, goal, tiebreak, double_at,
                   lo, hi)
    if tricks == 2:
        return _S2(mh, oh, me_lead, s1, s2, pm, tm, tmask, prow, goal, tiebreak, double_at,
                   lo, hi)
    if tricks == 1:
        return _S1(mh, oh, me_lead, s1, s2, pm, tm, tmask, prow, goal, tiebreak, double_at,
                   lo, hi)
    return leaf_value(pm, tm, goal, tiebreak, double_at)


@njit(**KERNEL_OPTIONS)
def endgame2(hand, led, pool, pinned, stock_left, trump_card, tmask, prow, goal, tiebreak,
             double_at, pm, tm):
    """The exact choice of a two-player endgame: the opponent holds ``pinned`` and the pool
    (less, with two cards in the stock, the stock's hidden card, each choice of which is
    counted alike); ``led`` is the opponent's card on the table (-1: the seat leads).
    Returns the card, or -1 when the position is not one it solves."""
    draws = stock_left == 2
    if stock_left != 0 and not draws:
        return -1
    n_me = np.int64(popcount(hand))
    n_opp = n_me - (1 if led >= 0 else 0)
    hidden = pool if draws else pool | pinned
    if np.int64(popcount(hidden)) != n_opp + (1 if draws else 0):
        return -1
    left = n_me + (1 if draws else 0)       # tricks left, this one included
    best = -1
    best_val = -BIG
    m = hand
    while m:
        c = ctz(m)
        m &= m - _ONE
        total = 0
        worlds = hidden if draws else bit(63)     # one world without draws
        while worlds:
            s = ctz(worlds)
            worlds &= worlds - _ONE
            oh = hidden & ~bit(s) if draws else hidden
            s1 = s if draws else -1
            s2 = trump_card if draws else -1
            if led >= 0:
                B = beaters(led, tmask, 0)
                val = _after_trick(hand, oh, c, led, (bit(c) & B) != 0, draws, s1, s2, pm, tm,
                                   tmask, prow, goal, tiebreak, double_at, left)
            else:
                B = beaters(c, tmask, 0)
                val = BIG
                f = oh
                while f:
                    b = ctz(f)
                    f &= f - _ONE
                    x = _after_trick(hand, oh & ~bit(b), c, b, (bit(b) & B) == 0, draws, s1,
                                     s2, pm, tm, tmask, prow, goal, tiebreak, double_at, left)
                    if x < val:
                        val = x
            total += val
        if total > best_val or (total == best_val and cheaper(c, best, tmask, 0)):
            best_val = total
            best = c
    return best


# --- more players: the chance that the trick is lost after the seat's card --------------------

@njit(inline="always")
def after_me(v):
    """``(opponents, teammates)`` still to play after the seat in this trick, as seat bits."""
    n = v.players
    opp = 0
    team = 0
    s = v.seat
    for _ in range(n - v.trick_len - 1):
        s = s + 1 if s + 1 < n else 0
        if not mate(v, s):
            opp |= 1 << s
        else:
            team |= 1 << s
    return opp, team


@njit(inline="always")
def follow_value(v, c, pool, tmask, prow, base, out, lc, opp_after, team_after, partners,
                 later, trumps_at, share):
    """The value of playing ``c`` now (any player count): the trick's points (with ``c``)
    times the chance the seat's side ends up taking it, less the chance it does not; less the
    cost of a trump spent; ``lead_cost`` when the seat itself keeps the trick."""
    d = v.layout
    pc = POINTS_TABLE[prow, c]
    b = bit(c)
    tp = v.trick_points + pc
    k = v.trick_len
    h = np.int64(popcount(v.hand))          # the cards each later player holds
    P = np.int64(popcount(pool))
    if k == 0 or (b & v.beat) != 0:
        ours = True
        mine = True
        B = beaters(c, tmask, d)
    else:
        ours = mate(v, v.winner)
        mine = False
        B = v.beat
    n_opp = np.int64(popcount(np.uint64(opp_after)))
    if ours:
        # a later opponent with a card of B takes it (a trump only for points)
        nb = np.int64(popcount(pool & B & ~tmask))
        if tp >= trumps_at or v.stock_left == 0:
            nb += np.int64(popcount(pool & B & tmask))
        p_ours = none_of(P, nb, n_opp * h)
    else:
        # a later teammate may take it back: with its hand shown, with its strongest card
        # that beats the trick, then kept unless a later opponent beats that card; else by
        # chance, halved when an opponent plays after
        p_ours = 0.0
        if team_after != 0:
            if partners and (v.shown or v.open_hands):
                s = v.seat
                opp_left = n_opp
                for _ in range(v.players - k - 1):
                    s = s + 1 if s + 1 < v.players else 0
                    if not mate(v, s):
                        opp_left -= 1
                        continue
                    shown = v.hands[s] if v.open_hands else v.partner_hands[s]
                    t = strongest(shown & B, tmask, d)
                    if t >= 0:
                        bt = beaters(t, tmask, d)
                        nb = np.int64(popcount(pool & bt & ~tmask))
                        if tp >= trumps_at or v.stock_left == 0:
                            nb += np.int64(popcount(pool & bt & tmask))
                        pt = none_of(P, nb, opp_left * h)
                        if pt > p_ours:
                            p_ours = pt
            else:
                n_team = np.int64(popcount(np.uint64(team_after)))
                p_ours = 1.0 - none_of(P, np.int64(popcount(pool & B)), n_team * h)
                if n_opp > 0:
                    p_ours *= share / 100.0
    val = (2.0 * p_ours - 1.0) * (tp + later * (v.players - k - 1))
    if mine:
        val -= lc * p_ours
    return val - trump_cost(pc, (b & tmask) != 0, base, out)


# --- the policy ------------------------------------------------------------------------------

@njit(inline="always")
def expert_card(v, hand, p):
    d = v.layout
    prow = N_VALUES * d + v.values
    tmask = SUIT_MASKS[d, v.trump]
    memory = p.memory
    partners = p.partner_hands
    pool, pinned = pool_of(v, memory, partners)
    if v.open_hands:
        # 10. open hands (rule open_hands): an opponent's cards are known, not drawn from
        # the pool: two players, the opponent's hand is what it may answer with
        pool = v.hands[1 - v.seat] if v.players == 2 else pool
        pinned = _ZERO
    out = 120 - v.points[0] - v.points[1] - v.points[2] - v.trick_points
    base = p.trump_cost if v.players == 2 else p.team_trump_cost
    lc = p.lead_cost
    if v.players == 2:
        # (rotating_trump: no face-up card, the last two stock cards are both hidden: the
        # endgame starts once the stock is out)
        # (rule muerte_al_tres: the search knows nothing of it; used once the trump 3 is out)
        if p.endgame != EG_OFF and memory and v.stock_left <= 2 and \
                ((v.trump_card >= 0 and not v.open_hands) or v.stock_left == 0) and \
                not (v.muerte and (v.played & bit(v.trump * v.ranks + v.ranks - 2)) == 0):
            led = v.trick_cards[0] if v.trick_len == 1 else -1
            c = endgame2(hand, led, pool, pinned, v.stock_left, v.trump_card, tmask, prow,
                         p.endgame, v.tiebreak, v.double_at, v.points[v.seat & 1],
                         v.tricks[v.seat & 1])
            if c >= 0:
                return c
        if v.trick_len == 0:
            r = np.int64(popcount(hand)) - (1 if pinned != 0 else 0)
            if v.open_hands:
                r = np.int64(popcount(pool))      # its whole hand: the worst answer
            best = -1
            best_val = -1e18
            m = hand
            while m:
                c = ctz(m)
                m &= m - _ONE
                val = lead_value2(v, c, pool, pinned, r, tmask, prow, base, out, lc)
                if val > best_val + 1e-9 or (val > best_val - 1e-9 and cheaper(c, best, tmask, d)):
                    best_val = val
                    best = c
            return best
    opp_after, team_after = after_me(v)
    if v.open_hands and v.players > 2:
        # open hands: the opponents still to play hold exactly their shown cards
        pool = _ZERO
        for s in range(v.players):
            if (opp_after >> s) & 1:
                pool |= v.hands[s]
    best = -1
    best_val = -1e18
    m = hand
    while m:
        c = ctz(m)
        m &= m - _ONE
        val = follow_value(v, c, pool, tmask, prow, base, out, lc, opp_after, team_after,
                           partners, p.later_points, p.opponent_trumps_at,
                           p.teammate_share)
        if val > best_val + 1e-9 or (val > best_val - 1e-9 and cheaper(c, best, tmask, d)):
            best_val = val
            best = c
    return best


@njit(inline="always")
def muerte_expert(v, hand, partners):
    """11. rule ``muerte_al_tres``: ``(card, hand)``: the trump ace when it may capture the
    trump 3 on the table (the deal is won at once), else -1 and the cards to choose from:
    without the trump 3 while the trump ace is unseen (not in hand, not played, not in a
    shown teammate's hand), a player is still to play to the trick and another card is
    left."""
    r = v.ranks
    ace = bit(v.trump * r + r - 1)
    three = bit(v.trump * r + r - 2)
    if (hand & ace) != 0 and (v.trick_mask & three) != 0:
        return np.int64(ctz(ace)), hand
    seen = v.hand | v.played
    if partners and v.shown:
        for s in range(v.players):
            seen |= v.partner_hands[s]
    if v.open_hands:
        for s in range(v.players):
            if s != v.seat and ((s ^ v.seat) & 1) == 0:
                seen |= v.hands[s]
    if (hand & three) != 0 and (seen & ace) == 0 and v.trick_len < v.players - 1 \
            and (hand & ~three) != 0:
        return np.int64(-1), hand & ~three
    return np.int64(-1), hand


@njit
def expert_play(v, legal, u, p):
    """a club player's play with card memory: trumps kept for tricks with points, leads
    judged by the exact odds of the cards still out, a winning partner fed when it is safe,
    exact play of the last tricks (two players)"""
    if v.muerte:
        c, legal = muerte_expert(v, legal, p.partner_hands)
        if c >= 0:
            return c
    return expert_card(v, legal, p)
# (compiled once, not inlined: every kernel with an expert seat calls this one function, and
# numba's cache keeps it; a call per decision costs nothing beside the decision's work)


def expert_exchange(v, legal, u, p):
    """rule trump_exchange: always exchange, as greedy does (the card taken ranks above the
    trump given)"""
    return np.int64(1)


def expert_arrastro(v, legal, u, p):
    """rule arrastro: call unless a teammate is still to play to the trick (the call would
    force its highest trump or card too)"""
    for j in range(v.trick_len, v.players):
        s = (v.leader + j) % v.players
        if s != v.seat and mate(v, s):
            return np.int64(0)
    return np.int64(1)


register(GAME, "expert", expert_play, deterministic=True, view="full", params=PARAMS,
         exchange=expert_exchange, arrastro=expert_arrastro)
