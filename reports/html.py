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

from . import comparison, tables
from .load import Run, load_run

FIGURE_NAMES = {"outcomes": "outcome_shares", "scores": "score_histogram", "sides": "side_results",
                "categories": "scoring_categories", "lengths": "length_histogram",
                "survival": "score_survival", "contracts": "contracts_bars"}


@dataclass
class Figure:
    name: str            # file name (no extension) and the figure's id in the HTML
    figure: object       # a matplotlib Figure
    caption: str         # what was simulated and how to read it
    alt: str             # a short description for screen readers


@dataclass
class Section:
    key: str
    title: str
    text: str = ""
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    figures: list = field(default_factory=list)

    def add_figure(self, fig, caption: str, alt: str, name: str | None = None) -> None:
        self.figures.append(Figure(name or FIGURE_NAMES[self.key], fig, caption, alt))


def symmetric(run: Run) -> bool:
    """Every seat plays the same strategy and the dealer rotates: then every side's
    results are equal by the game's symmetry, and figures show one side only."""
    spec = run.spec
    return len(set(spec.get("strategies") or ["random"])) == 1 and spec.get("dealer") is None


def what_was_simulated(run: Run) -> str:
    """The caption's first sentence: game, rules, strategies, how many, seed."""
    spec = run.spec
    seats = ",".join(spec.get("strategies") or [])
    dealer = "rotating dealer" if spec.get("dealer") is None else f"dealer seat {spec['dealer']}"
    return (f"{spec['game']}, {spec.get('rules_string') or 'default rules'}, seats {seats}, "
            f"{dealer}; {run.done:,} {run.unit}, seed {spec['seed']}.")


def _allowed_outcomes(run: Run) -> list[str] | None:
    """The outcomes the run's rules and players make possible (``Game.outcome_categories``):
    the outcome tables list each, seen or not, and no other."""
    g = get_game(run.game)
    spec = run.spec
    try:
        setup = g.setup(spec["rules"], spec["strategies"], players=spec.get("players"),
                        dealer=spec.get("dealer"))
    except Exception:
        return None
    return list(g.outcome_categories(setup))


def _outcome_notes(run: Run) -> dict:
    """What each outcome's kind means under the run's rules (``Game.outcome_notes``)."""
    g = get_game(run.game)
    try:
        return g.outcome_notes(g.setup(run.spec["rules"], run.spec["strategies"],
                                       players=run.spec.get("players")).rules)
    except Exception:
        return {}


def build_sections(run: Run, counts: dict | None = None) -> list[Section]:
    """Aggregate the run and build each section the spec asks for (tables + figures)."""
    spec = run.spec
    game = run.game
    if run.unit != "deals":
        return _whole_sections(run)
    if counts is None:
        counts = tables.count_frames(game, run.iter_frames(tables.columns_for(game)))
    if counts is None:
        raise ValueError(f"{run.path} has no finished chunks yet")
    allowed = _allowed_outcomes(run)
    c = _Context(run, spec, game, counts, counts["n"],
                 tables.side_names(game, counts["sides"], spec.get("players"),
                                   spec.get("strategies")),
                 symmetric(run), what_was_simulated(run), allowed,
                 tables.finish_outcomes(counts, allowed))
    wanted = tables.canonical_sections(spec.get("sections") or tables.sections_for(game))
    sections = []
    for key in tables.sections_for(game):
        if key not in wanted:
            continue
        s = Section(key, tables.SECTION_TITLES[key])
        if key == "metadata":
            s.tables["metadata"] = metadata_table(run)
            s.text = "How the data was made; the manifest has the full record."
        elif key in _SECTION_BUILDERS:
            s = _SECTION_BUILDERS[key](s, c, sections)
        sections.append(s)
    return sections


