"""Sueca play policies over the view of :mod:`simcore.sueca.view`.

Each policy is ``f(v, legal, u, p) -> card`` (see :mod:`simcore.strategy`).  The exact
definitions of ``random`` and ``greedy`` (and how ``random`` uses its draw) are in
``docs/rng.md``; ``expert`` is described rule by rule in ``docs/games/sueca.md``.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount, select_bit, top_bit
from simcore.strategy import Param, register
from simcore.sueca.enums import POINT_CARDS, POINTS, RANKS_PER_SUIT, STRIDE, SUIT, SUIT_MASKS

GAME = "sueca"
_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(inline="always")
def pick_random(legal, u32, bmi2):
    """The legal card at position (u32 * n) >> 32 in ascending card order."""
    n = popcount(legal)
    return select_bit(legal, np.int64((u32 * n) >> np.uint64(32)), bmi2)


@njit(inline="always")
def cheapest(mask, trump):
    """Lowest strength; on equal strength a non-trump first, then the lowest suit."""
    r = np.uint64(RANKS_PER_SUIT)
    fold = (mask | (mask >> r) | (mask >> (r + r)) | (mask >> (r + r + r))) & _FIELD
    cand = mask & (STRIDE << np.uint64(ctz(fold)))
    plain = cand & ~SUIT_MASKS[trump]
    return ctz(plain) if plain else ctz(cand)


@njit(inline="always")
def winning_cards(legal, best, trump):
    """The legal cards that would beat ``best``, the trick's winning card so far."""
    above = _ONES << np.uint64(best + 1)
    tmask = SUIT_MASKS[trump]
    higher = legal & SUIT_MASKS[SUIT[best]] & above     # higher cards of the winning suit
    # a trump is winning: only higher trumps; else higher cards of the led suit or any trump
    return higher if (bit(best) & tmask) else higher | (legal & tmask)


@njit(inline="always")
def greedy_card(seat, legal, k, best, winner, trump):
    if k == 0:
        return cheapest(legal, trump)
    win = winning_cards(legal, best, trump)
    # partner winning: a card that does not overtake, if any; else a winning card, if any;
    # otherwise the cheapest legal card (selected without branches)
    want = (legal & ~win) if ((winner ^ seat) & 1) == 0 else win
    return cheapest(want if want else legal, trump)


def random_play(v, legal, u, p):
    """uniform over the legal cards"""
    return pick_random(legal, u, v.bmi2)


def greedy_play(v, legal, u, p):
    """win the trick as it stands with the cheapest winning card, else throw the cheapest
    card; never overtake a winning partner"""
    return greedy_card(v.seat, legal, v.trick_len, v.best, v.winner, v.trump)


register(GAME, "random", random_play, deterministic=False, view="none")
register(GAME, "greedy", greedy_play, deterministic=True, view="trick")


# --- expert ---------------------------------------------------------------------------
# The rules, in the order they are tried, are stated in docs/games/sueca.md ("expert").
# Helpers take and return scalars only (no arrays): they are compiled once and inlined by
# LLVM, not copied into the kernel's IR at every call site.

_FULL = np.uint64((1 << 40) - 1)


@njit
def _above(card):
    """The cards of ``card``'s suit that rank above it."""
    return SUIT_MASKS[SUIT[card]] & (_ONES << np.uint64(card + 1))


@njit
def beats(c, best, led, trump):
    """Would card ``c`` beat ``best`` in a trick where suit ``led`` was led?"""
    if SUIT[c] == SUIT[best]:
        return c > best
    return SUIT[c] == trump


@njit
def can_beat(best, led, trump, cards, void_bits):
    """Could a seat holding some of ``cards`` (every card it may hold) and void in the
    suits of ``void_bits`` beat ``best``, the card winning a trick led in ``led``?"""
    if (void_bits >> led) & 1 == 0:
        # it may have to follow: a higher card of the led suit beats a card of the led
        # suit; if it holds none it may trump (or overtrump)
        higher = cards & _above(best) & SUIT_MASKS[SUIT[best]]
        if higher:
            return True
    if (void_bits >> trump) & 1:
        return False
    trumps = cards & SUIT_MASKS[trump]
    if SUIT[best] == trump:
        return (trumps & _above(best)) != 0
    return trumps != 0


@njit
def cheapest_of(mask, trump):
    """The cheapest card of ``mask`` (as greedy's ``cheapest``)."""
    return cheapest(mask, trump)


@njit
def richest(mask, trump):
    """The card of ``mask`` worth the most points, a non-trump first; on equal points the
    lowest strength."""
    plain = mask & ~SUIT_MASKS[trump]
    m = plain if plain else mask
    pick = -1
    key = -1
    while m:
        c = ctz(m)
        m &= m - np.uint64(1)
        k = POINTS[c] * 16 + (15 - c % RANKS_PER_SUIT)
        if k > key:
            key = k
            pick = c
    return pick


