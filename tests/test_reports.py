"""Reports: loading a run, aggregation chunk by chunk, figures, the HTML/Markdown/CSV report."""
from __future__ import annotations

import os

import numpy as np
import pandas as pd
import pytest

import simcore
from experiments.cli import main
from experiments.spec import parse_spec
from experiments.study import run_study
from reports import figures, load_run, tables, write_report
from reports.html import FIGURE_NAMES
from simcore.games import all_games

N, CHUNK = 20_000, 4096
SPEC = """title = "report test"
game = "sueca"
strategies = ["greedy", "random", "greedy", "random"]
deals = 20000
seed = 11
"""


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("rep") / "run"
    run_study(parse_spec(SPEC, "report_test.toml"), str(out), chunk=CHUNK, threads=2)
    return str(out)


@pytest.fixture(scope="module")
def report(run_dir):
    return write_report(run_dir)


def test_load_run_reads_only_asked_columns(run_dir):
    run = load_run(run_dir)
    assert run.game == "sueca" and run.complete and len(run.chunk_paths) == 5
    df = run.deals(["deal", "outcome"])
    assert list(df.columns) == ["deal", "outcome"] and len(df) == N
    frames = list(run.iter_frames(["points_team0"]))
    assert [len(f) for f in frames] == [CHUNK] * 4 + [N - 4 * CHUNK]


def test_chunked_aggregation_equals_whole_frame(run_dir):
    run = load_run(run_dir)
    by_chunk = tables.count_frames("sueca", run.iter_frames(tables.columns_for("sueca")))
    whole = tables.count("sueca", run.deals())
    pd.testing.assert_frame_equal(tables.finish_trumps(by_chunk), tables.finish_trumps(whole))
    pd.testing.assert_frame_equal(tables.finish_honours(by_chunk), tables.finish_honours(whole))
    pd.testing.assert_frame_equal(tables.finish_sides(by_chunk), tables.finish_sides(whole))


def test_tables_agree_with_engine_summary():
    r = simcore.simulate("sueca", deals=N, seed=3, keep_deals=True, threads=1)
    o = tables.outcome_shares(r.frame).set_index("outcome")
    for label, e in r.summary["outcomes"].items():
        got = int(o["count"].get(label, 0))
        assert got == e["count"]
        if got:
            assert o.loc[label, "low95"] == pytest.approx(e["ci95"][0])
    t = tables.by_trumps(r.frame)
    hist = r.summary["dealer_team_trumps_histogram"]
    assert dict(zip(t["trumps"], t["deals"])) == {k: v for k, v in enumerate(hist) if v}
    sides = tables.side_results(r.frame)
    assert sides["won"].tolist() == [r.summary["winners"]["team0"]["count"],
                                     r.summary["winners"]["team1"]["count"]]
    h = tables.by_honours(r.frame)
    assert h.groupby("honour")["deals"].sum().tolist() == [N, N, N]


def test_report_has_every_section_and_figure(run_dir, report):
    html = open(report["html"][0], encoding="utf-8").read()
    for key in ("outcomes", "scores", "sides", "categories", "trumps", "honours", "metadata"):
        assert f"<section id='{key}'>" in html
    for key, name in FIGURE_NAMES.items():
        if key == "lengths":                      # whole games only
            continue
        assert f"id='fig-{name}'><svg" in html
        for ext in ("png", "svg"):
            assert os.path.getsize(os.path.join(run_dir, "report", "figures",
                                                f"{name}.{ext}")) > 1000
    assert "Strategy comparison" in html and "greedy" in html
    assert "bandeira" in html and "seed" in html and "deals/s" in html
    # self-contained: no external images, scripts or stylesheets
    assert "src=\"http" not in html and "<script" not in html and "<link" not in html
    md = open(report["markdown"][0], encoding="utf-8").read()
    for title in ("Outcome shares", "Score distribution", "Strategy comparison",
                  "Outcomes by trumps held", "trump honours", "Run metadata"):
        assert title in md
    csvs = {os.path.basename(p) for p in report["csv"]}
    assert {"outcomes.csv", "scores.csv", "sides.csv", "categories.csv", "by_trumps.csv",
            "by_honours.csv", "metadata.csv"} <= csvs
    t = pd.read_csv(os.path.join(run_dir, "report", "tables", "outcomes.csv"))
    assert t["count"].sum() == N and (t["low95"] <= t["share"]).all()
    assert not [f for f in os.listdir(run_dir) if f.endswith(".parquet")
                and not f.startswith("chunk-")]


def test_figures_have_titles_labels_and_legends(run_dir):
    df = load_run(run_dir).deals()
    for name in ("outcome_shares", "score_histogram", "side_results", "trumps_curve",
                 "honours_bars", "categories_bars"):
        fig = getattr(figures, name)(df)
        assert fig.axes[0].get_xlabel() and fig.axes[0].get_ylabel()
        assert all(ax.get_xlabel() or ax.get_ylabel() for ax in fig.axes)
        labels = [lab for ax in fig.axes for lab in (ax.get_xlabel(), ax.get_ylabel())]
        assert all("(%)" in lab for lab in labels if "share" in lab)          # units
        assert any(ax.get_title() for ax in fig.axes) or fig._suptitle is not None
        assert any(ax.get_legend() is not None for ax in fig.axes)
        import matplotlib.pyplot as plt
        plt.close(fig)
    fig = figures.score_histogram(df)
    xs = [line.get_xdata()[0] for line in fig.axes[0].lines]
    assert 60.5 in xs and 90.5 in xs                # the 61 and 91 marks


