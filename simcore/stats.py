"""Pure statistics over counts and sums for Monte Carlo match results.

Everything here is a pure function of plain numbers (ints, floats, sequences of
them) and uses only the standard library ``math`` module, so it can be called
from reports, the CLI or tests without numpy.

Conventions
-----------
* Scores are per game in ``[0, 1]`` (win 1, draw 1/2, loss 0).
* Elo is the logistic Elo scale: ``score = 1 / (1 + 10**(-elo/400))``.
* ``z`` defaults to ``Z95 = Phi^-1(0.975)``, i.e. two-sided 95% intervals.
* Pentanomial counts are game-pair outcome counts
  ``[LL, LD+DL, LW+DD+WL, WD+DW, WW]`` (pair scores 0, 0.5, 1, 1.5, 2), trinomial
  counts are ``[losses, draws, wins]``; both follow fishtest's ordering.
* Bad inputs raise ``ValueError``.

The Elo/SPRT part follows fishtest (https://github.com/official-stockfish/fishtest,
``server/fishtest/stats/stat_util.py`` and ``LLRcalc.py``); deviations are noted
in the function docstrings.
"""
from __future__ import annotations

import math
from typing import Sequence

__all__ = [
    "Z95",
    "wilson_interval",
    "mean_interval",
    "paired_mean_interval",
    "elo_from_score",
    "score_from_elo",
    "regularize",
    "pentanomial_summary",
    "trinomial_summary",
    "mle_expected",
    "sprt_llr_pentanomial",
    "sprt_bounds",
    "sprt_decision",
    "bradley_terry",
    "bradley_terry_covariance",
    "bradley_terry_intervals",
]

#: Standard normal quantile Phi^-1(0.975): the z of a two-sided 95% interval.
Z95 = 1.959963984540054

#: Elo points per natural-log unit of strength: 400 / ln(10).
_ELO_PER_NAT = 400.0 / math.log(10.0)

#: fishtest's ``LLRcalc.regularize`` replaces zero counts by this value.
_REGULARIZE_EPS = 1e-3


# ---------------------------------------------------------------------------
# Proportions and means
# ---------------------------------------------------------------------------

