"""The one place where the package's JIT options are set.

Every kernel in trunfo is compiled with :data:`njit` from here, so caching,
the error model and GIL release are decided once for the whole package.
"""
import numba

JIT_OPTIONS = dict(
    cache=True,          # compiled code is kept on disk: a warm first call is cheap
    nogil=True,          # the batch runner calls kernels from several threads
    error_model="numpy",  # no Python-style ZeroDivision checks in hot loops
    boundscheck=False,
)


def njit(*args, **kwargs):
    """``numba.njit`` with the package's options (overridable per function)."""
    options = {**JIT_OPTIONS, **kwargs}
    if args and callable(args[0]) and len(args) == 1:
        return numba.njit(**options)(args[0])
    return numba.njit(*args, **options)
