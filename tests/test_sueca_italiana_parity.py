"""The jitted Sueca Italiana kernels against the plain-Python reference, deal for deal:
auction, call, partner, every card played, tricks, points and scores.

Every table seats both built-in strategies, so that one compiled kernel (one lineup)
serves all the tests; parameters (margin, alone_at) change at run time only.
"""
import pytest

import simcore
import sueca_italiana_reference as ref
from simcore.cards import FRENCH40
from simcore.games import get_game

MIXES = [
    ("random", "random", "greedy", "random", "random"),
    ("greedy", "greedy", "greedy", "random", "greedy"),
    ("greedy(margin=10)", "random(margin=-8)", "greedy", "random(alone_at=95)", "greedy"),
    ("greedy(alone_at=60)", "random", "greedy(margin=-20)", "random(alone_at=80)",
     "greedy(margin=25)"),
    ("greedy(alone_at=90)", "greedy(alone_at=90)", "greedy(alone_at=90)",
     "greedy(alone_at=90)", "random"),
    ("greedy(margin=60)", "random(margin=60)", "greedy(margin=60)", "random(margin=40)",
     "greedy(margin=60)"),                     # nobody bids most of the time
]
RULESETS = [{}, {"call_own_card": False}]


def card(name):
    return FRENCH40.parse_card(name)


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
    assert (res["made"], res["declarer_points"], res["game_points"], res["outcome"]) == \
        (exp["made"], exp["declarer_points"], exp["game_points"], exp["outcome"])


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("strategies", MIXES)
def test_kernel_matches_reference_deal_for_deal(strategies, rules):
    recs = list(simcore.game_records("sueca_italiana", deals=40, seed=7,
                                     strategies=strategies, rules=rules))
    for d, rec in enumerate(recs):
        assert rec["deal"] == d
        compare(rec, ref.play_deal(7, d, strategies, rules))


def test_the_mixes_reach_every_outcome_and_the_forced_zero():
    """The parity tables above are not all plain: they hold alone declarers, failed and
    made contracts, and deals where all five passed."""
    outcomes, zero = set(), 0
    for strategies in MIXES:
        for d in range(40):
            e = ref.play_deal(7, d, strategies)
            outcomes.add(e["outcome"])
            zero += e["contract"] == 0 and e["bids"] == [None] * 5
    assert outcomes == {"made", "failed", "alone_made", "alone_failed"}
    assert zero >= 10


@pytest.mark.parametrize("dealer", [0, 4])
def test_fixed_dealer_matches_reference(dealer):
    strategies = MIXES[2]
    recs = list(simcore.game_records("sueca_italiana", deals=20, seed=3, strategies=strategies,
                                     dealer=dealer))
    for d, rec in enumerate(recs):
        compare(rec, ref.play_deal(3, d, strategies, None, dealer))


def test_batch_records_match_the_reference():
    """simulate's record arrays hold the same deals as the reference."""
    g = get_game("sueca_italiana")
    strategies = MIXES[3]
    setup = g.setup({}, strategies)
    out = g.run_chunk(setup, 11, 500, 60)
    for i, row in enumerate(out):
        e = ref.play_deal(11, 500 + i, strategies)
        assert row["deal"] == 500 + i
        assert [row[f"seat{s}_bid"] for s in range(5)] == \
            [-1 if b is None else b for b in (e["bids"][(s - e["dealer"]) % 5]
                                              for s in range(5))]
        assert (row["declarer"], row["partner"], row["called_card"], row["contract"]) == \
            (e["declarer"], e["partner"], e["called_card"], e["contract"])
        assert [row[f"points_seat{s}"] for s in range(5)] == e["points"]
        assert [row[f"score_seat{s}"] for s in range(5)] == e["game_points"]
        assert bool(row["made"]) == e["made"]
        assert row["declarer_points"] == e["declarer_points"]


@pytest.mark.parametrize("rules", [{}, {"target": 5, "call_own_card": False}])
def test_matches_match_reference(rules):
    g = get_game("sueca_italiana")
    strategies = MIXES[1]
    setup = g.setup(rules, strategies)
    out = g.run_rubber_chunk(setup, 5, 0, 8)
    for m, row in enumerate(out):
        e = ref.play_match(5, m, strategies, rules)
        assert row["first_dealer"] == e["first_dealer"]
        assert row["winner"] == e["winner"]
        assert row["deals"] == len(e["deals"])
        assert [row[f"score_seat{s}"] for s in range(5)] == e["totals"]


def test_match_records_match_reference():
    strategies = MIXES[2]
    recs = list(simcore.game_records("sueca_italiana", deals=3, seed=2, strategies=strategies,
                                     rubbers=True))
    k = 0
    for m in range(3):
        e = ref.play_match(2, m, strategies)
        for j, d in enumerate(e["deals"]):
            rec = recs[k]
            assert (rec["deal"], rec["match"], rec["deal_in_match"]) == (k, m, j)
            assert rec["game_points_before"] == d["game_points_before"]
            compare(rec, d)
            k += 1
    assert k == len(recs)
