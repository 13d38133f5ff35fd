"""``trunfo compare`` and ``trunfo tournament`` on the command line."""
import csv
import json
import re

import pytest

from experiments.cli import main

KEYS = {"strategies", "deals", "mean_point_diff", "mean_point_diff_ci95", "win_rate",
        "win_rate_ci95", "elo", "elo_ci95", "pentanomial"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_one_object_with_the_keys(capsys):
    code, out, err = run(capsys, "compare", "sueca", "--strategies", "greedy,random", "-n", "2000",
                         "--seed", "3", "--json")
    assert code == 0
    d = json.loads(out)
    assert out.count("\n") == 1 and KEYS <= set(d) and "sprt" not in d
    assert d["strategies"] == ["greedy", "random"] and d["deals"] == 2000
    assert sum(d["pentanomial"]) == 2000
    assert d["mean_point_diff_ci95"][0] > 0 and d["deals_per_second"] > 0


def test_json_with_sprt(capsys):
    code, out, _ = run(capsys, "compare", "sueca", "--strategies", "greedy,random", "-n", "20000",
                       "--sprt", "0,20,0.05,0.05", "--json")
    d = json.loads(out)
    assert code == 0 and KEYS <= set(d)
    s = d["sprt"]
    assert s["result"] == "H1" and s["pairs"] == d["deals"] < 20000
    assert {"llr", "lower", "upper", "elo0", "elo1", "alpha", "beta"} <= set(s)


def test_negative_elo0_with_equals_sign(capsys):
    code, out, _ = run(capsys, "compare", "sueca", "--strategies", "random,greedy", "-n", "5000",
                       "--sprt=-10,0", "--json")
    assert code == 0 and json.loads(out)["sprt"]["result"] == "H0"


def test_text_report(capsys):
    code, out, _ = run(capsys, "compare", "sueca", "--strategies", "greedy,greedy", "-n", "1000",
                       "--sprt", "0,20", "--sprt-every", "500")
    assert code == 0
    # a strategy against itself: every pair tied, H0 accepted at a look (a multiple of 500)
    for text in ("mean card points diff / deal", "+0.00    [+0.00, +0.00]", "Elo difference",
                 "pentanomial", "SPRT elo0=0 elo1=20", "deals/s",
                 "checked every 500 pairs", "H0 accepted"):
        assert text in out
    pairs = int(re.search(r"after ([\d,]+) pairs", out).group(1).replace(",", ""))
    assert pairs % 500 == 0 and f"{pairs:,}  100.00%" in out


@pytest.mark.parametrize("argv, words", [
    (["--strategies", "greedy,nope"], "unknown strategy 'nope'"),
    (["--strategies", "greedy"], "exactly 2 names"),
    (["--strategies", "greedy,random,greedy"], "exactly 2 names"),
    (["--strategies", "greedy,random", "--sprt", "20,0"], "elo0 < elo1"),
    (["--strategies", "greedy,random", "--sprt", "0"], "--sprt"),
    (["--strategies", "greedy,random", "--sprt", "a,b"], "--sprt"),
    (["--strategies", "greedy,random", "--sprt", "0,5,0.6,0.6"], "alpha"),
    (["--strategies", "greedy,random", "--rule", "nosuch=1"], "nosuch"),
    (["--strategies", "greedy,random", "--players", "3"], "players"),
    (["--strategies", "greedy,random", "-n", "0"], "must be an integer from 1 to"),
    ([], "--strategies"),
])
def test_user_errors_exit_2_with_one_line(capsys, argv, words):
    code, out, err = run(capsys, "compare", "sueca", "-n", "10", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("trunfo: error:") and words in err


def test_tournament_json_and_csv(capsys, tmp_path):
    path = tmp_path / "t.csv"
    code, out, _ = run(capsys, "tournament", "sueca", "--strategies", "random,greedy", "-n", "2000",
                       "--json", "--csv", str(path))
    assert code == 0
    t = json.loads(out)
    assert [r["strategy"] for r in t["ratings"]] == ["random", "greedy"]
    assert t["ratings"][1]["elo"] > 0 and len(t["matches"]) == 1
    rows = list(csv.DictReader(path.open()))
    assert [r["kind"] for r in rows] == ["rating", "rating", "match"]
    assert float(rows[2]["mean_point_diff"]) == pytest.approx(t["matches"][0]["mean_point_diff"])


def test_tournament_text_and_errors(capsys):
    code, out, _ = run(capsys, "tournament", "sueca", "--strategies", "greedy,random", "-n", "1000")
    assert code == 0 and "Bradley-Terry" in out and "row strategy minus column" in out
    code, out, err = run(capsys, "tournament", "sueca", "--strategies", "greedy", "-n", "10")
    assert code == 2 and err.count("\n") == 1


def test_three_sides_json_keys_and_text(capsys):
    code, out, _ = run(capsys, "compare", "scopa", "--players", "3", "--strategies",
                       "greedy,random", "-n", "3000", "--seed", "3", "--json")
    assert code == 0
    d = json.loads(out)
    assert KEYS | {"unit_games", "sides", "score", "score_ci95", "unit_results"} <= set(d)
    assert d["pentanomial"] is None and d["unit_games"] == d["sides"] == 3
    assert d["games"] == 9000 and sum(d["unit_results"]) == 3000 and len(d["unit_results"]) == 7
    assert len(d["seats"]) == 3 and d["mean_point_diff_ci95"][0] > 0
    code, out, _ = run(capsys, "compare", "scopa", "--players", "3", "--strategies",
                       "greedy,greedy", "-n", "1000")
    assert code == 0
    for text in ("deal points A - mean B / game", "+0.00    [+0.00, +0.00]",
                 "score vs B field", "0.5000    [0.5000, 0.5000]", "summed over the 3 games",
                 "(3,000 games, 3 per deal)"):
        assert text in out
    code, out, _ = run(capsys, "compare", "scopa", "--players", "4", "--rule", "teams=false",
                       "--strategies", "greedy,random", "-n", "2000", "--sprt", "0,20", "--json")
    d = json.loads(out)
    assert code == 0 and d["unit_games"] == 4 and d["sprt"]["model"] == "normal"


def test_two_sides_json_has_the_unit_keys(capsys):
    code, out, _ = run(capsys, "compare", "brisca", "--strategies", "greedy,random", "-n", "500",
                       "--json")
    d = json.loads(out)
    assert d["unit_games"] == 2 and d["unit_results"] == d["pentanomial"]
    assert d["score"] == d["win_rate"]


def test_three_sides_tournament_text(capsys):
    code, out, _ = run(capsys, "tournament", "scopa", "--players", "3", "--strategies",
                       "greedy,random", "-n", "1000")
    assert code == 0 and "each ordered pair is a match" in out
    assert "greedy vs random" in out and "random vs greedy" in out


def test_text_shows_normalized_elo_los_and_where_the_llr_stands(capsys):
    assert main(["compare", "sueca", "--strategies", "greedy,random", "-n", "20000", "--seed",
                 "4", "--sprt", "0,20", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "normalized Elo" in out and "LOS (P[greedy stronger])" in out
    assert "checked every 100 pairs" in out
    llr = [line for line in out.splitlines() if line.strip().startswith("LLR")]
    assert len(llr) == 1 and "at or above the upper bound" in llr[0] and "inside" not in llr[0]
