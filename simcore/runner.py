"""The parallel batch runner: chunks of indices, worker threads, in-order results.

Kernels release the GIL, so plain threads run them in parallel.  Work is cut
into pieces of consecutive indices; ``work(start, count)`` runs in a worker
thread and ``consume(start, count, result)`` in the calling thread, always in
index order, so whatever the thread count, chunk or piece size the consumer
sees the same sequence of results.  Pieces are kept short (about 0.1 s), so
Ctrl-C or SIGTERM stops a run within a fraction of a second: pieces already
consumed stay consumed, and the run reports how far it got.

A piece that takes longer (one ``pimc`` decision can take seconds) is stopped inside its
kernel: the calling thread only waits for pieces, so it sees the signal at once, raises
the stop flag the long searches poll (:mod:`simcore.interrupt`) and gives the running
pieces :data:`STOP_GRACE` seconds to return, a second signal none; a piece still running
then (a user's policy in an endless loop) is left behind, its result never used.
"""
from __future__ import annotations

import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from dataclasses import dataclass
from typing import Callable

from . import interrupt
from ._jit import set_compile_notice
from .limits import default_threads

DEFAULT_CHUNK = 1 << 16


@dataclass
class RunStatus:
    done: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    signum: int | None = None      # the signal that stopped the run


def in_notebook() -> bool:
    """True inside a Jupyter (IPython kernel) session: stderr is no terminal there, but
    a progress bar shows as a widget."""
    return "ipykernel" in sys.modules


