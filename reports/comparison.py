"""Strategy comparisons played in duplicate: the differences with their 95% intervals.

The numbers come from ``simcore.duplicate`` (each deal played from every side, the deal
as the unit): the mean point difference per deal (paired, normal interval), the score
rate (W + T/2) and the Elo with the pentanomial interval, the win share difference.
This module turns them into tables and a figure; it reads ``duplicate.json`` of a run
directory (written by ``trunfo run`` for a comparison study) or takes a
``CompareResult.summary`` directly.
"""
from __future__ import annotations

import json
import os

import pandas as pd

from simcore.duplicate import sprt_position

from .tables import declare

FILE = "duplicate.json"
PAIR_SCORES = ("0   (lost both)", "0.5", "1   (split/tied)", "1.5", "2   (won both)")


def read_duplicate(run_dir: str, data_key: str | None) -> dict | None:
    """The duplicate comparison of a run, if it was played for this run's data."""
    path = os.path.join(run_dir, FILE)
    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
    except (OSError, ValueError):
        return None
    return d if isinstance(d, dict) and d.get("key") == data_key else None


def differences(summary: dict) -> pd.DataFrame:
    """One row per estimate of A against B (A = the first strategy), with the interval:
    what it is, its value, its bounds, the value of no difference, and its unit."""
    a, b = summary["strategies"][:2]
    rows = [
        ("mean point difference per deal", "mean_point_diff", 0.0, "points", "difference"),
        ("score rate (W + T/2)", "score", 0.5, "share of games", "rate"),
        ("win share difference (A - B)", "win_rate_diff", 0.0, "share of games",
         "rate_difference"),
        ("Elo difference", "elo", 0.0, "Elo", "elo"),
        ("normalized Elo", "nelo", 0.0, "normalized Elo", "elo"),
    ]
    out = []
    for label, key, null, unit, kind in rows:
        if key not in summary or summary[key] is None:
            continue
        lo, hi = summary[f"{key}_ci95"]
        out.append({"estimate": label, "value": float(summary[key]), "low95": float(lo),
                    "high95": float(hi), "no_difference": null, "unit": unit,
                    "kind": kind, "strategies": f"{a} vs {b}",
                    "deals": int(summary["deals"])})
    df = pd.DataFrame(out)
    df = declare(df, text=["estimate", "unit", "kind", "strategies"], count=["deals"])
    # the rows are different quantities: each row prints as its ``kind`` says
    df.attrs["row_formats"] = {"by": "kind", "columns": ["value", "low95", "high95",
                                                          "no_difference"]}
    return df


def pentanomial(summary: dict) -> pd.DataFrame | None:
    """Pairs by A's pair score (two sides only), with each share's Wilson interval."""
    from .stats import share
    counts = summary.get("pentanomial")
    if not counts:
        return None
    n = sum(counts)
    rows = []
    for label, c in zip(PAIR_SCORES, counts):
        e = share(int(c), n)
        rows.append({"pair score": label, "pairs": int(c), "share": e.value,
                     "low95": e.low95, "high95": e.high95})
    return declare(pd.DataFrame(rows), text=["pair score"], count=["pairs"],
                   share=["share", "low95", "high95"])


def differences_figure(summary: dict, title: str | None = None):
    """One panel per estimate (points, score rate, Elo), each on its own axis: the
    estimate, its 95% interval and the line of no difference."""
    from . import figures
    plt = figures.plt
    t = differences(summary)
    t = t[t["estimate"] != "win share difference (A - B)"].reset_index(drop=True)
    a, b = summary["strategies"][:2]
    fig, axes = plt.subplots(1, len(t), figsize=(3.3 * len(t) + 0.6, 3.4),
                             layout="constrained", squeeze=False)
    for ax, (_, r) in zip(axes[0], t.iterrows()):
        ax.errorbar([0], [r["value"]], yerr=[[r["value"] - r["low95"]],
                                              [r["high95"] - r["value"]]],
                    fmt="o", color=figures.BLUE, capsize=6, label="estimate, 95% interval")
        ax.axhline(r["no_difference"], color=figures.GREY, linestyle="--",
                   label="no difference")
        ax.set_xticks([0], [f"{a} vs {b}"])
        ax.set_xlim(-1, 1)
        pad = max(abs(r["high95"] - r["low95"]), 1e-9)
        lo = min(r["low95"], r["no_difference"]) - pad
        hi = max(r["high95"], r["no_difference"]) + pad
        ax.set_ylim(lo, hi)
        ax.set_title(f"{r['estimate']}\n{r['value']:+.4g} [{r['low95']:+.4g}, "
                     f"{r['high95']:+.4g}]", fontsize=10)
        ax.set_ylabel(f"{r['estimate'].split(' (')[0]} ({r['unit']})")
    fig.suptitle(title or f"{a} against {b}, played in duplicate "
                 f"({int(summary['deals']):,} deals)")
    figures.legend_below(fig, axes[0][0])
    return fig