@dataclass
class _Context:
    """What every section of a run of deals reads: the run, its spec and game, the counts
    summed over its chunks and their deal count, the sides' names, whether every side is
    alike by symmetry, the sentence saying what was simulated, the outcomes shown and their
    table."""
    run: Run
    spec: dict
    game: str
    counts: dict
    n: int
    names: list
    sym: bool
    sim: str
    allowed: object
    outcomes: pd.DataFrame

    #: the sentence that says the sides are alike
    same = ("All seats play the same strategy and the dealer rotates, so every side's "
            "results are equal by symmetry: ")


def _outcomes_section(s: Section, c: _Context, sections: list) -> Section:
    """The share of deals ending in each outcome (and by the dealer's side)."""
    from . import figures
    notes = _outcome_notes(c.run)
    outcomes = tables.with_meanings(c.outcomes, notes)
    s.tables["outcomes"] = outcomes
    s.text = (f"Share of the {c.n:,} deals ending in each outcome, with 95% Wilson "
              f"score intervals.")
    dealer_side = tables.finish_dealer_outcomes(c.counts, c.allowed)
    if dealer_side is not None:
        s.tables["outcomes_dealer_side"] = tables.with_meanings(dealer_side, notes)
        s.text += (" The second table names the sides from the dealer's side "
                   "(the dealer rotates with the deal unless fixed).")
    s.add_figure(figures.outcome_shares(outcomes, title=f"Outcome shares ({c.n:,} deals)"),
                 f"{c.sim} Each bar is the share of deals that ended in that outcome; "
                 f"the whiskers are its 95% Wilson interval.",
                 "Bar chart of the share of deals per outcome with 95% intervals")
    return s


def _scores_section(s: Section, c: _Context, sections: list) -> Section:
    """The score per deal and side: its distribution, the game's marks, P(score >= x)."""
    from . import figures
    names, n, sim, game = c.names, c.n, c.sim, c.game
    sc = tables.finish_scores(c.counts, names)
    s.tables["scores"] = sc
    marks = get_game(game).score_marks
    if marks:
        s.tables["score_marks"] = tables.finish_marks(c.counts, marks, names)
    surv = tables.finish_survival(c.counts, names)
    s.tables["survival"] = surv
    shown = [names[0]] if c.sym else list(names)
    s.text = ("Score per deal and side (the game's own comparison score): the share of "
              "deals at each score, and the share scoring at least x"
              + (", with the game's marks" if marks else "") + "." +
              (" " + c.same + f"the figures show {names[0]} and the dealer's side."
               if c.sym else ""))
    s.add_figure(figures.score_histogram(sc, game=game, sides=shown,
                                         title=f"Score distribution ({n:,} deals)"),
                 f"{sim} The line is the share of deals in which the side scored "
                 f"exactly x points, the band its 95% Wilson interval; dashed lines "
                 f"mark the game's thresholds.",
                 "Line chart of the score distribution per side")
    surv_sides = shown + (["dealer's side"] if "dealer's side" in set(surv["side"])
                          else [])
    s.add_figure(figures.score_survival(surv, game=game, sides=surv_sides,
                                        title=f"P(score ≥ x) ({n:,} deals)"),
                 f"{sim} Read the share of deals in which a side scores x points or "
                 f"more straight off the curve (band: 95% Wilson interval); the legend "
                 f"gives the value and interval at each of the game's marks.",
                 "Survival curves: share of deals scoring at least x points",
                 name=FIGURE_NAMES["survival"])
    return s


