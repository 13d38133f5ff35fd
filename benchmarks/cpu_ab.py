"""CPU time a deal of two builds of trunfo, alternated in one session (A/B).

    python3 benchmarks/cpu_ab.py OLD_TREE NEW_TREE [--game brisca] [--strategy random]
        [--players 2] [--deals 300000] [--repeats 5] [--rounds 3] [--rule KEY=VALUE ...]

Each round runs each tree in a fresh process (``PYTHONPATH`` = the tree, run from inside it,
so each uses its own numba cache): one warm-up chunk (compile or cache load, not counted),
then ``Game.run_chunk`` of ``--deals`` deals on one thread, ``--repeats`` times; the best
``time.process_time()`` is printed as ns of CPU a deal.  The trees alternate so that a
shared machine's load falls on both alike (the rule of the house: CPU time, never wall).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

ONE = r'''
import sys, time
import numpy as np
from simcore.games import get_game
game, strategy, players, count, repeats = sys.argv[1:6]
players, count, repeats = int(players), int(count), int(repeats)
g = get_game(game)
rules = dict(kv.split("=", 1) for kv in sys.argv[6:])
setup = g.setup(rules, tuple(strategy.split(",")), players=players)
out = np.empty(count, g.record_dtype)
g.run_chunk(setup, 1, 0, 1000, out)
best = float("inf")
for _ in range(repeats):
    t = time.process_time()
    g.run_chunk(setup, 1, 0, count, out)
    best = min(best, time.process_time() - t)
print(f"{best / count * 1e9:.1f}")
'''


def one(tree: str, a) -> float:
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", ONE, a.game, a.strategy, str(a.players),
                          str(a.deals), str(a.repeats), *a.rule], cwd=tree, env=env, check=True,
                         capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--game", default="brisca")
    ap.add_argument("--strategy", default="random")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=300_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                    help="a rule option (repeatable), as on the command line")
    a = ap.parse_args()
    rules = "".join(f" {r}" for r in a.rule)
    print(f"{a.game}{rules} {a.players}p {a.strategy}, {a.deals:,} deals, best of {a.repeats}, "
          f"ns of CPU a deal, {a.rounds} rounds alternated")
    for r in range(a.rounds):
        x = one(a.old, a)
        y = one(a.new, a)
        print(f"round {r + 1}: old {x:.1f}  new {y:.1f}  new/old {y / x:.3f}")


if __name__ == "__main__":
    main()
