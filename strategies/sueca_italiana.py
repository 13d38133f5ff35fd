"""Sueca Italiana policies over the view of :mod:`simcore.sueca_italiana.view`.

Each strategy has three policies, ``bid``, ``call`` and ``play``, each
``f(v, legal, u, p) -> decision`` (see :mod:`simcore.strategy`).  ``random`` and
``greedy`` bid and call by the hand evaluation of ``docs/games/sueca_italiana.md``
(parameter ``margin``) and differ in their play; the page states every rule exactly.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount, top_bit
from simcore.strategy import Param, register
from simcore.sueca_italiana.enums import (FULL, MAX_BID, MIN_BID, PASS, POINTS, RANKS_PER_SUIT,
                                          SUIT_MASKS)
from strategies.called import is_ally, known_friend, suspect_partner
from strategies.sueca import cheapest, pick_random, winning_cards

GAME = "sueca_italiana"

_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)
_ONE = np.uint64(1)

# --- hand evaluation (docs/games/sueca_italiana.md, "Hand evaluation") ------------------------
TRUMP_VALUE = np.array([6, 6, 6, 6, 6, 8, 9, 11, 17, 21], np.int64)
SIDE_VALUE = np.array([0, 0, 0, 0, 0, 1, 2, 3, 3, 12], np.int64)
SIDE_SEVEN_WITH_ACE = 8
CALLED_VALUE = np.array([4, 4, 4, 4, 4, 5, 6, 8, 13, 16], np.int64)
PARTNER_BASE = 12
LONG_TRUMPS = 3          # each trump beyond the third adds LONG_TRUMP_VALUE
LONG_TRUMP_VALUE = 4


def _suit_tables():
    """Every term of the evaluation depends on one suit's cards only, so it is tabulated
    by the suit's 10-bit field ``f`` (bit ``st`` = the card of strength ``st`` is held):
    ``AS_TRUMP[f]`` = its trumps' values + the long-trump bonus + the called card's value,
    ``AS_SIDE[f]`` = its cards' values outside the trump suit, ``CALLED_STRENGTH[f]`` = the
    strength of the highest card not held."""
    as_trump = np.zeros(1 << RANKS_PER_SUIT, np.int64)
    as_side = np.zeros(1 << RANKS_PER_SUIT, np.int64)
    called = np.zeros(1 << RANKS_PER_SUIT, np.int64)
    for f in range(1 << RANKS_PER_SUIT):
        held = [st for st in range(RANKS_PER_SUIT) if f >> st & 1]
        n = len(held)
        top = max([st for st in range(RANKS_PER_SUIT) if not f >> st & 1], default=-1)
        as_trump[f] = sum(TRUMP_VALUE[st] for st in held) + \
            LONG_TRUMP_VALUE * max(0, n - LONG_TRUMPS) + (CALLED_VALUE[top] if top >= 0 else 0)
        as_side[f] = sum(SIDE_SEVEN_WITH_ACE if st == 8 and 9 in held else SIDE_VALUE[st]
                         for st in held)
        called[f] = top
    return as_trump, as_side, called


AS_TRUMP, AS_SIDE, CALLED_STRENGTH = _suit_tables()


@njit
def evaluate(hand):
    """``(estimate, best suit, called card)`` of a hand: the largest value over the trump
    suits, the lowest suit on ties; the called card is the highest card of the best suit
    that the hand does not hold."""
    r = np.uint64(RANKS_PER_SUIT)
    f0 = np.int64(hand & _FIELD)
    f1 = np.int64((hand >> r) & _FIELD)
    f2 = np.int64((hand >> (r + r)) & _FIELD)
    f3 = np.int64((hand >> (r + r + r)) & _FIELD)
    sides = PARTNER_BASE + AS_SIDE[f0] + AS_SIDE[f1] + AS_SIDE[f2] + AS_SIDE[f3]
    best = sides + AS_TRUMP[f0] - AS_SIDE[f0]
    best_s = 0
    best_f = f0
    v = sides + AS_TRUMP[f1] - AS_SIDE[f1]
    if v > best:
        best, best_s, best_f = v, 1, f1
    v = sides + AS_TRUMP[f2] - AS_SIDE[f2]
    if v > best:
        best, best_s, best_f = v, 2, f2
    v = sides + AS_TRUMP[f3] - AS_SIDE[f3]
    if v > best:
        best, best_s, best_f = v, 3, f3
    return best, best_s, best_s * RANKS_PER_SUIT + CALLED_STRENGTH[best_f]


@njit(inline="always")
def eval_bid(hand, lowest, margin):
    t = evaluate(hand)[0] - margin
    if t < MIN_BID:
        return PASS
    b = min(t, MAX_BID)
    return b if b >= np.int64(lowest) else PASS


def eval_bid_policy(v, lowest, u, p):
    return eval_bid(v.hand, lowest, p.margin)


def eval_call_policy(v, legal, u, p):
    est, s, c = evaluate(v.hand)
    own = v.hand & SUIT_MASKS[s] & legal
    if p.alone_at <= MAX_BID and est - p.margin >= p.alone_at and own:
        return top_bit(own)          # a card of its own: it plays alone
    return c


# --- play ---------------------------------------------------------------------------------------
# pick_random, cheapest, winning_cards: Sueca's (the same cards, ranks and strengths)


def random_play(v, legal, u, p):
    """bids and calls by the hand evaluation; plays uniformly over the legal cards"""
    return pick_random(legal, u, v.bmi2)


def greedy_play(v, legal, u, p):
    """bids and calls by the hand evaluation; wins the trick as it stands with the cheapest
    winning card, else throws the cheapest card; never overtakes a known friend"""
    trump = v.trump
    if v.trick_len == 0:
        return cheapest(legal, trump)
    win = winning_cards(legal, v.best, trump)
    friend = known_friend(v.seat, v.winner, v.declarer, v.partner)
    want = (legal & ~win) if friend else win
    return cheapest(want if want else legal, trump)


PARAMS = [
    Param("margin", 0, "bid only up to the hand's estimate minus this many points",
          minimum=-60, maximum=60),
    Param("alone_at", 121, "as declarer, name a card of its own and play alone when the "
                           "estimate minus margin reaches this (121: never)",
          minimum=0, maximum=121),
]

register(GAME, "random", random_play, deterministic=False, view="none", params=PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)
register(GAME, "greedy", greedy_play, deterministic=True, view="trick", params=PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)


# --- expert ---------------------------------------------------------------------------------
# The rules, in the order they are tried, are stated in docs/games/sueca_italiana.md
# ("expert").  Helpers take scalars only (no arrays): compiled once, not copied into the
# kernel's IR at each call site.
POINT_CARDS = np.uint64(sum(1 << c for c in range(40) if POINTS[c] > 0))
N = 5


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
        m &= m - _ONE
        k = POINTS[c] * 16 + (15 - c % RANKS_PER_SUIT)
        if k > key:
            key = k
            pick = c
    return pick


@njit
def cheapest_blank(mask, trump):
    """The cheapest card, avoiding trumps and point cards when possible."""
    plain = mask & ~SUIT_MASKS[trump]
    blank = plain & ~POINT_CARDS
    if blank:
        return cheapest(blank, trump)
    blank = mask & ~POINT_CARDS
    if blank:
        return cheapest(blank, trump)
    return cheapest(plain if plain else mask, trump)


@njit
def expert_card(seat, hand, legal, k, leader, best, winner, trick_points, trump, played,
                declarer, partner, suspect, lead_trumps_at, cash_masters, load_points,
                ruff_at):
    """The card of ``expert`` (docs/games/sueca_italiana.md)."""
    tmask = SUIT_MASKS[trump]
    unseen = FULL & ~played & ~hand
    if k == 0:
        ours = seat == declarer or (partner >= 0 and partner != declarer and
                                    known_friend(seat, declarer, declarer, partner))
        mine = legal & tmask
        out = unseen & tmask
        # 1. the declarer's side draws trumps when long in them
        if ours and mine and out and popcount(hand & tmask) >= lead_trumps_at:
            top = top_bit(mine)
            return top if top > top_bit(out) else ctz(mine)
        # 2. cash a master card worth points (the most points first)
        if cash_masters:
            pick = -1
            for s in range(4):
                m = legal & SUIT_MASKS[s]
                if s == trump or m == 0:
                    continue
                top = top_bit(m)
                o = unseen & SUIT_MASKS[s]
                if POINTS[top] > 0 and (o == 0 or top > top_bit(o)):
                    if pick < 0 or POINTS[top] > POINTS[pick]:
                        pick = top
            if pick >= 0:
                return pick
        # 3. lead low
        return cheapest_blank(legal, trump)
    later_allies = True
    for j in range(k + 1, N):
        if not is_ally(seat, (leader + j) % N, declarer, partner, suspect):
            later_allies = False
    win = winning_cards(legal, best, trump)
    if is_ally(seat, winner, declarer, partner, suspect):
        keep = legal & ~win
        # 4. an ally wins the trick and nobody against it can beat it: load points
        if load_points and (later_allies or (winning_cards(unseen, best, trump) == 0)):
            return richest(keep if keep else legal, trump)
        # 5. an ally wins: do not overtake it, give nothing
        return cheapest_blank(keep if keep else legal, trump)
    # 6. an opponent wins: take points with the cheapest card nobody left against us can
    # beat (a trump only for ruff_at points or more); 7. else throw the cheapest blank card
    if win and trick_points > 0:
        sure = win
        if not later_allies:
            sure = np.uint64(0)
            m = win
            while m:
                c = ctz(m)
                m &= m - _ONE
                if winning_cards(unseen, c, trump) == 0:
                    sure |= bit(c)
        plain = sure & ~tmask
        if plain:
            return cheapest(plain, trump)
        if trick_points >= ruff_at:
            return cheapest(sure if sure else win, trump)
    return cheapest_blank(legal, trump)


def expert_play(v, legal, u, p):
    """bids and calls by the hand evaluation; infers the partner from play (who feeds
    points to the declarer, who beats it), draws trumps on the declarer's side, cashes
    masters, loads points on tricks its side is sure to win, takes points with sure
    winners, trumps only for points"""
    seat = v.seat
    declarer = v.declarer
    partner = v.partner
    suspect = -1
    if p.infer and partner < 0:
        trumps = SUIT_MASKS[v.trump] if v.trump >= 0 else np.uint64(0)
        suspect = suspect_partner(v, p.signal_at, trumps, trumps)
    return expert_card(seat, v.hand, legal, v.trick_len, v.leader, v.best, v.winner,
                       v.trick_points, v.trump, v.played, declarer, partner, suspect,
                       p.lead_trumps_at, p.cash_masters, p.load_points, p.ruff_at)


EXPERT_PARAMS = PARAMS + [
    Param("infer", True, "infer the partner from play before the called card shows it"),
    Param("signal_at", 10, "a card worth this many points, thrown on a trick the declarer "
                           "wins, marks its player as the partner (12: no card does)",
          minimum=0, maximum=12),
    Param("lead_trumps_at", 3, "on the declarer's side, draw trumps when holding at least "
                               "this many", minimum=1, maximum=9),
    Param("cash_masters", True, "lead a master card worth points"),
    Param("load_points", True, "load points on a trick the side is sure to win"),
    Param("ruff_at", 1, "take an opponent's trick with a trump only when it holds this "
                        "many points", minimum=1, maximum=120),
]
register(GAME, "expert", expert_play, deterministic=True, view="full", params=EXPERT_PARAMS,
         bid=eval_bid_policy, call=eval_call_policy)