def _sides_section(s: Section, c: _Context, sections: list) -> Section:
    """Each side's results; when the sides play different strategies and the run has
    duplicate play, this section goes into ``sections`` and the duplicate comparison
    follows it (returned)."""
    from . import figures
    t = tables.finish_sides(c.counts, c.names)
    s.tables["sides"] = t
    strategies = c.spec.get("strategies") or []
    compare = len(set(strategies)) > 1
    s.title = "Results by side" if compare else s.title
    dup = comparison.read_duplicate(c.run.path, c.run.manifest.get("data_key")) \
        if compare else None
    s.text = ("Each side's share of deals won, tied and lost and its mean score, with "
              "95% intervals" + ("; the sides play different strategies, each deal "
                                 "played once with the first strategy on side 0." +
                                 (" The difference between the strategies is in the "
                                  "next section, from duplicate play."
                                  if dup is not None else "")
                                 if compare else "."))
    if c.sym:
        s.text += (" " + c.same + "the table is there as a check of that symmetry, "
                   "and no figure repeats it.")
    elif dup is None:
        s.add_figure(figures.side_results(t, title="Results by side"),
                     f"{c.sim} Bars: each side's share of deals won, tied and lost; "
                     f"whiskers: 95% Wilson intervals.",
                     "Bar chart of wins, ties and losses per side")
    if dup is not None:
        sections.append(s)
        s = _duplicate_section(dup, c.sim)
    return s


def _categories_section(s: Section, c: _Context, sections: list) -> Section:
    """The mean per deal of each per-side quantity the game records."""
    from . import figures
    sym, spec = c.sym, c.spec
    t = tables.finish_categories(c.counts, c.game, spec.get("players"))
    s.tables["categories"] = t
    s.text = ("Mean per deal of each per-side quantity the engine records (the game's "
              "own scoring categories), with 95% intervals.")
    if sym:
        s.text += " " + c.same + "the figure shows side 0 (team 0, seat 0) only."
    dealt = set(get_game(c.game).dealt_categories) if spec.get("dealer") is None \
        else set()
    if dealt and not sym and len(t):
        s.text += (f" {', '.join(sorted(dealt)).capitalize()} depend on the deal "
                   f"alone and the dealer rotates: equal on every side by symmetry, "
                   f"they are in the table but not in the figure.")
        t = t[~t["category"].isin(dealt)]
    if len(t):
        keep = ["side 0", "team 0", "seat 0"] if sym else None
        s.add_figure(figures.categories_bars(t, sides=keep),
                     f"{c.sim} Each panel is one quantity: its mean per deal (bar) and "
                     f"95% normal interval on the per-deal variance (whiskers).",
                     "Bar charts of the mean per deal of each scoring category")
    return s


def _holdings_section(s: Section, c: _Context, sections: list) -> Section:
    """The dealer's side's results by what was dealt: the game's holding tables."""
    from . import figures
    spec, sim = c.spec, c.sim
    hold = tables.finish_holdings(c.counts, c.game, rules=spec.get("rules"),
                                  players=spec.get("players"),
                                  dealer=spec.get("dealer"),
                                  conditions=spec.get("conditions") or None)
    marks = tables.holding_marks(c.game)
    has_exact = any("exact" in t for t in hold.values())
    s.text = ("The results of the dealer's side by what was dealt (the game's holding "
              "tables): among the deals with each holding, the share won, tied and "
              "lost, the share scoring at least each of the game's marks and the mean "
              "score, each with its 95% interval, and the share of all deals dealt "
              "that holding" + (" beside its exact probability (exact: counted over "
                                "the deals, not simulated; the tables of `trunfo odds "
                                "--table`)" if has_exact else "") + ".")
    for name, t in hold.items():
        s.tables[f"holding_{name}"] = t
        ht = t.attrs["holding"]
        if not ht.figure:
            continue
        axis = ht.axis.replace("{X}", "the dealer")
        s.add_figure(figures.holding_figure(t, axis=axis, count=ht.count, marks=marks,
                                            title=t.attrs["caption"]),
                     f"{sim} Top: for each holding on the x axis ({axis}), among "
                     f"the deals dealt it, the share the dealer's side won, lost, tied"
                     + (f" and scored {marks[0][0]}+ ({marks[0][1]})" if marks else "")
                     + "; bottom: the share of all deals dealt that holding"
                     + (" (diamonds: its exact probability)" if "exact" in t else "")
                     + ". Whiskers: 95% Wilson intervals.",
                     f"Results of the dealer's side {ht.title.replace('{X}', 'the dealer')}",
                     name=f"holding_{name}")
    return s


