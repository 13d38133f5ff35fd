"""Experiment specs, the chunked study runner (resume, determinism), the study CLI."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib

import pandas as pd
import pytest

from experiments.cli import main
from experiments.spec import catalog, load_spec, parse_spec
from experiments.study import MANIFEST, chunk_name, read_manifest, run_study
from reports.load import load_run
from simcore.errors import TrunfoError
from simcore.games import all_games

N, CHUNK = 20_000, 4096
SPEC = """title = "small"
game = "sueca"
strategies = ["greedy", "random", "greedy", "random"]
deals = 20000
seed = 7
[rules]
pente = true
"""


def _spec(tmp_path, text=SPEC, name="small.toml"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def _data(out) -> pd.DataFrame:
    return load_run(str(out)).deals()


def _catalog_ids():
    out = []
    for p in catalog():
        with open(p, "rb") as f:
            game = tomllib.load(f).get("game")
        marks = () if game in all_games() else (pytest.mark.skip(reason=f"{game} not built"),)
        out.append(pytest.param(p, id=os.path.basename(p), marks=marks))
    return out


# --- specs -------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", _catalog_ids())
def test_catalog_specs_load(path):
    s = load_spec(path)
    assert s.title and s.deals >= 100_000 and os.path.basename(path).startswith(s.game + "_")


def test_catalog_has_trump_odds_and_a_study_per_game():
    names = [os.path.basename(p) for p in catalog()]
    assert "sueca_trump_odds.toml" in names
    for game in all_games():
        assert any(n.startswith(game + "_") for n in names), f"no catalog study for {game}"


def test_spec_resolves_rules_and_seats(tmp_path):
    s = load_spec(_spec(tmp_path))
    assert s.rules["pente"] is True and s.rules["trump_card"] == "dealer_last"
    assert s.strategies == ("greedy", "random", "greedy", "random")


@pytest.mark.parametrize("text, words", [
    ("colour = 1\n" + SPEC, ["colour", "valid keys", "deals"]),
    (SPEC.replace('"sueca"', '"bridge"'), ["game", "bridge", "sueca"]),
    (SPEC.replace('"greedy", "random", "greedy"', '"clever", "random", "greedy"'), ["strategies", "clever", "greedy"]),
    (SPEC + "bogus = 2\n", ["rules.bogus", "pente"]),
    (SPEC + 'pente = "maybe"\n', []),          # duplicate key: TOML error
    (SPEC.replace("pente = true", 'pente = "maybe"'), ["rules", "pente", "true, false"]),
    (SPEC + "[report]\nsections = [\"pie\"]\n", ["report.sections", "pie", "holdings"]),
    (SPEC + "[outputs]\nformats = [\"pdf\"]\n", ["outputs.formats", "pdf", "html"]),
    (SPEC + "[conditions]\ntrumps_min = 3\n", ["conditions.trumps_min"]),
    (SPEC.replace("deals = 20000", "deals = 0"), ["deals", "from 1 to"]),
    (SPEC.replace('title = "small"\n', ""), ["title"]),
])
def test_bad_spec_refused_naming_file_and_key(tmp_path, text, words):
    path = _spec(tmp_path, text, "bad.toml")
    with pytest.raises(TrunfoError) as e:
        load_spec(path)
    msg = str(e.value)
    assert "\n" not in msg and "bad.toml" in msg
    for w in words:
        assert w in msg


def test_bad_spec_exits_2_with_one_line(tmp_path):
    path = _spec(tmp_path, SPEC.replace('"greedy", "random", "greedy"', '"clever", "random", "greedy"'), "bad.toml")
    r = subprocess.run([sys.executable, "-m", "experiments.cli", "run", path, "--out",
                        str(tmp_path / "o")], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "bad.toml" in r.stderr and "greedy" in r.stderr
    assert not (tmp_path / "o").exists()


# --- running -------------------------------------------------------------------------------------
def test_chunks_manifest_and_no_other_parquet(tmp_path):
    out = tmp_path / "run"
    r = run_study(load_spec(_spec(tmp_path)), str(out), chunk=CHUNK, threads=2)
    assert r.complete and r.done == N
    m = read_manifest(str(out))
    starts = [c["start"] for c in m["chunks"]]
    assert starts == list(range(0, N, CHUNK))
    assert not [f for f in os.listdir(out) if f.endswith(".parquet")]
    assert sorted("chunks/" + f for f in os.listdir(out / "chunks")) == \
        [chunk_name(s) for s in starts]
    assert m["seed"] == 7 and m["version"] and m["spec"]["rules"]["pente"] is True
    assert m["deals_per_second"] > 0 and m["complete"]
    df = _data(out)
    assert list(df["deal"]) == list(range(N))
    assert not any("time" in c or "second" in c for c in df.columns)


def test_same_data_whatever_chunk_and_threads(tmp_path):
    spec = load_spec(_spec(tmp_path))
    run_study(spec, str(tmp_path / "a"), chunk=CHUNK, threads=1)
    run_study(spec, str(tmp_path / "b"), chunk=7000, threads=2)
    pd.testing.assert_frame_equal(_data(tmp_path / "a"), _data(tmp_path / "b"))


def test_resume_after_interruption_gives_identical_data(tmp_path):
    spec = load_spec(_spec(tmp_path))
    full = tmp_path / "full"
    run_study(spec, str(full), chunk=CHUNK, threads=2)
    out = tmp_path / "cut"
    seen = []

    def hook(start, count):
        seen.append(start)
        if len(seen) == 2:
            raise KeyboardInterrupt

    r = run_study(spec, str(out), chunk=CHUNK, threads=2, on_chunk=hook)
    assert r.interrupted and r.done == 2 * CHUNK
    kept = {f"chunks/{f}": os.stat(out / "chunks" / f).st_mtime_ns
            for f in os.listdir(out / "chunks") if f.endswith(".parquet")}
    assert len(kept) == 2
    # a killed process can leave a half-written temporary chunk: it must be ignored
    (out / "chunks" / f".{os.path.basename(chunk_name(2 * CHUNK))}.tmp").write_bytes(b"garbage")
    computed = []
    r2 = run_study(spec, str(out), chunk=CHUNK, threads=2, resume=True,
                   on_chunk=lambda s, c: computed.append(s))
    assert r2.complete and r2.resumed and computed[0] == 2 * CHUNK
    for f, t in kept.items():                     # finished chunks never recomputed
        assert os.stat(out / f).st_mtime_ns == t
    assert not any(f.endswith(".tmp") for f in os.listdir(out) + os.listdir(out / "chunks"))
    pd.testing.assert_frame_equal(_data(out), _data(full))
    m = read_manifest(str(out))
    assert len(m["sessions"]) == 2 and m["sessions"][0]["interrupted"]


def test_resume_after_a_chunk_written_but_not_recorded(tmp_path):
    """A process killed between renaming a chunk into place and recording it leaves a
    chunk the manifest does not list: resume ends with exactly the uninterrupted data."""
    spec = load_spec(_spec(tmp_path))
    full = tmp_path / "full"
    run_study(spec, str(full), chunk=CHUNK, threads=2)
    out = tmp_path / "cut"

    def stop(start, count):
        if start >= CHUNK:
            raise KeyboardInterrupt
    assert run_study(spec, str(out), chunk=CHUNK, threads=2, on_chunk=stop).done == 2 * CHUNK
    name = chunk_name(2 * CHUNK)                  # written, then killed before recording
    shutil.copy2(full / name, out / name)
    r = run_study(spec, str(out), chunk=CHUNK, threads=2, resume=True)
    assert r.complete and r.done == N
    run = load_run(str(out))
    assert run.done == N and run.complete
    assert [(c["start"], c["rows"]) for c in run.manifest["chunks"]] == \
        [(s, min(CHUNK, N - s)) for s in range(0, N, CHUNK)]
    pd.testing.assert_frame_equal(_data(out), _data(full))


def test_resume_whose_gap_ends_in_a_partial_chunk_gives_identical_data(tmp_path):
    """Two chunks lost, the run resumed with a smaller chunk: the first gap (300..600) ends
    50 deals into its second chunk.  That partial chunk ends at the gap's end, the second
    gap (900..1000) starts a chunk of its own, and the data are the uninterrupted run's."""
    spec = load_spec(_spec(tmp_path, SPEC.replace("deals = 20000", "deals = 1000")))
    full = tmp_path / "full"
    run_study(spec, str(full), chunk=300, threads=1)
    out = tmp_path / "cut"
    run_study(spec, str(out), chunk=300, threads=1)
    for start in (300, 900):
        os.remove(out / chunk_name(start))
    written = []
    r = run_study(spec, str(out), chunk=250, threads=2, resume=True,
                  on_chunk=lambda s, c: written.append((s, c)))
    assert r.complete and r.resumed and r.done == 1000
    assert written == [(300, 250), (550, 50), (900, 100)]
    run = load_run(str(out))
    assert [(c["start"], c["rows"]) for c in run.manifest["chunks"]] == \
        [(0, 300), (300, 250), (550, 50), (600, 300), (900, 100)]
    data = _data(out)
    assert list(data["deal"]) == list(range(1000))
    pd.testing.assert_frame_equal(data, _data(full))


