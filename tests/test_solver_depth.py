"""The depth-limited search (``horizon``, used by ``pimc(depth=...)``) against a plain
minimax over the reference rules that stops at the same trick boundaries and values the rest
by the documented estimate, written here apart from the solver."""
import random
from functools import lru_cache

import pytest

from simcore.solver.api import solve, value
from solver_brute import Rules, side_of
from solver_checks import in_play, random_ending


def estimate(rules: Rules, hands) -> int:
    """Side 0's estimate of the rest at a trick boundary: the middle (rounded down) of the
    points of side 0's trumps above every trump of side 1, and the points in play less those
    of side 1's trumps above every trump of side 0."""
    trumps = [[c for c in h if rules.is_trump(c)] for h in hands]
    side = [[c for s, t in enumerate(trumps) if s % 2 == k for c in t] for k in (0, 1)]

    def sure(k):
        other = side[1 - k]
        # trump order: the reference trick winner decides which of two trumps is higher
        return [c for c in side[k]
                if all(rules.winner([c, o]) == 0 for o in other)]
    rem = sum(rules.points[c] for h in hands for c in h) + rules.trick_value * (
        sum(len(h) for h in hands) // rules.players)
    lb = sum(rules.points[c] for c in sure(0))
    ub = rem - sum(rules.points[c] for c in sure(1))
    return (lb + ub) // 2


def limited_value(rules: Rules, hands, leader, trick, horizon, first=None) -> int:
    n = rules.players

    def play(hands, leader, trick, card):
        seat = (leader + len(trick)) % n
        hs = list(hands)
        hs[seat] = tuple(c for c in hands[seat] if c != card)
        t = trick + (card,)
        if len(t) < n:
            return best(tuple(hs), leader, t)
        win = (leader + rules.winner(list(t))) % n
        v = sum(rules.points[c] for c in t) + rules.trick_value
        return (v if side_of(win) == 0 else 0) + best(tuple(hs), win, ())

    @lru_cache(maxsize=None)
    def best(hands, leader, trick):
        if not trick:
            if all(not h for h in hands):
                return 0
            if len(hands[leader]) <= horizon:
                return estimate(rules, hands)
        seat = (leader + len(trick)) % n
        vals = [play(hands, leader, trick, c)
                for c in rules.legal(hands[seat], trick, False)]
        return max(vals) if side_of(seat) == 0 else min(vals)

    root = (tuple(tuple(sorted(h)) for h in hands), leader, tuple(trick))
    return best(*root) if first is None else play(*root, first)


@pytest.mark.parametrize("tricks,horizon,count", [(4, 2, 12), (5, 3, 4), (5, 1, 2)])
def test_sueca_depth_limited_values_match_a_limited_minimax(tricks, horizon, count):
    rng = random.Random(7000 + 10 * tricks + horizon)
    for _ in range(count):
        pos, rules, hands, trick, stock, broken = random_ending("sueca", 4, tricks, rng)
        t0, t1 = pos.taken
        total = in_play(rules, hands, trick, stock)
        want = limited_value(rules, hands, pos.leader, trick, horizon)
        assert value(pos, horizon=horizon) == (t0 + want, t1 + total - want), pos
        sol = solve(pos, horizon=horizon)
        for card, v in sol.moves.items():
            b = limited_value(rules, hands, pos.leader, trick, horizon, first=card)
            assert v == (t0 + b, t1 + total - b), (pos, card)
