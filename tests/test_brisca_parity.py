"""The jitted Brisca kernels against the plain-Python reference, deal for deal."""
import json
import os
import sys

import pytest

import simcore

sys.path.insert(0, os.path.dirname(__file__))
import brisca_reference as ref  # noqa: E402
from simcore.brisca.enums import deck_for  # noqa: E402
from simcore.games import get_game  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from experiments.records_check import check_record, check_sequence  # noqa: E402


def mixes(n):
    return [("random",) * n, ("greedy",) * n, ("greedy", "random") * (n // 2),
            ("random", "greedy") * (n // 2), ("greedy",) * (n // 2) + ("random",) * (n // 2)]


CASES = [(n, m) for n in (2, 4, 6) for m in mixes(n)]
RULESETS = [{}, {"values": "lombardy", "double_at": 80}, {"tiebreak_cards": False},
            {"values": "tuscan"},
            # regional variants
            {"marriages": True, "double_at": 100}, {"mexican": True},
            {"rotating_trump": True, "marriages": True}, {"open_hands": True}]


def outcome(label):
    return label.replace("_tiebreak", "_single")


def compare_deal(rec, exp, players):
    deck = deck_for(players)
    card = deck.parse_card
    assert rec["dealer"] == exp["dealer"]
    if exp["trump_card"] is None:           # rotating_trump: no card is turned
        assert rec["trump"] is None and rec["trump_suit"] == "OCEB"[exp["trump_suit"]]
    else:
        assert card(rec["trump"]) == exp["trump_card"] and "trump_suit" not in rec
    assert [sorted(card(c) for c in h) for h in rec["hands"]] == [sorted(h) for h in exp["hands"]]
    assert [card(c) for c in rec["stock"]] == list(exp["stock"])
    assert [(s, card(c)) for s, c in rec["plays"]] == [tuple(p) for p in exp["plays"]]
    assert [(t["leader"], t["winner"], t["points"]) for t in rec["tricks"]] == \
        [tuple(t) for t in exp["tricks"]]
    assert rec["points"] == list(exp["points"])
    assert rec["cards"] == list(exp["cards"])
    assert outcome(rec["result"]["outcome"]) == exp["outcome"]
    assert rec["result"]["winner"] == exp["winner"]
    assert rec["result"]["game_points"] == max(exp["game_points"])
    assert rec.get("marriages") == exp.get("marriages")
    # the variants' events: present exactly when their rule is on
    for key in ("exchanges", "arrastro", "claim", "muerte"):
        assert (key in rec) == (key in exp)
    if "exchanges" in exp:
        assert [(e["trick"], e["seat"], card(e["gave"]), card(e["took"]))
                for e in rec["exchanges"]] == \
            [(e["trick"], e["seat"], e["gave"], e["took"]) for e in exp["exchanges"]]
    if "arrastro" in exp:
        assert rec["arrastro"] == exp["arrastro"]
    if "claim" in exp:
        assert rec["claim"] == exp["claim"]
    if "muerte" in exp:
        assert rec["muerte"] == exp["muerte"]


@pytest.mark.parametrize("players,strategies", CASES)
def test_kernel_matches_reference_deal_for_deal(players, strategies):
    n = 200
    recs = list(simcore.game_records("brisca", deals=n, seed=11, strategies=strategies,
                                     players=players))
    assert len(recs) == n
    for d, rec in enumerate(recs):
        assert rec["deal"] == d
        compare_deal(rec, ref.play_deal(11, d, strategies, None, players), players)


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_rule_variants_match_reference(players, rules):
    strategies = ("greedy", "random") * (players // 2)
    recs = list(simcore.game_records("brisca", deals=60, seed=5, strategies=strategies,
                                     players=players, rules=rules))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(5, d, strategies, rules, players), players)


@pytest.mark.parametrize("players,dealer", [(2, 1), (4, 3), (6, 5)])
def test_fixed_dealer_matches_reference(players, dealer):
    strategies = ("random", "greedy") * (players // 2)
    recs = list(simcore.game_records("brisca", deals=40, seed=3, strategies=strategies,
                                     players=players, dealer=dealer))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(3, d, strategies, None, players, dealer), players)


def matches_against_reference(seed, count, strategies, rules, players):
    """Matches ``0 .. count-1`` of the run ``seed``: each deal's record compared with the
    reference's (game points before it included); yields ``(records, expected, row)``
    with the kernel's match row for the caller's own checks."""
    g = get_game("brisca")
    setup = g.setup(rules, strategies, players=players)
    first = 0
    for m in range(count):
        exp = ref.play_match(seed, m, strategies, rules, players)
        recs = g.rubber_records(setup, seed, m, first)
        first += len(recs)
        assert len(recs) == len(exp["deals"])
        for rec, e in zip(recs, exp["deals"]):
            compare_deal(rec, e, players)
            assert rec["game_points_before"] == e["game_points_before"]
        yield recs, exp, g.run_rubber_chunk(setup, seed, m, 1)[0]


# greedy and random alternating, or random alone where the suite compiles that match kernel
# anyway (tests/test_records_check.py): both play loops are checked in matches, and no case
# compiles a kernel of its own
GR, R = ("greedy", "random"), ("random",)


@pytest.mark.parametrize("players,rules,mix", [(2, {}, GR), (2, {"marriages": True}, R),
                                               (4, {"rotating_trump": True}, GR),
                                               (4, {"target": 5, "double_at": 90}, R),
                                               (6, {"target": 7}, R)],
                         ids=["2-default", "2-marriages", "4-rotating_trump",
                              "4-target,double_at", "6-target"])
def test_matches_match_reference(players, rules, mix):
    strategies = mix * (players // len(mix))
    g = get_game("brisca")
    for _, exp, row in matches_against_reference(9, 25, strategies, rules, players):
        assert row["winner"] == (-1 if exp["winner"] is None else exp["winner"])
        assert g.end_names[row["end"]] == exp["end"]
        assert row["first_dealer"] == exp["first_dealer"]
        assert [row["game_points_side0"], row["game_points_side1"]] == exp["game_points"]
        assert row["deals"] == len(exp["deals"])


# --- the variants that add decisions or change play ----------------------------
# one lineup per player count (greedy and random alternating), so that each variant
# compiles one kernel per player count
VARIANTS = [{"trump_exchange": True}, {"arrastro": True}, {"claim_top_trumps": True},
            # muerte_al_tres alone and with the three others (the same kernels: the play
            # variants' flags are read at run time)
            {"muerte_al_tres": True},
            {"muerte_al_tres": True, "trump_exchange": True, "arrastro": True,
             "claim_top_trumps": True}]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(r))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_play_variants_match_reference(players, rules):
    strategies = ("greedy", "random") * (players // 2)
    recs = list(simcore.game_records("brisca", deals=80, seed=23, strategies=strategies,
                                     players=players, rules=rules))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(23, d, strategies, rules, players), players)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(r))
def test_play_variants_matches_match_reference(rules):
    for _, exp, row in matches_against_reference(4, 12, ("greedy", "random"), rules, 2):
        assert row["winner"] == exp["winner"]
        assert [row["game_points_side0"], row["game_points_side1"]] == exp["game_points"]


# --- the regional and play variants together (the scoring and trump variants with the play
# variants): one kernel literal for the first three (variant_of: bit 0 and arrastro, claim)
COMBINED = [{"marriages": True, "arrastro": True, "claim_top_trumps": True, "open_hands": True},
            {"rotating_trump": True, "arrastro": True, "claim_top_trumps": True},
            {"mexican": True, "arrastro": True, "trump_exchange": True}]


@pytest.mark.parametrize("rules", COMBINED, ids=lambda r: ",".join(r))
@pytest.mark.parametrize("players", [2, 4])
def test_combined_variants_match_reference(players, rules):
    strategies = ("greedy", "random") * (players // 2)
    recs = list(simcore.game_records("brisca", deals=80, seed=31, strategies=strategies,
                                     players=players, rules=rules))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(31, d, strategies, rules, players), players)
        assert check_record(json.loads(json.dumps(rec))) == []


def test_exchange_with_marriages_matches_reference():
    rules = {"marriages": True, "trump_exchange": True, "claim_top_trumps": True}
    strategies = ("greedy", "random")
    recs = list(simcore.game_records("brisca", deals=80, seed=37, strategies=strategies,
                                     players=2, rules=rules))
    assert any(r["exchanges"] for r in recs) and any(r["claim"] for r in recs)
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(37, d, strategies, rules, 2), 2)
        assert check_record(json.loads(json.dumps(rec))) == []


def test_rotating_play_variants_matches_match_reference():
    rules = {"rotating_trump": True, "arrastro": True, "claim_top_trumps": True}
    for recs, exp, row in matches_against_reference(4, 6, ("greedy", "random"), rules, 2):
        assert len(recs) == 4
        for rec in recs:
            assert check_record(json.loads(json.dumps(rec))) == []
        assert row["winner"] == (-1 if exp["winner"] is None else exp["winner"])
        assert [row["game_points_side0"], row["game_points_side1"]] == exp["game_points"]
    # check-records refuses trump_exchange under rotating_trump (no card is turned)
    bad = json.loads(json.dumps(recs[0]))
    bad["rules"]["trump_exchange"] = True
    bad["exchanges"] = []
    assert any("rules.trump_exchange" in m and "rotating_trump" in m for m in check_record(bad))


# --- three players: each for themselves, 39 cards (the 2 of coins out) ---------
# one lineup (greedy and random mixed: one kernel for the default game, one for the play
# variants), so that 3 players add two compiled kernels to the suite
THREE = [("greedy", "random", "random"), ("random", "greedy", "greedy")]


@pytest.mark.parametrize("strategies", THREE)
def test_three_players_match_reference_deal_for_deal(strategies):
    recs = list(simcore.game_records("brisca", deals=150, seed=11, strategies=strategies,
                                     players=3))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(11, d, strategies, None, 3), 3)
        assert len(rec["points"]) == len(rec["cards"]) == 3
        assert check_record(json.loads(json.dumps(rec))) == []