def _contracts_section(s: Section, c: _Context, sections: list) -> Section:
    """How often the auction ends at each contract level, and how often it is made."""
    from . import figures
    t = tables.finish_contracts(c.counts, c.game)
    s.tables["contracts"] = t
    s.text = ("How often the auction ends at each contract level (the declarer's bid), "
              "and how often the declarer's side makes it; then the same by the "
              "declarer's seat counted from the dealer.  95% Wilson intervals.")
    s.add_figure(figures.contracts_bars(t, title=f"Contracts reached and made ({c.n:,} "
                                                 f"deals)"),
                 f"{c.sim} Left: the share of deals whose auction ended at each contract "
                 f"level; right: the share of those contracts the declarer's side "
                 f"made. Whiskers: 95% Wilson intervals.",
                 "Contract levels reached and made")
    return s


#: the builder of each section of a run of deals (metadata: in build_sections)
_SECTION_BUILDERS = {"outcomes": _outcomes_section, "scores": _scores_section,
                     "sides": _sides_section, "categories": _categories_section,
                     "holdings": _holdings_section, "contracts": _contracts_section}


def _duplicate_section(dup: dict, sim: str) -> Section:
    """The strategies' difference from the same deals played in duplicate."""
    from . import comparison
    summ = dup["summary"]
    a, b = summ["strategies"][:2]
    s = Section("duplicate", "Difference between the strategies (duplicate play)")
    s.text = (f"The {int(dup['deals']):,} deals of the study (seed {int(dup['seed'])}) played "
              f"again in duplicate: each deal from both sides, {a} on one and {b} on the "
              f"other, then the other way round, so that the luck of the cards cancels. "
              f"From {a}'s side: the mean point difference per deal (paired normal interval), "
              f"the score rate W + T/2 and its Elo (pentanomial interval over the pairs), "
              f"the win share difference.")
    s.tables["duplicate_differences"] = comparison.differences(summ)
    pen = comparison.pentanomial(summ)
    if pen is not None:
        s.tables["duplicate_pairs"] = pen
    s.add_figure(comparison.differences_figure(summ),
                 f"{sim} Played in duplicate ({int(dup['deals']):,} deals, seed "
                 f"{int(dup['seed'])}, every deal from both sides). Each panel is one "
                 f"quantity on its own axis: the estimate with its 95% interval, and the "
                 f"dashed line where the strategies would be equal.",
                 f"Differences between {a} and {b} with 95% intervals",
                 name="duplicate_differences")
    return s


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
    g = get_game(game)
    # the frame's columns may name more sides than this table has (a column per side the
    # game can have, e.g. a third one for three players, zero otherwise): the game says
    players = g.check_players(spec.get("players"))
    counts["sides"] = min(counts["sides"],
                          len(set(g.sides_of(players, g.rules.resolve(spec.get("rules"))))))
    names = tables.side_names(game, counts["sides"], spec.get("players"), spec.get("strategies"))
    wanted = spec.get("sections") or tables.sections_for(game, unit)
    sim = what_was_simulated(run)
    sym = symmetric(run)
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
            s.add_figure(figures.outcome_shares(t, title=f"Outcomes of {n:,} {unit}"),
                         f"{sim} Bars: share of the {unit} with that outcome; whiskers: 95% "
                         f"Wilson intervals.", f"Bar chart of the outcomes of the {unit}")
        elif key == "lengths":
            t = tables.finish_lengths(counts)
            s.tables["lengths"] = t
            mean, lo, hi = tables.whole_length_summary(counts)
            col = counts["length_col"]
            s.text = f"{col.capitalize()} per {tables.singular(unit)}: mean {mean:.3f} [{lo:.3f}, {hi:.3f}]."
            s.add_figure(figures.length_histogram(t, unit),
                         f"{sim} Bars: share of the {unit} that lasted that many {col}; "
                         f"whiskers: 95% Wilson intervals; dashed: the mean.",
                         f"Bar chart of the length of the {unit}")
        elif key == "sides":
            t = tables.finish_whole_sides(counts, names)
            s.tables["sides"] = t
            compare = len(set(spec.get("strategies") or [])) > 1
            s.title = "Strategy comparison" if compare else s.title
            s.text = (f"Each side's share of {unit} won (tie: no winner), with 95% intervals.")
            if sym:
                s.text += (" Every seat plays the same strategy and the first dealer rotates, "
                           "so the sides are equal by symmetry: the table checks it, no "
                           "figure repeats it.")
            else:
                fig = figures.side_results(t, title="Strategy comparison" if compare
                                           else "Results by side")
                fig.axes[0].set_ylabel(f"share of {unit} (%)")
                s.add_figure(fig, f"{sim} Bars: each side's share of {unit} won, tied and "
                             f"lost; whiskers: 95% Wilson intervals.",
                             f"Bar chart of the {unit} won per side")
        elif key == "categories":
            t = tables.finish_categories(counts, game, spec.get("players"), unit)
            s.tables["categories"] = t
            s.text = (f"Mean per {tables.singular(unit)} of each per-side total the engine "
                      f"records, with 95% intervals.")
            if len(t):
                keep = ["side 0", "team 0", "seat 0"] if sym else None
                s.add_figure(figures.categories_bars(t, title=f"Mean per {tables.singular(unit)}",
                                                     sides=keep),
                             f"{sim} Each panel is one quantity: its mean per "
                             f"{tables.singular(unit)} and 95% normal interval."
                             + (" Sides equal by symmetry: side 0 only." if sym else ""),
                             "Bar charts of the mean of each category")
        elif key == "contracts":
            t = tables.finish_contracts(counts, game)
            s.tables["contracts"] = t
            s.text = ("How often the auction ends at each contract level (the declarer's bid), "
                      "and how often the declarer's side makes it; then the same by the "
                      "declarer's seat counted from the dealer.  95% Wilson intervals.")
            s.add_figure(figures.contracts_bars(t, title=f"Contracts reached and made ({n:,} "
                                                         f"{unit})"),
                         f"{sim} Left: the share of deals whose auction ended at each contract "
                         f"level; right: the share of those contracts the declarer's side "
                         f"made. Whiskers: 95% Wilson intervals.",
                         "Contract levels reached and made")
        elif key == "metadata":
            s.tables["metadata"] = metadata_table(run)
            s.text = "How the data was made; the manifest has the full record."
        sections.append(s)
    return sections


