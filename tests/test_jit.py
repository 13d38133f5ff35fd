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
