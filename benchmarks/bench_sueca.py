"""Sueca throughput: trunfo against C, in one run.

    python3 benchmarks/bench_sueca.py [--deals N] [--repeats R] [--json]

Measures deals/s (median of R runs by wall time, JIT compile excluded) of every strategy on
one thread and on all threads, the JIT compile time cold (empty cache) and warm, and puts
beside them, run in the same session:
- random play against the C yardstick ``sueca_ref random`` (found with $TRUNFO_REFSIM or
  ../shared/refsim, see benchmarks/README.md): with the dealer fixed at seat 3 both play
  the same streams, so their outcome histograms must be identical (checked);
- greedy play against trunfo's own C version of the same play (benchmarks/c/sueca_greedy.c,
  identical results checked), and against ``sueca_ref greedy`` (a simpler greedy: not the
  same play, shown for reference);
- the CPU-time rate on one thread of each strategy (robust on a shared machine), including
  a strategy written by a user (docs/examples/trump_leader.py).
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

from common import build_own_c, build_refsim, compile_time, cpu_rate, find_refsim

ROOT = Path(__file__).resolve().parents[1]
REFSIM_DEFAULT = ROOT.parent / "shared" / "refsim"   # where the project's machines keep it
EXAMPLE = ROOT / "docs" / "examples" / "trump_leader.py"
STRATEGIES = ("random", "greedy", "expert", "trump_leader")


def trunfo_rate(strategy: str, deals: int, threads: int, repeats: int) -> tuple[float, dict]:
    import simcore
    rates, summary = [], None
    for _ in range(repeats):
        r = simcore.simulate("sueca", deals=deals, seed=1, strategies=(strategy,), dealer=3,
                             threads=threads, progress=False)
        rates.append(r.per_second)
        summary = r.summary
    return statistics.median(rates), summary


def c_run(argv: list[str], repeats: int) -> tuple[float, str]:
    rates, text = [], ""
    for _ in range(repeats):
        text = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
        rates.append(float(re.search(r"deals/s (\d+)", text).group(1)))
    return statistics.median(rates), text


def refsim_histogram(text: str) -> list[int]:
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("team0 points histogram"))
    return [int(x) for x in lines[i + 1].split()]


def kernel_cpu_rate(strategy: str, deals: int, repeats: int) -> float:
    import numpy as np
    from simcore.games import get_game
    g = get_game("sueca")
    setup = g.setup({}, (strategy,), dealer=3)
    out = np.empty(deals, g.record_dtype)
    g.run_chunk(setup, 1, 0, 10)
    return cpu_rate(lambda: g.run_chunk(setup, 1, 0, deals, out), deals, repeats)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from simcore.bits import HAS_BMI2
    from simcore.runner import default_threads
    from simcore.strategy import load_file
    load_file(str(EXAMPLE))
    nthreads = default_threads()
    cmd = "python3 benchmarks/bench_sueca.py " + " ".join(sys.argv[1:])
    result = {"command": cmd.strip(), "deals": args.deals, "repeats": args.repeats,
              "threads_all": nthreads, "bmi2": HAS_BMI2,
              "compile_seconds_cold": compile_time("sueca", True),
              "compile_seconds_warm": compile_time("sueca", False), "rates": {}, "cpu": {}}
    folder, ref_note = find_refsim(REFSIM_DEFAULT)
    refsim = None
    if folder is not None:
        refsim, ref_note = build_refsim(folder)
    own, own_note = build_own_c("sueca_greedy")
    result["notes"] = [ref_note, own_note]
    for strategy in STRATEGIES:
        for threads in sorted({1, nthreads}):
            rate, summary = trunfo_rate(strategy, args.deals, threads, args.repeats)
            row = {"trunfo": rate}
            hist = summary["points_histogram_team0"]
            if strategy == "random" and refsim:
                row["c"], text = c_run([refsim, str(args.deals), "1", str(threads), "random"],
                                       args.repeats)
                row["c_name"] = "sueca_ref random"
                ours = [sum(hist[b * 10:b * 10 + 10]) for b in range(12)] + [hist[120]]
                row["same_results"] = ours == refsim_histogram(text)
            if strategy == "greedy" and own:
                row["c"], text = c_run([own, str(args.deals), "1", str(threads), "3"],
                                       args.repeats)
                row["c_name"] = "sueca_greedy.c (same play)"
                row["same_results"] = [int(x) for x in text.split("\n")[0].split()] == hist
                if refsim:
                    row["c2"], _ = c_run([refsim, str(args.deals), "1", str(threads), "greedy"],
                                         args.repeats)
                    row["c2_name"] = "sueca_ref greedy (simpler play)"
            result["rates"][f"{strategy}/{threads}"] = row
        result["cpu"][strategy] = kernel_cpu_rate(strategy, min(args.deals, 1_000_000),
                                                  args.repeats)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"$ {result['command']}")
    print(f"Sueca, {args.deals:,} deals, median of {args.repeats} (wall); BMI2: {HAS_BMI2}")
    print(f"JIT compile (random): cold {result['compile_seconds_cold']:.2f} s, "
          f"warm cache {result['compile_seconds_warm']:.2f} s")
    for n in result["notes"]:
        print(n)
    print(f"{'play/threads':<16}{'trunfo deals/s':>16}{'C deals/s':>14}{'ratio':>8}  "
          f"same results  C program")
    for key, row in result["rates"].items():
        c = (f"{row['c']:>14,.0f}{row['trunfo'] / row['c']:>8.2f}" if "c" in row
             else f"{'':>14}{'':>8}")
        same = str(row.get("same_results", ""))
        print(f"{key:<16}{row['trunfo']:>16,.0f}{c}  {same:<12}  {row.get('c_name', '')}")
        if "c2" in row:
            print(f"{'':<16}{'':>16}{row['c2']:>14,.0f}{row['trunfo'] / row['c2']:>8.2f}  "
                  f"{'':<12}  {row['c2_name']}")
    print("one thread, CPU time (best of repeats), kernel only:")
    base = result["cpu"]["random"]
    for s, r in result["cpu"].items():
        print(f"  {s:<14}{r:>14,.0f} deals/s   {r / base:.2f}x random")
    return 0


if __name__ == "__main__":
    sys.exit(main())
