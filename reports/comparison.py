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

import numpy as np
import pandas as pd

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
        ("mean point difference per deal", "mean_point_diff", 0.0, "points", "points"),
        ("score rate (W + T/2)", "score", 0.5, "share of games", "share"),
        ("win share difference (A - B)", "win_rate_diff", 0.0, "share of games", "share"),
        ("Elo difference", "elo", 0.0, "Elo", "points"),
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
    return declare(df, text=["estimate", "unit", "kind", "strategies"], count=["deals"],
                   mean=["value", "low95", "high95", "no_difference"])


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
                    fmt="o", color=figures._BLUE, capsize=6, label="estimate, 95% interval")
        ax.axhline(r["no_difference"], color=figures._GREY, linestyle="--",
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
    figures._legend_below(fig, axes[0][0])
    return fig
