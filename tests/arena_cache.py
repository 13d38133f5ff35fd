"""The test processes keep CPython's 16 KiB frame-stack chunks instead of unmapping them.

CPython 3.11 and 3.12 keep each thread's frames in chunks of 16 KiB that they map when the
stack grows past a chunk and unmap as soon as it shrinks back (``_PyObject_VirtualAlloc``
and ``_PyObject_VirtualFree``, through the *arena allocator*).  Numba's compiler recurses
up and down across such a boundary all the time: ``strace`` of a cold Brisca compile counts
40,633 ``mmap`` of 16 KiB and as many ``munmap`` in 9.6 s, and most of the process's page
faults are those fresh pages.  :func:`install` puts an arena allocator in front of the
default one that keeps up to 64 freed chunks of 16 KiB for the next ones and maps and
unmaps everything else exactly as the default does (so blocks mapped before it was
installed are freed correctly).  Nothing about what is compiled or run changes; a cold
Brisca kernel compiled in 4.1-4.2 s of CPU instead of 5.0 s, with half the page faults.

Test-only (``tests/conftest.py`` installs it in the pytest processes; the commands the
tests start are not affected): the allocator runs as two ``numba.cfunc`` (cached), always
with the GIL held, and the default allocator is put back at exit.  Linux and CPython 3.11
or 3.12 only; ``TRUNFO_TEST_ARENA_CACHE=0`` leaves CPython as it is.
"""
import atexit
import ctypes
import os
import sys

import numpy as np

CHUNK = 16384           # CPython's DATA_STACK_CHUNK_SIZE (3.11, 3.12)
CAP = 64                # chunks kept at most (1 MiB)
_PROT = 0x1 | 0x2       # PROT_READ | PROT_WRITE
_FLAGS = 0x02 | 0x20    # MAP_PRIVATE | MAP_ANONYMOUS (Linux)
_FAILED = 0xFFFFFFFFFFFFFFFF

_STATE = {"installed": False}


class _Allocator(ctypes.Structure):
    """``PyObjectArenaAllocator``: ``void *ctx; void *(*alloc)(void *ctx, size_t size);
    void (*free)(void *ctx, void *ptr, size_t size)``."""
    _fields_ = [("ctx", ctypes.c_void_p), ("alloc", ctypes.c_void_p),
                ("free", ctypes.c_void_p)]


def supported() -> bool:
    return (sys.platform == "linux" and sys.implementation.name == "cpython"
            and sys.version_info[:2] in ((3, 11), (3, 12))
            and os.environ.get("TRUNFO_TEST_ARENA_CACHE", "1") != "0")


def _compile():
    from numba import carray, cfunc, types
    mmap = types.ExternalFunction("mmap", types.uint64(types.uint64, types.uint64,
                                                       types.int32, types.int32, types.int32,
                                                       types.int64))
    munmap = types.ExternalFunction("munmap", types.int32(types.uint64, types.uint64))
    one, chunk, cap = np.uint64(1), np.uint64(CHUNK), np.uint64(CAP)
    prot, flags = np.int32(_PROT), np.int32(_FLAGS)
    failed, none = np.uint64(_FAILED), np.uint64(0)

    # ctx: uint64[CAP + 1], the count of chunks kept, then their addresses
    @cfunc(types.uint64(types.voidptr, types.uint64), cache=True)
    def alloc(ctx, size):
        kept = carray(ctx, CAP + 1, np.uint64)
        if size == chunk and kept[0] > none:
            kept[0] -= one
            return kept[one + kept[0]]
        p = mmap(none, size, prot, flags, np.int32(-1), np.int64(0))
        return none if p == failed else p

    @cfunc(types.void(types.voidptr, types.uint64, types.uint64), cache=True)
    def free(ctx, ptr, size):
        kept = carray(ctx, CAP + 1, np.uint64)
        if size == chunk and kept[0] < cap:
            kept[one + kept[0]] = ptr
            kept[0] += one
            return
        munmap(ptr, size)

    return alloc, free


def install() -> bool:
    """Put the caching arena allocator in force in this process; True if it is."""
    if _STATE["installed"]:
        return True
    if not supported():
        return False
    try:
        alloc, free = _compile()
    except Exception as e:               # the suite runs as well without it, only slower
        print(f"tests/arena_cache.py: CPython's frame chunks are not kept, the suite runs "
              f"slower ({type(e).__name__}: {e})", file=sys.stderr)
        return False
    kept = np.zeros(CAP + 1, np.uint64)
    api = ctypes.pythonapi
    default = _Allocator()
    api.PyObject_GetArenaAllocator(ctypes.byref(default))
    mine = _Allocator(kept.ctypes.data, alloc.address, free.address)
    api.PyObject_SetArenaAllocator(ctypes.byref(mine))     # copied by CPython
    atexit.register(api.PyObject_SetArenaAllocator, ctypes.byref(default))
    _STATE.update(installed=True, kept=kept, alloc=alloc, free=free, default=default)
    return True


def kept() -> int:
    """How many chunks are kept now (0 when not installed)."""
    return int(_STATE["kept"][0]) if _STATE["installed"] else 0
