"""Self-checks of tests/sueca_reference.py against the written rules.

Each test is named after the rule it checks (docs/rng.md, docs/games/sueca.md,
docs/records.md).  Checks on played deals re-derive the rule with code
written here, not by calling the same reference helper that produced the deal.
"""

from __future__ import annotations

import functools
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import sueca_reference as S  # noqa: E402

C = S.card_index
RANDOM4 = ("random",) * 4
GREEDY4 = ("greedy",) * 4
MIXES = [RANDOM4, GREEDY4, ("greedy", "random", "greedy", "random"),
         ("random", "greedy", "random", "greedy"), ("greedy", "greedy", "random", "random")]

POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def suit(card):
    return card // 10


def strength(card):
    return card % 10


def pts(card):
    return POINTS.get(S.card_name(card)[0], 0)


@functools.lru_cache(maxsize=None)
def sample_deals(rules_items=(), n=120):
    rules = dict(rules_items)
    out = []
    for strategies in MIXES:
        for d in range(n):
            out.append((strategies, S.play_deal(2024, d, strategies, rules)))
    return out


def walk(rec):
    """Yield, for every play, (trick index, k, seat, card, hand before, trick so far)."""
    hands = [list(h) for h in rec["hands"]]
    for t in range(10):
        trick = []
        for k in range(4):
            seat, card = rec["plays"][4 * t + k]
            yield t, k, seat, card, list(hands[seat]), list(trick)
            hands[seat].remove(card)
            trick.append((seat, card))


def winner_of(trick, trump):
    """Independent formulation: key (is trump, is suit led, strength), the max wins."""
    lead = suit(trick[0][1])
    return max(trick, key=lambda sc: (suit(sc[1]) == trump, suit(sc[1]) == lead,
                                      strength(sc[1])))[0]


class ScriptedGen:
    """Generator returning a fixed list of outputs, then counting."""

    def __init__(self, outputs):
        self.outs = list(outputs)
        self.outputs = 0

    def next(self):
        x = self.outs[self.outputs]
        self.outputs += 1
        return x


# ---------------------------------------------------------------------------
# cards
# ---------------------------------------------------------------------------
def test_card_names_follow_index_layout():
    assert S.card_name(39) == "AS"
    assert S.card_name(0) == "2C"
    assert S.card_name(9) == "AC"
    assert S.card_name(10) == "2D"
    assert S.card_name(8) == "7C"
    assert S.card_name(27) == "KH"
    assert S.card_name(26) == "JH"
    names = [S.card_name(c) for c in range(40)]
    assert len(set(names)) == 40
    assert all(S.card_index(n) == c for c, n in enumerate(names))
    assert S.RANKS == "A7KJQ65432" and S.SUITS == "CDHS"


def test_card_points_total_120():
    assert [S.card_points(C(r + "S")) for r in "A7KJQ65432"] == [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]
    assert sum(S.card_points(c) for c in range(40)) == 120


# ---------------------------------------------------------------------------
# random streams
# ---------------------------------------------------------------------------
def test_mix_is_splitmix64_finaliser():
    # splitmix64 seeded with 0: first output is mix(GOLDEN) = 0xE220A8397B1DCDAF
    assert S.mix(S.GOLDEN) == 0xE220A8397B1DCDAF
    assert S.mix(0) == 0


def test_xoshiro256starstar_published_vectors():
    g = S.Xoshiro(1, 2, 3, 4)
    assert [g.next() for _ in range(4)] == [11520, 0, 1509978240, 1215971899390074240]
    assert g.outputs == 4


def test_stream_state_from_base_and_key():
    seed, key = 12345, 678
    base = S.mix(seed)
    g = S.stream(seed, key)
    expect = tuple(S.mix((base + (4 * key + j) * S.GOLDEN) % 2**64) for j in (1, 2, 3, 4))
    assert g.state == expect
    rbase = S.mix(S.mix(seed) ^ 0x52554242)
    r = S.stream(seed, key, "rubber")
    assert r.state == tuple(S.mix((rbase + (4 * key + j) * S.GOLDEN) % 2**64)
                            for j in (1, 2, 3, 4))
    assert r.state != g.state
    with pytest.raises(ValueError):
        S.stream(seed, key, "nope")


def test_draw_below_n_is_multiply_shift():
    assert S.below(0, 7) == 0
    assert S.below(0xFFFFFFFF, 7) == 6
    assert S.below(0x80000000, 10) == 5
    x = 0x0123456789ABCDEF
    assert (S.hi32(x), S.lo32(x)) == (0x01234567, 0x89ABCDEF)


