"""Self-checks of the plain-Python Brisca reference (tests/brisca_reference.py).

These test the reference against the written rules (docs/games/brisca.md, docs/rng.md),
with hand-built cases where a rule has clauses.  They import nothing from the project.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

import brisca_reference as br  # noqa: E402

B, O, C, E = 3, 0, 1, 2  # suit indices: O C E B


def ci(name: str, players: int = 2) -> int:
    return br.card_index(name, players)


def cs(names: str, players: int = 2) -> list[int]:
    return [ci(n, players) for n in names.split()]


def greedy(hand: str, trick: str = "", seats=None, seat: int = 1, trump: int = B,
           players: int = 2, values: str = "standard") -> str:
    """choose_greedy on named cards; `seats` defaults to the seats before `seat`."""
    trick_cards = cs(trick, players) if trick else []
    if seats is None:
        seats = [(seat - len(trick_cards) + k) % players for k in range(len(trick_cards))]
    card = br.choose_greedy(cs(hand, players), trick_cards, list(seats), seat, trump,
                            players, values)
    return br.card_name(card, players)


def replay(d: dict, players: int, draw_order=None):
    """Replay a deal's plays from its starting hands and stock, drawing after each trick
    in `draw_order(winner, leader)` (default: winner, winner+1, ...).  Yields
    (trick index, position, seat, card, hand before the play, trick so far).
    Raises AssertionError when a play is not from the seat's hand."""
    if draw_order is None:
        def draw_order(winner, leader):
            return [(winner + k) % players for k in range(players)]
    hands = [set(h) for h in d["hands"]]
    stock = list(d["stock"])
    plays = d["plays"]
    for t, (leader, winner, _pts) in enumerate(d["tricks"]):
        trick = []
        for k in range(players):
            seat, card = plays[t * players + k]
            assert seat == (leader + k) % players
            assert card in hands[seat], (t, seat, card)
            yield t, k, seat, card, set(hands[seat]), list(trick)
            hands[seat].remove(card)
            trick.append(card)
        if stock:
            for s in draw_order(winner, leader):
                hands[s].add(stock.pop(0))
    assert not stock and all(not h for h in hands)


def _deals(players, n=30, strategies=None, rules=None, seed=7):
    return [br.play_deal(seed, i, strategies=strategies, rules=rules, players=players)
            for i in range(n)]


# ---------------------------------------------------------------------------
# Cards and notation
# ---------------------------------------------------------------------------
def test_card_indices_and_names():
    assert br.card_name(0) == "2O" and br.card_name(9) == "1O"
    assert br.card_name(10) == "2C" and br.card_name(39) == "1B"
    assert [br.card_name(c) for c in range(10)] == \
        ["2O", "4O", "5O", "6O", "7O", "JO", "NO", "KO", "3O", "1O"]
    assert [br.card_name(c, 6) for c in range(12)] == \
        ["2O", "4O", "5O", "6O", "7O", "8O", "9O", "JO", "NO", "KO", "3O", "1O"]
    assert br.card_name(47, 6) == "1B" and br.card_name(4, 4) == "7O"
    for p, n in ((2, 40), (4, 40), (6, 48)):
        assert [br.card_index(br.card_name(c, p), p) for c in range(n)] == list(range(n))
    with pytest.raises(ValueError):
        br.card_name(40, 2)
    with pytest.raises(ValueError):
        br.card_index("8O", 4)


def test_stream_matches_sueca_reference_generator():
    import sueca_reference as sr
    for seed, key in ((0, 0), (1, 5), (2**64 - 1, 123)):
        assert br.stream(seed, key, "deal").state == sr.stream(seed, key, "deal").state
        g1, g2 = br.stream(seed, key), sr.stream(seed, key)
        assert [g1.next() for _ in range(5)] == [g2.next() for _ in range(5)]
    base = br.mix(br.mix(9) ^ 0x4D415443)
    st = tuple(br.mix((base + (4 * 3 + j) * br.GOLDEN) & br.MASK) for j in range(1, 5))
    assert br.stream(9, 3, "match").state == st


