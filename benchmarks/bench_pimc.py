"""pimc speed and strength in Sueca: CPU time per decision, and points against random.

    python3 benchmarks/bench_pimc.py [--deals N] [--configs "samples,depth;..."] [--seed S]

For each configuration, ``pimc(samples=S,depth=D)`` holds seats 0 and 2 and ``random``
seats 1 and 3 for N deals (dealer rotating, seed S, one thread).  Printed: CPU seconds of
the run (one warm-up deal first, so compiling is excluded) divided by the pimc decisions
(two seats x 10 tricks a deal, the forced last card included), and pimc's mean points.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from simcore.games import get_game  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--configs", default="8,2;16,2;16,3;32,3")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    g = get_game("sueca")
    print(f"pimc (seats 0, 2) against random (seats 1, 3), {a.deals} deals, seed {a.seed}, "
          f"one thread; CPU time")
    print(f"{'samples':>8}{'depth':>6}{'ms/decision':>13}{'pimc points':>13}")
    for conf in a.configs.split(";"):
        samples, depth = (int(x) for x in conf.split(","))
        name = f"pimc(samples={samples},depth={depth})"
        setup = g.setup(None, (name, "random", name, "random"))
        g.run_chunk(setup, a.seed, 0, 1)                 # compile or load, excluded
        t = time.process_time()
        recs = g.run_chunk(setup, a.seed, 0, a.deals)
        cpu = time.process_time() - t
        ms = 1000 * cpu / (20 * a.deals)
        print(f"{samples:>8}{depth:>6}{ms:>13.2f}{recs['points_team0'].mean():>13.2f}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
