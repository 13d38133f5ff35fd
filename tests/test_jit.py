"""simcore._jit.specialized: the compiled variant of a kernel for literal arguments."""
import numpy as np
from numba import literally

from simcore._jit import njit, specialized


@njit
def _scaled(x, k):
    literally(k)
    return x * k


def test_specialized_compiles_one_variant_per_literal_and_reuses_it():
    x = np.arange(4)
    two = specialized(_scaled, (x,), 2)
    three = specialized(_scaled, (x,), 3)
    assert two is specialized(_scaled, (x,), 2)        # looked up, not compiled again
    assert two is not three
    np.testing.assert_array_equal(two(x, 2), x * 2)
    np.testing.assert_array_equal(three(x, 3), x * 3)
    # the argument types are part of the key: a float array gets its own variant
    xf = x.astype(np.float64)
    assert specialized(_scaled, (xf,), 2) is not two
    np.testing.assert_array_equal(specialized(_scaled, (xf,), 2)(xf, 2), xf * 2)


def test_specialized_gives_the_same_variant_exactly_when_numba_types_agree():
    """The entry points are looked up by a cheap key of the arguments (numba's typeof of a
    record array is slow); arrays that numba types alike share a variant, others do not."""
    rec = np.dtype([("a", np.int8), ("b", np.int64)])
    ro = np.arange(6)
    ro.flags.writeable = False
    arrays = [np.arange(6), np.arange(6)[::2], ro, np.arange(6).reshape(2, 3),
              np.asfortranarray(np.arange(6).reshape(2, 3)), np.arange(6, dtype=np.int32),
              np.zeros(3, rec), np.zeros(3, np.dtype(rec.descr, align=True)),
              np.zeros(3, rec)[::2], np.arange(1)]
    import numba
    for a in arrays:
        for b in arrays:
            same = specialized(_first, (a,)) is specialized(_first, (b,))
            assert same == (numba.typeof(a) == numba.typeof(b)), (a, b)


@njit
def _first(x):
    return x.ndim


def test_a_variant_another_process_is_compiling_is_waited_for_then_loaded():
    """Two processes (test workers, commands, a cluster's workers) that need the same cached
    variant at once do not both compile it: the second waits on the variant's lock file,
    then loads what the first put in the disk cache.  Here another thread holds the lock (a
    lock file's lock is per open file, so it excludes this process's own compile too)."""
    import threading
    import time
    import numba
    from simcore._jit import _compile_lock
    x = np.arange(3)
    sig = (numba.typeof(x), numba.types.literal(7))
    held = _compile_lock(_scaled, sig)
    assert held.path is not None and held.path.startswith(_scaled._cache.cache_path)
    got = []
    with held:
        t = threading.Thread(target=lambda: got.append(specialized(_scaled, (x,), 7)))
        t.start()
        t.join(2.0)                            # (compiling _scaled takes well under 1 s)
        assert t.is_alive() and not got        # waiting for the lock
    t.join(60)
    assert not t.is_alive() and got
    np.testing.assert_array_equal(got[0](x, 7), x * 7)
