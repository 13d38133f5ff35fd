"""The one place where the package's JIT options are set.

Every kernel in trunfo is compiled with :data:`njit` from here, so caching,
the error model and GIL release are decided once for the whole package.
"""
import numba
from numba.core import event as ev

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
    """``simcore.sueca.nb`` -> ``sueca``: whose kernels a dispatcher compiles."""
    parts = dispatcher.py_func.__module__.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "simcore" else parts[-1]


def specialized(dispatcher, args: tuple, *literals):
    """The compiled entry point of ``dispatcher`` for ``args`` followed by the compile-time
    constants ``literals`` (typed as numba literals: the kernel asks ``numba.literally``
    for them).

    Called from Python with plain values, such a kernel re-types itself on every call
    (about 70 ms); and a jitted dispatcher with one call per value compiles every value's
    kernel at once.  This compiles (or loads from the cache) only the variant asked for,
    on first use, and then returns it from a dictionary.  Numba does not prune a branch on
    a literal before typing it, so a kernel that must not compile its other variants'
    code chooses it when typed (an ``overload``, as ``scopa.nb.play_deal``).  Call the
    result with ``*args, *literals``.
    """
    sig = tuple(numba.typeof(a) for a in args) + tuple(numba.types.literal(v) for v in literals)
    key = (dispatcher, sig)
    entry = _ENTRY_POINTS.get(key)
    if entry is None:
        if _COMPILE_NOTICE is None:
            entry = dispatcher.compile(sig)
        else:
            # the notice starts only when numba really compiles (not for a cache load)
            cached = type(getattr(dispatcher, "_cache", None)).__name__ != "NullCache"
            notice = _COMPILE_NOTICE(kernel_label(dispatcher), cached)
            try:
                with ev.install_listener("numba:compile", _OnFirstCompile(notice.begin)):
                    entry = dispatcher.compile(sig)
            finally:
                notice.end()
        _ENTRY_POINTS[key] = entry
    return entry
