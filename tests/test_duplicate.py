"""Duplicate play (simcore.duplicate): pairs on the same cards with the sides swapped."""
import math

import numpy as np
import pytest

import simcore
from simcore.duplicate import compare, pair_outcomes, seating, tournament
from simcore.errors import TrunfoError
from simcore.games import all_games
from strategies import strategies_for

GAMES = list(all_games())
# the largest possible |mean difference per deal| in each game's comparison score
SCORE_RANGE = {"sueca": 120, "brisca": 120, "scopa": 20,    # Scopa: 4 category points + scope
               "sueca_italiana": 6,                          # game points of one seat
               "briscola_chiamata": 8,                       # a seat's score: 4, doubled
               "brisca_rematada": 290}                       # a deal's score: 0 .. 290


def _has(game, *names):
    return all(n in strategies_for(game) for n in names)


@pytest.mark.parametrize("game", GAMES)
def test_deterministic_strategy_against_itself_is_zero_on_every_pair(game):
    det = [s.name for s in strategies_for(game).values() if s.deterministic]
    if not det:
        pytest.skip(f"{game} has no deterministic strategy")
    g = all_games()[game]
    for players in g.players:
        r = compare(game, det[0], det[0], deals=3000, seed=7, players=players, keep_pairs=True,
                    threads=1)
        assert np.all(r.pairs["d2"] == 0)
        assert np.all(r.pairs["w4"] == 0)
        assert r.summary["mean_point_diff"] == 0.0
        assert r.summary["mean_point_diff_ci95"] == [0.0, 0.0]
        assert r.summary["win_rate_diff"] == 0.0
        assert r.summary["win_rate_diff_ci95"] == [0.0, 0.0]
        if r.summary["sides"] == 2:     # fishtest's regularised pentanomial: 0.5 to rounding
            assert r.summary["score"] == pytest.approx(0.5, abs=1e-12)
            assert np.all(r.pairs["bucket"] == 2)
            assert r.summary["pentanomial"] == [0, 0, 3000, 0, 0]
        else:                                        # Scopa, 3 players
            assert r.summary["pentanomial"] is None and r.summary["score"] == 0.5
            assert r.summary["elo"] == 0.0 and r.summary["elo_ci95"] == [0.0, 0.0]


@pytest.mark.parametrize("game", GAMES)
def test_swapping_a_and_b_negates_every_pair(game):
    if not _has(game, "greedy", "random"):
        pytest.skip("needs greedy and random")
    ab = compare(game, "greedy", "random", deals=2000, seed=3, keep_pairs=True, threads=1)
    if ab.summary["sides"] != 2:
        pytest.skip("with more than two sides A vs B and B vs A are different experiments")
    ba = compare(game, "random", "greedy", deals=2000, seed=3, keep_pairs=True, threads=1)
    assert np.array_equal(ab.pairs["d2"], -ba.pairs["d2"])
    assert np.array_equal(ab.pairs["w4"], -ba.pairs["w4"])
    assert np.array_equal(ab.pairs["bucket"], 4 - ba.pairs["bucket"])
    assert ab.summary["mean_point_diff"] == -ba.summary["mean_point_diff"]
    assert ab.summary["pentanomial"] == ba.summary["pentanomial"][::-1]
    assert ab.summary["elo"] == pytest.approx(-ba.summary["elo"], abs=1e-9)


@pytest.mark.parametrize("game", GAMES)
def test_greedy_beats_random_by_more_than_any_interval_of_this_size(game):
    if not _has(game, "greedy", "random"):
        pytest.skip("needs greedy and random")
    # Scopa's edge is smaller (about half a point a deal: under must_capture=any_card both
    # strategies must capture when they can), so it needs more deals to clear the bound
    n = 10_000 if game == "scopa" else 4000
    r = compare(game, "greedy", "random", deals=n, seed=11).summary
    lo, hi = r["mean_point_diff_ci95"]
    assert 0 < lo <= r["mean_point_diff"] <= hi
    # Popoviciu: per-pair differences lie in [-R, R], so their sd is at most R and no
    # 95% half-width at this n can exceed 1.96 R / sqrt(n): the gap is no sampling fluke.
    worst_half = 1.96 * SCORE_RANGE.get(game, 120) / math.sqrt(n)
    assert (hi - lo) / 2 < worst_half < r["mean_point_diff"]
    # a seat of equal strength wins 1/sides of the games (W + shared/2 adds up to 1 a game)
    assert r["elo_ci95"][0] > 0 and r["win_rate_ci95"][0] > 1 / r["sides"]
    assert r["win_rate_diff_ci95"][0] > 0
    if r["sides"] == 2:                                 # two sides: rB = 1 - rA
        assert r["win_rate_diff"] == pytest.approx(2 * r["win_rate"] - 1)


