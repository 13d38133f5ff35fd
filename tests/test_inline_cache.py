"""simcore._inline: numba's inliner, with each inlined function's front end kept per process
and without its discarded second copy, compiles the same functions.  (Every kernel parity
test of the suite runs with it; here a small case checks it directly, and the switch.)"""
import os
import subprocess
import sys

import numba
import numpy as np

from simcore import _inline, _jit


@numba.njit(inline="always")
def _add3(x):
    return x + 3


@numba.njit(inline="always")
def _twice(x):
    y = _add3(x)              # nested: _twice's front end holds _add3 inlined
    return y * 2 + _add3(y)


@numba.njit(inline="always")
def _pick(x, a):
    if x % 3 == 0:
        return _twice(x) - a[0]
    return _add3(x) + _twice(a[x % a.shape[0]])


@numba.njit
def _kernel(a):
    s = 0
    for x in a:                # three call sites of _twice, two of _pick, many of _add3
        s += _pick(x, a) + _twice(x) - _pick(x + 1, a)
    return s + _twice(s % 7)


def test_inline_cache_compiles_the_same_function():
    assert _jit.INLINE_CACHE == _inline.install()
    a = np.arange(1, 40, dtype=np.int64)
    assert _kernel(a) == _kernel.py_func(a)


def test_inline_cache_can_be_switched_off():
    code = ("import simcore._jit as j, numba.core.inline_closurecall as i;"
            "print(j.INLINE_CACHE, getattr(i.InlineWorker, '_trunfo_inline_cache', False))")
    env = {**os.environ, "TRUNFO_NUMBA_INLINE_CACHE": "0"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["False", "False"]
