"""Spades rules, each test named after the rule it checks (docs/games/spades.md).

Checks run on the kernel's own game records and re-derive each rule with code written
here (the stream helpers of tests/spades_reference.py give the raw draws only).
"""
import functools
import json

import numpy as np
import pytest

import simcore
import spades_reference as R
from experiments.cli import main
from experiments.records_check import check_record
from simcore.cards import FRENCH52 as D

MIX = ("random", "greedy", "random", "greedy")


@functools.lru_cache(maxsize=None)
def _records(n, seed, strategies, rules, dealer, games):
    return tuple(simcore.game_records("spades", deals=n, seed=seed, strategies=strategies,
                                      rules=dict(rules), dealer=dealer, rubbers=games))


def records(n=200, seed=11, strategies=MIX, dealer=None, games=False, **rules):
    return _records(n, seed, tuple(strategies), tuple(sorted(rules.items())), dealer, games)


def suit(c):
    return c[1]


def strength(c):
    return D.strength(c[0])


def walk(rec):
    """Yields (trick, k, seat, card, hand before the play, cards of the trick so far,
    whether a spade was played to an earlier trick)."""
    hands = {s: set(h) for s, h in enumerate(rec["hands"])}
    plays = rec["plays"]
    broken = False
    for t in range(13):
        trick = []
        for k in range(4):
            seat, c = plays[4 * t + k]
            yield t, k, seat, c, set(hands[seat]), list(trick), broken
            hands[seat].remove(c)
            trick.append(c)
        broken = broken or any(suit(x) == "S" for x in trick)


def trick_winner_pos(cards):
    spades = [i for i, c in enumerate(cards) if suit(c) == "S"]
    pool = spades or [i for i, c in enumerate(cards) if suit(c) == suit(cards[0])]
    return max(pool, key=lambda i: strength(cards[i]))


def evaluate(hand):
    """The documented ``evaluate`` bid, written again here."""
    by = {s: sorted(strength(c) for c in hand if suit(c) == s) for s in "CDHS"}
    aces = sum(12 in by[s] for s in "CDHS")
    if aces == 0 and not any(x > D.strength("9") for x in by["S"]) and len(by["S"]) <= 3:
        return 0
    n = 0
    for s in "CDHS":
        n += (12 in by[s]) + (11 in by[s] and len(by[s]) >= 2) + (10 in by[s] and len(by[s]) >= 3)
    n += max(0, len(by["S"]) - 3)
    return min(13, max(1, n))


def team_score(rec, team, bag_points):
    a, b = team, team + 2
    contract = rec["bids"][a] + rec["bids"][b]
    taken = rec["points"][a] + rec["points"][b]
    score = 10 * contract + bag_points * (taken - contract) if taken >= contract else -10 * contract
    for s in (a, b):
        if rec["bids"][s] == 0:
            worth = 200 if rec["blind_nil"][s] else 100
            score += worth if rec["points"][s] == 0 else -worth
    return score


# --- dealing -----------------------------------------------------------------------
def test_deal_gives_thirteen_cards_to_each_of_four_seats():
    for rec in records(50):
        assert [len(h) for h in rec["hands"]] == [13] * 4
        assert len({c for h in rec["hands"] for c in h}) == 52


def test_deal_passes_to_the_next_seat_each_hand():
    assert [r["dealer"] for r in records(12)] == [d % 4 for d in range(12)]
    recs = records(3, strategies=("greedy",), games=True)
    for g in range(3):
        hands = [r for r in recs if r["game_number"] == g]
        assert [r["dealer"] for r in hands] == [(g + j) % 4 for j in range(len(hands))]


def test_fixed_dealer():
    assert {r["dealer"] for r in records(20, dealer=2)} == {2}


def test_seat_after_the_dealer_leads():
    for rec in records(40):
        assert rec["tricks"][0]["leader"] == (rec["dealer"] + 1) % 4


# --- bidding -----------------------------------------------------------------------
def test_bids_are_0_to_13_with_0_nil():
    for rec in records():
        assert all(0 <= b <= 13 for b in rec["bids"])
        assert rec["nil"] == [("nil_made" if rec["points"][s] == 0 else "nil_set")
                              if rec["bids"][s] == 0 else "none" for s in range(4)]


