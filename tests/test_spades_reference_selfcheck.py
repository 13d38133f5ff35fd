"""Self-checks of tests/spades_reference.py against the written rules.

Each test is named after the rule it checks (docs/rng.md, docs/games/spades.md,
docs/records.md).  Checks on played hands re-derive the rule with code
written here, not by calling the same reference helper that produced the hand.
"""

from __future__ import annotations

import functools
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import spades_reference as S  # noqa: E402

C = S.card_index
RANDOM4 = ("random",) * 4
GREEDY4 = ("greedy",) * 4
MIXES = [RANDOM4, GREEDY4, ("greedy", "random", "greedy", "random"),
         ("random", "greedy", "random", "greedy")]


def cards(*names):
    return sorted(C(n) for n in names)


def suit(card):
    return card // 13


def strength(card):
    return card % 13


def winner_pos(trick):
    """Independent trick winner: highest spade, else highest of the suit led."""
    best = 0
    for k in range(1, len(trick)):
        c, b = trick[k], trick[best]
        if suit(c) == 3 and (suit(b) != 3 or strength(c) > strength(b)):
            best = k
        elif suit(c) == suit(b) and strength(c) > strength(b):
            best = k
    return best


@functools.lru_cache(maxsize=None)
def hands_for(strategies, break_spades=False, n=40):
    rules = {"break_spades": break_spades}
    return tuple(S.play_hand(11, d, strategies, rules) for d in range(n))


def tricks_of(h):
    return [h["plays"][4 * t: 4 * t + 4] for t in range(13)]


def greedy(hand, trick, seats, seat, bids, tricks_won=(0, 0, 0, 0), broken=True,
           break_spades=False):
    hand = sorted(hand)
    legal = S.legal_cards(hand, list(trick), broken, break_spades)
    return S.choose_greedy(hand, legal, list(trick), list(seats), seat, list(bids),
                           list(tricks_won))


# ---------------------------------------------------------------------------
# cards, streams, dealing
# ---------------------------------------------------------------------------
def test_card_names_french52():
    assert S.card_name(0) == "2C"
    assert S.card_name(12) == "AC"
    assert S.card_name(13) == "2D"
    assert S.card_name(21) == "TD"
    assert S.card_name(51) == "AS"
    assert S.card_name(39) == "2S"
    for c in range(52):
        assert S.card_index(S.card_name(c)) == c


def test_mix_and_stream_masking():
    assert S.mix(0) == 0
    for z in (1, 2**63, 2**64 - 1, 12345):
        assert 0 <= S.mix(z) < 2**64
    g = S.stream(3, 5, "deal")
    base = S.mix(3)
    assert g.state == tuple(S.mix((base + (4 * 5 + j) * S.GOLDEN) % 2**64)
                            for j in range(1, 5))
    gg = S.stream(3, 5, "game")
    base = S.mix(S.mix(3) ^ 0x47414D45)
    assert gg.state == tuple(S.mix((base + (4 * 5 + j) * S.GOLDEN) % 2**64)
                             for j in range(1, 5))


def test_shuffle_uses_26_outputs_and_deal_positions():
    g = S.stream(5, 2)
    deck = list(range(52))
    S.shuffle(deck, g)
    assert g.outputs == 26
    assert sorted(deck) == list(range(52))
    h = S.play_hand(5, 2)
    assert h["dealer"] == 2
    for k in range(4):
        seat = (2 + 1 + k) % 4
        assert h["hands"][seat] == sorted(deck[13 * k: 13 * k + 13])
    assert S.play_hand(5, 2, dealer=0)["dealer"] == 0


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("strategies", MIXES)
def test_must_follow_suit(strategies):
    for h in hands_for(strategies):
        held = [set(x) for x in h["hands"]]
        for trick in tricks_of(h):
            led = suit(trick[0][1])
            for seat, c in trick[1:]:
                if any(suit(x) == led for x in held[seat]):
                    assert suit(c) == led
            for seat, c in trick:
                assert c in held[seat]
                held[seat].discard(c)
        assert all(not x for x in held)


