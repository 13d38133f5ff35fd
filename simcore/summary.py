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
