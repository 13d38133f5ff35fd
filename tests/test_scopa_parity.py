"""The jitted Scopa kernels against the plain-Python reference, deal for deal."""
import os
import sys

import pytest

import simcore
from simcore.scopa.enums import DECK
from simcore.games import get_game

sys.path.insert(0, os.path.dirname(__file__))
import scopa_reference as ref  # noqa: E402

card = DECK.parse_card


def mixes(n):
    out = [("random",) * n, ("greedy",) * n, tuple(("greedy", "random")[s % 2] for s in range(n)),
           tuple(("random", "greedy")[s % 2] for s in range(n))]
    if n == 3:
        out.append(("greedy", "greedy", "random"))
    return out


CASES = [(n, m) for n in (2, 3, 4) for m in mixes(n)]
MUST_CAPTURE = ("any_card", "played_card")
RULESETS = [{"kings_relay": 4, "last_play_scopa": True}, {"kings_relay": None},
            {"teams": False}, {"must_capture": "played_card", "last_play_scopa": True},
            {"must_capture": "any_card", "teams": False}]


def compare_deal(rec, exp):
    assert rec["dealer"] == exp["dealer"]
    assert rec["relays"] == exp["relays"]
    assert [card(c) for c in rec["table"]] == list(exp["table"])
    assert [[sorted(card(c) for c in h) for h in rnd] for rnd in rec["hands"]] == \
        [[sorted(h) for h in rnd] for rnd in exp["hands"]]
    assert [(s, card(c), sorted(card(x) for x in cap)) for s, c, cap in rec["plays"]] == \
        [(s, c, sorted(cap)) for s, c, cap in exp["plays"]]
    assert rec["last_capture"] == exp["last_capture"]
    assert rec["score"] == [dict(s) for s in exp["score"]]
    assert rec["result"]["outcome"] == exp["outcome"]
    assert rec["result"]["winner"] == exp["winner"]


@pytest.mark.parametrize("must_capture", MUST_CAPTURE)
@pytest.mark.parametrize("players,strategies", CASES)
def test_kernel_matches_reference_deal_for_deal(players, strategies, must_capture):
    n = 100
    rules = {"must_capture": must_capture}
    recs = list(simcore.game_records("scopa", deals=n, seed=11, strategies=strategies,
                                     players=players, rules=rules))
    assert len(recs) == n
    for d, rec in enumerate(recs):
        assert rec["deal"] == d
        assert rec["rules"]["must_capture"] == must_capture
        compare_deal(rec, ref.play_deal(11, d, strategies, rules, players))


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_variants_match_reference(players, rules):
    strategies = tuple(("greedy", "random")[s % 2] for s in range(players))
    recs = list(simcore.game_records("scopa", deals=50, seed=5, strategies=strategies,
                                     players=players, rules=rules))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(5, d, strategies, rules, players))


@pytest.mark.parametrize("players,dealer", [(2, 1), (3, 2), (4, 3)])
def test_fixed_dealer_matches_reference(players, dealer):
    strategies = tuple(("random", "greedy")[s % 2] for s in range(players))
    recs = list(simcore.game_records("scopa", deals=30, seed=3, strategies=strategies,
                                     players=players, dealer=dealer))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(3, d, strategies, None, players, dealer))


def test_relays_happen_and_match_reference():
    # relays are rare (about 1 deal in 40 with 3 kings); find some and compare them
    strategies = ("greedy", "random")
    g = get_game("scopa")
    setup = g.setup({}, strategies, players=2)
    rows = g.run_chunk(setup, 21, 0, 4000)
    hits = [int(d) for d in rows["deal"][rows["relays"] > 0][:15]]
    assert hits
    for d in hits:
        rec = g.records(setup, 21, d, 1)[0]
        assert rec["relays"] > 0
        compare_deal(rec, ref.play_deal(21, d, strategies, None, 2))


@pytest.mark.parametrize("players,rules", [(2, {}), (3, {"target": 16}),
                                           (4, {"teams": False, "last_play_scopa": True}),
                                           (4, {"target": 21}),
                                           (2, {"must_capture": "played_card"}),
                                           (3, {"must_capture": "played_card"})])
def test_matches_match_reference(players, rules):
    strategies = tuple(("greedy", "random")[s % 2] for s in range(players))
    g = get_game("scopa")
    setup = g.setup(rules, strategies, players=players)
    first = 0
    for m in range(12):
        exp = ref.play_match(9, m, strategies, rules, players)
        recs = g.rubber_records(setup, 9, m, first)
        first += len(recs)
        assert len(recs) == len(exp["deals"])
        for rec, e in zip(recs, exp["deals"]):
            compare_deal(rec, e)
            assert rec["points_before"] == e["points_before"]
        row = g.run_rubber_chunk(setup, 9, m, 1)[0]
        assert row["winner"] == exp["winner"]
        assert row["first_dealer"] == exp["first_dealer"]
        assert [int(row[f"points_side{s}"]) for s in range(len(exp["points"]))] == exp["points"]
        assert row["deals"] == len(exp["deals"])