def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion ``successes / n``.

    Source: E. B. Wilson, "Probable inference, the law of succession, and
    statistical inference", JASA 22 (1927) 209-212; see also Agresti & Coull,
    The American Statistician 52 (1998) 119-126.  With ``p = k/n``::

        centre = (p + z^2/(2n)) / (1 + z^2/n)
        half   = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/(4n^2))

    The bounds are the two roots in ``q`` of ``(p - q)^2 = z^2 q(1-q)/n``.
    ``n == 0`` carries no information and returns ``(0.0, 1.0)``.  The bound is
    exactly 0 when ``successes == 0`` and exactly 1 when ``successes == n``
    (the formula gives these up to rounding), and bounds are clipped to [0, 1].
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if z < 0 or not math.isfinite(z):
        raise ValueError(f"z must be finite and >= 0, got {z}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2n = z * z / n
    denom = 1.0 + z2n
    centre = (p + z2n / 2.0) / denom
    half = z / denom * math.sqrt(p * (1.0 - p) / n + z2n / (4.0 * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def mean_interval(
    total: float, total_sq: float, n: int, z: float = Z95
) -> tuple[float, float, float]:
    """Mean and normal-approximation interval from running sums.

    ``total = sum(x)``, ``total_sq = sum(x**2)`` over ``n`` samples.  Uses the
    unbiased sample variance ``s^2 = (total_sq - total^2/n) / (n - 1)`` and the
    central-limit interval ``mean +- z * s / sqrt(n)`` (e.g. Casella & Berger,
    Statistical Inference, 2nd ed., sec. 5.5 and 9.2).  Returns
    ``(mean, low, high)``.

    Small samples: ``n == 0`` gives ``(nan, nan, nan)``; ``n == 1`` gives
    ``(x, nan, nan)`` since one sample has no variance estimate (a zero-width
    interval would claim certainty that the data does not support).  A slightly
    negative variance from floating-point cancellation is clamped to 0.
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = total / n
    if n < 2:
        return (mean, math.nan, math.nan)
    var = max(0.0, (total_sq - total * total / n) / (n - 1))
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def paired_mean_interval(
    sum_d: float, sum_d2: float, n: int, z: float = Z95
) -> tuple[float, float, float]:
    """Interval for the mean of paired differences ``d_k = a_k - b_k``.

    The paired analysis (Student 1908; e.g. Casella & Berger sec. 8.3) reduces
    to the one-sample interval of :func:`mean_interval` on the differences,
    with ``sum_d = sum(d)`` and ``sum_d2 = sum(d**2)``.  Pairing (e.g. both
    strategies on the same seeded deal) removes the between-deal variance
    that is common to both.  Same small-sample conventions as
    :func:`mean_interval`.  Returns ``(mean, low, high)``.
    """
    return mean_interval(sum_d, sum_d2, n, z)


# ---------------------------------------------------------------------------
# Elo
# ---------------------------------------------------------------------------

def elo_from_score(score: float) -> float:
    """Logistic Elo difference for an expected score: ``-400 log10(1/s - 1)``.

    Source: A. Elo, The Rating of Chessplayers (1978), logistic form as used
    by fishtest ``stat_util.elo``.  Score 0 gives ``-inf`` and score 1 gives
    ``+inf`` (fishtest instead clamps the score to [1e-3, 1 - 1e-3]).
    """
    if math.isnan(score) or score < 0.0 or score > 1.0:
        raise ValueError(f"score must be in [0, 1], got {score}")
    if score == 0.0:
        return -math.inf
    if score == 1.0:
        return math.inf
    # log10(s / (1 - s)); log1p keeps precision near s = 1/2.
    return 400.0 * (math.log(score) - math.log1p(-score)) / math.log(10.0)


def score_from_elo(elo: float) -> float:
    """Expected score for an Elo difference: ``1 / (1 + 10**(-elo/400))``.

    Source: fishtest ``stat_util.L`` / ``LLRcalc.L_``.  Evaluated in an
    overflow-free form, so ``+-inf`` map to 1 and 0.
    """
    if math.isnan(elo):
        return math.nan
    if elo >= 0:
        return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))
    t = 10.0 ** (elo / 400.0)
    return t / (1.0 + t)


def normal_cdf(x: float) -> float:
    """Standard normal CDF via ``erf``: Phi(x) = (1 + erf(x/sqrt 2)) / 2."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _check_counts(counts: Sequence[float], lengths: tuple[int, ...]) -> list[float]:
    values = [float(c) for c in counts]
    if len(values) not in lengths:
        raise ValueError(f"expected {' or '.join(map(str, lengths))} counts, got {len(values)}")
    for c in values:
        if not (c >= 0.0 and math.isfinite(c)):
            raise ValueError(f"counts must be finite and >= 0, got {list(counts)}")
    return values


def regularize(counts: Sequence[float]) -> list[float]:
    """Replace zero counts by 1e-3, exactly as fishtest ``LLRcalc.regularize``.

    This small prior keeps every outcome's probability positive, so the
    logarithms in the LLR and the MLE of :func:`mle_expected` are defined.
    """
    return [_REGULARIZE_EPS if c == 0 else float(c) for c in counts]


def _elo_summary(counts: list[float], z: float, unit_key: str) -> dict:
    """Shared body of the pentanomial/trinomial summaries (fishtest get_elo)."""
    k = len(counts) - 1  # 4 for pairs (scores in quarters), 2 for single games
    units = sum(counts)
    games = units * k / 2.0  # a pair is 2 games
    if units == 0:
        return {
            unit_key: 0.0, "games": 0.0, "score": math.nan, "score_se": math.nan,
            "score_low": 0.0, "score_high": 1.0, "elo": math.nan,
            "elo_low": -math.inf, "elo_high": math.inf, "elo95": math.inf,
            "los": math.nan, "nelo": math.nan, "nelo_low": math.nan, "nelo_high": math.nan,
        }
    reg = regularize(counts)
    n = sum(reg)
    # Per-game score of each outcome: 0, 1/k, ..., 1.
    xs = [i / k for i in range(k + 1)]
    mu = sum(c * x for c, x in zip(reg, xs)) / n
    # Variance of one unit's per-game score; the mean of n units has se
    # sqrt(var / n).  Equals fishtest's stdev / sqrt(games).
    var = sum(c * (x - mu) ** 2 for c, x in zip(reg, xs)) / n
    se = math.sqrt(var / n)
    low, high = mu - z * se, mu + z * se
    elo_low = elo_from_score(min(1.0, max(0.0, low)))
    elo_high = elo_from_score(min(1.0, max(0.0, high)))
    return {
        unit_key: units,
        "games": games,
        "score": mu,
        "score_se": se,
        "score_low": low,
        "score_high": high,
        "elo": elo_from_score(mu),
        "elo_low": elo_low,
        "elo_high": elo_high,
        "elo95": (elo_high - elo_low) / 2.0,
        "los": normal_cdf((mu - 0.5) / se),  # se > 0: regularization keeps var > 0
        "nelo": normalized_elo(mu, var),
        "nelo_low": normalized_elo(low, var),
        "nelo_high": normalized_elo(high, var),
    }


#: 800 / ln 10: a normalized Elo difference per standard deviation of the score
NELO_PER_SD = 800 / math.log(10)


def normalized_elo(score: float, var: float) -> float:
    """Normalized Elo (fishtest, fastchess): the score's distance from 1/2 in standard
    deviations of one unit's per-game score, ``(score - 1/2) / sqrt(2 var) * 800 / ln 10``
    (``var`` the variance of a pair's per-game score between pairs).  It does not depend on
    how drawish the games are, so it compares tests of different strategies and games;
    ``nan`` when ``var`` is 0."""
    if not var > 0:
        return math.nan
    return (score - 0.5) / math.sqrt(2 * var) * NELO_PER_SD


def pentanomial_summary(counts: Sequence[int], z: float = Z95) -> dict:
    """Score, standard error and Elo with interval from pentanomial counts.

    ``counts = [LL, LD+DL, LW+DD+WL, WD+DW, WW]`` (pair scores 0..2 in halves,
    per-game scores 0, 0.25, 0.5, 0.75, 1).  Follows fishtest
    ``stat_util.get_elo``/``stats``: zero counts are regularized (see
    :func:`regularize`), the per-game mean score is ``mu``, its standard error
    comes from the variance *between pairs* (which keeps the within-pair
    correlation, e.g. from reversed-colour or mirrored-deal pairs)::

        var = sum_i f_i (x_i - mu)^2,   x_i = i/4,   se = sqrt(var / pairs)

    The Elo interval is the score interval ``mu +- z*se`` mapped through
    :func:`elo_from_score` (asymmetric in Elo); ``elo95`` is fishtest's
    "+-" value ``(elo_high - elo_low)/2``, ``los`` the likelihood of
    superiority ``Phi((mu - 1/2)/se)``.  Unlike fishtest, score bounds outside
    [0, 1] map to ``-+inf`` Elo rather than being clamped to +-1199.6.

    ``nelo`` (with ``nelo_low``, ``nelo_high``) is the normalized Elo of
    :func:`normalized_elo`.

    Returns a dict with keys ``pairs, games, score, score_se, score_low,
    score_high, elo, elo_low, elo_high, elo95, los, nelo, nelo_low, nelo_high``.  With no pairs the score
    and Elo are ``nan`` and the intervals are the whole range.
    """
    return _elo_summary(_check_counts(counts, (5,)), z, "pairs")


def trinomial_summary(counts: Sequence[int], z: float = Z95) -> dict:
    """Same as :func:`pentanomial_summary` for ``[losses, draws, wins]``.

    Treats games as independent (fishtest's trinomial model); use the
    pentanomial form for paired games.  Returns the same keys without
    ``pairs``.
    """
    return _elo_summary(_check_counts(counts, (3,)), z, "games")


# ---------------------------------------------------------------------------
# Generalized SPRT (fishtest LLRcalc)
# ---------------------------------------------------------------------------

def _secular(values: Sequence[float], probs: Sequence[float]) -> float:
    """Root of ``sum_i p_i a_i / (1 + x a_i) = 0`` on ``(-1/max a, -1/min a)``.

    Source: fishtest ``LLRcalc.secular`` (there solved with scipy's brentq).
    The function is strictly decreasing on that interval (its derivative is
    ``-sum p_i a_i^2/(1 + x a_i)^2``) and goes from +inf to -inf, so plain
    bisection converges to the unique root.  Needs ``min a < 0 < max a`` and
    positive probabilities at the extremes.
    """
    v, w = min(values), max(values)
    if not (v < 0.0 < w):
        raise ValueError("the target mean must lie strictly inside the outcome range")
    lo, hi = -1.0 / w, -1.0 / v

    def f(x: float) -> float:
        total = 0.0
        for a, p in zip(values, probs):
            d = 1.0 + x * a
            if d <= 0.0:  # rounding at a pole: the sign of the pole's term
                return math.inf if a > 0 else -math.inf
            total += p * a / d
        return total

    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi or hi - lo <= 1e-16:
            break
        if f(mid) > 0.0:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def mle_expected(values: Sequence[float], probs: Sequence[float], s: float) -> list[float]:
    """MLE of a distribution on ``values`` with mean ``s``, given empirical ``probs``.

    Maximises ``sum_i probs_i * log q_i`` subject to ``sum q_i = 1`` and
    ``sum q_i values_i = s``.  Lagrange multipliers give
    ``q_i = probs_i / (1 + x (values_i - s))`` with ``x`` the root of the
    secular equation ``sum_i probs_i (values_i - s)/(1 + x (values_i - s)) = 0``.
    Source: M. Van den Bergh, "A note on the maximum likelihood estimate for
    a multinomial distribution with given expectation value",
    https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf, Prop. 1.1;
    fishtest ``LLRcalc.MLE_expected``.
    """
    shifted = [a - s for a in values]
    x = _secular(shifted, probs)
    return [p / (1.0 + x * a) for a, p in zip(shifted, probs)]


def sprt_llr_pentanomial(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """fishtest's generalized SPRT log-likelihood ratio (logistic Elo bounds).

    Exactly fishtest ``LLRcalc.LLR_logistic``: with ``s_j = score_from_elo(elo_j)``
    and ``counts`` regularized (:func:`regularize`), ``N = sum(counts)``,
    ``f_i = counts_i / N`` on outcome scores ``a_i = i/(len-1)``::

        LLR = N * sum_i f_i * log(q1_i / q0_i),   q_j = mle_expected(a, f, s_j)

    i.e. the log of the ratio of the likelihoods maximised under "mean score
    = s1" and "mean score = s0".  Accepts pentanomial counts (length 5, the
    usual case) or trinomial ``[L, D, W]`` (length 3), like fishtest.  Counts
    may be floats.  All-zero counts return 0.0 (no evidence; fishtest would
    return a ~1e-6 artefact of the regularization).
    """
    values = _check_counts(counts, (3, 5))
    if not (math.isfinite(elo0) and math.isfinite(elo1)):
        raise ValueError(f"elo bounds must be finite, got {elo0}, {elo1}")
    if sum(values) == 0:
        return 0.0
    reg = regularize(values)
    n = sum(reg)
    k = len(reg) - 1
    outcomes = [i / k for i in range(k + 1)]
    freqs = [c / n for c in reg]
    q0 = mle_expected(outcomes, freqs, score_from_elo(elo0))
    q1 = mle_expected(outcomes, freqs, score_from_elo(elo1))
    return n * sum(f * (math.log(b) - math.log(a)) for f, a, b in zip(freqs, q0, q1))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's SPRT stopping bounds ``(log(beta/(1-alpha)), log((1-beta)/alpha))``.

    Source: A. Wald, "Sequential tests of statistical hypotheses", Ann. Math.
    Statist. 16 (1945) 117-186; fishtest ``stat_util.SPRT``.  ``alpha`` is the
    type I error (accepting H1 at elo0), ``beta`` the type II error.
    """
    if not (0.0 < alpha < 1.0 and 0.0 < beta < 1.0 and alpha + beta < 1.0):
        raise ValueError(f"need 0 < alpha, beta and alpha + beta < 1, got {alpha}, {beta}")
    return (math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha))


def sprt_decision(
    counts: Sequence[float],
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> dict:
    """SPRT state for H0: elo = elo0 against H1: elo = elo1.

    Returns ``{"llr", "lower", "upper", "state"}`` with state ``"H1"`` when
    ``llr > upper``, ``"H0"`` when ``llr < lower`` and ``"continue"``
    otherwise (fishtest ``update_SPRT``'s "accepted"/"rejected"/"").  The
    test is only valid if it is applied sequentially and stopped at the first
    crossing.  fishtest's dynamic overshoot correction (which needs the LLR
    history) is not applied.
    """
    if not elo0 < elo1:
        raise ValueError(f"need elo0 < elo1, got {elo0}, {elo1}")
    lower, upper = sprt_bounds(alpha, beta)
    llr = sprt_llr_pentanomial(counts, elo0, elo1)
    state = "H1" if llr > upper else "H0" if llr < lower else "continue"
    return {"llr": llr, "lower": lower, "upper": upper, "state": state}


# ---------------------------------------------------------------------------
# Bradley-Terry ratings
# ---------------------------------------------------------------------------

def _check_matrix(wins: Sequence[Sequence[float]]) -> list[list[float]]:
    k = len(wins)
    m = [[float(x) for x in row] for row in wins]
    if k < 2 or any(len(row) != k for row in m):
        raise ValueError("wins must be a square matrix of at least 2 players")
    for i in range(k):
        for j in range(k):
            if not (m[i][j] >= 0.0 and math.isfinite(m[i][j])):
                raise ValueError(f"wins[{i}][{j}] must be finite and >= 0")
            if i == j and m[i][j] != 0.0:
                raise ValueError(f"wins[{i}][{i}] must be 0")
    # Ford (1957): the MLE exists iff for every split of the players, someone
    # on each side scored against someone on the other, i.e. the digraph
    # i -> j when wins[i][j] > 0 is strongly connected.
    for adj in (lambda i, j: m[i][j] > 0, lambda i, j: m[j][i] > 0):
        seen, stack = {0}, [0]
        while stack:
            i = stack.pop()
            for j in range(k):
                if j not in seen and adj(i, j):
                    seen.add(j)
                    stack.append(j)
        if len(seen) != k:
            raise ValueError(
                "no finite Bradley-Terry ratings: some group of players scored "
                "nothing (or everything) against the others"
            )
    return m


def bradley_terry(
    wins: Sequence[Sequence[float]], tol: float = 1e-10, max_iter: int = 100_000
) -> list[float]:
    """Bradley-Terry ratings on the Elo scale, mean 0, by the MM algorithm.

    ``wins[i][j]`` is the total score of player i against player j (draws
    count one half to each), so ``n_ij = wins[i][j] + wins[j][i]`` games were
    played.  Model: ``P(i beats j) = g_i/(g_i + g_j)`` (Zermelo 1929; Bradley &
    Terry, Biometrika 39 (1952) 324-345), with rating ``400 log10 g_i`` so that
    rating differences are logistic Elo.  Draws as half-points make this the
    usual "score" quasi-likelihood (as in Elo rating lists).

    Iterates Hunter's MM update (D. R. Hunter, "MM algorithms for generalized
    Bradley-Terry models", Ann. Statist. 32 (2004) 384-406, eq. (3))::

        g_i <- W_i / sum_{j != i} n_ij / (g_i + g_j),   W_i = sum_j wins[i][j]

    renormalising to geometric mean 1, until the largest change is below
    ``tol`` Elo.  Raises ``ValueError`` if no finite MLE exists (Ford 1957:
    the "scored against" digraph must be strongly connected) and
    ``RuntimeError`` if ``max_iter`` is reached.
    """
    m = _check_matrix(wins)
    k = len(m)
    w = [sum(row) for row in m]
    n = [[m[i][j] + m[j][i] for j in range(k)] for i in range(k)]
    log_g = [0.0] * k
    for _ in range(max_iter):
        g = [math.exp(x) for x in log_g]
        new = []
        for i in range(k):
            denom = sum(n[i][j] / (g[i] + g[j]) for j in range(k) if j != i)
            new.append(math.log(w[i] / denom))
        shift = sum(new) / k
        new = [x - shift for x in new]
        delta = max(abs(a - b) for a, b in zip(new, log_g)) * _ELO_PER_NAT
        log_g = new
        if delta < tol:
            return [x * _ELO_PER_NAT for x in log_g]
    raise RuntimeError(f"Bradley-Terry MM did not converge in {max_iter} iterations")


def _invert(a: list[list[float]]) -> list[list[float]]:
    """Inverse of a small dense matrix by Gauss-Jordan with partial pivoting."""
    k = len(a)
    aug = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(a)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(aug[r][c]))
        if aug[p][c] == 0.0:
            raise ValueError("singular information matrix")
        aug[c], aug[p] = aug[p], aug[c]
        piv = aug[c][c]
        aug[c] = [x / piv for x in aug[c]]
        for r in range(k):
            if r != c and aug[r][c] != 0.0:
                f = aug[r][c]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[c])]
    return [row[k:] for row in aug]


def bradley_terry_covariance(
    wins: Sequence[Sequence[float]], ratings: Sequence[float] | None = None
) -> list[list[float]]:
    """Approximate covariance (Elo^2) of the mean-zero Bradley-Terry ratings.

    From the observed = expected Fisher information in the log-strengths
    ``t_i = ln g_i`` (e.g. Agresti, Categorical Data Analysis, 3rd ed.,
    sec. 11.6)::

        I_ii = sum_j n_ij p_ij p_ji,   I_ij = -n_ij p_ij p_ji,
        p_ij = 1/(1 + exp(t_j - t_i))

    ``I`` is a graph Laplacian, singular along the all-ones direction (only
    differences are identified).  The covariance of the estimate under the
    sum-zero constraint is its Moore-Penrose pseudo-inverse, computed as
    ``(I + J/k)^-1 - J/k`` (``J`` all ones), then scaled by ``(400/ln 10)^2``.
    The variance of a difference ``r_i - r_j`` is
    ``C_ii + C_jj - 2 C_ij``.  Assumes independent games; draws scored as
    halves have less variance than a win/loss, so the result is conservative
    when there are many draws.
    """
    m = _check_matrix(wins)
    k = len(m)
    r = list(ratings) if ratings is not None else bradley_terry(m)
    t = [x / _ELO_PER_NAT for x in r]
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                n_ij = m[i][j] + m[j][i]
                p = 1.0 / (1.0 + math.exp(t[j] - t[i]))
                v = n_ij * p * (1.0 - p)
                info[i][j] -= v
                info[i][i] += v
    inv = _invert([[info[i][j] + 1.0 / k for j in range(k)] for i in range(k)])
    s = _ELO_PER_NAT**2
    return [[(inv[i][j] - 1.0 / k) * s for j in range(k)] for i in range(k)]


def bradley_terry_intervals(
    wins: Sequence[Sequence[float]], z: float = Z95
) -> list[tuple[float, float, float]]:
    """Bradley-Terry ratings with Wald intervals: ``[(rating, low, high), ...]``.

    ``rating +- z * sqrt(C_ii)`` with ``C`` from
    :func:`bradley_terry_covariance` (observed Fisher information,
    sum-zero constraint).  Each interval is for a player's rating relative to
    the pool mean, not against another single player (use the covariance for
    pairwise differences).
    """
    ratings = bradley_terry(wins)
    cov = bradley_terry_covariance(wins, ratings)
    out = []
    for i, r in enumerate(ratings):
        half = z * math.sqrt(max(0.0, cov[i][i]))
        out.append((r, r - half, r + half))
    return out