# ---------------------------------------------------------------------------
# shuffle
# ---------------------------------------------------------------------------
def test_shuffle_of_40_cards_uses_exactly_20_outputs():
    for key in range(20):
        g = S.stream(99, key)
        deck = list(range(40))
        S.shuffle(deck, g)
        assert g.outputs == 20
        assert sorted(deck) == list(range(40))


@pytest.mark.parametrize("n,outputs", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (40, 20)])
def test_shuffle_output_count_by_deck_size(n, outputs):
    g = S.stream(1, 2)
    deck = list(range(n))
    S.shuffle(deck, g)
    assert g.outputs == outputs
    assert sorted(deck) == list(range(n))


def test_shuffle_pass_by_hand_four_cards():
    # i=3: hi=0.5 -> j=(hi*4)>>32=2: swap(3,2) -> [0,1,3,2]
    #      lo=max -> j=(lo*3)>>32=2: swap(2,2) -> unchanged
    # i=1: hi=0   -> j=0: swap(1,0) -> [1,0,3,2]
    g = ScriptedGen([(0x80000000 << 32) | 0xFFFFFFFF, 0x00000000FFFFFFFF])
    deck = [0, 1, 2, 3]
    S.shuffle(deck, g)
    assert deck == [1, 0, 3, 2]
    assert g.outputs == 2


def test_shuffle_pass_by_hand_uses_both_halves_in_order():
    # n=3: i=2: hi -> j=(hi*3)>>32, swap(2,j); lo -> j=(lo*2)>>32, swap(1,j); i=0 stop
    g = ScriptedGen([(0x00000001 << 32) | 0xC0000000])
    deck = ["a", "b", "c"]
    S.shuffle(deck, g)        # swap(2,0) -> c b a ; swap(1,1) -> c b a
    assert deck == ["c", "b", "a"]
    g = ScriptedGen([(0xFFFFFFFF << 32) | 0x00000000])
    deck = ["a", "b", "c"]
    S.shuffle(deck, g)        # swap(2,2) ; swap(1,0) -> b a c
    assert deck == ["b", "a", "c"]


# ---------------------------------------------------------------------------
# dealing
# ---------------------------------------------------------------------------
def test_one_deal_uses_exactly_40_outputs():
    rules = S.normalize_rules(None)
    for strategies in MIXES:
        for key in range(30):
            g = S.stream(5, key)
            S._play_deal_from(g, key % 4, strategies, rules)
            assert g.outputs == 40


def test_dealing_layout_dealer_holds_positions_30_to_39():
    for deal in range(40):
        rec = S.play_deal(77, deal)
        assert rec["dealer"] == deal % 4
        g = S.stream(77, deal)
        deck = list(range(40))
        S.shuffle(deck, g)
        for k in range(4):
            seat = (rec["dealer"] + 1 + k) % 4
            assert rec["hands"][seat] == sorted(deck[10 * k:10 * k + 10])
        assert rec["trump_card"] == deck[39]
        assert rec["trump_card"] in rec["hands"][rec["dealer"]]
        first = S.play_deal(77, deal, rules={"trump_card": "dealer_first"})
        assert first["trump_card"] == deck[30]
        assert first["hands"] == rec["hands"]
        assert first["trump_suit"] == suit(deck[30])


def test_fixed_dealer_overrides_rotation():
    for deal in range(8):
        for dealer in range(4):
            rec = S.play_deal(3, deal, dealer=dealer)
            assert rec["dealer"] == dealer
            assert rec["plays"][0][0] == (dealer + 1) % 4


def test_hands_are_sorted_ten_each_and_trumps_counted():
    for _, rec in sample_deals():
        assert all(len(h) == 10 and h == sorted(h) for h in rec["hands"])
        assert sorted(c for h in rec["hands"] for c in h) == list(range(40))
        assert rec["trump_suit"] == suit(rec["trump_card"])
        assert rec["trumps"] == [sum(1 for c in h if suit(c) == rec["trump_suit"])
                                 for h in rec["hands"]]
        assert sum(rec["trumps"]) == 10


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------
def test_must_follow_suit():
    for _, rec in sample_deals():
        for t, k, seat, card, hand, trick in walk(rec):
            assert card in hand
            if k > 0:
                lead = suit(trick[0][1])
                if any(suit(c) == lead for c in hand):
                    assert suit(card) == lead


def test_every_card_played_once_in_seat_order():
    for _, rec in sample_deals():
        assert len(rec["plays"]) == 40
        assert sorted(c for _, c in rec["plays"]) == list(range(40))
        for t in range(10):
            seats = [s for s, _ in rec["plays"][4 * t:4 * t + 4]]
            assert seats == [(seats[0] + k) % 4 for k in range(4)]


