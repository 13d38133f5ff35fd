"""Tests for simcore.stats: values are checked against independent routes."""
import math
import statistics

import pytest

from simcore.stats import (
    Z95,
    bradley_terry,
    bradley_terry_covariance,
    bradley_terry_intervals,
    elo_from_score,
    mean_interval,
    mle_expected,
    paired_mean_interval,
    pentanomial_summary,
    regularize,
    score_from_elo,
    sprt_bounds,
    sprt_decision,
    sprt_llr_pentanomial,
    trinomial_summary,
    wilson_interval,
)


# --- helpers (independent of the module) ----------------------------------

def wilson_by_quadratic(k, n, z=Z95):
    """Wilson bounds as roots of (p - q)^2 = z^2 q (1 - q) / n in q."""
    p = k / n
    a = 1 + z * z / n
    b = -(2 * p + z * z / n)
    c = p * p
    disc = math.sqrt(b * b - 4 * a * c)
    return ((-b - disc) / (2 * a), (-b + disc) / (2 * a))


def logistic(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def pentanomial_probs(elo, draw_ratio):
    """Pair-outcome probabilities of two independent games at a given Elo."""
    s = logistic(elo)
    w = s - draw_ratio / 2
    d = draw_ratio
    l = 1 - w - d
    return [l * l, 2 * l * d, 2 * l * w + d * d, 2 * d * w, w * w]


# --- Wilson -----------------------------------------------------------------

@pytest.mark.parametrize(
    "k, published",
    [(0, (0.0, 0.2775)), (5, (0.2366, 0.7634)), (10, (0.7225, 1.0))],
)
def test_wilson_against_quadratic_roots_and_published(k, published):
    low, high = wilson_interval(k, 10)
    qlow, qhigh = wilson_by_quadratic(k, 10)
    assert low == pytest.approx(qlow, abs=1e-12)
    assert high == pytest.approx(qhigh, abs=1e-12)
    assert low == pytest.approx(published[0], abs=5e-5)
    assert high == pytest.approx(published[1], abs=5e-5)


@pytest.mark.parametrize("k, n, published", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion:
    # comparison of seven methods", Statistics in Medicine 17, 857-872, Table II,
    # method 3 (score interval without continuity correction), to 4 decimals
    (81, 263, (0.2553, 0.3662)),
    (15, 148, (0.0624, 0.1605)),
    (0, 20, (0.0000, 0.1611)),
    (1, 29, (0.0061, 0.1718)),
])
def test_wilson_against_newcombes_published_table(k, n, published):
    low, high = wilson_interval(k, n)
    assert low == pytest.approx(published[0], abs=5e-5)
    assert high == pytest.approx(published[1], abs=5e-5)


def test_wilson_edges_and_errors():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    # more data, same proportion: 30/100 and 300/1000 from the closed form, computed apart
    # (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n), z = 1.959964
    assert wilson_interval(30, 100) == pytest.approx((0.2189, 0.3958), abs=5e-5)
    assert wilson_interval(300, 1000) == pytest.approx((0.2724, 0.3291), abs=5e-5)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(-1, 10)


# --- means ------------------------------------------------------------------

def test_mean_interval_matches_statistics_module():
    xs = [1.0, 2.0, 3.5, 4.0, 7.25, -1.0]
    mean, low, high = mean_interval(sum(xs), sum(x * x for x in xs), len(xs))
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    assert mean == pytest.approx(statistics.fmean(xs), rel=1e-14)
    assert low == pytest.approx(statistics.fmean(xs) - half, rel=1e-12)
    assert high == pytest.approx(statistics.fmean(xs) + half, rel=1e-12)


def test_mean_interval_small_n():
    assert all(math.isnan(v) for v in mean_interval(0.0, 0.0, 0))
    mean, low, high = mean_interval(3.0, 9.0, 1)
    assert mean == 3.0 and math.isnan(low) and math.isnan(high)
    # constant data: zero width even with cancellation
    assert mean_interval(0.3 * 5, 0.09 * 5, 5)[1] == pytest.approx(0.3, abs=1e-7)


