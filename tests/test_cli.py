"""The command line: outputs, the one-line errors with exit code 2, files."""
import json
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

import simcore
from experiments.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"trunfo {simcore.__version__}"


def test_simulate_prints_shares_with_intervals(capsys):
    code, out, err = run(capsys, "simulate", "sueca", "-n", "5000", "--seed", "1")
    assert code == 0
    for text in ("team0 single (61-90)", "dealer team double (91+)", "bandeira (every trick)",
                 "tie (60-60)", "deals won (61+)", "95% interval", "mean points", "deals/s"):
        assert text in out
    assert "win" not in out.replace("deals won", "")


def test_simulate_labels_carry_the_ranges_the_rules_give(capsys):
    """Sueca's kinds of won deal show their card points under the scoring variants."""
    code, out, err = run(capsys, "simulate", "sueca", "-n", "200", "--seed", "1", "--rule",
                         "triple_at_30=true", "--rule", "pente=true", "--rule",
                         "bandeira_by_points=true")
    assert code == 0
    for text in ("team0 single (61-89)", "team1 triple (90)", "team0 pente (91+)",
                 "team1 double (91-119)", "points bandeira (120, a trick lost)"):
        assert text in out, text


def test_simulate_json_is_only_json(capsys):
    code, out, err = run(capsys, "simulate", "sueca", "-n", "3000", "--seed", "1", "--json",
                         "--strategy", "greedy", "--rule", "pente=true")
    assert code == 0
    data = json.loads(out)
    for key in ("deals", "seconds", "compile_seconds", "deals_per_second", "outcomes",
                "dealer_side"):
        assert key in data
    assert data["deals"] == 3000
    assert data["rules"]["pente"] is True
    assert "team0_pente" in data["outcomes"]
    assert abs(sum(e["share"] for e in data["outcomes"].values()) - 1) < 1e-9


def test_simulate_rubbers_json(capsys):
    code, out, _ = run(capsys, "simulate", "sueca", "--rubbers", "-n", "500", "--json",
                       "--rule", "rubber_games=5")
    data = json.loads(out)
    for key in ("rubbers", "rubber_win_share_team0", "rubber_win_share_first_dealer_team",
                "mean_deals_per_rubber"):
        assert key in data
    assert data["rubbers"] == 500 and data["rubber_games"] == 5


