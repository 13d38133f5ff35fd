"""The batch entry point: results depend only on each position, whatever the threads,
the chunks or what a workspace solved before."""
import random
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from simcore.solver import enums as E
from simcore.solver import nb
from simcore.solver.api import value, workspace
from solver_checks import random_ending


def _batch(n: int, seed: int):
    rng = random.Random(seed)
    positions = [random_ending("sueca", 4, 5, rng)[0] for _ in range(n)]
    hands = np.stack([p.arrays()[0] for p in positions])
    pos = np.stack([p.arrays()[1] for p in positions])
    cfgs = np.stack([p.tables()[0] for p in positions])
    tab = positions[0].tables()[1]
    return positions, hands, pos, cfgs, tab


def _solve(hands, pos, cfgs, tab, threads: int, chunk: int) -> np.ndarray:
    out = np.zeros(len(hands), np.int64)
    wss = [workspace(14) for _ in range(threads)]

    def run(k):
        for s in range(k * chunk, len(hands), threads * chunk):
            e = min(s + chunk, len(hands))
            nb.solve_batch(hands[s:e], pos[s:e], cfgs[s:e], tab, wss[k], out[s:e])

    with ThreadPoolExecutor(threads) as ex:
        list(ex.map(run, range(threads)))
    return out


def test_batch_results_do_not_depend_on_threads_chunks_or_workspace_history():
    positions, hands, pos, cfgs, tab = _batch(24, 7)
    one = _solve(hands, pos, cfgs, tab, 1, 24)
    two = _solve(hands, pos, cfgs, tab, 2, 5)
    assert (one == two).all()
    rev = _solve(hands[::-1].copy(), pos[::-1].copy(), cfgs[::-1].copy(), tab, 2, 3)[::-1]
    assert (one == rev).all()
    # and they are the values of the single-position API (side 0's take beyond its taken)
    for p, v in zip(positions, one):
        assert value(p, workspace(12))[0] == p.taken[0] + v


def test_generation_wrap_clears_the_table():
    positions, hands, pos, cfgs, tab = _batch(3, 8)
    ws = workspace(10)
    ws[6][E.M_GEN] = 32767 - 1          # the next solve wraps the generation counter
    out = np.zeros(3, np.int64)
    nb.solve_batch(hands, pos, cfgs, tab, ws, out)
    assert ws[6][E.M_GEN] == 2
    assert (out == _solve(hands, pos, cfgs, tab, 1, 3)).all()


def test_a_workspace_with_its_table_in_huge_pages_gives_the_same_values():
    """``workspace`` puts tables of 2 MiB or more in memory advised for huge pages (an
    mmap of its own, where the OS offers it): same layout, same values as a small table."""
    positions, hands, pos, cfgs, tab = _batch(6, 9)
    big = workspace(20)
    for a, b in zip(big, nb.new_workspace(20)):
        assert a.shape == b.shape and a.dtype == b.dtype and (a == b).all()
        assert a.flags.writeable and a.flags.c_contiguous and a.flags.aligned
    out = np.zeros(6, np.int64)
    nb.solve_batch(hands, pos, cfgs, tab, big, out)
    assert (out == _solve(hands, pos, cfgs, tab, 1, 6)).all()
