"""The study runner: a spec's deals in chunks of deal indices, each a Parquet file.

A run directory holds ``manifest.json`` and ``chunk-<first deal>.parquet``
files, nothing else in Parquet (the report goes to ``report/``).  Each chunk
is written under a temporary name and renamed once complete; then the
manifest (written the same way) lists it.  Chunks hold only the deal records:
no timings, so the same spec and seed give the same chunk data whatever the
thread count, and the same concatenated data whatever the chunk size.

``resume=True`` continues an interrupted run from its manifest: finished
chunks are kept, the rest is computed, and the result is the data an
uninterrupted run gives.  A run made from a different spec is refused.
"""
from __future__ import annotations

import glob
import json
import os
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from simcore import __version__
from simcore.errors import TrunfoError
from simcore.facade import deals_frame, rubbers_frame
from simcore.games import get_game
from simcore.runner import Progress, default_threads, run_chunks

from .spec import Spec

MANIFEST = "manifest.json"
FORMAT = "trunfo-study/1"


def chunk_name(start: int) -> str:
    return f"chunk-{start:012d}.parquet"


@dataclass
class StudyResult:
    out: str
    manifest: dict
    done: int
    deals: int
    seconds: float            # computing time of this session
    threads: int
    interrupted: bool
    resumed: bool
    already_complete: bool

    @property
    def complete(self) -> bool:
        return self.done >= self.deals

    @property
    def per_second(self) -> float:
        return float(self.manifest.get("per_second") or float("nan"))


def _write_json(path: str, obj) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1, default=str)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_manifest(out: str) -> dict | None:
    path = os.path.join(out, MANIFEST)
    if not os.path.isfile(path):
        return None
    with open(path) as f:
        try:
            return json.load(f)
        except json.JSONDecodeError:
            raise TrunfoError(f"{path} is damaged (not valid JSON); start afresh in another "
                              f"--out") from None


def _differences(old: dict, new: dict) -> list[str]:
    out = []
    for k in sorted(set(old) | set(new)):
        if old.get(k) != new.get(k):
            a, b = old.get(k), new.get(k)
            if isinstance(a, dict) and isinstance(b, dict):
                out += [f"{k}.{kk}: {a.get(kk)!r} -> {b.get(kk)!r}" for kk in sorted(set(a) | set(b))
                        if a.get(kk) != b.get(kk)]
            else:
                out.append(f"{k}: {a!r} -> {b!r}")
    return out


def _write_chunk(out: str, game: str, start: int, recs: np.ndarray, unit: str = "deals") -> str:
    import pyarrow as pa
    import pyarrow.parquet as pq
    name = chunk_name(start)
    frame = deals_frame(game, recs) if unit == "deals" else rubbers_frame(game, recs)
    table = pa.Table.from_pandas(frame, preserve_index=False)
    meta = {**(table.schema.metadata or {}),
            b"trunfo": json.dumps({"game": game, "start": start, "count": len(recs)}).encode()}
    table = table.replace_schema_metadata(meta)
    tmp = os.path.join(out, f".{name}.tmp")
    pq.write_table(table, tmp)
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, os.path.join(out, name))
    return name


def _adopt_orphan(out: str, manifest: dict, deals: int) -> bool:
    """A chunk renamed into place just before the process died, not yet in the manifest."""
    import pyarrow.parquet as pq
    start = manifest["done"]
    path = os.path.join(out, chunk_name(start))
    if not os.path.isfile(path):
        return False
    try:
        meta = json.loads((pq.read_schema(path).metadata or {})[b"trunfo"])
        rows = pq.read_metadata(path).num_rows
        ok = meta["start"] == start and rows == meta["count"] and start + rows <= deals
    except Exception:
        ok = False
    if not ok:
        os.remove(path)
        return False
    manifest["chunks"].append({"file": chunk_name(start), "start": start, "count": rows})
    manifest["done"] = start + rows
    return True