class Progress:
    """A progress bar: done/total, rate and time left.

    Shown only when ``enabled`` (by default: stderr is a terminal, or the code runs in a
    Jupyter notebook) and once the run has lasted ``delay`` seconds, so short runs stay
    quiet.  On a terminal it is one line on stderr; in a notebook (or with
    ``style="tqdm"``) it is a ``tqdm.auto`` bar, a widget in Jupyter.
    """

    def __init__(self, total: int, unit: str = "deals", enabled: bool | None = None,
                 delay: float = 1.0, stream=None, style: str | None = None):
        self.total = total
        self.unit = unit
        self.stream = stream or sys.stderr
        notebook = in_notebook()
        self.enabled = (self.stream.isatty() or notebook) if enabled is None else enabled
        self.style = style or ("tqdm" if notebook else "line")
        self.delay = delay
        self.t0 = time.perf_counter()
        self.shown = False
        self.last = 0.0
        self.bar = None

    def _tqdm(self, done: int) -> None:
        if self.bar is None:
            from tqdm.auto import tqdm
            self.bar = tqdm(total=self.total, unit=" " + self.unit, unit_scale=True,
                            file=self.stream, initial=0, dynamic_ncols=True)
            self.shown = True
        self.bar.update(done - self.bar.n)

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        el = now - self.t0
        if el < self.delay or (now - self.last < 0.2 and done < self.total):
            return
        self.last = now
        if self.style == "tqdm":
            self._tqdm(done)
            return
        rate = done / el if el > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else float("inf")
        frac = done / self.total if self.total else 1.0
        bar = "#" * int(frac * 30)
        self.stream.write(f"\r[{bar:<30}] {done:,}/{self.total:,} {self.unit} "
                          f"{rate:,.0f}/s {_fmt_time(left)} left ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
            return
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _fmt_time(s: float) -> str:
    if s == float("inf"):
        return "--:--"
    s = int(s + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60:02d}:{s % 60:02d}"


class CompileNotice:
    """While kernels compile, say so on stderr, with the elapsed time.

    ``begin()`` when numba starts compiling (a load from the on-disk cache does not
    count), ``end()`` when it is done.  Nothing is shown for the first ``delay`` seconds;
    then one line "compiling <label> kernels (cached afterwards)", updated in place on a
    terminal, and a last line with the time it took."""

    delay = 0.5
    enabled = True

    def __init__(self, label: str, cached: bool = True, stream=None):
        self.label = label
        self.note = "cached afterwards" if cached else \
            "your strategies are compiled once per run, not cached"
        self.stream = stream or sys.stderr
        self.done = threading.Event()
        self.shown = False
        self.thread = None

    def _run(self) -> None:
        if self.done.wait(self.delay):
            return
        tty = self.stream.isatty()
        self.shown = True
        text = f"compiling {self.label} kernels ({self.note})"
        self.stream.write(text + ("" if tty else "...\n"))
        self.stream.flush()
        while tty and not self.done.wait(0.5):
            self.stream.write(f"\r{text}: {time.perf_counter() - self.t0:.0f} s ")
            self.stream.flush()

    def begin(self) -> None:
        self.t0 = time.perf_counter()
        if self.enabled and self.thread is None:
            self.thread = threading.Thread(target=self._run, daemon=True)
            self.thread.start()

    def end(self) -> None:
        if self.thread is None:
            return
        self.done.set()
        self.thread.join()
        if self.shown:
            took = time.perf_counter() - self.t0
            tty = self.stream.isatty()
            self.stream.write(f"{chr(13) if tty else ''}compiled {self.label} kernels in "
                              f"{took:.1f} s ({self.note})  \n")
            self.stream.flush()


set_compile_notice(CompileNotice)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


#: seconds the pieces running when a run is stopped have to return (the searches that poll
#: the stop flag return within milliseconds); a second Ctrl-C gives them none
STOP_GRACE = 0.5
#: how often a thread waiting for a piece looks at the stop flag and the progress bar
WAIT_STEP = 0.05


class StopSignals:
    """Turns Ctrl-C (SIGINT) and SIGTERM into a flag checked between pieces of work, so
    that a piece is never half consumed (written but not counted); restores the previous
    handlers on exit.  ``signals`` counts them (a second one: stop waiting for the kernels
    at once).  Outside the main thread (where Python cannot set handlers) it does nothing
    and ``stop`` stays false."""

    def __init__(self):
        self.stop = False
        self.signum: int | None = None
        self.signals = 0
        self.previous: dict = {}

    def stopping(self) -> bool:
        return self.stop

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for sig in STOP_SIGNALS:
                previous = signal.getsignal(sig)
                if previous == signal.SIG_IGN:     # e.g. SIGINT of a background job
                    continue
                self.previous[sig] = previous
                signal.signal(sig, self._handler)
        return self

    def _handler(self, signum, frame):
        self.stop = True
        self.signum = signum
        self.signals += 1

    def stop_kernels(self, running: Callable[[float], bool]) -> bool:
        """After a stop: raise the kernels' stop flag (:mod:`simcore.interrupt`) and wait
        until ``running(timeout)`` (waits up to ``timeout`` s) says no work is running, for
        at most :data:`STOP_GRACE` seconds or until a second signal; lower the flag.  True
        when the work returned, False when it is left behind."""
        interrupt.request()
        try:
            deadline = time.monotonic() + STOP_GRACE
            while self.signals < 2:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                if not running(min(left, WAIT_STEP)):
                    return True
            return False
        finally:
            interrupt.clear()

    def __exit__(self, *exc):
        for sig, handler in self.previous.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
        return False


#: first piece of work, in indices; later pieces adapt to take about PIECE_SECONDS
FIRST_PIECE = 16
PIECE_SECONDS = 0.1


def run_chunks(total: int, work: Callable[[int, int], object],
               consume: Callable[[int, int, object], None], *, first: int = 0,
               threads: int | None = None, chunk: int = DEFAULT_CHUNK,
               progress: Progress | None = None,
               piece_seconds: float = PIECE_SECONDS,
               until: Callable[[], bool] | None = None) -> RunStatus:
    """Run ``work`` over ``[first, first + total)`` in pieces; consume them in order.

    Pieces hold at most ``chunk`` indices and never straddle a chunk boundary
    (``first + k * chunk``), so a caller can rebuild whole chunks from them.  Their size
    adapts to take about ``piece_seconds`` each (the first ones hold ``FIRST_PIECE``
    indices): a stop request is honoured within about that time whatever one index
    costs, and results never depend on the piece sizes.

    Ctrl-C (SIGINT) or SIGTERM stops the run after the piece being consumed: every piece
    is either consumed and counted, or not consumed at all.  ``until()`` true after a
    piece is consumed ends the run there (e.g. a decided SPRT), not counted as interrupted.
    """
    threads = threads or default_threads()
    chunk = max(1, int(chunk))
    status = RunStatus()
    t0 = time.perf_counter()
    pending: deque = deque()
    nxt = first
    end = first + total
    size = min(FIRST_PIECE, chunk)

    sig = StopSignals()

    def timed(start, count):
        t = time.perf_counter()
        # a piece whose kernels another run's stop may have cut short is computed again
        result = interrupt.computed(work, start, count, stopping=sig.stopping)
        return result, time.perf_counter() - t

    ex = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="trunfo")
    left_behind = False
    try:
        with sig:
            while nxt < end or pending:
                while nxt < end and len(pending) < 2 * threads and not sig.stop:
                    boundary = first + ((nxt - first) // chunk + 1) * chunk
                    count = min(size, boundary - nxt, end - nxt)
                    pending.append((nxt, count, ex.submit(timed, nxt, count)))
                    nxt += count
                if sig.stop:
                    break
                start, count, fut = pending[0]
                while not sig.stop:       # waits in short steps: a signal is seen at once
                    if wait_futures([fut], timeout=WAIT_STEP).done:
                        break
                    if progress is not None:
                        progress.update(status.done)
                if sig.stop:          # arrived while waiting: this piece is not consumed
                    break
                pending.popleft()
                result, seconds = fut.result()
                consume(start, count, result)
                status.done += count
                if seconds > 0:
                    size = max(1, min(chunk, 4 * count, int(piece_seconds * count / seconds)))
                else:
                    size = min(chunk, 4 * count)
                if progress is not None:
                    progress.update(status.done)
                if until is not None and until():
                    break
            status.interrupted = sig.stop
            status.signum = sig.signum
            if sig.stop:
                for _, _, fut in pending:
                    fut.cancel()
                running = [fut for _, _, fut in pending if not fut.done()]
                left_behind = not sig.stop_kernels(
                    lambda t: bool(wait_futures(running, timeout=t).not_done))
    except KeyboardInterrupt:  # raised by a handler we did not own (not the main thread)
        status.interrupted = True
    finally:
        for _, _, fut in pending:
            fut.cancel()
        ex.shutdown(wait=not left_behind, cancel_futures=True)
        status.seconds = time.perf_counter() - t0
        if progress is not None:
            progress.close()
    return status


def interruptible(fn: Callable, *args):
    """``fn(*args)``, a long kernel call (e.g. a whole deal solved double dummy), run in a
    worker thread while the calling thread waits: Ctrl-C or SIGTERM raises
    ``KeyboardInterrupt`` within a fraction of a second, the kernels stopped by their flag
    (:mod:`simcore.interrupt`) or, if they do not return within :data:`STOP_GRACE` seconds,
    left behind.  Outside the main thread (no signal reaches it) simply ``fn(*args)``."""
    if threading.current_thread() is not threading.main_thread():
        return fn(*args)
    sig = StopSignals()
    box: dict = {}

    def target():
        try:
            box["result"] = interrupt.computed(fn, *args, stopping=sig.stopping)
        except BaseException as e:          # handed to the waiting thread
            box["error"] = e

    worker = threading.Thread(target=target, name="trunfo-call", daemon=True)
    with sig:
        worker.start()
        while worker.is_alive() and not sig.stop:
            worker.join(WAIT_STEP)
        if sig.stop:
            sig.stop_kernels(lambda t: (worker.join(t), worker.is_alive())[1])
            raise KeyboardInterrupt
    if "error" in box:
        raise box.pop("error")
    return box["result"]
