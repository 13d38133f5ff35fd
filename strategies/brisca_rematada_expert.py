"""Brisca rematada ``expert``: Brisca's expert adapted to rematada's view (full view).

Its rules, with their parameters, are in ``docs/games/brisca_rematada.md`` ("expert"); each
has a test named after it in ``tests/test_brisca_rematada_expert.py``.  In short:

1. *card memory*: the cards still out are those the seat has not seen (not in its hand,
   not played, for the declarer not among its discards); ``memory=false`` forgets the
   finished tricks.
2. *the defenders are a side*: only the declarer's total decides the scores, so a defender
   plays for the other defender: it feeds it points when its winning card is safe (the
   declarer has played, or no card still out beats it) and never keeps marriages.
3. *trumps kept for tricks with points*: a trump is spent only on a trick worth at least
   ``trump_at`` points, scaled by the points still out of 120.
4. *the last to play banks points*: among its winning non-trumps the one worth most.
5. *the last tricks*: from trick ``10 - last_tricks`` on, trumps are no longer kept: a
   trump goes on any trick with points.
6. *bids, discards and trumps* by the hand evaluation of ``greedy`` (parameter ``margin``).

It plays one of the ``legal`` cards (the rule ``follow``); its card memory counts its whole
hand (``v.hand``) as seen.  It reads only its view and uses no randomness.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import ctz
from simcore.brisca_rematada.enums import FULL, POINTS, POINT_CARDS, SUIT_MASKS
from simcore.strategy import Param, register

from .brisca_rematada import (GAME, beaters, cheapest, eval_bid_policy, eval_discard_policy,
                              eval_trump_policy, kept_cards)

_ZERO = np.uint64(0)
_ONE = np.uint64(1)

PARAMS = [
    Param("margin", 0, "bid only while the hand's estimate minus margin reaches the bid",
          minimum=-200, maximum=200),
    Param("trump_at", 10, "points a trick must hold (scaled by the points still out of 120) "
          "for a trump to be spent on it", minimum=0, maximum=60),
    Param("last_tricks", 3, "the last tricks, in which a trump goes on any trick with points",
          minimum=0, maximum=10),
    Param("memory", True, "remember the finished tricks (false: any card not in hand or on "
          "the table may still be out)"),
    Param("feed", True, "a defender feeds points to the other defender when its card is "
          "safe"),
]


@njit(inline="always")
def most_points(m, tmask):
    """The card of ``m`` worth most; on equal points the cheapest (-1 if ``m`` is empty)."""
    pick = -1
    key = -1
    x = m
    while x:
        c = ctz(x)
        x &= x - _ONE
        pts = POINTS[c]
        kk = pts * 4096 + (7 - (c & 7)) * 16 + (8 if (tmask >> np.uint64(c)) & _ONE == 0
                                                else 0) + (3 - (c >> 3))
        if kk > key:
            key = kk
            pick = c
    return pick


@njit(inline="always")
def points_of(m):
    t = 0
    x = m
    while x:
        c = ctz(x)
        x &= x - _ONE
        t += POINTS[c]
    return t


@njit
def expert_card(hand, seat, declarer, k, best, winner, trick_points, trick_no, trump, out,
                declared, trump_at, last_tricks, feed):
    """The card to play (see the module's rules); ``out`` the cards still out."""
    tmask = SUIT_MASKS[trump]
    defender = seat != declarer
    if defender:
        cand = hand
    else:
        cand = hand & ~kept_cards(hand, declared)
        if cand == 0:
            cand = hand
    plain = cand & ~tmask
    blank = plain & ~POINT_CARDS
    throw = cheapest(blank if blank else (plain if plain else cand), tmask)
    endgame = trick_no >= 10 - last_tricks
    threshold = 0 if endgame else (trump_at * points_of(out)) // 120
    if k == 0:                                                   # 1. leading
        return cheapest(plain if plain else cand, tmask)
    # who still plays after this seat in the trick
    decl_after = False
    for j in range(1, 3 - k):
        if (seat + j) % 3 == declarer:
            decl_after = True
    last = k == 2
    if defender and winner != declarer:                          # the partner is winning
        safe = (not decl_after) or (out & beaters(best, tmask)) == 0
        if safe and feed:
            if plain:
                return most_points(plain, tmask)
        return throw
    # an opponent is winning (the declarer, or for the declarer anyone)
    win = cand & beaters(best, tmask)
    # the cards that can still come after this seat from an opponent
    opp_after = decl_after if defender else not last
    wplain = win & ~tmask
    if wplain:
        safe = _ZERO
        x = wplain
        while x:
            c = ctz(x)
            x &= x - _ONE
            if not opp_after or (out & beaters(c, tmask)) == 0:
                safe |= _ONE << np.uint64(c)
        if safe:
            m = most_points(safe, tmask)
            if trick_points + POINTS[m] > 0:
                return m                                         # bank points
        if trick_points > 0:
            return cheapest(wplain, tmask)
    wt = win & tmask
    if wt and trick_points > 0 and trick_points >= threshold:
        return cheapest(wt, tmask)
    return throw


def expert_play(v, legal, u, p):
    """Brisca's expert for rematada: card memory, the defenders as a side, trumps kept for
    tricks with points, the last to play banks points, trumps spent in the last tricks;
    bids, discards and trumps by the hand evaluation"""
    k = v.trick_len
    tm = _ZERO
    for j in range(k):
        tm |= _ONE << np.uint64(v.trick_cards[j])
    seen = v.hand | tm
    if p.memory:
        seen |= v.played
    if v.seat == v.declarer:
        seen |= v.discards
    out = FULL & ~seen
    return expert_card(legal, v.seat, v.declarer, k, v.best, v.winner, v.trick_points,
                       v.trick, v.trump, out, v.marriages[v.seat], p.trump_at, p.last_tricks,
                       p.feed)


register(GAME, "expert", expert_play, deterministic=True, view="full", params=PARAMS,
         bid=eval_bid_policy, discard=eval_discard_policy, trump=eval_trump_policy)
