"""Results as tidy DataFrames, for notebooks: one row per estimate, its interval as columns.

``simulate(...).to_frame()``, ``compare(...).to_frame()`` and
``tournament(...).to_frame()`` call these; each result also has ``_repr_html_``, so a
notebook shows it as a table.  Columns:

``table``     which part of the result (``outcomes``, ``dealer_side``, ``winners``,
              ``means``, ``comparison``, ``pentanomial``, ``ratings``, ``matches``...)
``label``     what is estimated (an outcome, a side, a strategy, a quantity)
``kind``      ``share`` (Wilson interval), ``mean`` (normal interval on the per-deal
              variance), ``difference`` (paired, from duplicate play), ``score`` (the
              score rate W + T/2, interval from the variance between pairs), ``elo``
``count``     the deals (or units) counted, when the estimate is a share
``n``         the deals (or pairs) the estimate rests on
``estimate``, ``low95``, ``high95``
"""
from __future__ import annotations

import html
import math

import pandas as pd

from . import stats

COLUMNS = ["table", "label", "kind", "count", "n", "estimate", "low95", "high95"]


def _frame(rows: list[dict]) -> pd.DataFrame:
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["table"] = pd.Categorical(df["table"], categories=list(dict.fromkeys(df["table"])))
    df["kind"] = pd.Categorical(df["kind"], categories=["share", "mean", "difference", "score",
                                                        "elo"])
    df["count"] = df["count"].astype("Int64")
    df["n"] = df["n"].astype("Int64")
    return df


def _share_rows(table: str, d: dict, n: int) -> list[dict]:
    rows = []
    for label, e in d.items():
        if isinstance(e, dict) and "share" in e and "ci95" in e:
            rows.append({"table": table, "label": str(label), "kind": "share",
                         "count": e.get("count"), "n": n, "estimate": e["share"],
                         "low95": e["ci95"][0], "high95": e["ci95"][1]})
    return rows


def simulation_rows(summary: dict, unit: str = "deals") -> list[dict]:
    """Every share in a ``simulate`` summary (Wilson) and every mean the summary lets us
    compute with its interval (from its histograms: ``points_histogram_<side>``)."""
    n = int(summary.get(unit) or summary.get("deals") or summary.get("rubbers") or 0)
    rows: list[dict] = []
    for key, v in summary.items():
        if isinstance(v, dict):
            rows += _share_rows(key, v, n)
        elif key.startswith("points_histogram_") and isinstance(v, list) and n:
            tot = math.fsum(x * c for x, c in enumerate(v))
            sq = math.fsum(x * x * c for x, c in enumerate(v))
            m, lo, hi = stats.mean_interval(tot, sq, sum(v))
            rows.append({"table": "means", "label": f"points {key[len('points_histogram_'):]}",
                         "kind": "mean", "count": None, "n": sum(v), "estimate": m,
                         "low95": lo, "high95": hi})
        elif not key.endswith("_ci95") and f"{key}_ci95" in summary:
            lo, hi = summary[f"{key}_ci95"]
            rows.append({"table": "means", "label": key, "kind": "mean", "count": None,
                         "n": n, "estimate": v, "low95": lo, "high95": hi})
    return rows


def simulation_frame(summary: dict, unit: str = "deals") -> pd.DataFrame:
    return _frame(simulation_rows(summary, unit))


_COMPARE = (("mean_point_diff", "mean point difference per deal", "difference"),
            ("score", "score rate (W + T/2)", "score"),
            ("win_rate_diff", "win share difference (A - B)", "difference"),
            ("elo", "Elo difference", "elo"),
            ("nelo", "normalized Elo", "elo"))
_PAIRS = ("0 (lost both)", "0.5", "1 (split/tied)", "1.5", "2 (won both)")


def comparison_rows(summary: dict, table: str = "comparison") -> list[dict]:
    """A against B from a duplicate comparison: the differences with their intervals and
    the pairs by A's pair score (Wilson)."""
    n = int(summary["deals"])
    a, b = summary["strategies"][:2]
    rows = []
    for key, label, kind in _COMPARE:
        if summary.get(key) is None:
            continue
        lo, hi = summary[f"{key}_ci95"]
        rows.append({"table": table, "label": f"{label}: {a} vs {b}", "kind": kind,
                     "count": None, "n": n, "estimate": summary[key], "low95": lo,
                     "high95": hi})
    if summary.get("los") is not None:        # a probability: no interval
        rows.append({"table": table, "label": f"LOS: P({a} stronger than {b})",
                     "kind": "share", "count": None, "n": n, "estimate": summary["los"],
                     "low95": math.nan, "high95": math.nan})
    for label, c in zip(_PAIRS, summary.get("pentanomial") or ()):
        lo, hi = stats.wilson_interval(int(c), n)
        rows.append({"table": "pentanomial", "label": f"{a} pair score {label}",
                     "kind": "share", "count": int(c), "n": n,
                     "estimate": c / n if n else math.nan, "low95": lo, "high95": hi})
    return rows


