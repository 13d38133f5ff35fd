"""Spades scoring against a table of hand-computed cases (docs/games/spades.md)."""
import numpy as np
import pytest

from simcore.spades import enums as E
from simcore.spades.scoring import add_bags, game_over, nil_result, score_team


def P(**rules):
    return E.params(E.RULES.resolve(rules))


# bid_a, bid_b, blind_a, blind_b, tricks_a, tricks_b, bag_points -> score, bags, made
TEAM_CASES = [
    # contract made exactly: +10 per trick bid
    ((3, 4, False, False, 4, 3, 0), (70, 0, True)),
    # the contract counts both partners' tricks, whoever took them
    ((3, 4, False, False, 7, 0, 0), (70, 0, True)),
    # overtricks are bags, worth nothing by default ...
    ((3, 2, False, False, 5, 3, 0), (50, 3, True)),
    # ... and one point each with bag_points = 1
    ((3, 2, False, False, 5, 3, 1), (53, 3, True)),
    # set: -10 per trick bid, no bags
    ((5, 4, False, False, 4, 4, 0), (-90, 0, False)),
    ((5, 4, False, False, 4, 4, 1), (-90, 0, False)),
    # nil made (+100) beside a made contract
    ((0, 4, False, False, 0, 5, 0), (140, 1, True)),
    # nil set (-100); the nil player's tricks count toward the partner's contract
    ((0, 4, False, False, 2, 2, 0), (-60, 0, True)),
    ((0, 4, False, False, 1, 2, 0), (-140, 0, False)),
    # blind nil: +-200
    ((0, 3, True, False, 0, 3, 0), (230, 0, True)),
    ((0, 3, True, False, 1, 3, 0), (-170, 1, True)),
    ((0, 3, True, False, 1, 3, 1), (-169, 1, True)),
    # both partners nil: contract 0, every trick a bag
    ((0, 0, False, False, 0, 0, 0), (200, 0, True)),
    ((0, 0, False, False, 0, 2, 1), (2, 2, True)),
    ((0, 0, True, True, 1, 0, 0), (0, 1, True)),
    # big contracts
    ((13, 0, False, False, 13, 0, 0), (230, 0, True)),
    ((7, 6, False, False, 12, 0, 0), (-130, 0, False)),
]


@pytest.mark.parametrize("args,expected", TEAM_CASES)
def test_score_team_table(args, expected):
    score, bags, made = score_team(*args)
    assert (int(score), int(bags), bool(made)) == expected


@pytest.mark.parametrize("total,new,limit,penalty,expected", [
    (0, 3, 10, 100, (3, 0)),
    (7, 2, 10, 100, (9, 0)),
    (7, 3, 10, 100, (0, 100)),        # reaching the limit exactly costs the penalty
    (9, 4, 10, 100, (3, 100)),        # the count drops by the limit
    (5, 13, 10, 100, (8, 100)),
    (9, 11, 10, 100, (0, 200)),       # twice in one hand
    (4, 1, 5, 50, (0, 50)),
    (0, 13, 5, 50, (3, 100)),
    (0, 0, 10, 100, (0, 0)),
])
def test_add_bags_table(total, new, limit, penalty, expected):
    after, lost = add_bags(total, new, P(bag_limit=limit, bag_penalty=penalty))
    assert (int(after), int(lost)) == expected


@pytest.mark.parametrize("s0,s1,rules,expected", [
    (499, 300, {}, (-1, 0)),
    (500, 300, {}, (0, 0)),
    (300, 512, {}, (1, 0)),
    (510, 530, {}, (1, 0)),           # both over: the higher wins
    (520, 520, {}, (-1, 0)),          # equal: play another hand
    (-250, 100, {}, (-1, 0)),         # no mercy by default
    (-250, 100, {"mercy": True}, (1, 1)),
    (100, -200, {"mercy": True}, (0, 1)),
    (100, -199, {"mercy": True}, (-1, 0)),
    (-300, -210, {"mercy": True}, (1, 1)),   # both: the lower loses
    (-210, -210, {"mercy": True}, (-1, 0)),
    (200, 150, {"target": 200}, (0, 0)),
])
def test_game_over_table(s0, s1, rules, expected):
    w, e = game_over(s0, s1, P(**rules))
    assert (int(w), int(e)) == expected


def test_nil_result_codes():
    assert nil_result(3, False, 0) == E.NIL_NONE
    assert nil_result(0, False, 0) == E.NIL_MADE
    assert nil_result(0, False, 2) == E.NIL_SET
    assert nil_result(0, True, 0) == E.BLIND_MADE
    assert nil_result(0, True, 1) == E.BLIND_SET


def test_params_vector_layout():
    p = P(break_spades=True, bag_points=1, bag_limit=7, bag_penalty=70, blind_nil=True,
          target=300, mercy=True, max_hands=50)
    assert p.dtype == np.int64
    assert list(p) == [1, 1, 7, 70, 1, 300, 1, 50]
