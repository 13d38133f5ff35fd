"""Measuring pieces every benchmark uses (run the scripts as ``python3 benchmarks/X.py``)."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REFSIM_ENV = "TRUNFO_REFSIM"


def compile_time(game: str, cold: bool, **kwargs) -> float:
    """Seconds for the first ``simulate(game, **kwargs)`` call in a fresh process.

    ``cold`` points numba at an empty cache, so the kernels are compiled; otherwise
    they are loaded from the cache on disk.
    """
    extra = "".join(f", {k}={v!r}" for k, v in kwargs.items())
    code = ("import time, simcore; t = time.perf_counter(); "
            f"simcore.simulate({game!r}, deals=1, seed=1, threads=1, progress=False{extra}); "
            "print(time.perf_counter() - t)")
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if cold:
            env["NUMBA_CACHE_DIR"] = tmp
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True)
    return float(out.stdout.strip().splitlines()[-1])


# --- the C yardstick ------------------------------------------------------------------------
# A separate program, not part of this repository: a folder holding ``build.sh`` (which builds
# the yardsticks into the folder it is given and prints the Sueca binary's path; the others
# lie beside it).  A benchmark that can compare with it looks for it with find_refsim() and,
# when it is not there or does not build, prints trunfo's figures alone and says why.
def find_refsim(default: Path | None = None) -> tuple[Path | None, str]:
    """The yardstick's folder, or None, and one line saying where it is or why not.

    ``$TRUNFO_REFSIM`` names the folder; without it, ``default`` (a benchmark's usual place)
    is tried.
    """
    env = os.environ.get(REFSIM_ENV)
    if env:
        folder = Path(env).expanduser()
        if (folder / "build.sh").is_file():
            return folder, f"C yardstick: {folder} (from ${REFSIM_ENV})"
        return None, (f"C column skipped: ${REFSIM_ENV} is {env}, which is not a folder "
                      f"holding the yardstick's build.sh")
    if default is not None and (default / "build.sh").is_file():
        return default, f"C yardstick: {default}"
    return None, (f"C column skipped: no C yardstick found (set ${REFSIM_ENV} to the folder "
                  f"holding its build.sh)")


def build_refsim(folder: Path) -> tuple[str | None, str]:
    """Build the yardstick into a new temporary folder: (Sueca binary path or None, one line)."""
    try:
        out = subprocess.run(["sh", str(folder / "build.sh"), tempfile.mkdtemp(prefix="refsim-")],
                             capture_output=True, text=True, check=True)
    except subprocess.CalledProcessError as e:
        last = (e.stderr or e.stdout or "").strip().splitlines()[-1:] or ["no output"]
        return None, f"C column skipped: the yardstick in {folder} did not build ({last[0]})"
    except OSError as e:
        return None, f"C column skipped: the yardstick in {folder} did not build ({e})"
    binary = out.stdout.strip().splitlines()[-1]
    return binary, f"C yardstick: {folder}, built as {binary}"


# --- trunfo's own C yardsticks (benchmarks/c/) ------------------------------------------------
C_DIR = Path(__file__).resolve().parent / "c"


def build_own_c(name: str) -> tuple[str | None, str]:
    """Build ``benchmarks/c/NAME.c`` (trunfo's own C version of a play, same streams) with
    the system's C compiler: (binary path or None, one line saying what happened)."""
    src = C_DIR / f"{name}.c"
    cc = os.environ.get("CC", "cc")
    out = Path(tempfile.mkdtemp(prefix="trunfo-c-")) / name
    try:
        subprocess.run([cc, "-O3", "-march=native", "-pthread", "-o", str(out), str(src), "-lm"],
                       capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        return None, f"own C column skipped: {src.name} did not build with {cc} ({e})"
    return str(out), f"own C yardstick: {src.name} built with {cc} -O3 -march=native"


def least(f, repeats: int) -> float:
    """The least CPU time (seconds) of ``repeats`` calls of ``f``: robust when the machine
    is shared, unlike wall time."""
    import time
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        f()
        best = min(best, time.process_time() - t)
    return best


def cpu_rate(run, count: int, repeats: int) -> float:
    """Units per CPU second of ``run()`` on one thread (best of ``repeats``)."""
    best = least(run, repeats)
    return count / best if best > 0 else float("nan")