def metadata_table(run: Run) -> pd.DataFrame:
    """How the data was made, each value printed as what it is (a seed as a plain
    integer, counts with thousands separators, times in seconds)."""
    m, spec = run.manifest, run.spec
    unit = run.unit
    rate = m.get("per_second") or m.get("deals_per_second")
    rows = [("title", spec.get("title")), ("spec", spec.get("name")), ("game", spec["game"]),
            ("rules", spec.get("rules_string")), ("strategies", ",".join(spec["strategies"])),
            ("players", spec.get("players")),
            ("dealer", "rotating" if spec.get("dealer") is None else spec.get("dealer")),
            ("seed", str(int(spec["seed"]))), (f"{unit} requested", f"{spec['deals']:,}"),
            (f"{unit} done", f"{m.get('done', 0):,}"), ("complete", m.get("complete")),
            ("chunks", f"{len(m.get('chunks', [])):,}"),
            ("computing time (s)", f"{m.get('seconds', 0):.2f}"),
            (f"{unit}/s", f"{rate:,.0f}" if rate else "n/a"),
            ("sessions", len(m.get("sessions", []))),
            ("trunfo version (run)", m.get("version")), ("trunfo version (report)", __version__)]
    df = pd.DataFrame([(k, "" if v is None else str(v)) for k, v in rows],
                      columns=["key", "value"])
    return tables.declare(df, text=["key", "value"])


