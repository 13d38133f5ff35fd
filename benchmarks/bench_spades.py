"""Spades: where each hand's time goes, for every Spades strategy.

    python3 benchmarks/bench_spades.py [--hands N] [--repeats R] [--games G]
                                       [--strategies A,B,...] [--no-compile] [--json]

Spades has no C yardstick, so the script takes a hand apart instead, in ns per hand:

- deal: the stream seeded, the documented shuffle, 13 cards to each seat;
- deal+bid: that and the four bids (the strategy's ``bid`` policy, its view kept);
- hand (kernel): the whole kernel, ``Game.run_chunk`` (deal, bids, 13 tricks, scoring,
  the record written), chunks of 65,536 into a reused buffer;
- play: what is left of the kernel once dealing, bidding and scoring are taken away;
- scoring: the hand scored and its record written (the kernel's last step), timed alone;
- accumulate: ``Game.accumulate`` over the records (the summary's totals);
- runner 1t / 2t: ``simcore.simulate`` end to end on 1 and 2 threads (CPU time of every
  thread, per hand), and ``overhead``: the share of the runner's time beyond the kernel.

Times are this process's CPU time (``time.process_time``, every thread counted), the least
of ``--repeats`` runs: on a machine shared with other jobs, wall time also counts the time
spent waiting for a core (the wall rates of the runner are printed too).  The JIT compile
(cold: an empty numba cache in a fresh process; warm: the cache on disk) is measured
apart, per strategy, and never counted.  OpenSpiel's spades (random play of whole hands,
bidding included) is quoted, not re-run: C++ about 31k hands/s, its Python loop about 6k.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from common import least

OPENSPIEL = {"openspiel_cpp": 31_000, "openspiel_python": 6_000}
CHUNK = 1 << 16


def command_line() -> str:
    return "python3 " + " ".join([os.path.relpath(sys.argv[0])] + sys.argv[1:])


# --- pieces of a hand, jitted here from the kernels' own inlined steps -----------------------
def _pieces():
    import numba

    from simcore.deal import SHUFFLED
    from simcore.rng import seed_stream
    from simcore.spades.enums import N_CARDS, N_SEATS
    from simcore.spades.nb import write_hand, bidding_with, new_hand, score_hand
    from simcore.spades.view import VIEW_DTYPE, view_hand

    @numba.njit(nogil=True)
    def deal_only(base, start, n):
        state = np.empty(4, np.uint64)
        deck = np.empty(N_CARDS, np.int64)
        hands = np.empty(N_SEATS, np.uint64)
        x = np.uint64(0)
        for i in range(n):
            d = start + i
            seed_stream(state, base, d)
            new_hand(state, deck, hands, d % N_SEATS, SHUFFLED, 0)
            x ^= hands[0]
        return x

    def deal_bid(bid, level, draws):
        @numba.njit(nogil=True)
        def run(base, start, n, codes, sp, bmi2):
            state = np.empty(4, np.uint64)
            deck = np.empty(N_CARDS, np.int64)
            hands = np.empty(N_SEATS, np.uint64)
            bids = np.zeros(N_SEATS, np.int64)
            blind = np.zeros(N_SEATS, np.int64)
            status = np.zeros(4, np.int64)
            va = np.zeros(1, VIEW_DTYPE)
            v = va[0]
            v.bmi2 = bmi2
            x = 0
            for i in range(n):
                d = start + i
                seed_stream(state, base, d)
                dealer = d % N_SEATS
                new_hand(state, deck, hands, dealer, SHUFFLED, 0)
                view_hand(v, dealer, 0, 0, 0, 0, 0, 0, level)
                bidding_with(state, hands, dealer, codes, v, sp, bid, level, False, draws,
                             False, False, bids, blind, status)
                x += bids[0] + bids[1] + bids[2] + bids[3]
            return x + va.shape[0]
        return run

    @numba.njit(nogil=True)
    def scoring(out, bids2, blind2, tricks2, params):
        bids = np.zeros(N_SEATS, np.int64)
        blind = np.zeros(N_SEATS, np.int64)
        tricks = np.zeros(N_SEATS, np.int64)
        for i in range(out.shape[0]):
            for s in range(N_SEATS):
                bids[s] = bids2[i, s]
                blind[s] = blind2[i, s]
                tricks[s] = tricks2[i, s]
            s0, s1, g0, g1, m0, m1 = score_hand(bids, blind, tricks, params)
            write_hand(out[i], i, i % N_SEATS, bids, blind, tricks, s0, s1, g0, g1)

    return deal_only, deal_bid, scoring


def measure(strategy: str, hands: int, repeats: int, games: int, pieces) -> dict:
    import simcore
    from simcore.games import get_game
    from simcore.rng import seed_base
    from simcore.spades.bidding import default_bid
    from simcore.strategy import dispatcher
    deal_only, deal_bid, scoring = pieces
    g = get_game("spades")
    setup = g.setup({}, (strategy,))
    lu = setup.lineup
    base = seed_base(1)
    n = (hands + CHUNK - 1) // CHUNK * CHUNK
    ns = lambda s: 1e9 * s / n   # noqa: E731

    deal_only(base, 0, 10)
    bid_run = deal_bid(dispatcher(lu.key, "bid", default_bid), lu.view, not lu.deterministic)
    bid_run(base, 0, 10, lu.codes, lu.params, setup.bmi2)
    out = np.empty(CHUNK, g.record_dtype)
    g.run_chunk(setup, 1, 0, 10, out=out)
    simcore.simulate("spades", deals=10, seed=1, strategies=(strategy,), threads=1,
                     progress=False)
    res = {"strategy": strategy, "hands": n}
    res["deal"] = ns(least(lambda: deal_only(base, 0, n), repeats))
    res["deal_bid"] = ns(least(lambda: bid_run(base, 0, n, lu.codes, lu.params, setup.bmi2),
                               repeats))

    def kernel():
        for s in range(0, n, CHUNK):
            g.run_chunk(setup, 1, s, CHUNK, out=out)

    def runner(threads):
        r = simcore.simulate("spades", deals=n, seed=1, strategies=(strategy,),
                             threads=threads, progress=False)
        return r.seconds

    # the kernel and the runner are timed in turn, so that both meet the same machine
    best = {"kernel": float("inf"), 1: float("inf"), 2: float("inf")}
    wall = {1: float("inf"), 2: float("inf")}
    for _ in range(repeats):
        t = time.process_time()
        kernel()
        best["kernel"] = min(best["kernel"], time.process_time() - t)
        for threads in (1, 2):
            t = time.process_time()
            w = runner(threads)
            best[threads] = min(best[threads], time.process_time() - t)
            wall[threads] = min(wall[threads], w)
    res["kernel"] = ns(best["kernel"])

    recs = g.run_chunk(setup, 1, 0, CHUNK, out=np.empty(CHUNK, g.record_dtype))
    seats = range(4)
    bids2 = np.stack([recs[f"bid_seat{s}"] for s in seats], axis=1).astype(np.int64)
    blind2 = np.stack([recs[f"nil_seat{s}"] >= 3 for s in seats], axis=1).astype(np.int64)
    tricks2 = np.stack([recs[f"tricks_seat{s}"] for s in seats], axis=1).astype(np.int64)
    sc_out = np.empty(CHUNK, g.record_dtype)
    scoring(sc_out, bids2, blind2, tricks2, setup.params)
    assert (sc_out[["score_team0", "score_team1", "bags_team0", "bags_team1", "outcome"]]
            == recs[["score_team0", "score_team1", "bags_team0", "bags_team1",
                     "outcome"]]).all()

    def score_all():
        for _ in range(0, n, CHUNK):
            scoring(sc_out, bids2, blind2, tricks2, setup.params)
    res["scoring"] = ns(least(score_all, repeats))
    res["play"] = res["kernel"] - res["deal_bid"] - res["scoring"]
    totals = np.zeros(g.n_totals, np.int64)

    def acc():
        for _ in range(0, n, CHUNK):
            g.accumulate(recs, totals)
    res["accumulate"] = ns(least(acc, repeats))

    for threads in (1, 2):
        res[f"runner_{threads}t"] = ns(best[threads])
        res[f"runner_{threads}t_wall"] = ns(wall[threads])
        res[f"overhead_{threads}t"] = 1 - res["kernel"] / res[f"runner_{threads}t"]
    res["kernel_hands_per_second"] = 1e9 / res["kernel"]
    if games:
        simcore.simulate_rubbers("spades", rubbers=1, seed=1, strategies=(strategy,),
                                 threads=1, progress=False)      # compile or load first
        t = time.process_time()
        r = simcore.simulate_rubbers("spades", rubbers=games, seed=1, strategies=(strategy,),
                                     threads=1, progress=False)
        cpu = time.process_time() - t
        res["games"] = games
        res["game_hands"] = r.summary["hands"]
        res["game_ns_per_hand"] = 1e9 * cpu / r.summary["hands"]
    return res


def cold_compile(strategy: str) -> tuple[float, float]:
    """CPU seconds of the first hand and the first game of ``strategy`` in a fresh process
    with an empty numba cache (every kernel it needs compiled; helpers shared by strategies
    are compiled again, as a user would see it)."""
    code = ("import time, simcore\nt = time.process_time()\n"
            f"simcore.simulate('spades', deals=1, seed=1, strategies=({strategy!r},), "
            "threads=1, progress=False)\na = time.process_time() - t\n"
            f"simcore.simulate_rubbers('spades', rubbers=1, seed=1, strategies=({strategy!r},), "
            "threads=1, progress=False)\nprint(a, time.process_time() - t - a)")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env={**os.environ, "NUMBA_CACHE_DIR": tmp}, check=True)
    a, b = out.stdout.split()[-2:]
    return float(a), float(b)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2_000_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--games", type=int, default=2_000, help="games to 500 per strategy")
    ap.add_argument("--strategies", default=None, help="default: every Spades strategy")
    ap.add_argument("--no-compile", action="store_true", help="skip the cold compiles")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()

    from simcore.strategy import strategies_for
    names = a.strategies.split(",") if a.strategies else list(strategies_for("spades"))
    pieces = _pieces()
    rows = [measure(s, a.hands, a.repeats, a.games, pieces) for s in names]
    compiles = {} if a.no_compile else {s: cold_compile(s) for s in names}
    res = {"command": command_line(), "rows": rows, "cold_compile_seconds": compiles,
           **OPENSPIEL}
    if a.json:
        print(json.dumps(res))
        return 0
    n = rows[0]["hands"]
    print(f"$ {res['command']}")
    print(f"Spades, {n:,} hands per measure, the least CPU time of {a.repeats}; "
          f"ns per hand (CPU time of every thread)")
    cols = [("deal", "deal"), ("deal+bid", "deal_bid"), ("play", "play"),
            ("scoring", "scoring"), ("hand", "kernel"), ("accumulate", "accumulate"),
            ("runner 1t", "runner_1t"), ("runner 2t", "runner_2t")]
    print(f"  {'strategy':<10}" + "".join(f"{c:>12}" for c, _ in cols)
          + f"{'overhead 1t':>13}{'overhead 2t':>13}")
    for r in rows:
        print(f"  {r['strategy']:<10}" + "".join(f"{r[k]:>12.1f}" for _, k in cols)
              + f"{r['overhead_1t']:>13.1%}{r['overhead_2t']:>13.1%}")
    print("  (hand = the kernel: deal+bid, play and scoring; overhead = 1 - hand / runner: "
          "accumulation, chunks, threads, Python)")
    print(f"  {'strategy':<10}{'kernel hands/s':>16}{'runner 2t hands/s (wall)':>27}"
          f"{'kernel vs OpenSpiel C++ 31k':>30}{'vs Python 6k':>14}")
    for r in rows:
        k = r["kernel_hands_per_second"]
        print(f"  {r['strategy']:<10}{k:>16,.0f}{1e9 / r['runner_2t_wall']:>27,.0f}"
              f"{k / OPENSPIEL['openspiel_cpp']:>29.1f}x{k / OPENSPIEL['openspiel_python']:>13.0f}x")
    if a.games:
        for r in rows:
            print(f"  {r['strategy']:<10}games to 500: {r['games']:,} games, "
                  f"{r['game_hands']:,} hands, {r['game_ns_per_hand']:.1f} ns per hand (CPU)")
    for s, (h, g) in compiles.items():
        print(f"  cold compile, {s:<8} (fresh process, empty cache): hands {h:.1f} s, "
              f"then games {g:.1f} s (CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
