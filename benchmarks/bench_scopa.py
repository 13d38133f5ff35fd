"""Scopa throughput: deals/s for 2, 3 and 4 players under random and greedy play.

    python3 benchmarks/bench_scopa.py [--deals N] [--repeats R] [--threads T]
                                      [--rule key=value ...] [--json]

One thread by default; the JIT compile time (cold: empty numba cache, in a fresh process;
warm: cache on disk) is measured separately and never counted in the rates.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from common import compile_time


def rate(players: int, strategy: str, deals: int, threads: int, repeats: int, rules: dict):
    """Median deals/s over ``repeats`` runs: by wall time, and by this process's CPU time
    (on a shared machine the wall rate also counts time spent waiting for a core)."""
    import simcore
    wall, cpu = [], []
    for _ in range(repeats):
        t = time.process_time()
        r = simcore.simulate("scopa", deals=deals, seed=1, players=players, rules=rules,
                             strategies=(strategy,), threads=threads, progress=False)
        cpu_s = time.process_time() - t - r.compile_seconds   # cache load is near 0 here
        wall.append(r.per_second)
        cpu.append(deals / cpu_s if threads == 1 and cpu_s > 0 else float("nan"))
    return statistics.median(wall), statistics.median(cpu)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1_000_000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option for the timed runs (repeatable); the rules are a "
                   "run-time argument: the compile times do not depend on them")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rules = dict(r.split("=", 1) for r in args.rule)

    result = {"compile_seconds_cold": compile_time('scopa', True),
              "compile_seconds_warm": compile_time('scopa', False),
              "threads": args.threads, "deals": args.deals, "rules": rules,
              "deals_per_second": {},
              "deals_per_cpu_second": {}}
    import simcore
    t = time.perf_counter()
    for n in (2, 3, 4):        # warm the kernels (cache load) before timing
        simcore.simulate("scopa", deals=10, players=n, threads=1, progress=False)
    result["warm_load_seconds"] = time.perf_counter() - t
    for n in (2, 3, 4):
        for s in ("random", "greedy"):
            key = f"{n}p_{s}"
            result["deals_per_second"][key], result["deals_per_cpu_second"][key] = rate(
                n, s, args.deals, args.threads, args.repeats, rules)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"scopa, {args.deals:,} deals x {args.repeats} (median), {args.threads} thread(s)"
          + "".join(f", {k}={v}" for k, v in rules.items()))
    print(f"  compile: cold {result['compile_seconds_cold']:.2f} s, "
          f"warm (cache load) {result['compile_seconds_warm']:.2f} s")
    print(f"  {'':<12}{'deals/s (wall)':>16}{'deals/CPU-s':>16}")
    for key, v in result["deals_per_second"].items():
        print(f"  {key:<12}{v:>16,.0f}{result['deals_per_cpu_second'][key]:>16,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
