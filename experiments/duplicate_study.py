"""A comparison study played in duplicate, beside the run's own chunks.

A study whose seats play two strategies, A on the seats of side 0 and B on every other
seat (``strategies = ["greedy", "random", "greedy", "random"]``), is a comparison.  Its
chunks hold each deal played once, A on side 0; the difference between A and B needs
each deal played from both sides (duplicate play, ``simcore.duplicate.compare``), which
cancels the luck of the cards.  :func:`ensure_duplicate` plays the run's deals (same
seed, rules, dealer and count) in duplicate and writes ``duplicate.json`` in the run
directory, tagged with the run's data key; ``reports`` shows it as the comparison's
section (the paired differences with their 95% intervals, the pentanomial table, Elo).
"""
from __future__ import annotations

import json
import os

from reports.comparison import FILE, read_duplicate
from simcore.files import AtomicFile
from simcore.games import get_game


def comparison_pair(spec: dict) -> tuple[str, str] | None:
    """``(A, B)`` when the spec's seats play A on side 0 and B on every other seat."""
    names = list(spec.get("strategies") or [])
    if len(set(names)) != 2:
        return None
    g = get_game(spec["game"])
    setup = g.setup(spec.get("rules") or {}, names, players=spec.get("players"),
                    dealer=spec.get("dealer"))
    k = g.sides(setup)
    a = names[0]
    b = next(x for x in names if x != a)
    if all((x == a) == (s % k == 0) for s, x in enumerate(names)):
        return a, b
    return None


def ensure_duplicate(run_dir: str, manifest: dict, threads: int | None = None) -> dict | None:
    """Play the run's deals in duplicate once (kept in ``duplicate.json``); None when the
    study is not a comparison of two strategies or the run is not complete."""
    spec = manifest["spec"]
    if spec.get("unit", "deals") != "deals" or not manifest.get("complete"):
        return None
    pair = comparison_pair(spec)
    if pair is None:
        return None
    have = read_duplicate(run_dir, manifest.get("data_key"))
    if have is not None and have.get("deals") == spec["deals"]:
        return have
    from simcore.duplicate import compare
    r = compare(spec["game"], pair[0], pair[1], deals=spec["deals"], seed=spec["seed"],
                rules=spec.get("rules"), players=spec.get("players"), dealer=spec.get("dealer"),
                threads=threads)
    if r.interrupted:
        return None
    d = {"key": manifest.get("data_key"), "deals": spec["deals"], "seed": spec["seed"],
         "strategies": list(pair), "setup": r.setup, "summary": r.summary,
         "seconds": r.seconds}
    with AtomicFile(os.path.join(run_dir, FILE), binary=False) as f:
        f.write(json.dumps(d, indent=1, default=str) + "\n")
    return d
