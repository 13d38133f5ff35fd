"""The documented ranges of every number a user gives: counts, seeds, threads, chunks.

Rule options carry their own ranges (``simcore.rules.RuleOption``).  A value outside
its range, or of the wrong type (a bool, a float, a string where an integer is
wanted), is a :class:`~simcore.errors.TrunfoError` naming the range.
"""
from __future__ import annotations

import os

import numpy as np

from .errors import TrunfoError

#: deals, rubbers, matches or games in one run (-n): 1 .. MAX_COUNT
MAX_COUNT = 10**12
#: worker threads (--threads): 1 .. MAX_THREADS
MAX_THREADS = 256
#: deals per chunk (--chunk): 1 .. MAX_CHUNK
MAX_CHUNK = 1 << 20
#: run seeds (--seed): 0 .. MAX_SEED
MAX_SEED = 2**64 - 1

RANGES = {
    "deals": (1, MAX_COUNT), "rubbers": (1, MAX_COUNT), "matches": (1, MAX_COUNT),
    "games": (1, MAX_COUNT), "count": (1, MAX_COUNT), "threads": (1, MAX_THREADS),
    "chunk": (1, MAX_CHUNK), "seed": (0, MAX_SEED),
}


def range_text(what: str) -> str:
    lo, hi = RANGES[what]
    if what == "seed":
        return "an integer from 0 to 2**64 - 1"
    return f"an integer from {lo} to {hi:,}"


def is_integer(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def check(what: str, v, name: str | None = None) -> int:
    """``v`` as an int if it is an integer in the range of ``what`` (a key of ``RANGES``)."""
    lo, hi = RANGES[what]
    name = name or what
    if not is_integer(v):
        raise TrunfoError(f"{name} must be {range_text(what)}, not {v!r}")
    v = int(v)
    if not lo <= v <= hi:
        raise TrunfoError(f"{name} must be {range_text(what)}, not {v}")
    return v


def parse(what: str, text: str, name: str | None = None) -> int:
    """An integer typed on the command line (``_`` separators allowed), checked."""
    t = text.strip().replace("_", "")
    try:
        v = int(t, 10)
    except ValueError:
        raise TrunfoError(f"{name or what} must be {range_text(what)}, not {text!r}") from None
    return check(what, v, name)


def check_count(n, what: str = "count") -> int:
    """A count of deals (rubbers, matches, games): 1 .. MAX_COUNT; ``what`` names it."""
    return check("count", n, what)


def check_seed(seed) -> int:
    """A run seed: 0 .. MAX_SEED."""
    return check("seed", seed)


def check_chunk(chunk) -> int:
    """Deals per chunk: 1 .. MAX_CHUNK."""
    return check("chunk", chunk)


def default_threads() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def check_threads(threads) -> int:
    """Worker threads: 1 .. MAX_THREADS; None means one per core (at most MAX_THREADS)."""
    if threads is None:
        return min(default_threads(), MAX_THREADS)
    return check("threads", threads)
