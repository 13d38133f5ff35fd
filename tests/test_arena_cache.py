"""tests/arena_cache.py: the test processes' arena allocator keeps freed frame-stack chunks
and gives them back, and Python runs as before on it."""
import sys
import threading

import pytest

import arena_cache


@pytest.mark.skipif(not arena_cache.supported(), reason="Linux and CPython 3.11/3.12 only")
def test_freed_frame_chunks_are_kept_and_reused():
    assert arena_cache.install()

    def deep(n):
        return 0 if n == 0 else 1 + deep(n - 1)

    before = arena_cache.kept()
    # a deep recursion maps new chunks, and frees them on the way back: kept now
    assert deep(min(3000, sys.getrecursionlimit() - 200)) > 0
    after = arena_cache.kept()
    assert after > before
    assert after <= arena_cache.CAP
    # the next deep recursion takes them back (and frees them again)
    out = []
    t = threading.Thread(target=lambda: out.append(deep(500)))
    t.start()
    t.join()
    assert out == [500]
    assert 0 < arena_cache.kept() <= arena_cache.CAP
