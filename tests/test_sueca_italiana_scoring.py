"""Sueca Italiana deal scoring: a table of hand-computed cases (docs/games/sueca_italiana.md)."""
import pytest

from simcore.sueca_italiana import enums as E
from simcore.sueca_italiana.scoring import game_points, needed, score_deal

# contract -> game points to each winner
GAME_POINTS = [(0, 1), (61, 1), (70, 1), (71, 2), (80, 2), (81, 3), (90, 3), (91, 4),
               (100, 4), (101, 5), (119, 5), (120, 6)]


@pytest.mark.parametrize("contract,g", GAME_POINTS)
def test_game_points_by_contract(contract, g):
    assert game_points(contract) == g


# (contract, declarer side's points, alone) -> (made, game points, outcome)
CASES = [
    (0, 61, False, True, 1, "made"),          # a contract of 0 needs 61
    (0, 60, False, False, 1, "failed"),
    (61, 61, False, True, 1, "made"),
    (61, 60, False, False, 1, "failed"),
    (75, 75, False, True, 2, "made"),         # reaching the bid is enough
    (75, 74, True, False, 2, "alone_failed"),
    (88, 120, True, True, 3, "alone_made"),
    (95, 94, False, False, 4, "failed"),
    (101, 101, False, True, 5, "made"),
    (119, 118, False, False, 5, "failed"),
    (120, 120, False, True, 6, "made"),
    (120, 119, True, False, 6, "alone_failed"),
    (0, 0, True, False, 1, "alone_failed"),
]


@pytest.mark.parametrize("contract,points,alone,made,g,label", CASES)
def test_score_table_hand_computed_cases(contract, points, alone, made, g, label):
    got_made, got_g, oc = score_deal(contract, points, alone)
    assert (bool(got_made), got_g, E.OUTCOME_LABELS[oc]) == (made, g, label)
    assert needed(contract) == (61 if contract == 0 else contract)
