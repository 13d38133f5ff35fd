"""Scopa throughput: deals/s for 2, 3 and 4 players under random, greedy and expert play,
and where each deal's time goes.

    python3 benchmarks/bench_scopa.py [--deals N] [--repeats R] [--threads T]
                                      [--rule key=value ...] [--parts-deals M]
                                      [--no-compile] [--json]

One thread by default; the JIT compile time (cold: empty numba cache, in a fresh process;
warm: cache on disk) is measured separately and never counted in the rates.

Scopa has no C yardstick, so the script also takes a deal apart, in ns of CPU time per
deal (``--parts-deals`` deals, the least of ``--repeats`` runs), for random and greedy play
with 2, 3 and 4 players:

- deal: the stream seeded, the documented shuffle, three cards each and the table laid
  (kings relay included), the table's capture counts;
- scoring: the piles scored and the record written, with each seat's first-hand holdings
  (the kernel's last step), timed alone on piles of whole deals;
- deal (kernel): the whole kernel, ``Game.run_chunk``, chunks of 65,536 into a reused buffer;
- play: what is left of the kernel once dealing and scoring are taken away;
- accumulate: ``Game.accumulate`` over the records (the summary's totals);
- runner 1t / 2t: ``simcore.simulate`` end to end on 1 and 2 threads (CPU time of every
  thread, per deal), and ``overhead``: the share of the runner's time beyond the kernel
  (accumulation, chunks, threads, Python).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import numpy as np

from common import compile_time, least

STRATEGIES = ("random", "greedy", "expert")
PARTS_STRATEGIES = ("random", "greedy")
CHUNK = 1 << 16


# --- pieces of a deal, jitted here from the kernels' own inlined steps -----------------------
def _pieces():
    import numba

    from simcore.bits import popcount
    from simcore.deal import SHUFFLED
    from simcore.rng import seed_stream
    from simcore.scopa.enums import COINS, MAX_SIDES, N_CARDS, N_SCORE_ROWS, P_RELAY, SEVENS
    from simcore.scopa.moves import packed_counts
    from simcore.scopa.nb import write_deal, write_first, new_deal, sides_of
    from simcore.scopa.scoring import score_piles

    @numba.njit(nogil=True)
    def deal_only(base, start, n, players, params):
        state = np.empty(4, np.uint64)
        deck = np.empty(N_CARDS, np.int64)
        hands = np.zeros(MAX_SIDES, np.uint64)
        relay = params[P_RELAY]
        x = np.uint64(0)
        for i in range(n):
            d = start + i
            seed_stream(state, base, d)
            table, relays, dealer = new_deal(state, deck, hands, players, d % players, relay,
                                             SHUFFLED, 0)
            x ^= hands[0] ^ table ^ np.uint64(packed_counts(table))
        return x

    @numba.njit(nogil=True)
    def scoring(out, piles2, last2, table2, players, params):
        side_of = np.zeros(MAX_SIDES, np.int64)
        n_sides = sides_of(players, params, side_of)
        piles = np.zeros(MAX_SIDES, np.uint64)
        sc = np.zeros((N_SCORE_ROWS, MAX_SIDES), np.int64)
        for i in range(out.shape[0]):
            for s in range(MAX_SIDES):
                piles[s] = piles2[i, s]
            last = last2[i]
            if last >= 0:
                piles[side_of[last]] |= table2[i]
            winner = score_piles(piles, sc, n_sides)
            held = np.int64(0)      # as deal_with packs the first hands' (here: the piles')
            for s in range(players):
                held |= (np.int64(popcount(piles[s] & SEVENS)) << np.int64(4 * s)) | \
                    (np.int64(popcount(piles[s] & COINS)) << np.int64(16 + 4 * s))
            write_deal(out[i], i, i % players, n_sides, 0, last, winner, sc)
            write_first(out[i], held)

    return deal_only, scoring


def _piles(n: int, players: int, rng) -> tuple:
    """``n`` deals' piles as play leaves them: the 40 cards shared out at random between
    the sides' piles and the table left, and the last capturing seat."""
    sides = 2 if players == 4 else players
    owner = rng.integers(0, sides + 1, size=(n, 40))       # the side, or sides: the table
    bits = np.uint64(1) << np.arange(40, dtype=np.uint64)
    piles = np.zeros((n, 4), np.uint64)
    for s in range(sides):
        piles[:, s] = np.bitwise_or.reduce(np.where(owner == s, bits, np.uint64(0)), axis=1)
    table = np.bitwise_or.reduce(np.where(owner == sides, bits, np.uint64(0)), axis=1)
    last = rng.integers(0, players, size=n).astype(np.int64)
    return piles, last, table