def test_resume_after_killed_process(tmp_path):
    """A real process killed mid-run (SIGKILL) resumes to the same data."""
    spec_path = _spec(tmp_path, SPEC.replace("deals = 20000", "deals = 300000"))
    out = tmp_path / "killed"
    code = (f"import os, signal\n"
            f"from experiments.spec import load_spec\nfrom experiments.study import run_study\n"
            f"def hook(s, c):\n    if s >= 3 * {CHUNK}: os.kill(os.getpid(), signal.SIGKILL)\n"
            f"run_study(load_spec({spec_path!r}), {str(out)!r}, chunk={CHUNK}, threads=2, "
            f"on_chunk=hook)\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode != 0
    done = load_run(str(out), verify=False).done       # manifest and journal
    assert 0 < done < 300_000
    assert main(["run", spec_path, "--out", str(out), "--resume", "--chunk", str(CHUNK),
                 "--no-report"]) == 0
    full = tmp_path / "full"
    run_study(load_spec(spec_path), str(full), chunk=65536)
    pd.testing.assert_frame_equal(_data(out), _data(full))


def test_resume_refusals_and_fresh_start(tmp_path, capsys):
    path = _spec(tmp_path)
    out = str(tmp_path / "r")
    assert main(["run", path, "--out", out, "--resume", "--chunk", str(CHUNK),
                 "--no-report"]) == 0                                                  # fresh
    assert load_run(out).complete
    assert not os.path.exists(os.path.join(out, "report"))
    assert f"write it with: trunfo report {out}" in capsys.readouterr().out
    assert main(["run", path, "--out", out, "--resume"]) == 0                           # finished
    assert "already complete" in capsys.readouterr().out
    assert os.path.exists(os.path.join(out, "report", "report.html"))   # the missing report
    assert main(["run", path, "--out", out]) == 2                                       # exists
    assert "--resume" in capsys.readouterr().err
    assert main(["run", path, "--out", out, "--resume", "--seed", "8"]) == 2
    err = capsys.readouterr().err
    assert "different spec" in err and "seed: 7 -> 8" in err
    changed = _spec(tmp_path, SPEC.replace("pente = true", "pente = false"))
    assert main(["run", changed, "--out", out, "--resume"]) == 2
    assert "rules.pente: True -> False" in capsys.readouterr().err


def test_no_report_still_plays_a_comparison_in_duplicate(tmp_path, capsys):
    """--no-report leaves out the report, not the run's data: a comparison study's
    duplicate deals are played, so that a later `trunfo report` has them."""
    out = str(tmp_path / "run")
    assert main(["run", "sueca_greedy_vs_random", "--out", out, "-n", str(N), "--chunk",
                 str(CHUNK), "--no-report"]) == 0
    assert not os.path.exists(os.path.join(out, "report"))
    with open(os.path.join(out, "duplicate.json")) as f:
        assert json.load(f)["deals"] == N


def test_catalog_command(capsys):
    assert main(["catalog"]) == 0
    out = capsys.readouterr().out
    assert "sueca_trump_odds.toml" in out and "deals" in out


@pytest.mark.parametrize("path", _catalog_ids())
def test_every_catalog_study_runs_small(tmp_path, path, capsys):
    out = str(tmp_path / "run")
    assert main(["run", path, "--out", out, "-n", str(N), "--chunk", str(CHUNK),
                 "--json"]) == 0
    run = load_run(out)
    assert run.complete and run.done == N
    assert os.path.isfile(os.path.join(out, "report", "report.html"))
    assert os.path.isfile(os.path.join(out, "report", "summary.md"))


# --- whole games (rubbers, matches, games) ------------------------------------------------------
WHOLE = """title = "rubbers"
game = "sueca"
strategies = ["greedy", "random", "greedy", "random"]
rubbers = 3000
seed = 5
"""


def test_whole_game_spec_and_wrong_unit_refused(tmp_path):
    s = load_spec(_spec(tmp_path, WHOLE, "w.toml"))
    assert s.unit == "rubbers" and s.deals == 3000 and "lengths" in s.sections
    with pytest.raises(TrunfoError, match=r"w2.toml: matches: sueca plays whole rubbers"):
        load_spec(_spec(tmp_path, WHOLE.replace("rubbers = ", "matches = "), "w2.toml"))
    with pytest.raises(TrunfoError, match="only one of"):
        load_spec(_spec(tmp_path, WHOLE + "deals = 5\n", "w3.toml"))


def test_whole_games_resume_to_identical_data(tmp_path):
    spec = load_spec(_spec(tmp_path, WHOLE, "w.toml"))
    run_study(spec, str(tmp_path / "full"), chunk=500, threads=2)

    def stop(start, count):
        if start >= 1000:
            raise KeyboardInterrupt
    r = run_study(spec, str(tmp_path / "cut"), chunk=500, threads=2, on_chunk=stop)
    assert r.interrupted and r.done == 1500
    r2 = run_study(spec, str(tmp_path / "cut"), chunk=700, threads=1, resume=True)
    assert r2.complete
    full, cut = _data(tmp_path / "full"), _data(tmp_path / "cut")
    assert list(full["rubber"]) == list(range(3000))
    pd.testing.assert_frame_equal(full, cut)