def test_pairs_agree_with_plain_simulations_of_each_seating():
    """Independent route: the facade's per-team mean points of the two seatings."""
    n, seed = 5000, 5
    g1 = simcore.simulate("sueca", deals=n, seed=seed, strategies=("greedy", "random") * 2,
                          threads=1).summary
    g2 = simcore.simulate("sueca", deals=n, seed=seed, strategies=("random", "greedy") * 2,
                          threads=1).summary
    expect = ((g1["mean_points_team0"] - g1["mean_points_team1"])
              + (g2["mean_points_team1"] - g2["mean_points_team0"])) / 2
    r = compare("sueca", "greedy", "random", deals=n, seed=seed, threads=1).summary
    assert r["mean_point_diff"] == pytest.approx(expect, abs=1e-9)
    won = g1["winners"]["team0"]["count"] + g2["winners"]["team1"]["count"]
    ties = 2 * n - won - g1["winners"]["team1"]["count"] - g2["winners"]["team0"]["count"]
    assert r["win_rate"] == pytest.approx((won + ties / 2) / (2 * n))


def test_pair_outcomes_by_hand_for_a_few_deals():
    """Expected values from the plain-Python reference, not from the game's kernels."""
    import sueca_reference as ref
    seat = seating("sueca", "greedy", "random")
    assert seat.seats == (("greedy", "random") * 2, ("random", "greedy") * 2)
    out = pair_outcomes(seat, 9, 100, 8)
    for i, deal in enumerate(range(100, 108)):
        first = ref.play_deal(9, deal, ("greedy", "random") * 2)     # A is team 0
        second = ref.play_deal(9, deal, ("random", "greedy") * 2)    # A is team 1
        d2 = (first["points"][0] - first["points"][1]) + (second["points"][1] - second["points"][0])
        # A's result in each game: 1 won, 1/2 a 60-60 tie, 0 lost; the bucket counts halves
        half = {0: 2, None: 1, 1: 0}
        bucket = half[first["winner"]] + {1: 2, None: 1, 0: 0}[second["winner"]]
        assert out["d2"][i] == d2 and out["bucket"][i] == bucket


def _stable(r):
    return {k: r.summary[k] for k in r.summary}, r.sprt and {k: v for k, v in r.sprt.items()}


def test_same_result_for_any_thread_count_and_chunk_size():
    base = compare("sueca", "greedy", "random", deals=6000, seed=2, threads=1, chunk=6000)
    for threads, chunk in ((2, 1000), (2, 777), (1, 64)):
        r = compare("sueca", "greedy", "random", deals=6000, seed=2, threads=threads, chunk=chunk)
        assert r.summary == base.summary


def test_sprt_accepts_h1_for_greedy_against_random_well_before_n():
    n = 50_000
    r = compare("sueca", "greedy", "random", deals=n, seed=4, sprt=(0, 20))
    s = r.sprt
    assert s["result"] == "H1" and s["llr"] > s["upper"]
    assert s["pairs"] == r.summary["deals"] <= n // 10
    assert (s["lower"], s["upper"]) == pytest.approx((-math.log(19), math.log(19)))
    # the trace: the LLR after each check (every chunk), inside the bounds until the last
    tr = s["trace"]
    assert tr["pairs"][-1] == s["pairs"] and tr["llr"][-1] == s["llr"]
    assert all(p % s["check_every"] == 0 for p in tr["pairs"][:-1])
    assert tr["pairs"] == sorted(set(tr["pairs"]))
    assert all(s["lower"] < x < s["upper"] for x in tr["llr"][:-1])
    # the verdict does not depend on the thread count
    r2 = compare("sueca", "greedy", "random", deals=n, seed=4, sprt=(0, 20), threads=1)
    assert r2.sprt == s and r2.summary == r.summary


def test_sprt_accepts_h0_when_a_is_the_weaker_strategy():
    r = compare("sueca", "random", "greedy", deals=50_000, seed=4, sprt=(0, 20))
    assert r.sprt["result"] == "H0" and r.sprt["llr"] < r.sprt["lower"]


def test_sprt_reaching_n_is_inconclusive():
    r = compare("sueca", "greedy", "random", deals=300, seed=4, sprt=(75, 85))
    assert r.sprt["result"] == "inconclusive" and r.sprt["pairs"] == 300


@pytest.mark.parametrize("bad", [(5, 0), (0, 5, 0.5, 0.6), (0, 5, 0.05), (0, 5, 0, 0.05)])
def test_bad_sprt_is_a_user_error(bad):
    with pytest.raises(TrunfoError):
        compare("sueca", "greedy", "random", deals=10, sprt=bad)


