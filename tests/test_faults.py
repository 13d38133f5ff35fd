"""Faults and hostile input: nothing lost, nothing silently wrong.

Each test reproduces one fault found by trying trunfo as a demanding user would (bad
paths, full disks, huge numbers, specs of the wrong types, damaged run directories,
two writers, signals) and checks the behaviour promised instead: one line and exit
code 2 for a bad input, exit code 130 and everything finished kept for Ctrl-C or
SIGTERM, data that is either right or refused.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pandas as pd
import pyarrow.parquet as pq
import pytest

import simcore
import simcore.duplicate
from experiments import study
from experiments.spec import load_spec
from experiments.cli import main
from procs import Proc as _Proc
from simcore.games import all_games

def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(code, out, err, *needles):
    assert code == 2, (code, out, err)
    # the compile notice (a cold numba cache) is progress, not part of the error
    lines = [ln for ln in err.strip().splitlines()
             if not ln.startswith(("compiling ", "compiled "))]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for n in needles:
        assert n in lines[0], (n, lines[0])


def _forbidden(*a, **k):
    raise AssertionError("work started although the input was bad")


@pytest.fixture
def no_work(monkeypatch):
    """Any kernel call fails the test: a bad input must be refused before any work."""
    for g in all_games().values():
        monkeypatch.setattr(type(g), "run_chunk", _forbidden)
        if hasattr(g, "run_rubber_chunk"):
            monkeypatch.setattr(type(g), "run_rubber_chunk", _forbidden)


def _enospc(*a, **k):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


SPEC = """title = "faults"
game = "sueca"
strategies = ["greedy", "random", "greedy", "random"]
deals = 12000
seed = 7
"""
N, CHUNK = 12000, 3000


def _spec(tmp_path, text=SPEC, name="faults.toml"):
    p = tmp_path / name
    p.write_text(text) if isinstance(text, str) else p.write_bytes(text)
    return str(p)


def _frame(out) -> pd.DataFrame:
    from reports.load import load_run
    return load_run(str(out)).deals()


# --- paths and disks -----------------------------------------------------------------------
@pytest.mark.parametrize("where", ["missing_dir", "a_directory", "dev_null"])
def test_simulate_out_that_cannot_be_written_is_refused_before_any_work(
        tmp_path, capsys, no_work, where):
    path = {"missing_dir": tmp_path / "nope" / "x.parquet", "a_directory": tmp_path,
            "dev_null": os.devnull}[where]
    assert_one_line(*run(capsys, "simulate", "sueca", "-n", 1000, "--out", path),
                    "cannot write", str(path))


@pytest.mark.parametrize("where", ["a_file", "dev_null", "under_a_file"])
def test_run_out_that_is_not_a_directory_is_refused_before_any_work(
        tmp_path, capsys, no_work, where):
    f = tmp_path / "f"
    f.write_text("keep me")
    path = {"a_file": f, "dev_null": os.devnull, "under_a_file": f / "sub"}[where]
    assert_one_line(*run(capsys, "run", "sueca_trump_odds", "-n", 1000, "--out", path))
    assert f.read_text() == "keep me"


def test_records_out_that_cannot_be_written_is_refused_before_any_work(
        tmp_path, capsys, no_work):
    assert_one_line(*run(capsys, "records", "sueca", "-n", 5, "--out",
                         tmp_path / "nope" / "r.jsonl"), "cannot write")


def test_tournament_csv_path_is_checked_before_the_tournament(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(simcore.duplicate, "compare", _forbidden)
    assert_one_line(*run(capsys, "tournament", "sueca", "--strategies", "random,greedy",
                         "-n", 100, "--csv", tmp_path / "nope" / "t.csv"), "cannot write")


def test_report_out_that_is_a_file_is_refused(tmp_path, capsys, finished_run):
    f = tmp_path / "f"
    f.write_text("keep me")
    assert_one_line(*run(capsys, "report", finished_run, "--out", f))
    assert f.read_text() == "keep me"


def test_simulate_full_disk_is_one_line_and_keeps_the_previous_file(tmp_path, capsys,
                                                                    monkeypatch):
    path = tmp_path / "d.parquet"
    path.write_bytes(b"previous")
    monkeypatch.setattr(pq.ParquetWriter, "write_table", _enospc)
    assert_one_line(*run(capsys, "simulate", "sueca", "-n", 100_000, "--out", path),
                    "No space left on device", str(path))
    assert path.read_bytes() == b"previous"
    assert os.listdir(tmp_path) == ["d.parquet"]          # no temporary file left


def test_run_full_disk_mid_run_is_one_line_exit_2_and_resumable(tmp_path, capsys,
                                                                monkeypatch):
    path = _spec(tmp_path)
    full = tmp_path / "full"
    study.run_study(load_spec(path), str(full), chunk=CHUNK, threads=1)
    out = tmp_path / "cut"
    real = pq.write_table
    calls = []

    def fill_up(*a, **k):           # the disk fills up while the third chunk is written
        calls.append(1)
        if len(calls) >= 3:
            _enospc()
        return real(*a, **k)

    monkeypatch.setattr(pq, "write_table", fill_up)
    code, out_, err = run(capsys, "run", path, "--out", out, "--chunk", CHUNK, "--threads", 1)
    assert_one_line(code, out_, err, "No space left on device", "6,000 of 12,000 deals",
                    "--resume")
    monkeypatch.setattr(pq, "write_table", real)        # space freed
    assert main(["run", path, "--out", str(out), "--chunk", str(CHUNK), "--resume",
                 "--no-report"]) == 0
    pd.testing.assert_frame_equal(_frame(out), _frame(full))


def _mount_tmpfs(path, size):
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root")
    path.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                       capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode().strip()}")


def test_a_really_full_disk_mid_run(tmp_path, capsys):
    """The same on a file system that really fills up (a 256 KiB tmpfs; skipped unless it
    can be mounted); space is then freed by growing it."""
    disk = tmp_path / "disk"
    _mount_tmpfs(disk, "256k")
    try:
        path = _spec(tmp_path, SPEC.replace("deals = 12000", "deals = 40000"))
        out = disk / "run"
        code, out_, err = run(capsys, "run", path, "--out", out, "--chunk", 1000)
        assert_one_line(code, out_, err, "No space left on device", "--resume")
        subprocess.run(["mount", "-o", "remount,size=64m", str(disk)], check=True)
        assert main(["run", path, "--out", str(out), "--chunk", "1000", "--resume",
                     "--no-report"]) == 0
        full = tmp_path / "full"
        study.run_study(load_spec(path), str(full), chunk=8192)
        pd.testing.assert_frame_equal(_frame(out), _frame(full))
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def test_simulate_onto_a_really_full_disk_keeps_the_previous_file(tmp_path, capsys):
    disk = tmp_path / "disk"
    _mount_tmpfs(disk, "128k")
    try:
        prev = disk / "prev.parquet"
        assert main(["simulate", "sueca", "-n", "100", "--out", str(prev)]) == 0
        capsys.readouterr()
        before = prev.read_bytes()
        code, out_, err = run(capsys, "simulate", "sueca", "-n", 200_000, "--out", prev)
        assert_one_line(code, out_, err, "No space left on device", str(prev))
        assert prev.read_bytes() == before
        assert os.listdir(disk) == ["prev.parquet"]
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


# --- unbounded integers ------------------------------------------------------------------
BIG = str(2**63)


@pytest.mark.parametrize("argv, needle", [
    (["simulate", "spades", "--games", "-n", "1", "--rule", "max_hands=1000000000"],
     "max_hands=1000000000 for spades is not allowed; allowed: an integer from 1 to 1000"),
    (["simulate", "spades", "--games", "-n", "1", "--rule", "target=1000000000000"],
     "allowed: an integer from 1 to 10000"),
    (["simulate", "spades", "--rule", f"bag_limit={BIG}"], "bag_limit"),
    (["simulate", "spades", "--rule", f"bag_penalty=-{BIG}"], "bag_penalty"),
    (["simulate", "spades", "--rule", "target=1.5"], "target"),
    (["simulate", "sueca", "-n", BIG], "from 1 to 1,000,000,000,000"),
    (["simulate", "sueca", "--threads", BIG], "--threads"),
    (["simulate", "sueca", "--threads", "0"], "from 1 to 256"),
    (["simulate", "sueca", "--seed", str(2**64)], "from 0 to 2**64 - 1"),
    (["simulate", "sueca", "--dealer", BIG], "valid seats: 0..3"),
    (["simulate", "brisca", "--players", BIG], "played by 2, 3, 4, 6 players"),
    (["records", "sueca", "--out", "-", "-n", BIG], "-n/--deals"),
    (["compare", "sueca", "--strategies", "random,greedy", "--chunk", BIG], "--chunk"),
    (["tournament", "sueca", "--strategies", "random,greedy", "-n", BIG], "-n/--deals"),
    (["run", "sueca_trump_odds", "--chunk", BIG], "from 1 to 1,048,576"),
    (["run", "sueca_trump_odds", "-n", "0"], "-n/--deals"),
])
def test_numbers_out_of_their_documented_range_are_one_line(capsys, no_work, argv, needle):
    assert_one_line(*run(capsys, *argv), needle)


@pytest.mark.parametrize("call", [
    lambda: simcore.simulate("sueca", deals=2**63),
    lambda: simcore.simulate("sueca", deals=1000.0),
    lambda: simcore.simulate("sueca", deals=True),
    lambda: simcore.simulate("sueca", deals=10, threads=2**63),
    lambda: simcore.simulate("sueca", deals=10, seed=2**64),
    lambda: simcore.simulate("sueca", deals=10, seed=1.5),
    lambda: simcore.simulate_rubbers("spades", rubbers=1, rules={"max_hands": 10**9}),
    lambda: simcore.simulate("spades", deals=1, rules={"target": 2**63}),
])
def test_python_api_numbers_out_of_range_are_trunfo_errors(no_work, call):
    with pytest.raises(simcore.TrunfoError):
        call()


def test_rules_listing_shows_every_range(capsys):
    code, out, _ = run(capsys, "rules", "spades")
    assert code == 0
    for text in ("an integer from 1 to 1000", "an integer from 1 to 10000",
                 "an integer from 1 to 100", "an integer from 0 to 1000"):
        assert text in out
    code, out, _ = run(capsys, "rules", "spades", "--json")
    assert json.loads(out)["max_hands"]["range"] == [1, 1000]


# --- stopping: Ctrl-C and SIGTERM within a second, with the worst allowed values ------------
WORST_SPADES = ["--rule", "max_hands=1000", "--rule", "target=10000", "--rule", "bag_limit=1",
                "--rule", "bag_penalty=1000"]      # every game lasts 1000 hands
WORST_SPEC = """title = "longest games"
game = "spades"
games = 1000000
[rules]
max_hands = 1000
target = 10000
bag_limit = 1
bag_penalty = 1000
"""


@pytest.mark.parametrize("command, sig", [
    ("simulate", signal.SIGINT), ("simulate", signal.SIGTERM), ("run", signal.SIGTERM),
    ("compare", signal.SIGINT)])
def test_a_stop_signal_ends_the_longest_allowed_work_within_a_second(tmp_path, command, sig):
    out = tmp_path / "out.parquet"
    argv = {
        "simulate": ["simulate", "spades", "--games", "-n", 1_000_000, "--seed", 1,
                     *WORST_SPADES, "--out", out],
        "run": ["run", _spec(tmp_path, WORST_SPEC, "worst.toml"), "--out", tmp_path / "run"],
        "compare": ["compare", "spades", "--strategies", "greedy,random", "-n", 10**9,
                    "--chunk", 2**20],
    }[command]
    p = _Proc([*argv, "--threads", 2, "--progress"])
    p.wait_for(" left")                                 # the run is under way
    time.sleep(0.3)
    dt = p.stop(sig)
    assert p.p.returncode == 130, p.stderr
    assert dt < 2.0, f"took {dt:.2f} s to stop"
    assert "Traceback" not in p.stderr
    if command == "simulate":
        held = simcore.read_metadata(str(out))
        rows = pq.read_metadata(str(out)).num_rows
        assert held["games"] == rows > 0 and held["interrupted"] is True
        assert f"interrupted: {rows:,} of 1,000,000 games finished" in p.stdout
    elif command == "run":
        from reports.load import load_run
        done = load_run(str(tmp_path / "run")).done
        assert done > 0 and f"interrupted: {done:,} of 1,000,000 games" in p.stderr
    else:
        assert "interrupted:" in p.stdout


# --- simulate --out stopped: the previous file stays, the metadata says what is held ------
def _previous(tmp_path):
    path = tmp_path / "deals.parquet"
    assert main(["simulate", "sueca", "-n", "1000", "--seed", "9", "--out", str(path)]) == 0
    return path, path.read_bytes()


def test_simulate_out_killed_leaves_the_previous_file_as_it_was(tmp_path):
    path, before = _previous(tmp_path)
    p = _Proc(["simulate", "sueca", "-n", 2_000_000_000, "--threads", 1, "--progress",
               "--out", path])
    p.wait_for(" left")
    time.sleep(0.5)
    p.stop(signal.SIGKILL)
    assert path.read_bytes() == before
    assert len(pq.read_table(path)) == 1000


def test_simulate_out_stopped_by_sigterm_holds_what_its_metadata_says(tmp_path):
    path, _ = _previous(tmp_path)
    p = _Proc(["simulate", "sueca", "-n", 2_000_000_000, "--threads", 1, "--progress",
               "--seed", 4, "--out", path])
    p.wait_for(" left")
    time.sleep(0.5)
    p.stop(signal.SIGTERM)
    assert p.p.returncode == 130 and "Traceback" not in p.stderr
    meta = simcore.read_metadata(str(path))
    df = pq.read_table(path).to_pandas()
    assert meta["deals"] == len(df) > 0 and meta["requested"] == 2_000_000_000
    assert meta["interrupted"] is True and meta["seed"] == 4
    assert (df["deal"].to_numpy() == range(len(df))).all()
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


# --- specs: every value type-checked; only a bare name is a catalog study -----------------
TOP = """title = "types"
game = "sueca"
deals = 1000
"""


@pytest.mark.parametrize("extra, key", [
    ("players = 4.0\n", "players"),
    ('players = "4"\n', "players"),
    ("players = true\n", "players"),
    ("dealer = true\n", "dealer"),
    ("dealer = 1.0\n", "dealer"),
    ('dealer = "1"\n', "dealer"),
    ('strategies = "greedy"\n', "strategies"),
    ("strategies = [1]\n", "strategies"),
    ("seed = 1.0\n", "seed"),
    ("seed = true\n", "seed"),
    ('chunk = "4096"\n', "chunk"),
    ("chunk = 4096.0\n", "chunk"),
    ("[rules]\npente = \"true\"\n", "rules.pente"),
    ("[rules]\npente = 1\n", "rules.pente"),
    ("[rules]\nrubber_games = \"5\"\n", "rules.rubber_games"),
    ("[rules]\nrubber_games = 5.0\n", "rules.rubber_games"),
    ("[rules]\nrubber_games = true\n", "rules.rubber_games"),
    ("[rules]\ntrump_card = 1\n", "rules.trump_card"),
    ("[outputs]\nformats = \"html\"\n", "outputs.formats"),
    ("[report]\nsections = \"outcomes\"\n", "report.sections"),
])
def test_spec_values_of_the_wrong_type_are_refused(tmp_path, extra, key):
    path = _spec(tmp_path, TOP + extra, "types.toml")
    with pytest.raises(simcore.TrunfoError) as e:
        load_spec(path)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(f"{path}: {key}:"), msg


def test_spec_deals_as_a_float_or_string_refused(tmp_path):
    for text in ("deals = 1000.0", 'deals = "1000"', "deals = true", "deals = 1e3"):
        with pytest.raises(simcore.TrunfoError, match="deals"):
            load_spec(_spec(tmp_path, TOP.replace("deals = 1000", text), "d.toml"))


def test_spec_with_the_right_types_still_loads(tmp_path):
    s = load_spec(_spec(tmp_path, TOP + 'players = 4\ndealer = 1\nstrategies = ["greedy"]\n'
                              '[rules]\npente = true\nrubber_games = 5\n', "ok.toml"))
    assert s.dealer == 1 and s.rules["pente"] is True and s.rules["rubber_games"] == 5
    b = load_spec(_spec(tmp_path, TOP.replace("sueca", "brisca") +
                              '[rules]\ndouble_at = "off"\n', "b.toml"))
    assert b.rules["double_at"] is None


def test_spec_that_is_not_utf8_is_one_line(tmp_path, capsys, no_work):
    path = _spec(tmp_path, b'title = "caf\xe9"\ngame = "sueca"\ndeals = 1000\n', "latin1.toml")
    assert_one_line(*run(capsys, "run", path, "--out", tmp_path / "o"), "latin1.toml", "UTF-8")


@pytest.mark.parametrize("given", ["nowhere/sueca_trump_odds.toml", "./sueca_trump_odds",
                                   "{tmp}/sueca_trump_odds.toml"])
def test_a_spec_path_that_does_not_exist_is_not_the_catalog_study(tmp_path, capsys, no_work,
                                                                  given, monkeypatch):
    monkeypatch.chdir(tmp_path)
    given = given.format(tmp=tmp_path)
    assert_one_line(*run(capsys, "run", given, "--out", tmp_path / "o"), given,
                    "no such spec file")
    assert not (tmp_path / "o").exists()


def test_a_bare_name_is_the_catalog_study(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert load_spec("sueca_trump_odds").title == load_spec(
        "sueca_trump_odds.toml").title


# --- run directories: checksums, verification, recomputation, nothing read outside -----------
@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    base = tmp_path_factory.mktemp("finished")
    spec = _spec(base)
    out = base / "run"
    study.run_study(load_spec(spec), str(out), chunk=CHUNK, threads=2)
    return str(out)


def _manifest(out):
    with open(os.path.join(out, "manifest.json")) as f:
        return json.load(f)


def _put_manifest(out, m):
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(m, f)


def test_the_manifest_holds_each_chunks_checksum_and_row_count(finished_run):
    m = _manifest(finished_run)
    assert [c["start"] for c in m["chunks"]] == list(range(0, N, CHUNK))
    for c in m["chunks"]:
        path = os.path.join(finished_run, c["file"])
        with open(path, "rb") as f:
            data = f.read()
        assert c["sha256"] == hashlib.sha256(data).hexdigest() and c["bytes"] == len(data)
        assert c["rows"] == pq.read_metadata(path).num_rows == CHUNK


def _flip(path, at=None):
    with open(path, "r+b") as f:
        size = f.seek(0, 2)
        at = size // 2 if at is None else at
        f.seek(at)
        b = f.read(1)
        f.seek(at)
        f.write(bytes([b[0] ^ 0x10]))


def _damage(out, kind, outside):
    c1 = os.path.join(out, study.chunk_name(CHUNK))
    m = _manifest(out)
    if kind == "missing":
        os.remove(c1)
    elif kind == "truncated":
        with open(c1, "r+b") as f:
            f.truncate(os.path.getsize(c1) // 2)
    elif kind == "flipped_byte":
        _flip(c1)
    elif kind == "flipped_footer":
        _flip(c1, os.path.getsize(c1) - 100)
    elif kind == "swapped":                     # two chunks exchanged, manifest untouched
        c2 = os.path.join(out, study.chunk_name(2 * CHUNK))
        os.rename(c1, c1 + ".x")
        os.rename(c2, c1)
        os.rename(c1 + ".x", c2)
    elif kind == "symlink_outside":
        shutil.copy(c1, outside)
        os.remove(c1)
        os.symlink(outside, c1)
    elif kind == "path_outside":                # the manifest names a file outside
        shutil.copy(c1, outside)
        m["chunks"][1]["file"] = os.path.relpath(outside, out)
        _put_manifest(out, m)
    elif kind == "absolute_path":
        shutil.copy(c1, outside)
        m["chunks"][1]["file"] = str(outside)
        _put_manifest(out, m)
    elif kind == "declared_complete":           # a chunk dropped, the run declared complete
        del m["chunks"][-1]
        m["complete"] = True
        _put_manifest(out, m)
    elif kind == "rows_edited":
        m["chunks"][1]["rows"] = CHUNK - 1
        _put_manifest(out, m)
    elif kind == "spec_edited":                 # same chunks, other rules claimed
        m["spec"]["rules"]["pente"] = True
        _put_manifest(out, m)
    elif kind == "not_json":
        with open(os.path.join(out, "manifest.json"), "a") as f:
            f.write("}{")


DAMAGES = ["missing", "truncated", "flipped_byte", "flipped_footer", "swapped",
           "symlink_outside", "path_outside", "absolute_path", "declared_complete",
           "rows_edited", "spec_edited"]


@pytest.mark.parametrize("kind", DAMAGES + ["not_json"])
def test_report_refuses_a_damaged_run_with_one_line(tmp_path, capsys, finished_run, kind):
    out = tmp_path / "run"
    shutil.copytree(finished_run, out, symlinks=True)
    outside = tmp_path / "outside.parquet"
    _damage(str(out), kind, outside)
    assert_one_line(*run(capsys, "report", out), str(out))
    assert not (out / "report").exists()


@pytest.mark.parametrize("kind", DAMAGES)
def test_resume_recomputes_what_is_missing_or_damaged(tmp_path, capsys, finished_run, kind):
    out = tmp_path / "run"
    shutil.copytree(finished_run, out, symlinks=True)
    outside = tmp_path / "outside.parquet"
    _damage(str(out), kind, outside)
    outside_before = outside.read_bytes() if outside.exists() else None
    spec = _spec(tmp_path)
    code = main(["run", spec, "--out", str(out), "--chunk", str(CHUNK), "--resume", "--no-report"])
    assert code == 0, capsys.readouterr().err
    assert "note:" in capsys.readouterr().err          # it says what it recomputed
    pd.testing.assert_frame_equal(_frame(out), _frame(finished_run))   # loads and checks it
    if kind == "missing":       # one full report of a resumed run (each costs seconds)
        assert main(["report", str(out)]) == 0
    if outside_before is not None:                     # never touched, never adopted
        assert outside.read_bytes() == outside_before
        assert not os.path.islink(out / study.chunk_name(CHUNK))


def test_an_old_manifest_is_refused_with_one_line(tmp_path, capsys, finished_run):
    out = tmp_path / "run"
    shutil.copytree(finished_run, out)
    m = _manifest(out)
    m["format"] = "trunfo-study/1"
    _put_manifest(out, m)
    assert_one_line(*run(capsys, "report", out), "older trunfo")
    assert_one_line(*run(capsys, "run", _spec(tmp_path), "--out", out, "--resume"),
                    "older trunfo")


def test_an_unrecorded_chunk_of_other_data_is_not_adopted(tmp_path):
    """A chunk renamed into place by a process killed before it recorded it is never
    trusted: here one from another seed, with the right name, start and row count."""
    spec = load_spec(_spec(tmp_path))
    other = tmp_path / "other"
    study.run_study(spec, str(other), seed=8, chunk=CHUNK, threads=1)
    out = tmp_path / "cut"

    def stop(start, count):
        if start >= CHUNK:
            raise KeyboardInterrupt
    r = study.run_study(spec, str(out), chunk=CHUNK, threads=1, on_chunk=stop)
    assert r.interrupted and r.done == 2 * CHUNK
    name = study.chunk_name(2 * CHUNK)
    shutil.copy(other / name, out / name)
    r2 = study.run_study(spec, str(out), chunk=CHUNK, threads=1, resume=True)
    assert r2.complete and r2.done == N
    full = tmp_path / "full"
    study.run_study(spec, str(full), chunk=CHUNK, threads=1)
    pd.testing.assert_frame_equal(_frame(out), _frame(full))


# --- one writer per run directory --------------------------------------------------------
def test_a_second_writer_is_refused_with_one_line(tmp_path, capsys):
    spec = _spec(tmp_path, SPEC.replace("deals = 12000", "deals = 100_000_000"))
    out = tmp_path / "run"
    p = _Proc(["run", spec, "--out", out, "--threads", 1, "--chunk", 4096, "--progress"])
    try:
        p.wait_for(" left")
        time.sleep(0.5)
        live = sorted(os.listdir(out)) + sorted(os.listdir(out / "chunks"))
        assert_one_line(*run(capsys, "run", spec, "--out", out, "--resume"), "in use",
                        f"pid {p.p.pid}")
        assert_one_line(*run(capsys, "report", out), "in use")
        assert_one_line(*run(capsys, "run", spec, "--out", out), "in use")
        now = set(os.listdir(out)) | set(os.listdir(out / "chunks"))  # nothing removed
        chunks = {f for f in live if f.startswith("chunk-")}
        assert chunks and chunks <= now and ".lock" in now
    finally:
        p.stop(signal.SIGINT)
    assert p.p.returncode == 130, p.stderr
    assert "interrupted:" in p.stderr
    from reports.load import load_run
    assert load_run(str(out)).done > 0                     # intact after all that


# --- tournament interrupted keeps the matches it finished --------------------------------
def test_tournament_interrupted_keeps_the_matches_it_finished(capsys, monkeypatch):
    real = simcore.duplicate.pair_outcomes

    def second_match_stopped(seat, seed, start, count):
        if seat.strategies == ("greedy", "random"):      # the second (ordered) match
            os.kill(os.getpid(), signal.SIGINT)
        return real(seat, seed, start, count)

    monkeypatch.setattr(simcore.duplicate, "pair_outcomes", second_match_stopped)
    code, out, err = run(capsys, "tournament", "scopa", "--players", 3, "--strategies",
                         "random,greedy", "-n", 2000, "--seed", 1)
    assert code == 130, err
    assert "random vs greedy: points" in out              # the first match, kept
    assert "greedy vs random: points" not in out
    assert "interrupted: 1 finished match kept" in out


def test_tournament_interrupted_json_has_the_finished_matches(capsys, monkeypatch, tmp_path):
    real = simcore.duplicate.pair_outcomes

    def second_match_stopped(seat, seed, start, count):
        if seat.strategies == ("greedy", "random"):
            os.kill(os.getpid(), signal.SIGINT)
        return real(seat, seed, start, count)

    monkeypatch.setattr(simcore.duplicate, "pair_outcomes", second_match_stopped)
    csv_path = tmp_path / "t.csv"
    code, out, err = run(capsys, "tournament", "scopa", "--players", 3, "--strategies",
                         "random,greedy", "-n", 2000, "--json", "--csv", csv_path)
    d = json.loads(out)
    assert code == 130 and d["interrupted"] is True
    assert [m["strategies"] for m in d["matches"]] == [["random", "greedy"]]
    assert "random,greedy" in csv_path.read_text()


# --- smaller ----------------------------------------------------------------------------------
class _SignalOnThirdLine:
    """stdout that receives SIGINT while the third record is being written."""

    def __init__(self):
        self.lines = []

    def write(self, s):
        self.lines.append(s)
        if len(self.lines) == 3:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.01)

    def flush(self):
        pass


def test_records_interrupted_reports_every_record_it_wrote(capsys, monkeypatch):
    fake = _SignalOnThirdLine()
    monkeypatch.setattr(sys, "stdout", fake)
    code = main(["records", "sueca", "-n", "50", "--out", "-"])
    err = capsys.readouterr().err
    assert code == 130
    assert f"interrupted: {len(fake.lines)} records written" in err, (err, len(fake.lines))


def test_records_to_a_file_interrupted_keeps_whole_records(tmp_path, capsys, monkeypatch):
    from simcore.files import AtomicFile
    real = AtomicFile.write
    written = []

    def write(self, data):
        written.append(data)
        if len(written) == 5:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.01)
        real(self, data)

    monkeypatch.setattr(AtomicFile, "write", write)
    path = tmp_path / "r.jsonl"
    code, out, err = run(capsys, "records", "sueca", "-n", 50, "--out", path)
    lines = path.read_text().splitlines()
    assert code == 130 and f"interrupted: {len(lines)} records written" in err
    assert 5 <= len(lines) < 50          # stopped after the piece of records being written
    assert all(json.loads(x)["deal"] == i for i, x in enumerate(lines))


def test_chunk_1_records_each_chunk_in_constant_work(tmp_path, monkeypatch):
    """Recording a chunk must not rewrite every chunk recorded before it (quadratic)."""
    written = []

    class CountingJson:
        def __getattr__(self, name):
            return getattr(json, name)

        def dumps(self, obj, *a, **k):
            s = json.dumps(obj, *a, **k)
            written.append(len(s))
            return s

        def dump(self, obj, f, *a, **k):
            f.write(self.dumps(obj, *a, **k))

    monkeypatch.setattr(study, "json", CountingJson())
    n = 400
    spec = load_spec(_spec(tmp_path, SPEC.replace("deals = 12000", f"deals = {n}")))
    r = study.run_study(spec, str(tmp_path / "r"), chunk=1, threads=1)
    assert r.complete and len(r.manifest["chunks"]) == n
    manifest_size = os.path.getsize(tmp_path / "r" / "manifest.json")
    # a few whole manifests per session plus one short line per chunk; a manifest
    # rewritten per chunk would be about n / 2 manifests
    assert sum(written) < 4 * manifest_size + 400 * n, (sum(written), manifest_size)


def test_a_bad_dealer_lists_the_valid_seats(capsys, no_work):
    assert_one_line(*run(capsys, "simulate", "sueca", "--dealer", "x"), "'x'",
                    "valid seats: 0..3")
    assert_one_line(*run(capsys, "simulate", "brisca", "--players", 2, "--dealer", "2"),
                    "valid seats: 0..1")
    assert_one_line(*run(capsys, "compare", "sueca", "--strategies", "random,greedy",
                         "--dealer", "-1"), "valid seats: 0..3")


def test_tournament_help_does_not_mention_sprt(capsys):
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    assert "sprt" not in capsys.readouterr().out.lower()
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    assert "--sprt" in capsys.readouterr().out


def test_a_killed_writers_temporary_file_is_swept_by_the_next_write(tmp_path, capsys):
    """``simulate --out`` killed by SIGKILL leaves ``.NAME.PID.RANDOM.tmp`` behind; the next
    command that writes NAME removes it when its writer no longer runs (and leaves the file
    of a writer that still runs, and files of other names, alone)."""
    out = tmp_path / "d.parquet"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".d.parquet.{dead.pid}.0123abcd.tmp"
    stale.write_bytes(b"x" * 1000)
    alive = tmp_path / f".d.parquet.{os.getpid()}.89abcdef.tmp"
    alive.write_bytes(b"y")
    other = tmp_path / f".e.parquet.{dead.pid}.0123abcd.tmp"
    other.write_bytes(b"z")
    assert main(["simulate", "sueca", "-n", "2000", "--seed", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    assert out.exists() and not stale.exists()
    assert alive.exists() and other.exists()


@pytest.mark.parametrize("edit,needle", [
    ({"unit": "fortnights"}, "unit 'fortnights' is not a unit of sueca; valid: deals, rubbers"),
    ({"sections": ["outcomes", "weather"]}, "report section 'weather' is not one of sueca's"),
    ({"sections": "outcomes"}, "sections must be a list of names"),
])
def test_a_hand_edited_manifest_spec_is_one_line(tmp_path, capsys, finished_run, edit, needle):
    """A manifest edited by hand with its checksum recomputed: an unknown unit was a
    traceback, unknown sections an empty report with exit 0."""
    from reports.load import manifest_checksum
    out = tmp_path / "run"
    shutil.copytree(finished_run, out)
    m = _manifest(out)
    m["spec"].update(edit)
    m["checksum"] = manifest_checksum(m)
    _put_manifest(out, m)
    code, _, err = run(capsys, "report", out)
    assert_one_line(code, "", err, needle)
    assert not (out / "report").exists()


@pytest.mark.parametrize("link", ["report.html", "report_folder", "figure"])
def test_report_never_writes_through_a_link(tmp_path, capsys, finished_run, link):
    """A link in the run folder's report/ (to a user's file, or report/ itself to another
    folder) is refused in one line: nothing is written there, nor where it points."""
    out = tmp_path / "run"
    shutil.copytree(finished_run, out)
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "mine.txt").write_text("keep me")
    rep = out / "report"
    shutil.rmtree(rep, ignore_errors=True)
    if link == "report_folder":
        rep.symlink_to(victim, target_is_directory=True)
    else:
        (rep / "figures").mkdir(parents=True)
        name = rep / "report.html" if link == "report.html" else rep / "figures" / "x.svg"
        name.symlink_to(victim / "mine.txt")
    code, _, err = run(capsys, "report", out)
    assert_one_line(code, "", err, "is a symbolic link")
    assert sorted(p.name for p in victim.iterdir()) == ["mine.txt"]
    assert (victim / "mine.txt").read_text() == "keep me"


def test_run_refuses_a_linked_report_folder_before_any_work(tmp_path, capsys):
    victim = tmp_path / "victim"
    victim.mkdir()
    out = tmp_path / "run"
    out.mkdir()
    (out / "report").symlink_to(victim, target_is_directory=True)
    code, _, err = run(capsys, "run", _spec(tmp_path), "--out", out)
    assert_one_line(code, "", err, "is a symbolic link")
    assert list(victim.iterdir()) == [] and not (out / "manifest.json").exists()
