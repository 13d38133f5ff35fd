"""The user-facing facade: run a game, get a summary and (on request) DataFrames.

Kernels hand back numpy record arrays; this module is where they become pandas
DataFrames and Parquet files.  Without ``keep_deals`` or ``out`` nothing but
the per-chunk totals is kept, so memory stays flat for any number of deals.
"""
from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

import numpy as np
import pandas as pd

from . import __version__, limits
from .errors import TrunfoError
from .files import AtomicFile, os_error
from .games import DEFAULT_GAME, get_game, solver_of
from .execution import Backend, Job, using
from .runner import DEFAULT_CHUNK, Progress


def whole_unit(game: str) -> str | None:
    """The plural name of a game's whole-game unit (rubbers, matches, games), if it has one."""
    g = get_game(game)
    if not hasattr(g, "run_rubber_chunk") or not hasattr(g, "rubber_dtype"):
        return None
    first = g.rubber_dtype.names[0]
    return first + ("es" if first.endswith(("ch", "s", "x")) else "s")


def labelled(codes: np.ndarray, names, allowed=None) -> pd.Categorical:
    """Integer codes as a categorical of their labels ``names[code]``; with ``allowed`` (the
    labels the rules make possible) the categories are those only (any label seen that is
    not allowed is kept too, after them, so that no value is lost)."""
    codes = np.asarray(codes, np.int64)
    if allowed is None:
        return pd.Categorical.from_codes(codes, list(names))
    names = list(names)
    cats = list(allowed)
    seen = sorted(set(np.unique(codes).tolist()) - {names.index(c) for c in cats})
    cats += [names[i] for i in seen]
    remap = np.full(len(names), -1, np.int64)
    for j, c in enumerate(cats):
        remap[names.index(c)] = j
    return pd.Categorical.from_codes(remap[codes], cats)


def deals_frame(game: str, records: np.ndarray, setup=None) -> pd.DataFrame:
    """A DataFrame of per-deal records; integer outcome codes become labels.  With the
    run's ``setup`` the outcome's categories are only those its rules and players make
    possible (``Game.outcome_categories``)."""
    g = get_game(game)
    df = pd.DataFrame.from_records(records) if len(records) else pd.DataFrame(
        np.empty(0, g.record_dtype))
    allowed = g.outcome_categories(setup) if setup is not None else None
    df["outcome"] = labelled(df["outcome"], g.outcome_names, allowed)
    return df


def rubbers_frame(game: str, records: np.ndarray, setup=None) -> pd.DataFrame:
    """A DataFrame of rubbers / matches / games; how each ended becomes a label (with the
    run's ``setup``, the categories are the ends its rules allow: ``Game.end_categories``)."""
    g = get_game(game)
    df = pd.DataFrame.from_records(records) if len(records) else pd.DataFrame(
        np.empty(0, g.rubber_dtype))
    allowed = g.end_categories(setup) if setup is not None else None
    df["end"] = labelled(df["end"], g.end_names, allowed)
    return df