# ---------------------------------------------------------------------------
# Deal
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
def test_dealing_positions(players):
    n = 48 if players == 6 else 40
    for deal in range(5):
        d = br.play_deal(3, deal, players=players)
        gen = br.stream(3, deal)
        deck = list(range(n))
        br.shuffle(deck, gen)
        dealer = deal % players
        assert d["dealer"] == dealer
        for k in range(players):
            assert d["hands"][(dealer + 1 + k) % players] == sorted(deck[3 * k:3 * k + 3])
        assert d["trump_card"] == deck[3 * players]
        assert d["trump_suit"] == deck[3 * players] // (n // 4)
        assert d["stock"] == deck[3 * players + 1:] + [deck[3 * players]]
        assert d["tricks"][0][0] == (dealer + 1) % players
    d = br.play_deal(3, 0, players=players, dealer=players - 1)
    assert d["dealer"] == players - 1 and d["tricks"][0][0] == 0


def test_trump_card_is_drawn_last():
    for players in (2, 4, 6):
        for d in _deals(players, 15):
            assert d["stock"][-1] == d["trump_card"]
            rounds = len(d["stock"]) // players
            # the last draw round follows trick `rounds - 1`: the seat before its winner
            # draws last, and must later play the trump card
            w = d["tricks"][rounds - 1][1]
            last_drawer = (w + players - 1) % players
            later = d["plays"][rounds * players:]
            assert (last_drawer, d["trump_card"]) in later
            # and nobody plays it before the last draw
            assert all(c != d["trump_card"] for _s, c in d["plays"][:rounds * players])


def test_winner_draws_first():
    for players in (2, 4, 6):
        deals = _deals(players, 20)
        for d in deals:
            for _ in replay(d, players):
                pass
        # the leader (not the winner) drawing first is inconsistent with some deal
        def leader_first(winner, leader):
            return [(leader + k) % players for k in range(players)]
        bad = 0
        for d in deals:
            try:
                for _ in replay(d, players, leader_first):
                    pass
            except AssertionError:
                bad += 1
        assert bad > 0
    # 2 players: the winner of the first trick draws stock[0], the other stock[1]
    for d in _deals(2, 20):
        w = d["tricks"][0][1]
        assert (w, d["stock"][0]) in d["plays"][2:]
        assert (1 - w, d["stock"][1]) in d["plays"][2:]


def test_no_obligation_to_follow_suit():
    found = False
    for d in _deals(2, 40):
        for _t, k, _seat, card, hand, trick in replay(d, 2):
            if k == 1:
                lead_suit = trick[0] // 10
                if card // 10 != lead_suit and any(c // 10 == lead_suit for c in hand):
                    found = True
    assert found
    # greedy, too, discards off-suit while holding the suit led
    assert greedy("5O 2C 1B", "4O") == "2C"


