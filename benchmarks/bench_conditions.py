"""Conditioned dealing: deck orders per second, against the plain shuffle.

    python3 benchmarks/bench_conditions.py [--decks N] [--repeats R] [--json]
    python3 benchmarks/bench_conditions.py --runs [--deals N] [--repeats R] [--json]

For each case, one thread writes N deck orders (into a reused buffer of 100,000, streams
keyed by deal index as in a run) and the median of R runs is reported, by wall clock and by
the process's CPU time (the machine may be shared).  Count conditions are dealt directly;
the rejection case deals the same condition by drawing deck orders until one passes, and
reports its acceptance.  Also: the time to analyse each condition (exact counting and the
plan) and the sampler's JIT compile time, cold (empty cache) and warm.

``--runs``: whole deals (dealt and played by random seats, one thread, ``Game.run_chunk`` in
chunks of 65,536), conditioned against unconditioned, deals per CPU second and their ratio
(the kernels are compiled, or loaded from the cache, before timing).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CASES = [
    # (label, game, players, kwargs)
    ("sueca: dealer shows 2S, holds AS 7S, 5+ trumps", "sueca", 4,
     dict(trump="2S", hands={"dealer": "AS 7S"}, where="trumps(dealer) >= 5")),
    ("sueca: trumps(me) >= 4", "sueca", 4, dict(where="trumps(me) >= 4")),
    ("sueca: trumps(me) == 10", "sueca", 4, dict(where="trumps(me) == 10")),
    ("sueca: 4+ trumps with the ace, partner not void in H", "sueca", 4,
     dict(where="trumps(me) >= 4 and holds(me, 'AS') and not void(partner, 'H')")),
    ("brisca 4p: trumps(team(me)) >= 3", "brisca", 4, dict(where="trumps(team(me)) >= 3")),
    ("scopa 2p: count(me, '7') >= 2", "scopa", 2, dict(where="count(me, '7') >= 2")),
    ("spades: length(me, 'S') >= 6", "spades", 4, dict(where="length(me, 'S') >= 6")),
    ("sueca_italiana: length(me, 'S') >= 4", "sueca_italiana", 5,
     dict(where="length(me, 'S') >= 4")),
    ("briscola_chiamata: count(me, '1') >= 2", "briscola_chiamata", 5,
     dict(where="count(me, '1') >= 2")),
    ("brisca_rematada: points(me) >= 40", "brisca_rematada", 3, dict(where="points(me) >= 40")),
    ("sueca: trumps(me) >= 4, by rejection", "sueca", 4,
     dict(where="trumps(me) >= 4", max_steps=1)),

]

#: cases of --runs only: a user's plain Python predicate (its deals are dealt in Python)
RUN_ONLY = [
    ("sueca: a Python predicate (seat 1 void in trumps)", "sueca", 4,
     dict(predicate=lambda hands, trump, dealer:
          bin((int(hands[1]) >> (10 * (trump // 10))) & 1023).count("1") == 0)),
]

COMPILE = ("import time; t = time.perf_counter(); "
           "from simcore.conditions import Conditions; "
           "Conditions('sueca', where='trumps(me) >= 4').decks(seed=1, count=1); "
           "print(time.perf_counter() - t)")


def compile_time(cold: bool) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        if cold:
            env["NUMBA_CACHE_DIR"] = tmp
        out = subprocess.run([sys.executable, "-c", COMPILE], capture_output=True, text=True,
                             env=env, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def plain_rate(n_cards: int, decks: int, repeats: int) -> tuple[float, float]:
    import numba
    from simcore.deal import shuffle
    from simcore.rng import seed_base, seed_stream

    @numba.njit(nogil=True)
    def plain(base, start, out):
        state = np.empty(4, dtype=np.uint64)
        for i in range(out.shape[0]):
            seed_stream(state, base, start + i)
            d = out[i]
            for j in range(d.shape[0]):
                d[j] = j
            shuffle(state, d, d.shape[0])

    buf = np.empty((min(decks, 100_000), n_cards), dtype=np.int64)
    plain(seed_base(1), 0, buf[:10])
    return measure(lambda start, b: plain(seed_base(1), start, b), buf, decks, repeats)


def measure(run, buf, decks, repeats) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        done = 0
        while done < decks:
            k = min(buf.shape[0], decks - done)
            run(done, buf[:k])
            done += k
        walls.append(decks / (time.perf_counter() - w0))
        cpus.append(decks / (time.process_time() - c0))
    return statistics.median(walls), statistics.median(cpus)


def run_rate(game, setup, deals: int, repeats: int) -> tuple[float, float]:
    chunk = 1 << 16
    game.run_chunk(setup, 1, 0, 10)
    walls, cpus = [], []
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        for start in range(0, deals, chunk):
            game.run_chunk(setup, 1, start, min(chunk, deals - start))
        walls.append(deals / (time.perf_counter() - w0))
        cpus.append(deals / (time.process_time() - c0))
    return statistics.median(walls), statistics.median(cpus)


def runs(args) -> int:
    from simcore.games import get_game
    rows = []
    plain = {}
    for label, game, players, kw in CASES + RUN_ONLY:
        g = get_game(game)
        if (game, players) not in plain:
            plain[game, players] = run_rate(g, g.setup({}, "random", players=players),
                                            args.deals, args.repeats)
        setup = g.setup({}, "random", players=players, conditions=kw)
        wall, cpu = run_rate(g, setup, args.deals, args.repeats)
        p = plain[game, players]
        rows.append({"case": label, "method": "direct" if setup.conditions.direct else
                     "rejection", "deals_per_second": wall, "deals_per_cpu_second": cpu,
                     "plain_per_second": p[0], "plain_per_cpu_second": p[1],
                     "ratio_cpu": cpu / p[1]})
    if args.json:
        print(json.dumps({"deals": args.deals, "repeats": args.repeats, "runs": rows},
                         indent=1))
        return 0
    print(f"Whole deals (random seats), {args.deals:,} per case on 1 thread, median of "
          f"{args.repeats}")
    print(f"{'case':55s} {'method':9s} {'cpu deals/s':>12s} {'unconditioned':>14s} "
          f"{'ratio':>6s}")
    for r in rows:
        print(f"{r['case']:55s} {r['method']:9s} {r['deals_per_cpu_second']:12,.0f} "
              f"{r['plain_per_cpu_second']:14,.0f} {r['ratio_cpu']:6.2f}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=1_000_000)
    ap.add_argument("--deals", type=int, default=300_000)
    ap.add_argument("--runs", action="store_true")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.runs:
        return runs(args)
    from simcore.conditions import Conditions
    from simcore.conditions.sampler import conditioned_decks
    from simcore.rng import seed_base

    result = {"decks": args.decks, "repeats": args.repeats,
              "compile_seconds_cold": compile_time(True),
              "compile_seconds_warm": compile_time(False), "cases": []}
    plain = {}
    for label, game, players, kw in CASES:
        t = time.perf_counter()
        c = Conditions(game, players=players, **kw)
        plan = c.plan
        analyse = time.perf_counter() - t
        n = c.deck.n_cards
        if n not in plain:
            plain[n] = plain_rate(n, args.decks, args.repeats)
        buf = np.empty((min(args.decks, 100_000), n), dtype=np.int64)
        dealers = np.empty(buf.shape[0], dtype=np.int64)
        tries = np.empty(buf.shape[0], dtype=np.int64)
        states = np.empty((buf.shape[0], 4), dtype=np.uint64)
        total = [0, 0]

        def run(start, b):
            bad = conditioned_decks(seed_base(1), start, b, dealers[:b.shape[0]],
                                    tries[:b.shape[0]], states[:b.shape[0]], plan)
            assert bad < 0
            total[0] += b.shape[0]
            total[1] += int(tries[:b.shape[0]].sum())
        run(0, buf[:10])
        total[:] = [0, 0]
        wall, cpu = measure(run, buf, args.decks, args.repeats)
        ex = c.exact()
        result["cases"].append({
            "case": label, "method": "direct" if c.direct else "rejection",
            "analyse_seconds": analyse, "decks_per_second": wall, "decks_per_cpu_second": cpu,
            "plain_per_second": plain[n][0], "plain_per_cpu_second": plain[n][1],
            "ratio_cpu": cpu / plain[n][1], "acceptance": total[0] / total[1],
            "exact": None if ex.condition is None else float(ex.condition)})
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"Conditioned deck orders, {args.decks:,} per case on 1 thread, median of "
          f"{args.repeats}")
    print(f"JIT compile of the sampler: cold {result['compile_seconds_cold']:.2f} s, warm "
          f"{result['compile_seconds_warm']:.2f} s")
    print("plain shuffle: " + "; ".join(f"{n} cards {plain[n][0]:,.0f}/s wall, "
                                          f"{plain[n][1]:,.0f}/s cpu" for n in sorted(plain)))
    print(f"{'case':55s} {'method':9s} {'analyse':>8s} {'decks/s':>11s} {'cpu decks/s':>12s}"
          f" {'vs plain':>8s} {'accept':>7s} {'exact P':>9s}")
    for r in result["cases"]:
        print(f"{r['case']:55s} {r['method']:9s} {r['analyse_seconds']:7.2f}s "
              f"{r['decks_per_second']:11,.0f} {r['decks_per_cpu_second']:12,.0f} "
              f"{r['ratio_cpu']:8.2f} {r['acceptance']:7.4f} "
              + (f"{r['exact']:9.3g}" if r["exact"] is not None else f"{'-':>9s}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
