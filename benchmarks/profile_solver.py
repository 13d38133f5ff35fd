"""Where the double-dummy solver's time goes: nodes per deal and per null-window search.

    python3 benchmarks/profile_solver.py [--game sueca] [--deals 8 | --only 608,684] [--seed 1]
                                         [--offsets -15,-3,0,1,4,16]

For each random deal (dealt as ``benchmarks/bench_solver.py`` deals them): the par, the CPU
time of the whole solve, the nodes searched, and every null-window search of the
bisection (its target, the fail-soft value it returned, its nodes).  With ``--offsets``,
also the nodes of one null-window search ("can side 0 take at least par + k?") on a fresh
table for each offset k: how the cost of a probe depends on its distance from the par.
Uses only the solver's public jitted entry points (``set_root``, ``alphabeta``).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from simcore.games import get_game  # noqa: E402
from simcore.solver import enums as E  # noqa: E402
from simcore.solver import nb  # noqa: E402
from simcore.solver import par as P  # noqa: E402
from simcore.solver.api import workspace  # noqa: E402

PLAYERS = {"sueca": 4, "spades": 4, "brisca2": 2}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="sueca", choices=sorted(PLAYERS))
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--offsets", default="", help="comma-separated offsets from the par")
    ap.add_argument("--tt-bits", type=int, default=20)
    ap.add_argument("--only", default="",
                    help="comma-separated deal indices (e.g. the slowest ones of "
                         "bench_solver.py --slowest) instead of deals 0 to N-1")
    a = ap.parse_args(argv)
    try:
        only = [int(x) for x in a.only.split(",") if x.strip()]
    except ValueError:
        ap.error(f"--only takes comma-separated deal indices, got {a.only!r}")
    if any(k < 0 for k in only):
        ap.error("--only: deal indices are 0 or more")
    deals = only or list(range(a.deals))
    name = "brisca" if a.game == "brisca2" else a.game
    g = get_game(name)
    setup = g.setup(None, ("random",), players=PLAYERS[a.game])
    P.warm_up(g, setup)
    initial = g.initial_positions(setup, a.seed, 0, max(deals) + 1)
    hands, pos, cfgs, tab = P.positions(g, setup, initial)
    ws = workspace(a.tt_bits)
    st, hs, mv, sm, tk, tv, meta = ws

    def probe(i, t):
        n0 = meta[E.M_NODES]
        v = nb.alphabeta(t - 1, t, cfgs[i], tab, pos[i], st, hs, mv, sm, tk, tv, meta)
        return v, int(meta[E.M_NODES] - n0)

    # compile or load every entry point called below before timing anything
    nb.solve_value(hands[0], pos[0], cfgs[0], tab, ws)
    nb.new_generation(tv, meta)
    nb.set_root(hands[0], pos[0], cfgs[0], tab, st, hs, sm, meta)
    probe(0, 1)
    print(f"{a.game}, seed {a.seed}: the bisection's null-window searches per deal "
          f"(target t: value returned, nodes); CPU time of the whole solve")
    pars = []
    tot_nodes, tot_t = 0, 0.0
    for i in deals:
        t0 = time.thread_time()
        nb.new_generation(tv, meta)
        lo, hi = 0, nb.set_root(hands[i], pos[i], cfgs[i], tab, st, hs, sm, meta)
        rows = []
        while lo < hi:            # as nb._bisect
            t = (lo + hi + 1) // 2
            v, k = probe(i, t)
            rows.append((t, v, k))
            if v >= t:
                lo = v if v < hi else hi
            else:
                hi = v if v > lo else lo
        dt = time.thread_time() - t0
        nodes = sum(r[2] for r in rows)
        tot_nodes += nodes
        tot_t += dt
        pars.append(lo)
        print(f"deal {i:>3}: par {lo:>3} {1000 * dt:>9.1f} ms {nodes:>12,} nodes  "
              + "  ".join(f"{t}:{v}/{k / 1000:,.0f}k" for t, v, k in rows), flush=True)
    print(f"total {tot_t:.2f} s CPU, {tot_nodes:,} nodes, {tot_nodes / tot_t / 1e6:.1f} M nodes/s")
    if a.offsets:
        offs = [int(x) for x in a.offsets.split(",")]
        print("\nnodes of one null-window search 'side 0 takes >= par + k' on a fresh table")
        print("deal  par " + "".join(f"{'k=' + str(k):>9}" for k in offs))
        for j, i in enumerate(deals):
            row = []
            for k in offs:
                nb.new_generation(tv, meta)
                rem = nb.set_root(hands[i], pos[i], cfgs[i], tab, st, hs, sm, meta)
                t = pars[j] + k
                row.append(f"{probe(i, t)[1] / 1000:,.0f}k" if 0 < t <= rem else "-")
            print(f"{i:>4} {pars[j]:>4} " + "".join(f"{x:>9}" for x in row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
