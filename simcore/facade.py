"""The user-facing facade: run a game, get a summary and (on request) DataFrames.

Kernels hand back numpy record arrays; this module is where they become pandas
DataFrames and Parquet files.  Without ``keep_deals`` or ``out`` nothing but
the per-chunk totals is kept, so memory stays flat for any number of deals.
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

import numpy as np
import pandas as pd

from . import __version__
from .errors import TrunfoError
from .games import get_game
from .runner import DEFAULT_CHUNK, Progress, default_threads, run_chunks


def _check_count(n, what: str) -> int:
    try:
        n = int(n)
    except (TypeError, ValueError):
        raise TrunfoError(f"{what} must be a positive integer, not {n!r}") from None
    if n < 1:
        raise TrunfoError(f"{what} must be a positive integer, not {n}")
    return n


def _check_seed(seed) -> int:
    try:
        seed = int(seed)
    except (TypeError, ValueError):
        raise TrunfoError(f"seed must be an integer in [0, 2**64), not {seed!r}") from None
    if not 0 <= seed < 2**64:
        raise TrunfoError(f"seed must be an integer in [0, 2**64), not {seed}")
    return seed


def _check_threads(threads) -> int:
    if threads is None:
        return default_threads()
    return _check_count(threads, "threads")


def deals_frame(game: str, records: np.ndarray) -> pd.DataFrame:
    """A DataFrame of per-deal records; integer outcome codes become labels."""
    g = get_game(game)
    df = pd.DataFrame.from_records(records) if len(records) else pd.DataFrame(
        np.empty(0, g.record_dtype))
    df["outcome"] = pd.Categorical.from_codes(df["outcome"].astype(np.int64), g.outcome_names)
    return df


def rubbers_frame(game: str, records: np.ndarray) -> pd.DataFrame:
    """A DataFrame of rubbers / matches / games; how each ended becomes a label."""
    g = get_game(game)
    df = pd.DataFrame.from_records(records) if len(records) else pd.DataFrame(
        np.empty(0, g.rubber_dtype))
    df["end"] = pd.Categorical.from_codes(df["end"].astype(np.int64), g.end_names)
    return df


class ParquetSink:
    """Appends record chunks to one Parquet file; metadata says how it was made."""

    def __init__(self, path: str, to_frame, metadata: dict[str, Any]):
        self.path = path
        self.to_frame = to_frame
        self.metadata = {b"trunfo": json.dumps(metadata, default=str).encode()}
        self.writer = None

    def write(self, records: np.ndarray) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        table = pa.Table.from_pandas(self.to_frame(records), preserve_index=False)
        if self.writer is None:
            table = table.replace_schema_metadata({**(table.schema.metadata or {}), **self.metadata})
            self.writer = pq.ParquetWriter(self.path, table.schema)
        else:
            table = table.cast(self.writer.schema)
        self.writer.write_table(table)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def read_metadata(path: str) -> dict:
    """The trunfo metadata of a Parquet file written by ``simulate(out=...)``."""
    import pyarrow.parquet as pq
    meta = pq.read_schema(path).metadata or {}
    return json.loads(meta[b"trunfo"])


@dataclass
class SimulationResult:
    setup: dict
    seed: int
    requested: int
    done: int
    seconds: float
    compile_seconds: float
    threads: int
    interrupted: bool
    summary: dict
    frame: pd.DataFrame | None = None
    unit: str = "deals"
    extra: dict = field(default_factory=dict)

    @property
    def per_second(self) -> float:
        return self.done / self.seconds if self.seconds > 0 else float("nan")

    def to_dict(self) -> dict:
        d = {
            **self.setup,
            "version": __version__,
            "seed": self.seed,
            "requested": self.requested,
            "seconds": self.seconds,
            "compile_seconds": self.compile_seconds,
            f"{self.unit}_per_second": self.per_second,
            "threads": self.threads,
            "interrupted": self.interrupted,
            **self.summary,
            **self.extra,
        }
        return d


def _prepare(game, strategies, rules, players, dealer, seed, threads):
    g = get_game(game)
    setup = g.setup(rules or {}, strategies, players=players, dealer=dealer)
    return g, setup, _check_seed(seed), _check_threads(threads)


def simulate(game: str = "sueca", deals: int = 100_000, seed: int = 0,
             strategies=("random",), rules: dict | None = None, dealer: int | None = None,
             players: int | None = None, threads: int | None = None, keep_deals: bool = False,
             out: str | None = None, chunk: int = DEFAULT_CHUNK, progress: bool | None = None,
             command: str | None = None, par: bool = False) -> SimulationResult:
    """Play ``deals`` independent deals of ``game``.

    >>> r = simulate("sueca", deals=10_000, seed=1, strategies=("greedy",))
    >>> r.summary["outcomes"]["team0_win"]["share"]  # doctest: +SKIP

    ``keep_deals=True`` returns a DataFrame of the deals in ``result.frame``;
    ``out="file.parquet"`` streams them to Parquet (sorted by ``deal``).
    ``par=True`` also solves every deal double dummy from the opening lead (Sueca, Spades,
    Brisca; see ``docs/solver.md``): the summary gets ``par`` and the deals ``par_side0``,
    ``par_side1``.
    """
    g, setup, seed, threads = _prepare(game, strategies, rules, players, dealer, seed, threads)
    deals = _check_count(deals, "deals")
    if par:
        from .solver import par as solver_par
        par_total, par_unit = solver_par.check_game(g.name)
        chunk = min(chunk, solver_par.PAR_CHUNK)
    t = time.perf_counter()
    g.run_chunk(setup, seed, 0, 1)           # compile, or load from the cache
    if par:
        solver_par.warm_up(g, setup)
    compile_seconds = time.perf_counter() - t
    par_parts: list[np.ndarray] = []

    totals = np.zeros(g.n_totals, np.int64)
    kept: list[np.ndarray] = []
    sink = None
    if out:
        meta = {"version": __version__, "seed": seed, **setup.describe(),
                "deals": deals, "command": command}
        sink = ParquetSink(out, lambda recs: _with_par(deals_frame(game, recs[0]), recs[1],
                                                       par_total if par else 0), meta)

    reuse = not keep_deals and sink is None      # records are only summed: reuse buffers
    local = threading.local()

    def work(start, count):
        buf = None
        if reuse:
            buf = getattr(local, "buf", None)
            if buf is None or len(buf) < count:
                buf = local.buf = np.empty(count, g.record_dtype)
        recs = g.run_chunk(setup, seed, start, count, out=buf)
        tot = np.zeros(g.n_totals, np.int64)
        g.accumulate(recs, tot)
        pv = solver_par.par_values(g, setup, seed, start, count) if par else None
        return recs, tot, pv

    def consume(start, count, result):
        recs, tot, pv = result
        totals[:] += tot
        if sink is not None:
            sink.write((recs, pv))
        if keep_deals:
            kept.append(recs)
        if par:
            par_parts.append(pv)

    bar = Progress(deals, "deals", enabled=progress)
    try:
        status = run_chunks(deals, work, consume, threads=threads, chunk=chunk, progress=bar)
    finally:
        if sink is not None:
            sink.close()
    frame = None
    pv = np.concatenate(par_parts) if par_parts else np.empty(0, np.int64)
    if keep_deals:
        frame = deals_frame(game, np.concatenate(kept) if kept else np.empty(0, g.record_dtype))
        if par:
            frame = _with_par(frame, pv, par_total)
    summary = g.summary(setup, totals)
    if par:
        summary["par"] = solver_par.par_summary(pv, par_total, par_unit)
    return SimulationResult(setup.describe(), seed, deals, status.done, status.seconds,
                            compile_seconds, threads, status.interrupted, summary, frame)


def _with_par(df: pd.DataFrame, par_side0, total: int) -> pd.DataFrame:
    """The deals' frame with the par columns (when the run solved them)."""
    if par_side0 is not None:
        df["par_side0"] = np.asarray(par_side0, np.int16)
        df["par_side1"] = (total - np.asarray(par_side0)).astype(np.int16)
    return df


