"""The stop flag long kernels poll, so that Ctrl-C stops a run inside one kernel call.

Python runs a signal handler in the main thread only, between bytecodes: a kernel running
for seconds (a ``pimc`` decision solving thousands of deals, a whole deal solved double
dummy) cannot be stopped by it.  The runner therefore calls kernels from worker threads
(they release the GIL) and, once Ctrl-C or SIGTERM has stopped its run, raises this
process's stop flag (:func:`request`); the long searches read it now and then
(:func:`stop_requested`: the solver every 65,536 nodes, the ``pimc`` strategies once per
sample) and return at once, with values that are legal but meaningless.  Their caller never
uses such a result: the runner does not consume a piece computed while the flag was up
(:func:`computed`), and it lowers the flag (:func:`clear`) when its stopped run has
ended.  A search that is not stopped reads the flag and nothing else: its results are the
same as without the polling.

The flag is one int64 in this process's memory, reached from compiled code through a
symbol (``trunfo_stop_flag``) registered with LLVM's symbol table at import, as numba's own
helper functions are: a kernel loaded from the disk cache finds it in a new process too.
The next int64 counts the requests (:func:`generation`), so that a piece of a run that was
not stopped, but whose kernel may have seen another run's request, is computed again.
"""
from __future__ import annotations

import ctypes
import threading
import time

import numpy as np
from llvmlite import binding as llvm
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ._jit import njit

SYMBOL = "trunfo_stop_flag"


def _flag_array() -> np.ndarray:
    """The two int64 behind :data:`SYMBOL`: made and registered once per process (a second
    import of this module, e.g. after its entry in ``sys.modules`` was dropped, finds the
    first one's).  The memory hangs on llvmlite's module, which is never unloaded: compiled
    kernels hold its address for the life of the process."""
    address = llvm.address_of_symbol(SYMBOL)
    if not address:
        memory = (ctypes.c_int64 * 2)()
        llvm._trunfo_stop_flag = memory
        address = ctypes.addressof(memory)
        llvm.add_symbol(SYMBOL, address)
    return np.ctypeslib.as_array((ctypes.c_int64 * 2).from_address(address))


_FLAG = _flag_array()          # [0]: a stop is requested; [1]: requests so far
_LOCK = threading.Lock()


@intrinsic
def _load_flag(typingctx):
    sig = types.int64()

    def codegen(context, builder, signature, args):
        module = builder.module
        gv = module.globals.get(SYMBOL)
        if gv is None:
            gv = ir.GlobalVariable(module, ir.IntType(64), SYMBOL)   # external: the symbol
        return builder.load_atomic(gv, "monotonic", 8)
    return sig, codegen


@njit(inline="always")
def stop_requested():
    """True once a stop is requested in this process (see the module doc): a long search
    then returns at once, its result to be thrown away.  Costs one load from memory."""
    return _load_flag() != 0


def requested() -> bool:
    """The flag, read from Python."""
    return bool(_FLAG[0])


def generation() -> int:
    """How many stops were requested in this process so far."""
    return int(_FLAG[1])


def request() -> None:
    """Raise the flag: every polling kernel of this process returns at once."""
    with _LOCK:
        _FLAG[1] += 1                 # counted first: a kernel that saw the flag sees this
        _FLAG[0] = 1


def clear() -> None:
    """Lower the flag (the stopped run's kernels have returned, or are given up on)."""
    with _LOCK:
        _FLAG[0] = 0


def computed(fn, *args, stopping=lambda: False):
    """``fn(*args)`` computed while no stop was requested: when a stop is requested while it
    runs (its kernels may have returned early), it is computed again once the flag is
    lowered, unless ``stopping()`` says that the caller's own run is the one stopped: then
    None, a result the caller must not use."""
    while True:
        while requested():
            if stopping():
                return None
            time.sleep(0.01)
        before = generation()
        if requested():
            continue
        result = fn(*args)
        if generation() == before:
            return result
        if stopping():
            return None
