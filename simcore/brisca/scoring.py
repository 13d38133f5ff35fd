"""Brisca deal scoring: pure functions (jitted, callable from Python too).

The rules are in ``docs/games/brisca.md`` ("Scoring a deal") and are tested in
``tests/test_brisca_rules.py``.
"""
from .._jit import njit
from .enums import (K_DOUBLE, K_TIE, K_TIEBREAK, K_SINGLE, MARRIAGE_MASKS, MARRIAGE_PLAIN,
                    MARRIAGE_TRUMP, MEXICAN_LIMIT, P_DOUBLE_AT, P_TIEBREAK, TOTAL_POINTS)


@njit(inline="always")
def score_deal(points0, cards0, cards1, params):
    """Score a finished deal from side 0's card points and both sides' card counts.

    Returns ``(kind, winner, game_points)``; ``winner`` is -1 for a tie.
    """
    return score_totals(points0, TOTAL_POINTS - points0, cards0, cards1, params)


@njit(inline="always")
def score_totals(points0, points1, cards0, cards1, params):
    """:func:`score_deal` from both sides' points (card points plus, under the rule
    ``marriages``, their bonuses): the side with more points wins (more than 60 when
    they add up to 120)."""
    if points0 == points1:
        if params[P_TIEBREAK] != 0 and cards0 != cards1:
            return K_TIEBREAK, (0 if cards0 > cards1 else 1), 1
        return K_TIE, -1, 0
    winner = 0 if points0 > points1 else 1
    won = points0 if winner == 0 else points1
    at = params[P_DOUBLE_AT]
    if at > 0 and won >= at:
        return K_DOUBLE, winner, 2
    return K_SINGLE, winner, 1


@njit(inline="always")
def score_mexican(points0):
    """Rule ``mexican``: a side that took 11 card points or more loses; the side kept
    under 11 wins the deal (1 game point); when both took 11 or more, a tie."""
    if points0 < MEXICAN_LIMIT:
        return K_SINGLE, 0, 1
    if TOTAL_POINTS - points0 < MEXICAN_LIMIT:
        return K_SINGLE, 1, 1
    return K_TIE, -1, 0


@njit(inline="always")
def marriage_bonus(won, trump, d):
    """Rule ``marriages``: the bonus points of the side that captured the cards ``won``
    (a mask): 40 for the king and knight of the trump suit, 20 for those of another suit
    (``d``: the deck's bit layout)."""
    bonus = 0
    for s in range(4):
        m = MARRIAGE_MASKS[d, s]
        if (won & m) == m:
            bonus += MARRIAGE_TRUMP if s == trump else MARRIAGE_PLAIN
    return bonus


@njit(inline="always")
def score_three(p0, p1, p2, c0, c1, c2, params):
    """Three players, each for themselves: the seat with the most card points wins the deal
    (``double_at``: two game points with at least that many).  Seats level at the top:
    with ``tiebreak_cards`` the one of them that took strictly the most cards wins
    (``K_TIEBREAK``), else (or with equal cards) the deal is a tie.
    Returns ``(kind, winner, game_points)``; ``winner`` is -1 for a tie."""
    top = max(p0, max(p1, p2))
    n_top = int(p0 == top) + int(p1 == top) + int(p2 == top)
    if n_top > 1:
        if params[P_TIEBREAK] != 0:
            b0 = c0 if p0 == top else -1
            b1 = c1 if p1 == top else -1
            b2 = c2 if p2 == top else -1
            most = max(b0, max(b1, b2))
            if int(b0 == most) + int(b1 == most) + int(b2 == most) == 1:
                return K_TIEBREAK, (0 if b0 == most else (1 if b1 == most else 2)), 1
        return K_TIE, -1, 0
    winner = 0 if p0 == top else (1 if p1 == top else 2)
    at = params[P_DOUBLE_AT]
    if at > 0 and top >= at:
        return K_DOUBLE, winner, 2
    return K_SINGLE, winner, 1
