"""The jitted Sueca kernels against the plain-Python reference, deal for deal."""
import numpy as np
import pytest

import simcore
import sueca_reference as ref
from simcore.cards import FRENCH40
from simcore.games import get_game

MIXES = [("random",) * 4, ("greedy",) * 4, ("greedy", "random", "random", "greedy"),
         ("random", "greedy", "greedy", "random")]
RULESETS = [{}, {"trump_card": "dealer_first"}, {"redraw_point_trump": True},
            {"pente": True, "triple_at_30": True, "bandeira_by_points": True}]


def card(name):
    return FRENCH40.parse_card(name)


def compare_deal(rec, exp):
    assert rec["dealer"] == exp["dealer"]
    assert card(rec["trump"]) == exp["trump_card"]
    assert [sorted(card(c) for c in h) for h in rec["hands"]] == exp["hands"]
    assert [(s, card(c)) for s, c in rec["plays"]] == list(map(tuple, exp["plays"]))
    assert [(t["leader"], t["winner"], t["points"]) for t in rec["tricks"]] == \
        list(map(tuple, exp["tricks"]))
    assert rec["points"] == exp["points"]
    assert rec["result"]["outcome"] == exp["outcome"]
    assert rec["result"]["winner"] == exp["winner"]
    assert rec["result"]["games"] == max(exp["games"])


@pytest.mark.parametrize("strategies", MIXES)
@pytest.mark.parametrize("rules", RULESETS)
def test_kernel_matches_reference_deal_for_deal(strategies, rules):
    n = 60
    recs = list(simcore.game_records("sueca", deals=n, seed=7, strategies=strategies, rules=rules))
    for d, rec in enumerate(recs):
        exp = ref.play_deal(7, d, strategies, rules)
        assert rec["deal"] == d
        compare_deal(rec, exp)


@pytest.mark.parametrize("dealer", [0, 3])
def test_fixed_dealer_matches_reference(dealer):
    strategies = ("greedy", "random", "greedy", "random")
    recs = list(simcore.game_records("sueca", deals=40, seed=3, strategies=strategies,
                                     dealer=dealer))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(3, d, strategies, None, dealer))


def test_batch_records_match_traced_records_and_reference():
    """simulate's record arrays hold the same deals as the traced records."""
    g = get_game("sueca")
    setup = g.setup({}, ("greedy", "random", "random", "greedy"))
    out = g.run_chunk(setup, 11, 100, 80)
    for i, row in enumerate(out):
        exp = ref.play_deal(11, 100 + i, setup.strategies)
        assert row["deal"] == 100 + i
        assert [row["points_team0"], row["points_team1"]] == exp["points"]
        assert [row["tricks_team0"], row["tricks_team1"]] == exp["tricks_won"]
        assert row["trump_suit"] == exp["trump_suit"]
        assert [row[f"trumps_seat{s}"] for s in range(4)] == exp["trumps"]
        assert [row["games_team0"], row["games_team1"]] == exp["games"]
        labels = simcore.facade.deals_frame("sueca", out[i:i + 1])["outcome"]
        assert labels.iloc[0] == exp["outcome"]


@pytest.mark.parametrize("rules", [{}, {"tie_carry": True, "rubber_games": 5},
                                   {"pente": True, "bandeira_by_points": True, "rubber_games": 10},
                                   {"triple_at_30": True, "redraw_point_trump": True}])
@pytest.mark.parametrize("strategies", [("random",) * 4, ("greedy", "random", "greedy", "random")])
def test_rubbers_match_reference(rules, strategies):
    g = get_game("sueca")
    setup = g.setup(rules, strategies)
    out = g.run_rubber_chunk(setup, 5, 0, 25)
    for r, row in enumerate(out):
        exp = ref.play_rubber(5, r, strategies, rules)
        assert row["winner"] == exp["winner"]
        assert row["deals"] == len(exp["deals"])
        assert [row["games_team0"], row["games_team1"]] == exp["games"]
        assert simcore.facade.rubbers_frame("sueca", out[r:r + 1])["end"].iloc[0] == exp["end"]
        assert row["first_dealer"] == exp["first_dealer"]


def test_rubber_records_match_reference():
    rules = {"tie_carry": True, "pente": True}
    strategies = ("random",) * 4
    recs = list(simcore.game_records("sueca", deals=6, seed=2, strategies=strategies, rules=rules,
                                     rubbers=True))
    k = 0
    for r in range(6):
        exp = ref.play_rubber(2, r, strategies, rules)
        for j, d in enumerate(exp["deals"]):
            rec = recs[k]
            assert rec["deal"] == k and rec["rubber"] == r and rec["deal_in_rubber"] == j
            assert rec["games_before"] == d["games_before"]
            assert rec["carry"] == d["carry_in"]
            compare_deal(rec, d)
            k += 1
    assert k == len(recs)