def test_highest_trump_wins():
    trump = 2  # hearts
    assert S.trick_winner([C("AC"), C("2H"), C("KC"), C("7C")], trump) == 1
    assert S.trick_winner([C("AC"), C("2H"), C("3H"), C("AS")], trump) == 2
    assert S.trick_winner([C("5H"), C("AH"), C("7H"), C("KH")], trump) == 1
    assert S.trick_winner([C("QD"), C("AS"), C("6H"), C("7H")], trump) == 3


def test_highest_card_of_suit_led_wins_without_trump():
    trump = 2
    assert S.trick_winner([C("QD"), C("AS"), C("KD"), C("AC")], trump) == 2
    assert S.trick_winner([C("7D"), C("AD"), C("2D"), C("3D")], trump) == 1
    assert S.trick_winner([C("2C"), C("AS"), C("AD"), C("7S")], trump) == 0
    # rank order A 7 K J Q 6 5 4 3 2: the 7 beats the king
    assert S.trick_winner([C("KS"), C("7S")], trump) == 1


def test_trick_winners_and_points_in_played_deals():
    for _, rec in sample_deals():
        trump = rec["trump_suit"]
        for t in range(10):
            trick = rec["plays"][4 * t:4 * t + 4]
            leader, winner, p = rec["tricks"][t]
            assert leader == trick[0][0]
            assert winner == winner_of(trick, trump)
            assert p == sum(pts(c) for _, c in trick)


def test_first_leader_is_after_dealer_and_winner_leads_next_trick():
    for _, rec in sample_deals():
        assert rec["tricks"][0][0] == (rec["dealer"] + 1) % 4
        for t in range(1, 10):
            assert rec["tricks"][t][0] == rec["tricks"][t - 1][1]


def test_points_and_tricks_add_up():
    for _, rec in sample_deals():
        assert sum(rec["points"]) == 120
        assert sum(rec["tricks_won"]) == 10
        for team in (0, 1):
            assert rec["points"][team] == sum(p for _, w, p in rec["tricks"] if w % 2 == team)
            assert rec["tricks_won"][team] == sum(1 for _, w, _ in rec["tricks"] if w % 2 == team)
        label, g0, g1 = S.score_deal(rec["points"][0], rec["tricks_won"][0])
        assert (rec["outcome"], rec["games"]) == (label, [g0, g1])
        assert rec["winner"] == (None if label == "tie" else int(label[4]))


def test_random_picks_by_multiply_shift_over_sorted_legal_cards():
    checked = 0
    for strategies, rec in sample_deals():
        g = S.stream(2024, rec["deal"])
        for _ in range(20):
            g.next()                                  # the shuffle
        u = None
        for t, k, seat, card, hand, trick in walk(rec):
            if k == 0:
                a, b = g.next(), g.next()             # two outputs per trick, always
                u = [a >> 32, a & 0xFFFFFFFF, b >> 32, b & 0xFFFFFFFF]
            if strategies[seat] != "random":
                continue
            legal = hand
            if trick and any(suit(c) == suit(trick[0][1]) for c in hand):
                legal = [c for c in hand if suit(c) == suit(trick[0][1])]
            legal = sorted(legal)
            assert card == legal[(u[k] * len(legal)) >> 32]
            checked += 1
        assert g.outputs == 40
    assert checked > 1000


def test_greedy_uses_no_randomness_but_draws_still_consumed():
    rules = S.normalize_rules(None)
    for key in range(20):
        g = S.stream(8, key)
        rec = S._play_deal_from(g, 1, GREEDY4, rules)
        # same shuffle outputs, different play draws: identical greedy deal
        g2 = S.stream(8, key)
        outs = [g2.next() for _ in range(20)] + [0x5555AAAA5555AAAA * (i + 1) % 2**64
                                                 for i in range(20)]
        scripted = ScriptedGen(outs)
        rec2 = S._play_deal_from(scripted, 1, GREEDY4, rules)
        assert rec2["plays"] == rec["plays"]
        assert scripted.outputs == 40


# ---------------------------------------------------------------------------
# greedy
# ---------------------------------------------------------------------------
def greedy(hand, trick, seat, trump):
    hand = sorted(C(x) for x in hand)
    cards = [C(x) for _, x in trick]
    seats = [s for s, _ in trick]
    legal = S.legal_cards(hand, suit(cards[0]) if cards else None)
    return S.card_name(S.choose_greedy(hand, legal, cards, seats, seat, trump))


def test_greedy_cheapest_is_lowest_strength_then_non_trump_then_lowest_suit():
    H = 2
    assert greedy(["2H", "2C", "3S", "AD"], [], 0, H) == "2C"       # non-trump first
    assert greedy(["2S", "2D", "5H"], [], 0, H) == "2D"             # lowest suit
    assert greedy(["2H", "3C"], [], 0, H) == "2H"                   # strength first
    assert greedy(["QC", "KD", "JS"], [], 0, 0) == "QC"             # Q < J < K in rank order
    assert greedy(["AH", "7S"], [], 0, H) == "7S"