@njit
def expert_card(seat, hand, legal, k, led, best, winner, trick_points, trump, trump_card,
                dealer, played, void_me, void_l, void_r, points_us, lead_trumps_at,
                keep_seven, load_points, avoid_voids, safe_at, ruff_at):
    """The card of ``expert`` (see docs/games/sueca.md).  ``void_l``/``void_r``: the voids
    shown by the opponents after and before the seat."""
    tmask = SUIT_MASKS[trump]
    unseen = _FULL & ~played & ~hand
    # the dealer's face-up card is in the dealer's hand until it is played
    known = np.uint64(0)
    if seat != dealer and (unseen & bit(trump_card)):
        known = bit(trump_card)
    lho = (seat + 1) & 3
    rho = (seat + 3) & 3
    # cards each opponent may hold
    may_l = unseen if (dealer == lho or known == 0) else unseen & ~known
    may_r = unseen if (dealer == rho or known == 0) else unseen & ~known
    ace = bit(trump * RANKS_PER_SUIT + RANKS_PER_SUIT - 1)
    seven = bit(trump * RANKS_PER_SUIT + RANKS_PER_SUIT - 2)
    # keep the trump 7 while the trump ace is out and an opponent still to play in this
    # trick may hold it (unless nothing else may be played)
    allowed = legal
    if keep_seven and (legal & seven) and (legal & ~seven):
        at_risk = (may_l & ace) != 0 if k < 3 else False
        if k == 0:
            at_risk = at_risk or (may_r & ace) != 0
        if at_risk:
            allowed = legal & ~seven
    safe = points_us >= safe_at
    if k == 0:
        return _expert_lead(hand, allowed, trump, tmask, unseen, may_l, may_r, void_l,
                            void_r, lead_trumps_at, avoid_voids, safe)
    if ((winner ^ seat) & 1) == 0:
        # the partner wins the trick as it stands
        sure = k == 3 or not can_beat(best, led, trump, may_l, void_l)
        if sure and load_points:
            feed = allowed
            return richest(feed, trump)
        keep = allowed & ~winning_cards(allowed, best, trump)
        if keep:
            return _cheapest_no_points(keep, trump)
        return cheapest(allowed, trump)
    # an opponent wins the trick as it stands: the cards that win it, and those of them
    # the opponent still to play (if any) cannot beat, whatever it holds
    win = winning_cards(allowed, best, trump)
    sure_win = win
    if k < 3 and win:
        lho_trumps = np.uint64(0) if (void_l >> trump) & 1 else may_l & tmask
        lho_led = np.uint64(0) if (void_l >> led) & 1 else may_l & SUIT_MASKS[led]
        sure_t = win & tmask
        if lho_trumps:
            sure_t &= _ONES << np.uint64(top_bit(lho_trumps) + 1)
        sure_l = np.uint64(0)
        if lho_trumps == 0:
            sure_l = win & ~tmask
            if lho_led:
                sure_l &= _ONES << np.uint64(top_bit(lho_led) + 1)
        sure_win = sure_t | sure_l
    if sure_win:
        c = cheapest(sure_win, trump)
        # a trump only for points enough, or when partner cannot help
        if SUIT[c] != trump or trick_points >= ruff_at:
            return c
    if win and k == 2 and trick_points >= ruff_at and not safe:
        return cheapest(win, trump)
    return _cheapest_no_points(allowed, trump)


@njit
def _cheapest_no_points(mask, trump):
    """The cheapest card, avoiding point cards and trumps when possible."""
    plain = mask & ~SUIT_MASKS[trump]
    blank = plain & ~POINT_CARDS
    if blank:
        return cheapest(blank, trump)
    blank = mask & ~POINT_CARDS
    if blank:
        return cheapest(blank, trump)
    return cheapest(mask, trump)


@njit
def _expert_lead(hand, allowed, trump, tmask, unseen, may_l, may_r, void_l, void_r,
                 lead_trumps_at, avoid_voids, safe):
    my_trumps = allowed & tmask
    trumps_out = unseen & tmask
    # 1. draw trumps when long in them (not once the deal is safe)
    if not safe and my_trumps and trumps_out and popcount(hand & tmask) >= lead_trumps_at:
        top = top_bit(my_trumps)
        if top > top_bit(trumps_out):
            return top
        return ctz(my_trumps)
    # suits an opponent could ruff: shown void there while it may still hold a trump
    ruff = 0
    if avoid_voids:
        if (void_l >> trump) & 1 == 0 and (may_l & tmask):
            ruff |= void_l
        if (void_r >> trump) & 1 == 0 and (may_r & tmask):
            ruff |= void_r
    best_master = -1
    best_key = -1
    safe_plain = np.uint64(0)
    for s in range(4):
        if s == trump:
            continue
        mine = allowed & SUIT_MASKS[s]
        if (ruff >> s) & 1:
            # an opponent can ruff: only its cards without points may be led
            safe_plain |= mine & ~POINT_CARDS
            continue
        if mine == 0:
            continue
        safe_plain |= mine
        # 2. cash a master card: the highest card of its suit still out
        top = top_bit(mine)
        out = unseen & SUIT_MASKS[s]
        if out == 0 or top > top_bit(out):
            key = POINTS[top] * 16 + popcount(out)
            if key > best_key:
                best_key = key
                best_master = top
    if best_master >= 0 and (POINTS[best_master] > 0 or safe):
        return best_master
    # 3. lead low: the cheapest side card without points, of any side suit (into a suit an
    # opponent can ruff too: the ruff takes no points); else a side card of a suit no
    # opponent can ruff
    if safe_plain:
        return _cheapest_no_points(safe_plain, trump)
    if my_trumps:
        return ctz(my_trumps)
    return _cheapest_no_points(allowed, trump)


