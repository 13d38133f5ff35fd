"""The summaries' means and totals, recomputed from the deal records by plain pandas.

The summaries come from totals the kernels accumulate (histograms, sums); here every
figure is rebuilt from the per-deal records kept with ``keep_deals`` instead.
"""
import numpy as np
import pytest

import simcore


@pytest.mark.parametrize("dealer", [None, 1])
def test_sueca_mean_points_and_games_from_the_deals(dealer):
    r = simcore.simulate("sueca", deals=20_000, seed=3, dealer=dealer, keep_deals=True,
                         strategies=("greedy", "random") * 2, threads=2)
    df, s = r.frame, r.summary
    team = df["dealer"].to_numpy() % 2                  # partners sit opposite: seat % 2
    p0, p1 = df["points_team0"].to_numpy(), df["points_team1"].to_numpy()
    dealer_points = np.where(team == 0, p0, p1)
    assert s["mean_points_team0"] == pytest.approx(p0.mean(), abs=1e-12)
    assert s["mean_points_team1"] == pytest.approx(p1.mean(), abs=1e-12)
    assert s["mean_points_dealer_team"] == pytest.approx(dealer_points.mean(), abs=1e-12)
    assert s["games_team0"] == int(df["games_team0"].sum())
    assert s["games_team1"] == int(df["games_team1"].sum())
    if dealer == 1:                                     # team 1 always deals
        assert s["mean_points_dealer_team"] == pytest.approx(p1.mean(), abs=1e-12)


@pytest.mark.parametrize("players", [2, 4])
def test_brisca_mean_points_from_the_deals(players):
    r = simcore.simulate("brisca", deals=20_000, seed=3, players=players, keep_deals=True,
                         strategies=("greedy",), threads=2)
    df, s = r.frame, r.summary
    side = df["dealer"].to_numpy() % 2
    p0, p1 = df["points_side0"].to_numpy(), df["points_side1"].to_numpy()
    assert s["mean_points_side0"] == pytest.approx(p0.mean(), abs=1e-12)
    assert s["mean_points_side1"] == pytest.approx(p1.mean(), abs=1e-12)
    assert s["mean_points_dealer_side"] == pytest.approx(np.where(side == 0, p0, p1).mean(),
                                                         abs=1e-12)
