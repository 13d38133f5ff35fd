"""Brisca deal scoring: one pure function (jitted, callable from Python too).

The rules are in ``docs/games/brisca.md`` ("Scoring a deal") and are tested in
``tests/test_brisca_rules.py``.
"""
from .._jit import njit
from .enums import K_DOUBLE, K_TIE, K_TIEBREAK, K_WIN, P_DOUBLE_AT, P_TIEBREAK, TOTAL_POINTS


@njit(inline="always")
def score_deal(points0, cards0, cards1, params):
    """Score a finished deal from side 0's card points and both sides' card counts.

    Returns ``(kind, winner, game_points)``; ``winner`` is -1 for a tie.
    """
    points1 = TOTAL_POINTS - points0
    if points0 == points1:
        if params[P_TIEBREAK] != 0 and cards0 != cards1:
            return K_TIEBREAK, (0 if cards0 > cards1 else 1), 1
        return K_TIE, -1, 0
    winner = 0 if points0 > points1 else 1
    won = points0 if winner == 0 else points1
    at = params[P_DOUBLE_AT]
    if at > 0 and won >= at:
        return K_DOUBLE, winner, 2
    return K_WIN, winner, 1
