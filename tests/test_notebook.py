"""Results in notebooks: tidy frames with intervals, an HTML display, a progress bar that
shows in Jupyter, and run folders that pandas, pyarrow and DuckDB open as a dataset."""
import io
import math
import sys
import types

import pandas as pd
import pytest

import simcore
from simcore.frames import COLUMNS
from simcore.runner import Progress
from simcore.stats import Z95


def _wilson_by_quadratic(k, n, z=Z95):
    p = k / n
    a, b, c = 1 + z * z / n, -(2 * p + z * z / n), p * p
    d = math.sqrt(b * b - 4 * a * c)
    return (-b - d) / (2 * a), (-b + d) / (2 * a)


@pytest.fixture(scope="module")
def sim():
    return simcore.simulate("sueca", deals=4000, seed=9, keep_deals=True, threads=1)


def test_simulation_to_frame_is_tidy_with_intervals(sim):
    df = sim.to_frame()
    assert list(df.columns) == COLUMNS
    assert isinstance(df["table"].dtype, pd.CategoricalDtype)
    o = df[df["table"] == "outcomes"].set_index("label")
    counts = sim.frame["outcome"].value_counts()
    for label, row in o.iterrows():
        k = int(counts.get(label, 0))
        assert row["count"] == k and row["n"] == 4000 and row["kind"] == "share"
        if 0 < k < 4000:
            assert (row["low95"], row["high95"]) == pytest.approx(_wilson_by_quadratic(k, 4000))
    m = df[(df["table"] == "means") & (df["label"] == "points team0")].iloc[0]
    x = sim.frame["points_team0"].astype(float)
    half = Z95 * x.std(ddof=1) / math.sqrt(len(x))
    assert (m["estimate"], m["low95"], m["high95"]) == \
        pytest.approx((x.mean(), x.mean() - half, x.mean() + half))
    html = sim._repr_html_()
    assert "<table" in html and "seed 9" in html and "{" not in html.split("<table")[1][:200]


def test_compare_and_tournament_frames():
    from simcore.duplicate import compare, tournament
    r = compare("sueca", "greedy", "random", deals=500, seed=3, threads=1)
    df = r.to_frame()
    diff = df[df["label"].str.startswith("mean point difference")].iloc[0]
    assert diff["kind"] == "difference" and diff["n"] == 500
    assert (diff["estimate"], [diff["low95"], diff["high95"]]) == \
        (r.summary["mean_point_diff"], r.summary["mean_point_diff_ci95"])
    pen = df[df["table"] == "pentanomial"]
    assert pen["count"].sum() == 500 and (pen["low95"] <= pen["estimate"]).all()
    assert "<table" in r._repr_html_()
    t = tournament("sueca", ["random", "greedy"], deals=300, seed=3, threads=1)
    tf = t.to_frame()
    ratings = tf[tf["table"] == "ratings"].set_index("label")
    assert set(ratings.index) == {"random", "greedy"}
    assert ratings.loc["greedy", "estimate"] > ratings.loc["random", "estimate"]
    assert isinstance(t, dict) and t["ratings"]               # still the dict it was
    assert "<table" in t._repr_html_()


def test_progress_bar_shows_in_a_notebook(monkeypatch):
    out = io.StringIO()                                       # not a terminal
    assert not Progress(100, stream=out).enabled              # a script: quiet
    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))
    p = Progress(100, "deals", stream=out, delay=0)
    assert p.enabled and p.style == "tqdm"
    p.update(40)
    p.last = 0
    p.update(100)
    p.close()
    text = out.getvalue()
    assert "100/100" in text and "deals" in text              # tqdm's bar, to the end


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    from experiments.spec import parse_spec
    from experiments.study import run_study
    out = tmp_path_factory.mktemp("nb") / "run"
    run_study(parse_spec('title = "t"\ngame = "sueca"\ndeals = 5000\nseed = 4\n', "t.toml"),
              str(out), chunk=2048, threads=1)
    return out


def test_run_folder_is_a_parquet_dataset_for_pandas_and_pyarrow(run_dir):
    import pyarrow.dataset as ds
    from reports import load_run
    from reports.load import dataset_path
    df = pd.read_parquet(dataset_path(str(run_dir)))
    assert len(df) == 5000
    assert sorted(df["deal"]) == list(range(5000))
    want = load_run(str(run_dir)).deals()
    pd.testing.assert_frame_equal(df.sort_values("deal").reset_index(drop=True), want,
                                  check_categorical=False)
    assert isinstance(df["outcome"].dtype, pd.CategoricalDtype)
    assert ds.dataset(str(run_dir / "chunks"), format="parquet").count_rows() == 5000


def test_run_folder_opens_in_duckdb(run_dir):
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    n, pts = con.execute(
        f"select count(*), sum(points_team0) from read_parquet('{run_dir}/chunks/*.parquet')"
    ).fetchone()
    df = pd.read_parquet(run_dir / "chunks")
    assert n == 5000 and pts == int(df["points_team0"].sum())


def test_a_run_in_the_older_layout_is_still_read_and_resumed(tmp_path):
    """trunfo-study/2 kept the chunks beside the manifest: such a run still loads, and a
    resume finishes it (new chunks go to chunks/) with the data of an uninterrupted run."""
    import json
    import os
    import shutil
    from experiments.spec import parse_spec
    from experiments.study import run_study
    from reports import load_run
    from reports.load import MANIFEST, manifest_checksum
    spec = parse_spec('title = "t"\ngame = "sueca"\ndeals = 3000\nseed = 4\n', "t.toml")
    full = tmp_path / "full"
    run_study(spec, str(full), chunk=1024, threads=1)
    out = tmp_path / "old"

    def stop(start, count):
        if start >= 1024:
            raise KeyboardInterrupt
    run_study(spec, str(out), chunk=1024, threads=1, on_chunk=stop)
    m = json.load(open(out / MANIFEST))
    for c in m["chunks"]:                       # back to the older layout
        flat = os.path.basename(c["file"])
        shutil.move(out / c["file"], out / flat)
        c["file"] = flat
    os.rmdir(out / "chunks")
    m["format"] = "trunfo-study/2"
    m["checksum"] = manifest_checksum(m)
    (out / MANIFEST).write_text(json.dumps(m))
    assert load_run(str(out)).done == 2048
    r = run_study(spec, str(out), chunk=1024, threads=1, resume=True)
    assert r.complete
    pd.testing.assert_frame_equal(load_run(str(out)).deals(), load_run(str(full)).deals())
    assert os.listdir(out / "chunks") == ["chunk-000000002048.parquet"]