def simulate_rubbers(game: str = "sueca", rubbers: int = 10_000, seed: int = 0,
                     strategies=("random",), rules: dict | None = None,
                     dealer: int | None = None, players: int | None = None,
                     threads: int | None = None, keep_rubbers: bool = False,
                     out: str | None = None, chunk: int = 1 << 12,
                     progress: bool | None = None, command: str | None = None) -> SimulationResult:
    """Play ``rubbers`` whole rubbers (partidas) of ``game``."""
    g, setup, seed, threads = _prepare(game, strategies, rules, players, dealer, seed, threads)
    if not hasattr(g, "run_rubber_chunk"):
        raise TrunfoError(f"{game} has no rubbers")
    rubbers = _check_count(rubbers, "rubbers")
    t = time.perf_counter()
    g.run_rubber_chunk(setup, seed, 0, 1)
    compile_seconds = time.perf_counter() - t
    parts: list[np.ndarray] = []
    sink = None
    if out:
        meta = {"version": __version__, "seed": seed, **setup.describe(),
                "rubbers": rubbers, "command": command}
        sink = ParquetSink(out, lambda recs: rubbers_frame(game, recs), meta)

    def consume(start, count, recs):
        parts.append(recs)   # one small row per rubber
        if sink is not None:
            sink.write(recs)

    bar = Progress(rubbers, "rubbers", enabled=progress)
    try:
        status = run_chunks(rubbers, lambda s, c: g.run_rubber_chunk(setup, seed, s, c), consume,
                            threads=threads, chunk=chunk, progress=bar)
    finally:
        if sink is not None:
            sink.close()
    allr = np.concatenate(parts) if parts else np.empty(0, g.rubber_dtype)
    summary = g.rubber_summary(setup, allr)
    frame = rubbers_frame(game, allr) if keep_rubbers else None
    return SimulationResult(setup.describe(), seed, rubbers, status.done, status.seconds,
                            compile_seconds, threads, status.interrupted, summary, frame,
                            unit="rubbers")


def game_records(game: str = "sueca", deals: int = 10, seed: int = 0, strategies=("random",),
                 rules: dict | None = None, dealer: int | None = None,
                 players: int | None = None, rubbers: bool = False,
                 chunk: int = 1024) -> Iterator[dict]:
    """Game records (``docs/records.md``) of the deals ``simulate`` plays.

    With ``rubbers=True``, ``deals`` counts rubbers and every deal of each is yielded.
    """
    g = get_game(game)
    setup = g.setup(rules or {}, strategies, players=players, dealer=dealer)
    seed = _check_seed(seed)
    deals = _check_count(deals, "rubbers" if rubbers else "deals")
    if rubbers:
        first = 0
        for r in range(deals):
            recs = g.rubber_records(setup, seed, r, first)
            first += len(recs)
            yield from recs
        return
    for start in range(0, deals, chunk):
        yield from g.records(setup, seed, start, min(chunk, deals - start))