class ParquetSink:
    """Pieces of records appended to one Parquet file, in row groups of ``row_group`` rows.

    ``to_frame(item)`` turns what :meth:`write` is given into a DataFrame (``empty`` is the
    item of no rows).  The file is written under a temporary name next to ``path`` and
    renamed over it by :meth:`close` (a killed process leaves any previous ``path`` as it
    was); the path is checked when the sink is made, before any work.  The trunfo metadata
    (``metadata`` plus what :meth:`close` adds, e.g. how many rows the file holds) is
    written last, in the file's footer: read it with :func:`read_metadata`.
    """

    def __init__(self, path: str, to_frame, metadata: dict[str, Any], empty,
                 row_group: int = 1 << 16):
        self.out = AtomicFile(path, opened=False)
        self.path = self.out.path
        self.to_frame = to_frame
        self.empty = empty
        self.metadata = dict(metadata)
        self.row_group = row_group
        self.writer = None
        self.pending: list = []          # arrow tables not written yet
        self.buffered = 0
        self.rows = 0

    def write(self, item) -> None:
        import pyarrow as pa
        table = pa.Table.from_pandas(self.to_frame(item), preserve_index=False)
        self.pending.append(table)
        self.buffered += table.num_rows
        if self.buffered >= self.row_group:
            self._flush()

    def _flush(self, force: bool = False) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        if not self.pending:
            if not (force and self.writer is None):
                return
            self.pending = [pa.Table.from_pandas(self.to_frame(self.empty), preserve_index=False)]
        try:
            if self.writer is None:
                self.writer = pq.ParquetWriter(self.out.tmp, self.pending[0].schema)
            schema = self.writer.schema
            table = pa.concat_tables([t.cast(schema) for t in self.pending])
            self.writer.write_table(table)
        except OSError as e:
            self.abort()
            raise os_error(e, self.path) from None
        self.rows += table.num_rows
        self.pending, self.buffered = [], 0

    def close(self, **final: Any) -> None:
        """Write what is buffered and the metadata (``final`` added), then rename into place."""
        try:
            self._flush(force=True)
            self.writer.add_key_value_metadata(
                {"trunfo": json.dumps({**self.metadata, **final}, default=str)})
            self.writer.close()
            self.writer = None
            self.out.commit()
        except OSError as e:
            self.abort()
            raise os_error(e, self.path) from None
        except BaseException:
            self.abort()
            raise

    def abort(self) -> None:
        """Drop the temporary file; ``path`` is left as it was."""
        if self.writer is not None:
            try:
                self.writer.close()
            except Exception:
                pass
            self.writer = None
        self.out.discard()


def read_metadata(path: str) -> dict:
    """The trunfo metadata of a Parquet file written by ``simulate(out=...)``: version,
    seed, rules, strategies, command, and ``deals`` (``rubbers``), the rows it holds."""
    import pyarrow.parquet as pq
    meta = pq.read_metadata(path).metadata or {}
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
    cluster_seconds: float | None = None   # the cluster's start-up (None: local threads)

    @property
    def per_second(self) -> float:
        return self.done / self.seconds if self.seconds > 0 else float("nan")

    def to_frame(self) -> pd.DataFrame:
        """Tidy: one row per estimate (shares with Wilson intervals, means with normal
        intervals), the interval's bounds as columns (``simcore.frames``)."""
        from .frames import simulation_frame
        return simulation_frame(self.summary, self.unit)

    def _title(self) -> str:
        return (f"{self.setup.get('game')}: {self.done:,} {self.unit}, seed {self.seed}, "
                f"seats {','.join(self.setup.get('strategies', []))}")

    def _repr_html_(self) -> str:
        from .frames import frame_html
        return frame_html(self._title(), self.to_frame())

    def __str__(self) -> str:
        from .frames import frame_text
        return frame_text(self._title(), self.to_frame())

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
        if self.cluster_seconds is not None:
            d["cluster_seconds"] = self.cluster_seconds
        return d


def cluster_check(setup) -> None:
    """Refuse strategies other machines cannot load (a user's file, code typed in a session):
    one line."""
    c = getattr(setup, "conditions", None)
    if c is not None and getattr(c, "predicate", None) is not None:
        raise TrunfoError("a Python predicate in the conditions cannot be sent to the cluster's "
                          "workers; state the condition with where= (docs/odds.md), or run "
                          "without --cluster")
    lu = setup.lineup
    if lu is None:
        return
    for s in lu.strategies:
        if s.origin != "built-in" and (s.origin.endswith(".py") or s.origin in
                                        ("__main__", "user code")):
            raise TrunfoError(f"strategy {s.name} comes from {s.origin}, which the cluster's "
                              f"workers cannot load; install it as a package (entry point "
                              f"'trunfo.strategies') on every worker, or run without --cluster")


class TableJob(Job):
    """A job over one table: the game, its rules and strategies, players, dealer, seed and
    deal conditions, plain data; ``setup`` builds the table (with its conditions)."""

    def _table(self, game: str, rules, strategies, players, dealer, seed: int,
               conditions) -> None:
        from .rules import Rules
        self.game = game
        self.rules = rules.as_dict() if isinstance(rules, Rules) else dict(rules or {})
        self.strategies = strategies if isinstance(strategies, str) else tuple(strategies)
        self.players, self.dealer, self.seed = players, dealer, seed
        self.conditions = conditions     # deal conditions (docs/odds.md), or None

    def setup(self):
        return get_game(self.game).setup(self.rules, self.strategies, players=self.players,
                                         dealer=self.dealer, conditions=self.conditions)

    def cluster_ready(self) -> None:
        cluster_check(self.setup())

    def user_strategies(self) -> tuple:
        return tuple(s for s in self.setup().lineup.strategies if s.origin != "built-in")