def test_scoring_categories_match_the_records(run_dir):
    df = load_run(run_dir).deals()
    t = tables.scoring_categories(df).set_index("column")
    assert t.loc["points_team0", "mean"] == pytest.approx(df["points_team0"].mean())
    assert t.loc["tricks_team1", "mean"] == pytest.approx(df["tricks_team1"].mean())
    assert set(t["category"]) >= {"trumps", "points", "tricks", "games"}


def test_report_sections_follow_the_spec(tmp_path):
    spec = parse_spec(SPEC + '[report]\nsections = ["outcomes", "metadata"]\n'
                             '[outputs]\nformats = ["html"]\nfigures = ["svg"]\n', "few.toml")
    out = str(tmp_path / "few")
    run_study(spec, out, chunk=CHUNK)
    rep = write_report(out)
    assert rep["sections"] == ["outcomes", "metadata"] and not rep["markdown"] and not rep["csv"]
    assert all(p.endswith(".svg") for p in rep["figures"])


def test_report_command_and_partial_run(tmp_path, capsys):
    out = str(tmp_path / "part")

    def stop(start, count):
        if start >= CHUNK:
            raise KeyboardInterrupt
    run_study(parse_spec(SPEC, "part.toml"), out, chunk=CHUNK, on_chunk=stop)
    assert main(["report", out]) == 0
    cap = capsys.readouterr()
    assert "partial" in cap.err and "report.html" in cap.out
    html = open(os.path.join(out, "report", "report.html"), encoding="utf-8").read()
    assert "partial: 8,192 of 20,000 deals" in html
    assert main(["report", str(tmp_path / "nothing")]) == 2


# tables that seat the strategies the game's other tests seat: no kernel compiled for these alone
SEATS = {"sueca_italiana": 'strategies = ["random", "greedy", "random", "greedy", "random"]\n',
         "briscola_chiamata": 'strategies = ["random", "greedy", "random", "greedy", "random"]\n'}


@pytest.mark.parametrize("game", [g for g in all_games() if g != "sueca"])
def test_generic_report_for_other_games(tmp_path, game):
    g = all_games()[game]
    spec = parse_spec(f'title = "{game}"\ngame = "{game}"\ndeals = 5000\n'
                      + SEATS.get(game, ""), f"{game}_t.toml")
    out = str(tmp_path / game)
    run_study(spec, out, chunk=2048)
    rep = write_report(out)
    assert rep["sections"] == [s for s in ("outcomes", "contracts", "scores", "sides",
                                           "categories", "metadata")
                               if s != "contracts" or game in SEATS]
    t = pd.read_csv(os.path.join(out, "report", "tables", "sides.csv"))
    assert len(t) >= 2
    assert np.allclose(t["win"] + t["tie"] + t["loss"], 1.0)
    assert g.name in open(rep["html"][0], encoding="utf-8").read()
    cats = pd.read_csv(os.path.join(out, "report", "tables", "categories.csv"))
    assert len(cats) and cats["mean"].notna().all()


@pytest.mark.parametrize("game", sorted(all_games()))
def test_whole_game_report(tmp_path, game):
    from experiments.spec import whole_unit
    unit = whole_unit(game)
    if unit is None:
        pytest.skip(f"{game} has no whole games")
    spec = parse_spec(f'title = "{game} {unit}"\ngame = "{game}"\n{unit} = 400\n'
                      + SEATS.get(game, ""), f"{game}_w.toml")
    out = str(tmp_path / game)
    run_study(spec, out, chunk=128)
    rep = write_report(out)
    assert rep["sections"] == ["outcomes", "lengths", "sides", "categories", "metadata"]
    o = pd.read_csv(os.path.join(out, "report", "tables", "outcomes.csv"))
    won = o[o["outcome"].str.startswith(("won by", "no winner"))]
    ended = o[o["outcome"].str.startswith("ended by")]
    assert won["count"].sum() == 400 and ended["count"].sum() == 400
    html = open(rep["html"][0], encoding="utf-8").read()
    assert "id='fig-length_histogram'><svg" in html and unit in html


def test_contracts_section_agrees_with_the_records(tmp_path):
    """Sueca Italiana's contracts table: counts by level and made shares, recounted here
    from the deals themselves."""
    spec = parse_spec('title = "it"\ngame = "sueca_italiana"\ndeals = 3000\n'
                      + SEATS["sueca_italiana"], "it_c.toml")
    out = str(tmp_path / "it")
    run_study(spec, out, chunk=1024)
    write_report(out)
    t = pd.read_csv(os.path.join(out, "report", "tables", "contracts.csv"))
    deals = load_run(out).deals()
    lv = t[t["group"] == "contract"]
    assert lv["deals"].sum() == 3000
    for _, row in lv.iterrows():
        lo, _, hi = row["level"].partition("-")
        sel = deals[(deals["contract"] >= int(lo)) & (deals["contract"] <= int(hi or lo))]
        assert row["deals"] == len(sel) and row["made"] == int(sel["made"].sum())
    seats = t[t["group"] == "declarer seat"]
    rel = (deals["declarer"].astype(int) - deals["dealer"].astype(int)) % 5
    assert list(seats["deals"]) == [int((rel == k).sum()) for k in range(5)]
