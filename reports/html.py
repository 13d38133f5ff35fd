"""The report of a run directory: self-contained HTML, a Markdown summary, CSV tables.

``write_report(run_dir)`` aggregates the chunks one at a time (only the columns
the report needs), then writes into ``run_dir/report/``::

    report.html       figures inline as SVG: one file, readable offline
    summary.md        the tables in Markdown, figures linked as PNG
    tables/*.csv      every table
    figures/*.png, figures/*.svg
"""
from __future__ import annotations

import html
import io
import math
import os
import re
from dataclasses import dataclass, field

import pandas as pd

from simcore import __version__
from simcore.games import get_game

from . import tables
from .load import Run, load_run

FIGURE_NAMES = {"outcomes": "outcome_shares", "scores": "score_histogram", "sides": "side_results",
                "categories": "scoring_categories", "lengths": "length_histogram",
                "trumps": "trumps_curve", "honours": "honours_bars", "contracts": "contracts_bars"}


@dataclass
class Section:
    key: str
    title: str
    text: str = ""
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    figure: object | None = None


def _allowed_outcomes(run: Run) -> list[str] | None:
    g = get_game(run.game)
    spec = run.spec
    if not hasattr(g, "outcome_labels"):
        return None
    try:
        setup = g.setup(spec["rules"], spec["strategies"], players=spec.get("players"),
                        dealer=spec.get("dealer"))
        kinds = g.outcome_labels(setup)
    except Exception:
        return None
    labels = tables.outcome_labels(run.game) or ()
    return [lab for lab in labels if lab == "tie" or lab.split("_", 1)[1] in kinds]


def build_sections(run: Run, counts: dict | None = None) -> list[Section]:
    """Aggregate the run and build each section the spec asks for (tables + figure)."""
    from . import figures
    spec = run.spec
    game = run.game
    if run.unit != "deals":
        return _whole_sections(run)
    if counts is None:
        counts = tables.count_frames(game, run.iter_frames(tables.columns_for(game)))
    if counts is None:
        raise ValueError(f"{run.path} has no finished chunks yet")
    n = counts["n"]
    names = tables.side_names(game, counts["sides"], spec.get("players"), spec.get("strategies"))
    wanted = spec.get("sections") or tables.sections_for(game)
    allowed = _allowed_outcomes(run)
    sections = []
    outcomes = tables.finish_outcomes(counts, allowed)
    for key in tables.sections_for(game):
        if key not in wanted:
            continue
        s = Section(key, tables.SECTION_TITLES[key])
        if key == "outcomes":
            s.tables["outcomes"] = outcomes
            s.text = (f"Share of the {n:,} deals ending in each outcome, with 95% Wilson "
                      f"score intervals.")
            if game == "sueca":
                s.tables["outcomes_dealer_side"] = tables.finish_dealer_outcomes(counts, allowed)
                s.text += (" The second table names the teams from the dealer's side "
                           "(the dealer rotates with the deal unless fixed).")
            s.figure = figures.outcome_shares(outcomes, title=f"Outcome shares ({n:,} deals)")
        elif key == "scores":
            sc = tables.finish_scores(counts, names)
            s.tables["scores"] = sc
            band = None
            if game == "sueca":
                band = float(outcomes.loc[outcomes["outcome"].str.contains("bandeira"),
                                          "share"].sum())
                s.text = (f"Card points of team 0 per deal; 61 points win, 91 a double, all "
                          f"120 points (every trick) a bandeira: {100 * band:.3f}% of deals.")
            else:
                s.text = "Score per deal and side (the game's own scoring), share of deals."
            s.figure = figures.score_histogram(sc, game=game, bandeira=band,
                                               title=f"Score distribution ({n:,} deals)")
        elif key == "sides":
            t = tables.finish_sides(counts, names)
            s.tables["sides"] = t
            strategies = spec.get("strategies") or []
            compare = len(set(strategies)) > 1
            s.title = "Strategy comparison" if compare else s.title
            s.text = ("Each side's share of deals won, tied and lost and its mean score, with "
                      "95% intervals" + ("; the sides play different strategies on the same "
                                         "deals." if compare else "."))
            s.figure = figures.side_results(t, title="Strategy comparison" if compare
                                            else "Results by side")
        elif key == "categories":
            t = tables.finish_categories(counts, game, spec.get("players"))
            s.tables["categories"] = t
            s.text = ("Mean per deal of each per-side quantity the engine records (the game's "
                      "own scoring categories), with 95% intervals.")
            if len(t):
                s.figure = figures.categories_bars(t)
        elif key == "trumps":
            t = tables.finish_trumps(counts)
            s.tables["by_trumps"] = t
            s.text = ("Results of the dealer's team by the number of trumps its two players "
                      "hold (the dealer always holds the face-up trump card).")
            s.figure = figures.trumps_curve(t)
        elif key == "honours":
            t = tables.finish_honours(counts)
            s.tables["by_honours"] = t
            s.text = ("Results of the dealer's team by who holds the trump ace (11 points) "
                      "and the trump 7 (10 points); seats counted from the dealer, the "
                      "leader of the first trick is dealer+1.")
            s.figure = figures.honours_bars(t)
        elif key == "contracts":
            t = tables.finish_contracts(counts, game)
            s.tables["contracts"] = t
            s.text = ("How often the auction ends at each contract level (the declarer's bid), "
                      "and how often the declarer's side makes it; then the same by the "
                      "declarer's seat counted from the dealer.  95% Wilson intervals.")
            s.figure = figures.contracts_bars(t, title=f"Contracts reached and made ({n:,} deals)")
        elif key == "metadata":
            s.tables["metadata"] = metadata_table(run)
            s.text = "How the data was made; the manifest has the full record."
        sections.append(s)
    return sections


