"""Sueca Italiana deal scoring: pure jitted functions (callable from Python too).

The table is in ``docs/games/sueca_italiana.md`` and is tested case by case in
``tests/test_sueca_italiana_scoring.py``.
"""
from .._jit import njit
from .enums import O_ALONE_FAILED, O_ALONE_MADE, O_FAILED, O_MADE


@njit
def game_points(contract):
    """Game points each player of the winning side scores, by the contract."""
    if contract <= 70:          # 0 and 61..70
        return 1
    if contract <= 80:
        return 2
    if contract <= 90:
        return 3
    if contract <= 100:
        return 4
    if contract <= 119:
        return 5
    return 6


@njit
def needed(contract):
    """Card points the declarer's side needs: the bid, 61 for a bid of 0."""
    return 61 if contract == 0 else contract


@njit
def score_deal(contract, declarer_points, alone):
    """``(made, game points, outcome code)`` of a finished deal: ``declarer_points`` are
    the card points of the declarer's side, ``alone`` whether the declarer had no partner."""
    made = declarer_points >= needed(contract)
    if alone:
        oc = O_ALONE_MADE if made else O_ALONE_FAILED
    else:
        oc = O_MADE if made else O_FAILED
    return made, game_points(contract), oc