class DealsJob(TableJob):
    """Deals (or whole rubbers) of one table: ``compute`` gives their records.

    ``totals=True`` also sums them (``g.accumulate``); ``keep=False`` then drops the records
    (only the totals travel; buffers are reused per thread); ``par=True`` adds each deal's
    par (double dummy).  ``compute`` returns the records alone when ``totals`` and ``par``
    are false, else ``(records or None, totals or None, par or None)``."""

    def __init__(self, game: str, rules, strategies, players, dealer, seed: int,
                 unit: str = "deals", totals: bool = False, keep: bool = True,
                 par: bool = False, conditions=None):
        self._table(game, rules, strategies, players, dealer, seed, conditions)
        self.unit, self.totals, self.keep, self.par = unit, totals, keep, par
        self.label = game

    def prepare(self):
        g = get_game(self.game)
        setup = self.setup()
        if self.unit == "deals":
            g.run_chunk(setup, self.seed, 0, 1)         # compile, or load from the cache
        else:
            g.run_rubber_chunk(setup, self.seed, 0, 1)
        if self.par:
            from .solver import par as solver_par
            solver_par.warm_up(g, setup)
        return g, setup, threading.local()

    def compute(self, state, start, count):
        g, setup, local = state
        if self.unit != "deals":
            return g.run_rubber_chunk(setup, self.seed, start, count)
        if not self.totals and not self.par:
            return g.run_chunk(setup, self.seed, start, count)
        buf = None
        if not self.keep:                # records are only summed: reuse this thread's buffer
            buf = getattr(local, "buf", None)
            if buf is None or len(buf) < count:
                buf = local.buf = np.empty(count, g.record_dtype)
        recs = g.run_chunk(setup, self.seed, start, count, out=buf)
        tot = None
        if self.totals:
            tot = np.zeros(g.n_totals, np.int64)
            g.accumulate(recs, tot)
        pv = None
        if self.par:
            from .solver import par as solver_par
            pv = solver_par.par_values(g, setup, self.seed, start, count)
        return (recs if self.keep else None), tot, pv


def _prepare(game, strategies, rules, players, dealer, seed, threads, conditions=None):
    g = get_game(game)
    setup = g.setup(rules or {}, strategies, players=players, dealer=dealer,
                    conditions=conditions)
    return g, setup, limits.check_seed(seed), limits.check_threads(threads)


def _sink(out, to_frame, empty, meta) -> ParquetSink | None:
    return ParquetSink(out, to_frame, meta, empty) if out else None


def _run_into(sink, ex: Backend, job: Job, total, consume, chunk, bar):
    """Run ``job`` on the backend; the sink's temporary file is removed if the run fails."""
    try:
        status = ex.run(job, total, consume, chunk=chunk, progress=bar)
    except BaseException:
        if sink is not None:
            sink.abort()
        raise
    return status


def _warm(sink, ex: Backend, job: Job) -> float:
    try:
        return ex.warm_up(job)
    except BaseException:
        if sink is not None:
            sink.abort()
        raise


def simulate(game: str = DEFAULT_GAME, deals: int = 100_000, seed: int = 0,
             strategies=("random",), rules: dict | None = None, dealer: int | None = None,
             players: int | None = None, threads: int | None = None, keep_deals: bool = False,
             out: str | None = None, chunk: int = DEFAULT_CHUNK, progress: bool | None = None,
             command: str | None = None, par: bool = False,
             conditions=None, cluster=None) -> SimulationResult:
    """Play ``deals`` independent deals of ``game``.

    >>> r = simulate("sueca", deals=10_000, seed=1, strategies=("greedy",))
    >>> r.summary["outcomes"]["team0_single"]["share"]  # doctest: +SKIP

    ``keep_deals=True`` returns a DataFrame of the deals in ``result.frame``;
    ``out="file.parquet"`` streams them to Parquet (sorted by ``deal``), written under
    a temporary name and renamed into place at the end; its metadata says how many
    deals it holds (fewer than asked when the run was interrupted).
    ``par=True`` also solves every deal double dummy from the opening lead (Sueca, Spades,
    Brisca; see ``docs/solver.md``): the summary gets ``par`` and the deals ``par_side0``,
    ``par_side1``.  ``conditions``: play only deals that satisfy them, ``deals`` of them,
    exactly uniform among those (docs/odds.md): a dict of ``hands``, ``trump``,
    ``trump_suit``, ``where`` (an expression, or a Python or jitted predicate) or a
    ``simcore.conditions.Conditions``.  ``cluster="local:N"`` or ``"tcp://HOST:PORT"``
    runs the chunks on a Dask cluster (``docs/cluster.md``); the results are the same.
    """
    g, setup, seed, _ = _prepare(game, strategies, rules, players, dealer, seed,
                                 threads if cluster is None else None, conditions)
    deals = limits.check_count(deals, "deals")
    chunk = limits.check_chunk(chunk)
    par_total = 0
    if par:
        from .solver import par as solver_par
        solver = solver_of(g, "--par works for")
        par_total, par_unit = solver.total, solver.unit
        chunk = min(chunk, solver_par.PAR_CHUNK)
    if cluster is not None:
        cluster_check(setup)
    meta = {"version": __version__, "seed": seed, **setup.describe(), "command": command}
    keep = keep_deals or out is not None
    job = DealsJob(game, rules, strategies, players, dealer, seed, totals=True, keep=keep,
                   par=par, conditions=conditions)
    sink = _sink(out, lambda item: _with_par(deals_frame(game, item[0], setup), item[1],
                                             par_total),
                 (np.empty(0, g.record_dtype), np.empty(0, np.int64) if par else None), meta)
    with using(cluster, threads) as ex:
        compile_seconds = _warm(sink, ex, job)
        par_parts: list[np.ndarray] = []
        totals = np.zeros(g.n_totals, np.int64)
        kept: list[np.ndarray] = []

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
        status = _run_into(sink, ex, job, deals, consume, chunk, bar)
        used, startup = ex.threads, ex.startup_seconds
    if sink is not None:
        sink.close(deals=status.done, requested=deals, interrupted=status.interrupted)
    frame = None
    pv = np.concatenate(par_parts) if par_parts else np.empty(0, np.int64)
    if keep_deals:
        frame = deals_frame(game, np.concatenate(kept) if kept else np.empty(0, g.record_dtype),
                            setup)
        if par:
            frame = _with_par(frame, pv, par_total)
    summary = g.summary(setup, totals)
    if par:
        summary["par"] = solver_par.par_summary(pv, par_total, par_unit)
    return SimulationResult(setup.describe(), seed, deals, status.done, status.seconds,
                            compile_seconds, used, status.interrupted, summary, frame,
                            cluster_seconds=startup)


def _with_par(df: pd.DataFrame, par_side0, total: int) -> pd.DataFrame:
    """The deals' frame with the par columns (when the run solved them)."""
    if par_side0 is not None:
        df["par_side0"] = np.asarray(par_side0, np.int16)
        df["par_side1"] = (total - np.asarray(par_side0)).astype(np.int16)
    return df


def simulate_rubbers(game: str = DEFAULT_GAME, rubbers: int = 10_000, seed: int = 0,
                     strategies=("random",), rules: dict | None = None,
                     dealer: int | None = None, players: int | None = None,
                     threads: int | None = None, keep_rubbers: bool = False,
                     out: str | None = None, chunk: int = 1 << 12,
                     progress: bool | None = None, command: str | None = None,
                     cluster=None) -> SimulationResult:
    """Play ``rubbers`` whole rubbers (partidas) of ``game`` (``cluster=``: see simulate)."""
    g, setup, seed, _ = _prepare(game, strategies, rules, players, dealer, seed,
                                 threads if cluster is None else None)
    if not hasattr(g, "run_rubber_chunk"):
        raise TrunfoError(f"{game} has no rubbers")
    rubbers = limits.check_count(rubbers, "rubbers")
    chunk = limits.check_chunk(chunk)
    if cluster is not None:
        cluster_check(setup)
    meta = {"version": __version__, "seed": seed, **setup.describe(), "command": command}
    job = DealsJob(game, rules, strategies, players, dealer, seed, unit="rubbers")
    sink = _sink(out, lambda recs: rubbers_frame(game, recs, setup), np.empty(0, g.rubber_dtype),
                 meta)
    parts: list[np.ndarray] = []

    def consume(start, count, recs):
        parts.append(recs)   # one small row per rubber
        if sink is not None:
            sink.write(recs)

    with using(cluster, threads) as ex:
        compile_seconds = _warm(sink, ex, job)
        bar = Progress(rubbers, "rubbers", enabled=progress)
        status = _run_into(sink, ex, job, rubbers, consume, chunk, bar)
        used, startup = ex.threads, ex.startup_seconds
    if sink is not None:
        sink.close(**{whole_unit(game): status.done}, requested=rubbers,
                   interrupted=status.interrupted)
    allr = np.concatenate(parts) if parts else np.empty(0, g.rubber_dtype)
    summary = g.rubber_summary(setup, allr)
    frame = rubbers_frame(game, allr, setup) if keep_rubbers else None
    return SimulationResult(setup.describe(), seed, rubbers, status.done, status.seconds,
                            compile_seconds, used, status.interrupted, summary, frame,
                            unit="rubbers", cluster_seconds=startup)


class RecordsJob(TableJob):
    """Game records (docs/records.md) of deals, or with ``rubbers=True`` of every deal of
    whole rubbers (matches, games): ``compute`` gives the records of deals (rubbers)
    ``start .. start+count-1`` as a list of dicts.  The deals of rubbers are numbered from
    0 in each piece: :class:`_Numbering` adds the deals of the pieces before it.
    ``conditions`` (deals only): the records of the conditioned deals ``simulate`` plays
    with the same conditions and seed."""

    def __init__(self, game: str, rules, strategies, players, dealer, seed: int,
                 rubbers: bool = False, conditions=None):
        self._table(game, rules, strategies, players, dealer, seed, conditions)
        self.rubbers = rubbers
        self.label = game

    def prepare(self):
        g = get_game(self.game)
        setup = self.setup()
        if self.rubbers:                             # compile, or load from the cache
            g.rubber_records(setup, self.seed, 0, 0)
        else:
            g.records(setup, self.seed, 0, 1)
        return g, setup

    def compute(self, state, start, count):
        g, setup = state
        if not self.rubbers:
            return g.records(setup, self.seed, start, count)
        recs: list[dict] = []
        for r in range(start, start + count):
            recs += g.rubber_records(setup, self.seed, r, len(recs))
        return recs


class _Numbering:
    """Records of consecutive pieces of a run, in order: in rubbers, each piece's deals
    (numbered from 0 by :class:`RecordsJob`) follow the deals of the pieces before it."""

    def __init__(self, rubbers: bool):
        self.rubbers = rubbers
        self.deals = 0

    def __call__(self, recs: list[dict]) -> list[dict]:
        if self.rubbers:
            for rec in recs:
                rec["deal"] += self.deals
            self.deals += len(recs)
        return recs


def _records_job(game, deals, seed, strategies, rules, dealer, players, rubbers, chunk,
                 threads, cluster, conditions=None) -> tuple[RecordsJob, int, int]:
    """The job of ``game_records`` / ``write_records``, every argument checked."""
    from .execution import check_cluster
    if rubbers and conditions:
        raise TrunfoError("conditions (--hand, --trump, --trump-suit, --where) condition "
                          "single deals; they do not go with rubbers")
    g = get_game(game)
    setup = g.setup(rules or {}, strategies, players=players, dealer=dealer,
                    conditions=conditions or None)
    seed = limits.check_seed(seed)
    deals = limits.check_count(deals, "rubbers" if rubbers else "deals")
    if rubbers and not hasattr(g, "rubber_records"):
        raise TrunfoError(f"{game} has no rubbers")
    chunk = limits.check_chunk(chunk)
    check_cluster(cluster, threads)
    if cluster is not None:
        cluster_check(setup)
    return (RecordsJob(game, rules, strategies, players, dealer, seed, rubbers=bool(rubbers),
                       conditions=conditions or None), deals, chunk)


