"""Matplotlib figures (Agg backend).  Each function takes a DataFrame and returns a Figure.

The DataFrame is either the deals themselves (``load_run(d).deals()``, or
``simulate(..., keep_deals=True).frame``) or the matching table from
:mod:`reports.tables`; deals are aggregated first.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from . import tables  # noqa: E402

_BLUE, _ORANGE, _GREY, _RED = "#1f77b4", "#ff7f0e", "#7f7f7f", "#d62728"


def _is_deals(df: pd.DataFrame) -> bool:
    return "deal" in df.columns


def _yerr(df: pd.DataFrame, col: str, low: str, high: str, scale: float = 100.0):
    v = df[col].to_numpy(float)
    return np.vstack([v - df[low].to_numpy(float), df[high].to_numpy(float) - v]) * scale


def outcome_shares(df: pd.DataFrame, title: str = "Outcome shares", game: str | None = None):
    """Horizontal bars: share of deals per outcome, with 95% Wilson intervals."""
    t = tables.outcome_shares(df, game) if _is_deals(df) else df
    fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(t) + 1.6))
    y = np.arange(len(t))[::-1]
    ax.barh(y, t["share"] * 100, xerr=_yerr(t, "share", "low95", "high95"), color=_BLUE,
            ecolor="black", capsize=3, label="share of deals")
    ax.set_yticks(y, [str(x).replace("_", " ") for x in t["outcome"]])
    for yi, s in zip(y, t["share"]):
        ax.text(s * 100, yi, f"  {100 * s:.2f}%", va="center", fontsize=8)
    ax.set_xlabel("share of deals (%)")
    ax.set_ylabel("outcome")
    ax.set_xlim(0, max(5.0, float(t["high95"].max()) * 100 * 1.25) if len(t) else 100)
    ax.set_title(title)
    ax.errorbar([], [], xerr=[], fmt="none", ecolor="black", capsize=3, label="95% interval")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    return fig


def score_histogram(df: pd.DataFrame, title: str | None = None, game: str | None = None,
                    bandeira: float | None = None):
    """Score distribution per side.  For Sueca (a deals frame, or a table with a
    ``team 0`` column): team 0 points with the 61 and 91 marks and the bandeira share."""
    if _is_deals(df):
        game = game or tables.guess_game(df)
        t = tables.score_distribution(df, game)
        if game == "sueca" and bandeira is None:
            o = tables.outcome_shares(df, game)
            bandeira = float(o.loc[o["outcome"].str.contains("bandeira"), "share"].sum())
    else:
        t = df
    share_cols = [c for c in t.columns if c.startswith("share ")]
    sueca = game == "sueca" or (game is None and int(t["score"].max()) <= 120
                                and len(share_cols) == 2 and "team 0" in share_cols[0]
                                and bandeira is not None)
    fig, ax = plt.subplots(figsize=(8, 4.2))
    if sueca:
        col = share_cols[0]
        ax.bar(t["score"], t[col] * 100, width=1.0, color=_BLUE,
               label=f"{col[len('share '):]} points")
        for mark, text, colour in ((61, "61 points: a win", _ORANGE),
                                     (91, "91 points: a double", _RED)):
            ax.axvline(mark - 0.5, color=colour, linestyle="--", linewidth=1.2, label=text)
        if bandeira is not None:
            ax.text(0.02, 0.95, f"bandeira (all 120 points): {100 * bandeira:.3f}% of deals",
                    transform=ax.transAxes, va="top", fontsize=9,
                    bbox=dict(boxstyle="round", facecolor="white", alpha=0.8))
        ax.set_xlim(-1, 121)
        ax.set_xlabel("card points of team 0 in the deal (points; team 1 has 120 minus this)")
    else:
        for i, col in enumerate(share_cols):
            ax.step(t["score"], t[col] * 100, where="mid", label=col[len("share "):],
                    linewidth=1.4)
        ax.set_xlabel("score of the side in the deal (points, the game's comparison score)")
    ax.set_ylabel("share of deals (%)")
    ax.set_title(title or "Score distribution")
    ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    return fig


def side_results(df: pd.DataFrame, title: str = "Results by side", game: str | None = None,
                 strategies=None):
    """Win / tie / loss shares per side (team or seat) with 95% intervals."""
    t = tables.side_results(df, game, strategies) if _is_deals(df) else df
    fig, ax = plt.subplots(figsize=(7.5, 3.6 + 0.3 * len(t)))
    x = np.arange(len(t))
    w = 0.27
    for i, (key, colour) in enumerate((("win", _BLUE), ("tie", _GREY), ("loss", _ORANGE))):
        ax.bar(x + (i - 1) * w, t[key] * 100, w, color=colour, label=key,
               yerr=_yerr(t, key, f"{key}_low95", f"{key}_high95"), ecolor="black", capsize=3)
    ax.set_xticks(x, [s.replace(" (", "\n(") for s in t["side"]], fontsize=8)
    ax.set_ylabel("share of deals (%)")
    ax.set_xlabel("side")
    ax.set_title(title + " (bars: 95% intervals)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def trumps_curve(df: pd.DataFrame, title: str = "Dealer's team results by trumps held"):
    """Sueca: win / tie / loss / double-or-better shares of the dealer's team by its trumps."""
    t = tables.by_trumps(df) if _is_deals(df) else df
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for key, colour, marker in (("win", _BLUE, "o"), ("loss", _ORANGE, "s"), ("tie", _GREY, "^")):
        ax.errorbar(t["trumps"], t[key] * 100,
                    yerr=_yerr(t, key, f"{key}_low95", f"{key}_high95"), color=colour,
                    marker=marker, capsize=3, label=f"{key} (95% interval)")
    ax.plot(t["trumps"], t["double_or_better"] * 100, color=_RED, linestyle="--", marker=".",
            label="won with 91+ points")
    ax2 = ax.twinx()
    ax2.bar(t["trumps"], t["share_of_deals"] * 100, color=_GREY, alpha=0.15,
            label="deals with this holding")
    ax2.set_ylabel("deals with this holding (%)")
    ax.set_zorder(ax2.get_zorder() + 1)
    ax.patch.set_visible(False)
    ax.set_xticks(range(0, 11))
    ax.set_xlabel("trumps held by the dealer's team (cards, of 10)")
    ax.set_ylabel("share of the dealer's team's deals (%)")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, fontsize=8, loc="center left")
    fig.tight_layout()
    return fig


