"""Briscola chiamata through the command line and the Python API, as every game: simulate
(with its contract tables), matches, records checked by check-records, rules and
strategies listings, compare with five sides, one-line errors."""
import json

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
    code, out, _ = run(capsys, "simulate", "briscola_chiamata", "-n", "20000", "--seed", "1",
                       "--seats", SEATS, "--rule", "chiamata_buia=true")
    assert code == 0
    for text in ("made by contract", "passed out", "cappotto", "61-70", "declarer seat",
                 "auction turns: mean", "95% interval", "deals/s"):
        assert text in out, text


@pytest.mark.parametrize("rules", [{}, {"points_only": True}])
def test_summary_tables_add_up(rules):
    s = simcore.simulate("briscola_chiamata", deals=20000, seed=2, strategies=SEATS.split(","),
                         rules=rules, threads=2).summary
    n = s["deals"]
    played = n - s["outcomes"]["passed_out"]["count"]
    assert sum(e["count"] for e in s["outcomes"].values()) == n
    assert sum(e["count"] for e in s["contracts"].values()) == played
    assert sum(e["count"] for e in s["declarer_seat"].values()) == played
    made = sum(e["count"] for e in s["made_by_contract"].values())
    assert made == s["winners"]["declarer_side"]["count"]
    assert sum(s["bid_histogram"]) == played and sum(s["made_histogram"]) == made
    assert sum(s["auction_turns_histogram"]) == n
    assert abs(sum(s[f"mean_score_seat{i}"] for i in range(5))) < 1e-9     # zero-sum
    assert ("1" in s["contracts"]) == (not rules)          # rank levels only with ranks


def test_same_seed_same_results_whatever_the_threads():
    a = simcore.simulate("briscola_chiamata", deals=9000, seed=4, strategies=SEATS.split(","),
                         threads=1, chunk=1000).summary
    b = simcore.simulate("briscola_chiamata", deals=9000, seed=4, strategies=SEATS.split(","),
                         threads=2, chunk=4096).summary
    assert a == b


def test_matches_json(capsys):
    code, out, _ = run(capsys, "simulate", "briscola_chiamata", "--matches", "-n", "300",
                       "--seed", "1", "--seats", SEATS, "--rule", "match_deals=10", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["matches"] == 300 and d["match_deals"] == 10 and d["mean_deals_per_match"] == 10
    won = sum(d[f"match_win_share_seat{s}"] for s in range(5))
    assert won + d["match_tie_share"] == pytest.approx(1.0)


def test_records_pass_check_records(tmp_path, capsys):
    path = tmp_path / "bc.jsonl"
    code, _, _ = run(capsys, "records", "briscola_chiamata", "--matches", "-n", "3", "--seed",
                     "3", "--seats", SEATS, "--rule", "chiamata_buia=true", "--out", str(path))
    assert code == 0
    recs = [json.loads(x) for x in path.read_text().splitlines()]
    assert len(recs) == 15 and {r["match"] for r in recs} == {0, 1, 2}
    assert run(capsys, "check-records", str(path))[0] == 0


def test_rules_and_strategies_listings(capsys):
    code, out, _ = run(capsys, "rules", "briscola_chiamata")
    assert code == 0 and "chiamata_buia" in out and "points_only" in out
    code, out, _ = run(capsys, "strategies", "briscola_chiamata")
    assert "margin" in out and "greedy" in out


@pytest.mark.parametrize("argv, needle", [
    (["simulate", "briscola_chiamata", "--players", "4"],
     "briscola_chiamata is played by 5 players"),
    (["simulate", "briscola_chiamata", "--rule", "match_deals=7"], "allowed: 5, 10, 20"),
    (["simulate", "briscola_chiamata", "--rule", "buia=true"], "valid rules: chiamata_buia"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err, err


def test_compare_rotates_a_over_the_five_seats():
    r = compare("briscola_chiamata", "greedy", "random", deals=3000, seed=3, keep_pairs=True,
                threads=1)
    assert r.summary["sides"] == 5 and r.summary["games"] == 15000
    assert r.setup["seats"][2] == ["random", "random", "greedy", "random", "random"]
    assert r.summary["mean_point_diff_ci95"][0] > 0          # greedy plays better