def parts(players: int, strategy: str, deals: int, repeats: int, rules: dict, pieces) -> dict:
    """Where a deal's time goes, in ns of CPU time per deal (see the module's docstring)."""
    import simcore
    from simcore.games import get_game
    from simcore.rng import seed_base
    deal_only, scoring = pieces
    g = get_game("scopa")
    setup = g.setup(rules, (strategy,), players=players)
    base = seed_base(1)
    n = (deals + CHUNK - 1) // CHUNK * CHUNK
    ns = lambda s: 1e9 * s / n   # noqa: E731
    out = np.empty(CHUNK, g.record_dtype)
    deal_only(base, 0, 10, players, setup.params)
    g.run_chunk(setup, 1, 0, 10, out=out)
    simcore.simulate("scopa", deals=10, seed=1, players=players, rules=rules,
                     strategies=(strategy,), threads=1, progress=False)
    res = {"players": players, "strategy": strategy, "deals": n}
    res["deal"] = ns(least(lambda: deal_only(base, 0, n, players, setup.params), repeats))

    def kernel():
        for s in range(0, n, CHUNK):
            g.run_chunk(setup, 1, s, CHUNK, out=out)

    def runner(threads):
        simcore.simulate("scopa", deals=n, seed=1, players=players, rules=rules,
                         strategies=(strategy,), threads=threads, progress=False)

    # the kernel and the runner are timed in turn, so that both meet the same machine
    best = {"kernel": float("inf"), 1: float("inf"), 2: float("inf")}
    for _ in range(repeats):
        t = time.process_time()
        kernel()
        best["kernel"] = min(best["kernel"], time.process_time() - t)
        for threads in (1, 2):
            t = time.process_time()
            runner(threads)
            best[threads] = min(best[threads], time.process_time() - t)
    res["kernel"] = ns(best["kernel"])

    piles2, last2, table2 = _piles(CHUNK, players, np.random.default_rng(1))
    sc_out = np.empty(CHUNK, g.record_dtype)
    scoring(sc_out, piles2, last2, table2, players, setup.params)

    def score_all():
        for _ in range(0, n, CHUNK):
            scoring(sc_out, piles2, last2, table2, players, setup.params)
    res["scoring"] = ns(least(score_all, repeats))
    res["play"] = res["kernel"] - res["deal"] - res["scoring"]
    recs = g.run_chunk(setup, 1, 0, CHUNK, out=np.empty(CHUNK, g.record_dtype))
    totals = np.zeros(g.n_totals, np.int64)

    def acc():
        for _ in range(0, n, CHUNK):
            g.accumulate(recs, totals)
    res["accumulate"] = ns(least(acc, repeats))
    for threads in (1, 2):
        res[f"runner_{threads}t"] = ns(best[threads])
        res[f"overhead_{threads}t"] = 1 - res["kernel"] / res[f"runner_{threads}t"]
    return res


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
    p.add_argument("--parts-deals", type=int, default=1_000_000,
                   help="deals per measure of where a deal's time goes (0: skip)")
    p.add_argument("--no-compile", action="store_true", help="skip the compile times")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rules = dict(r.split("=", 1) for r in args.rule)

    command = "python3 benchmarks/bench_scopa.py " + " ".join(argv if argv is not None
                                                              else sys.argv[1:])
    result = {"command": command.strip(),
              "compile_seconds_cold": None if args.no_compile else compile_time('scopa', True),
              "compile_seconds_warm": None if args.no_compile else compile_time('scopa', False),
              "threads": args.threads, "deals": args.deals, "rules": rules,
              "deals_per_second": {},
              "deals_per_cpu_second": {}, "parts": []}
    import simcore
    t = time.perf_counter()
    for n in (2, 3, 4):        # warm the kernels (cache load) before timing
        simcore.simulate("scopa", deals=10, players=n, threads=1, progress=False)
    result["warm_load_seconds"] = time.perf_counter() - t
    for n in (2, 3, 4):
        for s in STRATEGIES:
            key = f"{n}p_{s}"
            result["deals_per_second"][key], result["deals_per_cpu_second"][key] = rate(
                n, s, args.deals, args.threads, args.repeats, rules)
    if args.parts_deals:
        pieces = _pieces()
        result["parts"] = [parts(n, s, args.parts_deals, args.repeats, rules, pieces)
                           for n in (2, 3, 4) for s in PARTS_STRATEGIES]
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"$ {result['command']}")
    print(f"scopa, {args.deals:,} deals x {args.repeats} (median), {args.threads} thread(s)"
          + "".join(f", {k}={v}" for k, v in rules.items()))
    if args.no_compile:
        print("  compile: not measured (--no-compile)")
    else:
        print(f"  compile: cold {result['compile_seconds_cold']:.2f} s, "
              f"warm (cache load) {result['compile_seconds_warm']:.2f} s")
    print(f"  {'':<12}{'deals/s (wall)':>16}{'deals/CPU-s':>16}")
    for key, v in result["deals_per_second"].items():
        print(f"  {key:<12}{v:>16,.0f}{result['deals_per_cpu_second'][key]:>16,.0f}")
    if result["parts"]:
        n = result["parts"][0]["deals"]
        print(f"where a deal's time goes: {n:,} deals per measure, the least CPU time of "
              f"{args.repeats}; ns per deal (CPU time of every thread)")
        cols = [("deal", "deal"), ("play", "play"), ("scoring", "scoring"),
                ("kernel", "kernel"), ("accumulate", "accumulate"),
                ("runner 1t", "runner_1t"), ("runner 2t", "runner_2t")]
        print(f"  {'':<12}" + "".join(f"{c:>12}" for c, _ in cols)
              + f"{'overhead 1t':>13}{'overhead 2t':>13}")
        for r in result["parts"]:
            key = f"{r['players']}p_{r['strategy']}"
            print(f"  {key:<12}" + "".join(f"{r[k]:>12.1f}" for _, k in cols)
                  + f"{r['overhead_1t']:>13.1%}{r['overhead_2t']:>13.1%}")
        print("  (kernel = Game.run_chunk: deal, play and scoring; play = kernel - deal - "
              "scoring; overhead = 1 - kernel / runner: accumulation, chunks, threads, Python)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