def _whole_sections(run: Run) -> list[Section]:
    """Sections of a run of whole games (rubbers, matches, games)."""
    from . import figures
    spec, game, unit = run.spec, run.game, run.unit
    counts = None
    for f in run.iter_frames():
        counts = tables.add_whole(counts, tables.count_whole(game, f))
    if counts is None:
        raise ValueError(f"{run.path} has no finished chunks yet")
    n = counts["n"]
    names = tables.side_names(game, counts["sides"], spec.get("players"), spec.get("strategies"))
    wanted = spec.get("sections") or tables.sections_for(game, unit)
    sections = []
    for key in tables.sections_for(game, unit):
        if key not in wanted:
            continue
        s = Section(key, tables.SECTION_TITLES[key])
        if key == "outcomes":
            t = tables.finish_whole_outcomes(counts, names, unit)
            s.tables["outcomes"] = t
            s.text = (f"Who won the {n:,} {unit} and how they ended, with 95% Wilson score "
                      f"intervals.")
            s.figure = figures.outcome_shares(t, title=f"Outcomes of {n:,} {unit}")
        elif key == "lengths":
            t = tables.finish_lengths(counts)
            s.tables["lengths"] = t
            mean, lo, hi = tables.whole_length_summary(counts)
            col = counts["length_col"]
            s.text = f"{col.capitalize()} per {tables.singular(unit)}: mean {mean:.3f} [{lo:.3f}, {hi:.3f}]."
            s.figure = figures.length_histogram(t, unit)
        elif key == "sides":
            t = tables.finish_whole_sides(counts, names)
            s.tables["sides"] = t
            compare = len(set(spec.get("strategies") or [])) > 1
            s.title = "Strategy comparison" if compare else s.title
            s.text = (f"Each side's share of {unit} won (tie: no winner), with 95% intervals.")
            s.figure = figures.side_results(t, title="Strategy comparison" if compare
                                            else "Results by side")
            s.figure.axes[0].set_ylabel(f"share of {unit} (%)")
        elif key == "categories":
            t = tables.finish_categories(counts, game, spec.get("players"), unit)
            s.tables["categories"] = t
            s.text = (f"Mean per {tables.singular(unit)} of each per-side total the engine "
                      f"records, with 95% intervals.")
            if len(t):
                s.figure = figures.categories_bars(t, title=f"Mean per {tables.singular(unit)}")
        elif key == "contracts":
            t = tables.finish_contracts(counts, game)
            s.tables["contracts"] = t
            s.text = ("How often the auction ends at each contract level (the declarer's bid), "
                      "and how often the declarer's side makes it; then the same by the "
                      "declarer's seat counted from the dealer.  95% Wilson intervals.")
            s.figure = figures.contracts_bars(t, title=f"Contracts reached and made ({n:,} deals)")
        elif key == "metadata":
            s.tables["metadata"] = metadata_table(run)
            s.text = "How the data was made; the manifest has the full record."
        sections.append(s)
    return sections


def metadata_table(run: Run) -> pd.DataFrame:
    m, spec = run.manifest, run.spec
    unit = run.unit
    rate = m.get("per_second") or m.get("deals_per_second")
    rows = [("title", spec.get("title")), ("spec", spec.get("name")), ("game", spec["game"]),
            ("rules", spec.get("rules_string")), ("strategies", ",".join(spec["strategies"])),
            ("players", spec.get("players")),
            ("dealer", "rotating" if spec.get("dealer") is None else spec.get("dealer")),
            ("seed", spec["seed"]), (f"{unit} requested", f"{spec['deals']:,}"),
            (f"{unit} done", f"{m.get('done', 0):,}"), ("complete", m.get("complete")),
            ("chunks", len(m.get("chunks", []))),
            ("computing time (s)", f"{m.get('seconds', 0):.2f}"),
            (f"{unit}/s", f"{rate:,.0f}" if rate else "n/a"),
            ("sessions", len(m.get("sessions", []))),
            ("trunfo version (run)", m.get("version")), ("trunfo version (report)", __version__)]
    return pd.DataFrame(rows, columns=["key", "value"])


