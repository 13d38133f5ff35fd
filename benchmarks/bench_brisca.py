"""Brisca throughput: deals/s for 2, 4 and 6 players under random and greedy play.

    python3 benchmarks/bench_brisca.py [--deals N] [--repeats R] [--threads T] [--json]

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


def rate(players: int, strategy: str, deals: int, threads: int, repeats: int) -> float:
    import simcore
    rates = []
    for _ in range(repeats):
        r = simcore.simulate("brisca", deals=deals, seed=1, players=players,
                             strategies=(strategy,), threads=threads, progress=False)
        rates.append(r.per_second)
    return statistics.median(rates)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1_000_000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)

    result = {"compile_seconds_cold": compile_time('brisca', True),
              "compile_seconds_warm": compile_time('brisca', False),
              "threads": args.threads, "deals": args.deals, "deals_per_second": {}}
    import simcore
    t = time.perf_counter()
    for n in (2, 4, 6):        # warm the kernels (cache load) before timing
        simcore.simulate("brisca", deals=10, players=n, threads=1, progress=False)
    result["warm_load_seconds"] = time.perf_counter() - t
    for n in (2, 4, 6):
        for s in ("random", "greedy"):
            result["deals_per_second"][f"{n}p_{s}"] = rate(n, s, args.deals, args.threads,
                                                           args.repeats)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"brisca, {args.deals:,} deals x {args.repeats} (median), {args.threads} thread(s)")
    print(f"  compile: cold {result['compile_seconds_cold']:.2f} s, "
          f"warm (cache load) {result['compile_seconds_warm']:.2f} s")
    for key, v in result["deals_per_second"].items():
        print(f"  {key:<12}{v:>14,.0f} deals/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