def test_paired_mean_interval():
    a = [10, 12, 9, 14, 11, 13]
    b = [9, 12, 7, 13, 11, 10]
    d = [x - y for x, y in zip(a, b)]
    mean, low, high = paired_mean_interval(sum(d), sum(x * x for x in d), len(d))
    half = Z95 * statistics.stdev(d) / math.sqrt(len(d))
    assert mean == pytest.approx(7 / 6)  # d = 1, 0, 2, 1, 0, 3
    assert (low, high) == pytest.approx((7 / 6 - half, 7 / 6 + half), rel=1e-12)


# --- Elo ----------------------------------------------------------------------

def test_elo_known_values():
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.75) == pytest.approx(190.8485, abs=1e-4)
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3), rel=1e-14)
    assert elo_from_score(0.25) == pytest.approx(-190.8485, abs=1e-4)
    assert elo_from_score(0.0) == -math.inf
    assert elo_from_score(1.0) == math.inf
    assert score_from_elo(400) == pytest.approx(10 / 11, rel=1e-14)
    assert score_from_elo(math.inf) == 1.0
    assert score_from_elo(-math.inf) == 0.0
    assert score_from_elo(-1e6) == 0.0  # no overflow
    with pytest.raises(ValueError):
        elo_from_score(1.5)


@pytest.mark.parametrize("elo", [-800.0, -190.0, -3.0, 0.0, 0.7, 42.0, 600.0])
def test_elo_score_round_trip(elo):
    assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo, abs=1e-9)
    s = score_from_elo(elo)
    assert s == pytest.approx(logistic(elo), rel=1e-13)
    assert score_from_elo(-elo) == pytest.approx(1 - s, abs=1e-15)


# --- pentanomial / trinomial summaries --------------------------------------

def test_pentanomial_symmetric_counts():
    counts = [100, 400, 1000, 400, 100]
    r = pentanomial_summary(counts)
    assert r["pairs"] == 2000 and r["games"] == 4000
    assert r["score"] == pytest.approx(0.5, abs=1e-15)
    assert r["elo"] == pytest.approx(0.0, abs=1e-9)
    assert r["elo_low"] == pytest.approx(-r["elo_high"], rel=1e-9)
    assert r["elo_low"] < 0 < r["elo_high"]
    assert r["los"] == pytest.approx(0.5, abs=1e-12)
    # se by hand: per-game pair scores 0, .25, .5, .75, 1 around 0.5
    var = (100 * 0.25 + 400 * 0.0625 + 0 + 400 * 0.0625 + 100 * 0.25) / 2000
    assert r["score_se"] == pytest.approx(math.sqrt(var / 2000), rel=1e-12)
    half = Z95 * math.sqrt(var / 2000)
    assert r["elo_high"] == pytest.approx(400 * math.log10((0.5 + half) / (0.5 - half)), rel=1e-12)


def test_pentanomial_hand_computed():
    counts = [5, 10, 25, 40, 20]  # no zeros: no regularization
    r = pentanomial_summary(counts)
    xs = [0, 0.25, 0.5, 0.75, 1]
    mu = 65 / 100
    var = sum(c * (x - mu) ** 2 for c, x in zip(counts, xs)) / 100
    assert r["score"] == pytest.approx(0.65, rel=1e-14)
    assert r["elo"] == pytest.approx(400 * math.log10(0.65 / 0.35), rel=1e-12)
    assert r["score_se"] == pytest.approx(math.sqrt(var / 100), rel=1e-12)
    assert r["elo_low"] < r["elo"] < r["elo_high"]
    # the Elo interval is asymmetric (logistic is convex above 1/2)
    assert r["elo_high"] - r["elo"] > r["elo"] - r["elo_low"]


