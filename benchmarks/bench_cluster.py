"""Throughput of a study's work on local threads and on Dask LocalClusters of 1, 2, 4 worker
processes (``simcore.execution``), the same deals each time.

    python3 benchmarks/bench_cluster.py [--deals 2000000] [--chunk 65536] [--repeats 3]

Each configuration plays the same ``--deals`` Sueca deals (greedy against random, the
catalog study ``sueca_greedy_vs_random``) with ``simcore.simulate`` (summed on the workers,
only the totals travel) after a warm-up that compiles or loads the kernels (every worker
once; not counted): deals/s is the median of ``--repeats`` runs.  The cluster is started
once per configuration and its start-up time is printed apart.  Every run's summary is
checked equal to the first's.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from simcore.execution import DaskBackend, Threads  # noqa: E402
from simcore.facade import simulate  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2_000_000)
    ap.add_argument("--chunk", type=int, default=1 << 16)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--configs", default="threads:1,threads:2,local:1,local:2,local:4")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    kw = dict(game="sueca", deals=a.deals, seed=1, strategies=("greedy", "random", "greedy", "random"),
              chunk=a.chunk, progress=False)
    rows, first = [], None
    for config in a.configs.split(","):
        kind, n = config.split(":")
        t = time.perf_counter()
        ex = Threads(int(n)) if kind == "threads" else DaskBackend(config)
        start = time.perf_counter() - t
        threads = ex.threads
        try:
            rates, warm = [], None
            for _ in range(a.repeats):
                r = simulate(**kw, cluster=ex)
                warm = r.compile_seconds if warm is None else warm
                rates.append(r.per_second)
                if first is None:
                    first = r.summary
                assert r.summary == first, f"{config}: a different summary"
        finally:
            ex.close()
        rows.append({"config": config, "threads": threads, "start_seconds": start,
                     "warm_up_seconds": warm, "deals_per_second": statistics.median(rates),
                     "rates": rates})
    load = os.getloadavg()
    if a.json:
        print(json.dumps({"deals": a.deals, "chunk": a.chunk, "load_average": load,
                          "rows": rows}))
        return 0
    print(f"sueca greedy,random,greedy,random: {a.deals:,} deals, chunks of {a.chunk:,}, median of "
          f"{a.repeats}; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on "
          f"{os.cpu_count()} cores")
    print(f"{'backend':<12}{'threads':>8}{'start s':>9}{'warm-up s':>11}{'deals/s':>13}"
          f"{'vs threads:1':>14}")
    base = rows[0]["deals_per_second"]
    for r in rows:
        print(f"{r['config']:<12}{r['threads']:>8}{r['start_seconds']:>9.1f}"
              f"{r['warm_up_seconds']:>11.1f}{r['deals_per_second']:>13,.0f}"
              f"{r['deals_per_second'] / base:>14.2f}")
    print("same summary in every run: yes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