def test_greedy_leads_cheapest_card_in_played_deals():
    for strategies, rec in sample_deals():
        trump = rec["trump_suit"]
        for t, k, seat, card, hand, trick in walk(rec):
            if k == 0 and strategies[seat] == "greedy":
                assert card == min(hand, key=lambda c: (strength(c), suit(c) == trump, suit(c)))


def test_greedy_never_overtakes_winning_partner():
    H = 2
    # partner (seat 0) winning with KC: seat 2 keeps the ace, plays the cheapest club
    assert greedy(["AC", "3C", "7S"], [(0, "KC"), (1, "5C")], 2, H) == "3C"
    # partner winning, cannot follow: no trump spent, cheapest card thrown
    assert greedy(["AH", "4D", "QS"], [(0, "6C"), (1, "KC"), (2, "2C")], 3, H) == "4D"
    # partner winning with a trump: seat 3 does not overtake with the ace of trumps
    assert greedy(["AH", "QH", "3D"], [(0, "5C"), (1, "2H"), (2, "4C")], 3, H) == "3D"
    # partner winning, void holding only trumps and a plain card: the plain card is thrown
    assert greedy(["2H", "AD"], [(0, "5C"), (1, "3C")], 2, H) == "AD"
    # in played deals: whenever the partner is winning, the card is the cheapest legal
    # one that does not beat the partner's card, and it beats the partner only when
    # every legal card would
    spared = 0
    for strategies, rec in sample_deals():
        trump = rec["trump_suit"]
        for t, k, seat, card, hand, trick in walk(rec):
            if k == 0 or strategies[seat] != "greedy":
                continue
            if winner_of(trick, trump) != (seat + 2) % 4:
                continue
            lead = suit(trick[0][1])
            legal = [c for c in hand if suit(c) == lead] or hand
            key = lambda c: (strength(c), suit(c) == trump, suit(c))  # noqa: E731
            keep = [c for c in legal if winner_of(trick + [(seat, c)], trump) != seat]
            assert card == min(keep or legal, key=key)
            overtakes = winner_of(trick + [(seat, card)], trump) == seat
            if overtakes:
                assert not keep
                assert all(winner_of(trick + [(seat, c)], trump) == seat for c in legal)
            spared += bool(keep) and min(legal, key=key) not in keep
    # the sample holds deals where the cheapest legal card would have overtaken
    assert spared > 0


def test_greedy_overtakes_partner_only_when_forced():
    # docs/rng.md: "when the partner is winning ...: the cheapest legal card that would
    # not beat the partner's card; if every legal card would, the cheapest legal card"
    H = 2
    # void in clubs with a low trump and a low plain card: the 2H is cheaper (strength 0)
    # but would overtake, so the plain card is thrown
    assert greedy(["2H", "3D"], [(0, "5C"), (1, "3C")], 2, H) == "3D"
    # forced to follow with a higher card
    assert greedy(["KC", "2H"], [(0, "5C"), (1, "3C")], 2, H) == "KC"
    # forced to follow with only higher cards: the cheapest of them overtakes
    assert greedy(["AC", "KC", "6C"], [(0, "5C"), (1, "3C")], 2, H) == "6C"
    assert greedy(["AC", "KC"], [(0, "5C"), (1, "3C")], 2, H) == "KC"
    # void holding only trumps: every card overtakes, the cheapest trump is played
    assert greedy(["AH", "2H"], [(0, "5C"), (1, "3C")], 2, H) == "2H"
    # partner (seat 1) winning with a trump, seat 3 void holding only trumps: the
    # cheapest trump below the partner's; if all are higher, the cheapest of them
    assert greedy(["3H", "4H", "AH"], [(0, "5C"), (1, "5H"), (2, "2C")], 3, H) == "3H"
    assert greedy(["6H", "AH"], [(0, "5C"), (1, "5H"), (2, "2C")], 3, H) == "6H"


def test_greedy_wins_with_cheapest_winning_card():
    H = 2
    # opponent leads QC: K and A would win, K is cheaper
    assert greedy(["KC", "AC", "2C", "5H"], [(0, "QC")], 1, H) == "KC"
    # cannot follow, no trump in the trick: the cheapest trump wins
    assert greedy(["7H", "3H", "2D", "AS"], [(0, "AC")], 1, H) == "3H"
    # a trump is winning: only a higher trump wins
    assert greedy(["4H", "6H", "KD"], [(0, "AC"), (1, "5H")], 2, H) == "6H"
    # opponent's 7 of the suit led beats my king: K cannot win, ace can
    assert greedy(["KD", "AD", "2D"], [(0, "7D")], 1, H) == "AD"
    # nothing wins: cheapest legal card
    assert greedy(["KC", "2C", "AH"], [(0, "AC")], 1, H) == "2C"
    assert greedy(["AS", "4D"], [(0, "AC")], 1, H) == "4D"
    # second player: the leader is an opponent even though seat 3 (partner) follows later
    assert greedy(["3C", "KC"], [(2, "2C")], 3, H) == "3C"