def honours_bars(df: pd.DataFrame, title: str = "Dealer's team wins by who holds the trump ace "
                 "and 7"):
    """Sueca: the dealer's team's win share by holder of the trump ace and 7."""
    t = tables.by_honours(df) if _is_deals(df) else df
    groups = list(dict.fromkeys(t["honour"]))
    fig, axes = plt.subplots(1, len(groups), figsize=(11, 4.2), sharey=True)
    axes = np.atleast_1d(axes)
    for ax, grp in zip(axes, groups):
        s = t[t["honour"] == grp]
        x = np.arange(len(s))
        ax.bar(x - 0.2, s["win"] * 100, 0.4, color=_BLUE, label="win",
               yerr=_yerr(s, "win", "win_low95", "win_high95"), ecolor="black", capsize=3)
        ax.bar(x + 0.2, s["loss"] * 100, 0.4, color=_ORANGE, label="loss",
               yerr=_yerr(s, "loss", "loss_low95", "loss_high95"), ecolor="black", capsize=3)
        ax.set_xticks(x, [h.replace(" with ", "\nwith ").replace(" (", "\n(")
                          for h in s["holder"]], fontsize=7)
        ax.set_title(grp)
        ax.set_xlabel("holder (relative to the dealer)")
    axes[0].set_ylabel("share of the dealer's team's deals (%)")
    axes[0].legend(fontsize=8, title="95% intervals", title_fontsize=7)
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def categories_bars(df: pd.DataFrame, title: str = "Scoring categories: mean per deal",
                    game: str | None = None, players=None):
    """One panel per category: the mean per deal of each side, with 95% intervals."""
    t = tables.scoring_categories(df, game, players) if _is_deals(df) else df
    cats = list(dict.fromkeys(t["category"]))
    cols = min(4, len(cats))
    rows = -(-len(cats) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.0 * cols + 1, 2.6 * rows + 0.8),
                             squeeze=False)
    for ax, cat in zip(axes.flat, cats):
        s = t[t["category"] == cat]
        x = np.arange(len(s))
        err = np.vstack([s["mean"] - s["mean_low95"], s["mean_high95"] - s["mean"]])
        ax.bar(x, s["mean"], color=_BLUE, yerr=np.nan_to_num(err), ecolor="black", capsize=3,
               label="mean (95% interval)")
        ax.set_xticks(x, list(s["side"]), fontsize=8)
        ax.set_title(cat.replace("_", " "), fontsize=10)
        ax.set_xlabel("side")
        ax.set_ylabel("mean per deal (count or points)", fontsize=8)
    for ax in list(axes.flat)[len(cats):]:
        ax.set_visible(False)
    axes.flat[0].legend(fontsize=7)
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def contracts_bars(df: pd.DataFrame, title: str = "Contracts reached and made",
                   game: str | None = None):
    """Share of deals at each contract level, and the share of those contracts made, with
    95% intervals."""
    t = tables.contracts(df, game) if _is_deals(df) else df
    t = t[t["group"] == "contract"]
    x = np.arange(len(t))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    axes[0].bar(x, t["share"] * 100, color=_BLUE,
                yerr=np.nan_to_num(_yerr(t, "share", "low95", "high95")), ecolor="black",
                capsize=3)
    axes[0].set_ylabel("share of deals (%)")
    axes[0].set_title("contract level reached")
    made = t["made_share"].fillna(0)
    err = np.nan_to_num(_yerr(t.fillna(0), "made_share", "made_low95", "made_high95"))
    err[:, t["deals"].to_numpy() == 0] = 0          # no contract at that level: no bar
    axes[1].bar(x, made * 100, color=_ORANGE, yerr=err, ecolor="black", capsize=3)
    axes[1].set_ylabel("contracts made (%)")
    axes[1].set_title("made, of the contracts at that level")
    axes[1].set_ylim(0, 100)
    for ax in axes:
        ax.set_xticks(x, list(t["level"]), fontsize=8)
        ax.set_xlabel("contract")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def length_histogram(df: pd.DataFrame, unit: str = "rubbers", title: str | None = None):
    """Whole games: how many deals (or hands) each lasted, as a share of the whole games."""
    col = df.columns[0]
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar(df[col], df["share"] * 100, width=0.8, color=_BLUE, label=f"share of {unit}")
    mean = float((df[col] * df["count"]).sum() / df["count"].sum()) if len(df) else float("nan")
    ax.axvline(mean, color=_ORANGE, linestyle="--", label=f"mean {mean:.2f} {col}")
    ax.set_xlabel(f"{col} per {tables.singular(unit)} (count)")
    ax.set_ylabel(f"share of {unit} (%)")
    ax.set_title(title or f"Length of the {unit}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig
