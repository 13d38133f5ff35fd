"""Where the work runs: local threads (the default) or a Dask cluster, behind one interface.

Every command that deals cards (simulate, records, odds, compare, tournament, run)
describes its work as a :class:`Job`: picklable data (the game, rules, strategies,
seed...) with ``prepare()`` (build the setup and compile the kernels: once per job here,
once per worker process on a cluster) and ``compute(state, start, count)`` (the result for
indices ``start .. start+count-1``).  A backend runs a job over a range of indices and
hands the results to ``consume(start, count, result)`` in index order:

* :class:`Threads` cuts the range into short pieces run by worker threads
  (``simcore.runner.run_chunks``);
* :class:`DaskBackend` submits one task per chunk to a ``distributed`` scheduler, at most a
  few per worker thread at a time; each worker prepares the job once (a warm-up task per
  worker before the run), a task lost with its worker is rerun elsewhere by the scheduler.

Results never depend on the piece sizes or on where a piece runs, so both backends give the
same data, chunk for chunk.  :func:`backend` turns the ``cluster=`` argument of the Python
API (``None``, ``"local:N"``, ``"tcp://HOST:PORT"``, or a backend) into a backend,
:class:`using` closes it at the end when it was made there, and :func:`check_cluster`
refuses a bad ``cluster=`` / ``threads=`` before anything starts.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import threading
import time
from collections import OrderedDict, deque
from typing import Any, Callable

from . import interrupt, limits
from .errors import TrunfoError
from .runner import DEFAULT_CHUNK, Progress, RunStatus, StopSignals, run_chunks

__all__ = ["Job", "Threads", "DaskBackend", "backend", "check_cluster", "using", "run_piece",
           "probe_scheduler"]


class Job:
    """Work described as data.  Subclasses set their fields in ``__init__`` and implement
    :meth:`prepare` and :meth:`compute`.  ``local`` may hold a state already prepared in this
    process (it is never pickled)."""

    label = "trunfo"

    def fields(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "local"}

    @property
    def key(self) -> str:
        if "_key" not in self.__dict__:
            blob = pickle.dumps((type(self).__qualname__, sorted(self.fields().items())))
            self.__dict__["_key"] = hashlib.sha256(blob).hexdigest()[:24]
        return self.__dict__["_key"]

    def __getstate__(self):
        return self.fields()

    def cluster_ready(self) -> None:
        """Raise TrunfoError if the job cannot run on other machines (e.g. user files)."""

    def user_strategies(self) -> tuple:
        """The strategies not built in that the job's kernels run (their errors are the
        user's: :func:`guarded`)."""
        return ()

    def prepare(self) -> Any:
        raise NotImplementedError

    def compute(self, state, start: int, count: int):
        raise NotImplementedError


def guarded(job: Job, fn: Callable) -> Callable:
    """``fn`` as it is, or, when the job runs strategies not built in, ``fn`` whose errors
    other than trunfo's own are the one line docs/strategies.md promises: which strategy
    raised what (found in the traceback by its file), exit code 2 at the command line.
    (Strategies not built in run on this machine only: ``cluster_ready``.)"""
    user = job.user_strategies()
    if not user:
        return fn

    def call(*args):
        try:
            return fn(*args)
        except (TrunfoError, MemoryError):
            raise
        except Exception as e:
            raise TrunfoError(_policy_error(e, user)) from None
    return call


def _policy_error(e: Exception, user) -> str:
    files = {}
    for s in user:
        files.setdefault(os.path.realpath(s.origin), s)
    culprit = None
    tb = e.__traceback__
    while tb is not None:                   # the deepest frame in a strategy's file
        s = files.get(os.path.realpath(tb.tb_frame.f_code.co_filename))
        if s is not None:
            culprit = (s, tb.tb_lineno)
        tb = tb.tb_next
    text = str(e).strip().splitlines()
    what = f"{type(e).__name__}" + (f": {text[0]}" if text else "")
    if culprit is not None:
        s, line = culprit
        return f"strategy {s.name} ({s.origin}) raised {what} at line {line}; the run stopped"
    names = ", ".join(f"{s.name} ({s.origin})" for s in user)
    if isinstance(e, IndexError) and text == [OUT_OF_RANGE]:
        # numba's bounds check of a policy not built in (simcore.strategy.bounded): the
        # only code of the kernel that checks bounds, so one of these strategies did it
        who = (f"strategy {names}" if len(user) == 1
               else f"one of the strategies {names}")
        return (f"{who} read outside its view (an index out of an array's range, "
                f"IndexError: {OUT_OF_RANGE}); the run stopped")
    return f"a run with strategies not built in ({names}) stopped: {what}"