def game_records(game: str = DEFAULT_GAME, deals: int = 10, seed: int = 0, strategies=("random",),
                 rules: dict | None = None, dealer: int | None = None,
                 players: int | None = None, rubbers: bool = False,
                 chunk: int = 1024, threads: int | None = None,
                 cluster=None, conditions=None) -> Iterator[dict]:
    """Game records (``docs/records.md``) of the deals ``simulate`` plays.

    With ``rubbers=True``, ``deals`` counts rubbers and every deal of each is yielded.
    ``conditions`` (as for ``simulate``: ``hands``, ``trump``, ``trump_suit``, ``where``;
    docs/odds.md): only deals that satisfy them, the very deals ``simulate`` plays with
    the same conditions and seed (not with ``rubbers``).
    Everything is validated at the call, before the first record is asked for.  The
    records are computed as every command's work is (``simcore.execution``): on
    ``threads`` local threads (default: one per core) or on a Dask cluster (``cluster=``,
    as for ``simulate``), a few chunks ahead of the records yielded; they are the same
    records in the same order whatever the threads, chunk or backend.  Ctrl-C while they
    are computed raises ``KeyboardInterrupt`` in the loop that reads them.
    """
    job, deals, chunk = _records_job(game, deals, seed, strategies, rules, dealer, players,
                                     rubbers, chunk, threads, cluster, conditions)
    return _record_stream(job, deals, chunk, threads, cluster)


def _record_stream(job: RecordsJob, total: int, chunk: int, threads, cluster) -> Iterator[dict]:
    numbering = _Numbering(job.rubbers)
    with using(cluster, threads) as ex:
        ex.warm_up(job)
        window = chunk * (2 * ex.threads + 2)        # records computed ahead, at most
        done = 0
        while done < total:
            pieces: list[list[dict]] = []
            status = ex.run(job, min(window, total - done),
                            lambda start, count, recs: pieces.append(recs),
                            first=done, chunk=chunk)
            if status.interrupted:
                raise KeyboardInterrupt
            for recs in pieces:
                yield from numbering(recs)
            done += status.done


@dataclass
class RecordsResult:
    """What ``write_records`` wrote: ``records`` (lines) of ``done`` of the ``requested``
    deals (rubbers: ``unit``), whether Ctrl-C or SIGTERM stopped it, and how it ran."""
    records: int
    done: int
    requested: int
    unit: str
    interrupted: bool
    seconds: float
    compile_seconds: float
    threads: int
    cluster_seconds: float | None = None   # the cluster's start-up (None: local threads)


def write_records(out, game: str = DEFAULT_GAME, deals: int = 10, seed: int = 0,
                  strategies=("random",), rules: dict | None = None, dealer: int | None = None,
                  players: int | None = None, rubbers: bool = False, chunk: int = 1024,
                  threads: int | None = None, cluster=None,
                  progress: bool | None = None, conditions=None) -> RecordsResult:
    """Write the records of ``game_records`` as JSON Lines (docs/records.md) to ``out``: a
    path (checked first, written under a temporary name and renamed into place at the
    end) or an open text stream.  Ctrl-C or SIGTERM stops after the piece of records being
    written (the file then holds whole rubbers); ``progress`` shows a progress bar as
    ``simulate`` does; ``conditions``: as for ``game_records``.  The file is the same
    whatever the threads, chunk or backend."""
    job, deals, chunk = _records_job(game, deals, seed, strategies, rules, dealer, players,
                                     rubbers, chunk, threads, cluster, conditions)
    file = AtomicFile(out, binary=False) if isinstance(out, (str, os.PathLike)) else None
    write = file.write if file is not None else out.write
    numbering = _Numbering(job.rubbers)
    lines = 0

    def consume(start, count, recs):
        nonlocal lines
        for rec in numbering(recs):
            write(json.dumps(rec, separators=(",", ":")) + "\n")
            lines += 1

    unit = whole_unit(game) if rubbers else "deals"
    try:
        with using(cluster, threads) as ex:
            compile_seconds = ex.warm_up(job)
            bar = Progress(deals, unit, enabled=progress)
            status = ex.run(job, deals, consume, chunk=chunk, progress=bar)
            used, startup = ex.threads, ex.startup_seconds
    except BaseException:
        if file is not None:
            file.discard()
        raise
    if file is not None:
        file.commit()
    return RecordsResult(lines, status.done, deals, unit, status.interrupted, status.seconds,
                         compile_seconds, used, startup)