def test_unknown_strategy_is_a_user_error():
    with pytest.raises(TrunfoError, match="valid strategies"):
        compare("sueca", "greedy", "nope", deals=10)


def test_tournament_ratings_and_matrix():
    t = tournament("sueca", ["random", "greedy"], deals=3000, seed=1)
    (rr, rg) = t["ratings"]
    assert rg["elo"] > rr["elo"] and sum(r["elo"] for r in t["ratings"]) == pytest.approx(0)
    assert rg["elo_ci95"][0] < rg["elo"] < rg["elo_ci95"][1]
    m = t["point_diff_matrix"]
    assert m[0][0] == m[1][1] == 0 and m[0][1] == -m[1][0] < 0
    with pytest.raises(TrunfoError):
        tournament("sueca", ["greedy", "greedy"], deals=10)
    with pytest.raises(TrunfoError):
        tournament("sueca", ["greedy"], deals=10)


def test_a_decided_sprt_does_not_queue_the_rest_of_n():
    r = compare("sueca", "greedy", "random", deals=10**9, seed=4, sprt=(0, 20))
    assert r.sprt["result"] == "H1" and r.summary["deals"] < 10**5 and not r.interrupted


# --- more than two sides: Scopa with 3 players, 4 players with teams=false -------------------
def test_three_sides_unit_by_hand_for_a_few_deals():
    """Expected values from the plain-Python reference, not from the game's kernels."""
    import scopa_reference as ref
    seat = seating("scopa", "greedy", "random", players=3)
    assert seat.sides == 3 and seat.seats == (("greedy", "random", "random"),
                                              ("random", "greedy", "random"),
                                              ("random", "random", "greedy"))
    out = pair_outcomes(seat, 9, 100, 6)
    for i, deal in enumerate(range(100, 106)):
        d2 = w4 = halves = 0
        for r in range(3):                          # A on side (= seat) r, B on the others
            names = tuple("greedy" if s == r else "random" for s in range(3))
            pts = ref.play_deal(9, deal, names, players=3)["points"]
            top = max(pts)
            res2 = [0 if p < top else (2 if pts.count(top) == 1 else 1) for p in pts]
            d2 += 3 * pts[r] - sum(pts)             # k x_A - sum of the sides' scores
            w4 += 3 * res2[r] - sum(res2)           # 2 (k r_A - sum r), results in halves
            halves += res2[r]
        assert (out["d2"][i], out["w4"][i], out["bucket"][i]) == (d2, w4, halves)


def test_three_sides_greedy_beats_random_by_more_than_any_interval_of_this_size():
    n = 40_000           # greedy's edge is about 0.28 points a game: the bound must be below
    r = compare("scopa", "greedy", "random", deals=n, seed=11, players=3).summary
    assert r["sides"] == r["unit_games"] == 3 and r["games"] == 3 * n
    assert r["pentanomial"] is None and sum(r["unit_results"]) == n
    lo, hi = r["mean_point_diff_ci95"]
    assert 0 < lo <= r["mean_point_diff"] <= hi
    # per deal, A's points minus the mean of B's lie in [-R, R]: sd <= R (Popoviciu)
    worst_half = 1.96 * SCORE_RANGE["scopa"] / math.sqrt(n)
    assert (hi - lo) / 2 < worst_half < r["mean_point_diff"]
    assert r["win_rate_diff_ci95"][0] > 0 and r["score_ci95"][0] > 0.5 and r["elo_ci95"][0] > 0
    assert r["score"] == pytest.approx(0.5 + r["win_rate_diff"] / 2)
    assert r["win_rate_ci95"][0] > 1 / 3            # more than a fair share of the 3 sides


def test_four_individual_sides_zero_against_itself_and_greedy_ahead():
    rules = {"teams": False}
    same = compare("scopa", "random", "random", deals=2000, seed=5, players=4, rules=rules,
                   keep_pairs=True, threads=1)
    assert same.summary["sides"] == 4 and len(same.setup["seats"]) == 4
    assert np.all(same.pairs["d2"] == 0) and np.all(same.pairs["w4"] == 0)
    r = compare("scopa", "greedy", "random", deals=4000, seed=5, players=4, rules=rules).summary
    assert r["mean_point_diff_ci95"][0] > 0 and r["elo_ci95"][0] > 0


def test_three_sides_same_result_for_any_thread_count_and_chunk_size():
    base = compare("scopa", "greedy", "random", deals=3000, seed=2, players=3, threads=1,
                   chunk=3000)
    for threads, chunk in ((2, 1000), (2, 333)):
        r = compare("scopa", "greedy", "random", deals=3000, seed=2, players=3, threads=threads,
                    chunk=chunk)
        assert r.summary == base.summary