def test_pentanomial_matches_fishtest_get_elo():
    # Reference: fishtest stat_util.get_elo (scipy based) run on these counts.
    r = pentanomial_summary([10789, 19328, 33806, 19402, 10543])
    assert r["elo"] == pytest.approx(-0.7735773359165423, rel=1e-9)
    assert r["elo95"] == pytest.approx(1.2775798957280218, rel=1e-9)
    assert r["los"] == pytest.approx(0.1176588580327751, rel=1e-9)
    r = pentanomial_summary([0, 3, 10, 5, 1])  # regularized zero
    assert r["elo"] == pytest.approx(36.68771315697946, rel=1e-9)
    assert r["elo95"] == pytest.approx(61.1848100754078, rel=1e-9)
    t = trinomial_summary([1450, 4000, 1500])
    assert t["elo"] == pytest.approx(2.499579710800597, rel=1e-9)
    assert t["elo95"] == pytest.approx(5.3220452519769985, rel=1e-9)


def test_pentanomial_edges():
    r = pentanomial_summary([0, 0, 0, 0, 0])
    assert math.isnan(r["elo"]) and r["elo_low"] == -math.inf and r["elo_high"] == math.inf
    with pytest.raises(ValueError):
        pentanomial_summary([1, 2, 3])
    with pytest.raises(ValueError):
        pentanomial_summary([1, 2, -3, 4, 5])
    assert regularize([0, 2, 0]) == [1e-3, 2.0, 1e-3]


# --- SPRT ---------------------------------------------------------------------

def test_sprt_bounds():
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(-2.944, abs=5e-4)
    assert upper == pytest.approx(2.944, abs=5e-4)
    assert lower == pytest.approx(math.log(0.05 / 0.95), rel=1e-14)
    assert sprt_bounds(0.05, 0.1) == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))
    with pytest.raises(ValueError):
        sprt_bounds(0.6, 0.5)


def test_mle_expected_constraints():
    values = [0, 0.25, 0.5, 0.75, 1]
    probs = [0.1, 0.2, 0.35, 0.25, 0.1]
    for s in (0.3, 0.5, 0.52, 0.9):
        q = mle_expected(values, probs, s)
        assert sum(q) == pytest.approx(1.0, abs=1e-12)
        assert sum(a * p for a, p in zip(values, q)) == pytest.approx(s, abs=1e-12)
        assert all(p > 0 for p in q)
    # the empirical mean is its own MLE
    mean = sum(a * p for a, p in zip(values, probs))
    assert mle_expected(values, probs, mean) == pytest.approx(probs, abs=1e-12)


def test_sprt_llr_matches_fishtest():
    # Reference: fishtest LLRcalc.LLR_logistic (scipy brentq) on these counts.
    assert sprt_llr_pentanomial([10789, 19328, 33806, 19402, 10543], -3, 1) == pytest.approx(
        2.1310678117940807, rel=1e-9
    )
    assert sprt_llr_pentanomial([39, 2226, 31451, 2412, 40], 0.2, 0.9) == pytest.approx(
        2.1625425800500317, rel=1e-9
    )
    assert sprt_llr_pentanomial([0, 3, 10, 5, 1], 0, 5) == pytest.approx(0.18976275740502527, rel=1e-9)
    assert sprt_llr_pentanomial([1450, 4000, 1500], 0, 5) == pytest.approx(
        -0.00024164917080070868, abs=1e-12
    )


@pytest.mark.parametrize("draw_ratio", [0.0, 0.3, 0.6])
def test_sprt_llr_sign_and_normal_approximation(draw_ratio):
    elo0, elo1, pairs = 0.0, 5.0, 30000
    s0, s1 = logistic(elo0), logistic(elo1)
    xs = [0, 0.25, 0.5, 0.75, 1]
    llrs = {}
    for elo in (elo0, elo1):
        probs = pentanomial_probs(elo, draw_ratio)
        counts = [pairs * p for p in probs]
        llr = sprt_llr_pentanomial(counts, elo0, elo1)
        # fishtest's Brownian approximation (LLRcalc.LLR_alt2):
        # N (s1 - s0)(2 s - s0 - s1) / (2 var)
        s = sum(p * x for p, x in zip(probs, xs))
        var = sum(p * (x - s) ** 2 for p, x in zip(probs, xs))
        approx = pairs * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)
        assert llr == pytest.approx(approx, rel=0.02)
        llrs[elo] = llr
    assert llrs[elo1] > 3.0
    assert llrs[elo0] < -3.0
    # integer counts rounded from the same frequencies agree closely
    rounded = [round(pairs * p) for p in pentanomial_probs(elo1, draw_ratio)]
    assert sprt_llr_pentanomial(rounded, elo0, elo1) == pytest.approx(llrs[elo1], abs=0.2)