def comparison_frame(summary: dict) -> pd.DataFrame:
    return _frame(comparison_rows(summary))


def tournament_frame(result: dict) -> pd.DataFrame:
    """Bradley-Terry Elo of each strategy, then every match's differences."""
    rows = []
    for r in result.get("ratings", []):
        rows.append({"table": "ratings", "label": r["strategy"], "kind": "elo", "count": None,
                     "n": result.get("deals_per_match"), "estimate": r["elo"],
                     "low95": r["elo_ci95"][0], "high95": r["elo_ci95"][1]})
    for m in result.get("matches", []):
        rows += [r for r in comparison_rows(m, "matches") if r["table"] == "matches"]
    return _frame(rows)


def _rounded(df: pd.DataFrame) -> pd.DataFrame:
    shown = df.copy()
    for c in ("estimate", "value", "low95", "high95"):
        if c in shown:
            shown[c] = shown[c].map(lambda v: "" if v is None or (
                isinstance(v, float) and math.isnan(v)) else f"{v:.6g}")
    return shown


def frame_html(title: str, df: pd.DataFrame) -> str:
    """A result in a notebook: a heading line and the tidy frame, numbers rounded."""
    return f"<p><b>{html.escape(title)}</b></p>" + _rounded(df).to_html(index=False, border=0)


def frame_text(title: str, df: pd.DataFrame) -> str:
    """A result printed (``print(result)``): the heading line and the tidy frame as a
    table, numbers rounded as in a notebook."""
    return f"{title}\n{_rounded(df).to_string(index=False)}"


# --- per-deal frames with labels ---------------------------------------------------------------
SEAT_COLUMNS = ("dealer", "declarer", "partner", "last_capture", "last_trick_seat")


def _is_seat_column(name: str) -> bool:
    return name in SEAT_COLUMNS or (name.endswith("_seat") and not name.startswith("_"))


def labelled_deals(frame: pd.DataFrame, game: str, players: int | None = None,
                   seat: int | None = None) -> pd.DataFrame:
    """A deals frame (``simulate(..., keep_deals=True).frame``, a run's chunks) with labels,
    for reading in a notebook: every seat column (``dealer``, ``declarer``, ``partner``,
    ``last_capture``, ``*_seat``) as a categorical ``seat 0 .. seat p-1`` (-1: missing),
    ``trump_suit`` as the deck's suit letters, and each seat column also counted from the
    dealer (``<col>_from_dealer``: ``dealer``, ``dealer+1``...) and, with ``seat``, from
    that seat (``<col>_from_seat``: ``seat``, ``seat+1``...).  The codes are unchanged
    underneath (``.cat.codes``); columns the frame lacks are skipped."""
    import numpy as np
    from .games import get_game
    g = get_game(game)
    p = int(players or g.default_players)
    out = frame.copy()
    seat_names = [f"seat {i}" for i in range(p)]
    dealer = frame["dealer"].to_numpy(np.int64) if "dealer" in frame else None
    for col in frame.columns:
        if not _is_seat_column(col) or isinstance(frame[col].dtype, pd.CategoricalDtype):
            continue
        v = frame[col].to_numpy(np.int64)
        out[col] = pd.Categorical.from_codes(np.where((v >= 0) & (v < p), v, -1), seat_names)
        for ref, name, base in ((dealer, "dealer", "dealer"),
                                (None if seat is None else np.full(len(v), seat), "seat",
                                 f"seat {seat}")):
            if ref is None or (col == "dealer" and name == "dealer"):
                continue
            rel = np.where(v >= 0, (v - ref) % p, -1)
            out[f"{col}_from_{name}"] = pd.Categorical.from_codes(
                rel, [base] + [f"{base}+{k}" for k in range(1, p)])
    if "trump_suit" in frame and not isinstance(frame["trump_suit"].dtype, pd.CategoricalDtype):
        v = frame["trump_suit"].to_numpy(np.int64)
        suits = list(g.deck_of(p).suits)
        out["trump_suit"] = pd.Categorical.from_codes(np.where((v >= 0) & (v < len(suits)), v,
                                                               -1), suits)
    return out
