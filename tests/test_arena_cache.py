"""tests/arena_cache.py: the test processes' arena allocator keeps freed frame-stack chunks
and gives them back, maps and unmaps everything else, and Python runs as before on it."""
import ctypes
import sys
import threading

import numpy as np
import pytest

import arena_cache

pytestmark = pytest.mark.skipif(not arena_cache.supported(),
                                reason="Linux and CPython 3.11/3.12 only")


def test_the_allocator_keeps_chunks_up_to_its_capacity():
    alloc_c, free_c = arena_cache._compile()
    alloc = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint64)(alloc_c.address)
    free = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64,
                            ctypes.c_uint64)(free_c.address)
    kept = np.zeros(arena_cache.CAP + 1, np.uint64)
    ctx = kept.ctypes.data
    chunk = arena_cache.CHUNK
    p = alloc(ctx, chunk)                       # nothing kept: a new mapping
    assert p != 0 and kept[0] == 0
    ctypes.memset(p, 7, chunk)                  # writable, all of it
    free(ctx, p, chunk)
    assert kept[0] == 1 and kept[1] == p        # kept, not unmapped
    assert alloc(ctx, chunk) == p and kept[0] == 0   # and given back
    big = alloc(ctx, 1 << 20)                   # another size: mapped and unmapped
    ctypes.memset(big, 1, 1 << 20)
    free(ctx, big, 1 << 20)
    assert kept[0] == 0
    blocks = [alloc(ctx, chunk) for _ in range(arena_cache.CAP + 3)]
    assert len(set(blocks)) == len(blocks)
    for b in blocks:
        free(ctx, b, chunk)
    assert kept[0] == arena_cache.CAP           # the rest were unmapped
    libc = ctypes.CDLL(None)
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    while kept[0]:                              # the kept ones are those freed: unmap them
        b = alloc(ctx, chunk)
        assert b in blocks
        assert libc.munmap(b, chunk) == 0


def test_python_runs_on_it():
    assert arena_cache.install()

    def deep(n):
        return 0 if n == 0 else 1 + deep(n - 1)

    # deep recursions map chunks past the first and free them on the way back: kept
    assert deep(min(3000, sys.getrecursionlimit() - 200)) > 0
    assert 1 <= arena_cache.kept() <= arena_cache.CAP
    out = []
    t = threading.Thread(target=lambda: out.append(deep(500)))
    t.start()
    t.join()
    assert out == [500]
    assert 1 <= arena_cache.kept() <= arena_cache.CAP