@pytest.mark.parametrize("strategies", MIXES)
def test_spades_always_trump(strategies):
    assert S.trick_winner(cards("AH", "2S", "KH", "3D")) in (0, 1, 2, 3)
    t = [C("AH"), C("KH"), C("2S"), C("QH")]
    assert S.trick_winner(t) == 2
    t = [C("5D"), C("AH"), C("6D"), C("KC")]     # off-suit aces never win
    assert S.trick_winner(t) == 2
    t = [C("5S"), C("AH"), C("3S"), C("KS")]
    assert S.trick_winner(t) == 3
    for h in hands_for(strategies):
        for (lead, win), trick in zip(h["tricks"], tricks_of(h)):
            assert trick[0][0] == lead
            assert [s for s, _ in trick] == [(lead + k) % 4 for k in range(4)]
            assert trick[winner_pos([c for _, c in trick])][0] == win
        leaders = [l for l, _ in h["tricks"]]
        assert leaders[0] == (h["dealer"] + 1) % 4
        assert leaders[1:] == [w for _, w in h["tricks"]][:-1]
        assert h["tricks_won"] == [sum(1 for _, w in h["tricks"] if w == s)
                                   for s in range(4)]


@pytest.mark.parametrize("strategies", MIXES)
def test_break_spades(strategies):
    # hand-built: spades not broken -> no spade lead while other suits are held
    hand = cards("2S", "AS", "3H")
    assert S.legal_cards(hand, [], False, True) == [C("3H")]
    assert S.legal_cards(hand, [], True, True) == hand
    assert S.legal_cards(hand, [], False, False) == hand
    # following is never restricted: a void player may trump before spades are broken
    assert S.legal_cards(cards("2S", "3C"), [C("5H")], False, True) == cards("2S", "3C")
    early_spade_leads = 0
    for h in hands_for(strategies, True):
        broken = False
        held = [set(x) for x in h["hands"]]
        for trick in tricks_of(h):
            seat, c = trick[0]
            if suit(c) == 3 and not broken:
                assert all(suit(x) == 3 for x in held[seat])
            for s, x in trick:
                held[s].discard(x)
            if any(suit(x) == 3 for _, x in trick):
                broken = True
    for h in hands_for(strategies, False):
        spade_played = False
        for trick in tricks_of(h):
            if suit(trick[0][1]) == 3 and not spade_played:
                early_spade_leads += 1
            if any(suit(x) == 3 for _, x in trick):
                spade_played = True
    if strategies == RANDOM4:
        assert early_spade_leads > 0     # the rule is off by default


def test_leader_with_only_spades_may_lead_spades():
    hand = cards("2S", "9S", "AS")
    assert S.legal_cards(hand, [], False, True) == hand
    assert greedy(hand, [], [], 0, [3, 3, 3, 3], broken=False, break_spades=True) == C("2S")


