"""Statistical checks with fixed seeds; bounds derived from the sample sizes."""
import math

import numpy as np
import pytest

import simcore
from simcore.sueca import enums as E

# chi-square critical values at p = 0.001 by degrees of freedom
CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12,
            9: 27.88, 10: 29.59}


def hypergeom_pmf(k, population, successes, draws):
    return (math.comb(successes, k) * math.comb(population - successes, draws - k)
            / math.comb(population, draws))


def chi2(observed, expected_p, n):
    """Chi-square statistic with bins of expected count < 5 pooled into their neighbour."""
    obs, exp = [], []
    o_acc = e_acc = 0.0
    for o, p in zip(observed, expected_p):
        o_acc += o
        e_acc += p * n
        if e_acc >= 5:
            obs.append(o_acc)
            exp.append(e_acc)
            o_acc = e_acc = 0.0
    obs[-1] += o_acc
    exp[-1] += e_acc
    stat = sum((o - e) ** 2 / e for o, e in zip(obs, exp))
    return stat, len(obs) - 1


@pytest.mark.parametrize("trump_card", ["dealer_last", "dealer_first"])
def test_trumps_in_the_dealers_hand_follow_the_hypergeometric_law(trump_card):
    n = 60_000
    df = simcore.simulate("sueca", deals=n, seed=123, rules={"trump_card": trump_card},
                          keep_deals=True).frame
    trumps = df[[f"trumps_seat{s}" for s in range(4)]].to_numpy()
    dealer = df["dealer"].to_numpy()
    held = trumps[np.arange(n), dealer]
    # the dealer holds the face-up trump, plus 9 cards drawn from 39 holding 9 trumps
    counts = np.bincount(held, minlength=11)
    assert counts[0] == 0
    pmf = [0.0] + [hypergeom_pmf(k - 1, 39, 9, 9) for k in range(1, 11)]
    stat, dof = chi2(counts, pmf, n)
    assert stat < CHI2_999[dof]
    # the seat after the dealer: 10 cards from the 30 the dealer does not hold
    nxt = trumps[np.arange(n), (dealer + 1) % 4]
    pmf_other = [hypergeom_pmf(k, 39, 9, 10) for k in range(11)]
    stat, dof = chi2(np.bincount(nxt, minlength=11), pmf_other, n)
    assert stat < CHI2_999[dof]


def test_trump_suit_is_uniform():
    n = 40_000
    df = simcore.simulate("sueca", deals=n, seed=9, keep_deals=True).frame
    stat, dof = chi2(np.bincount(df["trump_suit"], minlength=4), [0.25] * 4, n)
    assert stat < CHI2_999[dof]


# --- mean rubber length: simulation against the exact Markov chain --------------
GAMES_OF_KIND = {"single": 1, "double": 2, "triple": 3, "pente": 4}


def deal_probabilities(rules, n, seed):
    """Per-deal outcome probabilities from the dealer's team's side (random play)."""
    r = simcore.simulate("sueca", deals=n, seed=seed, rules=rules)
    probs = {}
    for label, e in r.summary["dealer_side"].items():
        probs[label] = e["count"] / n
    return probs


def exact_mean_rubber_length(probs, rules):
    """Expected deals per rubber: the dealer passes on each deal, so the dealer's team
    alternates; state = (games team 0, games team 1, dealer's team, ties carried)."""
    target = rules.get("rubber_games", 4)
    carry_on = rules.get("tie_carry", False)
    max_carry = 12 if carry_on else 0
    outcomes = []          # (probability, side: 0 dealer's team / 1 other / None tie, games)
    for label, p in probs.items():
        if label == "tie":
            outcomes.append((p, None, 0))
            continue
        side = 0 if label.startswith("dealer_team") else 1
        kind = label.split("_team_", 1)[1]
        games = GAMES_OF_KIND.get(kind, target)            # bandeiras: the whole rubber
        outcomes.append((p, side, games if kind in GAMES_OF_KIND else -target))
    states = [(a, b, d, c) for a in range(target) for b in range(target) for d in (0, 1)
              for c in range(max_carry + 1)]
    index = {s: i for i, s in enumerate(states)}
    A = np.eye(len(states))
    rhs = np.ones(len(states))
    for (a, b, d, c), i in index.items():
        for p, side, games in outcomes:
            if side is None:
                nxt = (a, b, 1 - d, min(c + 1, max_carry))
            else:
                team = d if side == 0 else 1 - d
                g = target if games < 0 else games + c
                a2, b2 = (a + g, b) if team == 0 else (a, b + g)
                if a2 >= target or b2 >= target:
                    continue
                nxt = (a2, b2, 1 - d, 0)
            A[i, index[nxt]] -= p
    e = np.linalg.solve(A, rhs)
    return 0.5 * (e[index[(0, 0, 0, 0)]] + e[index[(0, 0, 1, 0)]])


@pytest.mark.parametrize("rules", [{}, {"tie_carry": True, "pente": True, "rubber_games": 5}])
def test_mean_rubber_length_matches_the_markov_chain(rules):
    n_deals, n_rubbers = 200_000, 20_000
    probs = deal_probabilities(rules, n_deals, seed=31)
    exact = exact_mean_rubber_length(probs, rules)
    r = simcore.simulate_rubbers("sueca", rubbers=n_rubbers, seed=32, rules=rules)
    s = r.summary
    lo, hi = s["mean_deals_per_rubber_ci95"]
    se_sim = (hi - lo) / (2 * 1.96)
    # uncertainty of the chain's value from the estimated probabilities: parametric bootstrap
    rng = np.random.default_rng(0)
    labels = list(probs)
    p = np.array([probs[k] for k in labels])
    boot = [exact_mean_rubber_length(dict(zip(labels, rng.multinomial(n_deals, p) / n_deals)), rules)
            for _ in range(20)]
    se_chain = float(np.std(boot, ddof=1))
    assert abs(s["mean_deals_per_rubber"] - exact) < 4 * math.hypot(se_sim, se_chain)


def test_rubber_summary_accounts_for_every_rubber():
    r = simcore.simulate_rubbers("sueca", rubbers=3000, seed=4, rules={"pente": True})
    s = r.summary
    assert s["rubbers"] == 3000
    assert sum(s["deals_per_rubber"].values()) == 3000
    assert sum(e["count"] for e in s["ends"].values()) == 3000
    assert s["ends"]["pente"]["count"] > 0
    assert abs(s["rubber_win_share_team0"] + s["rubber_win_share_team1"] - 1) < 1e-12
    frame = simcore.simulate_rubbers("sueca", rubbers=50, seed=4, keep_rubbers=True).frame
    assert ((frame["games_team0"] >= 4) ^ (frame["games_team1"] >= 4)).all()
    assert (frame["first_dealer"] == frame["rubber"] % 4).all()
