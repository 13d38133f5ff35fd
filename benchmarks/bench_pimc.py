"""pimc speed and strength: CPU time per decision, and points against an opponent.

    python3 benchmarks/bench_pimc.py [--game G] [--players P] [--against S] [--deals N]
                                     [--configs "samples,depth;..."] [--seed S]

For each configuration, ``pimc(samples=S,depth=D)`` (Scopa: ``pimc(samples=S)``, the depth
is ignored) holds the seats of side 0 and ``--against`` (default ``random``) the others,
for N deals (dealer rotating, seed S, one thread).  Printed: CPU seconds of the run (one
warm-up deal first, so compiling is excluded) divided by pimc's decisions (every card its
seats play, the forced ones included: Sueca 20 a deal, Spades 26, Brisca 40 / players per
pimc seat, Scopa 36 / players per pimc seat), and side 0's mean score less side 1's (card
points; Spades: the hand's score; Scopa: the deal's points).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import numpy as np  # noqa: E402

from simcore.games import get_game  # noqa: E402

#: cards played in a deal, by game (Brisca: by player count)
PLAYS = {"sueca": lambda n: 40, "spades": lambda n: 52, "scopa": lambda n: 36,
         "brisca": lambda n: 48 if n == 6 else 40}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="sueca", choices=sorted(PLAYS))
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--against", default="random")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--configs", default="8,2;16,2;16,3;32,3")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    g = get_game(a.game)
    probe = g.setup(None, (a.against,), players=a.players)
    n = probe.players
    print(f"{a.game}, {n} players: pimc (side 0) against {a.against} (side 1), {a.deals} deals, "
          f"seed {a.seed}, one thread; CPU time")
    print(f"{'samples':>8}{'depth':>6}{'ms/decision':>13}{'side 0 - side 1':>17}")
    for conf in a.configs.split(";"):
        samples, depth = (int(x) for x in conf.split(","))
        name = (f"pimc(samples={samples})" if a.game == "scopa"
                else f"pimc(samples={samples},depth={depth})")
        seats = tuple(name if s % 2 == 0 else a.against for s in range(n))
        setup = g.setup(None, seats, players=n)
        g.run_chunk(setup, a.seed, 0, 1)                 # compile or load, excluded
        t = time.process_time()
        recs = g.run_chunk(setup, a.seed, 0, a.deals)
        cpu = time.process_time() - t
        decisions = PLAYS[a.game](n) * ((n + 1) // 2) / n * a.deals
        score, _ = g.side_results(recs)
        diff = float(np.mean(score[:, 0].astype(float) - score[:, 1]))
        print(f"{samples:>8}{depth if a.game != 'scopa' else '-':>6}"
              f"{1000 * cpu / decisions:>13.2f}{diff:>17.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