def expert_play(v, legal, u, p):
    """card memory: draws trumps when long in them, keeps the trump 7 while the ace is out,
    loads points on tricks the partner is sure to win, leads no points into suits an
    opponent can ruff, cashes masters, else leads low, plays safe once 61 is reached"""
    team = v.seat & 1
    return expert_card(v.seat, v.hand, legal, v.trick_len, v.led, v.best, v.winner,
                       v.trick_points, v.trump, v.trump_card, v.dealer, v.played,
                       v.voids[v.seat], v.voids[(v.seat + 1) & 3], v.voids[(v.seat + 3) & 3],
                       v.points[team], p.lead_trumps_at, p.keep_seven, p.load_points,
                       p.avoid_voids, p.safe_at, p.ruff_at)


register(GAME, "expert", expert_play, deterministic=True, view="full", params=[
    Param("lead_trumps_at", 2, "draw trumps when holding at least this many", minimum=1,
          maximum=11),
    Param("keep_seven", True, "keep the trump 7 while the trump ace is out"),
    Param("load_points", True, "load points on a trick the partner is sure to win"),
    Param("avoid_voids", True, "never lead a card worth points in a suit an opponent has "
                               "shown void in while it may still trump"),
    Param("safe_at", 61, "once the team has this many points, play safe (no trump "
                         "drawing, no ruffing for points)", minimum=0, maximum=121),
    Param("ruff_at", 2, "trump an opponent's trick only when it holds this many points",
          minimum=0, maximum=120),
])


# --- pimc -------------------------------------------------------------------------------
# The search itself is strategies/pimc.py's: a kernel's cache key follows this file only, so
# a change there that changes play needs a change here too (its workspace's stock/point-class
# vector once had 64 slots for the solver's SM_LEN = 73: writes past its end).
from simcore.solver import enums as _SV  # noqa: E402
from simcore.sueca.solve import SOLVER  # noqa: E402
from strategies.pimc import DEPENDS as _PIMC_DEPENDS  # noqa: E402
from strategies.pimc import pimc_choose, solver_position  # noqa: E402

_SOLVER_CFG, _SOLVER_TAB = SOLVER.config(4).tables()
_SOLVER_CFGS = np.stack([_SV.with_trump(_SOLVER_CFG, t) for t in range(4)])


@njit
def pimc_card(v, legal, u, samples, tt_bits, depth):
    seat = v.seat
    unseen = _FULL & ~v.played & ~v.hand
    need = np.zeros(8, np.int64)
    voids = np.zeros(8, np.int64)
    for s in range(4):
        need[s] = 10 - popcount(v.played_by[s])
        voids[s] = v.voids[s]
    known = -1
    if seat != v.dealer and (unseen & bit(v.trump_card)):
        known = v.trump_card
    k = v.trick_len
    hands, pos = solver_position(seat, v.leader, k, v.trick_cards, v.points[0], v.points[1])
    return pimc_choose(v.hand, legal, seat, 4, unseen, need, voids, known, v.dealer, hands,
                       pos, _SOLVER_CFGS[v.trump], _SOLVER_TAB, u, v.trick * 4 + k, samples,
                       tt_bits, depth)


def pimc_play(v, legal, u, p):
    """perfect-information Monte Carlo: solves `samples` deals of the unseen cards
    consistent with the view and plays the card best on average (docs/solver.md)"""
    return pimc_card(v, legal, u, p.samples, p.tt_bits, p.depth)


register(GAME, "pimc", pimc_play, deterministic=False, view="full", params=[
    Param("samples", 32, "deals of the unseen cards solved per decision", minimum=1,
          maximum=4096),
    Param("tt_bits", 18, "the solver's transposition table: 2**tt_bits entries", minimum=10,
          maximum=24),
    Param("depth", 3, "tricks searched from the current one, the rest estimated (0: to the "
          "end of the deal, seconds per decision)", minimum=0, maximum=10),
], depends=_PIMC_DEPENDS)
