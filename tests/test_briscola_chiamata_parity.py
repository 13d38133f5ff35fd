"""The jitted Briscola chiamata kernels against the plain-Python reference, deal for deal:
the auction turn by turn, the call, the partner, every card played, tricks, points, scores.

Every table seats both built-in strategies, so that one compiled kernel (one lineup)
serves all the tests; parameters and rule options change at run time only.
"""
import pytest

import simcore
import briscola_chiamata_reference as ref
from simcore.cards import LATIN40
from simcore.games import get_game

MIXES = [
    ("random", "random", "greedy", "random", "random"),
    ("greedy", "greedy", "greedy", "random", "greedy"),
    ("greedy(margin=10)", "random(margin=-8)", "greedy", "random", "greedy(margin=-15)"),
    ("greedy(margin=40)", "random(margin=40)", "greedy(margin=40)", "random(margin=30)",
     "greedy(margin=40)"),                      # all pass now and then
]
RULESETS = [{}, {"chiamata_buia": True}, {"points_only": True},
            {"points_only": True, "chiamata_buia": True}]


def card(name):
    return None if name is None else LATIN40.parse_card(name)


def compare(rec, exp):
    assert rec["dealer"] == exp["dealer"]
    assert [sorted(card(c) for c in h) for h in rec["hands"]] == exp["hands"]
    assert rec["bids"] == exp["bids"]
    assert (rec["declarer"], rec["contract"]) == (exp["declarer"], exp["contract"])
    assert card(rec["called_card"]) == exp["called_card"]
    assert rec["partner"] == exp["partner"]
    assert [(s, card(c)) for s, c in rec["plays"]] == exp["plays"]
    assert [(t["leader"], t["winner"], t["points"]) for t in rec["tricks"]] == exp["tricks"]
    assert rec["points"] == exp["points"]
    res = rec["result"]
    assert (res["made"], res["declarer_points"], res["scores"], res["cappotto"],
            res["outcome"]) == (exp["made"], exp["declarer_points"], exp["scores"],
                                exp["cappotto"], exp["outcome"])


@pytest.mark.parametrize("rules", RULESETS, ids=["standard", "buia", "points", "points+buia"])
@pytest.mark.parametrize("strategies", MIXES)
def test_kernel_matches_reference_deal_for_deal(strategies, rules):
    recs = list(simcore.game_records("briscola_chiamata", deals=40, seed=7,
                                     strategies=strategies, rules=rules))
    for d, rec in enumerate(recs):
        assert rec["deal"] == d
        compare(rec, ref.play_deal(7, d, strategies, rules))


def test_the_mixes_reach_every_outcome_cappotto_and_point_bids():
    """The parity tables above are not all plain: every outcome, cappotti, point bids after
    the 2, and the called card played in the first trick under chiamata buia."""
    outcomes, cappotto, points, early = set(), 0, 0, 0
    for rules in RULESETS:
        for strategies in MIXES:
            for d in range(40):
                e = ref.play_deal(7, d, strategies, rules)
                outcomes.add(e["outcome"])
                cappotto += e["cappotto"]
                points += any(isinstance(b, int) for b in e["bids"]) and not rules
                early += rules.get("chiamata_buia", False) and e["called_card"] in \
                    [c for _, c in e["plays"][:5]]
    assert outcomes == {"passed_out", "made", "failed", "alone_made", "alone_failed"}
    assert cappotto >= 2 and points >= 20 and early >= 3


@pytest.mark.parametrize("dealer", [1, 4])
def test_fixed_dealer_matches_reference(dealer):
    strategies = MIXES[2]
    recs = list(simcore.game_records("briscola_chiamata", deals=20, seed=3,
                                     strategies=strategies, dealer=dealer))
    for d, rec in enumerate(recs):
        compare(rec, ref.play_deal(3, d, strategies, None, dealer))


def test_batch_records_match_the_reference():
    g = get_game("briscola_chiamata")
    strategies = MIXES[1]
    setup = g.setup({"chiamata_buia": True}, strategies)
    out = g.run_chunk(setup, 11, 300, 60)
    for i, row in enumerate(out):
        e = ref.play_deal(11, 300 + i, strategies, {"chiamata_buia": True})
        assert row["deal"] == 300 + i and row["turns"] == len(e["bids"])
        assert [row[f"points_seat{s}"] for s in range(5)] == e["points"]
        assert [row[f"score_seat{s}"] for s in range(5)] == e["scores"]
        assert row["declarer"] == (-1 if e["declarer"] is None else e["declarer"])
        assert row["contract"] == (e["contract"] or 0)


@pytest.mark.parametrize("rules", [{}, {"match_deals": 10, "chiamata_buia": True}])
def test_matches_match_reference(rules):
    g = get_game("briscola_chiamata")
    strategies = MIXES[3]
    setup = g.setup(rules, strategies)
    out = g.run_rubber_chunk(setup, 5, 0, 6)
    for m, row in enumerate(out):
        e = ref.play_match(5, m, strategies, rules)
        assert row["first_dealer"] == e["first_dealer"]
        assert row["winner"] == (-1 if e["winner"] is None else e["winner"])
        assert row["deals"] == len(e["deals"])
        assert [row[f"score_seat{s}"] for s in range(5)] == e["totals"]


def test_match_records_match_reference():
    strategies = MIXES[2]
    recs = list(simcore.game_records("briscola_chiamata", deals=3, seed=2,
                                     strategies=strategies, rubbers=True))
    k = 0
    for m in range(3):
        e = ref.play_match(2, m, strategies)
        for j, d in enumerate(e["deals"]):
            rec = recs[k]
            assert (rec["deal"], rec["match"], rec["deal_in_match"]) == (k, m, j)
            assert rec["scores_before"] == d["scores_before"]
            compare(rec, d)
            k += 1
    assert k == len(recs)