def test_greedy_follows_its_rule_in_played_deals():
    for strategies, rec in sample_deals():
        trump = rec["trump_suit"]
        key = lambda c: (strength(c), suit(c) == trump, suit(c))  # noqa: E731
        for t, k, seat, card, hand, trick in walk(rec):
            if k == 0 or strategies[seat] != "greedy":
                continue
            lead = suit(trick[0][1])
            legal = [c for c in hand if suit(c) == lead] or hand
            if winner_of(trick, trump) == (seat + 2) % 4:
                keep = [c for c in legal if winner_of(trick + [(seat, c)], trump) != seat]
                assert card == min(keep or legal, key=key)
                continue
            winners = [c for c in legal if winner_of(trick + [(seat, c)], trump) == seat]
            assert card == min(winners or legal, key=key)


# ---------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------
BBP = {"bandeira_by_points": True}
PENTE = {"pente": True}
TRIPLE = {"triple_at_30": True}
ALL = {"bandeira_by_points": True, "pente": True, "triple_at_30": True, "tie_carry": True}

# (rules, points0, tricks0, carry, label, g0, g1) -- computed by hand from the table
SCORE_CASES = [
    # standard
    (None, 120, 10, 0, "team0_bandeira", 4, 0),
    (None, 0, 0, 0, "team1_bandeira", 0, 4),
    (None, 120, 9, 0, "team0_double", 2, 0),      # 120 points without all tricks
    (None, 0, 1, 0, "team1_double", 0, 2),
    (None, 60, 5, 0, "tie", 0, 0),
    (None, 60, 1, 0, "tie", 0, 0),
    (None, 61, 5, 0, "team0_single", 1, 0),
    (None, 90, 6, 0, "team0_single", 1, 0),
    (None, 91, 6, 0, "team0_double", 2, 0),
    (None, 59, 4, 0, "team1_single", 0, 1),
    (None, 30, 3, 0, "team1_single", 0, 1),          # team 1 has 90
    (None, 29, 3, 0, "team1_double", 0, 2),       # team 1 has 91
    (None, 100, 7, 0, "team0_double", 2, 0),
    # rubber_games changes only the bandeira
    ({"rubber_games": 5}, 120, 10, 0, "team0_bandeira", 5, 0),
    ({"rubber_games": 10}, 0, 0, 0, "team1_bandeira", 0, 10),
    ({"rubber_games": 10}, 95, 7, 0, "team0_double", 2, 0),
    # bandeira by points
    (BBP, 120, 9, 0, "team0_points_bandeira", 4, 0),
    (BBP, 0, 2, 0, "team1_points_bandeira", 0, 4),
    (BBP, 120, 10, 0, "team0_bandeira", 4, 0),    # all tricks is checked first
    (BBP, 119, 9, 0, "team0_double", 2, 0),
    (dict(BBP, rubber_games=10), 120, 8, 0, "team0_points_bandeira", 10, 0),
    # pente: losers 29 or fewer -> 4 games
    (PENTE, 91, 6, 0, "team0_pente", 4, 0),
    (PENTE, 90, 6, 0, "team0_single", 1, 0),         # losers 30
    (PENTE, 0, 1, 0, "team1_pente", 0, 4),
    (PENTE, 120, 9, 0, "team0_pente", 4, 0),      # no bandeira_by_points
    (PENTE, 120, 10, 0, "team0_bandeira", 4, 0),
    (PENTE, 60, 5, 0, "tie", 0, 0),
    (dict(PENTE, rubber_games=10), 100, 7, 0, "team0_pente", 4, 0),
    (dict(PENTE, **BBP), 120, 9, 0, "team0_points_bandeira", 4, 0),
    # triple at 30: losers exactly 30 -> 3 games
    (TRIPLE, 90, 6, 0, "team0_triple", 3, 0),
    (TRIPLE, 30, 4, 0, "team1_triple", 0, 3),
    (TRIPLE, 91, 6, 0, "team0_double", 2, 0),     # losers 29, pente off
    (TRIPLE, 89, 6, 0, "team0_single", 1, 0),
    (dict(TRIPLE, **PENTE), 91, 6, 0, "team0_pente", 4, 0),
    (dict(TRIPLE, **PENTE), 90, 6, 0, "team0_triple", 3, 0),
    (dict(TRIPLE, **PENTE), 88, 6, 0, "team0_single", 1, 0),
    (ALL, 120, 9, 0, "team0_points_bandeira", 4, 0),
    (ALL, 29, 2, 0, "team1_pente", 0, 4),
    (ALL, 60, 5, 0, "tie", 0, 0),
    # carry from tie_carry: added to decided deals, not to bandeiras nor ties
    ({"tie_carry": True}, 61, 5, 2, "team0_single", 3, 0),
    ({"tie_carry": True}, 91, 5, 1, "team0_double", 3, 0),
    ({"tie_carry": True}, 60, 5, 3, "tie", 0, 0),
    ({"tie_carry": True}, 120, 10, 2, "team0_bandeira", 4, 0),
    (ALL, 120, 9, 1, "team0_points_bandeira", 4, 0),
    (ALL, 100, 7, 1, "team0_pente", 5, 0),
    (ALL, 30, 4, 1, "team1_triple", 0, 4),
    (ALL, 45, 4, 2, "team1_single", 0, 3),
]


