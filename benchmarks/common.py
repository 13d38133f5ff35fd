"""Measuring pieces every benchmark uses (run the scripts as ``python3 benchmarks/X.py``)."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile


def compile_time(game: str, cold: bool) -> float:
    """Seconds for the first ``simulate(game)`` call in a fresh process.

    ``cold`` points numba at an empty cache, so the kernels are compiled; otherwise
    they are loaded from the cache on disk.
    """
    code = ("import time, simcore; t = time.perf_counter(); "
            f"simcore.simulate({game!r}, deals=1, seed=1, threads=1, progress=False); "
            "print(time.perf_counter() - t)")
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if cold:
            env["NUMBA_CACHE_DIR"] = tmp
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True)
    return float(out.stdout.strip().splitlines()[-1])
