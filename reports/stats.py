"""The estimates every report table and figure shows, as pure functions.

Each function takes plain numbers (counts, sums, sequences of per-deal values) and
returns the estimate with its two-sided 95% interval; nothing here reads files or
draws.  The three kinds of interval the reports use:

* a **share** (a proportion of deals): Wilson's score interval
  (:func:`share`, :func:`survival`; E. B. Wilson, JASA 22 (1927) 209-212);
* a **mean** of a per-deal quantity: the normal interval on the per-deal variance,
  ``mean +- z s / sqrt(n)`` with the unbiased ``s^2`` (:func:`mean`,
  :func:`mean_of_sums`);
* a **difference** between two strategies played in duplicate (both on the same
  deals): the normal interval on the per-deal *paired* differences
  (:func:`paired_difference`, :func:`paired_of_sums`), which removes the variance the
  two plays of a deal share.

The formulas live in :mod:`simcore.stats` (shared with the CLI); this module gives them
the shapes the reports need and is what notebooks call.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

from simcore.stats import Z95, mean_interval, paired_mean_interval, wilson_interval

__all__ = ["Z95", "Estimate", "share", "mean", "mean_of_sums", "paired_difference",
           "paired_of_sums", "survival", "share_at_least"]


@dataclass(frozen=True)
class Estimate:
    """An estimate with its 95% interval; ``kind`` says which interval it is."""
    value: float
    low95: float
    high95: float
    n: int
    kind: str            # "share (Wilson)", "mean (normal)", "paired difference (normal)"

    def __iter__(self):  # value, low, high: unpacks like the simcore.stats tuples
        return iter((self.value, self.low95, self.high95))

    def contains(self, x: float) -> bool:
        return self.low95 <= x <= self.high95


def share(k: int, n: int, z: float = Z95) -> Estimate:
    """The share ``k / n`` with its Wilson score interval (``n == 0``: nan in [0, 1])."""
    lo, hi = wilson_interval(int(k), int(n), z)
    return Estimate(k / n if n else math.nan, lo, hi, int(n), "share (Wilson)")


def mean_of_sums(total: float, total_sq: float, n: int, z: float = Z95) -> Estimate:
    """The mean of ``n`` per-deal values from ``sum(x)`` and ``sum(x**2)``, with the
    normal interval on the per-deal variance (nan bounds below two deals)."""
    m, lo, hi = mean_interval(float(total), float(total_sq), int(n), z)
    return Estimate(m, lo, hi, int(n), "mean (normal)")


def mean(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of per-deal ``values`` with the normal interval on their variance."""
    xs = [float(x) for x in values]
    return mean_of_sums(math.fsum(xs), math.fsum(x * x for x in xs), len(xs), z)


def paired_of_sums(sum_d: float, sum_d2: float, n: int, z: float = Z95) -> Estimate:
    """The mean paired difference from ``sum(d)`` and ``sum(d**2)`` over ``n`` deals."""
    m, lo, hi = paired_mean_interval(float(sum_d), float(sum_d2), int(n), z)
    return Estimate(m, lo, hi, int(n), "paired difference (normal)")


def paired_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Estimate:
    """Mean of ``a_i - b_i`` where ``a_i`` and ``b_i`` are the same deal played by two
    strategies (duplicate play), with the normal interval on the per-deal differences."""
    if len(a) != len(b):
        raise ValueError(f"paired samples need equal lengths, got {len(a)} and {len(b)}")
    d = [float(x) - float(y) for x, y in zip(a, b)]
    return paired_of_sums(math.fsum(d), math.fsum(x * x for x in d), len(d), z)


def survival(histogram: Mapping[float, int], n: int | None = None,
             z: float = Z95) -> list[dict]:
    """``P(score >= x)`` at every score ``x`` of a histogram ``{score: deals}``, each with
    its Wilson interval: rows ``{"score", "at_least", "share", "low95", "high95"}``
    in increasing score.  ``n`` defaults to the histogram's total."""
    items = sorted((float(x), int(c)) for x, c in histogram.items())
    total = sum(c for _, c in items) if n is None else int(n)
    rows, above = [], total
    for x, c in items:
        e = share(above, total, z)
        rows.append({"score": x, "at_least": above, "share": e.value, "low95": e.low95,
                     "high95": e.high95})
        above -= c
    return rows


def share_at_least(histogram: Mapping[float, int], x: float, n: int | None = None,
                   z: float = Z95) -> Estimate:
    """The share of deals scoring ``x`` or more, with its Wilson interval."""
    total = sum(int(c) for c in histogram.values()) if n is None else int(n)
    return share(sum(int(c) for s, c in histogram.items() if s >= x), total, z)
