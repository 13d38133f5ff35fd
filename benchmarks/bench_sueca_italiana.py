"""Sueca Italiana throughput: random and greedy play with the bidding strategies.

    python3 benchmarks/bench_sueca_italiana.py [--deals N] [--repeats R] [--json]

Deals/s on one and two threads (compile excluded), the CPU time per deal on one thread, and
the cold and warm compile time of one command; see bench_called.py.
"""
import sys

from bench_called import main

if __name__ == "__main__":
    sys.exit(main("sueca_italiana", "Sueca Italiana"))
