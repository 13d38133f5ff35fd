"""Ctrl-C stops a run cleanly and keeps what finished, also inside a long kernel call."""
import json
import os
import signal
import threading
import time

import numpy as np
import pyarrow.parquet as pq

import simcore
from simcore import facade
from experiments.cli import main
from procs import Proc
from simcore import interrupt
from simcore.games import get_game, solver_of
from simcore.solver import api


def test_ctrl_c_keeps_finished_deals_on_disk(tmp_path):
    path = tmp_path / "deals.parquet"
    proc = Proc(["simulate", "sueca", "-n", "2000000000", "--seed", "4", "--threads", "1",
                 "--progress", "--out", path])
    proc.wait_for(" left")                                # under way
    time.sleep(1.0)
    proc.stop(signal.SIGINT)
    out, err = proc.stdout, proc.stderr
    assert proc.p.returncode == 130, err
    assert "Traceback" not in err
    assert "interrupted" in out
    df = pq.read_table(path).to_pandas()
    assert len(df) > 0
    assert (df["deal"].to_numpy() == range(len(df))).all()
    reported = int(out.split(" deals in ")[0].splitlines()[-1].replace(",", ""))
    assert reported == len(df)
    meta = simcore.read_metadata(str(path))           # says what it holds, not what was asked
    assert meta["deals"] == len(df) and meta["requested"] == 2_000_000_000
    assert meta["interrupted"] is True


# --- inside a long kernel call ----------------------------------------------------------------
# The searches poll a stop flag (simcore.interrupt); the command waits for its kernels in
# short steps, raises the flag on Ctrl-C and gives them half a second, a second Ctrl-C none.

def _brisca4_opening(tmp_path):
    """A record of a four-player Brisca deal, and its opening position: a whole deal of it
    takes the solver minutes (docs/solver.md)."""
    path = tmp_path / "brisca4.jsonl"
    assert main(["records", "brisca", "--players", "4", "-n", "1", "--seed", "5",
                 "--out", str(path)]) == 0
    rec = json.loads(path.read_text().splitlines()[0])
    return path, api.position_from_record(solver_of(get_game("brisca")), rec)


def _warm(pos):
    """Compile or load the kernels of ``trunfo solve`` on a position of one trick."""
    small = api.Position(pos.config, [int(h) & -int(h) for h in pos.hands], pos.trump,
                         pos.leader)
    api.solve(small)
    api.best_line(small)


def test_the_solver_returns_at_once_while_a_stop_is_requested(tmp_path):
    _, pos = _brisca4_opening(tmp_path)
    _warm(pos)
    interrupt.request()
    try:
        t = time.perf_counter()
        api.solve(pos)
        api.best_line(pos)                  # ends though no card keeps its (unsolved) par
        seconds = time.perf_counter() - t
    finally:
        interrupt.clear()
    assert seconds < 1.0


def test_a_piece_cut_short_by_another_runs_stop_is_computed_again():
    calls = []

    def piece():
        calls.append(len(calls))
        if len(calls) == 1:                 # another run is stopped while this piece runs
            interrupt.request()
            threading.Timer(0.1, interrupt.clear).start()
            return "cut short"
        return "whole"
    assert interrupt.computed(piece) == "whole" and calls == [0, 1]
    interrupt.request()                     # the run's own stop: nothing to use
    try:
        assert interrupt.computed(piece, stopping=lambda: True) is None
    finally:
        interrupt.clear()


def _stopped_at_once(proc, *signals):
    """Send ``signals`` (a tenth of a second apart); the seconds until the process ended."""
    t = time.monotonic()
    for sig in signals[:-1]:
        proc.p.send_signal(sig)
        time.sleep(0.1)
    proc.stop(signals[-1])
    return time.monotonic() - t


def test_ctrl_c_stops_a_long_pimc_decision(capsys, monkeypatch):
    """One decision of pimc(samples=4096, depth=0) takes minutes; Ctrl-C a second into it
    stops the command within a second (2 s allowed on a loaded machine), as any other.  The
    pieces of this simulate run the pimc kernel tests/test_pimc_sueca.py compiles (given
    decks): a kernel of its own would cost the suite about 50 s of CPU to compile."""
    from test_pimc_sueca import _run as pimc_deals
    decks = np.random.default_rng(1).permutation(40)[None, :]
    pimc_deals(decks, 0, ("pimc(samples=1,depth=1)", "random") * 2)   # compiled or loaded
    started = threading.Event()
    sent = []

    def long_piece(self, state, start, count):
        started.set()
        return pimc_deals(decks, 0, ("pimc(samples=4096,depth=0)", "random") * 2)

    def ctrl_c():
        if started.wait(300):
            time.sleep(1.0)
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)
    monkeypatch.setattr(facade.DealsJob, "compute", long_piece)
    threading.Thread(target=ctrl_c, daemon=True).start()
    code = main(["simulate", "sueca", "-n", "4", "--seed", "1", "--threads", "1"])
    seconds = time.monotonic() - sent[0]
    out, err = capsys.readouterr()
    assert code == 130, err
    assert "interrupted: 0 of 4 deals finished" in out
    assert seconds < 2.0


def test_ctrl_c_stops_a_whole_deal_solve(tmp_path):
    path, pos = _brisca4_opening(tmp_path)
    _warm(pos)                              # so that Ctrl-C comes in the search
    proc = Proc(["solve", "brisca", "--record", path])
    proc.wait_for("solving deal 0 double dummy")
    time.sleep(0.5)
    seconds = _stopped_at_once(proc, signal.SIGINT)
    assert proc.p.returncode == 130, proc.stderr
    assert proc.stderr.splitlines()[-1] == "trunfo: interrupted" and proc.stdout == ""
    assert seconds < 2.0


FOREVER = """from numpy import uint64
from simcore.bits import ctz
from simcore.strategy import strategy


@strategy("sueca", view="none")
def forever(v, legal, u, p):
    '''plays its lowest card, but now and then thinks for ever'''
    if u % uint64(4096) == uint64(17):
        k = 0
        while k < 10:
            k = (k + 1) % 5
    return ctz(legal)
"""


def test_a_policy_that_never_returns_is_stopped_by_a_second_ctrl_c(tmp_path):
    """The deals before the one that never ends are kept, as after any Ctrl-C."""
    f = tmp_path / "forever.py"
    f.write_text(FOREVER)
    path = tmp_path / "deals.parquet"
    proc = Proc(["simulate", "sueca", "-n", "100000", "--seed", "3", "--threads", "1",
                 "--strategy-file", f, "--seats", "forever,random,random,random",
                 "--progress", "--out", path])
    proc.wait_for(" left")
    time.sleep(0.5)
    seconds = _stopped_at_once(proc, signal.SIGINT, signal.SIGINT)
    out, err = proc.stdout, proc.stderr
    assert proc.p.returncode == 130, err
    assert "Traceback" not in err
    reported = int(out.split(" deals in ")[0].splitlines()[-1].replace(",", ""))
    assert 0 < reported < 100_000
    df = pq.read_table(path).to_pandas()
    assert (df["deal"].to_numpy() == range(reported)).all()
    assert seconds < 2.0