def test_three_sides_sprt_on_the_normal_approximation():
    r = compare("scopa", "greedy", "random", deals=50_000, seed=4, players=3, sprt=(0, 20))
    assert r.sprt["result"] == "H1" and r.sprt["model"] == "normal"
    assert r.sprt["pairs"] == r.summary["deals"] < 50_000
    r = compare("scopa", "random", "greedy", deals=50_000, seed=4, players=3, sprt=(0, 20))
    assert r.sprt["result"] == "H0" and r.sprt["llr"] < r.sprt["lower"]
    r = compare("sueca", "greedy", "random", deals=1000, seed=4, sprt=(0, 20))
    assert r.sprt["model"] == "pentanomial"


def test_three_sides_tournament_plays_each_ordered_pair():
    t = tournament("scopa", ["random", "greedy"], deals=2000, seed=1, players=3)
    assert t["sides"] == 3 and [m["strategies"] for m in t["matches"]] == [
        ["random", "greedy"], ["greedy", "random"]]
    (rr, rg) = t["ratings"]
    assert rg["elo"] > 0 > rr["elo"]
    m = t["point_diff_matrix"]
    assert m[1][0] == t["matches"][1]["mean_point_diff"] > 0 > m[0][1]


def test_sprt_looks_every_hundred_pairs_whatever_the_chunks():
    """The SPRT looks at multiples of ``sprt_every`` (default 100), not at chunk ends: the
    trace has a point per look, the test stops at the first look outside the bounds, and
    the pairs after it are not counted, so chunks and threads change nothing."""
    base = compare("sueca", "greedy", "random", deals=20_000, seed=4, sprt=(0, 20), threads=1,
                   chunk=1000)
    s = base.sprt
    assert s["check_every"] == 100 and s["result"] == "H1"
    tr = s["trace"]
    assert tr["pairs"] == list(range(100, s["pairs"] + 1, 100))
    assert all(s["lower"] < x < s["upper"] for x in tr["llr"][:-1])
    for threads, chunk in ((2, 333), (1, 64)):
        r = compare("sueca", "greedy", "random", deals=20_000, seed=4, sprt=(0, 20),
                    threads=threads, chunk=chunk)
        assert r.sprt == s and r.summary == base.summary
    # the counted pairs are the first s["pairs"] deals, as a plain comparison of them
    plain = compare("sueca", "greedy", "random", deals=s["pairs"], seed=4)
    assert plain.summary == base.summary
    coarse = compare("sueca", "greedy", "random", deals=20_000, seed=4, sprt=(0, 20),
                     sprt_every=250)
    assert coarse.sprt["trace"]["pairs"][:-1] == list(range(250, coarse.sprt["pairs"], 250))


def test_sprt_position_names_the_crossed_bound():
    from simcore.duplicate import sprt_position
    assert "inside the bounds" in sprt_position({"llr": 0.5, "lower": -2.9, "upper": 2.9})
    assert "upper bound +2.900 (H1" in sprt_position({"llr": 3.1, "lower": -2.9, "upper": 2.9})
    assert "lower bound -2.900 (H0" in sprt_position({"llr": -20.9, "lower": -2.9,
                                                      "upper": 2.9})


def test_normalized_elo_by_hand():
    """Pairs [1, 1, 1, 1, 4] (pair scores 0 .. 1 in quarters): mean 5.5/8 = 0.6875, the
    pair score's variance 1.09375/8 = 0.13671875, normalized Elo
    0.1875 / sqrt(2 x 0.13671875) x 800 / ln 10 = 124.58 (fastchess's formula)."""
    from simcore import stats
    s = stats.pentanomial_summary([1, 1, 1, 1, 4])
    assert s["score"] == pytest.approx(0.6875)
    assert s["nelo"] == pytest.approx(0.1875 / math.sqrt(0.2734375) * 800 / math.log(10))
    assert s["nelo"] == pytest.approx(124.58, abs=0.01)
    assert s["nelo_low"] < s["nelo"] < s["nelo_high"]
    assert stats.pentanomial_summary([5, 10, 20, 10, 5])["nelo"] == pytest.approx(0)


def test_a_result_prints_as_its_table():
    r = compare("sueca", "greedy", "random", deals=200, seed=1)
    text = str(r)
    assert text.splitlines()[0] == "sueca: greedy vs random, 200 deals in duplicate, seed 1"
    assert "normalized Elo: greedy vs random" in text and "LOS: P(greedy stronger" in text
    assert "CompareResult(" not in text