def test_highest_trump_wins_else_highest_of_led_suit():
    tw = br.trick_winner
    assert tw(cs("1O 2B"), B) == 1                 # any trump beats the ace led
    assert tw(cs("2O 1C"), B) == 0                 # off-suit never wins
    assert tw(cs("4O 1O"), B) == 1                 # higher of the suit led
    assert tw(cs("3O 1O"), B) == 1 and tw(cs("3O KO"), B) == 0   # 1 > 3 > K
    assert tw(cs("4O 1O 3B 2B", 4), B, 4) == 2     # highest trump
    assert tw(cs("2B 1O", 4), B, 4) == 0           # trump led
    assert tw(cs("4O 5O 2C 7E 8O 9O", 6), B, 6) == 5   # latin48: 9 > 8 > 5
    assert tw(cs("4O 9O JO 2C 8O 9C", 6), B, 6) == 2   # J > 9
    for players in (2, 4, 6):
        n = 48 if players == 6 else 40
        rps = n // 4
        for d in _deals(players, 10):
            ts = d["trump_suit"]
            for t, (leader, winner, pts) in enumerate(d["tricks"]):
                trick = d["plays"][t * players:(t + 1) * players]
                lead = trick[0][1] // rps
                trumps = [(c % rps, s) for s, c in trick if c // rps == ts]
                follow = [(c % rps, s) for s, c in trick if c // rps == lead]
                assert winner == max(trumps or follow)[1]
                assert leader == trick[0][0]
                if t + 1 < len(d["tricks"]):
                    assert d["tricks"][t + 1][0] == winner


@pytest.mark.parametrize("players", [2, 4, 6])
def test_points_total_120(players):
    n = 48 if players == 6 else 40
    assert sum(br.card_points(c, players) for c in range(n)) == 120
    assert sum(br.card_points(c, players, "lombardy") for c in range(n)) == 120
    for values in ("standard", "lombardy"):
        for d in _deals(players, 15, rules={"values": values}):
            assert sum(d["points"]) == 120
            assert sum(d["cards"]) == n
            assert sum(t[2] for t in d["tricks"]) == 120
            for s in (0, 1):
                assert d["points"][s] == sum(p for _l, w, p in d["tricks"]
                                             if br.side_of(w, players) == s)
                assert d["cards"][s] == players * sum(1 for _l, w, _p in d["tricks"]
                                                       if br.side_of(w, players) == s)
            w = d["winner"]
            if max(d["points"]) > 60:
                assert d["points"][w] > 60 and d["outcome"] == f"side{w}_single"
                assert d["game_points"][w] == 1 and sum(d["game_points"]) == 1


def test_sides():
    assert [br.side_of(s, 2) for s in range(2)] == [0, 1]
    assert [br.side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [br.side_of(s, 6) for s in range(6)] == [0, 1, 0, 1, 0, 1]


def test_tiebreak_cards():
    r = br.normalize_rules(None)
    assert br.score_deal([60, 60], [22, 18], r) == ("side0_single", 0, [1, 0])
    assert br.score_deal([60, 60], [18, 22], r) == ("side1_single", 1, [0, 1])
    assert br.score_deal([60, 60], [20, 20], r) == ("tie", None, [0, 0])
    r = br.normalize_rules({"tiebreak_cards": False})
    assert br.score_deal([60, 60], [22, 18], r) == ("tie", None, [0, 0])
    # more cards do not matter when someone has more than 60
    assert br.score_deal([61, 59], [10, 30], r) == ("side0_single", 0, [1, 0])
    # find real 60-60 deals and check them
    seen = 0
    for i in range(1500):
        d = br.play_deal(11, i)
        if d["points"] == [60, 60]:
            seen += 1
            c = d["cards"]
            exp = None if c[0] == c[1] else (0 if c[0] > c[1] else 1)
            assert d["winner"] == exp
            d2 = br.play_deal(11, i, rules={"tiebreak_cards": False})
            assert d2["winner"] is None and d2["outcome"] == "tie"
            assert d2["plays"] == d["plays"]
            if seen >= 2:
                break
    assert seen >= 1


def test_double_at():
    r = br.normalize_rules({"double_at": 100})
    assert br.score_deal([100, 20], [30, 10], r) == ("side0_double", 0, [2, 0])
    assert br.score_deal([99, 21], [30, 10], r) == ("side0_single", 0, [1, 0])
    assert br.score_deal([15, 105], [6, 34], r) == ("side1_double", 1, [0, 2])
    r0 = br.normalize_rules(None)
    assert br.score_deal([120, 0], [40, 0], r0) == ("side0_single", 0, [1, 0])
    for d in _deals(2, 30, rules={"double_at": 80}):
        w = d["winner"]
        if w is None:
            assert d["game_points"] == [0, 0]
        elif d["points"][w] >= 80:
            assert d["outcome"] == f"side{w}_double" and d["game_points"][w] == 2
        else:
            assert d["outcome"] == f"side{w}_single" and d["game_points"][w] == 1


def test_tuscan_values():
    """The reference's values=tuscan: jack 3, knight 2, every other card as standard; the
    knight still beats the jack; a deal's points still add up to 120."""
    tus = {br.card_name(c): br.card_points(c, 2, "tuscan") for c in range(40)}
    for s in "OCEB":
        assert (tus["1" + s], tus["3" + s], tus["K" + s], tus["N" + s], tus["J" + s],
                tus["7" + s]) == (11, 10, 4, 2, 3, 0)
    assert br.trick_winner(cs("JO NO"), B) == 1
    for players in (2, 4, 6):
        n = 48 if players == 6 else 40
        assert sum(br.card_points(c, players, "tuscan") for c in range(n)) == 120


def test_lombardy_values():
    std = {br.card_name(c): br.card_points(c) for c in range(40)}
    lom = {br.card_name(c): br.card_points(c, 2, "lombardy") for c in range(40)}
    for s in "OCEB":
        assert (std["1" + s], std["3" + s], std["K" + s], std["N" + s], std["J" + s],
                std["7" + s]) == (11, 10, 4, 3, 2, 0)
        assert (lom["1" + s], lom["3" + s], lom["K" + s], lom["N" + s], lom["J" + s],
                lom["7" + s]) == (11, 0, 4, 3, 2, 10)
    # rank order unchanged: the 3 still beats the 7 and the king
    assert br.trick_winner(cs("7O 3O"), B) == 1
    assert br.trick_winner(cs("3O KO"), B) == 0
    # the same deal is played the same way by random players; only points differ
    a = br.play_deal(5, 2)
    b = br.play_deal(5, 2, rules={"values": "lombardy"})
    assert a["plays"] == b["plays"] and a["stock"] == b["stock"]
    pts = [sum(br.card_points(c, 2, "lombardy") for c in
               (a["plays"][2 * t][1], a["plays"][2 * t + 1][1])) for t in range(20)]
    assert [t[2] for t in b["tricks"]] == pts


def test_six_players_use_latin48_and_eight_tricks():
    d = br.play_deal(4, 1, players=6)
    assert len(d["hands"]) == 6 and all(len(h) == 3 for h in d["hands"])
    assert len(d["stock"]) == 30
    assert sorted([c for h in d["hands"] for c in h] + d["stock"]) == list(range(48))
    assert len(d["tricks"]) == 8 and len(d["plays"]) == 48
    assert sorted(c for _s, c in d["plays"]) == list(range(48))
    assert len(d["points"]) == 2 and sum(d["cards"]) == 48
    names = {br.card_name(c, 6) for c in range(48)}
    assert {"8O", "9B"} <= names
    d4 = br.play_deal(4, 1, players=4)
    assert len(d4["tricks"]) == 10 and len(d4["stock"]) == 28
    d2 = br.play_deal(4, 1, players=2)
    assert len(d2["tricks"]) == 20 and len(d2["stock"]) == 34


# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------
def test_random_picks_position_in_sorted_hand():
    for players in (2, 4, 6):
        n_out = (players + 1) // 2
        shuffle_out = 24 if players == 6 else 20
        for deal in range(5):
            d = br.play_deal(21, deal, players=players)
            gen = br.stream(21, deal)
            for _ in range(shuffle_out):
                gen.next()
            u = []
            for _ in range(n_out):
                x = gen.next()
                u += [x >> 32, x & 0xFFFFFFFF]
            leader = d["tricks"][0][0]
            for k in range(players):
                seat = (leader + k) % players
                hand = sorted(d["hands"][seat])
                if k == 0:
                    assert d["plays"][0] == (seat, hand[(u[0] * 3) >> 32])
                else:
                    assert d["plays"][k][0] == seat
                    assert d["plays"][k][1] == hand[(u[k] * 3) >> 32]


def test_greedy_cheapest_order():
    # lowest strength; equal strength: non-trump before trump, then lowest suit index
    assert greedy("2E 2C", "") == "2C"
    assert greedy("7O 6B", "5O 4O", seat=2, players=4) == "6B"     # all beat: cheapest
    assert greedy("6O 6B", "5O 4O", seat=2, players=4) == "6O"     # non-trump first


def test_greedy_leads_cheapest_non_trump():
    assert greedy("1O 2B 4C", "") == "4C"
    assert greedy("KO 2B 3C", "") == "KO"
    assert greedy("2O 2C 4B", "") == "2O"


def test_greedy_leads_cheapest_card_with_only_trumps():
    assert greedy("1B 4B KB", "") == "4B"


def test_greedy_partner_winning_gives_most_points_non_trump():
    # 4 players, seat 2; partner seat 0 leads the ace, seat 1 follows low
    assert greedy("KC 3E 2B", "1O 4O", seat=2, players=4) == "3E"
    # the ace of the suit led would beat the partner's 3: not given
    assert greedy("1O KC 2B", "3O 4O", seat=2, players=4) == "KC"
    # equal points: the cheapest
    assert greedy("2E 4C 1B", "1O 4O", seat=2, players=4) == "2E"
    assert greedy("KE KC 2B", "1O 4O", seat=2, players=4) == "KC"
    # partner winning with a trump: non-trumps never beat it
    assert greedy("1C 1B 2O", "5B 4O", seat=2, players=4) == "1C"


def test_greedy_partner_winning_no_non_trump_gives_cheapest_non_beating():
    # only trumps in hand, partner winning with the 5 of trumps: the 4 stays under
    assert greedy("1B 4B", "5B 2O", seat=2, players=4) == "4B"
    assert greedy("3B KB 4B", "NB 2O", seat=2, players=4) == "4B"


def test_greedy_partner_winning_every_card_beats_gives_cheapest():
    assert greedy("7O 2B", "5O 4O", seat=2, players=4) == "2B"
    assert greedy("6O 6B", "5O 4O", seat=2, players=4) == "6O"


def test_greedy_partner_rule_six_players_and_not_for_opponents():
    # 6 players: seat 4's teammates are 0 and 2; seat 0 led the ace and is winning
    assert greedy("KC 3E 2B", "1O 4O 5O 6O", seat=4, players=6) == "3E"
    # teammate seat 2 winning (in the middle of the trick)
    assert greedy("KC 3E 2B", "4O 5O 1O 6O", seat=4, players=6) == "3E"
    # an opponent (seat 1 for seat 2 with 4 players) winning: rule 3, trump the ace
    assert greedy("KC 3E 2B", "4O 1O", seat=2, players=4) == "2B"
    # 2 players: the other seat is an opponent
    assert greedy("KC 3E 2B", "1O", seat=1, players=2) == "2B"


def test_greedy_points_in_trick_cheapest_winning_non_trump():
    assert greedy("1O 3O 2B", "KO") == "3O"
    assert greedy("NO 3O 2B", "JO") == "NO"       # 2 points in the trick suffice
    # 4 players, seat 3: opponent seat 2 winning with the jack (2 points)
    assert greedy("NO 1O 2B", "5O JO", seat=3, players=4) == "NO"
    # the partner (seat 1) winning with the jack: rule 2 gives the ace of another suit
    assert greedy("NO 1E 2B", "JO 5O", seat=3, players=4) == "1E"
    # the opponent winning with it: no winning non-trump, no ten: rule 4
    assert greedy("NC 1E 2B", "5O JO", seat=3, players=4) == "NC"


def test_greedy_ten_in_trick_cheapest_winning_trump():
    assert greedy("2O 5B 1B", "3O") == "5B"
    assert greedy("2O 1B 4B", "1O") == "4B"
    # a winning non-trump is preferred to a trump
    assert greedy("1O 2B", "3O") == "1O"


def test_greedy_points_but_no_ten_does_not_trump():
    assert greedy("2O 5B 4C", "KO") == "2O"
    # a 10 in the trick but no winning trump (a higher trump is winning): discard
    assert greedy("KB 2O 1C", "3B") == "2O"


def test_greedy_no_points_discards_cheapest_zero_non_trump():
    assert greedy("5O 2C 2B", "4O") == "2C"        # does not win a pointless trick
    assert greedy("KC 1O 2B", "4O") == "KC"        # no zero non-trump: cheapest non-trump
    assert greedy("KB 2B", "4O") == "2B"           # only trumps: cheapest card
    assert greedy("JC 6E 1O", "4O") == "6E"


def test_greedy_lombardy_values():
    # the 7 is worth 10: trump it
    assert greedy("2O 5B 2C", "7O") == "2O"
    assert greedy("2O 5B 2C", "7O", values="lombardy") == "5B"
    # the 3 is worth nothing: do not trump it
    assert greedy("2O 5B 2C", "3O") == "5B"
    assert greedy("2O 5B 2C", "3O", values="lombardy") == "2O"
    # discard: a lombardy 3 is a zero card, a 7 is not
    assert greedy("3C 7E 1B", "4O", values="lombardy") == "3C"
    assert greedy("3C 7E 1B", "4O") == "7E"


def test_greedy_uses_no_randomness():
    # a greedy seat does not change the stream the random seats see
    a = br.play_deal(8, 3, strategies=("greedy", "random"))
    b = br.play_deal(8, 3, strategies=("greedy", "greedy"))
    assert a["stock"] == b["stock"] and a["hands"] == b["hands"]
    c = br.play_deal(8, 3, strategies=("greedy", "greedy"))
    assert b == c


# ---------------------------------------------------------------------------
# Stream consumption and matches
# ---------------------------------------------------------------------------
def test_stream_consumption():
    for n, outs in ((40, 20), (48, 24)):
        gen = br.stream(1, 2)
        br.shuffle(list(range(n)), gen)
        assert gen.outputs == outs
    for players, total in ((2, 20 + 20 * 1), (4, 20 + 10 * 2), (6, 24 + 8 * 3)):
        for strategies in (("random",) * players, ("greedy",) * players):
            gen = br.stream(1, 2)
            br.play_deal_from(gen, 0, strategies, br.normalize_rules(None), players)
            assert gen.outputs == total
    # second trick of a 2-player deal: the leader gets hi() of output 21
    d = br.play_deal(2, 6)
    gen = br.stream(2, 6)
    for _ in range(21):
        gen.next()
    x = gen.next()
    hands = [set(h) for h in d["hands"]]   # replay hands up to the second trick
    for s, c in d["plays"][:2]:
        hands[s].remove(c)
    w = d["tricks"][0][1]
    hands[w].add(d["stock"][0])
    hands[1 - w].add(d["stock"][1])
    s, c = d["plays"][2]
    assert s == w and c == sorted(hands[w])[((x >> 32) * 3) >> 32]
    assert d["plays"][3][1] == sorted(hands[1 - w])[((x & 0xFFFFFFFF) * 3) >> 32]


def test_match_stream_continues_across_deals():
    for players in (2, 4, 6):
        m = br.play_match(13, 5, players=players)
        gen = br.stream(13, 5, "match")
        r = br.normalize_rules(None)
        for j, rec in enumerate(m["deals"]):
            exp = br.play_deal_from(gen, (5 + j) % players, ("random",) * players, r,
                                    players)
            got = {k: v for k, v in rec.items() if k not in ("deal", "game_points_before")}
            assert got == exp and rec["deal"] == j


def test_match_ends_at_target():
    for target in (3, 5, 7):
        for players in (2, 4, 6):
            for match in range(3):
                rules = {"target": target, "double_at": 90 if match == 2 else None}
                m = br.play_match(17, match, rules=rules, players=players)
                assert m["match"] == match and m["end"] == "target"
                assert m["first_dealer"] == match % players
                gp = [0, 0]
                for j, d in enumerate(m["deals"]):
                    assert max(gp) < target
                    assert d["game_points_before"] == gp
                    assert d["dealer"] == (m["first_dealer"] + j) % players
                    gp = [gp[0] + d["game_points"][0], gp[1] + d["game_points"][1]]
                assert gp == m["game_points"]
                assert gp[m["winner"]] >= target and gp[1 - m["winner"]] < target
    m = br.play_match(17, 1, players=4, dealer=3)
    assert m["first_dealer"] == 3
    assert [d["dealer"] for d in m["deals"][:3]] == [3, 0, 1][:len(m["deals"])]


def test_rule_validation():
    with pytest.raises(ValueError):
        br.play_deal(1, 0, rules={"target": 4})
    with pytest.raises(ValueError):
        br.play_deal(1, 0, rules={"values": "milan"})
    with pytest.raises(ValueError):
        br.play_deal(1, 0, rules={"nope": 1})
    with pytest.raises(ValueError):
        br.play_deal(1, 0, players=5)
    with pytest.raises(ValueError):
        br.play_deal(1, 0, players=3, rules={"marriages": True})
    with pytest.raises(ValueError):
        br.play_deal(1, 0, strategies=("random",))
    # partners_show_hands changes nothing for random/greedy
    a = br.play_deal(1, 0, players=4, strategies=("greedy", "random") * 2)
    b = br.play_deal(1, 0, players=4, strategies=("greedy", "random") * 2,
                     rules={"partners_show_hands": True})
    assert a == b


# ---------------------------------------------------------------------------
# Regional variants
# ---------------------------------------------------------------------------
def test_marriages_reference():
    """marriage_bonuses on hand-built tricks: side 0 (seat 0 of two) takes KO and NO with
    coins trumps (40) and the KC; side 1 takes NC (so no cup marriage), KE and NE (20)."""
    plays = [(0, ci("KO")), (1, ci("2C")), (1, ci("NO")), (0, ci("4C")),
             (0, ci("KC")), (1, ci("5C")), (1, ci("NC")), (0, ci("KE")),
             (1, ci("NE")), (0, ci("6B"))]
    tricks = [(0, 0, 4), (1, 0, 3), (0, 0, 4), (1, 1, 7), (1, 1, 3)]
    assert br.marriage_bonuses(plays, tricks, O, 2) == [40, 20]
    assert br.marriage_bonuses(plays, tricks, E, 2) == [20, 40]
    # scored on totals: 50 card points and 40 beat 70
    r = br.normalize_rules({"marriages": True})
    assert br.score_deal([90, 70], [20, 20], r) == ("side0_single", 0, [1, 0])
    # the rule changes no play; the bonus is 0, 20, 40 ... per side
    for d in _deals(2, 20, strategies=("greedy", "random"), rules={"marriages": True}):
        base = br.play_deal(7, d["deal"], strategies=("greedy", "random"))
        assert d["plays"] == base["plays"] and "marriages" not in base
        assert all(b % 20 == 0 and 0 <= b <= 100 for b in d["marriages"])
        tot = [d["points"][s] + d["marriages"][s] for s in (0, 1)]
        if tot[0] != tot[1]:
            assert d["winner"] == (0 if tot[0] > tot[1] else 1)


def mexican(hand: str, trick: str = "", seat: int = 1, trump: int = B, players: int = 2) -> str:
    tc = cs(trick, players) if trick else []
    seats = [(seat - len(tc) + k) % players for k in range(len(tc))]
    return br.card_name(br.choose_greedy_mexican(cs(hand, players), tc, seats, seat, trump,
                                                 players), players)


def test_mexican_reference():
    """Rule mexican: the side kept under 11 card points wins; greedy unloads points on
    tricks it cannot win, else plays its card with the fewest points."""
    assert br.score_mexican([10, 110]) == ("side0_single", 0, [1, 0])
    assert br.score_mexican([110, 10]) == ("side1_single", 1, [0, 1])
    assert br.score_mexican([11, 109]) == ("tie", None, [0, 0])
    assert mexican("1O 4B 4C", seat=0) == "4C"          # leading: fewest points, plain first
    assert mexican("1C KO 2O", "3O") == "1C"             # cannot win: unload the most points
    assert mexican("1O KO 2B", "4O") == "2B"             # every card wins: the fewest points
    assert mexican("1C KO 2E", "3O JO", seat=3, players=4) == "2E"   # teammate winning
    with pytest.raises(ValueError):
        br.normalize_rules({"mexican": True, "double_at": 100})
    for d in _deals(2, 20, strategies=("greedy", "random"), rules={"mexican": True}):
        p = d["points"]
        assert d["winner"] == (0 if p[0] < 11 else 1 if p[1] < 11 else None)


def test_rotating_trump_reference():
    """rotating_trump: no card turned, trump suit = deal % 4, the stock is every undealt
    card in deck order; a match is four deals O C E B, more game points wins."""
    for d in _deals(2, 8, rules={"rotating_trump": True}):
        assert d["trump_card"] is None and d["trump_suit"] == d["deal"] % 4
        assert len(d["stock"]) == 34
        assert sorted(d["stock"] + [c for h in d["hands"] for c in h]) == list(range(40))
        for t, (leader, winner, _p) in enumerate(d["tricks"]):
            cards = [c for _s, c in d["plays"][2 * t:2 * t + 2]]
            assert winner == (leader + br.trick_winner(cards, d["trump_suit"])) % 2
    m = br.play_match(3, 0, rules={"rotating_trump": True})
    assert [x["trump_suit"] for x in m["deals"]] == [0, 1, 2, 3] and m["end"] == "four_deals"
    g0, g1 = m["game_points"]
    assert m["winner"] == (None if g0 == g1 else 0 if g0 > g1 else 1)
    with pytest.raises(ValueError):
        br.normalize_rules({"rotating_trump": True, "target": 5})
# --- the variants that add decisions or change play ----------------------------
def test_trump_exchange_card():
    """trump_exchange: the trump 7 is given for a face-up card ranked above the 7 (1 3 K N
    J, and 9 8 with 48 cards), the trump 2 for one ranked 7 or below; only from the hand."""
    assert br.exchange_card(cs("7B 2O 3C"), ci("1B"), B) == ci("7B")
    assert br.exchange_card(cs("7B 2O 3C"), ci("JB"), B) == ci("7B")
    assert br.exchange_card(cs("7B 2B 3C"), ci("6B"), B) == ci("2B")
    assert br.exchange_card(cs("7B 2O 3C"), ci("6B"), B) is None      # no trump 2
    assert br.exchange_card(cs("2B 5O 3C"), ci("KB"), B) is None      # no trump 7
    assert br.exchange_card(cs("2O 5B 3C"), ci("7O"), O) == ci("2O")  # the 7 itself: by the 2
    assert br.exchange_card(cs("7B 5O 3C", 6), ci("9B", 6), B, 6) == ci("7B", 6)
    assert br.exchange_card(cs("2B 5O 3C", 6), ci("7B", 6), B, 6) == ci("2B", 6)


def test_trump_exchange_in_play():
    """In played deals: an exchange is made at the seat's turn, after it won a trick, while
    the face-up card is in the stock; greedy always makes an allowed exchange."""
    seen = 0
    for d in range(60):
        out = br.play_deal(3, d, ("greedy", "random"), {"trump_exchange": True})
        plain = br.play_deal(3, d, ("greedy", "random"))
        if not out["exchanges"]:
            assert out["plays"] == plain["plays"]
        first = out["exchanges"][0]["trick"] if out["exchanges"] else 20
        assert out["plays"][:2 * first] == plain["plays"][:2 * first]
        for e in out["exchanges"]:
            seen += 1
            t = e["trick"]
            assert e["seat"] in [w for _, w, _ in out["tricks"][:t]]
            assert t < 17                    # the face-up card goes in the draw after trick 16
    assert seen > 0


def test_arrastro_legal():
    """arrastro: after a call, the highest trump in the order 3 K N J (9 8) 7 6 5 4 2; without
    trumps, the cards of the highest rank in the order 1 3 K N J (9 8) 7 6 5 4 2."""
    assert br.arrastro_legal(cs("2B 3B 1O"), B) == [ci("3B")]
    assert br.arrastro_legal(cs("7B KB 3O"), B) == [ci("KB")]
    assert br.arrastro_legal(cs("1O 3C 5E"), B) == [ci("1O")]
    assert br.arrastro_legal(cs("KO KC 5E"), B) == sorted(cs("KO KC"))
    assert br.arrastro_legal(cs("9O 8C JE", 6), B, 6) == [ci("JE", 6)]
    assert br.arrastro_legal(cs("9O 8B 7C", 6), B, 6) == [ci("8B", 6)]


def test_arrastro_in_play():
    """In played deals: every call comes from the player of the trump ace with players still
    to play, and the players after it play by arrastro_legal."""
    seen = 0
    for d in range(60):
        out = br.play_deal(3, d, ("greedy", "random"), {"arrastro": True})
        for c in out["arrastro"]:
            seen += 1
            t = c["trick"]
            (s0, c0), (s1, c1) = out["plays"][2 * t:2 * t + 2]
            assert s0 == c["seat"] and br.card_name(c0) == "1" + "OCEB"[out["trump_suit"]]
    assert seen > 0


def test_claim_top_trumps_side():
    """claim_top_trumps: with 3 cards a hand, the side holding the 3 best trumps still out;
    with 2, the 2 best; never with 1 card, nor when fewer trumps are out."""
    assert br.claim_side([cs("1B 3B KB"), cs("2O 4O 5O")], B) == 0
    assert br.claim_side([cs("1B 3B 2O"), cs("KB 4O 5O")], B) is None
    assert br.claim_side([cs("2O 4O 5O"), cs("NB JB 7B")], B) == 1     # 1 3 K played
    assert br.claim_side([cs("1B 3B"), cs("2O 4O")], B) == 0
    assert br.claim_side([cs("1B 2O"), cs("3B 4O")], B) is None
    assert br.claim_side([cs("1B"), cs("4O")], B) is None
    assert br.claim_side([cs("1B 3B 2O"), cs("4O 5O 6O")], B) is None  # two trumps out
    # partners: the side's hands together
    assert br.claim_side([cs("1B 2O 4O"), cs("5O 6O 7O"), cs("3B KB 2C"), cs("4C 5C 6C")],
                         B, 4) == 0


def test_claim_top_trumps_in_play():
    """A claimed deal stops at the claim; the claiming side takes every card left (points
    still add up to 120) and the deal before the claim is the one without the rule."""
    seen = 0
    for d in range(40):
        out = br.play_deal(3, d, ("greedy", "random"), {"claim_top_trumps": True})
        plain = br.play_deal(3, d, ("greedy", "random"))
        c = out["claim"]
        t = 20 if c is None else c["trick"]
        assert out["plays"] == plain["plays"][:2 * t]
        assert sum(out["points"]) == 120 and sum(out["cards"]) == 40
        seen += c is not None
    assert seen > 0


def test_three_players_reference():
    """Three players: the 39 cards without the 2 of coins (card 0), 13 tricks, each seat a
    side, the winner the seat with the most points (seats level at the top: the most
    cards among them, else a tie)."""
    outcomes = set()
    for d in _deals(3, n=60, strategies=("greedy", "random", "random")):
        cards = [c for h in d["hands"] for c in h] + d["stock"]
        assert sorted(cards) == list(range(1, 40)) and d["stock"][-1] == d["trump_card"]
        assert len(d["tricks"]) == 13 and sum(d["points"]) == 120 and sum(d["cards"]) == 39
        pts = [0, 0, 0]
        for _leader, winner, p in d["tricks"]:
            pts[winner] += p
        assert d["points"] == pts
        top = [s for s in range(3) if pts[s] == max(pts)]
        if len(top) == 1:
            assert d["winner"] == top[0] and d["game_points"][top[0]] == 1
        outcomes.add(d["winner"])
    assert {0, 1, 2} <= outcomes
    assert br.score_three([40, 40, 40], [15, 12, 12], {"tiebreak_cards": True,
                                                        "double_at": None})[1] == 0
    assert br.score_three([50, 50, 20], [12, 12, 15], {"tiebreak_cards": True,
                                                        "double_at": None})[1] is None
