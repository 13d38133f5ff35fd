"""Sueca deal scoring: a table of hand-computed cases for every variant."""
import pytest

from simcore.sueca import enums as E
from simcore.sueca.scoring import score_deal

STD = {}
ALL = {"bandeira_by_points": True, "pente": True, "triple_at_30": True}

# (rules, points0, tricks0, carry) -> (label, games0, games1)
CASES = [
    (STD, 60, 5, 0, "tie", 0, 0),
    (STD, 61, 5, 0, "team0_single", 1, 0),
    (STD, 90, 6, 0, "team0_single", 1, 0),
    (STD, 91, 7, 0, "team0_double", 2, 0),
    (STD, 120, 9, 0, "team0_double", 2, 0),       # 120 points but a trick lost
    (STD, 120, 10, 0, "team0_bandeira", 4, 0),
    (STD, 0, 0, 0, "team1_bandeira", 0, 4),
    (STD, 59, 4, 0, "team1_single", 0, 1),
    (STD, 29, 3, 0, "team1_double", 0, 2),
    (STD, 30, 3, 0, "team1_single", 0, 1),
    (STD, 75, 5, 2, "team0_single", 3, 0),           # a carry adds games
    ({"rubber_games": 10}, 120, 10, 0, "team0_bandeira", 10, 0),
    ({"bandeira_by_points": True}, 120, 9, 0, "team0_points_bandeira", 4, 0),
    ({"bandeira_by_points": True}, 0, 1, 0, "team1_points_bandeira", 0, 4),
    ({"bandeira_by_points": True, "rubber_games": 5}, 120, 8, 0, "team0_points_bandeira", 5, 0),
    ({"pente": True}, 91, 7, 0, "team0_pente", 4, 0),   # losers 29
    ({"pente": True}, 90, 7, 0, "team0_single", 1, 0),     # losers 30: not a pente
    ({"pente": True}, 5, 2, 0, "team1_pente", 0, 4),
    ({"pente": True}, 60, 5, 0, "tie", 0, 0),
    ({"triple_at_30": True}, 90, 6, 0, "team0_triple", 3, 0),
    ({"triple_at_30": True}, 30, 3, 0, "team1_triple", 0, 3),
    ({"triple_at_30": True}, 91, 6, 0, "team0_double", 2, 0),
    ({"triple_at_30": True}, 30, 3, 1, "team1_triple", 0, 4),
    (ALL, 120, 9, 0, "team0_points_bandeira", 4, 0),
    (ALL, 100, 8, 0, "team0_pente", 4, 0),
    (ALL, 30, 2, 0, "team1_triple", 0, 3),
    (ALL, 120, 10, 0, "team0_bandeira", 4, 0),
    (ALL, 120, 10, 3, "team0_bandeira", 4, 0),      # a carry does not touch a bandeira
]


@pytest.mark.parametrize("rules,points0,tricks0,carry,label,g0,g1", CASES)
def test_score_table_hand_computed_cases(rules, points0, tricks0, carry, label, g0, g1):
    params = E.params(E.RULES.resolve(rules))
    kind, winner, games = score_deal(points0, tricks0, params, carry)
    code = E.outcome_code(kind, winner)
    assert E.OUTCOME_LABELS[code] == label
    assert (games if winner == 0 else 0, games if winner == 1 else 0) == (g0, g1)


@pytest.mark.parametrize("points0", range(0, 121))
def test_scoring_is_symmetric_between_teams(points0):
    params = E.params(E.RULES.resolve(ALL))
    for tricks0 in (1, 5, 9):
        k0, w0, g0 = score_deal(points0, tricks0, params, 0)
        k1, w1, g1 = score_deal(120 - points0, 10 - tricks0, params, 0)
        assert (k0, g0) == (k1, g1)
        assert w0 == (-1 if w1 == -1 else 1 - w1)


def test_scoring_name_lists_variants_in_force():
    assert E.scoring_name(E.RULES.resolve({})) == "standard"
    assert E.scoring_name(E.RULES.resolve({"tie_carry": "true", "pente": "true"})) == "pente+tie_carry"
