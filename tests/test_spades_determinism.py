"""Spades: bit-identical results whatever the threads or chunk size."""
import numpy as np
import pandas as pd
import pytest

import simcore
from simcore.games import get_game


@pytest.mark.parametrize("strategies", [("random",), ("greedy", "random", "random", "greedy")])
def test_same_hands_for_any_thread_count_and_chunk_size(strategies):
    runs = [simcore.simulate("spades", deals=6000, seed=77, strategies=strategies,
                             rules={"break_spades": True}, keep_deals=True, threads=t, chunk=c,
                             progress=False)
            for t, c in [(1, 6000), (2, 1024), (2, 333), (1, 7)]]
    for r in runs[1:]:
        pd.testing.assert_frame_equal(r.frame, runs[0].frame)
        assert r.summary == runs[0].summary


def test_chunks_starting_anywhere_give_the_same_hands():
    g = get_game("spades")
    setup = g.setup({}, ("greedy", "random", "greedy", "random"))
    whole = g.run_chunk(setup, 5, 0, 400)
    parts = np.concatenate([g.run_chunk(setup, 5, s, 100) for s in range(0, 400, 100)])
    assert (whole == parts).all()


def test_games_identical_for_any_thread_count_and_chunk_size():
    kw = dict(seed=3, strategies=("greedy", "random", "greedy", "greedy"),
              rules={"mercy": True, "blind_nil": True}, keep_rubbers=True, progress=False)
    a = simcore.simulate_rubbers("spades", rubbers=300, threads=1, chunk=300, **kw)
    b = simcore.simulate_rubbers("spades", rubbers=300, threads=2, chunk=16, **kw)
    pd.testing.assert_frame_equal(a.frame, b.frame)
    assert a.summary == b.summary


def test_side_results_follow_the_hand_score():
    g = get_game("spades")
    recs = g.run_chunk(g.setup({}, ("random",)), 1, 0, 500)
    score, result = g.side_results(recs)
    assert score.shape == result.shape == (500, 2)
    assert (score[:, 0] == recs["score_team0"]).all()
    exp = np.where(score[:, 0] > score[:, 1], 1.0, np.where(score[:, 0] < score[:, 1], 0.0, 0.5))
    assert (result[:, 0] == exp).all() and (result.sum(axis=1) == 1.0).all()


def test_totals_count_every_record():
    """Game.accumulate's totals, recounted here from the records with numpy."""
    from simcore.spades import enums as E
    g = get_game("spades")
    recs = g.run_chunk(g.setup({}, ("greedy", "random", "greedy", "random")), 2, 0, 3000)
    totals = np.zeros(g.n_totals, np.int64)
    g.accumulate(recs[:1000], totals)
    g.accumulate(recs[1000:], totals)
    col = lambda k: recs[k].astype(np.int64)          # noqa: E731
    oc = col("outcome")
    dealer_odd = (col("dealer") & 1) == 1
    dc = np.where(dealer_odd & (oc != 0), 3 - oc, oc)
    t0 = col("tricks_seat0") + col("tricks_seat2")
    made0 = t0 >= col("bid_seat0") + col("bid_seat2")
    made1 = 13 - t0 >= col("bid_seat1") + col("bid_seat3")
    want = np.zeros(g.n_totals, np.int64)
    want[E.T_OUTCOME:E.T_OUTCOME + 3] = np.bincount(oc, minlength=3)
    want[E.T_DEALER_OUTCOME:E.T_DEALER_OUTCOME + 3] = np.bincount(dc, minlength=3)
    want[E.T_MADE:E.T_MADE + 2] = [made0.sum(), made1.sum()]
    want[E.T_SET:E.T_SET + 2] = [(~made0).sum(), (~made1).sum()]
    nil = np.concatenate([col(f"nil_seat{s}") for s in range(4)])
    want[E.T_NIL:E.T_NIL + 5] = np.bincount(nil, minlength=5)
    want[E.T_SCORE:E.T_SCORE + 2] = [col("score_team0").sum(), col("score_team1").sum()]
    want[E.T_BAGS:E.T_BAGS + 2] = [col("bags_team0").sum(), col("bags_team1").sum()]
    bids = np.concatenate([col(f"bid_seat{s}") for s in range(4)])
    want[E.T_BIDS:E.T_BIDS + 14] = np.bincount(bids, minlength=14)
    want[E.T_TRICKS0:E.T_TRICKS0 + 14] = np.bincount(t0, minlength=14)
    assert (totals == want).all()
    assert 0 < made0.sum() < 3000 and (nil > 0).any()
