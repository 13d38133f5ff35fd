"""The same seed gives bit-identical results whatever the threads or chunk size."""
import numpy as np
import pandas as pd
import pytest

import simcore


@pytest.mark.parametrize("strategies", [("random",), ("greedy", "random", "random", "greedy")])
def test_same_deals_for_any_thread_count_and_chunk_size(strategies):
    runs = [simcore.simulate("sueca", deals=30_000, seed=77, strategies=strategies,
                             keep_deals=True, threads=t, chunk=c)
            for t, c in [(1, 30_000), (2, 4096), (2, 1000), (1, 7)]]
    for r in runs[1:]:
        pd.testing.assert_frame_equal(r.frame, runs[0].frame)
        assert r.summary == runs[0].summary


def test_chunks_starting_anywhere_give_the_same_deals():
    from simcore.games import get_game
    g = get_game("sueca")
    setup = g.setup({}, ("random",))
    whole = g.run_chunk(setup, 5, 0, 1000)
    parts = np.concatenate([g.run_chunk(setup, 5, s, 250) for s in range(0, 1000, 250)])
    assert (whole == parts).all()


def test_rubbers_identical_for_any_thread_count_and_chunk_size():
    a = simcore.simulate_rubbers("sueca", rubbers=3000, seed=3, threads=1, chunk=3000,
                                 keep_rubbers=True)
    b = simcore.simulate_rubbers("sueca", rubbers=3000, seed=3, threads=2, chunk=128,
                                 keep_rubbers=True)
    pd.testing.assert_frame_equal(a.frame, b.frame)
    assert a.summary == b.summary


def test_different_seeds_give_different_deals():
    a = simcore.simulate("sueca", deals=2000, seed=1, keep_deals=True).frame
    b = simcore.simulate("sueca", deals=2000, seed=2, keep_deals=True).frame
    assert not a["points_team0"].equals(b["points_team0"])
