"""Brisca rematada throughput: whole deals/s (auction, exchange, 10 tricks, scoring) under
random and greedy play, both bidding by the hand evaluation, on 1 and 2 threads.

    python3 benchmarks/bench_brisca_rematada.py [--deals N] [--repeats R] [--threads 1,2]
                                                [--rule key=value ...] [--json]

The JIT compile time (cold: empty numba cache, in a fresh process; warm: cache on disk) is
measured separately and never counted in the rates.  Each rate is given by wall time and by
the process's CPU time (all threads together): on a machine shared with other jobs the wall
rate also counts the time spent waiting for a core, the CPU rate does not.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from common import compile_time

GAME = "brisca_rematada"


def rate(strategy: str, deals: int, threads: int, repeats: int, rules: dict):
    """Median deals/s over ``repeats`` runs: by wall time, and by CPU time."""
    import simcore
    wall, cpu = [], []
    for _ in range(repeats):
        t = time.process_time()
        r = simcore.simulate(GAME, deals=deals, seed=1, rules=rules, strategies=(strategy,),
                             threads=threads, progress=False)
        cpu_s = time.process_time() - t - r.compile_seconds   # cache load is near 0 here
        wall.append(r.per_second)
        cpu.append(deals / cpu_s if cpu_s > 0 else float("nan"))
    return statistics.median(wall), statistics.median(cpu)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=2_000_000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option for the timed runs (repeatable)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rules = dict(r.split("=", 1) for r in args.rule)
    threads = [int(x) for x in args.threads.split(",")]

    result = {"compile_seconds_cold": compile_time(GAME, True),
              "compile_seconds_warm": compile_time(GAME, False),
              "deals": args.deals, "rules": rules, "deals_per_second": {},
              "deals_per_cpu_second": {}}
    import simcore
    t = time.perf_counter()
    for s in ("random", "greedy"):        # warm the kernels (cache load) before timing
        simcore.simulate(GAME, deals=10, strategies=(s,), threads=1, progress=False)
    result["warm_load_seconds"] = time.perf_counter() - t
    for s in ("random", "greedy"):
        for n in threads:
            key = f"{s}/{n}"
            result["deals_per_second"][key], result["deals_per_cpu_second"][key] = rate(
                s, args.deals, n, args.repeats, rules)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{GAME}, {args.deals:,} deals x {args.repeats} (median)"
          + "".join(f", {k}={v}" for k, v in rules.items()))
    print(f"  compile: cold {result['compile_seconds_cold']:.2f} s, "
          f"warm (cache load) {result['compile_seconds_warm']:.2f} s")
    print(f"  {'play/threads':<14}{'deals/s (wall)':>16}{'deals/CPU-s':>16}")
    for key, v in result["deals_per_second"].items():
        print(f"  {key:<14}{v:>16,.0f}{result['deals_per_cpu_second'][key]:>16,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
