"""reports.stats and the intervals every report table carries, checked against published
values and hand computation (never against the functions under test)."""
import math

import numpy as np
import pandas as pd
import pytest

from reports import stats as est
from reports import tables
from simcore.stats import Z95


# Newcombe (1998), Statistics in Medicine 17, 857-872, Table II, method 3 (Wilson score
# interval without continuity correction), to 4 decimals
@pytest.mark.parametrize("k, n, published", [
    (81, 263, (0.2553, 0.3662)), (15, 148, (0.0624, 0.1605)), (0, 20, (0.0, 0.1611)),
    (1, 29, (0.0061, 0.1718))])
def test_share_is_wilsons_interval_as_published(k, n, published):
    e = est.share(k, n)
    assert e.value == k / n and e.n == n and "Wilson" in e.kind
    assert e.low95 == pytest.approx(published[0], abs=5e-5)
    assert e.high95 == pytest.approx(published[1], abs=5e-5)


def test_mean_interval_by_hand():
    xs = [2, 4, 4, 4, 5, 5, 7, 9]                  # mean 5, sum of squares about it 32
    e = est.mean(xs)
    s2 = 32 / 7
    half = Z95 * math.sqrt(s2 / 8)
    assert (e.value, e.low95, e.high95) == pytest.approx((5, 5 - half, 5 + half))
    assert tuple(est.mean_of_sums(40, 232, 8)) == pytest.approx(tuple(e))
    assert math.isnan(est.mean([3.0]).low95)       # one deal: no variance, no interval


def test_paired_difference_on_students_sleep_data():
    # Cushny & Peebles' sleep data as Student (1908) analysed it: hours gained with two
    # drugs by the same ten patients.  Published (e.g. R's t.test(paired=TRUE) on
    # datasets::sleep): mean difference 1.58, t = 4.0621 on 9 df, so the standard error
    # is 1.58 / 4.0621 = 0.38896.
    drug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]
    drug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
    e = est.paired_difference(drug2, drug1)
    assert e.value == pytest.approx(1.58)
    se = (e.high95 - e.low95) / (2 * Z95)
    assert se == pytest.approx(1.58 / 4.0621, rel=1e-4)
    # pairing matters: the unpaired interval of the same data is much wider
    a, b = est.mean(drug2), est.mean(drug1)
    unpaired_se = math.hypot((a.high95 - a.low95) / (2 * Z95), (b.high95 - b.low95) / (2 * Z95))
    assert unpaired_se > 2 * se
    with pytest.raises(ValueError):
        est.paired_difference([1, 2], [1])


def test_survival_by_hand():
    h = {0: 1, 3: 2, 5: 1}                         # four deals scoring 0, 3, 3, 5
    rows = est.survival(h)
    assert [(r["score"], r["at_least"], r["share"]) for r in rows] == \
        [(0, 4, 1.0), (3, 3, 0.75), (5, 1, 0.25)]
    # Wilson for 3 of 4 by the quadratic: roots of (p - q)^2 = z^2 q (1 - q) / n
    p, n, z = 0.75, 4, Z95
    a, b, c = 1 + z * z / n, -(2 * p + z * z / n), p * p
    d = math.sqrt(b * b - 4 * a * c)
    assert (rows[1]["low95"], rows[1]["high95"]) == pytest.approx(((-b - d) / (2 * a),
                                                                  (-b + d) / (2 * a)))
    assert rows[0]["high95"] == 1.0
    e = est.share_at_least(h, 4)
    assert (e.value, e.n) == (0.25, 4)


def _sueca_frame(points_team0, dealer):
    """A hand-made frame of Sueca deals (only what the tables read)."""
    from simcore.facade import deals_frame
    from simcore.sueca import enums as E
    recs = np.zeros(len(points_team0), E.DEAL_DTYPE)
    recs["points_team0"] = points_team0
    recs["points_team1"] = 120 - np.asarray(points_team0)
    recs["dealer"] = dealer
    recs["games_team0"] = np.where(np.asarray(points_team0) > 60, 1, 0)
    recs["games_team1"] = np.where(np.asarray(points_team0) < 60, 1, 0)
    recs["trump_ace_seat"] = 0
    recs["trump_seven_seat"] = 1
    return deals_frame("sueca", recs)


def test_sueca_91_share_and_survival_on_hand_made_deals():
    pts = [30, 61, 90, 91, 95, 120, 60, 100]
    dealer = [0, 1, 2, 3, 0, 1, 2, 3]              # dealer's team: 0, 1, 0, 1, ...
    df = _sueca_frame(pts, dealer)
    m = tables.score_marks(df, "sueca").set_index(["side", "at_least"])
    team0 = "team 0 (seats 0,2)"
    assert m.loc[(team0, 91), "count"] == 4         # 91, 95, 120, 100
    lo, hi = est.share(4, 8).low95, est.share(4, 8).high95
    assert (m.loc[(team0, 91), "share"], m.loc[(team0, 91), "low95"],
            m.loc[(team0, 91), "high95"]) == pytest.approx((0.5, lo, hi))
    assert m.loc[(team0, 120), "count"] == 1
    # the dealer's team's points: 30, 59, 90, 29, 95, 0, 60, 20 -> 91+ once, 61+ twice
    assert m.loc[("dealer's side", 91), "count"] == 1
    assert m.loc[("dealer's side", 61), "count"] == 2
    s = tables.survival(df, "sueca")
    s0 = s[s["side"] == team0].set_index("score")
    assert s0.loc[91, "at_least"] == 4 and s0.loc[30, "at_least"] == 8
    assert (s0["low95"] <= s0["share"]).all() and (s0["share"] <= s0["high95"]).all()


def test_every_share_and_mean_in_the_tables_has_its_interval():
    import simcore
    r = simcore.simulate("sueca", deals=3000, seed=5, keep_deals=True, threads=1)
    df = r.frame
    hold = tables.holdings(df, "sueca", exact=False)
    for t in (*hold.values(), tables.side_results(df),
              tables.outcome_shares(df), tables.score_marks(df), tables.survival(df)):
        for col in t.columns:
            if col.endswith(("low95", "high95")) or not pd.api.types.is_float_dtype(t[col]):
                continue
            assert f"{col}_low95" in t or (col == "share" and "low95" in t) or \
                (col.startswith("share ") and f"low95 {col[6:]}" in t), col
    tr = hold["team_trumps"]
    tr = tr[tr["deals"] >= 2]
    for col in ("win", "score_91plus", "score_120plus", "mean_score", "share_of_deals"):
        assert (tr[f"{col}_low95"] <= tr[col] + 1e-12).all()
        assert (tr[col] <= tr[f"{col}_high95"] + 1e-12).all()
    # mean points by trumps, by hand from the deals
    d = df["dealer"].to_numpy()
    tr_seat = np.stack([df[f"trumps_seat{i}"] for i in range(4)], 1)
    held = tr_seat[np.arange(len(d)), d] + tr_seat[np.arange(len(d)), (d + 2) % 4]
    pts = np.where(d % 2 == 0, df["points_team0"], df["points_team1"]).astype(float)
    row = tr.set_index("holding").loc[4]
    x = pts[held == 4]
    half = Z95 * x.std(ddof=1) / math.sqrt(len(x))
    assert row["score_91plus"] == pytest.approx((x >= 91).mean())
    assert (row["mean_score"], row["mean_score_low95"], row["mean_score_high95"]) == \
        pytest.approx((x.mean(), x.mean() - half, x.mean() + half))
    dist = tables.score_distribution(df)
    assert any(c.startswith("low95 ") for c in dist.columns)
