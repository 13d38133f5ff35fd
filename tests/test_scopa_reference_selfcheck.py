"""Self-checks of tests/scopa_reference.py against docs/games/scopa.md and docs/rng.md.

Fast (well under 10 s): hand-built positions plus a few located seeds.  Every located
seed is asserted to still show the situation it was picked for."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import scopa_reference as S  # noqa: E402

C = S.card_index
DEFAULT = S.normalize_rules(None)


def cards(*names: str) -> list[int]:
    return [C(n) for n in names]


def _replay_tables(d: dict) -> list[list[int]]:
    """Table before each play, rebuilt from the record alone."""
    table = list(d["table"])
    out = []
    for _seat, card, cap in d["plays"]:
        out.append(list(table))
        if cap:
            assert set(cap) <= set(table)
            table = [c for c in table if c not in cap]
        else:
            table = table + [card]
    assert sorted(table) == sorted(d["leftover"])
    return out


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------
def test_card_indices_and_names():
    assert S.card_name(0) == "2O" and S.card_name(9) == "1O"
    assert S.card_name(4) == "7O" and S.card_name(7) == "KO"
    assert S.card_name(10) == "2C" and S.card_name(39) == "1B"
    assert [S.card_name(c) for c in range(10)] == \
        ["2O", "4O", "5O", "6O", "7O", "JO", "NO", "KO", "3O", "1O"]
    assert all(C(S.card_name(c)) == c for c in range(40))
    assert [S.capture_value(C(r + "E")) for r in "1234567JNK"] == list(range(1, 11))
    with pytest.raises(ValueError):
        S.card_name(40)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
def test_equal_card_must_be_taken_not_a_sum():
    hand = cards("5B")
    table = cards("2O", "3O", "5O")  # 2+3 = 5 is not allowed while 5O is there
    assert S.legal_moves(hand, table) == [(C("5B"), (C("5O"),))]
    # two equal cards: each is a move, ascending by bitmask; still no sum
    table = cards("2O", "3O", "5C", "5O")
    assert S.legal_moves(hand, table) == [(C("5B"), (C("5O"),)), (C("5B"), (C("5C"),))]
    # no equal card: the sum is taken
    assert S.legal_moves(hand, cards("2O", "3O")) == [(C("5B"), (C("2O"), C("3O")))]
    # a single card never "sums" to a different value; sums need two or more cards
    assert S.legal_moves(cards("KB"), cards("JO")) == [(C("KB"), ())]


def test_sum_captures_listed_in_canonical_order():
    # values: 2O=2 (idx 0), 5O=5 (2), 3O=3 (8), 5C=5 (12), 6E=6 (23), 4B=4 (31)
    table = cards("2O", "5O", "3O", "5C", "6E", "4B")
    assert [C(n) for n in ("2O", "5O", "3O", "5C", "6E", "4B")] == [0, 2, 8, 12, 23, 31]
    hand = cards("KB", "2C")
    moves = S.legal_moves(hand, table)
    # 2C (10) before KB (37); 2C must take the equal 2O
    # KB's sums to 10 ascending by bitmask: {0,2,8}=261 < {2,12}=4100 < {0,8,12}=4353
    # < {23,31}  (lexicographic tuple order would put (0,8,12) before (2,12))
    assert moves == [
        (10, (0,)),
        (37, (0, 2, 8)),
        (37, (2, 12)),
        (37, (0, 8, 12)),
        (37, (23, 31)),
    ]
    masks = [sum(1 << c for c in cap) for card, cap in moves if card == 37]
    assert masks == sorted(masks)
    # hand order does not matter
    assert S.legal_moves(list(reversed(hand)), list(reversed(table))) == moves


def _replay_hands(d: dict):
    """(play index, seat, card, captured, hand before, table before) for every play,
    rebuilt from the record alone."""
    hands = [list(h) for h in d["hands"][0]]
    rr = 0
    for j, ((seat, card, cap), table) in enumerate(zip(d["plays"], _replay_tables(d))):
        if all(not h for h in hands):
            rr += 1
            hands = [list(h) for h in d["hands"][rr]]
        yield j, seat, card, cap, list(hands[seat]), table
        hands[seat].remove(card)


def test_capturing_card_must_capture():
    table = cards("3O", "4O")
    # 7C can capture 3+4: no lay is offered for it, under either setting
    for rule in S.MUST_CAPTURE:
        assert S.legal_moves(cards("7C"), table, rule) == [
            (C("7C"), tuple(sorted(cards("3O", "4O"))))]
    # empty table: everything is a lay
    for rule in S.MUST_CAPTURE:
        assert S.legal_moves(cards("7C", "1O"), [], rule) == [(C("1O"), ()), (C("7C"), ())]
    # in real deals, a played card that had a capture always captured
    for rule in S.MUST_CAPTURE:
        for deal in range(30):
            d = S.play_deal(5, deal, players=2 + deal % 3, rules={"must_capture": rule},
                            strategies="greedy" if deal % 2 else "random")
            for (seat, card, cap), table in zip(d["plays"], _replay_tables(d)):
                caps = S.captures_of(card, table)
                if caps:
                    assert tuple(cap) in caps
                else:
                    assert cap == []


def test_must_capture_any_card_forces_a_capturing_card():
    assert DEFAULT["must_capture"] == "any_card"
    table = cards("3O", "4O")
    seven = (C("7C"), tuple(sorted(cards("3O", "4O"))))
    # KB and 2E cannot capture: while 7C can, they may not be laid
    assert S.legal_moves(cards("7C", "KB", "2E"), table) == [seven]
    assert S.legal_moves(cards("KB", "7C", "2E"), table, "any_card") == [seven]
    # two capturing cards: every capture of each, canonical order, and no lay
    table = cards("3O", "4O", "KE")
    assert S.legal_moves(cards("KB", "7C", "2E"), table, "any_card") == [
        seven, (C("KB"), (C("KE"),))]
    # nothing can be taken: every card is laid
    assert S.legal_moves(cards("KB", "2E", "5C"), cards("7O", "1C")) == [
        (C("5C"), ()), (C("2E"), ()), (C("KB"), ())]          # indices 12, 20, 37
    # played deals, every player count and strategy: no card was laid while a card of the
    # hand could capture, and every play is one of the legal moves
    lays = 0
    for deal in range(30):
        p = 2 + deal % 3
        strategies = ("random", "greedy", ("greedy", "random", "random", "greedy")[:p])[deal % 3]
        d = S.play_deal(7, deal, strategies, players=p)
        for j, seat, card, cap, hand, table in _replay_hands(d):
            assert (card, tuple(cap)) in S.legal_moves(hand, table, "any_card")
            if not cap:
                lays += 1
                assert not any(S.captures_of(c, table) for c in hand)
    assert lays > 0


def test_must_capture_played_card_allows_laying_another_card():
    rules = {"must_capture": "played_card"}
    table = cards("3O", "4O")
    # 7C must capture; KB and 2E, which cannot, may be laid instead
    assert S.legal_moves(cards("7C", "KB", "2E"), table, "played_card") == [
        (C("7C"), tuple(sorted(cards("3O", "4O")))), (C("2E"), ()), (C("KB"), ())]
    # (indices 14, 20, 37)
    # random play under played_card lays cards while another card could capture; under
    # any_card the same deals never do
    laid_while_capturable = {"played_card": 0, "any_card": 0}
    for rule in laid_while_capturable:
        for deal in range(40):
            d = S.play_deal(3, deal, rules={"must_capture": rule})
            for j, seat, card, cap, hand, table in _replay_hands(d):
                assert (card, tuple(cap)) in S.legal_moves(hand, table, rule)
                if not cap and any(S.captures_of(c, table) for c in hand):
                    laid_while_capturable[rule] += 1
    assert laid_while_capturable["played_card"] > 0
    assert laid_while_capturable["any_card"] == 0
    assert S.normalize_rules(rules)["must_capture"] == "played_card"
    with pytest.raises(ValueError):
        S.normalize_rules({"must_capture": "sometimes"})
    with pytest.raises(ValueError):
        S.legal_moves(cards("7C"), table, "sometimes")


# ---------------------------------------------------------------------------
# Scopa, last play, leftovers
# ---------------------------------------------------------------------------
LAST_SCOPA = (0, 22, 2)  # seed, deal, players: the deal's last play sweeps the table


def _sweeps(d: dict, players: int, rules: dict) -> list[int]:
    """Table-emptying captures by side, last play excluded, from the record alone."""
    out = [0] * S.n_sides(players, rules)
    for (seat, card, cap), table in zip(d["plays"][:-1], _replay_tables(d)[:-1]):
        if cap and len(cap) == len(table):
            out[S.side_of(seat, players, rules)] += 1
    return out


def test_scopa_not_counted_on_last_play():
    seed, deal, p = LAST_SCOPA
    d = S.play_deal(seed, deal, players=p)
    seat, card, cap = d["plays"][-1]
    assert cap and d["leftover"] == []  # the last play does empty the table
    assert sorted(_replay_tables(d)[-1]) == sorted(cap)  # it takes the whole table
    assert [s["scope"] for s in d["score"]] == _sweeps(d, p, DEFAULT)
    # hand-built: the same capture scores on any play but the last
    assert S.scopa_scores(cards("5B"), cards("5B"), False, DEFAULT)
    assert not S.scopa_scores(cards("5B"), cards("5B"), True, DEFAULT)
    assert not S.scopa_scores(cards("5B", "2O"), cards("5B"), False, DEFAULT)
    assert not S.scopa_scores(cards("5B"), [], False, DEFAULT)


def test_last_play_scopa_rule():
    seed, deal, p = LAST_SCOPA
    rules = {"last_play_scopa": True}
    d0 = S.play_deal(seed, deal, players=p)
    d1 = S.play_deal(seed, deal, players=p, rules=rules)
    assert d1["plays"] == d0["plays"]  # random play does not depend on the rule
    side = S.side_of(d0["plays"][-1][0], p, DEFAULT)
    for s in range(2):
        extra = 1 if s == side else 0
        assert d1["score"][s]["scope"] == d0["score"][s]["scope"] + extra
        assert d1["score"][s]["points"] == d0["score"][s]["points"] + extra
    assert S.scopa_scores(cards("5B"), cards("5B"), True, S.normalize_rules(rules))


def test_table_leftovers_go_to_last_capture():
    for deal in range(24):
        p = 2 + deal % 3
        for teams in (True, False):
            rules = S.normalize_rules({"teams": teams})
            d = S.play_deal(11, deal, players=p, rules={"teams": teams})
            sides = S.n_sides(p, rules)
            taken = [[] for _ in range(sides)]
            last = None
            for seat, card, cap in d["plays"]:
                if cap:
                    taken[S.side_of(seat, p, rules)] += cap + [card]
                    last = seat
            assert d["last_capture"] == last
            if last is not None:
                taken[S.side_of(last, p, rules)] += d["leftover"]
                assert sum(len(t) for t in taken) == 40
            for s in range(sides):
                assert d["score"][s]["cards"] == len(taken[s])
                assert d["score"][s]["primiera"] == S.primiera(taken[s])
                assert d["score"][s]["settebello"] == int(C("7O") in taken[s])
            # the leftovers never make a scopa: scope counts sweeps made by plays
            assert [s["scope"] for s in d["score"]] == _sweeps(d, p, rules)


# ---------------------------------------------------------------------------
# Kings relay
# ---------------------------------------------------------------------------
RELAYS = {3: (0, 247), 2: (0, 2784), 4: (0, 365)}  # players -> (seed, deal), 1 relay each


def _first_layout(seed: int, deal: int, players: int):
    g = S.stream(seed, deal)
    deck = list(range(40))
    S.shuffle(deck, g)
    n = 3 * players
    return g, deck[:n], deck[n:n + 4], deck[n + 4:]


def _kings(cs) -> int:
    return sum(1 for c in cs if S.RANK_OF[c] == "K")


def test_kings_relay_default_3():
    for p, (seed, deal) in RELAYS.items():
        d = S.play_deal(seed, deal, players=p)
        assert d["relays"] == 1
        g, dealt, table, stock = _first_layout(seed, deal, p)
        assert _kings(table) >= 3
        r = table + stock
        S.shuffle(r, g)
        assert d["table"] == r[:4] and _kings(d["table"]) < 3
        # hands are kept: the first round is the original deal's positions
        for k in range(p):
            assert d["hands"][0][(deal % p + 1 + k) % p] == sorted(dealt[3 * k:3 * k + 3])
        # later rounds come from the relayed stock, in order
        for rr in range(1, len(d["hands"])):
            chunk = r[4 + 3 * p * (rr - 1): 4 + 3 * p * rr]
            for k in range(p):
                assert d["hands"][rr][(deal % p + 1 + k) % p] == sorted(chunk[3 * k:3 * k + 3])
    # no deal's initial table shows 3 kings under the default rule
    for deal in range(60):
        assert _kings(S.play_deal(2, deal, players=2 + deal % 3)["table"]) < 3


def test_kings_relay_off():
    for p, (seed, deal) in RELAYS.items():
        _g, _dealt, table, _stock = _first_layout(seed, deal, p)
        for kr in (None, "off", 4):
            d = S.play_deal(seed, deal, players=p, rules={"kings_relay": kr})
            if kr == 4 and _kings(table) == 4:
                continue
            assert d["relays"] == 0 and d["table"] == table
    # hand-built layouts: 4 kings relay under 3 and 4; 3 kings only under 3
    stock = [c for c in range(40) if c not in S.KINGS]
    four = sorted(S.KINGS)
    three = four[:3] + [C("2O") + 1]
    for table, thr, relayed in ((four, 4, True), (four, 3, True), (three, 4, False),
                                (three, 3, True), (four, None, False)):
        g = S.stream(9, 9)
        t, st, n = S.kings_relay(table, stock[:30], g, thr)
        assert (n > 0) == relayed
        assert g.outputs == n * 17  # len(R) = 34
        if thr is not None:
            assert _kings(t) < thr
        assert sorted(t + st) == sorted(table + stock[:30])
    assert S.normalize_rules({"kings_relay": "off"})["kings_relay"] is None
    with pytest.raises(ValueError):
        S.normalize_rules({"kings_relay": 2})


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------
def test_primiera_values_and_missing_suit():
    for rank, v in zip("7615432JNK", (21, 18, 16, 15, 14, 13, 12, 10, 10, 10)):
        assert S.primiera(cards(rank + "O", "JC", "JE", "JB")) == v + 30
    assert S.primiera(cards("7O", "6C", "1E", "5B")) == 21 + 18 + 16 + 15
    assert S.primiera(cards("2O", "7O", "KO", "6C", "3C", "1E", "JB", "2B")) == 21 + 18 + 16 + 12
    assert S.primiera(list(range(40))) == 84
    assert S.primiera(cards("7O", "7C", "7E")) == 0  # no B
    assert S.primiera([]) == 0
    # a primiera of 0 never wins, even if the other side's is also 0
    sc = S.score_deal([cards("7O", "7C", "7E"), cards("6O", "2C")], [0, 0])
    assert [s["primiera"] for s in sc] == [0, 0]
    assert sc[0]["points"] == 1 + 1  # cards 3 > 2 and the settebello; coins tie 1-1
    assert sc[1]["points"] == 0
    sc = S.score_deal([cards("7O", "7C", "7E", "7B"), cards("6O", "2C", "6E")], [0, 0])
    assert sc[0]["primiera"] == 84 and sc[1]["primiera"] == 0
    assert sc[0]["points"] == 1 + 1 + 1  # cards, settebello, primiera (coins tie 1-1)


def test_ties_score_nobody():
    a = cards("7O", "2O", "3C", "4E", "5B")        # 5 cards, 2 coins, settebello
    b = cards("6O", "1O", "3E", "4C", "6B")        # 5 cards, 2 coins
    sc = S.score_deal([a, b], [0, 0])
    assert [s["cards"] for s in sc] == [5, 5] and [s["coins"] for s in sc] == [2, 2]
    assert S.primiera(a) == 21 + 13 + 14 + 15 and S.primiera(b) == 18 + 14 + 13 + 18
    assert [s["points"] for s in sc] == [1, 0]  # only the settebello
    # equal primiera: nobody
    c = cards("6O", "6C", "6E", "1B")
    d = cards("6B", "1O", "6C", "6E")  # duplicates are fine for the scorer
    assert S.primiera(c) == S.primiera(d)
    sc = S.score_deal([c, d], [0, 0])
    assert [s["points"] for s in sc] == [0, 0]
    # three sides: a shared top scores nobody even if the third is lower
    sc = S.score_deal([cards("2C", "3C"), cards("2E", "3E"), cards("2B")], [1, 0, 0])
    assert [s["points"] for s in sc] == [1, 0, 0]  # the scopa only
    assert S.deal_points_outcome([2, 2]) == ("tie", None)
    assert S.deal_points_outcome([3, 1, 3]) == ("tie", None)
    assert S.deal_points_outcome([1, 4, 3]) == ("side1_win", 1)
    d = S.play_deal(0, 19)  # a real deal with equal deal points
    assert d["points"][0] == d["points"][1]
    assert d["outcome"] == "tie" and d["winner"] is None


def test_rounds_per_player_count():
    for p, rounds in ((2, 6), (3, 4), (4, 3)):
        for deal in range(3):
            d = S.play_deal(3, deal, players=p)
            assert len(d["hands"]) == rounds
            assert all(len(r) == p and all(len(h) == 3 for h in r) for r in d["hands"])
            assert len(d["plays"]) == 36
            dealt = [c for r in d["hands"] for h in r for c in h]
            assert sorted(dealt + d["table"]) == list(range(40))
            assert sorted(c for _s, c, _cap in d["plays"]) == sorted(dealt)
            # turn order carries on across dealing rounds
            first = (d["dealer"] + 1) % p
            assert [s for s, _c, _cap in d["plays"]] == [(first + i) % p for i in range(36)]
            # each seat plays exactly the cards it was dealt, round by round
            for rr in range(rounds):
                chunk = d["plays"][3 * p * rr: 3 * p * (rr + 1)]
                for seat in range(p):
                    assert sorted(c for s, c, _ in chunk if s == seat) == d["hands"][rr][seat]
            assert len(d["score"]) == (2 if p == 4 else p)
    d4 = S.play_deal(3, 0, players=4, rules={"teams": False})
    assert len(d4["score"]) == 4 and len(d4["points"]) == 4


# ---------------------------------------------------------------------------
# Greedy
# ---------------------------------------------------------------------------
def test_greedy_values_hand_built_cases():
    v = S.move_value
    R = DEFAULT
    # 7C takes 7O: settebello 10 + coin 2 + two sevens 4 + two cards 2 = 18;
    # T' = [3C] adds up to 3 <= 10: -15
    assert v(C("7C"), cards("7O"), cards("7O", "3C"), False, R) == 3
    assert v(C("7C"), cards("7O"), cards("7O", "3C"), True, R) == 18  # last play: no minus
    # 5E sweeps 5B: scopa 20 + two cards 2 = 22, empty T' costs nothing
    assert v(C("5E"), cards("5B"), cards("5B"), False, R) == 22
    assert v(C("5E"), cards("5B"), cards("5B"), True, R) == 2      # the scopa does not score
    assert v(C("5E"), cards("5B"), cards("5B"), True,
             S.normalize_rules({"last_play_scopa": True})) == 22
    # lays: KO onto 2C leaves 12 > 10: 0 (a laid coin is not "taken")
    assert v(C("KO"), (), cards("2C"), False, R) == 0
    assert v(C("1O"), (), cards("2C"), False, R) == -15             # leaves 3
    assert v(C("7O"), (), cards("KC"), False, R) == -8              # 7O on T', 17 > 10
    assert v(C("7O"), (), cards("2C"), False, R) == -23             # both
    assert v(C("7O"), (), cards("2C"), True, R) == 0
    # 6C takes 1O+5E: coin 2 + ace 1 + six 1 + three cards 3 = 7; T' = [4B]: -15
    table = cards("1O", "5E", "4B")
    assert v(C("6C"), cards("1O", "5E"), table, False, R) == -8
    # KB takes all three (1+5+4): scopa 20 + coin 2 + ace 1 + four cards 4 = 27
    assert v(C("KB"), cards("1O", "5E", "4B"), table, False, R) == 27
    moves = S.legal_moves(cards("6C", "KB"), table)
    assert moves[0][0] == C("6C")
    assert S.choose_greedy(moves, table, False, R) == (C("KB"), tuple(sorted(cards("1O", "5E", "4B"))))
    # ties go to the first move in canonical order: 2C and 2E both leave 10 -> -15
    moves = S.legal_moves(cards("2E", "2C"), cards("JB"))
    assert [S.move_value(c, cap, cards("JB"), False, R) for c, cap in moves] == [-15, -15]
    assert S.choose_greedy(moves, cards("JB"), False, R) == (C("2C"), ())
    # greedy seats take no randomness: a greedy deal is fully determined by the shuffle
    a = S.play_deal(4, 1, strategies=["greedy", "greedy"])
    b = S.play_deal(4, 1, strategies=["greedy", "greedy"])
    assert a == b
    # every greedy play is a best-valued legal move, the first such in canonical order
    hands = [list(h) for h in a["hands"][0]]
    rr = 0
    for j, ((seat, card, cap), tb) in enumerate(zip(a["plays"], _replay_tables(a))):
        if all(not h for h in hands):
            rr += 1
            hands = [list(h) for h in a["hands"][rr]]
        moves = S.legal_moves(hands[seat], tb)
        vals = [S.move_value(c, m, tb, j == 35, R) for c, m in moves]
        assert moves[vals.index(max(vals))] == (card, tuple(cap))
        hands[seat].remove(card)


# ---------------------------------------------------------------------------
# Matches
# ---------------------------------------------------------------------------
def test_match_to_target_highest_wins_tie_plays_on():
    mw = S.match_winner
    assert mw([11, 5], 11) == 0
    assert mw([10, 10], 11) is None
    assert mw([12, 11], 11) == 0           # both reach it: the highest wins
    assert mw([11, 13], 11) == 1
    assert mw([11, 11], 11) is None        # equal highest: another deal
    assert mw([12, 12, 3], 11) is None
    assert mw([13, 12, 11], 11) == 0
    # match 13 of seed 0, 2 players: both sides stand at 11 after deal 5, deal 6 decides
    m = S.play_match(0, 13, players=2)
    assert m["end"] == "target" and m["first_dealer"] == 1
    assert m["deals"][-1]["points_before"] == [11, 11]
    last = m["deals"][-1]["points"]
    assert last[0] != last[1]
    assert m["points"] == [11 + last[0], 11 + last[1]]
    assert m["winner"] == (0 if last[0] > last[1] else 1)
    # bookkeeping of every match: dealers pass on, totals add up, ends at first decision
    for p in (2, 3, 4):
        for match in range(2):
            m = S.play_match(1, match, players=p)
            tot = [0] * len(m["points"])
            for j, d in enumerate(m["deals"]):
                assert d["deal"] == j and d["dealer"] == (match % p + j) % p
                assert d["points_before"] == tot
                tot = [a + b for a, b in zip(tot, d["points"])]
                assert (mw(tot, 11) is not None) == (j == len(m["deals"]) - 1)
            assert tot == m["points"] and m["winner"] == mw(tot, 11)
    assert S.play_match(1, 0, dealer=0)["first_dealer"] == 0


# ---------------------------------------------------------------------------
# Randomness
# ---------------------------------------------------------------------------
def _counted(seed, deal, players, strategies=None, rules=None):
    g = S.stream(seed, deal)
    d = S.play_deal_from(g, deal % players, S._check_strategies(strategies, players),
                         S.normalize_rules(rules), players)
    return d, g.outputs


def test_stream_consumption():
    # the shuffle pass uses floor(n / 2) outputs: 20 for 40 cards
    for n, outs in ((40, 20), (34, 17), (31, 15), (28, 14), (2, 1), (3, 1)):
        g = S.stream(0, 0)
        S.shuffle(list(range(n)), g)
        assert g.outputs == outs
    # a deal: 20 + ceil(players / 2) per round of turns (+ floor(len(R)/2) per relay)
    for p, rounds in ((2, 18), (3, 12), (4, 9)):
        for deal in range(4):
            for strat in ("random", "greedy"):
                for rule in S.MUST_CAPTURE:
                    d, outs = _counted(6, deal, p, [strat] * p, {"must_capture": rule})
                    assert d["relays"] == 0
                    assert outs == 20 + rounds * ((p + 1) // 2)
    for p, (seed, deal) in RELAYS.items():
        d, outs = _counted(seed, deal, p)
        len_r = 40 - 3 * p
        assert d["relays"] == 1
        assert outs == 20 + len_r // 2 + (36 // p) * ((p + 1) // 2)
    # which draw each random play uses: u[k] of its round's outputs, k = place in round;
    # the same draws under either must_capture, picking among that rule's legal moves
    for p, rule in ((p, rule) for p in (2, 3, 4) for rule in S.MUST_CAPTURE):
        deal = 7
        d = S.play_deal(8, deal, players=p, rules={"must_capture": rule})
        assert d["relays"] == 0
        g = S.stream(8, deal)
        raw = [g.next() for _ in range(60)]
        q = (p + 1) // 2
        hands = [list(h) for h in d["hands"][0]]
        rr = 0
        for j, ((seat, card, cap), table) in enumerate(zip(d["plays"], _replay_tables(d))):
            if all(not h for h in hands):
                rr += 1
                hands = [list(h) for h in d["hands"][rr]]
            r, k = divmod(j, p)
            outs = raw[20 + r * q: 20 + (r + 1) * q]
            u = [w for x in outs for w in (x >> 32, x & 0xFFFFFFFF)]
            moves = S.legal_moves(hands[seat], table, rule)
            assert moves[(u[k] * len(moves)) >> 32] == (card, tuple(cap))
            hands[seat].remove(card)
    # a match continues the same stream: deal j+1 starts where deal j stopped
    m = S.play_match(0, 7, players=2)
    g = S.stream(0, 7, "match")
    for d in m["deals"]:
        deck = list(range(40))
        S.shuffle(deck, g)
        first = d["dealer"] + 1
        if d["relays"] == 0:
            assert d["table"] == deck[6:10]
        assert d["hands"][0][first % 2] == sorted(deck[0:3])
        assert d["hands"][0][(first + 1) % 2] == sorted(deck[3:6])
        for _ in range(d["relays"] * 17 + 18):
            g.next()
