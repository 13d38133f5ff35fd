"""Sueca throughput: trunfo against C, in one run.

    python3 benchmarks/bench_sueca.py [--deals N] [--repeats R] [--strategies A,B]
                                      [--no-compile] [--json]

Measures deals/s (median of R runs, JIT compile excluded) of every strategy on one thread
and on all threads, by wall time and by CPU time (every thread of the process for trunfo,
of the child process for C: robust when the machine is shared), the JIT compile time cold
(empty cache) and warm, and puts beside them, run in the same session:
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
import resource
import statistics
import time
import subprocess
import sys
from pathlib import Path

from common import build_own_c, build_refsim, compile_time, cpu_rate, find_refsim

ROOT = Path(__file__).resolve().parents[1]
REFSIM_DEFAULT = ROOT.parent / "shared" / "refsim"   # where the project's machines keep it
EXAMPLE = ROOT / "docs" / "examples" / "trump_leader.py"
STRATEGIES = ("random", "greedy", "expert", "trump_leader")


def trunfo_rate(strategy: str, deals: int, threads: int, repeats: int
                ) -> tuple[float, float, dict]:
    """(median wall deals/s, median CPU deals/s, summary) of ``repeats`` simulate calls."""
    import simcore
    rates, cpus, summary = [], [], None
    for _ in range(repeats):
        t = time.process_time()
        r = simcore.simulate("sueca", deals=deals, seed=1, strategies=(strategy,), dealer=3,
                             threads=threads, progress=False)
        cpu = time.process_time() - t
        rates.append(r.per_second)
        cpus.append(deals / cpu if cpu > 0 else float("nan"))
        summary = r.summary
    return statistics.median(rates), statistics.median(cpus), summary


def c_run(argv: list[str], deals: int, repeats: int) -> tuple[float, float, str]:
    """(median wall deals/s as the program reports, median CPU deals/s, its output)."""
    rates, cpus, text = [], [], ""
    for _ in range(repeats):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        text = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        rates.append(float(re.search(r"deals/s (\d+)", text).group(1)))
        cpus.append(deals / cpu if cpu > 0 else float("nan"))
    return statistics.median(rates), statistics.median(cpus), text


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
    ap.add_argument("--strategies", default=",".join(STRATEGIES),
                    help="the strategies to time (default: all)")
    ap.add_argument("--no-compile", action="store_true", help="skip the compile times")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    strategies = args.strategies.split(",")
    from simcore.bits import HAS_BMI2
    from simcore.runner import default_threads
    from simcore.strategy import load_file
    load_file(str(EXAMPLE))
    nthreads = default_threads()
    cmd = "python3 benchmarks/bench_sueca.py " + " ".join(sys.argv[1:])
    result = {"command": cmd.strip(), "deals": args.deals, "repeats": args.repeats,
              "threads_all": nthreads, "bmi2": HAS_BMI2,
              "compile_seconds_cold": None if args.no_compile else compile_time("sueca", True),
              "compile_seconds_warm": None if args.no_compile else compile_time("sueca", False),
              "rates": {}, "cpu": {}}
    folder, ref_note = find_refsim(REFSIM_DEFAULT)
    refsim = None
    if folder is not None:
        refsim, ref_note = build_refsim(folder)
    own, own_note = build_own_c("sueca_greedy")
    result["notes"] = [ref_note, own_note]
    import simcore
    for strategy in strategies:       # load the kernels (from the cache) before timing
        simcore.simulate("sueca", deals=10, seed=1, strategies=(strategy,), dealer=3,
                         threads=1, progress=False)
    for strategy in strategies:
        for threads in sorted({1, 2, nthreads}):
            rate, cpu, summary = trunfo_rate(strategy, args.deals, threads, args.repeats)
            row = {"trunfo": rate, "trunfo_cpu": cpu}
            hist = summary["points_histogram_team0"]
            if strategy == "random" and refsim:
                row["c"], row["c_cpu"], text = c_run(
                    [refsim, str(args.deals), "1", str(threads), "random"], args.deals,
                    args.repeats)
                row["c_command"] = f"{refsim} {args.deals} 1 {threads} random"
                row["c_name"] = "sueca_ref random"
                ours = [sum(hist[b * 10:b * 10 + 10]) for b in range(12)] + [hist[120]]
                row["same_results"] = ours == refsim_histogram(text)
            if strategy == "greedy" and own:
                row["c"], row["c_cpu"], text = c_run(
                    [own, str(args.deals), "1", str(threads), "3"], args.deals, args.repeats)
                row["c_command"] = f"{own} {args.deals} 1 {threads} 3"
                row["c_name"] = "sueca_greedy.c (same play)"
                row["same_results"] = [int(x) for x in text.split("\n")[0].split()] == hist
                if refsim:
                    row["c2"], row["c2_cpu"], _ = c_run(
                        [refsim, str(args.deals), "1", str(threads), "greedy"], args.deals,
                        args.repeats)
                    row["c2_name"] = "sueca_ref greedy (simpler play)"
            row["trunfo_command"] = (f"trunfo simulate sueca -n {args.deals} --seed 1 "
                                     f"--strategy {strategy} --dealer 3 --threads {threads}")
            result["rates"][f"{strategy}/{threads}"] = row
        result["cpu"][strategy] = kernel_cpu_rate(strategy, min(args.deals, 1_000_000),
                                                  args.repeats)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"$ {result['command']}")
    print(f"Sueca, {args.deals:,} deals, median of {args.repeats} (trunfo, then C); "
          f"BMI2: {HAS_BMI2}")
    if args.no_compile:
        print("JIT compile: not measured (--no-compile)")
    else:
        print(f"JIT compile (random): cold {result['compile_seconds_cold']:.2f} s, "
              f"warm cache {result['compile_seconds_warm']:.2f} s")
    for n in result["notes"]:
        print(n)
    print(f"{'play/threads':<16}{'trunfo deals/s':>16}{'C deals/s':>14}{'ratio':>8}"
          f"{'CPU ratio':>11}  same results  C program")
    for key, row in result["rates"].items():
        c = (f"{row['c']:>14,.0f}{row['trunfo'] / row['c']:>8.2f}"
             f"{row['trunfo_cpu'] / row['c_cpu']:>11.2f}" if "c" in row
             else f"{'':>14}{'':>8}{'':>11}")
        same = str(row.get("same_results", ""))
        print(f"{key:<16}{row['trunfo']:>16,.0f}{c}  {same:<12}  {row.get('c_name', '')}")
        if "c2" in row:
            print(f"{'':<16}{'':>16}{row['c2']:>14,.0f}{row['trunfo'] / row['c2']:>8.2f}"
                  f"{row['trunfo_cpu'] / row['c2_cpu']:>11.2f}  {'':<12}  {row['c2_name']}")
    print("commands (trunfo's runs are simulate() calls equal to the first):")
    for key, row in result["rates"].items():
        print(f"  {key}: {row['trunfo_command']}")
        if "c_command" in row:
            print(f"  {' ' * len(key)}  {row['c_command']}")
    print("one thread, CPU time (best of repeats), kernel only:")
    base = result["cpu"].get("random")
    for s, r in result["cpu"].items():
        print(f"  {s:<14}{r:>14,.0f} deals/s" + (f"   {r / base:.2f}x random" if base else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
