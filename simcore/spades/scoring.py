"""Spades scoring as pure jitted functions (callable from Python too).

The rules are in ``docs/games/spades.md`` ("Scoring a hand", "Games"); they are tested case
by case in ``tests/test_spades_scoring.py``.
"""
from .._jit import njit
from .enums import (BLIND_MADE, BLIND_NIL_POINTS, BLIND_SET, MERCY_SCORE, NIL_MADE, NIL_NONE,
                    NIL_POINTS, NIL_SET, P_BAG_LIMIT, P_BAG_PENALTY, P_BAG_POINTS, P_MERCY,
                    P_TARGET)


@njit
def nil_result(bid, blind, tricks):
    """The NIL_RESULTS code of one seat."""
    if bid != 0:
        return NIL_NONE
    if blind:
        return BLIND_MADE if tricks == 0 else BLIND_SET
    return NIL_MADE if tricks == 0 else NIL_SET


@njit
def score_team(bid_a, bid_b, blind_a, blind_b, tricks_a, tricks_b, bag_points):
    """One team's hand: ``(score, bags, made)`` for partners a and b.

    The contract is the sum of the bids and counts both partners' tricks.  Made:
    +10 per trick bid plus ``bag_points`` per overtrick (each overtrick a bag); set: -10 per
    trick bid.  Each nil: +-100, blind nil +-200.
    """
    contract = bid_a + bid_b
    tricks = tricks_a + tricks_b
    if tricks >= contract:
        bags = tricks - contract
        score = 10 * contract + bag_points * bags
        made = True
    else:
        bags = 0
        score = -10 * contract
        made = False
    if bid_a == 0:
        v = BLIND_NIL_POINTS if blind_a else NIL_POINTS
        score += v if tricks_a == 0 else -v
    if bid_b == 0:
        v = BLIND_NIL_POINTS if blind_b else NIL_POINTS
        score += v if tricks_b == 0 else -v
    return score, bags, made


@njit
def add_bags(total, new, params):
    """Bags carried across a game: ``(total after, penalty points lost)``.  Each time the
    count reaches ``bag_limit`` the team loses ``bag_penalty`` and the count drops by it."""
    limit = params[P_BAG_LIMIT]
    total += new
    penalty = 0
    while total >= limit:
        total -= limit
        penalty += params[P_BAG_PENALTY]
    return total, penalty


@njit
def game_over(s0, s1, params):
    """At the end of a hand with game scores ``s0, s1``: ``(winner, end)``, winner -1 to play
    on; end 0 target, 1 mercy.  Target first (both over: the higher; equal: play on), then
    mercy (both at -200 or below: the lower loses; equal: play on)."""
    target = params[P_TARGET]
    if s0 >= target or s1 >= target:
        if s0 > s1:
            return 0, 0
        if s1 > s0:
            return 1, 0
    if params[P_MERCY] != 0:
        m0 = s0 <= MERCY_SCORE
        m1 = s1 <= MERCY_SCORE
        if m0 and m1:
            if s0 < s1:
                return 1, 1
            if s1 < s0:
                return 0, 1
        elif m0:
            return 1, 1
        elif m1:
            return 0, 1
    return -1, 0
