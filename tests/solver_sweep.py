"""A longer sweep of the solver against the brute force than the test suite runs.

    PYTHONPATH=. python3 tests/solver_sweep.py GAME TRICKS COUNT [SEED]

Checks COUNT random endings of GAME (sueca, spades; 4 players) with TRICKS tricks left,
the par and every legal card's value (tests/solver_checks.py), and prints the failures.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from solver_checks import check_ending  # noqa: E402


def main(argv) -> int:
    game, tricks, count = argv[0], int(argv[1]), int(argv[2])
    seed = int(argv[3]) if len(argv) > 3 else 7
    rng = random.Random(seed)
    bad = 0
    t = time.process_time()
    for i in range(count):
        try:
            check_ending(game, 4, tricks, rng, moves=True, line=False)
        except AssertionError as e:
            bad += 1
            if bad <= 3:
                print("FAIL", i, str(e)[:300])
    print(f"{game}, {tricks} tricks left, {count} endings (seed {seed}): {bad} wrong, "
          f"{time.process_time() - t:.1f} s CPU")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