def _caption(d: dict) -> str:
    seats = "; ".join(",".join(x) for x in d.get("seats", [])) or ""
    return (f"{d['game']}, {d.get('rules_string') or 'default rules'}, "
            f"{int(d['deals']):,} deals in duplicate (seats per game of each unit: {seats}), "
            f"seed {int(d['seed'])}.")


def compare_sections(d: dict) -> list:
    """The sections of a ``compare`` report from ``CompareResult.to_dict()``."""
    from .html import Section, metadata_rows
    a, b = d["strategies"][:2]
    s = Section("differences", f"{a} against {b}: the differences")
    s.text = (f"Every deal played from each side in turn, {a} on one side and {b} on the "
              f"other(s); the deal is the unit. From {a}'s side: the mean point difference "
              f"per deal (paired normal interval), the score rate W + T/2 and its Elo "
              f"(pentanomial interval over the pairs), the win share difference.")
    s.tables["differences"] = differences(d)
    pen = pentanomial(d)
    if pen is not None:
        s.tables["pentanomial"] = pen
    s.add_figure(differences_figure(d), _caption(d) + " Each panel is one quantity on its "
                 "own axis: the estimate, its 95% interval and the dashed line of no "
                 "difference.", f"Differences between {a} and {b} with 95% intervals",
                 name="differences")
    out = [s]
    if d.get("sprt"):
        sp = d["sprt"]
        t = Section("sprt", "Sequential test (SPRT)")
        t.text = (f"H0: Elo = {sp['elo0']} against H1: Elo = {sp['elo1']} (alpha "
                  f"{sp['alpha']}, beta {sp['beta']}, {sp['model']} model), checked every "
                  f"{int(sp['check_every']):,} pairs: result {sp['result']} after "
                  f"{int(sp['pairs']):,} pairs, LLR {sp['llr']:+.3f} {sprt_position(sp)}.")
        tr = sp.get("trace") or {}
        if tr.get("pairs"):
            t.tables["sprt_trace"] = declare(pd.DataFrame({"pairs": tr["pairs"],
                                                           "llr": tr["llr"]}),
                                             count=["pairs"], mean=["llr"])
            t.add_figure(sprt_figure(sp), _caption(d) + " The log-likelihood ratio after each "
                         "check (every chunk of pairs); the test stops when it leaves the band "
                         "between the Wald bounds (dashed): above, H1 is accepted, below, H0.",
                         "SPRT trace: the LLR after each check, with its bounds",
                         name="sprt_trace")
        out.append(t)
    m = Section("metadata", "How it was played")
    m.tables["metadata"] = metadata_rows([
        ("game", d["game"]), ("rules", d.get("rules_string")), ("strategies", f"{a},{b}"),
        ("players", d.get("players")),
        ("dealer", "rotating" if d.get("dealer") is None else d.get("dealer")),
        ("seed", str(int(d["seed"]))), ("deals", f"{int(d['deals']):,}"),
        ("games", f"{int(d['games']):,}"), ("command", d.get("command"))])
    out.append(m)
    return out


def sprt_figure(sp: dict):
    """The SPRT trace: the LLR after each check against the pairs played, with the Wald
    bounds (``sp``: the ``sprt`` entry of ``CompareResult.to_dict()``)."""
    from . import figures
    tr = sp["trace"]
    fig, ax = figures.new_figure(7.5, 4.2)
    ax.plot(tr["pairs"], tr["llr"], marker="o", markersize=3, color=figures.BLUE,
            label="LLR after each check")
    ax.axhline(sp["upper"], color=figures.RED, linestyle="--",
               label=f"upper bound {sp['upper']:.3f}: accept H1 (Elo {sp['elo1']:g})")
    ax.axhline(sp["lower"], color=figures.GREY, linestyle="--",
               label=f"lower bound {sp['lower']:.3f}: accept H0 (Elo {sp['elo0']:g})")
    ax.set_xlabel("pairs played (deals, each from both sides)")
    ax.set_ylabel("log-likelihood ratio (nats)")
    ax.set_title(f"SPRT trace: {sp['result']} after {int(sp['pairs']):,} pairs")
    figures.legend_below(fig, ax, ncol=1)
    return fig


