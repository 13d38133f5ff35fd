"""Building blocks of the summaries every game returns (plain Python numbers).

A *share entry* is ``{"count", "share", "ci95"}`` with a 95% Wilson interval;
summaries are dicts of such tables, so the CLI and reports render any game
the same way.  ``series_summary`` does it for whole rubbers, matches and games.
"""
from __future__ import annotations

import numpy as np

from . import stats


def share_entry(count, n) -> dict:
    """A count out of n, its share and 95% Wilson interval."""
    count, n = int(count), int(n)
    lo, hi = stats.wilson_interval(count, n)
    return {"count": count, "share": count / n if n else 0.0, "ci95": [lo, hi]}


def outcome_tables(totals, labels, kinds, t_outcome: int, t_dealer: int, side: str):
    """The share tables of single deals for a two-sided game.

    ``labels[code]`` is ``tie`` or ``{side}{s}_{kind}``; ``totals[t_outcome + code]``
    counts deals by outcome and ``totals[t_dealer + code]`` the same with the dealer's
    side relabelled as side 0.  Only the ``kinds`` that can occur are kept.
    Returns ``(n, outcomes, dealer_side, winners)``.
    """
    n = int(sum(totals[t_outcome + code] for code in range(len(labels))))
    outcomes, dealer_side = {}, {}
    for code, label in enumerate(labels):
        if label != "tie" and label.split("_", 1)[1] not in kinds:
            continue
        outcomes[label] = share_entry(totals[t_outcome + code], n)
        dlabel = label.replace(f"{side}0", f"dealer_{side}").replace(f"{side}1", f"other_{side}")
        dealer_side[dlabel] = share_entry(totals[t_dealer + code], n)
    winners = {f"{side}{s}": share_entry(sum(outcomes[f"{side}{s}_{k}"]["count"]
                                              for k in kinds), n) for s in (0, 1)}
    winners[f"dealer_{side}"] = share_entry(
        sum(dealer_side[f"dealer_{side}_{k}"]["count"] for k in kinds), n)
    return n, outcomes, dealer_side, winners


def _share(out: dict, key: str, count: int, n: int) -> None:
    out[key] = count / n if n else 0.0
    out[f"{key}_ci95"] = list(stats.wilson_interval(int(count), n))


def _plural(word: str) -> str:
    return word + ("es" if word.endswith("ch") else "s")


def series_summary(series: np.ndarray, *, unit: str, side: str, sides: int, length_field: str,
                   length_unit: str, end_names) -> dict:
    """Summary of whole rubbers / matches / games.

    ``series`` holds one record per series with ``winner`` (a side, -1 for a tie),
    ``first_dealer``, ``end`` (an index into ``end_names``) and ``length_field``
    (deals or hands played).  Keys, e.g. for Sueca (unit ``rubber``, side ``team``,
    length unit ``deal``): ``rubbers``, ``rubber_win_share_team0`` (+ ``_ci95``) for
    every side, ``rubber_win_share_first_dealer_team``, ``mean_deals_per_rubber``
    (+ ``_ci95``), ``deals``, ``deals_per_rubber`` (the distribution), ``ends``.
    """
    n = len(series)
    winner = series["winner"].astype(np.int64)
    out: dict = {_plural(unit): n}
    for s in range(sides):
        _share(out, f"{unit}_win_share_{side}{s}", int((winner == s).sum()), n)
    first_side = series["first_dealer"].astype(np.int64) % sides
    _share(out, f"{unit}_win_share_first_dealer_{side}", int((first_side == winner).sum()), n)
    lengths = series[length_field].astype(np.int64)
    mean, lo, hi = stats.mean_interval(float(lengths.sum()), float((lengths ** 2).sum()), n)
    dist = np.bincount(lengths) if n else np.zeros(1, np.int64)
    out.update({
        f"mean_{length_unit}s_per_{unit}": mean,
        f"mean_{length_unit}s_per_{unit}_ci95": [lo, hi],
        f"{length_unit}s": int(lengths.sum()),
        f"{length_unit}s_per_{unit}": {int(k): int(v) for k, v in enumerate(dist) if v},
        "ends": {name: share_entry(int((series["end"] == code).sum()), n)
                 for code, name in enumerate(end_names)},
    })
    return out


def side_means(series: np.ndarray, column: str, key: str, sides: int) -> dict:
    """``{key.format(s): mean of column.format(s)}`` for each side ``s`` (nan when there
    are no rows): the mean final points (scores) of whole series by side."""
    nan = float("nan")
    return {key.format(s): float(series[column.format(s)].astype(np.int64).mean())
            if len(series) else nan for s in range(sides)}


def won_results(score: np.ndarray, g0: np.ndarray, g1: np.ndarray):
    """``side_results`` of two sides whose deal is won by game points: 1 for the side
    with game points, 0 for the other, 0.5 each when neither has any."""
    g0 = g0.astype(np.int64)
    g1 = g1.astype(np.int64)
    r0 = np.where(g0 > 0, 1.0, np.where(g1 > 0, 0.0, 0.5))
    return score, np.stack([r0, 1.0 - r0], axis=1)


def top_results(score: np.ndarray):
    """``side_results`` by score alone: 1 strictly the highest score, 0.5 each side of a
    shared top, 0 otherwise."""
    top = score.max(axis=1, keepdims=True) if len(score) else score
    at_top = score == top
    shared = at_top.sum(axis=1, keepdims=True) > 1
    return score, np.where(at_top, np.where(shared, 0.5, 1.0), 0.0)


def seat_columns(records: np.ndarray, name: str, seats: int) -> np.ndarray:
    """The per-seat field ``name.format(s)`` as an (n, seats) int64 array."""
    return np.stack([records[name.format(s)] for s in range(seats)], axis=1).astype(np.int64)
