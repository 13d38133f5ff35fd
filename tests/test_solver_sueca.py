"""The solver on Sueca endings, against a plain brute-force minimax over the reference rules."""
import random

import pytest

from solver_checks import check_ending


@pytest.mark.parametrize("tricks,count", [(2, 60), (3, 40), (4, 8), (5, 1)])
def test_sueca_par_move_values_and_best_line_match_brute_force(tricks, count):
    rng = random.Random(1000 + tricks)
    for _ in range(count):
        check_ending("sueca", 4, tricks, rng, moves=tricks < 5, line=tricks < 5)


def test_sueca_partition_search_never_skips_a_relevant_card():
    """A 4-trick ending that a random sweep found: a card worth nothing was skipped as
    "below every relevant card of its suit" while it was itself the lowest relevant one."""
    from simcore.solver.api import Position, solve
    from solver_brute import Rules, par_value
    from solver_checks import config
    masks = [67118082, 2147633152, 618643062784, 17179971584]
    hands = [[c for c in range(40) if m >> c & 1] for m in masks]
    pos = Position(config("sueca"), hands=masks, trump=1, leader=1, taken=(23, 26))
    rules = Rules("sueca", 4, 1)
    total = sum(rules.points[c] for h in hands for c in h)
    sol = solve(pos)
    for card, v in sol.moves.items():
        b = par_value(rules, hands, 1, first=card)
        assert v == (23 + b, 26 + total - b), card
    b = par_value(rules, hands, 1)
    assert sol.par == (23 + b, 26 + total - b)
