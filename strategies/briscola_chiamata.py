"""Briscola chiamata policies over the view of :mod:`simcore.briscola_chiamata.view`.

Each strategy has three policies, ``bid``, ``call`` and ``play``, each
``f(v, legal, u, p) -> decision`` (see :mod:`simcore.strategy`).  ``random`` and
``greedy`` bid and call by the hand evaluation of ``docs/games/briscola_chiamata.md``
(parameter ``margin``) and differ in their play; the page states every rule exactly.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import ctz
from simcore.briscola_chiamata.enums import (HIGH_CARDS, N_RANK_BIDS, NO_TRUMP, PASS,
                                             POINT_CARDS, POINTS, RANKS_PER_SUIT, STRENGTH,
                                             STRIDE, SUIT, SUIT_MASKS)
from simcore.strategy import Param, register
from strategies.brisca import pick_random
from strategies.called import is_ally, known_friend, suspect_partner

GAME = "briscola_chiamata"
_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_ONE = np.uint64(1)

# --- hand evaluation (docs/games/briscola_chiamata.md, "Hand evaluation") ---------------------
TRUMP_VALUE = (6, 6, 6, 6, 6, 8, 9, 11, 17, 21)
SIDE_VALUE = (0, 0, 0, 0, 0, 1, 2, 3, 3, 12)
SIDE_THREE_WITH_ACE = 8
CALLED_VALUE = np.array([4, 4, 4, 4, 4, 5, 6, 8, 13, 16], np.int64)
PARTNER_BASE = 12
MIN_CONTRACT = 61


def _suit_tables():
    """Each suit's part of the evaluation by the suit's 10-bit field ``f`` (bit ``st``: the
    card of strength ``st`` is held): ``AS_TRUMP[f]`` its trumps' values + the long-trump
    bonus, ``AS_SIDE[f]`` its cards' values outside the trump suit, ``TOP_NOT_HELD[f]`` the
    strength of its highest card not held."""
    n_f = 1 << RANKS_PER_SUIT
    as_trump = np.zeros(n_f, np.int64)
    as_side = np.zeros(n_f, np.int64)
    top = np.zeros(n_f, np.int64)
    for f in range(n_f):
        held = [st for st in range(RANKS_PER_SUIT) if f >> st & 1]
        as_trump[f] = sum(TRUMP_VALUE[st] for st in held) + 4 * max(0, len(held) - 3)
        as_side[f] = sum(SIDE_THREE_WITH_ACE if st == 8 and 9 in held else SIDE_VALUE[st]
                         for st in held)
        top[f] = max([st for st in range(RANKS_PER_SUIT) if not f >> st & 1], default=-1)
    return as_trump, as_side, top


AS_TRUMP, AS_SIDE, TOP_NOT_HELD = _suit_tables()


@njit(inline="always")
def _fields(hand):
    r = np.uint64(RANKS_PER_SUIT)
    return (np.int64(hand & _FIELD), np.int64((hand >> r) & _FIELD),
            np.int64((hand >> (r + r)) & _FIELD), np.int64((hand >> (r + r + r)) & _FIELD))


@njit
def _value(sides, f, called_st):
    """value(H, s, c) for the suit field ``f`` and the called card's strength: alone when
    the hand holds the called card."""
    base = sides - AS_SIDE[f] + AS_TRUMP[f]
    if (f >> called_st) & 1:
        return base
    return PARTNER_BASE + base + CALLED_VALUE[called_st]


@njit
def estimate_for_rank(hand, st):
    """``(estimate, best suit)`` calling the rank of strength ``st``."""
    f0, f1, f2, f3 = _fields(hand)
    sides = AS_SIDE[f0] + AS_SIDE[f1] + AS_SIDE[f2] + AS_SIDE[f3]
    best = _value(sides, f0, st)
    best_s = 0
    v = _value(sides, f1, st)
    if v > best:
        best, best_s = v, 1
    v = _value(sides, f2, st)
    if v > best:
        best, best_s = v, 2
    v = _value(sides, f3, st)
    if v > best:
        best, best_s = v, 3
    return best, best_s


@njit
def estimate_any(hand):
    """``(estimate, best suit, called card)`` calling the highest card not held of a suit."""
    f0, f1, f2, f3 = _fields(hand)
    sides = AS_SIDE[f0] + AS_SIDE[f1] + AS_SIDE[f2] + AS_SIDE[f3]
    best = _value(sides, f0, TOP_NOT_HELD[f0])
    best_s = 0
    best_f = f0
    v = _value(sides, f1, TOP_NOT_HELD[f1])
    if v > best:
        best, best_s, best_f = v, 1, f1
    v = _value(sides, f2, TOP_NOT_HELD[f2])
    if v > best:
        best, best_s, best_f = v, 2, f2
    v = _value(sides, f3, TOP_NOT_HELD[f3])
    if v > best:
        best, best_s, best_f = v, 3, f3
    return best, best_s, best_s * RANKS_PER_SUIT + TOP_NOT_HELD[best_f]


def eval_bid_policy(v, lowest, u, p):
    lo = np.int64(lowest)
    if v.points_only:
        return lo if estimate_any(v.hand)[0] - p.margin >= lo else PASS
    if lo <= N_RANK_BIDS:
        return lo if estimate_for_rank(v.hand, N_RANK_BIDS - lo)[0] - p.margin >= \
            MIN_CONTRACT else PASS
    return lo if estimate_for_rank(v.hand, 0)[0] - p.margin >= lo else PASS


def eval_call_policy(v, legal, u, p):
    if v.points_only:
        return estimate_any(v.hand)[2]
    st = v.called_rank
    return estimate_for_rank(v.hand, st)[1] * RANKS_PER_SUIT + st


# --- play ---------------------------------------------------------------------------------------
@njit(inline="always")
def cheapest(mask, tmask):
    """Lowest strength; on equal strength a non-trump first, then the lowest suit."""
    r = np.uint64(RANKS_PER_SUIT)
    fold = (mask | (mask >> r) | (mask >> (r + r)) | (mask >> (r + r + r))) & _FIELD
    cand = mask & (STRIDE << np.uint64(ctz(fold)))
    plain = cand & ~tmask
    return ctz(plain) if plain else ctz(cand)


@njit(inline="always")
def beaters(best, tmask):
    """The cards that would beat ``best``, the card winning the trick so far."""
    suit = SUIT_MASKS[SUIT[best]]
    return (suit & (_ONES << np.uint64(best + 1))) | (tmask & ~suit)


@njit(inline="always")
def most_points(feed):
    """The card of ``feed`` with the most points; on equal points the cheapest."""
    pick = -1
    pick_key = -1
    m = feed
    while m:
        c = ctz(m)
        m &= m - _ONE
        key = POINTS[c] * 4096 + (255 - STRENGTH[c]) * 16 + (15 - SUIT[c])
        if key > pick_key:
            pick_key = key
            pick = c
    return pick


@njit
def greedy_card(seat, hand, k, best, winner, trump, trick_points, high, declarer, partner):
    """``high``: the trick holds a card worth 10 or more.  Scalars only, not inlined: it is
    compiled once, not copied into the kernel at each play site."""
    tmask = SUIT_MASKS[trump if trump >= 0 else NO_TRUMP]
    plain = hand & ~tmask
    if k == 0:                                            # 1. leading
        return cheapest(plain if plain else hand, tmask)
    win = hand & beaters(best, tmask)
    if known_friend(seat, winner, declarer, partner):     # 2. a known friend is winning
        keep = hand & ~win
        feed = keep & ~tmask
        if feed:
            return most_points(feed)
        return cheapest(keep if keep else hand, tmask)
    # 3. points on the table: a winning non-trump, else (a 10 or 11 there) a winning trump
    w = win & ~tmask if trick_points > 0 else np.uint64(0)
    if w == 0 and high:
        w = win & tmask
    if w:
        return cheapest(w, tmask)
    blank = plain & ~POINT_CARDS                          # 4. throw away
    return cheapest(blank if blank else (plain if plain else hand), tmask)


def random_play(v, legal, u, p):
    """bids and calls by the hand evaluation; plays uniformly over the cards in hand"""
    return pick_random(legal, u, v.bmi2)


def greedy_play(v, legal, u, p):
    """bids and calls by the hand evaluation; takes points with the cheapest winning card
    (a trump only for a 10 or 11), feeds a known friend, else throws the cheapest blank card"""
    k = v.trick_len
    high = False
    for j in range(k):
        if (HIGH_CARDS >> np.uint64(v.trick_cards[j])) & _ONE:
            high = True
    return greedy_card(v.seat, legal, k, v.best, v.winner, v.trump, v.trick_points, high,
                       v.declarer, v.partner)


PARAMS = [Param("margin", 0, "bid only while the hand's estimate minus this many points "
                             "supports the contract", minimum=-60, maximum=60)]

register(GAME, "random", random_play, deterministic=False, view="none", params=PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)
register(GAME, "greedy", greedy_play, deterministic=True, view="trick", params=PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)


# --- expert ---------------------------------------------------------------------------------
# The rules, in the order they are tried, are stated in docs/games/briscola_chiamata.md
# ("expert").  Helpers take scalars only (no arrays): compiled once, not copied into the
# kernel's IR at each call site.
N = 5
_FULL = np.uint64((1 << 40) - 1)


@njit
def sure_winners(cards, unseen, tmask):
    """The cards of ``cards`` that no unseen card would beat."""
    sure = np.uint64(0)
    m = cards
    while m:
        c = ctz(m)
        m &= m - _ONE
        if unseen & beaters(c, tmask) == 0:
            sure |= _ONE << np.uint64(c)
    return sure


@njit
def expert_card(seat, hand, k, leader, best, winner, trick_points, trump, played, declarer,
                partner, suspect, load_points, ruff_at):
    """The card of ``expert`` (docs/games/briscola_chiamata.md)."""
    tmask = SUIT_MASKS[trump if trump >= 0 else NO_TRUMP]
    plain = hand & ~tmask
    blank = plain & ~POINT_CARDS
    unseen = _FULL & ~played & ~hand
    if k == 0:                          # 1. lead the cheapest blank card, else the poorest
        if blank:
            return cheapest(blank, tmask)
        if plain:
            return cheapest(plain & ~HIGH_CARDS if plain & ~HIGH_CARDS else plain, tmask)
        return cheapest(hand, tmask)
    later_allies = True
    for j in range(k + 1, N):
        if not is_ally(seat, (leader + j) % N, declarer, partner, suspect):
            later_allies = False
    win = hand & beaters(best, tmask)
    throw = blank if blank else (plain if plain else hand)
    if is_ally(seat, winner, declarer, partner, suspect):
        keep = hand & ~win
        # 2. an ally wins and nobody against it can beat it: load the most points
        feed = keep & ~tmask
        if load_points and feed and (later_allies or unseen & beaters(best, tmask) == 0):
            return most_points(feed)
        # 3. an ally wins: give nothing, do not overtake
        k2 = keep & ~POINT_CARDS & ~tmask
        return cheapest(k2 if k2 else (keep if keep else hand), tmask)
    # 4. an opponent wins: take points with the cheapest winner nobody left against us can
    # beat, a trump only for ruff_at points or more; 5. else throw the cheapest blank card
    if win and trick_points > 0:
        sure = win if later_allies else sure_winners(win, unseen, tmask)
        w = sure & ~tmask
        if w:
            return cheapest(w, tmask)
        if trick_points >= ruff_at:
            w = sure if sure else win
            return cheapest(w, tmask)
    return cheapest(throw, tmask)


def expert_play(v, legal, u, p):
    """bids and calls by the hand evaluation; infers the partner from play (who feeds
    points to the declarer, who beats it), loads points on tricks its side is sure to win,
    takes points with sure winners, trumps only for points"""
    seat = v.seat
    declarer = v.declarer
    partner = v.partner
    suspect = -1
    if p.infer and partner < 0 and v.trump >= 0:
        trumps = SUIT_MASKS[v.trump]
        suspect = suspect_partner(v, p.signal_at, np.uint64(0) if v.buia else trumps, trumps)
    return expert_card(seat, legal, v.trick_len, v.leader, v.best, v.winner,
                       v.trick_points, v.trump, v.played, declarer, partner, suspect,
                       p.load_points, p.ruff_at)


EXPERT_PARAMS = PARAMS + [
    Param("infer", True, "infer the partner from play before the called card shows it"),
    Param("signal_at", 2, "a card worth this many points, thrown on a trick the declarer "
                           "wins, marks its player as the partner (12: no card does)",
          minimum=0, maximum=12),
    Param("load_points", True, "load points on a trick the side is sure to win"),
    Param("ruff_at", 10, "take an opponent's trick with a trump only when it holds this "
                         "many points", minimum=1, maximum=120),
]
register(GAME, "expert", expert_play, deterministic=True, view="full", params=EXPERT_PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)
