"""Sueca throughput: trunfo beside the C yardstick, in one run.

    python3 benchmarks/bench_sueca.py [--deals N] [--repeats R] [--json]

Measures deals/s (median of R runs, JIT compile excluded) for random and greedy play on one
thread and on all threads, the JIT compile time cold (empty cache) and warm (cache on
disk), and, when the C yardstick is there and builds, runs it beside trunfo with the same
deals and prints the ratios.  With the dealer fixed at seat 3 trunfo and the yardstick use the
same random streams, so their random-play outcome histograms must be identical: the script
checks it.  The yardstick is a separate program: ``$TRUNFO_REFSIM`` names its folder
(benchmarks/README.md); without it the script prints trunfo's column alone and says why.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

from common import build_refsim, compile_time, find_refsim

ROOT = Path(__file__).resolve().parents[1]
REFSIM_DEFAULT = ROOT.parent / "shared" / "refsim"   # where the project's machines keep it


def trunfo_rate(strategy: str, deals: int, threads: int, repeats: int) -> tuple[float, dict]:
    import simcore
    rates = []
    summary = None
    for _ in range(repeats):
        r = simcore.simulate("sueca", deals=deals, seed=1, strategies=(strategy,), dealer=3,
                             threads=threads, progress=False)
        rates.append(r.per_second)
        summary = r.summary
    return statistics.median(rates), summary


def refsim_run(binary: str, strategy: str, deals: int, threads: int, repeats: int):
    rates, text = [], ""
    for _ in range(repeats):
        text = subprocess.run([binary, str(deals), "1", str(threads), strategy],
                              capture_output=True, text=True, check=True).stdout
        rates.append(float(re.search(r"deals/s (\d+)", text).group(1)))
    return statistics.median(rates), text


def refsim_histogram(text: str) -> list[int]:
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("team0 points histogram"))
    return [int(x) for x in lines[i + 1].split()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from simcore.runner import default_threads
    from simcore.bits import HAS_BMI2
    nthreads = default_threads()

    result = {"deals": args.deals, "repeats": args.repeats, "threads_all": nthreads,
              "bmi2": HAS_BMI2, "compile_seconds_cold": compile_time('sueca', True),
              "compile_seconds_warm": compile_time('sueca', False), "rates": {}}
    folder, note = find_refsim(REFSIM_DEFAULT)
    binary = None
    if folder is not None:
        binary, note = build_refsim(folder)
    result["refsim"] = binary is not None
    result["refsim_note"] = note
    for strategy in ("random", "greedy"):
        for threads in sorted({1, nthreads}):
            rate, summary = trunfo_rate(strategy, args.deals, threads, args.repeats)
            row = {"trunfo": rate}
            if binary:
                crate, text = refsim_run(binary, strategy, args.deals, threads, args.repeats)
                row["refsim"] = crate
                row["ratio"] = rate / crate
                if strategy == "random":
                    h = summary["points_histogram_team0"]
                    ours = [sum(h[b * 10:b * 10 + 10]) for b in range(12)] + [h[120]]
                    row["same_histogram_as_refsim"] = ours == refsim_histogram(text)
            result["rates"][f"{strategy}/{threads}"] = row
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Sueca, {args.deals:,} deals, median of {args.repeats}; BMI2: {HAS_BMI2}")
    print(f"JIT compile: cold {result['compile_seconds_cold']:.2f} s, "
          f"warm cache {result['compile_seconds_warm']:.2f} s")
    print(note)
    print(f"{'play/threads':<14}{'trunfo deals/s':>16}{'C deals/s':>14}{'ratio':>8}  same streams")
    for key, row in result["rates"].items():
        c = (f"{row['refsim']:>14,.0f}{row['ratio']:>8.2f}" if "refsim" in row
             else f"{'n/a':>14}{'':>8}")
        same = row.get("same_histogram_as_refsim", "")
        print(f"{key:<14}{row['trunfo']:>16,.0f}{c}  {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
