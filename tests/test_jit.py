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