def test_greedy_bids_evaluate():
    seen = set()
    for rec in records(300, strategies=("greedy",)):
        for s in range(4):
            assert rec["bids"][s] == evaluate(rec["hands"][s])
            seen.add(rec["bids"][s])
    assert 0 in seen and len(seen) > 5


def test_bidding_starts_after_dealer():
    """The k-th bidder from dealer+1 uses draw u[k] (random: evaluate + d, d in -1..1)."""
    seed = 11
    differs = 0
    for rec in records(300, strategies=("random",)):
        gen = R.stream(seed, rec["deal"])
        for _ in range(26):
            gen.next()
        a, b = gen.next(), gen.next()
        u = [a >> 32, a & 0xFFFFFFFF, b >> 32, b & 0xFFFFFFFF]

        def expect(first):
            bids = [0] * 4
            for k in range(4):
                s = (first + k) % 4
                e = evaluate(rec["hands"][s])
                bids[s] = 0 if e == 0 else min(13, max(1, e + ((u[k] * 3) >> 32) - 1))
            return bids
        assert rec["bids"] == expect(rec["dealer"] + 1)
        differs += rec["bids"] != expect(rec["dealer"])
    assert differs > 100            # the order is visible in the bids


# --- play --------------------------------------------------------------------------
def test_must_follow_suit():
    for rec in records():
        for t, k, seat, c, hand, trick, broken in walk(rec):
            assert c in hand
            if trick and any(suit(x) == suit(trick[0]) for x in hand):
                assert suit(c) == suit(trick[0])


def test_spades_always_trump():
    trumped = 0
    for rec in records():
        for t in range(13):
            cards = [c for _, c in rec["plays"][4 * t:4 * t + 4]]
            seats = [s for s, _ in rec["plays"][4 * t:4 * t + 4]]
            assert rec["tricks"][t]["winner"] == seats[trick_winner_pos(cards)]
            assert rec["tricks"][t]["leader"] == seats[0]
            if t < 12:
                assert rec["tricks"][t + 1]["leader"] == rec["tricks"][t]["winner"]
            trumped += suit(cards[0]) != "S" and any(suit(c) == "S" for c in cards)
    assert trumped > 100


@pytest.mark.parametrize("strategies", [("random",), ("greedy",), MIX])
def test_break_spades(strategies):
    early = 0
    for rec in records(150, strategies=strategies, break_spades=True):
        for t, k, seat, c, hand, trick, broken in walk(rec):
            if k == 0 and not broken and suit(c) == "S":
                assert all(suit(x) == "S" for x in hand)
    for rec in records(150, strategies=strategies):
        for t, k, seat, c, hand, trick, broken in walk(rec):
            if k == 0 and not broken and suit(c) == "S" and any(suit(x) != "S" for x in hand):
                early += 1
    assert early > 0                   # without the rule spades are led before they break


@pytest.mark.parametrize("strategies", [("random",), ("greedy",), MIX])
def test_random_play_invariant(strategies):
    """Every card once, 13 tricks of 4, every play legal, tricks by seat add up."""
    for rec in records(150, strategies=strategies):
        assert len(rec["plays"]) == 52 and len(rec["tricks"]) == 13
        assert sorted(c for _, c in rec["plays"]) == sorted(c for h in rec["hands"] for c in h)
        for t, k, seat, c, hand, trick, broken in walk(rec):
            assert seat == (rec["tricks"][t]["leader"] + k) % 4
            assert c in hand
            if trick and any(suit(x) == suit(trick[0]) for x in hand):
                assert suit(c) == suit(trick[0])
        won = [sum(t["winner"] == s for t in rec["tricks"]) for s in range(4)]
        assert rec["points"] == won and sum(won) == 13
        assert all(t["points"] == 0 for t in rec["tricks"])