def test_random_picks_by_multiply_shift_over_sorted_legal():
    legal = cards("KH", "2H", "9H")
    assert S.choose_random(legal, 0) == C("2H")
    assert S.choose_random(legal, 2**32 - 1) == C("KH")
    assert S.choose_random(legal, 2**32 // 3 + 1) == C("9H")


# ---------------------------------------------------------------------------
# bidding
# ---------------------------------------------------------------------------
def test_bidding_starts_after_dealer():
    differs = 0
    for d in range(24):
        g = S.stream(21, d)
        S.shuffle(list(range(52)), g)
        a, b = g.next(), g.next()
        u = [a >> 32, a & 0xFFFFFFFF, b >> 32, b & 0xFFFFFFFF]
        h = S.play_hand(21, d)
        dealer = d % 4
        for k in range(4):
            seat = (dealer + 1 + k) % 4
            assert h["bids"][seat] == S.random_bid(h["hands"][seat], u[k])
            if S.random_bid(h["hands"][seat], u[seat]) != h["bids"][seat]:
                differs += 1
        hg = S.play_hand(21, d, GREEDY4)
        assert hg["bids"] == [S.evaluate(x) for x in hg["hands"]]
    assert differs > 0   # the bidder order matters on these deals


def test_evaluate_hand_built_cases():
    # nil: no ace, no spade above 9, at most 3 spades (kings/queens elsewhere ignored)
    assert S.evaluate(cards("KH", "QH", "2H", "9S", "8S", "7S", "KD", "QD", "JD",
                            "2C", "3C", "4C", "5C")) == 0
    # four low spades is not nil: the 4th spade counts 1
    assert S.evaluate(cards("2S", "3S", "4S", "5S", "2H", "3H", "4H", "5H",
                            "2D", "3D", "4D", "2C", "3C")) == 1
    # a ten of spades breaks nil; counts nothing -> at least 1
    assert S.evaluate(cards("TS", "2H", "3H", "4H", "5H", "6H",
                            "2D", "3D", "4D", "2C", "3C", "4C", "5C")) == 1
    # side suits: A 1; K needs 2+; Q needs 3+
    assert S.evaluate(cards("AH", "KD", "QC", "2S", "3S", "4S",
                            "2H", "3H", "4H", "5H", "6H", "7H", "8H")) == 1   # KD, QC bare
    assert S.evaluate(cards("AH", "KD", "2D", "QC", "2C", "3C",
                            "3H", "4H", "5H", "6H", "7H", "8H", "9H")) == 3
    assert S.evaluate(cards("AH", "KD", "2D", "QC", "2C",
                            "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH")) == 2  # QC 2 cards
    # spades: A, K (2+), Q (3+), each beyond the third
    assert S.evaluate(cards("AS", "KS", "QS", "JS", "TS", "2H", "3H", "4H",
                            "2D", "3D", "4D", "2C", "3C")) == 5
    assert S.evaluate(cards("KS", "2H", "3H", "4H", "5H", "AD", "3D", "4D",
                            "2C", "3C", "4C", "5C", "6C")) == 1   # bare KS: only AD
    assert S.evaluate(cards("QS", "2S", "2H", "3H", "4H", "5H", "AD", "3D", "4D",
                            "2C", "3C", "4C", "5C")) == 1         # QS with 2 spades
    # all 13 spades: A K Q + 10 beyond the third = 13
    assert S.evaluate(list(range(39, 52))) == 13
    # four aces plus the top of every suit
    assert S.evaluate(cards("AC", "KC", "QC", "AD", "KD", "QD", "AH", "KH", "QH",
                            "AS", "KS", "QS", "JS")) == 13


def test_random_bid_noise():
    hand = cards("AH", "KD", "2D", "QC", "2C", "3C",
                 "3H", "4H", "5H", "6H", "7H", "8H", "9H")     # evaluate 3
    third = (2**32 + 2) // 3                  # smallest u with (3u >> 32) == 1
    assert S.random_bid(hand, 0) == 2
    assert S.random_bid(hand, third - 1) == 2
    assert S.random_bid(hand, third) == 3
    assert S.random_bid(hand, 2**32 - 1) == 4
    one = cards("TS", "2H", "3H", "4H", "5H", "6H",
                "2D", "3D", "4D", "2C", "3C", "4C", "5C")      # evaluate 1
    assert S.random_bid(one, 0) == 1          # kept within 1..13
    assert S.random_bid(list(range(39, 52)), 2**32 - 1) == 13
    nil = cards("KH", "QH", "2H", "9S", "8S", "7S", "KD", "QD", "JD",
                "2C", "3C", "4C", "5C")
    for u in (0, third, 2**32 - 1):
        assert S.random_bid(nil, u) == 0      # a nil stays nil


# ---------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------
def test_nil_scores_100():
    score, bags = S.score_hand([0, 3, 4, 3], [0, 3, 5, 5])
    # team 0: contract 4, took 5 -> 40 (+0 bag points), nil made +100
    # team 1: contract 6, took 8 -> 60
    assert score == [140, 60]
    assert bags == [1, 2]
    score, _ = S.score_hand([0, 3, 4, 3], [1, 3, 4, 5])
    assert score == [40 - 100, 60]          # nil failed, contract 4 made by 1 + 4
    score, _ = S.score_hand([0, 3, 0, 3], [0, 6, 0, 7])
    assert score == [200, 60]               # both nils made, contract 0


def test_blind_nil_scores_200():
    blind = (True, False, False, False)
    assert S.score_hand([0, 3, 4, 3], [0, 3, 5, 5], None, blind)[0] == [240, 60]
    assert S.score_hand([0, 3, 4, 3], [2, 3, 3, 5], None, blind)[0] == [40 - 200, 60]


def test_blind_nil_bid_when_trailing_200():
    r = S.normalize_rules({"blind_nil": True})
    assert S.wants_blind_nil(0, r, [0, 200]) and S.wants_blind_nil(2, r, [0, 200])
    assert not S.wants_blind_nil(1, r, [0, 200])
    assert not S.wants_blind_nil(0, r, [0, 199])
    assert not S.wants_blind_nil(0, r, None)                  # single hands: never
    assert not S.wants_blind_nil(0, S.normalize_rules(None), [0, 500])
    h = S.play_hand(3, 1, GREEDY4, {"blind_nil": True}, game_scores=[-150, 60])
    assert h["blind"] == [True, False, True, False] and h["bids"][0] == h["bids"][2] == 0
    assert S.play_hand(3, 1, GREEDY4, {"blind_nil": True})["blind"] == [False] * 4
    seen = 0
    for g in range(6):
        game = S.play_game(4, g, ("greedy", "random") * 2, {"blind_nil": True})
        for h in game["hands"]:
            t = h["totals_before"]
            for s in range(4):
                trails = t[1 - s % 2] - t[s % 2] >= 200
                assert h["blind"][s] == trails
                if trails:
                    seen += 1
                    assert h["bids"][s] == 0
    assert seen > 0


def test_contract_counts_both_partners():
    # seat 0 bids 5 but takes 1; seat 2 bids 2 and takes 6: team contract 7 made by 7
    score, bags = S.score_hand([5, 3, 2, 1], [1, 3, 6, 3])
    assert score == [70, 40] and bags == [0, 2]
    # a nil bidder's tricks count toward the partner's contract
    score, bags = S.score_hand([0, 3, 4, 1], [2, 3, 3, 5])
    assert score == [40 - 100, 40] and bags == [1, 4]


def test_set_scores_minus_ten_per_trick():
    score, bags = S.score_hand([5, 4, 4, 4], [4, 4, 4, 1])
    assert score == [-90, -80] and bags == [0, 0]
    score, _ = S.score_hand([5, 4, 4, 4], [4, 4, 4, 1], {"bag_points": 1})
    assert score == [-90, -80]


def test_bag_points_rule():
    score, bags = S.score_hand([2, 3, 1, 3], [4, 3, 3, 3])
    assert score == [30, 60] and bags == [4, 0]
    score, bags = S.score_hand([2, 3, 1, 3], [4, 3, 3, 3], {"bag_points": 1})
    assert score == [34, 60] and bags == [4, 0]
    with pytest.raises(ValueError):
        S.normalize_rules({"bag_points": 2})


def _scripted(results, rules=None, first=0):
    """results: list of ((s0, s1), (b0, b1)) per hand."""
    r = S.normalize_rules(rules)
    it = iter(results)
    dealers = []

    def play_one(j, dealer, totals):
        dealers.append(dealer)
        sc, bg = next(it)
        return {"deal": j, "score": list(sc), "bags": list(bg)}

    out = S._run_game(play_one, first, r)
    out["dealers"] = dealers
    return out


def test_bags_accumulate_and_penalty():
    out = _scripted([((60, 0), (6, 0)), ((50, 0), (5, 0)), ((600, 0), (9, 0))])
    assert [h["bags_before"] for h in out["hands"]] == [[0, 0], [6, 0], [1, 0]]
    assert [h["totals_before"] for h in out["hands"]] == [[0, 0], [60, 0], [10, 0]]
    assert out["totals"] == [510, 0] and out["bags"] == [10 - 10, 0]
    assert out["winner"] == 0 and out["end"] == "target"
    # the penalty is applied before the target check: 520 + bags to 10 -> 420, plays on
    out = _scripted([((520, 0), (10, 0)), ((80, 0), (0, 0))])
    assert [h["totals_before"] for h in out["hands"]] == [[0, 0], [420, 0]]
    assert out["totals"] == [500, 0]
    # 25 bags in one go: two penalties
    r = S.normalize_rules(None)
    assert S.apply_bags([0, 0], [3, 9], [22, 1], r)[:2] == ([-200, -100], [5, 0])
    r = S.normalize_rules({"bag_limit": 5, "bag_penalty": 50})
    assert S.apply_bags([0, 0], [3, 0], [2, 4], r)[:2] == ([-50, 0], [0, 4])


def test_game_ends_at_target_higher_wins():
    out = _scripted([((300, 200), (0, 0)), ((250, 400), (0, 0))])
    assert out["winner"] == 1 and out["totals"] == [550, 600] and out["end"] == "target"
    out = _scripted([((490, 200), (0, 0)), ((10, 290), (0, 0))])
    assert out["winner"] == 0 and out["totals"] == [500, 490]
    out = _scripted([((99, 0), (0, 0)), ((0, 100), (0, 0))], {"target": 100}, first=3)
    assert out["winner"] == 1 and out["dealers"] == [3, 0]


def test_tie_plays_another_hand():
    out = _scripted([((500, 500), (0, 0)), ((10, 0), (0, 0))])
    assert len(out["hands"]) == 2 and out["winner"] == 0 and out["totals"] == [510, 500]
    out = _scripted([((500, 500), (0, 0)), ((0, 0), (0, 0)), ((-10, 20), (0, 0))])
    assert len(out["hands"]) == 3 and out["winner"] == 1


def test_mercy():
    out = _scripted([((-200, 50), (0, 0))], {"mercy": True})
    assert out["winner"] == 1 and out["end"] == "mercy"
    out = _scripted([((-200, 50), (0, 0)), ((700, 0), (0, 0))])
    assert out["winner"] == 0 and out["end"] == "target"          # off by default
    out = _scripted([((-250, -300), (0, 0))], {"mercy": True})
    assert out["winner"] == 0 and out["end"] == "mercy"           # the lower loses
    out = _scripted([((-250, -250), (0, 0)), ((0, 0), (0, 0)), ((0, 600), (0, 0))],
                    {"mercy": True})
    assert len(out["hands"]) == 3 and out["winner"] == 1          # equal: play on
    assert out["end"] == "mercy" and out["totals"] == [-250, 350]
    out = _scripted([((-250, -250), (0, 0)), ((0, 10), (0, 0))], {"mercy": True})
    assert len(out["hands"]) == 2 and out["winner"] == 1
    out = _scripted([((-199, 0), (0, 0)), ((-1, 0), (0, 0))], {"mercy": True})
    assert out["totals"] == [-200, 0] and out["winner"] == 1
    # real games with mercy end, and only through a rule
    for g in range(4):
        game = S.play_game(2, g, RANDOM4, {"mercy": True})
        t = game["totals"]
        if game["end"] == "mercy":
            assert min(t) <= -200 and game["winner"] == (0 if t[0] > t[1] else 1)
        else:
            assert max(t) >= 500 and game["winner"] == (0 if t[0] > t[1] else 1)


def test_game_records_hands_and_dealer_rotation():
    game = S.play_game(9, 6, GREEDY4)
    assert game["first_dealer"] == 2 and game["game"] == 6
    tot, bags = [0, 0], [0, 0]
    for j, h in enumerate(game["hands"]):
        assert h["dealer"] == (2 + j) % 4
        assert h["totals_before"] == tot and h["bags_before"] == bags
        tot = [tot[i] + h["score"][i] for i in (0, 1)]
        bags = [bags[i] + h["bags"][i] for i in (0, 1)]
        for i in (0, 1):
            while bags[i] >= 10:
                bags[i] -= 10
                tot[i] -= 100
    assert tot == game["totals"] and bags == game["bags"]
    assert S.play_game(9, 6, GREEDY4, dealer=1)["first_dealer"] == 1


# ---------------------------------------------------------------------------
# greedy, one clause at a time (seat order in a trick: leader first)
# ---------------------------------------------------------------------------
def test_greedy_cheapest_order():
    assert greedy(cards("2S", "2H", "2D", "KC"), [], [], 0, [3, 3, 3, 3], (0, 0, 0, 5)
                  ) == C("2D")                                    # made -> cheapest
    assert greedy(cards("2S", "2H"), [], [], 0, [0, 3, 3, 3]) == C("2H")
    assert greedy(cards("2S", "3C"), [], [], 0, [0, 3, 3, 3]) == C("2S")  # strength first


def test_greedy_nil_leads_cheapest():
    assert greedy(cards("2S", "4H", "3D", "AC"), [], [], 0, [0, 3, 5, 3]) == C("2S")
    assert greedy(cards("2S", "4H", "3D", "AC"), [], [], 0, [0, 3, 5, 3], broken=False,
                  break_spades=True) == C("3D")


def test_greedy_nil_follows_highest_non_winning():
    # seat 3 led 9H; seat 0 (nil) ducks with the highest heart below it
    assert greedy(cards("2H", "8H", "TH", "KH"), [C("9H")], [3], 0, [0, 3, 5, 3]) == C("8H")
    # void: the spade would win; highest non-winner, equal strength -> lowest suit
    assert greedy(cards("KC", "KD", "3S"), [C("9H")], [3], 0, [0, 3, 5, 3]) == C("KC")
    # a spade already in the trick: a lower spade does not win
    assert greedy(cards("5S", "9S", "AD"), [C("9H"), C("7S")], [2, 3], 0, [0, 3, 5, 3]
                  ) == C("AD")


def test_greedy_nil_every_card_wins_plays_cheapest():
    assert greedy(cards("5H", "9H"), [C("2H")], [3], 0, [0, 3, 5, 3]) == C("5H")


def test_greedy_partner_nil_covers_with_cheapest_winner():
    # seat 1 led 5H, partner seat 2 (nil) is winning with 9H, seat 3 played 2H;
    # seat 0 covers (clause 4 would see the partner winning and play 7H)
    assert greedy(cards("7H", "TH", "KH"), [C("5H"), C("9H"), C("2H")], [1, 2, 3], 0,
                  [3, 3, 0, 3]) == C("TH")
    # even with the contract made (clause 5 would duck with 7H)
    assert greedy(cards("7H", "TH", "KH"), [C("5H"), C("9H"), C("2H")], [1, 2, 3], 0,
                  [3, 3, 0, 3], (4, 0, 0, 0)) == C("TH")
    # partner nil has not played yet: no cover (clause 4, partner not winning)
    assert greedy(cards("7H", "TH", "KH"), [C("9H")], [3], 0, [3, 3, 0, 3]) == C("TH")
    assert greedy(cards("7H", "TH", "KH"), [C("9H")], [3], 0, [3, 3, 0, 3],
                  (4, 0, 0, 0)) == C("7H")
    # partner nil not winning: no cover, clause 4 (partner not winning -> cheapest winner)
    assert greedy(cards("7H", "TH", "KH"), [C("5H"), C("2H"), C("9H")], [1, 2, 3], 0,
                  [3, 4, 0, 3]) == C("TH")


def test_greedy_partner_nil_no_winner_falls_through():
    # partner (nil) winning with AH, nothing beats it: the next clause decides.
    # contract made (seat 3 took 3 of its 3) -> clause 5: highest non-winning card
    assert greedy(cards("7H", "TH"), [C("5H"), C("AH"), C("3H")], [1, 2, 3], 0,
                  [3, 3, 0, 3], (3, 0, 0, 0)) == C("TH")
    # contract not made -> clause 4: partner winning -> cheapest card
    assert greedy(cards("7H", "TH"), [C("5H"), C("AH"), C("3H")], [1, 2, 3], 0,
                  [3, 3, 0, 3]) == C("7H")


def test_greedy_opponent_nil_ducks_under():
    # seat 1 (nil, no trick) leads 9H and is winning; seat 2 stays under it
    assert greedy(cards("5H", "8H", "KH"), [C("9H")], [1], 2, [3, 0, 3, 3]) == C("8H")
    # the opponent nil already took a trick: clause 4 wins cheaply instead
    assert greedy(cards("5H", "8H", "KH"), [C("9H")], [1], 2, [3, 0, 3, 3], (0, 1, 0, 0)
                  ) == C("KH")
    # the opponent nil (seat 0) played under partner seat 3's TH: clause 4,
    # partner winning -> cheapest card (clause 3 would give 8H)
    assert greedy(cards("5H", "8H", "KH"), [C("TH"), C("9H")], [3, 0], 1, [0, 3, 3, 3]
                  ) == C("5H")
    # nothing stays under the nil's card: falls through to clause 4
    assert greedy(cards("5H", "KH"), [C("2H")], [1], 2, [3, 0, 3, 3]) == C("5H")


def test_greedy_opponent_nil_not_winning_ignored():
    # seat 3 (nil) played 2H under seat 2's 9H; seat 0 (contract not made) sees
    # partner seat 2 winning -> cheapest card
    assert greedy(cards("5H", "8H", "KH"), [C("9H"), C("2H")], [2, 3], 0, [3, 3, 3, 0]
                  ) == C("5H")


def test_greedy_contract_not_made_leads_non_spade_ace():
    assert greedy(cards("AS", "AH", "AD", "2C"), [], [], 0, [3, 3, 3, 3]) == C("AD")
    assert greedy(cards("AS", "3D", "2C", "KH"), [], [], 0, [3, 3, 3, 3]) == C("2C")


def test_greedy_contract_not_made_wins_cheaply():
    assert greedy(cards("5H", "TH", "KH"), [C("9H")], [1], 2, [3, 3, 3, 3]) == C("TH")
    # void in the suit led: the cheapest spade wins
    assert greedy(cards("2S", "5S", "3C"), [C("9H")], [1], 2, [3, 3, 3, 3]) == C("2S")
    # nothing wins: cheapest card
    assert greedy(cards("5H", "KH"), [C("AH")], [1], 2, [3, 3, 3, 3]) == C("5H")


def test_greedy_contract_not_made_partner_winning_plays_cheapest():
    assert greedy(cards("2H", "TH", "KH"), [C("9H"), C("5H")], [0, 1], 2, [3, 3, 3, 3]
                  ) == C("2H")


def test_greedy_contract_made_leads_cheapest():
    assert greedy(cards("AD", "2S", "3C"), [], [], 0, [2, 3, 1, 3], (2, 0, 1, 0)) == C("2S")


def test_greedy_contract_made_follows_highest_non_winning():
    assert greedy(cards("5H", "8H", "TH"), [C("9H")], [1], 2, [2, 3, 1, 3], (2, 0, 1, 0)
                  ) == C("8H")
    assert greedy(cards("TH", "KH"), [C("9H")], [1], 2, [2, 3, 1, 3], (2, 0, 1, 0)
                  ) == C("TH")


# ---------------------------------------------------------------------------
# randomness consumption
# ---------------------------------------------------------------------------
def test_stream_consumption(monkeypatch):
    made = []
    real = S.stream

    def spy(seed, key, domain="deal"):
        g = real(seed, key, domain)
        made.append(g)
        return g

    monkeypatch.setattr(S, "stream", spy)
    for strategies in MIXES:
        made.clear()
        S.play_hand(1, 3, strategies)
        assert made[0].outputs == 26 + 2 + 2 * 13 == 54
        made.clear()
        game = S.play_game(1, 3, strategies, {"mercy": True})
        assert made[0].outputs == 54 * len(game["hands"])
    monkeypatch.setattr(S, "stream", real)
    # hand j of a game continues the game stream where hand j-1 stopped
    g = S.stream(8, 2, "game")
    r = S.normalize_rules(None)
    first = S._play_hand_from(g, 2, GREEDY4, r, [0, 0])
    second = S._play_hand_from(g, 3, GREEDY4, r, first["score"])
    game = S.play_game(8, 2, GREEDY4)
    assert game["hands"][0]["plays"] == first["plays"]
    if len(game["hands"]) > 1:
        assert game["hands"][1]["plays"] == second["plays"]
    # single hands use the deal domain, games the game domain
    h = S.play_hand(8, 2, GREEDY4)
    assert h["hands"] != game["hands"][0]["hands"]
    assert h["hands"] == S._play_hand_from(S.stream(8, 2), 2, GREEDY4, r)["hands"]


def test_hand_dict_shape_and_outcome():
    h = S.play_hand(2, 5, ("random", "greedy", "random", "greedy"))
    assert h["deal"] == 5 and h["dealer"] == 1
    assert len(h["plays"]) == 52 and len(h["tricks"]) == 13
    assert all(len(x) == 13 and x == sorted(x) for x in h["hands"])
    assert sum(h["tricks_won"]) == 13
    assert (h["score"], h["bags"]) == S.score_hand(h["bids"], h["tricks_won"])
    s0, s1 = h["score"]
    assert h["outcome"] == ("tie" if s0 == s1 else "team0_win" if s0 > s1 else "team1_win")
    assert h["winner"] == (None if s0 == s1 else int(s1 > s0))


def test_record_structure():
    from experiments.records_check import check_record
    for strategies in MIXES:
        for h in hands_for(strategies)[:5]:
            rec = S.hand_record(11, h, strategies)
            assert check_record(rec) == []
            assert rec["rules"]["bag_points"] == 0
