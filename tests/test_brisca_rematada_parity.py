"""The jitted Brisca rematada kernels against the plain-Python reference, deal for deal:
the auction, the talon, the discards, trumps, the marriages, the play and the scores, on
every strategy mix and rule option (small deal counts; the three lineups below are the
only kernels these tests compile, with their match kernels)."""
import numpy as np
import pytest

import brisca_rematada_reference as ref
import simcore
from simcore.cards import LATIN32
from simcore.games import get_game

G = "brisca_rematada"
MIXES = [("random",), ("greedy",), ("greedy", "random", "greedy"),
         ("random(margin=-20)", "greedy(margin=15)", "random")]
RULESETS = [{}, {"bid_step": 1}, {"bid_step": 10, "marriages": "twenty_forty"},
            {"marriages": "twenty_forty", "follow": "head"}, {"follow": "none"}]


def card(name):
    return LATIN32.parse_card(name)


def compare_deal(rec, exp):
    assert rec["dealer"] == exp["dealer"]
    assert [sorted(card(c) for c in h) for h in rec["hands"]] == exp["hands"]
    assert [tuple(b) for b in rec["bids"]] == exp["bids"]
    assert rec["declarer"] == exp["declarer"] and rec["contract"] == exp["contract"]
    assert [card(c) for c in rec["talon"]] == exp["talon"]
    assert [card(c) for c in rec["discards"]] == exp["discards"]
    assert "OCEB".index(rec["trump"]) == exp["trump"]
    assert [(s, card(c)) for s, c in rec["plays"]] == exp["plays"]
    assert [(t["leader"], t["winner"], t["points"]) for t in rec["tricks"]] == exp["tricks"]
    assert [(m["seat"], "OCEB".index(m["suit"]), m["trick"], m["points"])
            for m in rec["marriages"]] == exp["marriages"]
    assert rec["points"] == exp["points"]
    assert rec["score"] == exp["score"]
    assert rec["result"] == {"made": exp["made"], "outcome": exp["outcome"]}


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("strategies", MIXES)
def test_kernel_matches_reference_deal_for_deal(strategies, rules):
    n = 40
    recs = list(simcore.game_records(G, deals=n, seed=7, strategies=strategies, rules=rules))
    assert len(recs) == n
    for d, rec in enumerate(recs):
        assert rec["deal"] == d
        compare_deal(rec, ref.play_deal(7, d, strategies, rules))


@pytest.mark.parametrize("dealer", [0, 2])
def test_fixed_dealer_matches_reference(dealer):
    strategies = ("greedy", "random", "random")
    recs = list(simcore.game_records(G, deals=30, seed=3, strategies=strategies, dealer=dealer))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(3, d, strategies, None, dealer))


def test_batch_records_match_the_reference():
    """simulate's record arrays (no trace) hold the same deals as the reference."""
    g = get_game(G)
    rules = {"bid_step": 1}
    setup = g.setup(rules, ("greedy", "random", "greedy"))
    out = g.run_chunk(setup, 11, 200, 120)
    for i, row in enumerate(out):
        e = ref.play_deal(11, 200 + i, setup.strategies, rules)
        assert row["deal"] == 200 + i
        assert row["declarer"] == e["declarer"] and row["contract"] == e["contract"]
        assert bool(row["forced"]) == e["forced"] and row["trump_suit"] == e["trump"]
        assert bool(row["made"]) == e["made"]
        assert row["turns"] == len(e["bids"])
        assert row["declarer_points"] == e["points"][e["declarer"]]
        assert row["discard_points"] == e["discard_points"]
        assert row["talon_points"] == sum(ref.points_of(c) for c in e["talon"])
        assert row["last_trick_seat"] == e["last_trick"]
        assert row["declarer_marriages"] == sum(1 for m in e["marriages"]
                                                if m[0] == e["declarer"])
        kept = set(e["hands"][e["declarer"]]) | set(e["talon"])
        kept -= set(e["discards"])
        assert row["declarer_trumps"] == sum(1 for c in kept if ref.suit_of(c) == e["trump"])
        for s in range(3):
            assert row[f"points_seat{s}"] == e["points"][s]
            assert row[f"score_seat{s}"] == e["score"][s]
            assert row[f"marriages_seat{s}"] == e["marriage_points"][s]
            bids = [b for seat, b in e["bids"] if seat == s and b is not None]
            assert row[f"bid_seat{s}"] == (max(bids) if bids else 0)
        frame = simcore.facade.deals_frame(G, out[i:i + 1])
        assert frame["outcome"].iloc[0] == e["outcome"]


def test_reference_stream_use_is_the_documented_count():
    """16 + A + 2 + 20 outputs a deal, A the documented auction outputs per rule set."""
    for rules, a in (({}, 21), ({"bid_step": 1}, 97), ({"bid_step": 10}, 11),
                     ({"marriages": "twenty_forty", "bid_step": 1}, 67),
                     ({"marriages": "twenty_forty"}, 15),
                     ({"marriages": "twenty_forty", "bid_step": 10}, 8)):
        for d in range(3):
            assert ref.play_deal(5, d, ("random",), rules)["outputs"] == 16 + a + 2 + 20


@pytest.mark.parametrize("rules", [{}, {"target": 300, "bid_step": 10, "follow": "none"},
                                   {"marriages": "twenty_forty", "bid_step": 1,
                                    "follow": "head"}])
@pytest.mark.parametrize("strategies", [("random",), ("greedy", "random", "greedy")])
def test_matches_match_reference(rules, strategies):
    """Whole matches: one stream per match, deal after deal (the stream goes on where the
    deal before stopped, so every deal's output count is checked too)."""
    g = get_game(G)
    setup = g.setup(rules, strategies)
    out = g.run_rubber_chunk(setup, 5, 0, 6)
    for m, row in enumerate(out):
        e = ref.play_match(5, m, strategies, rules)
        assert row["match"] == m and row["first_dealer"] == e["first_dealer"]
        assert row["winner"] == e["winner"] and row["deals"] == len(e["deals"])
        assert [row[f"score_seat{s}"] for s in range(3)] == e["scores"]


def test_match_records_match_reference():
    strategies = ("greedy", "random", "greedy")
    rules = {"target": 300}
    recs = list(simcore.game_records(G, deals=3, seed=2, strategies=strategies, rules=rules,
                                     rubbers=True))
    k = 0
    for m in range(3):
        e = ref.play_match(2, m, strategies, rules)
        for j, d in enumerate(e["deals"]):
            rec = recs[k]
            assert rec["deal"] == k and rec["match"] == m and rec["deal_in_match"] == j
            assert rec["scores_before"] == d["scores_before"]
            compare_deal(rec, d)
            k += 1
    assert k == len(recs)


def test_same_deals_for_any_thread_count_and_chunk_size():
    a = simcore.simulate(G, deals=9000, seed=4, strategies=("greedy", "random", "greedy"),
                         threads=1, keep_deals=True).frame
    b = simcore.simulate(G, deals=9000, seed=4, strategies=("greedy", "random", "greedy"),
                         threads=2, chunk=1000, keep_deals=True).frame
    assert a.equals(b)
