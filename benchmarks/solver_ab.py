"""CPU time of the double-dummy solver in two builds of trunfo, deal by deal in turn (A/B).

    python3 benchmarks/solver_ab.py OLD_TREE NEW_TREE [--game sueca] [--seed 1]
        [--deals 40 | --only 819,693] [--tt-bits 20] [--json]

Each tree runs in its own process (``PYTHONPATH`` = the tree, run from inside it, so each
uses its own numba cache), which compiles or loads the solver first (not timed).  Then
every deal (``--seed``'s random deals, as ``benchmarks/bench_solver.py`` deals them) is
solved by one process and then the other, the order swapped from one deal to the next,
each solve timed in CPU time of its thread; the pars must agree.  Prints each build's CPU
time, nodes, ns a node and its slowest deal, and the ratio NEW / OLD.

Solving the same deal within a second of each other, on the same core (both processes are
pinned to one, on Linux), both builds meet the same load on a shared machine, which runs of
a whole benchmark one after the other do not.  What remains is still a few per cent: one
tree against itself gave 1.022 here, two commits with the same search 0.982-1.030
(benchmarks/notes/solver.md, "Where the time goes"): repeat a ratio on other deals, with the trees
swapped, before believing it.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

WORKER = r'''
import os, sys, time
if len(sys.argv) > 6 and hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {int(sys.argv[6])})
from simcore.games import get_game
from simcore.solver import enums as E, nb, par as P
from simcore.solver.api import workspace
game = sys.argv[1]
players, seed, last, bits = (int(x) for x in sys.argv[2:6])
g = get_game(game)
setup = g.setup(None, ("random",), players=players)
hands, pos, cfgs, tab = P.positions(g, setup, g.initial_positions(setup, seed, 0, last + 1))
ws = workspace(bits)
meta = ws[6]
nb.solve_value(hands[0], pos[0], cfgs[0], tab, ws)
print("ready", flush=True)
for line in sys.stdin:
    i = int(line)
    n0 = meta[E.M_NODES]
    t0 = time.thread_time()
    v = nb.solve_value(hands[i], pos[i], cfgs[i], tab, ws)
    print(time.thread_time() - t0, meta[E.M_NODES] - n0, v, flush=True)
'''

PLAYERS = {"sueca": ("sueca", 4), "spades": ("spades", 4), "brisca2": ("brisca", 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--game", default="sueca", choices=sorted(PLAYERS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--only", default="", help="comma-separated deal indices instead")
    ap.add_argument("--tt-bits", type=int, default=20)
    ap.add_argument("--json", action="store_true", help="print one JSON object instead")
    a = ap.parse_args(argv)
    try:
        deals = [int(x) for x in a.only.split(",") if x.strip()] or list(range(a.deals))
    except ValueError:
        ap.error(f"--only takes comma-separated deal indices, got {a.only!r}")
    if not deals or min(deals) < 0:
        ap.error("the deals are indices 0 or more, at least one")
    if not 4 <= a.tt_bits <= 28:
        ap.error(f"--tt-bits {a.tt_bits} is outside 4..28")
    trees = [os.path.abspath(a.old), os.path.abspath(a.new)]
    for t in trees:
        if not os.path.isdir(os.path.join(t, "simcore", "solver")):
            ap.error(f"{t} is not a trunfo tree (no simcore/solver in it)")
    game, players = PLAYERS[a.game]
    # both processes on one core (Linux): they take turns, so neither meets a core the
    # other does not
    core = [str(max(os.sched_getaffinity(0)))] if hasattr(os, "sched_getaffinity") else []
    procs = []
    for t in trees:
        env = dict(os.environ, PYTHONPATH=t)
        argv_ = [sys.executable, "-c", WORKER, game, str(players), str(a.seed),
                 str(max(deals)), str(a.tt_bits)] + core
        procs.append(subprocess.Popen(argv_, cwd=t, env=env, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True))
    try:
        return report(a, deals, trees, procs)
    finally:
        for pr in procs:
            if pr.poll() is None:
                pr.kill()
            pr.wait()


def report(a, deals, trees, procs) -> int:
    """Send the deals to the two worker processes in turn and print what they measured."""
    for j, pr in enumerate(procs):
        if pr.stdout.readline().strip() != "ready":
            print(f"the build in {trees[j]} failed to start (its error is above)",
                  file=sys.stderr)
            return 1
    cpu, nodes, worst = [0.0, 0.0], [0, 0], [(0.0, -1), (0.0, -1)]
    for k, i in enumerate(deals):
        pars = []
        for j in ((0, 1) if k % 2 == 0 else (1, 0)):
            procs[j].stdin.write(f"{i}\n")
            procs[j].stdin.flush()
            row = procs[j].stdout.readline().split()
            if len(row) != 3:
                print(f"the build in {trees[j]} stopped at deal {i} (its error is above)",
                      file=sys.stderr)
                return 1
            t, n, v = row
            cpu[j] += float(t)
            nodes[j] += int(n)
            worst[j] = max(worst[j], (float(t), i))
            pars.append(v)
        if pars[0] != pars[1]:
            print(f"deal {i}: the builds disagree on the par ({pars})", file=sys.stderr)
            return 1
    if a.json:
        print(json.dumps({"game": a.game, "seed": a.seed, "deals": len(deals),
                          "old": {"tree": trees[0], "cpu_s": cpu[0], "nodes": nodes[0],
                                  "slowest": {"deal": worst[0][1], "cpu_s": worst[0][0]}},
                          "new": {"tree": trees[1], "cpu_s": cpu[1], "nodes": nodes[1],
                                  "slowest": {"deal": worst[1][1], "cpu_s": worst[1][0]}},
                          "cpu_ratio": cpu[1] / cpu[0],
                          "nodes_ratio": nodes[1] / max(nodes[0], 1)}))
        return 0
    print(f"{a.game}, seed {a.seed}, {len(deals)} deals, each solved by both builds in turn; "
          f"CPU time of the solving thread")
    for j, name in enumerate(("old", "new")):
        print(f"  {name} {trees[j]}: {cpu[j]:.2f} s, {nodes[j]:,} nodes, "
              f"{1e9 * cpu[j] / max(nodes[j], 1):.1f} ns a node, slowest deal {worst[j][1]} "
              f"{worst[j][0]:.2f} s")
    print(f"  new / old: CPU {cpu[1] / cpu[0]:.3f}, nodes {nodes[1] / max(nodes[0], 1):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
