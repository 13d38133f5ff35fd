"""The study runner: a spec's deals in chunks of deal indices, each a Parquet file.

A run directory (its layout: ``reports.load``) holds ``manifest.json``, the journal
``chunks.jsonl``, the lock ``.lock`` and ``chunk-<first deal>.parquet`` files,
nothing else in Parquet (the report goes to ``report/``).  Each chunk is written
under a temporary name and renamed once complete; then a line of the journal records
it with its row count, size and SHA-256; the manifest is rewritten, with every chunk,
when a session starts and ends.  Chunks hold only the deal records: no timings, so
the same spec and seed give the same chunk data whatever the thread count, and the
same concatenated data whatever the chunk size.

Only one process writes a run directory: the second is refused with one line.
``resume=True`` continues an interrupted run: every recorded chunk is verified, those
missing or damaged are computed again with the rest, and the result is the data an
uninterrupted run gives.  A run made from a different spec is refused.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from reports.load import (FORMAT, JOURNAL, MANIFEST, CHUNK_DIR, CHUNK_RE, chunk_name, data_key,
                          lock_run,
                          manifest_checksum, merged_chunks, read_journal, read_manifest,
                          verify_chunks)
from simcore import __version__, limits
from simcore.errors import TrunfoError
from simcore.execution import Backend, backend as make_backend
from simcore.facade import DealsJob, cluster_check, deals_frame, rubbers_frame
from simcore.files import AtomicFile, OutputError, check_output_dir, fsync_dir, os_error
from simcore.games import get_game
from simcore.runner import Progress

from .spec import Spec

__all__ = ["FORMAT", "MANIFEST", "JOURNAL", "StudyResult", "chunk_name", "read_manifest",
           "run_study"]


@dataclass
class StudyResult:
    out: str
    manifest: dict
    done: int
    deals: int
    seconds: float            # computing time of this session
    threads: int              # worker threads (local, or the cluster's in all)
    interrupted: bool
    resumed: bool
    already_complete: bool
    repaired: list = field(default_factory=list)   # problems found and recomputed on resume
    cluster_seconds: float | None = None   # the cluster's start-up (None: local threads)

    @property
    def complete(self) -> bool:
        return self.done >= self.deals

    @property
    def per_second(self) -> float:
        return float(self.manifest.get("per_second") or float("nan"))


class RunOutputError(OutputError):
    """A chunk or the manifest could not be written; what finished is saved."""

    def __init__(self, message: str, errno_, done: int, deals: int):
        super().__init__(message, errno_)
        self.done, self.deals = done, deals


def _write_manifest(out: str, manifest: dict) -> None:
    manifest["checksum"] = manifest_checksum(manifest)
    path = os.path.join(out, MANIFEST)
    with AtomicFile(path, binary=False) as f:
        f.write(json.dumps(manifest, indent=1, default=str) + "\n")


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


def _chunk_bytes(game: str, start: int, recs: np.ndarray, unit: str, key: str,
                 setup=None) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq
    frame = deals_frame(game, recs, setup) if unit == "deals" else \
        rubbers_frame(game, recs, setup)
    table = pa.Table.from_pandas(frame, preserve_index=False)
    meta = {**(table.schema.metadata or {}),
            b"trunfo": json.dumps({"game": game, "start": start, "count": len(recs),
                                   "key": key}).encode()}
    sink = pa.BufferOutputStream()
    pq.write_table(table.replace_schema_metadata(meta), sink)
    return sink.getvalue().to_pybytes()


def _write_chunk(out: str, game: str, start: int, recs: np.ndarray, unit: str,
                 key: str, setup=None) -> dict:
    """Write one chunk (temporary name, then renamed); its manifest entry."""
    name = chunk_name(start)
    try:
        data = _chunk_bytes(game, start, recs, unit, key, setup)
    except OSError as e:
        raise os_error(e, os.path.join(out, name)) from None
    # no fsync per chunk: a chunk a machine crash would lose or damage fails its check on
    # resume and is computed again; the manifest (each session's start and end) is synced
    try:
        os.makedirs(os.path.join(out, CHUNK_DIR), exist_ok=True)
    except OSError as e:
        raise os_error(e, os.path.join(out, CHUNK_DIR)) from None
    with AtomicFile(os.path.join(out, name), fsync=False) as f:
        f.write(data)
    return {"file": name, "start": start, "rows": len(recs), "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest()}


class _Journal:
    """Appends one line per recorded chunk, so that recording stays O(1).  Not synced:
    a line lost with the machine only means its chunk is computed again."""

    def __init__(self, out: str):
        self.path = os.path.join(out, JOURNAL)
        self.f = None

    def append(self, entry: dict) -> None:
        try:
            if self.f is None:
                self.f = open(self.path, "ab")
            self.f.write((json.dumps(entry, separators=(",", ":")) + "\n").encode())
            self.f.flush()
        except OSError as e:
            raise os_error(e, self.path) from None

    def close(self) -> None:
        if self.f is not None:
            try:
                self.f.close()
            except OSError:
                pass
            self.f = None


def _holes(good: list, deals: int) -> list[tuple[int, int]]:
    """The ranges ``(start, count)`` of [0, deals) that no good chunk covers."""
    out, pos = [], 0
    for c in good:
        if c["start"] > pos:
            out.append((pos, c["start"] - pos))
        pos = max(pos, c["start"] + c["rows"])
    if pos < deals:
        out.append((pos, deals - pos))
    return out


def _remove_strays(out: str, keep: set[str]) -> None:
    """Temporary files and chunk files no good entry lists (never recorded, or damaged)."""
    sub = os.path.join(out, CHUNK_DIR)
    folders = [("", out)] + ([(CHUNK_DIR + "/", sub)] if os.path.isdir(sub)
                             and not os.path.islink(sub) else [])
    for prefix, folder in folders:
        for p in glob.glob(os.path.join(folder, ".*.tmp")):
            os.remove(p)
        for name in os.listdir(folder):
            if CHUNK_RE.fullmatch(name) and prefix + name not in keep:
                p = os.path.join(folder, name)
                if os.path.isfile(p) or os.path.islink(p):
                    os.remove(p)


def _consolidate(out: str, manifest: dict, chunks: list) -> None:
    """Rewrite the manifest with every chunk, then drop the journal (a crash between the
    two leaves entries in both: they are read once)."""
    manifest["chunks"] = sorted(chunks, key=lambda c: c["start"])
    manifest["done"] = sum(c["rows"] for c in manifest["chunks"])
    manifest["complete"] = manifest["done"] >= manifest["deals"]
    _write_manifest(out, manifest)
    try:
        os.remove(os.path.join(out, JOURNAL))
    except FileNotFoundError:
        pass
    fsync_dir(out)


def run_study(spec: Spec, out: str, *, deals: int | None = None, seed: int | None = None,
              chunk: int | None = None, threads: int | None = None, resume: bool = False,
              progress: bool | None = None,
              on_chunk: Callable[[int, int], None] | None = None,
              cluster=None) -> StudyResult:
    """Run (or continue, with ``resume``) a study into directory ``out``.

    ``on_chunk(start, count)`` is called after each chunk is safely recorded
    (tests raise ``KeyboardInterrupt`` from it to simulate Ctrl-C).  ``cluster``
    (``"local:N"``, ``"tcp://HOST:PORT"`` or a ``simcore.execution`` backend) runs the
    chunks on Dask workers instead of local threads: the run directory is the same.
    """
    spec = spec.with_overrides(deals=deals, seed=seed, chunk=chunk)
    if cluster is None:
        threads = limits.check_threads(threads)
    elif threads is not None:
        make_backend(cluster, threads)        # the one-line refusal
    g = get_game(spec.game)
    setup = g.setup(spec.rules, spec.strategies, players=spec.players, dealer=spec.dealer,
                    conditions=spec.conditions or None)
    if cluster is not None:
        cluster_check(setup)
    check_output_dir(out)
    with lock_run(out):
        ex = make_backend(cluster, threads)
        try:
            r = _run_locked(spec, out, g, setup, ex, resume, progress, on_chunk)
            r.cluster_seconds = ex.startup_seconds      # counted in no session's seconds
            return r
        finally:
            if not isinstance(cluster, Backend):
                ex.close()


def _run_locked(spec, out, g, setup, ex, resume, progress, on_chunk) -> StudyResult:
    threads = ex.threads
    identity = spec.identity()
    key = data_key(identity)
    manifest = read_manifest(out)
    resumed = False
    repaired: list[str] = []
    good: list = []
    fresh = {"format": FORMAT, "version": __version__, "spec": spec.to_dict(),
             "source": spec.source, "seed": spec.seed, "deals": spec.deals,
             "unit": spec.unit, "data_key": key, "setup": setup.describe(), "done": 0,
             "complete": False, "chunks": [], "seconds": 0.0, "per_second": None,
             f"{spec.unit}_per_second": None, "sessions": []}
    if manifest is not None:
        if not resume:
            raise TrunfoError(f"{out} already holds a run ({manifest['spec'].get('name')}); "
                              f"add --resume to continue it, or choose another --out")
        listed = manifest
        if manifest.get("checksum") != manifest_checksum(manifest):
            # edited by hand: nothing in it is trusted but the chunks it lists, each checked
            # against its file and the data key the file carries
            repaired.append(f"{MANIFEST} did not match its checksum (edited by hand?): "
                            f"rebuilt from the chunks")
            manifest = fresh
        else:
            old = {k: manifest["spec"].get(k) for k in identity}
            diff = _differences(old, identity)
            if diff:
                raise TrunfoError(f"{out} was run from a different spec ({'; '.join(diff)}); "
                                  f"run it without --resume into another --out")
        resumed = True
        journal, problems = read_journal(out)
        good, bad = verify_chunks(out, {**manifest, "spec": spec.to_dict(), "data_key": key},
                                  merged_chunks(listed, journal))
        repaired += problems + bad
        manifest.update({"data_key": key, "deals": spec.deals, "format": FORMAT})
        manifest["spec"] = spec.to_dict()       # report options may have changed
    else:
        stray = glob.glob(os.path.join(out, "*.parquet")) + \
            glob.glob(os.path.join(out, CHUNK_DIR, "*.parquet"))
        if stray:
            raise TrunfoError(f"{out} holds Parquet files but no {MANIFEST}; run into an empty "
                              f"directory")
        manifest = fresh
    _remove_strays(out, {c["file"] for c in good})
    holes = _holes(good, spec.deals)
    if not holes:
        already = not repaired and manifest.get("complete") and \
            manifest.get("done") == spec.deals and not os.path.exists(os.path.join(out, JOURNAL))
        _consolidate(out, manifest, good)
        return StudyResult(out, manifest, manifest["done"], spec.deals, 0.0, threads,
                           False, resumed, bool(already), repaired)

    manifest["version"] = __version__
    first = sum(c["rows"] for c in good)
    manifest["sessions"].append({"started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                                 **ex.describe(), "chunk": spec.chunk,
                                 "first_deal": holes[0][0], "recomputed": len(repaired) > 0})
    _consolidate(out, manifest, good)

    job = DealsJob(spec.game, spec.rules, spec.strategies, spec.players, spec.dealer,
                   spec.seed, unit=spec.unit, conditions=spec.conditions or None)
    ex.warm_up(job)                         # compile, or load from the cache (every worker)
    prior_seconds = float(manifest.get("seconds") or 0.0)
    t0 = time.perf_counter()
    chunks = list(good)
    journal = _Journal(out)
    pending: list = []                      # pieces of the chunk being filled
    state = {"start": 0, "end": 0}          # its first index; the end of the current range

    def flush():
        recs = np.concatenate(pending) if len(pending) > 1 else pending[0]
        pending.clear()
        start = state["start"]
        entry = _write_chunk(out, spec.game, start, recs, spec.unit, key, setup)
        seconds = prior_seconds + (time.perf_counter() - t0)
        journal.append({**entry, "seconds": round(seconds, 6)})
        chunks.append(entry)
        manifest["seconds"] = seconds
        if on_chunk is not None:
            on_chunk(start, len(recs))

    def consume(start, count, recs):
        # the runner's pieces never straddle a chunk boundary: they add up to chunks
        if not pending:
            state["start"] = start
        pending.append(recs)
        if start + count - state["start"] >= spec.chunk or start + count == state["end"]:
            flush()

    bar = Progress(sum(c for _, c in holes), spec.unit, enabled=progress)
    status_interrupted, seconds = False, 0.0
    done_before = 0
    error = None
    try:
        for hstart, hcount in holes:
            state["end"] = hstart + hcount
            status = ex.run(job, hcount, consume, first=hstart, chunk=spec.chunk,
                            progress=_Offset(bar, done_before))
            seconds += status.seconds
            done_before += status.done
            if status.interrupted:
                status_interrupted = True
                break
        if pending:                          # an interrupted chunk: keep what finished
            flush()
    except KeyboardInterrupt:               # from on_chunk, or a second Ctrl-C
        status_interrupted = True
    except OutputError as e:
        error = e
    finally:
        bar.close()
        journal.close()
    manifest["per_second"] = (sum(c["rows"] for c in chunks) / manifest["seconds"]
                              if manifest.get("seconds") else None)
    manifest[f"{spec.unit}_per_second"] = manifest["per_second"]
    manifest["sessions"][-1].update({"deals": sum(c["rows"] for c in chunks) - first,
                                     "seconds": seconds, "interrupted": status_interrupted,
                                     "error": str(error) if error else None})
    try:
        _consolidate(out, manifest, chunks)
    except OutputError:
        if error is None:
            raise
        # the journal still records every finished chunk: --resume reads it
    done = sum(c["rows"] for c in chunks)
    if error is not None:
        raise RunOutputError(f"{error}; {done:,} of {spec.deals:,} {spec.unit} are saved in "
                             f"{out}", error.errno, done, spec.deals)
    return StudyResult(out, manifest, done, spec.deals, seconds, threads, status_interrupted,
                       resumed, False, repaired)


class _Offset:
    """Progress for one range of a longer run: shifts ``done``, leaves closing to the run."""

    def __init__(self, bar: Progress, offset: int):
        self.bar, self.offset = bar, offset

    def update(self, done: int) -> None:
        self.bar.update(self.offset + done)

    def close(self) -> None:
        pass
