"""Sueca Italiana through the command line and the Python API, as every game: simulate
(with its contract tables), matches, records checked by check-records, rules and
strategies listings, compare with five sides, one-line errors."""
import json

import numpy as np
import pytest

import simcore
from experiments.cli import main
from simcore.duplicate import compare

SEATS = "random,greedy,random,greedy,random"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_contract_tables(capsys):
    code, out, _ = run(capsys, "simulate", "sueca_italiana", "-n", "20000", "--seed", "1",
                       "--seats", SEATS)
    assert code == 0
    for text in ("made by contract", "81-90", "declarer seat", "all passed",
                 "contract: mean", "95% interval", "deals/s"):
        assert text in out, text


def test_summary_tables_add_up():
    s = simcore.simulate("sueca_italiana", deals=20000, seed=2, strategies=SEATS.split(","),
                         threads=2).summary
    n = s["deals"]
    assert sum(e["count"] for e in s["contracts"].values()) == n
    assert sum(e["count"] for e in s["declarer_seat"].values()) == n
    assert sum(e["count"] for e in s["outcomes"].values()) == n
    made = sum(e["count"] for e in s["made_by_contract"].values())
    assert made == s["winners"]["declarer_side"]["count"]
    assert sum(s["contract_histogram"]) == n and sum(s["made_histogram"]) == made
    assert sum(s["reveal_trick_histogram"]) == n
    assert sum(s["bids_histogram"]) + s["auction"]["passes"]["count"] == 5 * n
    # every seat's mean game points follow from the made shares by level
    assert sum(s[f"mean_game_points_seat{i}"] for i in range(5)) > 0


def test_same_seed_same_results_whatever_the_threads():
    a = simcore.simulate("sueca_italiana", deals=9000, seed=4, strategies=SEATS.split(","),
                         threads=1, chunk=1000).summary
    b = simcore.simulate("sueca_italiana", deals=9000, seed=4, strategies=SEATS.split(","),
                         threads=2, chunk=4096).summary
    assert a == b


def test_matches_json(capsys):
    code, out, _ = run(capsys, "simulate", "sueca_italiana", "--matches", "-n", "300",
                       "--seed", "1", "--seats", SEATS, "--rule", "target=5", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["matches"] == 300 and d["target"] == 5
    assert sum(d[f"match_win_share_seat{s}"] for s in range(5)) == pytest.approx(1.0)


def test_records_pass_check_records(tmp_path, capsys):
    path = tmp_path / "it.jsonl"
    code, _, _ = run(capsys, "records", "sueca_italiana", "--matches", "-n", "4", "--seed", "3",
                     "--seats", SEATS, "--out", str(path))
    assert code == 0
    recs = [json.loads(x) for x in path.read_text().splitlines()]
    assert {r["match"] for r in recs} == {0, 1, 2, 3}
    assert run(capsys, "check-records", str(path))[0] == 0


def test_rules_and_strategies_listings(capsys):
    code, out, _ = run(capsys, "rules")
    assert code == 0 and "sueca_italiana" in out
    code, out, _ = run(capsys, "rules", "sueca_italiana")
    assert "call_own_card" in out and "target" in out
    code, out, _ = run(capsys, "strategies", "sueca_italiana")
    assert "margin" in out and "alone_at" in out and "greedy" in out


@pytest.mark.parametrize("argv, needle", [
    (["simulate", "sueca_italiana", "--players", "4"], "sueca_italiana is played by 5 players"),
    (["simulate", "sueca_italiana", "--rule", "target=7"], "allowed: 5, 10, 20"),
    (["simulate", "sueca_italiana", "--seats", "random,greedy"], "needs 1 or 5 strategies"),
    (["simulate", "sueca_italiana", "--strategy", "greedy(margin=99)"],
     "parameter margin=99 of strategy greedy"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err, err


def test_compare_rotates_a_over_the_five_seats():
    r = compare("sueca_italiana", "greedy", "random", deals=3000, seed=3, keep_pairs=True,
                threads=1)
    assert r.summary["sides"] == 5 and r.summary["games"] == 15000
    assert r.setup["seats"] == [["greedy" if s == a else "random" for s in range(5)]
                                for a in range(5)]
    assert r.summary["mean_point_diff_ci95"][0] > 0          # greedy plays better
    assert len(r.summary["unit_results"]) == 11
