"""Brisca throughput: trunfo beside tight C implementations of the same play, in one run.

    python3 benchmarks/bench_brisca.py [--deals N] [--repeats R] [--expert-deals M]
                                       [--no-compile] [--json]

Measures deals/s (median of R runs, JIT compile excluded) by wall time and by CPU time:

- two-player random play beside the C yardstick ``brisca_ref`` (found with
  ``common.find_refsim()``: ``$TRUNFO_REFSIM``, else where the project's machines keep it),
  and two-player greedy play beside ``benchmarks/c/brisca_greedy.c`` (this repository's own
  C version of trunfo's greedy, built here with ``$CC``, else ``cc``), on 1 and 2 threads, runs
  of trunfo and C alternating; the ratio trunfo / C of each, with the commands that produced
  it.  The dealer is seat 1 (so seat 0 leads, as in the C programs) and ``tiebreak_cards`` is
  off: the C programs play the same deals from the same random streams, so seat 0's mean
  points and shares must fall in trunfo's 95% intervals (random: ``brisca_ref`` prints them)
  and the greedy points histograms must be identical;
- trunfo alone: every strategy (random, greedy, expert) with 2, 3, 4 and 6 players, one thread;
- the JIT compile time of a cold start (empty numba cache) and a warm one, for the default
  command and for one with ``expert`` (skipped with ``--no-compile``).

When a C program is missing or does not build, the script says so on stdout in one line
starting ``C column skipped:`` and prints trunfo's figures alone.
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import build_own_c, build_refsim, compile_time, find_refsim

ROOT = Path(__file__).resolve().parents[1]
REFSIM_DEFAULT = ROOT.parent / "shared" / "refsim"   # where the project's machines keep it
SAME = {"dealer": 1, "rules": {"tiebreak_cards": False}}   # the C programs' deals


def trunfo_run(strategy: str, deals: int, threads: int, players: int = 2, same: bool = True):
    """One ``simulate``: (wall deals/s, CPU deals/s, summary)."""
    import simcore
    kw = SAME if same else {}
    t = time.process_time()
    r = simcore.simulate("brisca", deals=deals, seed=1, players=players,
                         strategies=(strategy,), threads=threads, progress=False, **kw)
    cpu = time.process_time() - t
    # the first chunk's compile (a cache load here) is outside r.seconds; its CPU is small
    return r.per_second, deals / cpu if cpu > 0 else float("nan"), r.summary


def trunfo_command(strategy: str, deals: int, threads: int) -> str:
    return (f"trunfo simulate brisca -n {deals} --seed 1 --strategy {strategy} --dealer 1 "
            f"--rule tiebreak_cards=false --threads {threads}")


def c_run(binary: str, deals: int, threads: int):
    """One run of a C program: (wall deals/s as it reports, CPU deals/s, its output)."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    text = subprocess.run([binary, str(deals), "1", str(threads)], capture_output=True,
                          text=True, check=True).stdout
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    wall = float(re.search(r"deals/s (\d+)", text).group(1))
    return wall, deals / cpu if cpu > 0 else float("nan"), text


def side_by_side(strategy: str, binary: str, deals: int, threads: int, repeats: int) -> dict:
    """trunfo and the C program alternately, ``repeats`` times each: medians and ratios."""
    tw, tc, cw, cc = [], [], [], []
    summary, text = None, ""
    for _ in range(repeats):
        w, c, summary = trunfo_run(strategy, deals, threads)
        tw.append(w)
        tc.append(c)
        w, c, text = c_run(binary, deals, threads)
        cw.append(w)
        cc.append(c)
    row = {"trunfo": statistics.median(tw), "trunfo_cpu": statistics.median(tc),
           "c": statistics.median(cw), "c_cpu": statistics.median(cc),
           "trunfo_command": trunfo_command(strategy, deals, threads),
           "c_command": f"{binary} {deals} 1 {threads}"}
    row["ratio"] = row["trunfo"] / row["c"]
    row["ratio_cpu"] = row["trunfo_cpu"] / row["c_cpu"]
    row["check"] = check_same(strategy, summary, text, deals)
    return row