@pytest.mark.parametrize("rules", [{"values": "lombardy", "double_at": 70},
                                   {"tiebreak_cards": False}, {"values": "tuscan",
                                                               "open_hands": True}],
                         ids=lambda r: ",".join(r))
def test_three_players_rule_variants_match_reference(rules):
    strategies = THREE[0]
    recs = list(simcore.game_records("brisca", deals=60, seed=5, strategies=strategies,
                                     players=3, rules=rules, dealer=1))
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(5, d, strategies, rules, 3, 1), 3)
        assert check_record(json.loads(json.dumps(rec))) == []


def test_three_players_play_variants_match_reference():
    rules = {"trump_exchange": True, "arrastro": True, "claim_top_trumps": True}
    strategies = THREE[1]
    recs = list(simcore.game_records("brisca", deals=120, seed=23, strategies=strategies,
                                     players=3, rules=rules))
    assert any(r["exchanges"] for r in recs) and any(r["arrastro"] for r in recs)
    assert any(r["claim"] for r in recs)
    for d, rec in enumerate(recs):
        compare_deal(rec, ref.play_deal(23, d, strategies, rules, 3), 3)
        assert check_record(json.loads(json.dumps(rec))) == []


def test_three_players_matches_match_reference():
    """Three players' matches: game points by seat, the first seat to reach the target."""
    winners = set()
    for recs, exp, row in matches_against_reference(9, 15, THREE[0], {"double_at": 70}, 3):
        assert check_sequence([json.loads(json.dumps(r)) for r in recs]) == []
        assert row["winner"] == exp["winner"] and row["deals"] == len(exp["deals"])
        assert [row[f"game_points_side{s}"] for s in range(3)] == exp["game_points"]
        winners.add(int(row["winner"]))
    assert winners == {0, 1, 2}


def test_three_players_first_hand_trumps_count_each_seats_own_cards():
    """The summary's trumps_seat columns: each seat's trumps in the hand it was dealt,
    counted from the game records; the seats a 3-player table does not have hold none
    (a stale fourth hand once leaked into trumps_seat3, so two runs differed)."""
    strategies = THREE[0]
    # four players first, on the same thread: their fourth hand stays in the chunk's scratch
    simcore.simulate("brisca", deals=200, seed=4, players=4, threads=1, progress=False)
    frame = simcore.simulate("brisca", deals=120, seed=3, strategies=strategies, players=3,
                             threads=1, keep_deals=True, progress=False).frame
    frame = frame.sort_values("deal")
    recs = list(simcore.game_records("brisca", deals=120, seed=3, strategies=strategies,
                                     players=3))
    deck = deck_for(3)
    for rec, (_, row) in zip(recs, frame.iterrows()):
        suit = deck.suit_of(deck.parse_card(rec["trump"]))
        for s in range(6):
            first = [deck.parse_card(c) for c in rec["hands"][s]] if s < 3 else []
            assert row[f"trumps_seat{s}"] == sum(deck.suit_of(c) == suit for c in first), s
