"""Double-dummy solver speed: full deals from the opening lead, one thread, and the batch
on two threads.

    python3 benchmarks/bench_solver.py [--games sueca,spades,brisca2,brisca4,brisca6]
                                       [--deals N] [--seed S] [--slowest K]

For every game: the solve time of each of N random deals (as the simulator deals them,
random strategy, seed S) on one thread, in CPU time of that thread — median, 90th and 99th percentile, max — then the
same deals as one batch on two threads (deals per second), and the compile (or cache
load) time apart.  Deal counts default to what this machine solves in minutes (stated in
the output); Brisca with 4 and 6 players is timed on positions with 7 and 5 tricks left.
``--slowest K`` lists the K slowest deals (index, time): the ones to study.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from simcore.games import get_game  # noqa: E402
from simcore.solver import nb  # noqa: E402
from simcore.solver import par as P  # noqa: E402
from simcore.solver.api import workspace  # noqa: E402

GAMES = {"sueca": ("sueca", 4), "spades": ("spades", 4), "brisca2": ("brisca", 2),
         "brisca4": ("brisca", 4), "brisca6": ("brisca", 6)}
DEFAULT_DEALS = {"sueca": 20, "spades": 10, "brisca2": 50, "brisca4": 20, "brisca6": 20}
#: tricks left in the positions solved: whole deals, except Brisca with 4 and 6 players,
#: whose whole deals this solver does not finish in minutes (see docs/solver.md)
DEFAULT_TRICKS = {"brisca4": 7, "brisca6": 5}


def bench(key: str, deals: int, seed: int, tricks: int | None = None,
          threads: bool = True, tt_bits: int = 20) -> dict:
    name, players = GAMES[key]
    g = get_game(name)
    setup = g.setup(None, ("random",), players=players)
    ws = workspace(tt_bits)
    t = time.perf_counter()
    P.warm_up(g, setup)
    initial = g.initial_positions(setup, seed, 0, deals)
    hands, pos, cfgs, tab = P.positions(g, setup, initial)
    if tricks is not None:
        # the dealt hands with only the last (tricks - 3) * players cards of the stock still
        # to draw: a Brisca position with `tricks` tricks left
        keep = (tricks - 3) * players
        stock = initial["stock"][:, initial["stock"].shape[1] - keep:]
        pos[:, P.E.P_NSTOCK] = keep
        pos[:, P.E.P_STOCK:P.E.P_STOCK + keep] = stock
    one = np.zeros(1, np.int64)
    nb.solve_batch(hands[:0], pos[:0], cfgs[:0], tab, ws, one[:0])
    compile_s = time.perf_counter() - t
    times = np.zeros(deals)
    values = np.zeros(deals, np.int64)
    for i in range(deals):
        t = time.thread_time()        # CPU time of this thread: the machine is shared
        nb.solve_batch(hands[i:i + 1], pos[i:i + 1], cfgs[i:i + 1], tab, ws, one)
        times[i] = time.thread_time() - t
        values[i] = one[0]
    # the batch on two threads: alternate deals, a workspace per thread
    out = values.copy()
    if not threads:
        return {"game": key, "deals": deals, "compile": compile_s, "tricks": tricks,
                "median": np.median(times), "p90": np.percentile(times, 90),
                "p99": np.percentile(times, 99), "max": times.max(), "total1": times.sum(),
                "per_s2": float("nan"), "mean_par": values.mean(), "times": times}
    out = np.zeros(deals, np.int64)
    wss = [ws, workspace(tt_bits)]

    def run(k):
        for i in range(k, deals, 2):
            nb.solve_batch(hands[i:i + 1], pos[i:i + 1], cfgs[i:i + 1], tab, wss[k],
                           out[i:i + 1])

    t = time.perf_counter()
    with ThreadPoolExecutor(2) as ex:
        list(ex.map(run, range(2)))
    wall2 = time.perf_counter() - t
    assert (out == values).all(), "two threads gave other values"
    return {"game": key, "deals": deals, "compile": compile_s, "tricks": tricks,
            "median": np.median(times), "p90": np.percentile(times, 90),
            "p99": np.percentile(times, 99), "max": times.max(), "total1": times.sum(),
            "per_s2": deals / wall2, "mean_par": values.mean(), "times": times}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--deals", type=int, default=None, help="deals per game (default: per game)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-threads", action="store_true", help="skip the two-thread batch")
    ap.add_argument("--tt-bits", type=int, default=20, help="table of 2**N entries (default 20)")
    ap.add_argument("--slowest", type=int, default=0,
                    help="also list the K slowest deals of each game (their index and time)")
    a = ap.parse_args(argv)
    print(f"double-dummy solver, full deals from the opening lead, seed {a.seed}; "
          f"CPU times per deal on one thread")
    print(f"{'game':<9}{'tricks':>7}{'deals':>6}{'median':>11}{'p90':>11}{'p99':>11}{'max':>11}"
          f"{'2 threads':>14}{'mean par0':>11}{'compile':>9}")
    for key in a.games.split(","):
        r = bench(key, a.deals or DEFAULT_DEALS[key], a.seed, DEFAULT_TRICKS.get(key),
                  not a.no_threads, a.tt_bits)
        ms = lambda x: f"{1000 * x:,.1f} ms" if x < 1 else f"{x:,.2f} s"  # noqa: E731
        left = "all" if r["tricks"] is None else r["tricks"]
        print(f"{key:<9}{left:>7}{r['deals']:>6}{ms(r['median']):>11}{ms(r['p90']):>11}"
              f"{ms(r['p99']):>11}{ms(r['max']):>11}{r['per_s2']:>9,.2f} /s  "
              f"{r['mean_par']:>9.2f}{r['compile']:>8.1f}s", flush=True)
        if a.slowest > 0:
            order = np.argsort(-r["times"])[:a.slowest]
            print("  slowest: " + ", ".join(f"deal {i} {ms(r['times'][i])}" for i in order))
    return 0


if __name__ == "__main__":
    sys.exit(main())