# --- scoring -----------------------------------------------------------------------
@pytest.mark.parametrize("bag_points", [0, 1])
def test_hand_score_contract_bags_and_nil(bag_points):
    for rec in records(300, bag_points=bag_points):
        for team in (0, 1):
            assert rec["score"][team] == team_score(rec, team, bag_points)
            taken = rec["points"][team] + rec["points"][team + 2]
            contract = rec["bids"][team] + rec["bids"][team + 2]
            assert rec["bags"][team] == max(0, taken - contract)
        s0, s1 = rec["score"]
        assert rec["result"]["winner"] == (0 if s0 > s1 else 1 if s1 > s0 else None)


def test_nil_scores_100():
    made = set_ = 0
    for rec in records(400):
        for s in range(4):
            if rec["bids"][s] != 0:
                continue
            p = rec["bids"][(s + 2) % 4]
            partner = (s + 2) % 4
            if rec["bids"][partner] == 0:
                continue
            taken = rec["points"][s] + rec["points"][partner]
            base = 10 * p if taken >= p else -10 * p
            extra = rec["score"][s % 2] - base
            if rec["points"][s] == 0:
                assert extra == 100
                made += 1
            else:
                assert extra == -100
                set_ += 1
    assert made and set_


def test_bag_points_rule():
    a = records(200, bag_points=0)
    b = records(200, bag_points=1)
    assert a[0]["rules"]["bag_points"] == 0 and b[0]["rules"]["bag_points"] == 1
    for ra, rb in zip(a, b):
        assert ra["plays"] == rb["plays"]
        for t in (0, 1):
            taken = ra["points"][t] + ra["points"][t + 2]
            made = taken >= ra["bids"][t] + ra["bids"][t + 2]
            assert rb["score"][t] - ra["score"][t] == (ra["bags"][t] if made else 0)


# --- games -------------------------------------------------------------------------
def games_of(recs):
    out = {}
    for r in recs:
        out.setdefault(r["game_number"], []).append(r)
    return out


def test_bags_accumulate_and_penalty():
    penalties = 0
    recs = records(6, strategies=("greedy",), games=True, bag_limit=5, bag_penalty=50)
    for hands in games_of(recs).values():
        bags, total = [0, 0], [0, 0]
        for r in hands:
            assert r["bags_before"] == bags and r["scores_before"] == total
            for t in (0, 1):
                bags[t] += r["bags"][t]
                lost = 0
                while bags[t] >= 5:
                    bags[t] -= 5
                    lost += 50
                assert r["bag_penalty"][t] == lost
                penalties += lost > 0
                total[t] += r["score"][t] - lost
            assert r["scores_after"] == total
    assert penalties > 0


def test_game_ends_at_target_higher_wins():
    for target in (500, 200):
        recs = records(8, strategies=("greedy",), games=True, target=target)
        for hands in games_of(recs).values():
            for r in hands[:-1]:
                s0, s1 = r["scores_after"]
                assert not (max(s0, s1) >= target and s0 != s1)
            s0, s1 = hands[-1]["scores_after"]
            assert max(s0, s1) >= target and s0 != s1
    r = simcore.simulate_rubbers("spades", rubbers=30, seed=4, strategies=("greedy",),
                                 threads=1, keep_rubbers=True).frame
    assert (r["end"] == "target").all()
    top = r[["score_team0", "score_team1"]].max(axis=1)
    assert (top >= 500).all()
    assert ((r["winner"] == 0) == (r["score_team0"] > r["score_team1"])).all()


def test_mercy():
    """Random play loses points on average: with mercy a team at -200 or below loses."""
    r = simcore.simulate_rubbers("spades", rubbers=40, seed=4, strategies=("random",),
                                 rules={"mercy": True}, threads=1, keep_rubbers=True).frame
    assert (r["end"] == "mercy").any()
    for _, g in r[r["end"] == "mercy"].iterrows():
        s = [g["score_team0"], g["score_team1"]]
        assert min(s) <= -200
        assert g["winner"] == (0 if s[1] < s[0] else 1)
    recs = records(2, strategies=("greedy", "random", "greedy", "random"), games=True,
                   mercy=True)
    for hands in games_of(recs).values():
        for h in hands[:-1]:
            assert min(h["scores_after"]) > -200 and max(h["scores_after"]) < 500


