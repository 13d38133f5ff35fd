"""The solver on Brisca endings with the stock's order known (2, 4 and 6 players), against a
plain brute-force minimax over the reference rules."""
import random

import pytest

from solver_checks import check_ending


@pytest.mark.parametrize("players,tricks,count", [(2, 3, 20), (2, 5, 20), (4, 3, 20),
                                                  (4, 4, 3), (6, 3, 3)])
def test_brisca_par_move_values_and_best_line_match_brute_force(players, tricks, count):
    rng = random.Random(3000 + 10 * players + tricks)
    for _ in range(count):
        check_ending("brisca", players, tricks, rng)