def ratings_table(t: dict) -> pd.DataFrame:
    rows = [{"strategy": r["strategy"], "elo": r["elo"], "low95": r["elo_ci95"][0],
             "high95": r["elo_ci95"][1]} for r in t.get("ratings", [])]
    df = pd.DataFrame(rows, columns=["strategy", "elo", "low95", "high95"])
    return declare(df, text=["strategy"], elo=["elo", "low95", "high95"])


def ratings_figure(t: dict):
    from . import figures
    r = ratings_table(t).sort_values("elo")
    fig, ax = figures.new_figure(7, 0.5 * len(r) + 2.2)
    y = range(len(r))
    ax.errorbar(r["elo"], list(y), xerr=[r["elo"] - r["low95"], r["high95"] - r["elo"]],
                fmt="o", color=figures.BLUE, capsize=4, label="Elo, 95% interval")
    ax.axvline(0, color=figures.GREY, linestyle="--", label="pool mean")
    ax.set_yticks(list(y), list(r["strategy"]))
    ax.set_xlabel("Elo relative to the pool mean (Elo)")
    ax.set_ylabel("strategy")
    ax.set_title("Bradley-Terry ratings")
    figures.legend_below(fig, ax)
    return fig


def tournament_sections(t: dict) -> list:
    """The sections of a ``tournament`` report from its result dict."""
    from .html import Section, metadata_rows
    s = Section("ratings", "Ratings")
    s.text = ("Bradley-Terry Elo of each strategy relative to the pool mean, with 95% "
              "intervals, fitted to every match (each played in duplicate).")
    if t.get("ratings"):
        s.tables["ratings"] = ratings_table(t)
        s.add_figure(ratings_figure(t),
                     f"{t['game']}, {int(t['deals_per_match']):,} deals in duplicate per "
                     f"match, seed {int(t['seed'])}. Each point is a strategy's Elo, the bar "
                     f"its 95% interval.", "Elo ratings with 95% intervals",
                     name="ratings")
    out = [s]
    m = Section("matches", "Matches: the differences")
    parts = [differences(x).assign(match=" vs ".join(x["strategies"]))
             for x in t.get("matches", [])]
    if parts:
        df = pd.concat(parts, ignore_index=True)
        m.tables["matches"] = df
        df.attrs.update(parts[0].attrs)
    m.text = "Each match from its first strategy's side, with 95% intervals."
    out.append(m)
    md = Section("metadata", "How it was played")
    md.tables["metadata"] = metadata_rows([
        ("game", t["game"]), ("strategies", ",".join(t["strategies"])),
        ("seed", str(int(t["seed"]))), ("deals per match", f"{int(t['deals_per_match']):,}"),
        ("interrupted", t.get("interrupted")), ("command", t.get("command"))])
    out.append(md)
    return out


def write_compare_report(out: str, d: dict, kind: str = "compare") -> dict:
    """The report of a ``compare`` (``CompareResult.to_dict()``) or ``tournament`` result
    into directory ``out``: the same HTML / Markdown / CSV / figures as a study's."""
    from simcore import __version__
    from .html import write_sections
    if kind == "tournament":
        sections = tournament_sections(d)
        title = f"{d['game']} tournament: {', '.join(d['strategies'])}"
        head = (f"{d['game']} · {int(d['deals_per_match']):,} deals in duplicate per match · "
                f"seed {int(d['seed'])} · trunfo {__version__}")
    else:
        sections = compare_sections(d)
        a, b = d["strategies"][:2]
        title = f"{d['game']}: {a} against {b}, in duplicate"
        head = (f"{d['game']} · {int(d['deals']):,} deals in duplicate · seed "
                f"{int(d['seed'])} · trunfo {__version__}")
    return write_sections(out, title, head, "", sections)
