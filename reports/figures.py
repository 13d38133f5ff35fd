"""Matplotlib figures (Agg backend).  Each function takes a DataFrame and returns a Figure.

The DataFrame is either the deals themselves (``load_run(d).deals()``, or
``simulate(..., keep_deals=True).frame``) or the matching table from
:mod:`reports.tables`; deals are aggregated first.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams.update({
    "svg.fonttype": "none",        # SVG text stays text: searchable, selectable
    "svg.hashsalt": "trunfo",      # the same figure gives the same SVG
    "font.size": 10, "axes.titlesize": 11, "axes.labelsize": 10,
    "xtick.labelsize": 9, "ytick.labelsize": 9, "legend.fontsize": 9,
})
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from . import tables  # noqa: E402

BLUE, ORANGE, GREY, RED = "#1f77b4", "#ff7f0e", "#7f7f7f", "#d62728"


def _is_deals(df: pd.DataFrame) -> bool:
    return "deal" in df.columns


def _yerr(df: pd.DataFrame, col: str, low: str, high: str, scale: float = 100.0):
    v = df[col].to_numpy(float)
    return np.vstack([v - df[low].to_numpy(float), df[high].to_numpy(float) - v]) * scale


def new_figure(w: float, h: float, **kw):
    """A figure whose legend goes outside the axes (never over the data)."""
    return plt.subplots(figsize=(w, h), layout="constrained", **kw)


def legend_below(fig, axes=None, ncol: int | None = None, **kw):
    """One legend for the figure, below the axes: it never covers data."""
    axes = [axes] if axes is not None and not isinstance(axes, (list, tuple, np.ndarray)) \
        else list(np.ravel(axes)) if axes is not None else fig.axes
    handles, labels, seen = [], [], set()
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in seen:
                seen.add(lab)
                handles.append(h)
                labels.append(lab)
    if handles:
        fig.legend(handles, labels, loc="outside lower center",
                   ncol=ncol or min(len(labels), 3), frameon=False, **kw)


def outcome_shares(df: pd.DataFrame, title: str = "Outcome shares", game: str | None = None):
    """Horizontal bars: share of deals per outcome, with 95% Wilson intervals."""
    t = tables.outcome_shares(df, game) if _is_deals(df) else df
    fig, ax = new_figure(7.5, 0.42 * len(t) + 2.2)
    y = np.arange(len(t))[::-1]
    ax.barh(y, t["share"] * 100, color=BLUE, label="share of deals")
    ax.errorbar(t["share"] * 100, y, xerr=_yerr(t, "share", "low95", "high95"), fmt="none",
                ecolor="black", capsize=3, label="95% interval (Wilson)")
    means = t["meaning"] if "meaning" in t else [""] * len(t)
    ax.set_yticks(y, [str(x).replace("_", " ") + (f" ({m})" if m else "")
                      for x, m in zip(t["outcome"], means)])
    right = max(5.0, float(t["high95"].max()) * 100 * 1.3) if len(t) else 100
    for yi, s_, hi in zip(y, t["share"], t["high95"]):
        ax.text(hi * 100 + right * 0.01, yi, f"{100 * s_:.2f}%", va="center", fontsize=8)
    ax.set_xlabel("share of deals (%)")
    ax.set_ylabel("outcome")
    ax.set_xlim(0, right)
    ax.set_title(title)
    legend_below(fig, ax)
    return fig


def _side_cols(t: pd.DataFrame) -> list[str]:
    return [c[len("share "):] for c in t.columns if c.startswith("share ")]


def score_histogram(df: pd.DataFrame, title: str | None = None, game: str | None = None,
                    bandeira: float | None = None, sides: list[str] | None = None):
    """Score distribution: the share of deals at each score, one line per side shown,
    with the game's marks (Sueca: 61 a win, 91 a double or better).  ``sides`` picks the sides
    (by label; default all, or the first only when the table says they are equal)."""
    if _is_deals(df):
        game = game or tables.guess_game(df)
        t = tables.score_distribution(df, game)
    else:
        t = df
    names = sides or _side_cols(t)
    marks = _marks(game)
    fig, ax = new_figure(8, 4.4)
    for i, name in enumerate(names):
        ax.step(t["score"], t[f"share {name}"] * 100, where="mid", linewidth=1.3,
                color=_COLOURS[i % len(_COLOURS)], label=name)
        if f"low95 {name}" in t:
            ax.fill_between(t["score"], t[f"low95 {name}"] * 100, t[f"high95 {name}"] * 100,
                            step="mid", color=_COLOURS[i % len(_COLOURS)], alpha=0.2,
                            linewidth=0, label="95% interval (Wilson)" if i == 0 else None)
    for j, (mark, meaning) in enumerate(marks):
        ax.axvline(mark - 0.5, color=_MARKS[j % len(_MARKS)], linestyle="--", linewidth=1.1,
                   label=f"{mark} points: {meaning}")
    ax.set_xlabel("score of the side in the deal (points)")
    ax.set_ylabel("share of deals (%)")
    ax.set_ylim(bottom=0)
    ax.set_title(title or "Score distribution")
    legend_below(fig, ax)
    return fig


_COLOURS = (BLUE, ORANGE, "#2ca02c", "#9467bd", "#8c564b", "#e377c2")
_MARKS = (ORANGE, RED, "#2ca02c", "#9467bd")


def _marks(game: str | None):
    if not game:
        return ()
    from simcore.games import get_game
    return tuple(get_game(game).score_marks)


def score_survival(df: pd.DataFrame, title: str | None = None, game: str | None = None,
                   sides: list[str] | None = None):
    """``P(score >= x)`` per side with its 95% Wilson band and the game's marks, so that
    "how often 91 or more?" is read off directly (the value at each mark is in the legend).

    ``df``: deals, or :func:`reports.tables.survival`'s table (columns side, score,
    share, low95, high95)."""
    if _is_deals(df):
        game = game or tables.guess_game(df)
        t = tables.survival(df, game)
    else:
        t = df
    names = sides or list(dict.fromkeys(t["side"]))
    marks = _marks(game)
    fig, ax = new_figure(8, 4.8)
    for i, name in enumerate(names):
        s = t[t["side"] == name]
        colour = _COLOURS[i % len(_COLOURS)]
        xs = s["score"].to_numpy(float)
        ax.step(xs, s["share"] * 100, where="post", color=colour, linewidth=1.4, label=name)
        ax.fill_between(xs, s["low95"] * 100, s["high95"] * 100, step="post", color=colour,
                        alpha=0.2, linewidth=0)
    for j, (mark, meaning) in enumerate(marks):
        parts = []
        for name in names:
            s = t[(t["side"] == name) & (t["score"] >= mark)]
            if len(s):
                r = s.iloc[0]
                parts.append(f"{100 * r['share']:.2f}% [{100 * r['low95']:.2f}, "
                             f"{100 * r['high95']:.2f}]")
        ax.axvline(mark, color=_MARKS[j % len(_MARKS)], linestyle="--", linewidth=1.1,
                   label=f"{mark}+ ({meaning}): " + "; ".join(parts))
    ax.set_xlabel("score x (points)")
    ax.set_ylabel("P(score ≥ x) (% of deals)")
    ax.set_ylim(0, 100)
    ax.set_title(title or "Score survival: the share of deals scoring at least x")
    legend_below(fig, ax, ncol=1)
    return fig


def side_results(df: pd.DataFrame, title: str = "Results by side", game: str | None = None,
                 strategies=None):
    """Win / tie / loss shares per side (team or seat) with 95% intervals."""
    t = tables.side_results(df, game, strategies) if _is_deals(df) else df
    fig, ax = new_figure(7.5, 3.8 + 0.3 * len(t))
    x = np.arange(len(t))
    w = 0.27
    for i, (key, colour) in enumerate((("win", BLUE), ("tie", GREY), ("loss", ORANGE))):
        ax.bar(x + (i - 1) * w, t[key] * 100, w, color=colour, label=key,
               yerr=_yerr(t, key, f"{key}_low95", f"{key}_high95"), ecolor="black", capsize=3)
    ax.set_xticks(x, [s.replace(" (", "\n(") for s in t["side"]], fontsize=8)
    ax.set_ylabel("share of deals (%)")
    ax.set_xlabel("side")
    ax.set_title(title + " (error bars: 95% intervals)")
    legend_below(fig, ax)
    return fig


def holding_figure(t: pd.DataFrame, axis: str = "holding", count: bool = True, marks=(),
                   title: str = "Results of the dealer's side by holding"):
    """A holding table (``tables.finish_holdings``) as a figure: top, among the deals with
    each holding, the share the dealer's side won, lost, tied and scored at least the
    first of ``marks`` (``Game.holding_marks``; Sueca: 91+, a double or better); bottom, the share of all deals dealt each
    holding, with its exact probability when the table has one.  Every estimate with its
    95% Wilson interval; a curve over counts, bars over categories."""
    fig, (ax, ax2) = new_figure(8 if count else 10, 6.4, nrows=2, sharex=True,
                                height_ratios=[3, 1.4])
    x = t["holding"].to_numpy(np.float64) if count else np.arange(len(t), dtype=np.float64)
    series = [("win", BLUE, "o", "won"), ("loss", ORANGE, "s", "lost"),
              ("tie", GREY, "^", "tied")]
    if marks and f"score_{marks[0][0]}plus" in t:
        series.append((f"score_{marks[0][0]}plus", RED, "D",
                       f"scored {marks[0][0]}+ ({marks[0][1]})"))
    w = 0.8 / len(series)
    for i, (key, colour, marker, label) in enumerate(series):
        err = _yerr(t, key, f"{key}_low95", f"{key}_high95")
        if count:
            ax.errorbar(x, t[key] * 100, yerr=err, color=colour, marker=marker, markersize=4,
                        capsize=3, label=label)
        else:
            ax.bar(x + (i - (len(series) - 1) / 2) * w, t[key] * 100, w, color=colour,
                   label=label, yerr=err, ecolor="black", capsize=2)
    ax.set_ylabel("share of the deals\nwith this holding (%)")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    ax2.bar(x, t["share_of_deals"] * 100, color=GREY, width=0.6,
            label="share of all deals dealt this holding",
            yerr=_yerr(t, "share_of_deals", "share_of_deals_low95", "share_of_deals_high95"),
            ecolor="black", capsize=2)
    if "exact" in t:
        ax2.plot(x, t["exact"].astype(np.float64) * 100, linestyle="none", marker="D",
                 markersize=4, color="black", label="exact probability of the holding")
    ax2.set_ylabel("share of all\ndeals (%)")
    if count:
        ax2.set_xticks(x)
    else:
        ax2.set_xticks(x, [str(h).replace(", ", ",\n").replace(" with ", "\nwith ")
                           for h in t["holding"]], fontsize=8)
    ax2.set_xlabel(axis)
    legend_below(fig, [ax, ax2], ncol=2, title="error bars: 95% intervals (Wilson)")
    return fig


def categories_bars(df: pd.DataFrame, title: str = "Scoring categories: mean per deal",
                    game: str | None = None, players=None, sides: list[str] | None = None):
    """One panel per category: the mean per deal of each side, with 95% intervals.
    ``sides`` keeps only those sides (e.g. ``["team 0", "seat 0"]`` when the others are
    equal by symmetry)."""
    t = tables.scoring_categories(df, game, players) if _is_deals(df) else df
    if sides is not None:
        t = t[t["side"].isin(sides)]
    cats = list(dict.fromkeys(t["category"]))
    cols = min(4, len(cats))
    rows = -(-len(cats) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.0 * cols + 1, 2.7 * rows + 1.2),
                             squeeze=False, layout="constrained")
    for ax, cat in zip(axes.flat, cats):
        s = t[t["category"] == cat]
        x = np.arange(len(s))
        err = np.vstack([s["mean"] - s["mean_low95"], s["mean_high95"] - s["mean"]])
        ax.bar(x, s["mean"], color=BLUE, yerr=np.nan_to_num(err), ecolor="black", capsize=3,
               label="mean per deal; error bars: 95% interval")
        ax.set_xticks(x, list(s["side"]), fontsize=8)
        ax.set_title(cat.replace("_", " "), fontsize=10)
        ax.set_xlabel("side")
        ax.set_ylabel("mean per deal (count or points)", fontsize=8)
    for ax in list(axes.flat)[len(cats):]:
        ax.set_visible(False)
    fig.suptitle(title)
    legend_below(fig, axes.flat[0])
    return fig


def contracts_bars(df: pd.DataFrame, title: str = "Contracts reached and made",
                   game: str | None = None):
    """Share of deals at each contract level, and the share of those contracts made, with
    95% intervals."""
    t = tables.contracts(df, game) if _is_deals(df) else df
    t = t[t["group"] == "contract"]
    x = np.arange(len(t))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4), layout="constrained")
    axes[0].bar(x, t["share"] * 100, color=BLUE,
                yerr=np.nan_to_num(_yerr(t, "share", "low95", "high95")), ecolor="black",
                capsize=3, label="share; error bars: 95% intervals (Wilson)")
    axes[0].set_ylabel("share of deals (%)")
    axes[0].set_title("contract level reached")
    made = t["made_share"].fillna(0)
    err = np.nan_to_num(_yerr(t.fillna(0), "made_share", "made_low95", "made_high95"))
    err[:, t["deals"].to_numpy() == 0] = 0          # no contract at that level: no bar
    axes[1].bar(x, made * 100, color=ORANGE, yerr=err, ecolor="black", capsize=3)
    axes[1].set_ylabel("contracts made (%)")
    axes[1].set_title("made, of the contracts at that level")
    axes[1].set_ylim(0, 100)
    for ax in axes:
        ax.set_xticks(x, list(t["level"]), fontsize=8)
        ax.set_xlabel("contract")
    fig.suptitle(title)
    legend_below(fig, axes[0])
    return fig


def length_histogram(df: pd.DataFrame, unit: str = "rubbers", title: str | None = None):
    """Whole games: how many deals (or hands) each lasted, as a share of the whole games."""
    col = df.columns[0]
    fig, ax = new_figure(8, 4.4)
    kw = {}
    if "low95" in df:
        kw = dict(yerr=_yerr(df, "share", "low95", "high95"), ecolor="black", capsize=2)
    ax.bar(df[col], df["share"] * 100, width=0.8, color=BLUE, label=f"share of {unit}", **kw)
    mean = float((df[col] * df["count"]).sum() / df["count"].sum()) if len(df) else float("nan")
    ax.axvline(mean, color=ORANGE, linestyle="--", label=f"mean {mean:.2f} {col}")
    ax.set_xlabel(f"{col} per {tables.singular(unit)} (count)")
    ax.set_ylabel(f"share of {unit} (%)")
    ax.set_title(title or f"Length of the {unit}")
    legend_below(fig, ax, title="error bars: 95% intervals (Wilson)" if kw else None)
    return fig