@pytest.mark.parametrize("argv,needle", [
    (["simulate", "chess"], "invalid choice: 'chess'"),
    (["simulate", "sueca", "-n", "0"], "must be an integer from 1 to 1,000,000,000,000, not 0"),
    (["simulate", "sueca", "--strategy", "smart"], "valid strategies: random, greedy"),
    (["simulate", "sueca", "--seats", "random,greedy"], "needs 1 or 4 strategies"),
    (["simulate", "sueca", "--rule", "pente=maybe"], "allowed: true, false"),
    (["simulate", "sueca", "--rule", "nope=1"], "valid rules: trump_card"),
    (["simulate", "sueca", "--rule", "rubber_games=7"], "allowed: 4, 5, 10"),
    (["simulate", "sueca", "--rule", "pente"], "write it as key=value"),
    (["simulate", "sueca", "--dealer", "4"], "valid seats: 0..3"),
    (["simulate", "sueca", "--players", "3"], "played by 4 players"),
    (["simulate", "sueca", "--seed", "-1"], "must be an integer from 0 to 2**64 - 1, not -1"),
    (["records", "sueca", "--out", "-", "--rule", "tie_carry=2"], "allowed: true, false"),
    (["records", "sueca", "--out", "-", "--cluster", "local:1", "--threads", "2"],
     "--threads and --cluster exclude each other"),
    (["records", "sueca", "--out", "-", "--cluster", "nowhere:1"], "give local:N or tcp://"),
    (["rules", "poker"], "invalid choice"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], err
    assert "Traceback" not in err and "usage" not in err


def test_rules_are_validated_even_when_unused(capsys):
    # tie_carry has no effect on single deals, but a bad value is still refused
    code, _, err = run(capsys, "simulate", "sueca", "-n", "10", "--rule", "tie_carry=often")
    assert code == 2 and "tie_carry" in err


def test_out_parquet_sorted_with_metadata(tmp_path, capsys):
    path = tmp_path / "deals.parquet"
    code, out, err = run(capsys, "simulate", "sueca", "-n", "70000", "--seed", "5",
                         "--threads", "2", "--out", str(path))
    assert code == 0
    table = pq.read_table(path)
    df = table.to_pandas()
    assert len(df) == 70000 and (df["deal"].to_numpy() == range(70000)).all()
    for col in ("deal", "dealer", "trump_suit", "trumps_seat0", "trumps_seat3", "points_team0",
                "points_team1", "tricks_team0", "tricks_team1", "outcome", "games_team0",
                "games_team1"):
        assert col in df
    meta = simcore.read_metadata(str(path))
    assert meta["seed"] == 5 and meta["version"] == simcore.__version__
    assert meta["rules"]["trump_card"] == "dealer_last"
    assert meta["strategies"] == ["random"] * 4
    assert "simulate sueca" in meta["command"]
    assert not any("second" in c for c in df.columns)


def test_records_to_stdout_and_file(tmp_path, capsys):
    from experiments.records_check import check_record
    code, out, err = run(capsys, "records", "sueca", "-n", "5", "--seed", "3", "--out", "-",
                         "--seats", "greedy,random,greedy,random")
    recs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(recs) == 5
    assert all(check_record(r) == [] for r in recs)
    assert recs[0]["strategies"] == ["greedy", "random", "greedy", "random"]
    path = tmp_path / "r.jsonl"
    code, out, err = run(capsys, "records", "sueca", "--rubbers", "-n", "2", "--out", str(path))
    lines = path.read_text().splitlines()
    assert code == 0 and len(lines) >= 2
    assert {json.loads(x)["rubber"] for x in lines} == {0, 1}


def test_records_are_the_same_file_on_one_thread_and_two(tmp_path, capsys):
    mix = "random,greedy,random,greedy"
    files = []
    for threads in ("1", "2"):
        path = tmp_path / f"r{threads}.jsonl"
        code, out, err = run(capsys, "records", "sueca", "-n", "40", "--seed", "8", "--seats",
                             mix, "--threads", threads, "--out", str(path))
        assert code == 0 and "wrote 40 records" in err
        files.append(path.read_bytes())
    assert files[0] == files[1]
    assert [json.loads(x) for x in files[0].decode().splitlines()] == list(
        simcore.game_records("sueca", deals=40, seed=8, strategies=mix.split(","), threads=2,
                             chunk=3))


def test_rules_and_strategies_listings(capsys):
    code, out, _ = run(capsys, "rules")
    assert code == 0 and "sueca" in out
    code, out, _ = run(capsys, "rules", "sueca")
    assert "trump_card" in out and "dealer_last" in out and "rubber_games" in out
    code, out, _ = run(capsys, "strategies", "sueca")
    assert "random" in out and "greedy" in out


def test_console_script_runs_main_job():
    res = subprocess.run([sys.executable, "-m", "experiments.cli", "simulate", "sueca", "-n",
                          "2000", "--seed", "1", "--json"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["deals"] == 2000


def test_every_command_that_deals_cards_takes_cluster():
    """A command that deals (it takes --seed) also takes --cluster; those that deal single
    deals from scratch (simulate, records, odds) also take the deal conditions."""
    import argparse
    from experiments.cli import build_parser
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    dealing = {name: {o for a in p._actions for o in a.option_strings}
               for name, p in sub.choices.items()
               if any("--seed" in a.option_strings for a in p._actions)}
    assert {"simulate", "records", "odds", "compare", "tournament"} <= set(dealing)
    for name, opts in dealing.items():
        assert "--cluster" in opts, name
    for name in ("simulate", "records", "odds"):
        assert {"--hand", "--trump", "--trump-suit", "--where"} <= dealing[name], name
