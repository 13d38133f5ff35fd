import os
import signal
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

# A Python without trunfo's dependencies (pytest run outside the README's venv) stops at
# pytest_configure with one line saying what to run, not with an import traceback.
MISSING = [m for m in ("numpy", "numba", "pandas", "pyarrow", "dask", "simcore")
           if find_spec(m) is None]

# The pytest processes keep CPython's frame-stack chunks (tests/arena_cache.py): numba
# compiles faster without mapping and unmapping them all the time (a cold Brisca kernel
# 5.0 -> 4.1 s of CPU).
if not MISSING:
    import arena_cache

    arena_cache.install()

# The commands the tests run in this process say nothing about compiling: whether a test
# compiles a kernel or loads it from the disk cache depends on which tests ran before it
# on the same worker, and the tests read stderr for the one line an error gets.  (The
# commands they start as processes print the notice; those tests leave its lines out.)
if not MISSING:
    from simcore.runner import CompileNotice

    CompileNotice.enabled = False

# A suite started in the background by a script (`python3 -m pytest &`) inherits SIGINT
# ignored, and trunfo then leaves Ctrl-C alone, as it should for such a job; the tests
# that interrupt a command send SIGINT to themselves and expect Ctrl-C's behaviour.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """Two workers per file (``-n auto --dist loadfile``) unless ``-n`` was given, set here
    rather than in ``addopts`` so that a pytest without pytest-xdist reaches the one-line
    message below instead of "unrecognized arguments: -n"."""
    if MISSING or hasattr(config, "workerinput") or not config.pluginmanager.hasplugin("xdist"):
        return
    if config.option.numprocesses is None:
        config.option.numprocesses = "auto"
        config.option.dist = "loadfile"


def pytest_configure(config):
    if MISSING:
        pytest.exit(f"the tests need trunfo and its dependencies in this Python (missing: "
                    f"{', '.join(MISSING)}); set up as the README says: python3 -m venv .venv "
                    f"&& .venv/bin/python -m pip install -c .ci/constraints.txt -e \".[dev]\", "
                    f"then run .venv/bin/python -m pytest", returncode=2)
