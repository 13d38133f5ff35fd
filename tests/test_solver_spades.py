"""The solver on Spades endings (tricks, spades trump, break_spades either way), against a
plain brute-force minimax over the reference rules."""
import random

import pytest

from solver_checks import check_ending


@pytest.mark.parametrize("tricks,count", [(3, 40), (4, 8), (5, 1)])
def test_spades_par_move_values_and_best_line_match_brute_force(tricks, count):
    rng = random.Random(2000 + tricks)
    for _ in range(count):
        check_ending("spades", 4, tricks, rng, moves=tricks < 5, line=tricks < 5)