# --- rendering ----------------------------------------------------------------------------------
def _fmt(v, col: str) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return ""
        if col.startswith(("share", "win", "tie", "loss", "low95", "high95", "double",
                           "bandeira", "made_share")) or col.endswith("95"):
            if not col.startswith(("mean",)):
                return f"{100 * v:.2f}%"
        return f"{v:.3f}"
    if isinstance(v, (int,)) and not isinstance(v, bool):
        return f"{v:,}"
    return str(v)


def _display(df: pd.DataFrame) -> pd.DataFrame:
    out = pd.DataFrame({c: [_fmt(v, c) for v in df[c].tolist()] for c in df.columns})
    return out


def markdown_table(df: pd.DataFrame) -> str:
    d = _display(df)
    cols = [str(c) for c in d.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in d.itertuples(index=False):
        lines.append("| " + " | ".join(str(x).replace("|", "\\|") for x in row) + " |")
    return "\n".join(lines)


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    text = buf.getvalue()
    return re.sub(r"^.*?(<svg)", r"\1", text, count=1, flags=re.S)


_CSS = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;
color:#222}table{border-collapse:collapse;font-size:13px;margin:1em 0}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f3f3f3}
td:first-child,th:first-child{text-align:left}figure{margin:1em 0}svg{max-width:100%;height:auto}
.meta{color:#666}nav a{margin-right:1em}"""


def write_report(run_dir: str, out: str | None = None, formats=None, figure_formats=None) -> dict:
    """Write the report of ``run_dir``; returns the paths written, by kind."""
    import matplotlib.pyplot as plt
    run = load_run(run_dir)
    spec = run.spec
    formats = list(formats or spec.get("formats") or ("html", "markdown", "csv"))
    figure_formats = list(figure_formats or spec.get("figures") or ("png", "svg"))
    out = out or os.path.join(run_dir, "report")
    os.makedirs(os.path.join(out, "figures"), exist_ok=True)
    sections = build_sections(run)
    written: dict[str, list[str]] = {"html": [], "markdown": [], "csv": [], "figures": []}
    title = spec.get("title") or spec.get("name")
    status = "" if run.complete else (f" — partial: {run.done:,} of {spec['deals']:,} "
                                      f"{run.unit} (resume the run to finish)")
    head = (f"{spec['game']} · {run.done:,} {run.unit} · seed {spec['seed']} · "
            f"seats {','.join(spec['strategies'])} · trunfo {run.manifest.get('version')}{status}")

    body = [f"<h1>{html.escape(title)}</h1>", f"<p class=meta>{html.escape(head)}</p>"]
    if spec.get("description"):
        body.append(f"<p>{html.escape(spec['description'])}</p>")
    body.append("<nav>" + "".join(f"<a href='#{s.key}'>{html.escape(s.title)}</a>"
                                  for s in sections) + "</nav>")
    md = [f"# {title}", "", head, ""]
    if spec.get("description"):
        md += [spec["description"], ""]
    for s in sections:
        body.append(f"<section id='{s.key}'><h2>{html.escape(s.title)}</h2>")
        md += [f"## {s.title}", ""]
        if s.text:
            body.append(f"<p>{html.escape(s.text)}</p>")
            md += [s.text, ""]
        if s.figure is not None:
            fname = FIGURE_NAMES[s.key]
            body.append(f"<figure id='fig-{fname}'>{_svg(s.figure)}</figure>")
            for ext in figure_formats:
                p = os.path.join(out, "figures", f"{fname}.{ext}")
                s.figure.savefig(p, dpi=110 if ext == "png" else None)
                written["figures"].append(p)
            if "png" in figure_formats:
                md += [f"![{s.title}](figures/{fname}.png)", ""]
            plt.close(s.figure)
        for tname, t in s.tables.items():
            if tname == "scores":      # long; the figure shows it, the CSV has it
                shown = None
            else:
                shown = t
            if shown is not None:
                body.append(_display(shown).to_html(index=False, border=0, escape=True))
                md += [markdown_table(shown), ""]
            if "csv" in formats:
                os.makedirs(os.path.join(out, "tables"), exist_ok=True)
                p = os.path.join(out, "tables", f"{tname}.csv")
                t.to_csv(p, index=False)
                written["csv"].append(p)
        body.append("</section>")
    if "html" in formats:
        p = os.path.join(out, "report.html")
        with open(p, "w", encoding="utf-8") as f:
            f.write(f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
                    f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body>"
                    + "\n".join(body) + "</body></html>\n")
        written["html"].append(p)
    if "markdown" in formats:
        p = os.path.join(out, "summary.md")
        with open(p, "w", encoding="utf-8") as f:
            f.write("\n".join(md))
        written["markdown"].append(p)
    return {"out": out, **written, "sections": [s.key for s in sections]}
