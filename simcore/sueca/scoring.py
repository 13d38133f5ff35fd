"""Sueca deal scoring: one pure function (jitted, callable from Python too).

The table it implements is in ``docs/games/sueca.md`` and is tested case by
case in ``tests/test_sueca_scoring.py``.
"""
from .._jit import njit
from .enums import (K_BANDEIRA, K_DOUBLE, K_PENTE, K_POINTS_BANDEIRA, K_TIE, K_TRIPLE, K_SINGLE,
                    N_TRICKS, P_BANDEIRA_BY_POINTS, P_PENTE, P_RUBBER_GAMES, P_TRIPLE_AT_30,
                    TOTAL_POINTS)


@njit
def score_deal(points0, tricks0, params, carry):
    """Score a finished deal.

    ``points0``/``tricks0``: team 0's card points and tricks; ``params``: the
    rule vector (:func:`simcore.sueca.enums.params`); ``carry``: extra games
    this deal is worth after ties (``tie_carry``).
    Returns ``(kind, winner, games)``; ``winner`` is -1 for a tie.
    """
    points1 = TOTAL_POINTS - points0
    tricks1 = N_TRICKS - tricks0
    whole = params[P_RUBBER_GAMES]
    if tricks0 == N_TRICKS:
        return K_BANDEIRA, 0, whole
    if tricks1 == N_TRICKS:
        return K_BANDEIRA, 1, whole
    if params[P_BANDEIRA_BY_POINTS] != 0:
        if points0 == TOTAL_POINTS:
            return K_POINTS_BANDEIRA, 0, whole
        if points1 == TOTAL_POINTS:
            return K_POINTS_BANDEIRA, 1, whole
    if points0 == points1:
        return K_TIE, -1, 0
    winner = 0 if points0 > points1 else 1
    lost = points1 if winner == 0 else points0
    won = TOTAL_POINTS - lost
    if params[P_PENTE] != 0 and lost <= 29:
        return K_PENTE, winner, 4 + carry
    if params[P_TRIPLE_AT_30] != 0 and lost == 30:
        return K_TRIPLE, winner, 3 + carry
    if won >= 91:
        return K_DOUBLE, winner, 2 + carry
    return K_SINGLE, winner, 1 + carry