#: what numba's bounds check raises (``IndexError``)
OUT_OF_RANGE = "index is out of bounds"


#: jobs prepared in this process (a Dask worker keeps the last few)
_PREPARED: OrderedDict = OrderedDict()
_LOCK = threading.Lock()
_KEEP = 8


def prepared(job: Job):
    """The job's state in this process, prepared (compiled) once."""
    local = job.__dict__.get("local")
    if local is not None:
        return local
    key = job.key
    with _LOCK:                      # a second thread waits for the first one's compile
        state = _PREPARED.get(key)
        if state is None:
            state = job.prepare()
            _PREPARED[key] = state
            while len(_PREPARED) > _KEEP:
                _PREPARED.popitem(last=False)
        else:
            _PREPARED.move_to_end(key)
    return state


def run_piece(job: Job, start: int, count: int):
    """What one task runs: the job's result over ``start .. start+count-1`` (computed again
    if a stop of another run in the worker's process cut its kernels short:
    :func:`simcore.interrupt.computed`)."""
    return interrupt.computed(job.compute, prepared(job), start, count)


def warm(job: Job) -> float:
    """Prepare the job in this process; the seconds it took (a worker's warm-up task)."""
    t = time.perf_counter()
    prepared(job)
    return time.perf_counter() - t


class Backend:
    """Runs jobs.  ``threads`` is the parallelism (worker threads in all)."""

    name = "threads"
    threads = 1
    #: seconds it took to start the cluster (or reach it) and check its workers; None for
    #: local threads.  Not part of any run's ``seconds``: printed beside them.
    startup_seconds: float | None = None

    def warm_up(self, job: Job) -> float:
        raise NotImplementedError

    def run(self, job: Job, total: int, consume: Callable[[int, int, Any], None], *,
            first: int = 0, chunk: int = DEFAULT_CHUNK, progress=None,
            until: Callable[[], bool] | None = None) -> RunStatus:
        """Compute ``[first, first + total)`` and consume it in order; pieces never straddle
        a chunk boundary (``first + k * chunk``).  ``until()`` true (checked after each
        consumed piece) ends the run early, not counted as interrupted."""
        raise NotImplementedError

    def describe(self) -> dict:
        return {"backend": self.name, "threads": self.threads}

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class Threads(Backend):
    """Worker threads of this process (numba kernels release the GIL).  A job is prepared
    once per job object (not kept for later jobs, as Dask workers keep theirs): a later
    call sees the strategies and settings of its own time."""

    name = "threads"

    def __init__(self, threads: int):
        self.threads = threads

    def warm_up(self, job: Job) -> float:
        t = time.perf_counter()
        if "local" not in job.__dict__:
            job.__dict__["local"] = guarded(job, job.prepare)()
        return time.perf_counter() - t

    def run(self, job, total, consume, *, first=0, chunk=DEFAULT_CHUNK, progress=None,
            until=None):
        if "local" not in job.__dict__:
            job.__dict__["local"] = guarded(job, job.prepare)()
        state = job.__dict__["local"]
        compute = guarded(job, job.compute)
        return run_chunks(total, lambda s, c: compute(state, s, c), consume, first=first,
                          threads=self.threads, chunk=chunk, progress=progress, until=until)


# --- Dask ---------------------------------------------------------------------------------

CONNECT_SECONDS = 3          # to reach a scheduler, and for its first worker to appear


def _dask():
    try:
        import distributed
    except ImportError:   # pragma: no cover - a declared dependency
        raise TrunfoError("--cluster needs the 'distributed' package: "
                          "python3 -m pip install distributed") from None
    return distributed


