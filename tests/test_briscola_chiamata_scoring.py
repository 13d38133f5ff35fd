"""Briscola chiamata deal scoring: a table of hand-computed cases (docs/games/
briscola_chiamata.md): zero-sum scores, the declarer alone, cappotto."""
import pytest

from simcore.briscola_chiamata import enums as E
from simcore.briscola_chiamata.scoring import score_deal

# (contract, declarer side's points, alone) ->
#     (made, cappotto, declarer, partner, each defender, outcome)
CASES = [
    (61, 61, False, True, False, 2, 1, -1, "made"),
    (61, 60, False, False, False, -2, -1, 1, "failed"),       # 60-60: the defenders win
    (75, 74, False, False, False, -2, -1, 1, "failed"),
    (75, 75, False, True, False, 2, 1, -1, "made"),
    (61, 120, False, True, True, 4, 2, -2, "made"),           # cappotto: doubled
    (61, 0, False, False, True, -4, -2, 2, "failed"),         # the defenders took 120
    (90, 120, True, True, True, 8, 0, -2, "alone_made"),
    (61, 61, True, True, False, 4, 0, -1, "alone_made"),
    (61, 59, True, False, False, -4, 0, 1, "alone_failed"),
    (120, 119, False, False, False, -2, -1, 1, "failed"),
    (120, 120, False, True, True, 4, 2, -2, "made"),
]


@pytest.mark.parametrize("contract,points,alone,made,cap,d,p,o,label", CASES)
def test_score_table_hand_computed_cases(contract, points, alone, made, cap, d, p, o, label):
    got = score_deal(contract, points, alone)
    assert (bool(got[0]), bool(got[1]), got[2], got[3], got[4], E.OUTCOME_LABELS[got[5]]) == \
        (made, cap, d, p, o, label)
    # every deal is zero-sum: 3 defenders with a partner, 4 alone
    assert d + (0 if alone else p) + (4 if alone else 3) * o == 0
