"""The one place where the package's JIT options are set.

Every kernel in trunfo is compiled with :data:`njit` from here, so caching,
the error model and GIL release are decided once for the whole package.
"""
import hashlib
import os

import numba
import numpy as np
from numba.core import event as ev

from simcore import _cache, _inline

#: each inlined function's front end once per process, not once per call site
INLINE_CACHE = _inline.install()
#: cached kernels of simcore/ and strategies/ stamped with both packages' whole source
SOURCE_STAMP = _cache.install()

try:
    import fcntl
except ImportError:  # not on Windows: there, processes may compile the same kernel twice
    fcntl = None

JIT_OPTIONS = dict(
    cache=True,          # compiled code is kept on disk: a warm first call is cheap
    nogil=True,          # the batch runner calls kernels from several threads
    error_model="numpy",  # no Python-style ZeroDivision checks in hot loops
    boundscheck=False,
)

#: the options for ``numba.extending.overload`` implementations: they are compiled into
#: the cached kernel that calls them, and are not cached on their own
KERNEL_OPTIONS = {k: v for k, v in JIT_OPTIONS.items() if k != "cache"}


def njit(*args, **kwargs):
    """``numba.njit`` with the package's options (overridable per function)."""
    options = {**JIT_OPTIONS, **kwargs}
    if args and callable(args[0]) and len(args) == 1:
        return numba.njit(**options)(args[0])
    return numba.njit(*args, **options)


_ENTRY_POINTS: dict = {}

#: called as ``notice(label)`` around a compilation (or a load from the cache); returns a
#: context manager.  The runner installs one that tells the user on stderr.
_COMPILE_NOTICE = None


def set_compile_notice(notice) -> None:
    """Install the context-manager factory :func:`specialized` wraps compilations in."""
    global _COMPILE_NOTICE
    _COMPILE_NOTICE = notice


class _OnFirstCompile(ev.Listener):
    """Calls ``start()`` when the first compilation inside the ``with`` block begins."""

    def __init__(self, start):
        self.start = start
        self.fired = False

    def on_start(self, event):
        if not self.fired:
            self.fired = True
            self.start()

    def on_end(self, event):
        pass


def kernel_label(dispatcher) -> str:
    """``simcore.sueca.nb`` -> ``sueca``, ``mypkg.twenty.nb`` -> ``twenty``: whose kernels
    a dispatcher compiles (a game's folder, or the engine's module)."""
    parts = dispatcher.py_func.__module__.split(".")
    if parts[0] == "simcore":
        return parts[1] if len(parts) > 2 else parts[-1]
    return parts[-2] if len(parts) > 1 else parts[-1]


def specialized(dispatcher, args: tuple, *literals):
    """The compiled entry point of ``dispatcher`` for ``args`` followed by the compile-time
    constants ``literals`` (typed as numba literals: the kernel asks ``numba.literally``
    for them).

    Called from Python with plain values, such a kernel re-types itself on every call
    (about 70 ms); and a jitted dispatcher with one call per value compiles every value's
    kernel at once.  This compiles (or loads from the cache) only the variant asked for,
    on first use, and then returns it from a dictionary.  Numba does not prune a branch on
    a literal before typing it, so a kernel that must not compile its other variants'
    code chooses it when typed (an ``overload``, as ``sueca.nb.deals_loop``).  Call the
    result with ``*args, *literals``.
    """
    fast = (dispatcher, tuple(_type_key(a) for a in args), literals)
    entry = _BY_KEY.get(fast)
    if entry is not None:
        return entry
    sig = tuple(numba.typeof(a) for a in args) + tuple(numba.types.literal(v) for v in literals)
    key = (dispatcher, sig)
    entry = _ENTRY_POINTS.get(key)
    if entry is None:
        with _compile_lock(dispatcher, sig):
            if _COMPILE_NOTICE is None:
                entry = dispatcher.compile(sig)
            else:
                # the notice starts only when numba really compiles (not for a cache load)
                cached = type(getattr(dispatcher, "_cache", None)).__name__ != "NullCache"
                notice = _COMPILE_NOTICE(kernel_label(dispatcher), cached)
                try:
                    with ev.install_listener("numba:compile",
                                             _OnFirstCompile(notice.begin)):
                        entry = dispatcher.compile(sig)
                finally:
                    notice.end()
        _ENTRY_POINTS[key] = entry
    _BY_KEY[fast] = entry
    return entry


class _compile_lock:
    """Held while one process compiles (or loads) a cached kernel variant: another process
    that needs the same variant at the same time (a second test worker, a second command, a
    cluster's workers on one machine) waits, then loads it from the disk cache instead of
    compiling it again.  A lock file per variant beside the cache's files; without a disk
    cache, or where the file cannot be made, nothing is locked."""

    def __init__(self, dispatcher, sig):
        self.path = None
        cache = getattr(dispatcher, "_cache", None)
        where = getattr(cache, "cache_path", None)
        if fcntl is None or where is None:
            return
        f = dispatcher.py_func
        name = hashlib.sha1(f"{f.__module__}.{f.__qualname__}|{sig}".encode()).hexdigest()
        self.path = os.path.join(where, f"{f.__name__}-{name[:16]}.lock")
        self.fd = None

    def __enter__(self):
        if self.path is not None:
            try:
                os.makedirs(os.path.dirname(self.path), exist_ok=True)
                self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
                fcntl.flock(self.fd, fcntl.LOCK_EX)
            except OSError:
                if self.fd is not None:
                    os.close(self.fd)
                self.fd = None
        return self

    def __exit__(self, *exc):
        if self.path is not None and self.fd is not None:
            os.close(self.fd)       # releases the lock
            self.fd = None
        return False


#: entry points by a cheap key of the arguments' types (numba's ``typeof`` of a record
#: array costs about 0.1 ms, paid on every call of a kernel from Python otherwise)
_BY_KEY: dict = {}


def _type_key(a):
    """What numba's type of ``a`` depends on: for an array its class, dtype (and whether it
    is an aligned struct), dimensions, contiguity and writeability; tuples element by
    element; anything else (scalars: an int's type depends on its value) its numba type."""
    t = type(a)
    if t is np.ndarray:
        f = a.flags
        return (a.dtype, a.dtype.isalignedstruct, a.ndim, f.c_contiguous, f.f_contiguous,
                f.writeable)
    if t is tuple:
        return ("tuple",) + tuple(_type_key(x) for x in a)
    return numba.typeof(a)