def _quiet_logs() -> None:
    import logging
    for name in ("distributed", "distributed.worker", "distributed.scheduler",
                 "distributed.nanny", "distributed.core", "distributed.client",
                 "distributed.comm", "distributed.deploy", "tornado", "bokeh"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


_PROBE_SOURCE = '''
def probe():
    try:
        import simcore, strategies, experiments
        return {"version": simcore.__version__, "error": None}
    except BaseException as e:
        return {"version": None, "error": type(e).__name__ + ": " + str(e)}
'''


def _probe_function():
    """A function pickled by value (its module is not importable): it runs on workers that
    lack trunfo, and says so."""
    ns = {"__name__": "trunfo_cluster_probe"}
    exec(_PROBE_SOURCE, ns)
    return ns["probe"]


class DaskBackend(Backend):
    """A ``distributed`` cluster: ``"local:N"`` starts N worker processes on this machine
    (one thread each); ``"tcp://HOST:PORT"`` connects to a running scheduler."""

    name = "dask"

    def __init__(self, address, *, connect_seconds: float = CONNECT_SECONDS):
        t0 = time.perf_counter()
        self.cluster = self.client = None
        self.owns_client = True
        if not isinstance(address, str):           # a distributed.Client, used as it is
            self.client, self.owns_client, self.local = address, False, False
            self.address = str(getattr(address, "scheduler", None) and
                               address.scheduler.address)
            self._check_workers()
            self.startup_seconds = time.perf_counter() - t0
            return
        self.address = address
        self.local = address.startswith("local:")
        n = _check_address(address)
        distributed = _dask()
        _quiet_logs()
        try:
            if self.local:
                self.cluster = distributed.LocalCluster(
                    n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                    silence_logs=50, worker_dashboard_address=None)
                self.client = distributed.Client(self.cluster, timeout=connect_seconds)
            else:
                probe_scheduler(address, connect_seconds)
                self.client = distributed.Client(address, timeout=connect_seconds)
        except TrunfoError:
            raise
        except (OSError, TimeoutError) as e:
            self.close()
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise TrunfoError(f"cannot reach the dask scheduler at {address} within "
                              f"{connect_seconds:g} s ({reason[:160]}); start one with "
                              f"'dask scheduler' or use --cluster local:N") from None
        except ValueError as e:
            self.close()
            raise TrunfoError(f"--cluster {address}: {e}; give local:N or "
                              f"tcp://HOST:PORT") from None
        except RuntimeError as e:
            self.close()
            hint = (" (in a Python script, start it under if __name__ == '__main__':)"
                    if self.local else "")
            raise TrunfoError(f"could not start the dask cluster {address}: {e}{hint}") from None
        try:
            self.client.wait_for_workers(1, timeout=connect_seconds)
        except (OSError, TimeoutError):
            self.close()
            raise TrunfoError(f"the dask scheduler at {address} has no workers (waited "
                              f"{connect_seconds:g} s); start some with "
                              f"'dask worker {address}'") from None
        self._check_workers()
        self.startup_seconds = time.perf_counter() - t0

    def _workers(self) -> dict:
        return self.client.scheduler_info(n_workers=-1)["workers"] \
            if _accepts_n_workers(self.client) else self.client.scheduler_info()["workers"]

    @property
    def threads(self) -> int:
        """Worker threads in all (as last seen once the client is closed)."""
        if self.client is not None:
            self._threads = max(1, sum(w.get("nthreads", 1) for w in self._workers().values()))
        return getattr(self, "_threads", 1)

    @property
    def workers(self) -> int:
        if self.client is not None:
            self._nworkers = len(self._workers())
        return getattr(self, "_nworkers", 0)

    def _check_workers(self) -> None:
        from . import __version__
        answers = self.client.run(_probe_function())
        bad = {a: r["error"] for a, r in answers.items() if r["error"]}
        if bad:
            addr, err = next(iter(bad.items()))
            self.close()
            raise TrunfoError(f"{len(bad)} of {len(answers)} dask workers of {self.address} "
                              f"cannot import trunfo (e.g. {addr}: {err}); install trunfo "
                              f"on every worker machine")
        other = {a: r["version"] for a, r in answers.items() if r["version"] != __version__}
        if other:
            addr, v = next(iter(other.items()))
            self.close()
            raise TrunfoError(f"dask worker {addr} runs trunfo {v}, this is {__version__}; "
                              f"install the same version on every worker")

    def describe(self) -> dict:
        return {"backend": "dask", "cluster": self.address, "workers": self.workers,
                "threads": self.threads}

    def warm_up(self, job: Job) -> float:
        """Prepare the job on every worker (one task each): kernels compile once per worker
        process, not once per task.  On ``local:N`` this process compiles first, so that
        the workers load the kernels from the on-disk cache."""
        job.cluster_ready()
        t = time.perf_counter()
        if self.local:
            job.__dict__["local"] = prepared(job)
        job = _shipped(job)
        futs = [self.client.submit(warm, job, key=f"trunfo-warm-{job.key}-{i}", pure=False,
                                   workers=[addr], allow_other_workers=True)
                for i, addr in enumerate(self._workers())]
        try:
            self.client.gather(futs)
        except BaseException:
            self.client.cancel(futs)
            raise
        return time.perf_counter() - t

    def run(self, job, total, consume, *, first=0, chunk=DEFAULT_CHUNK, progress=None,
            until=None):
        job.cluster_ready()
        job = _shipped(job)
        status = RunStatus()
        t0 = time.perf_counter()
        chunk = max(1, int(chunk))
        end = first + total
        nxt = first
        window = 2 * self.threads + 2     # tasks in flight: every worker thread busy
        pending: deque = deque()
        tag = f"trunfo-{job.key}-{time.time_ns():x}"
        finished = 0        # units in tasks finished on the cluster, consumed or not
        counted = set()
        try:
            with StopSignals() as sig:
                while nxt < end or pending:
                    while nxt < end and len(pending) < window and not sig.stop:
                        count = min(first + ((nxt - first) // chunk + 1) * chunk, end) - nxt
                        fut = self.client.submit(run_piece, job, nxt, count, pure=False,
                                                 key=f"{tag}-{nxt}")
                        pending.append((nxt, count, fut))
                        nxt += count
                    if sig.stop:
                        break
                    start, count, fut = pending[0]
                    while not fut.done() and not sig.stop:
                        time.sleep(0.01)
                        if progress is not None:       # the cluster's progress, in any order
                            for s, c, f in pending:
                                if s not in counted and f.done():
                                    counted.add(s)
                                    finished += c
                            progress.update(finished)
                    if sig.stop:
                        break
                    result = fut.result()
                    pending.popleft()
                    consume(start, count, result)
                    status.done += count
                    if start in counted:
                        counted.discard(start)
                    else:
                        finished += count
                    if progress is not None:
                        progress.update(finished)
                    if until is not None and until():
                        break
                status.interrupted = sig.stop
                status.signum = sig.signum
        except KeyboardInterrupt:
            status.interrupted = True
        except Exception as e:
            raise _task_error(e, self.address) from None
        finally:
            if pending:
                self.client.cancel([f for _, _, f in pending])
            status.seconds = time.perf_counter() - t0
            if progress is not None:
                progress.close()
        return status

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None and not self.owns_client:
            self.client = None
        elif client is not None:
            try:
                client.close(timeout=2)
            except Exception:
                pass
            self.client = None
        if self.cluster is not None:
            try:
                self.cluster.close(timeout=5)
            except Exception:
                pass
            self.cluster = None


#: the largest first message a dask scheduler is taken to send (its handshake: a few hundred
#: bytes)
GREETING_MAX = 1 << 20
#: how long a server that did not greet is given to answer an HTTP request (to name it)
HTTP_SECONDS = 0.5


def probe_scheduler(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Refuse, in one line and within about ``seconds``, a ``tcp://`` address where no dask
    scheduler answers.  A scheduler writes its handshake as soon as it accepts a connection
    (``distributed.comm``: 8 bytes, the little-endian size of a small message, then the
    message), before it reads anything; ``distributed`` itself waits for that handshake
    with no time limit (a server that accepts and says nothing holds it until it closes the
    connection) and takes any first 8 bytes for a size (an HTTP server's reply to its
    handshake, ``HTTP/1.0``, asks for 3 EiB).  So the address is tried first with a plain
    socket: a server that sends nothing within ``seconds`` (an HTTP server waits for a
    request; it is then asked one, to say so), that closes, or that sends something else is
    not a scheduler.  A connection that times out raises ``TimeoutError``; one refused is
    left to ``distributed`` (it retries: a scheduler may be starting)."""
    import socket

    from distributed.comm.addressing import parse_address, parse_host_port
    try:
        scheme, loc = parse_address(address)
        host, port = parse_host_port(loc)
    except (ValueError, TypeError):
        return                                  # distributed names the problem
    if scheme != "tcp":
        return
    deadline = time.monotonic() + seconds
    try:
        sock = socket.create_connection((host, port), timeout=seconds)
    except TimeoutError:
        raise                                   # "cannot reach ... within" (DaskBackend)
    except OSError:
        return
    choices = "give local:N or the tcp://HOST:PORT of a running dask scheduler"
    first, closed = b"", False
    with sock:
        try:
            while len(first) < 8:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                sock.settimeout(left)
                got = sock.recv(8 - len(first))
                if not got:
                    closed = True
                    break
                first += got
        except TimeoutError:
            pass
        except OSError:
            closed = True
        if len(first) == 8 and 0 < int.from_bytes(first, "little") <= GREETING_MAX:
            return                              # a scheduler's greeting
        if not first and not closed and _answers_http(sock, host):
            raise TrunfoError(f"--cluster {address} is not a dask scheduler: it answers HTTP "
                              f"(a dashboard? a scheduler listens on port 8786 unless told "
                              f"otherwise); {choices}")
    if first:
        raise TrunfoError(f"--cluster {address} is not a dask scheduler: it began with "
                          f"{first[:8]!r}, not a dask handshake; {choices}")
    if closed:
        raise TrunfoError(f"--cluster {address} is not a dask scheduler: it closed the "
                          f"connection without a word; {choices}")
    raise TrunfoError(f"--cluster {address} did not answer within {seconds:g} s (a dask "
                      f"scheduler greets a connection at once); {choices}")


def _answers_http(sock, host: str) -> bool:
    """True if the server on ``sock``, silent so far, answers an HTTP request."""
    try:
        sock.settimeout(HTTP_SECONDS)
        sock.sendall(f"HEAD / HTTP/1.0\r\nHost: {host}\r\n\r\n".encode("ascii", "replace"))
        return sock.recv(5) == b"HTTP/"
    except OSError:
        return False


def _accepts_n_workers(client) -> bool:
    import inspect
    try:
        return "n_workers" in inspect.signature(client.scheduler_info).parameters
    except (TypeError, ValueError):
        return False


def _shipped(job: Job) -> Job:
    """The job as sent to workers: without the state prepared here."""
    if "local" not in job.__dict__:
        return job
    clone = object.__new__(type(job))
    clone.__dict__.update(job.fields())
    return clone


def _task_error(e: Exception, address: str) -> Exception:
    if isinstance(e, TrunfoError):
        return e
    name = type(e).__name__
    if name == "KilledWorker":
        return TrunfoError(f"a task failed on several dask workers of {address} in turn (they "
                           f"died running it); what finished is kept: continue with --resume")
    if isinstance(e, (OSError, TimeoutError)) or name in ("CommClosedError", "CancelledError"):
        return TrunfoError(f"lost the dask scheduler at {address} ({name}: "
                           f"{str(e).splitlines()[0] if str(e) else ''}); what finished is "
                           f"kept: continue with --resume")
    return e


def _check_address(address: str) -> int:
    """The worker processes of ``local:N`` (0 for a scheduler's address), or the one-line
    refusal of an address of no known form."""
    if address.startswith("local:"):
        return _local_workers(address)
    if not address.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://", "ucx://")):
        raise TrunfoError(f"--cluster {address}: give local:N or tcp://HOST:PORT "
                          f"(a running dask scheduler)")
    return 0


def _local_workers(address: str) -> int:
    text = address[len("local:"):]
    if not text.strip().isdigit():
        raise TrunfoError(f"--cluster {address}: local:N takes a number of worker processes, "
                          f"1 to {limits.MAX_THREADS}")
    n = int(text)
    if not 1 <= n <= limits.MAX_THREADS:
        raise TrunfoError(f"--cluster {address}: local:N takes 1 to {limits.MAX_THREADS} "
                          f"worker processes")
    return n


def _is_client(cluster) -> bool:
    return hasattr(cluster, "submit") and hasattr(cluster, "scheduler_info")


def check_cluster(cluster=None, threads: int | None = None) -> None:
    """Refuse, in one line, what :func:`backend` would refuse, without starting or reaching
    anything: a bad thread count, an address of no known form, threads with a cluster."""
    if isinstance(cluster, Backend):
        return
    if _is_client(cluster):
        if threads is not None:
            raise TrunfoError("threads and cluster exclude each other")
        return
    if cluster is None:
        limits.check_threads(threads)
        return
    if not isinstance(cluster, str):
        raise TrunfoError(f"cluster must be 'local:N' or 'tcp://HOST:PORT', not {cluster!r}")
    if threads is not None:
        raise TrunfoError("--threads and --cluster exclude each other: a cluster's workers "
                          "choose their own threads")
    _check_address(cluster)


def backend(cluster=None, threads: int | None = None) -> Backend:
    """The backend of ``cluster`` (None: local threads; ``"local:N"``; ``"tcp://HOST:PORT"``;
    a ``distributed.Client``, used and left open; or a Backend, returned as it is)."""
    check_cluster(cluster, threads)
    if isinstance(cluster, Backend):
        return cluster
    if cluster is None:
        return Threads(limits.check_threads(threads))
    return DaskBackend(cluster)


class using:
    """``with using(cluster, threads) as ex``: the backend of ``cluster=`` (see
    :func:`backend`), closed at the end when it was made here (a backend or a
    ``distributed.Client`` given by the caller is left open)."""

    def __init__(self, cluster=None, threads: int | None = None):
        self.owned = not isinstance(cluster, Backend)
        self.ex = backend(cluster, threads)

    def __enter__(self) -> Backend:
        return self.ex

    def __exit__(self, *exc):
        if self.owned:
            self.ex.close()
        return False


def notice(text: str, stream=None) -> None:
    (stream or sys.stderr).write(text + "\n")