@pytest.mark.parametrize("rules,p0,t0,carry,label,g0,g1", SCORE_CASES)
def test_score_table_hand_computed_cases(rules, p0, t0, carry, label, g0, g1):
    assert S.score_deal(p0, t0, rules, carry) == (label, g0, g1)


def test_score_symmetric_between_teams():
    for rules in (None, BBP, PENTE, TRIPLE, ALL):
        for p0 in range(121):
            for t0 in range(11):
                if (t0 == 10 and p0 != 120) or (t0 == 0 and p0 != 0):
                    continue
                label, g0, g1 = S.score_deal(p0, t0, rules)
                l2, h0, h1 = S.score_deal(120 - p0, 10 - t0, rules)
                assert (g0, g1) == (h1, h0)
                assert l2 == (label if label == "tie"
                              else "team" + str(1 - int(label[4])) + label[5:])


def test_score_rejects_impossible_deals():
    for p0, t0 in [(119, 10), (5, 0), (121, 5), (-1, 3), (60, 11)]:
        with pytest.raises(ValueError):
            S.score_deal(p0, t0)


def test_rules_validation_and_scoring_name():
    with pytest.raises(ValueError):
        S.normalize_rules({"nope": 1})
    with pytest.raises(ValueError):
        S.normalize_rules({"rubber_games": 6})
    with pytest.raises(ValueError):
        S.normalize_rules({"trump_card": "middle"})
    assert S.scoring_name(None) == "standard"
    assert S.scoring_name({"trump_card": "dealer_first", "rubber_games": 10}) == "standard"
    assert S.scoring_name({"tie_carry": True, "pente": True}) == "pente+tie_carry"
    assert S.scoring_name(dict(ALL, redraw_point_trump=True)) == \
        "bandeira_by_points+pente+triple_at_30+tie_carry+redraw_point_trump"


def test_single_deals_carry_nothing():
    rules = {"tie_carry": True}
    ties = 0
    for d in range(400):
        rec = S.play_deal(11, d, rules=rules)
        if rec["outcome"] == "tie":
            ties += 1
            nxt = S.play_deal(11, d + 1, rules=rules)
            assert nxt["games"] == list(S.score_deal(nxt["points"][0], nxt["tricks_won"][0])[1:])
    assert ties > 0


# ---------------------------------------------------------------------------
# redraw house rule
# ---------------------------------------------------------------------------
def test_redraw_point_trump_leaves_no_point_card_face_up():
    redrawn = 0
    for trump_card in ("dealer_last", "dealer_first"):
        rules = S.normalize_rules({"redraw_point_trump": True, "trump_card": trump_card})
        pos = 39 if trump_card == "dealer_last" else 30
        for key in range(150):
            g = S.stream(31, key)
            rec = S._play_deal_from(g, key % 4, RANDOM4, rules)
            assert pts(rec["trump_card"]) == 0
            assert g.outputs == 40 + 20 * rec["redraws"]
            # by hand: shuffle the *current* order again while the face-up card scores
            h = S.stream(31, key)
            deck = list(range(40))
            S.shuffle(deck, h)
            n = 0
            while pts(deck[pos]) > 0:
                S.shuffle(deck, h)
                n += 1
            assert n == rec["redraws"]
            assert rec["trump_card"] == deck[pos]
            for k in range(4):
                assert rec["hands"][(key % 4 + 1 + k) % 4] == sorted(deck[10 * k:10 * k + 10])
            if n == 0:
                plain = S._play_deal_from(S.stream(31, key), key % 4, RANDOM4,
                                          S.normalize_rules({"trump_card": trump_card}))
                assert plain["plays"] == rec["plays"]
            redrawn += n > 0
    assert redrawn > 50


