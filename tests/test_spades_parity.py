"""The Spades kernels against the independent plain-Python reference, deal for deal.

``tests/spades_reference.py`` was written from docs/games/spades.md and docs/rng.md alone;
every hand (bids, every card played, tricks, score, bags) and every game (each hand, bags
carried, penalties, how and when it ended) must be identical.
"""
import pytest

import spades_reference as R
from simcore.cards import FRENCH52 as D
from simcore.spades import enums as E
from simcore.spades.game import SPADES

RG = ("random", "greedy")
MIXES = [("random",) * 4, ("greedy",) * 4, RG * 2, RG[::-1] * 2,
         ("greedy", "greedy", "random", "random"), ("random", "random", "random", "greedy")]
VARIANTS = [({}, None), ({"break_spades": True}, None), ({"bag_points": 1}, 2),
            ({"break_spades": True, "bag_points": 1}, 0)]


def kernel_hand(rec):
    return {
        "dealer": rec["dealer"],
        "hands": [sorted(D.parse_card(c) for c in h) for h in rec["hands"]],
        "bids": rec["bids"],
        "blind": rec["blind_nil"],
        "plays": [(s, D.parse_card(c)) for s, c in rec["plays"]],
        "tricks": [(t["leader"], t["winner"]) for t in rec["tricks"]],
        "tricks_won": rec["points"],
        "score": rec["score"],
        "bags": rec["bags"],
        "outcome": rec["result"]["outcome"],
        "winner": rec["result"]["winner"],
    }


def reference_hand(ref):
    out = {k: ref[k] for k in ("dealer", "bids", "blind", "tricks_won", "score", "bags",
                               "outcome", "winner")}
    out["hands"] = [sorted(h) for h in ref["hands"]]
    out["plays"] = [tuple(p) for p in ref["plays"]]
    out["tricks"] = [tuple(t) for t in ref["tricks"]]
    return out


HAND_CASES = [(m, {}, None) for m in MIXES] + \
    [(m, rules, dealer) for m in MIXES[:3] for rules, dealer in VARIANTS[1:]]


@pytest.mark.parametrize("strategies,rules,dealer",
                         HAND_CASES, ids=lambda v: str(v))
def test_hands_identical_to_the_reference(strategies, rules, dealer):
    seed, n = 1234, 150
    setup = SPADES.setup(rules, strategies, dealer=dealer)
    for rec in SPADES.records(setup, seed, 0, n):
        ref = R.play_hand(seed, rec["deal"], strategies, rules, dealer)
        assert kernel_hand(rec) == reference_hand(ref), f"deal {rec['deal']}"


def test_hands_identical_at_large_indices_and_seeds():
    strategies = RG * 2
    seed = 2**64 - 5
    setup = SPADES.setup({}, strategies)
    for rec in SPADES.records(setup, seed, 10**12, 20):
        ref = R.play_hand(seed, rec["deal"], strategies)
        assert kernel_hand(rec) == reference_hand(ref)


GAME_CASES = [
    (("greedy",) * 4, {}),
    (("greedy",) * 4, {"bag_points": 1, "bag_limit": 5, "bag_penalty": 50, "break_spades": True}),
    (RG * 2, {"mercy": True, "blind_nil": True}),
    (("greedy", "greedy", "random", "random"), {"mercy": True, "blind_nil": True,
                                                "target": 300}),
    (("random",) * 4, {"mercy": True, "target": 200}),
    (RG[::-1] * 2, {"blind_nil": True}),
    (("random",) * 4, {}),                          # undecided: ends at max_hands (200)
    (("greedy",) * 4, {"max_hands": 3, "target": 150}),
]


@pytest.mark.parametrize("strategies,rules", GAME_CASES, ids=lambda v: str(v))
def test_games_identical_to_the_reference(strategies, rules):
    seed = 99
    setup = SPADES.setup(rules, strategies)
    for g in range(4):
        game, _, _, _ = SPADES.play_games(setup, seed, g)
        recs = SPADES.rubber_records(setup, seed, g, 0)
        ref = R.play_game(seed, g, strategies, rules)
        winner = None if game["winner"] < 0 else int(game["winner"])
        assert (winner, E.RUBBER_ENDS[game["end"]], int(game["first_dealer"])) == \
            (ref["winner"], ref["end"], ref["first_dealer"])
        assert [int(game["score_team0"]), int(game["score_team1"])] == ref["totals"]
        assert [int(game["bags_team0"]), int(game["bags_team1"])] == ref["bags"]
        assert len(recs) == len(ref["hands"]) == game["hands"]
        for rec, h in zip(recs, ref["hands"]):
            assert kernel_hand(rec) == reference_hand(h), f"game {g} hand {rec['hand_in_game']}"
            assert rec["scores_before"] == h["totals_before"]
            assert rec["bags_before"] == h["bags_before"]
            assert rec["bag_penalty"] == h["bag_penalties"]
            assert rec["scores_after"] == h["totals_after"]