def test_max_hands():
    """A game undecided after max_hands hands ends there; the higher total wins, equal: tie."""
    r = simcore.simulate_rubbers("spades", rubbers=40, seed=5, strategies=("random",),
                                 threads=1, keep_rubbers=True).frame
    assert (r["end"] == "max_hands").mean() > 0.5       # random play rarely reaches 500
    assert (r["hands"] <= 200).all()
    capped = r[r["end"] == "max_hands"]
    assert (capped["hands"] == 200).all()
    s0, s1 = capped["score_team0"], capped["score_team1"]
    assert (capped["winner"] == np.where(s0 > s1, 0, np.where(s1 > s0, 1, -1))).all()
    recs = records(30, strategies=("greedy",), games=True, max_hands=2, target=10_000)
    for hands in games_of(recs).values():
        assert len(hands) == 2
    r = simcore.simulate_rubbers("spades", rubbers=300, seed=5, strategies=("greedy",),
                                 rules={"max_hands": 1}, threads=1).summary
    assert r["ends"]["max_hands"]["count"] == 300 and r["game_tie_share"] > 0


def test_blind_nil_scores_200():
    recs = records(4, strategies=("greedy", "random", "greedy", "random"), games=True,
                   blind_nil=True)
    blind = 0
    for r in recs:
        for s in range(4):
            team = s % 2
            trailing = r["scores_before"][1 - team] - r["scores_before"][team] >= 200
            assert r["blind_nil"][s] == trailing
            if r["blind_nil"][s]:
                blind += 1
                assert r["bids"][s] == 0
                assert r["nil"][s] == ("blind_nil_made" if r["points"][s] == 0 else "blind_nil_set")
        for team in (0, 1):
            assert r["score"][team] == team_score(r, team, 0)
    assert blind > 0
    # never in single hands, and never without the rule
    assert not any(any(r["blind_nil"]) for r in records(100, blind_nil=True))
    assert not any(any(r["blind_nil"]) for r in records(2, strategies=("greedy", "random") * 2,
                                                        games=True))


# --- records, CLI ------------------------------------------------------------------
def test_records_pass_check_records():
    recs = list(records(60)) + list(records(2, strategies=("greedy",), games=True))
    for rec in recs:
        assert check_record(json.loads(json.dumps(rec))) == []
        assert rec["trump"] is None and rec["stock"] == []
        assert "bag_points" in rec["rules"]


@pytest.mark.parametrize("argv,needle", [
    (["simulate", "spades", "-n", "10", "--rule", "bag_points=2"], "bag_points"),
    (["simulate", "spades", "-n", "10", "--rule", "bag_limit=0"], "bag_limit"),
    (["simulate", "spades", "-n", "10", "--rule", "nope=1"], "valid rules"),
    (["simulate", "spades", "-n", "10", "--strategy", "clever"], "valid strategies"),
    (["simulate", "spades", "-n", "10", "--players", "3"], "4"),
    (["simulate", "spades", "-n", "10", "--dealer", "4"], "valid seats"),
    (["records", "spades", "-n", "2", "--out", "-", "--seats", "random,greedy"], "one per seat"),
])
def test_cli_errors_exit_2_one_line(capsys, argv, needle):
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and needle in err


def test_cli_simulate_games_records_rules_strategies(capsys, tmp_path):
    assert main(["simulate", "spades", "-n", "300", "--seed", "1", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "team0 win" in out and "nil made" in out and "team0 made" in out
    assert main(["simulate", "spades", "--games", "-n", "20", "--strategy", "greedy",
                 "--threads", "1", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 20 and "game_win_share_team0" in s and s["mean_hands_per_game"] > 1
    assert main(["simulate", "spades", "--rubbers", "-n", "5", "--strategy", "greedy",
                 "--threads", "1"]) == 0
    assert "hands per game" in capsys.readouterr().out
    path = tmp_path / "s.jsonl"
    assert main(["records", "spades", "-n", "3", "--out", str(path)]) == 0
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and all(check_record(json.loads(x)) == [] for x in lines)
    assert main(["rules", "spades"]) == 0
    assert "break_spades" in capsys.readouterr().out
    assert main(["strategies", "spades"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "evaluate" in out