def metadata_rows(rows) -> pd.DataFrame:
    """A key / value table, every value printed as the text given."""
    df = pd.DataFrame([(k, "" if v is None else str(v)) for k, v in rows],
                      columns=["key", "value"])
    return tables.declare(df, text=["key", "value"])


# --- rendering ----------------------------------------------------------------------------------
def format_value(v, kind: str | None) -> str:
    """One value printed as its column's declared kind (see ``tables.declare``)."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    if kind == "share":
        return f"{100 * float(v):.2f}%"
    if kind == "count":
        return f"{int(v):,}"
    if kind == "integer":
        return str(int(v))
    if kind == "points":
        return f"{float(v):.2f}"
    if kind == "mean":
        return f"{float(v):.3f}"
    if kind == "difference":
        return f"{float(v):+.2f}"
    if kind == "rate":
        return f"{float(v):.4f}"
    if kind == "rate_difference":
        return f"{float(v):+.4f}"
    if kind == "elo":
        return f"{float(v):+.1f}"
    if kind == "text" or isinstance(v, (bool, str)):
        return str(v)
    if isinstance(v, (int,)) or (hasattr(v, "dtype") and getattr(v.dtype, "kind", "") in "iu"):
        return f"{int(v):,}"
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def _display(df: pd.DataFrame) -> pd.DataFrame:
    """The table as text, each column printed as its declared kind (``df.attrs``); a
    table whose rows are different quantities names the column giving each row's kind."""
    kinds = df.attrs.get("formats", {})
    rows = df.attrs.get("row_formats") or {}
    by, row_cols = rows.get("by"), set(rows.get("columns", ()))
    out = {}
    for c in df.columns:
        if c in row_cols and by in df:
            out[c] = [format_value(v, k) for v, k in zip(df[c].tolist(), df[by].tolist())]
        else:
            out[c] = [format_value(v, kinds.get(c)) for v in df[c].tolist()]
    return pd.DataFrame(out)