def check_same(strategy: str, summary: dict, text: str, deals: int) -> dict:
    """Seat 0's figures from C against trunfo's: inside trunfo's 95% intervals (and, for
    greedy, the whole points histogram identical)."""
    h = summary["points_histogram_side0"]
    n = sum(h)
    mean = sum(p * c for p, c in enumerate(h)) / n
    sd = (sum(p * p * c for p, c in enumerate(h)) / n - mean * mean) ** 0.5
    half = 1.96 * sd / n ** 0.5
    m = re.search(r"mean points ([\d.]+) sd [\d.]+ win ([\d.]+) tie ([\d.]+) loss ([\d.]+)", text)
    c_mean, c_win, c_tie, c_loss = (float(x) for x in m.groups())
    oc = summary["outcomes"]
    out = {"trunfo_mean": mean, "trunfo_mean_ci95": [mean - half, mean + half],
           "c_mean": c_mean, "c_win": c_win, "c_tie": c_tie, "c_loss": c_loss,
           "trunfo_win_ci95": oc["side0_single"]["ci95"], "trunfo_tie_ci95": oc["tie"]["ci95"],
           "trunfo_loss_ci95": oc["side1_single"]["ci95"]}
    ok = mean - half <= c_mean <= mean + half
    for key, share in (("win", c_win), ("tie", c_tie), ("loss", c_loss)):
        lo, hi = out[f"trunfo_{key}_ci95"]
        ok = ok and lo - 5e-6 <= share <= hi + 5e-6      # C prints 5 decimals
    if strategy == "greedy":
        lines = text.splitlines()
        i = next(k for k, line in enumerate(lines) if line.startswith("seat 0 points histogram"))
        out["same_histogram"] = [int(x) for x in lines[i + 1].split()] == list(h)
        ok = ok and out["same_histogram"]
    out["ok"] = ok
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--expert-deals", type=int, default=100_000)
    ap.add_argument("--no-compile", action="store_true", help="skip the compile times")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    ct = (lambda *a, **k: None) if args.no_compile else compile_time
    from simcore.bits import HAS_BMI2
    from simcore.runner import default_threads

    command = "python3 benchmarks/bench_brisca.py " + " ".join(argv if argv is not None
                                                               else sys.argv[1:])
    result = {"command": command.strip(), "deals": args.deals, "repeats": args.repeats,
              "bmi2": HAS_BMI2, "threads_all": default_threads(),
              "compile_seconds_cold": ct("brisca", True),
              "compile_seconds_warm": ct("brisca", False),
              "compile_seconds_cold_expert": ct("brisca", True, strategies=("expert",)),
              "compile_seconds_warm_expert": ct("brisca", False, strategies=("expert",)),
              "side_by_side": {}, "alone": {}}
    folder, note = find_refsim(REFSIM_DEFAULT)
    ref = None
    if folder is not None:
        sueca, note = build_refsim(folder)
        if sueca is not None:
            ref = str(Path(sueca).parent / "brisca_ref")
            if not Path(ref).is_file():
                ref, note = None, f"C column skipped for random: no brisca_ref beside {sueca}"
    greedy, gnote = build_own_c("brisca_greedy")
    result["refsim_note"], result["greedy_c_note"] = note, gnote

    import simcore
    for n in (2, 3, 4, 6):               # load the kernels (from the cache) before timing
        for s in ("random", "greedy", "expert"):
            simcore.simulate("brisca", deals=10, players=n, strategies=(s,), threads=1,
                             progress=False)
    for strategy, binary in (("random", ref), ("greedy", greedy)):
        for threads in sorted({1, 2, result["threads_all"]}):
            key = f"{strategy}/{threads}"
            if binary:
                result["side_by_side"][key] = side_by_side(strategy, binary, args.deals,
                                                           threads, args.repeats)
            else:
                rates = [trunfo_run(strategy, args.deals, threads)[:2]
                         for _ in range(args.repeats)]
                result["side_by_side"][key] = {
                    "trunfo": statistics.median(r[0] for r in rates),
                    "trunfo_cpu": statistics.median(r[1] for r in rates),
                    "trunfo_command": trunfo_command(strategy, args.deals, threads)}
    for n in (2, 3, 4, 6):
        for s in ("random", "greedy", "expert"):
            deals = args.expert_deals if s == "expert" else args.deals // 4
            rates = [trunfo_run(s, deals, 1, players=n, same=False)[:2]
                     for _ in range(args.repeats)]
            result["alone"][f"{n}p {s}"] = {"deals": deals,
                                            "wall": statistics.median(r[0] for r in rates),
                                            "cpu": statistics.median(r[1] for r in rates)}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"$ {result['command']}")
    print(f"Brisca, {args.deals:,} deals, median of {args.repeats} (trunfo and C alternating); "
          f"BMI2: {HAS_BMI2}; {result['threads_all']} cores")
    if args.no_compile:
        print("JIT compile: not measured (--no-compile)")
    else:
        print(f"JIT compile (first simulate in a fresh process): default command cold "
              f"{result['compile_seconds_cold']:.2f} s, warm "
              f"{result['compile_seconds_warm']:.2f} s; with expert cold "
              f"{result['compile_seconds_cold_expert']:.2f} s, warm "
              f"{result['compile_seconds_warm_expert']:.2f} s")
    print(note)
    print(gnote)
    print(f"{'2 players':<12}{'trunfo deals/s':>16}{'C deals/s':>13}{'ratio':>7}"
          f"{'CPU ratio':>11}  same deals")
    for key, row in result["side_by_side"].items():
        if "c" in row:
            ck = row["check"]
            same = "yes" if ck["ok"] else "NO"
            print(f"{key:<12}{row['trunfo']:>16,.0f}{row['c']:>13,.0f}{row['ratio']:>7.2f}"
                  f"{row['ratio_cpu']:>11.2f}  {same}")
        else:
            print(f"{key:<12}{row['trunfo']:>16,.0f}{'n/a':>13}")
    print("commands (trunfo's runs are simulate() calls equal to the first):")
    for key, row in result["side_by_side"].items():
        print(f"  {key}: {row['trunfo_command']}")
        if "c_command" in row:
            print(f"  {' ' * len(key)}  {row['c_command']}")
    for key, row in result["side_by_side"].items():
        if "check" in row:
            ck = row["check"]
            lo, hi = ck["trunfo_mean_ci95"]
            extra = (f", histograms identical: {ck['same_histogram']}"
                     if "same_histogram" in ck else "")
            print(f"  {key}: seat 0 mean points trunfo {ck['trunfo_mean']:.4f} [{lo:.4f}, "
                  f"{hi:.4f}], C {ck['c_mean']:.4f}; wins C {ck['c_win']:.5f} in "
                  f"[{ck['trunfo_win_ci95'][0]:.5f}, {ck['trunfo_win_ci95'][1]:.5f}], ties C "
                  f"{ck['c_tie']:.5f} in [{ck['trunfo_tie_ci95'][0]:.5f}, "
                  f"{ck['trunfo_tie_ci95'][1]:.5f}]{extra}")
    print("trunfo alone, 1 thread (trunfo simulate brisca --players N --strategy S --seed 1 "
          "--threads 1)")
    print(f"{'':<12}{'deals':>12}{'deals/s':>14}{'deals/CPU-s':>14}")
    for key, row in result["alone"].items():
        print(f"{key:<12}{row['deals']:>12,}{row['wall']:>14,.0f}{row['cpu']:>14,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
