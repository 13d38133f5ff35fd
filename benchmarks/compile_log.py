"""Which tests compile which kernels: a pytest plugin, and its summary.

The suite's time is mostly numba compiling distinct kernels (one per game, lineup, player
count, variant and mode); a kernel compiled by one test is loaded from the on-disk cache by
the next (cheap), so what costs is the number of *distinct* kernels the tests ask for, and
the same kernel compiled at once by two xdist workers.  To see them:

    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=benchmarks COMPILE_LOG=compiles.jsonl \\
        python3 -m pytest -p no:cacheprovider -p compile_log [tests/...]
    python3 benchmarks/compile_log.py compiles.jsonl

The plugin appends one JSON line per top-level numba compile (function, argument types with
the record dtypes shortened, the literal keys, CPU seconds of the process, the test running,
the process id) and one per test (its CPU seconds).  The summary lists the kernels by cost,
those compiled more than once (by two processes: a concurrent duplicate, or one the cache
did not serve) and the tests that compile most.
"""
from __future__ import annotations

import json
import os
import re
import resource
import threading
import time
import sys
from collections import defaultdict

_OUT = os.environ.get("COMPILE_LOG", "compiles.jsonl")


def _children() -> float:
    """CPU of the finished subprocesses waited for (the CLI tests' commands)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _short_args(a: str) -> str:
    """The argument types with each ``Record(...)`` (the record dtypes) cut to ``REC``."""
    out, i = [], 0
    while True:
        j = a.find("Record(", i)
        if j < 0:
            out.append(a[i:])
            return "".join(out)
        out.append(a[i:j])
        depth, k = 0, j
        while k < len(a):
            if a[k] == "(":
                depth += 1
            elif a[k] == ")":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        out.append("REC")
        i = k + 1


def _write(row: dict) -> None:
    with open(_OUT, "a") as f:
        f.write(json.dumps(row) + "\n")


try:                                    # as a pytest plugin
    import pytest
    from numba.core import event as _event

    _state = {"test": None, "stack": []}

    class _Listener(_event.Listener):
        def on_start(self, event):
            _state["stack"].append(_cpu())

        def on_end(self, event):
            c0 = _state["stack"].pop()
            if _state["stack"]:         # nested: part of the enclosing compile
                return
            d = event.data or {}
            f = getattr(d.get("dispatcher"), "py_func", None)
            name = f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', '?')}"
            args = _short_args(str(d.get("args")))
            _write({"kind": "compile", "fn": name, "args": args,
                    "key": " ".join(re.findall(r"Literal\[\w+\]\([^)]*\)", args)),
                    "cpu": _cpu() - c0, "test": _state["test"], "pid": os.getpid()})

    _event.register("numba:compile", _Listener())

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        _state["test"] = item.nodeid
        c0 = _cpu()
        s0 = resource.getrusage(resource.RUSAGE_SELF).ru_stime
        k0 = _children()
        w0 = time.perf_counter()
        yield
        _write({"kind": "test", "test": item.nodeid, "cpu": _cpu() - c0,
                "sys": resource.getrusage(resource.RUSAGE_SELF).ru_stime - s0,
                "children": _children() - k0, "wall": time.perf_counter() - w0,
                "threads": threading.active_count(), "pid": os.getpid()})
except ImportError:                     # pragma: no cover (the summary needs neither)
    pass


def summarize(path: str, top: int = 40) -> None:
    rows = [json.loads(line) for line in open(path)]
    comp = [r for r in rows if r["kind"] == "compile"]
    tests = [r for r in rows if r["kind"] == "test"]
    by_kernel = defaultdict(list)
    for r in comp:
        by_kernel[(r["fn"], r["args"])].append(r)
    total = sum(r["cpu"] for r in comp)
    print(f"{len(comp)} top-level compiles, {total:.0f} CPU-s, {len(by_kernel)} distinct; "
          f"{len(tests)} tests, {sum(r['cpu'] for r in tests):.0f} CPU-s in tests, "
          f"{sum(r.get('children', 0) for r in tests):.0f} CPU-s in their subprocesses")
    again = {k: v for k, v in by_kernel.items() if len(v) > 1}
    print(f"\ncompiled more than once: {len(again)} kernels, "
          f"{sum(r['cpu'] for v in again.values() for r in v[1:]):.0f} CPU-s of repeats")
    for (fn, _), v in sorted(again.items(), key=lambda kv: -sum(r["cpu"] for r in kv[1])):
        print(f"  {len(v)}x {fn} {v[0]['key']}: " + "; ".join(
            f"pid {r['pid']} {r['cpu']:.1f}s {r['test']}" for r in v))
    print(f"\nkernels by cost (first {top})")
    for (fn, _), v in sorted(by_kernel.items(), key=lambda kv: -sum(r["cpu"] for r in kv[1]))[:top]:
        print(f"  {sum(r['cpu'] for r in v):6.1f}s {fn} {v[0]['key']}  <- {v[0]['test']}")
    by_file = defaultdict(lambda: [0, 0.0])
    for r in comp:
        f = (r["test"] or "?").split("::")[0]
        by_file[f][0] += 1
        by_file[f][1] += r["cpu"]
    kids = defaultdict(float)
    for r in tests:
        kids[r["test"].split("::")[0]] += r.get("children", 0)
    if any(kids.values()):
        print("\nsubprocesses by test file (CPU-s)")
        for f, c in sorted(kids.items(), key=lambda kv: -kv[1])[:15]:
            if c >= 0.5:
                print(f"  {c:6.1f}s {f}")
    print("\ncompiles by test file")
    for f, (n, c) in sorted(by_file.items(), key=lambda kv: -kv[1][1]):
        print(f"  {c:6.1f}s {n:3d} {f}")


if __name__ == "__main__":
    summarize(sys.argv[1])
