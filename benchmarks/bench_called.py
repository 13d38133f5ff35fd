"""Throughput of the five-player called-card games (shared by bench_sueca_italiana.py and
bench_briscola_chiamata.py).

Deals/s (median of R runs, JIT compile excluded) for random and greedy play with the
bidding strategies, on one thread and on two; the CPU time per deal of one thread (what the
deals cost, whatever else the machine runs); the rate by CPU time on one and two threads
(what the run gives when each thread has a core: see ``rate``); and the compile time of one command in a fresh
process, cold (empty numba cache) and warm (cache on disk), wall and CPU.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

_COMPILE = """
import time, simcore
w, c = time.perf_counter(), time.process_time()
simcore.simulate({game!r}, deals=1, seed=1, threads=1, progress=False,
                 strategies=({strategy!r},), **{extra})
print(time.perf_counter() - w, time.process_time() - c)
"""


def compile_seconds(game: str, strategy: str, cold: bool, matches: bool = False):
    """(wall, CPU) seconds of the first simulate call in a fresh process."""
    extra = "{}"
    code = _COMPILE.format(game=game, strategy=strategy, extra=extra)
    if matches:
        code = code.replace("simcore.simulate(", "simcore.simulate_rubbers(").replace(
            "deals=1", "rubbers=1")
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if cold:
            env["NUMBA_CACHE_DIR"] = tmp
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)       # every thread of this process
    return r.ru_utime + r.ru_stime


def rate(game: str, strategy: str, deals: int, threads: int, repeats: int):
    """``(wall rate, CPU rate, main thread's CPU share)``, medians over ``repeats`` runs of
    ``simcore.simulate``.  The CPU rate is ``deals / max(main, cpu / threads)``: ``cpu`` the
    CPU seconds of every thread of the process during the run (getrusage), ``main`` those of
    the calling thread (which gathers the results while the workers play): the wall time
    the run takes when each of its threads has a core to itself, whatever else the machine
    runs (the work is cut into small pieces shared out as they finish, so the workers'
    loads are even)."""
    import simcore
    simcore.simulate(game, deals=1000, seed=1, strategies=(strategy,), threads=threads,
                     progress=False)                     # compile or load the kernels
    walls, cpus, mains = [], [], []
    for _ in range(repeats):
        c, m = _cpu(), time.thread_time()
        r = simcore.simulate(game, deals=deals, seed=1, strategies=(strategy,),
                             threads=threads, progress=False)
        cpu, main = _cpu() - c, time.thread_time() - m
        walls.append(r.per_second)
        cpus.append(deals / max(main, cpu / threads))
        mains.append(main / cpu)
    return statistics.median(walls), statistics.median(cpus), statistics.median(mains)


def cpu_per_deal(game: str, strategy: str, deals: int, repeats: int) -> float:
    """Nanoseconds of CPU per deal on one thread (min over repeats)."""
    import numpy as np
    from simcore.games import get_game
    g = get_game(game)
    setup = g.setup({}, (strategy,))
    out = np.empty(deals, g.record_dtype)
    g.run_chunk(setup, 1, 0, 10)
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        g.run_chunk(setup, 1, 0, deals, out)
        best = min(best, time.process_time() - t)
    return 1e9 * best / deals


def main(game: str, title: str) -> int:
    ap = argparse.ArgumentParser(description=f"{title} throughput")
    ap.add_argument("--deals", type=int, default=2_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-compile", action="store_true",
                    help="skip the compile-time measurements (minutes on a busy machine)")
    args = ap.parse_args()
    from simcore.bits import HAS_BMI2
    res = {"game": game, "deals": args.deals, "repeats": args.repeats, "bmi2": HAS_BMI2,
           "compile": {}, "rates": {}, "cpu_rates": {}, "main_share": {},
           "cpu_ns_per_deal": {}}
    for what, strategy, matches in (("simulate random", "random", False),
                                    ("simulate greedy", "greedy", False),
                                    ("matches random", "random", True)):
        if args.no_compile:
            break
        cw, cc = compile_seconds(game, strategy, True, matches)
        compile_seconds(game, strategy, False, matches)      # fills the cache on disk
        ww, wc = compile_seconds(game, strategy, False, matches)
        res["compile"][what] = {"cold_wall": cw, "cold_cpu": cc, "warm_wall": ww,
                                "warm_cpu": wc}
    for strategy in ("random", "greedy"):
        res["cpu_ns_per_deal"][strategy] = cpu_per_deal(game, strategy,
                                                        min(args.deals, 500_000), args.repeats)
        for threads in (1, 2):
            w, c, m = rate(game, strategy, args.deals, threads, args.repeats)
            res["rates"][f"{strategy}/{threads}"] = w
            res["cpu_rates"][f"{strategy}/{threads}"] = c
            res["main_share"][f"{strategy}/{threads}"] = m
    load = os.getloadavg()[0]
    res["load_average"] = load
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"{title}, {args.deals:,} deals, median of {args.repeats}; BMI2: {HAS_BMI2}; "
          f"load average {load:.1f} on {os.cpu_count()} cores")
    print("JIT compile of one command (fresh process)     cold wall  cold CPU  warm wall")
    for what, c in res["compile"].items():
        print(f"  {what:<44}{c['cold_wall']:>8.1f} s{c['cold_cpu']:>8.1f} s{c['warm_wall']:>9.2f} s")
    print("play/threads    deals/s (wall)  deals/s (CPU time)  main thread  "
          "kernel CPU per deal")
    for key, r in res["rates"].items():
        strategy = key.split("/")[0]
        cpu = res["cpu_ns_per_deal"][strategy]
        print(f"  {key:<12}{r:>14,.0f}{res['cpu_rates'][key]:>20,.0f}"
              f"{100 * res['main_share'][key]:>12.1f}%  {cpu:>6.0f} ns")
    return 0