def test_redraw_off_keeps_point_card_face_up():
    assert any(pts(rec["trump_card"]) > 0 for _, rec in sample_deals())
    assert all(rec["redraws"] == 0 for _, rec in sample_deals())


# ---------------------------------------------------------------------------
# rubbers
# ---------------------------------------------------------------------------
def scripted_rubber(seq, rules=None, first_dealer=0):
    """Rubber bookkeeping over scripted (points0, tricks0) deals."""
    r = S.normalize_rules(rules)

    def play_one(j, dealer, carry):
        p0, t0 = seq[j]
        label, g0, g1 = S.score_deal(p0, t0, r, carry)
        return {"deal": j, "dealer": dealer, "outcome": label, "games": [g0, g1]}

    return S._run_rubber(play_one, first_dealer, r)


def check_rubber_invariants(rub, rules=None):
    r = S.normalize_rules(rules)
    rg = r["rubber_games"]
    games = [0, 0]
    for j, d in enumerate(rub["deals"]):
        assert d["deal"] == j
        assert d["dealer"] == (rub["first_dealer"] + j) % 4
        assert d["games_before"] == games
        assert max(games) < rg                    # the rubber had not ended yet
        games = [games[0] + d["games"][0], games[1] + d["games"][1]]
    assert games == rub["games"]
    assert rub["games"][rub["winner"]] >= rg
    assert rub["games"][1 - rub["winner"]] < rg
    last = S.outcome_kind(rub["deals"][-1]["outcome"])
    assert rub["end"] == (last if last in ("bandeira", "points_bandeira", "pente") else "games")


@pytest.mark.parametrize("rubber_games", [4, 5, 10])
def test_rubber_ends_at_rubber_games(rubber_games):
    rules = {"rubber_games": rubber_games}
    lengths = set()
    for rubber in range(40):
        rub = S.play_rubber(13, rubber, rules=rules)
        assert rub["rubber"] == rubber and rub["first_dealer"] == rubber % 4
        check_rubber_invariants(rub, rules)
        lengths.add(len(rub["deals"]))
    assert max(lengths) > 1


def test_rubber_one_stream_deck_reset_each_deal_dealer_rotates():
    rules = S.normalize_rules({"tie_carry": True, "redraw_point_trump": True})
    for rubber in range(12):
        for dealer in (None, 2):
            rub = S.play_rubber(21, rubber, MIXES[2], rules, dealer=dealer)
            first = rubber % 4 if dealer is None else dealer
            assert rub["first_dealer"] == first
            g = S.stream(21, rubber, "rubber")
            for j, d in enumerate(rub["deals"]):
                before = g.outputs
                again = S._play_deal_from(g, (first + j) % 4, MIXES[2], rules, d["carry"])
                assert g.outputs - before == 40 + 20 * d["redraws"]
                for k in ("dealer", "hands", "plays", "tricks", "points", "outcome", "games"):
                    assert again[k] == d[k]


def test_rubber_first_deal_differs_from_single_deal_domain():
    rub = S.play_rubber(5, 3)
    single = S.play_deal(5, 3)
    assert rub["deals"][0]["dealer"] == single["dealer"] == 3
    assert rub["deals"][0]["plays"] != single["plays"]


def test_bandeira_wins_rubber_at_once():
    rub = scripted_rubber([(61, 5), (120, 10)], {"rubber_games": 10})
    assert rub["games"] == [11, 0] and rub["end"] == "bandeira" and rub["winner"] == 0
    rub = scripted_rubber([(100, 8), (100, 8), (100, 8), (0, 0)])
    assert rub["games"] == [4, 0] and rub["end"] == "games"   # 2+2 = 4 ends before
    assert len(rub["deals"]) == 2
    rub = scripted_rubber([(100, 8), (0, 0)])
    assert rub["games"] == [2, 4] and rub["winner"] == 1 and rub["end"] == "bandeira"
    # in played rubbers
    found = 0
    for rubber in range(400):
        rub = S.play_rubber(17, rubber, rules={"rubber_games": 10})
        for j, d in enumerate(rub["deals"]):
            if S.outcome_kind(d["outcome"]) == "bandeira":
                assert j == len(rub["deals"]) - 1
                assert rub["end"] == "bandeira" and rub["winner"] == d["winner"]
                assert d["games"][d["winner"]] == 10
                found += 1
        if found >= 2:
            break
    assert found >= 2


def test_points_bandeira_wins_rubber_at_once():
    rules = {"bandeira_by_points": True, "rubber_games": 5}
    rub = scripted_rubber([(30, 3), (120, 9)], rules)
    assert rub["games"] == [5, 1] and rub["end"] == "points_bandeira" and rub["winner"] == 0
    assert S.score_deal(120, 9, {"rubber_games": 5}) == ("team0_double", 2, 0)  # option off


