"""Brisca rematada scoring: pure functions (jitted, callable from Python too).

The rules are in ``docs/games/brisca_rematada.md`` ("Scoring a deal", "Matches") and are
tested case by case in ``tests/test_brisca_rematada_scoring.py``.
"""
from .._jit import njit
from .enums import LAST_TRICK


@njit
def declarer_total(card_points, marriage_points, last_trick, discard_points):
    """The declarer's total: its tricks' card points, its marriages, 10 if it won the last
    trick (``last_trick`` true) and its two discards' card points."""
    return card_points + marriage_points + (LAST_TRICK if last_trick else 0) + discard_points


@njit
def score_deal(total, contract):
    """``(made, declarer's score, each defender's score)``: the contract to the declarer
    when its total reaches it; otherwise half of it, rounded up, to each defender."""
    if total >= contract:
        return True, contract, 0
    return False, 0, (contract + 1) // 2


@njit
def match_winner(s0, s1, s2, target):
    """The seat that wins a match whose totals are ``s0, s1, s2`` after a deal: the one with
    strictly the highest total when that total has reached ``target``; -1 while the match
    goes on (nobody at the target, or the highest total shared)."""
    top = max(s0, max(s1, s2))
    if top < target:
        return -1
    n = (s0 == top) + (s1 == top) + (s2 == top)
    if n > 1:
        return -1
    if s0 == top:
        return 0
    return 1 if s1 == top else 2