def test_sprt_decision_states():
    def at(elo, pairs):
        return [pairs * p for p in pentanomial_probs(elo, 0.4)]

    d = sprt_decision(at(5.0, 40000), 0.0, 5.0)
    assert d["state"] == "H1" and d["llr"] > d["upper"]
    d = sprt_decision(at(0.0, 40000), 0.0, 5.0)
    assert d["state"] == "H0" and d["llr"] < d["lower"]
    d = sprt_decision(at(5.0, 500), 0.0, 5.0)
    assert d["state"] == "continue" and d["lower"] < d["llr"] < d["upper"]
    d = sprt_decision([0] * 5, 0.0, 5.0)                            # Wald's bounds, by hand
    assert d["state"] == "continue"
    assert [d["llr"], d["lower"], d["upper"]] == pytest.approx(
        [0.0, math.log(0.05 / 0.95), math.log(0.95 / 0.05)], rel=1e-14)
    with pytest.raises(ValueError):
        sprt_decision(at(0.0, 10), 5.0, 0.0)


# --- Bradley-Terry --------------------------------------------------------------

def test_bradley_terry_recovers_ratings_from_exact_scores():
    true = [0.0, 100.0, -150.0, 250.0, 30.0]
    k = len(true)
    wins = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            n = 200 + 37 * i + 11 * j  # unequal schedules
            wins[i][j] = n * logistic(true[i] - true[j])
            wins[j][i] = n - wins[i][j]
    ratings = bradley_terry(wins)
    mean = sum(true) / k
    assert ratings == pytest.approx([t - mean for t in true], abs=1e-6)
    assert sum(ratings) == pytest.approx(0.0, abs=1e-9)


def test_bradley_terry_two_players_interval_matches_delta_method():
    n, s = 400, 0.6
    wins = [[0, n * s], [n * (1 - s), 0]]
    ratings = bradley_terry(wins)
    d = 400 * math.log10(s / (1 - s))
    assert ratings == pytest.approx([d / 2, -d / 2], abs=1e-8)
    # delta method on the score: se(d) = d(elo)/ds * sqrt(s(1-s)/n)
    se_d = 400 / math.log(10) / (s * (1 - s)) * math.sqrt(s * (1 - s) / n)
    cov = bradley_terry_covariance(wins)
    var_d = cov[0][0] + cov[1][1] - 2 * cov[0][1]
    assert math.sqrt(var_d) == pytest.approx(se_d, rel=1e-9)
    (r0, lo0, hi0), (r1, lo1, hi1) = bradley_terry_intervals(wins)
    assert hi0 - r0 == pytest.approx(Z95 * se_d / 2, rel=1e-9)
    assert r1 - lo1 == pytest.approx(Z95 * se_d / 2, rel=1e-9)


def test_bradley_terry_covariance_sum_zero_and_errors():
    wins = [[0, 60, 70], [40, 0, 55.5], [30, 44.5, 0]]
    cov = bradley_terry_covariance(wins)
    for row in cov:
        assert sum(row) == pytest.approx(0.0, abs=1e-9)
    assert all(cov[i][i] > 0 for i in range(3))
    assert cov[0][1] == pytest.approx(cov[1][0], rel=1e-9)
    # player 2 never scores: no finite MLE
    with pytest.raises(ValueError):
        bradley_terry([[0, 5, 5], [5, 0, 5], [0, 0, 0]])
    with pytest.raises(ValueError):
        bradley_terry([[0, 1], [1]])