def run_study(spec: Spec, out: str, *, deals: int | None = None, seed: int | None = None,
              chunk: int | None = None, threads: int | None = None, resume: bool = False,
              progress: bool | None = None,
              on_chunk: Callable[[int, int], None] | None = None) -> StudyResult:
    """Run (or continue, with ``resume``) a study into directory ``out``.

    ``on_chunk(start, count)`` is called after each chunk is safely recorded
    (tests raise ``KeyboardInterrupt`` from it to simulate Ctrl-C).
    """
    spec = spec.with_overrides(deals=deals, seed=seed, chunk=chunk)
    threads = default_threads() if threads is None else int(threads)
    if threads < 1:
        raise TrunfoError(f"threads must be a positive integer, not {threads}")
    g = get_game(spec.game)
    setup = g.setup(spec.rules, spec.strategies, players=spec.players, dealer=spec.dealer)
    os.makedirs(out, exist_ok=True)
    mpath = os.path.join(out, MANIFEST)
    manifest = read_manifest(out)
    identity = spec.identity()
    resumed = False
    if manifest is not None:
        if not resume:
            raise TrunfoError(f"{out} already holds a run ({manifest['spec'].get('name')}); "
                              f"add --resume to continue it, or choose another --out")
        if manifest.get("format") != FORMAT:
            raise TrunfoError(f"{mpath} is not a trunfo study manifest ({FORMAT})")
        old = {k: manifest["spec"].get(k) for k in identity}
        diff = _differences(old, identity)
        if diff:
            raise TrunfoError(f"{out} was run from a different spec ({'; '.join(diff)}); "
                              f"run it without --resume into another --out")
        resumed = True
        for tmp in glob.glob(os.path.join(out, ".*.tmp")):
            os.remove(tmp)
        if manifest["done"] < spec.deals:
            _adopt_orphan(out, manifest, spec.deals)
        if manifest["done"] >= spec.deals:
            if not manifest.get("complete"):
                manifest["complete"] = True
                _write_json(mpath, manifest)
            return StudyResult(out, manifest, manifest["done"], spec.deals, 0.0, threads,
                               False, True, True)
        manifest["spec"] = spec.to_dict()       # report options may have changed
    else:
        stray = glob.glob(os.path.join(out, "*.parquet"))
        if stray:
            raise TrunfoError(f"{out} holds Parquet files but no {MANIFEST}; run into an empty "
                              f"directory")
        manifest = {"format": FORMAT, "version": __version__, "spec": spec.to_dict(),
                    "source": spec.source, "seed": spec.seed, "deals": spec.deals,
                    "setup": setup.describe(), "done": 0, "complete": False, "chunks": [],
                    "seconds": 0.0, "deals_per_second": None, "sessions": []}
    manifest["version"] = __version__
    manifest["sessions"].append({"started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                                 "threads": threads, "chunk": spec.chunk,
                                 "first_deal": manifest["done"]})
    _write_json(mpath, manifest)

    manifest["unit"] = spec.unit
    run = g.run_chunk if spec.unit == "deals" else g.run_rubber_chunk
    run(setup, spec.seed, 0, 1)             # compile, or load from the cache
    first = manifest["done"]
    prior_seconds = float(manifest["seconds"])
    t0 = time.perf_counter()

    def work(start, count):
        return run(setup, spec.seed, start, count)

    def consume(start, count, recs):
        name = _write_chunk(out, spec.game, start, recs, spec.unit)
        manifest["chunks"].append({"file": name, "start": start, "count": count})
        manifest["done"] = start + count
        manifest["seconds"] = prior_seconds + (time.perf_counter() - t0)
        manifest["per_second"] = manifest["done"] / manifest["seconds"] \
            if manifest["seconds"] > 0 else None
        manifest["deals_per_second" if spec.unit == "deals" else f"{spec.unit}_per_second"] = \
            manifest["per_second"]
        _write_json(mpath, manifest)
        if on_chunk is not None:
            on_chunk(start, count)

    bar = Progress(spec.deals - first, spec.unit, enabled=progress)
    status = run_chunks(spec.deals - first, work, consume, first=first, threads=threads,
                        chunk=spec.chunk, progress=bar)
    manifest["complete"] = manifest["done"] >= spec.deals
    manifest["sessions"][-1].update({"deals": manifest["done"] - first,
                                     "seconds": status.seconds,
                                     "interrupted": status.interrupted})
    _write_json(mpath, manifest)
    return StudyResult(out, manifest, manifest["done"], spec.deals, status.seconds, threads,
                       status.interrupted, resumed, False)