def test_pente_end_when_deciding_deal_is_pente():
    rules = {"pente": True}
    rub = scripted_rubber([(95, 7)], rules)
    assert rub["games"] == [4, 0] and rub["end"] == "pente"
    rub = scripted_rubber([(20, 2), (70, 6), (60, 4), (95, 7)], dict(rules, rubber_games=5))
    assert rub["games"] == [5, 4] and rub["end"] == "pente" and rub["winner"] == 0
    rub = scripted_rubber([(95, 7), (70, 5)], dict(rules, rubber_games=5))
    assert rub["games"] == [5, 0] and rub["end"] == "games"


def test_tie_carry_adds_a_game():
    rules = {"tie_carry": True}
    rub = scripted_rubber([(60, 5), (70, 6), (70, 6), (70, 6)], rules)
    assert [d["games"] for d in rub["deals"]] == [[0, 0], [2, 0], [1, 0], [1, 0]]
    assert [d["carry"] for d in rub["deals"]] == [0, 1, 0, 0]
    assert rub["games"] == [4, 0] and len(rub["deals"]) == 4
    # each tie in a row adds one; carry resets after a decided deal
    rub = scripted_rubber([(60, 5), (60, 5), (60, 4), (40, 4), (70, 6), (40, 4)],
                          dict(rules, rubber_games=5))
    assert [d["games"] for d in rub["deals"]] == [[0, 0]] * 3 + [[0, 4], [1, 0], [0, 1]]
    assert [d["carry"] for d in rub["deals"]] == [0, 0, 0, 3, 0, 0]
    assert [d["carry_in"] for d in rub["deals"]] == [0, 1, 2, 3, 0, 0]
    assert rub["games"] == [1, 5] and rub["winner"] == 1 and rub["end"] == "games"
    # without the rule nothing is carried
    rub = scripted_rubber([(60, 5), (70, 6), (70, 6), (70, 6), (70, 6)])
    assert [d["games"] for d in rub["deals"]] == [[0, 0], [1, 0], [1, 0], [1, 0], [1, 0]]
    assert all(d["carry"] == 0 for d in rub["deals"])
    # in played rubbers: every decided non-bandeira deal gets the ties just before it
    seen = 0
    for rubber in range(300):
        rub = S.play_rubber(19, rubber, rules={"tie_carry": True, "rubber_games": 10})
        check_rubber_invariants(rub, {"rubber_games": 10})
        run = 0
        for d in rub["deals"]:
            assert d["carry_in"] == run
            kind = S.outcome_kind(d["outcome"])
            base = S.score_deal(d["points"][0], d["tricks_won"][0], {"rubber_games": 10})
            if kind == "tie":
                assert d["carry"] == 0 and d["games"] == [0, 0]
                run += 1
                continue
            if kind in ("bandeira", "points_bandeira"):
                assert d["carry"] == 0 and d["games"] == list(base[1:])
            else:
                assert d["carry"] == run
                seen += run > 0
                assert sum(d["games"]) == sum(base[1:]) + run
            run = 0
    assert seen > 0


def test_tie_carry_not_added_to_bandeira():
    rules = {"tie_carry": True, "bandeira_by_points": True}
    rub = scripted_rubber([(60, 5), (60, 5), (0, 0)], rules)
    assert rub["games"] == [0, 4] and rub["deals"][2]["carry"] == 0
    rub = scripted_rubber([(60, 5), (120, 9)], rules)
    assert rub["games"] == [4, 0] and rub["end"] == "points_bandeira"
    # a pente with carry: 4 + 1 games
    rub = scripted_rubber([(60, 5), (100, 7)], dict(rules, pente=True, rubber_games=5))
    assert rub["deals"][1]["games"] == [5, 0] and rub["deals"][1]["carry"] == 1
    assert rub["end"] == "pente" and rub["winner"] == 0


def test_play_deal_dict_keys_and_determinism():
    rec = S.play_deal(42, 7, ("greedy", "random", "random", "greedy"))
    for key in ("deal", "dealer", "trump_card", "trump_suit", "hands", "trumps", "plays",
                "tricks", "points", "tricks_won", "outcome", "winner", "games"):
        assert key in rec
    assert rec == S.play_deal(42, 7, ["greedy", "random", "random", "greedy"])
    assert rec["deal"] == 7 and rec["dealer"] == 3
    assert all(isinstance(p, tuple) and len(p) == 2 for p in rec["plays"])
    assert all(isinstance(t, tuple) and len(t) == 3 for t in rec["tricks"])
    with pytest.raises(ValueError):
        S.play_deal(42, 7, ("random",) * 3)
    with pytest.raises(ValueError):
        S.play_deal(42, 7, ("random", "random", "random", "smart"))