def markdown_table(df: pd.DataFrame) -> str:
    d = _display(df)
    cols = [str(c) for c in d.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in d.itertuples(index=False):
        lines.append("| " + " | ".join(str(x).replace("|", "\\|") for x in row) + " |")
    return "\n".join(lines)


_ID = re.compile(r'\bid="([^"]+)"')
_REF = re.compile(r'(url\(#|href="#)([^")]+)')


def svg_text(fig) -> str:
    """The figure as an SVG document (the text of ``savefig(format="svg")``)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    return buf.getvalue()


def inline_svg(svg: str, prefix: str, label: str) -> str:
    """A figure's SVG document (:func:`svg_text`) as an inline ``<svg>`` element: text as
    text (``svg.fonttype`` none), every id prefixed with ``prefix`` (and every reference to
    it), so that several figures in one page never share an id; labelled for screen
    readers."""
    text = re.sub(r"^.*?(<svg)", r"\1", svg, count=1, flags=re.S)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)     # metadata comments
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
    text = _ID.sub(lambda m: f'id="{prefix}-{m.group(1)}"', text)
    text = _REF.sub(lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", text)
    return text.replace("<svg ", f'<svg role="img" aria-label="{html.escape(label)}" ', 1)


_CSS = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;
color:#222}table{border-collapse:collapse;font-size:13px;margin:1em 0}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f3f3f3}
td:first-child,th:first-child{text-align:left}figure{margin:1em 0}figcaption{font-size:13px;color:#444}svg{max-width:100%;height:auto}
.meta{color:#666}nav a{margin-right:1em}.wide{max-width:100%;overflow-x:auto}
p,td,figcaption{overflow-wrap:anywhere}"""


def write_report(run_dir: str, out: str | None = None, formats=None, figure_formats=None) -> dict:
    """Write the report of ``run_dir``; returns the paths written, by kind."""
    run = load_run(run_dir)
    spec = run.spec
    formats = list(formats or spec.get("formats") or ("html", "markdown", "csv"))
    figure_formats = list(figure_formats or spec.get("figures") or ("png", "svg"))
    out = out or os.path.join(run_dir, "report")
    sections = build_sections(run)
    title = spec.get("title") or spec.get("name")
    status = "" if run.complete else (f" — partial: {run.done:,} of {spec['deals']:,} "
                                      f"{run.unit} (resume the run to finish)")
    head = (f"{spec['game']} · {run.done:,} {run.unit} · seed {int(spec['seed'])} · "
            f"seats {','.join(spec['strategies'])} · trunfo {run.manifest.get('version')}{status}")
    if run.manifest.get("setup", {}).get("conditions"):
        head += f" · only deals with {run.manifest['setup']['conditions']} (docs/odds.md)"

    return write_sections(out, title, head, spec.get("description") or "", sections, formats,
                          figure_formats)


def write_sections(out: str, title: str, head: str, description: str, sections: list,
                   formats=("html", "markdown", "csv"), figure_formats=("png", "svg")) -> dict:
    """Write ``sections`` as a report into ``out`` (report.html, summary.md, tables/*.csv,
    figures/*); returns the paths written, by kind."""
    import matplotlib.pyplot as plt
    from simcore.files import check_no_links
    check_no_links(out)
    os.makedirs(os.path.join(out, "figures"), exist_ok=True)
    written: dict[str, list[str]] = {"html": [], "markdown": [], "csv": [], "figures": []}
    body = [f"<h1>{html.escape(title)}</h1>", f"<p class=meta>{html.escape(head)}</p>"]
    if description:
        body.append(f"<p>{html.escape(description)}</p>")
    body.append("<nav>" + "".join(f"<a href='#{s.key}'>{html.escape(s.title)}</a>"
                                  for s in sections) + "</nav>")
    md = [f"# {title}", "", head, ""]
    if description:
        md += [description, ""]
    for s in sections:
        body.append(f"<section id='{s.key}'><h2>{html.escape(s.title)}</h2>")
        md += [f"## {s.title}", ""]
        if s.text:
            body.append(f"<p>{html.escape(s.text)}</p>")
            md += [s.text, ""]
        for f in s.figures:
            fallback = ""
            if "png" in figure_formats:
                fallback = (f" <a href='figures/{f.name}.png'>PNG</a>" if "png" in figure_formats
                            else "")
            svg = svg_text(f.figure)           # drawn once for the page and the SVG file
            body.append(f"<figure id='fig-{f.name}'>{inline_svg(svg, f.name, f.alt)}"
                        f"<figcaption>{html.escape(f.caption)}{fallback}</figcaption></figure>")
            for ext in figure_formats:
                p = os.path.join(out, "figures", f"{f.name}.{ext}")
                if ext == "svg":
                    with open(p, "w", encoding="utf-8") as fh:
                        fh.write(svg)
                else:
                    f.figure.savefig(p, dpi=110 if ext == "png" else None)
                written["figures"].append(p)
            if "png" in figure_formats:
                md += [f"![{f.alt}](figures/{f.name}.png)", "", f"*{f.caption}*", ""]
            plt.close(f.figure)
        for tname, t in s.tables.items():
            if tname in ("scores", "survival"):   # long; the figures show them, the CSVs have them
                shown = None
            else:
                shown = t
            caption = t.attrs.get("caption") if shown is not None else None
            if caption:
                body.append(f"<h3>{html.escape(caption)}</h3>")
                md += [f"### {caption}", ""]
            if shown is not None:
                # a wide table scrolls inside its own box, never the page
                body.append('<div class="wide">' + _display(shown).to_html(
                    index=False, border=0, escape=True) + "</div>")
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
                    f"<meta name=viewport content='width=device-width, initial-scale=1'>"
                    f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body>"
                    + "\n".join(body) + "</body></html>\n")
        written["html"].append(p)
    if "markdown" in formats:
        p = os.path.join(out, "summary.md")
        with open(p, "w", encoding="utf-8") as f:
            f.write("\n".join(md))
        written["markdown"].append(p)
    return {"out": out, **written, "sections": [s.key for s in sections]}
