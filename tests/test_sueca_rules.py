"""Sueca rules, each test named after the rule it checks, on the kernel's own records."""
import numpy as np
import pytest

import simcore
from experiments.records_check import check_record
from simcore.cards import FRENCH40 as D
from simcore.sueca import enums as E

POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def records(n=300, **kw):
    kw.setdefault("strategies", ("random", "greedy", "random", "greedy"))
    return list(simcore.game_records("sueca", deals=n, seed=kw.pop("seed", 21), **kw))


def suit(c):
    return c[1]


def strength(c):
    return D.strength(c[0])


def walk(rec):
    """Yields (trick index, seat, card, hand before the play, cards of the trick so far)."""
    hands = {s: set(h) for s, h in enumerate(rec["hands"])}
    plays = rec["plays"]
    for t in range(10):
        trick = []
        for k in range(4):
            seat, c = plays[4 * t + k]
            yield t, seat, c, set(hands[seat]), list(trick)
            hands[seat].remove(c)
            trick.append(c)


def test_deal_gives_ten_cards_to_each_of_four_seats():
    for rec in records(50):
        assert [len(h) for h in rec["hands"]] == [10] * 4
        assert len({c for h in rec["hands"] for c in h}) == 40


def test_trump_is_the_dealers_face_up_card():
    for rule in ("dealer_last", "dealer_first"):
        for rec in records(100, rules={"trump_card": rule}):
            assert rec["trump"] in rec["hands"][rec["dealer"]]


def test_dealer_rotates_with_the_deal_index():
    assert [r["dealer"] for r in records(12)] == [d % 4 for d in range(12)]


def test_fixed_dealer():
    assert {r["dealer"] for r in records(20, dealer=2)} == {2}


def test_seat_after_the_dealer_leads():
    for rec in records(40):
        assert rec["plays"][0][0] == (rec["dealer"] + 1) % 4
        assert rec["tricks"][0]["leader"] == (rec["dealer"] + 1) % 4


def test_players_must_follow_suit():
    for rec in records():
        for t, seat, c, hand, trick in walk(rec):
            assert c in hand
            if trick and any(suit(x) == suit(trick[0]) for x in hand):
                assert suit(c) == suit(trick[0])


def test_highest_trump_wins_else_highest_of_suit_led():
    for rec in records():
        trump = suit(rec["trump"])
        for t in range(10):
            cards = [c for _, c in rec["plays"][4 * t:4 * t + 4]]
            seats = [s for s, _ in rec["plays"][4 * t:4 * t + 4]]
            trumps = [c for c in cards if suit(c) == trump]
            pool = trumps or [c for c in cards if suit(c) == suit(cards[0])]
            best = max(pool, key=strength)
            assert rec["tricks"][t]["winner"] == seats[cards.index(best)]


def test_winner_of_a_trick_leads_the_next():
    for rec in records(100):
        for t in range(1, 10):
            assert rec["tricks"][t]["leader"] == rec["tricks"][t - 1]["winner"]
            assert rec["plays"][4 * t][0] == rec["tricks"][t - 1]["winner"]


def test_card_points_add_up_to_120():
    for rec in records():
        for t in range(10):
            cards = [c for _, c in rec["plays"][4 * t:4 * t + 4]]
            assert rec["tricks"][t]["points"] == sum(POINTS.get(c[0], 0) for c in cards)
        assert sum(rec["points"]) == 120
        by_team = [0, 0]
        for tr in rec["tricks"]:
            by_team[tr["winner"] % 2] += tr["points"]
        assert by_team == rec["points"]


def test_random_play_invariants_every_card_once_every_play_legal():
    for rec in records(400, strategies=("random",) * 4, seed=99):
        played = [c for _, c in rec["plays"]]
        assert sorted(played) == sorted(c for h in rec["hands"] for c in h)
        assert len(set(played)) == 40
        assert sum(rec["points"]) == 120
        for t, seat, c, hand, trick in walk(rec):
            assert seat == (rec["tricks"][t]["leader"] + len(trick)) % 4
            assert c in hand
            if trick and any(suit(x) == suit(trick[0]) for x in hand):
                assert suit(c) == suit(trick[0])


def test_redraw_point_trump_never_shows_a_point_card():
    recs = records(300, rules={"redraw_point_trump": True}, seed=4)
    assert all(r["trump"][0] not in POINTS for r in recs)
    # without the rule a point card shows about half the time (20 of 40 cards)
    plain = records(300, seed=4)
    assert 100 < sum(r["trump"][0] in POINTS for r in plain) < 200


def test_bandeira_is_all_ten_tricks():
    r = simcore.simulate("sueca", deals=20000, seed=5, keep_deals=True, threads=1).frame
    band = r["outcome"].astype(str).str.endswith("_bandeira")
    assert band.any()
    assert ((r["tricks_team0"] == 10) | (r["tricks_team1"] == 10))[band].all()
    assert not ((r["tricks_team0"] == 10) | (r["tricks_team1"] == 10))[~band].any()
    assert (r.loc[band, ["games_team0", "games_team1"]].max(axis=1) == 4).all()


def test_greedy_never_overtakes_a_winning_partner_when_it_can_avoid_it():
    key = {"A": 9, "7": 8, "K": 7, "J": 6, "Q": 5, "6": 4, "5": 3, "4": 2, "3": 1, "2": 0}
    checked = 0
    for rec in records(300, strategies=("greedy",) * 4, seed=8):
        trump = suit(rec["trump"])
        for t, seat, c, hand, trick in walk(rec):
            if not trick:
                continue
            lead = suit(trick[0])
            legal = [x for x in hand if suit(x) == lead] or list(hand)
            seats = [(rec["tricks"][t]["leader"] + i) % 4 for i in range(len(trick))]

            def beats(x, cur):
                if suit(x) == suit(cur):
                    return key[x[0]] > key[cur[0]]
                return suit(x) == trump

            best = trick[0]
            for x in trick[1:]:
                if beats(x, best):
                    best = x
            if seats[trick.index(best)] % 2 == seat % 2:
                safe = [x for x in legal if not beats(x, best)]
                if safe:
                    assert not beats(c, best)
                    checked += 1
    assert checked > 100


def test_records_pass_check_records():
    for rec in records(50) + list(simcore.game_records("sueca", deals=2, seed=1, rubbers=True)):
        assert check_record(rec) == []
        assert rec["game"] == "sueca" and rec["stock"] == [] and rec["players"] == 4
        assert rec["rules"]["scoring"] == "standard"


def test_records_scoring_names_the_variants():
    rec = records(1, rules={"pente": True, "tie_carry": True})[0]
    assert rec["rules"]["scoring"] == "pente+tie_carry"
    assert rec["rules"]["pente"] is True


def test_records_replay_the_deals_simulate_plays():
    recs = records(200, seed=13, strategies=("greedy",) * 4)
    df = simcore.simulate("sueca", deals=200, seed=13, strategies=("greedy",),
                          keep_deals=True).frame
    for rec, (_, row) in zip(recs, df.iterrows()):
        assert rec["points"] == [row["points_team0"], row["points_team1"]]
        assert rec["result"]["outcome"] == row["outcome"]
        assert D.suit_of(D.parse_card(rec["trump"])) == row["trump_suit"]
