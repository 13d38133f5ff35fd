"""Scopa rules, each test named after the rule it checks (docs/games/scopa.md).

Played deals are checked by replaying the kernel's own records with code written here
from the rules; scoring and moves are also checked on positions built by hand.
"""
import functools
import itertools
import json

import numpy as np
import pytest

import simcore
from experiments.cli import main
from experiments.records_check import check_record
from simcore.games import get_game
from simcore.scopa import enums as E
from simcore.scopa.moves import packed_counts, sum_captures
from simcore.scopa.scoring import primiera, score_piles
from strategies.scopa import pick_greedy, pick_random

D = E.DECK
VALUES = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "N": 9, "K": 10}
PRIM = {"7": 21, "6": 18, "1": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "N": 10, "K": 10}


def val(card):
    return VALUES[card[0]]


def mask(cards):
    m = 0
    for c in cards:
        m |= 1 << D.parse_card(c)
    return np.uint64(m)


def names(m):
    return sorted(D.format_card(c) for c in range(40) if int(m) >> c & 1)


@functools.lru_cache(maxsize=None)
def records(players, strategies="random", n=120, seed=2026, rules=(), dealer=None):
    strats = tuple(strategies.split(","))
    return tuple(simcore.game_records("scopa", deals=n, seed=seed, strategies=strats,
                                      players=players, rules=dict(rules), dealer=dealer))


def captures(card, table):
    """The captures of ``card`` (sorted lists of table cards), from the rules."""
    equal = [[t] for t in table if val(t) == val(card)]
    if equal:
        return equal
    return [sorted(s) for k in range(2, len(table) + 1)
            for s in itertools.combinations(table, k) if sum(map(val, s)) == val(card)]


def legal(hand, table, must_capture="played_card"):
    """Every legal move (card, sorted captured) from the rules, independently of the kernel:
    a card's captures, else its lay; under ``any_card`` no lay while any card captures."""
    moves = []
    for c in hand:
        caps = captures(c, table)
        moves += [(c, k) for k in caps] if caps else [(c, [])]
    if must_capture == "any_card" and any(cap for _, cap in moves):
        moves = [m for m in moves if m[1]]
    return moves


def can_capture(hand, table):
    return any(captures(c, table) for c in hand)


def replay(rec):
    """Walk a record by the rules; yields (i, seat, card, captured, hand, table before) and
    checks hands, turn order and that each move is legal.  Returns the piles by side."""
    n = rec["players"]
    sides = len(rec["score"])
    table = list(rec["table"])
    hands = [[] for _ in range(n)]
    piles = [[] for _ in range(sides)]
    scope = [0] * sides
    last = None
    for i, (seat, card, cap) in enumerate(rec["plays"]):
        if i % (3 * n) == 0:
            for s in range(n):
                assert not hands[s]
                hands[s] = list(rec["hands"][i // (3 * n)][s])
        assert seat == (rec["dealer"] + 1 + i) % n
        assert card in hands[seat]
        assert (card, sorted(cap)) in legal(hands[seat], table, rec["rules"]["must_capture"]), \
            (i, card, cap, table)
        yield i, seat, card, sorted(cap), list(hands[seat]), list(table)
        hands[seat].remove(card)
        side = seat % sides
        if cap:
            for c in cap:
                table.remove(c)
            piles[side] += cap + [card]
            last = seat
            if not table and (i < 35 or rec["rules"]["last_play_scopa"]):
                scope[side] += 1
        else:
            table.append(card)
    assert rec["last_capture"] == last
    if last is not None:
        piles[last % sides] += table
    for s in range(sides):
        assert rec["score"][s]["scope"] == scope[s]
        assert rec["score"][s]["cards"] == len(piles[s])
        assert sorted(piles[s]) == sorted(set(piles[s]))


def run(rec):
    return list(replay(rec))


def expected_points(score):
    """Points by side from the score categories, by the rules."""
    pts = [s["settebello"] + s["scope"] for s in score]
    for key in ("cards", "coins", "primiera"):
        vals = [s[key] for s in score]
        top = max(vals)
        if vals.count(top) == 1 and top > 0:
            pts[vals.index(top)] += 1
    return pts


# --- dealing -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_cards_each_and_four_on_the_table(players):
    for rec in records(players):
        assert len(rec["table"]) == 4
        assert len(rec["hands"]) == {2: 6, 3: 4, 4: 3}[players]
        assert all(len(r) == players and all(len(h) == 3 for h in r) for r in rec["hands"])
        assert len(rec["plays"]) == 36


def test_dealer_rotates_and_the_next_seat_plays_first():
    for players in (2, 3, 4):
        for rec in records(players):
            assert rec["dealer"] == rec["deal"] % players
            assert rec["plays"][0][0] == (rec["dealer"] + 1) % players
        for rec in records(players, dealer=players - 1, n=10):
            assert rec["dealer"] == players - 1


def kings(cards):
    return sum(c[0] == "K" for c in cards)


def test_kings_relay():
    g = get_game("scopa")
    for rule, limit in ((3, 3), (4, 4), (None, None)):
        setup = g.setup({"kings_relay": rule}, ("random",), players=2)
        rows = g.run_chunk(setup, 3, 0, 6000)
        relayed = rows["deal"][rows["relays"] > 0]
        if limit is None:
            assert len(relayed) == 0
        elif limit == 3:
            assert len(relayed) > 0     # about 1 deal in 630 shows three kings or more
        recs = [g.records(setup, 3, int(d), 1)[0] for d in rows["deal"][:200]]
        recs += [g.records(setup, 3, int(d), 1)[0] for d in relayed[:5]]
        if limit is not None:
            assert max(kings(r["table"]) for r in recs) < limit
    # the relay keeps the hands; without it the same deals show three kings or more
    base = g.setup({"kings_relay": None}, ("random",), players=2)
    relay = g.setup({}, ("random",), players=2)
    a = g.run_chunk(relay, 3, 0, 6000)
    for d in a["deal"][a["relays"] > 0][:5]:
        r0 = g.records(base, 3, int(d), 1)[0]
        r1 = g.records(relay, 3, int(d), 1)[0]
        assert r1["hands"][0] == r0["hands"][0]
        assert kings(r0["table"]) >= 3


# --- moves ---------------------------------------------------------------------------
def moves_of(hand, table, any_card=False):
    """The kernel's legal moves in canonical order, read off pick_random for every draw
    (``any_card``: rule must_capture=any_card, else played_card)."""
    h, t = mask(hand), mask(table)
    work = np.zeros(160, np.int64)
    buf = np.zeros(E.MAX_SUM_CAPTURES, np.uint64)
    cnt = np.zeros(11, np.int64)
    g = packed_counts(t)
    seen = []
    for u in range(0, 1 << 32, 1 << 22):
        c, cap = pick_random(h, t, g, cnt, np.uint64(u), False, work, buf, any_card)
        m = (D.format_card(c), names(cap))
        if not seen or seen[-1] != m:
            seen.append(m)
    return seen


def test_equal_card_must_be_taken_not_a_sum():
    # 7O could make 7 as 3C + 4O, but 7C is on the table: it must take 7C
    assert moves_of(["7O"], ["7C", "3C", "4O"]) == [("7O", ["7C"])]
    # two equal cards: either one, never the sum
    assert moves_of(["5O"], ["5C", "5E", "2O", "3B"]) == [("5O", ["5C"]), ("5O", ["5E"])]
    for rec in records(2) + records(3):
        for i, seat, card, cap, hand, table in replay(rec):
            if any(val(t) == val(card) for t in table):
                assert len(cap) == 1 and val(cap[0]) == val(card)


def test_sum_captures_in_ascending_bitmask_order():
    table = ["1O", "2O", "3O", "4O", "1C", "5E", "2B"]
    got = moves_of(["KC"], table)
    caps = [mask(c) for _, c in got]
    assert caps == sorted(caps) and len(caps) == len(set(caps))
    assert sorted(map(tuple, (c for _, c in got))) == \
        sorted(tuple(c) for _, c in legal(["KC"], table))
    work = np.zeros(160, np.int64)
    buf = np.zeros(E.MAX_SUM_CAPTURES, np.uint64)
    n = sum_captures(mask(table), 10, work, buf, 1 << 30)
    assert [names(m) for m in buf[:n]] == [c for _, c in got]


PLAYED_CARD = (("must_capture", "played_card"),)


def test_capturing_card_must_capture():
    for any_card in (True, False):
        assert moves_of(["6O"], ["2C", "4E", "KB"], any_card) == [("6O", ["2C", "4E"])]
        # a card that cannot capture is laid (every card, as nothing can be taken)
        assert moves_of(["KO", "2O"], ["3C", "4E"], any_card) == [("2O", []), ("KO", [])]
        assert moves_of(["2O", "KO"], ["2C", "JE"], any_card) == \
            [("2O", ["2C"]), ("KO", ["2C", "JE"])]
    lays = 0
    for rec in records(2) + records(4) + records(2, rules=PLAYED_CARD):
        for i, seat, card, cap, hand, table in replay(rec):
            if not cap:
                lays += 1
                assert legal([card], table) == [(card, [])]
    assert lays > 0


def test_must_capture_any_card_forces_a_capturing_card():
    # 6O can take 2C + 4E: KB, which cannot capture, may not be laid instead
    assert moves_of(["6O", "KB"], ["2C", "4E"], True) == [("6O", ["2C", "4E"])]
    # every capture of every capturing card, in canonical order, and no lay (3O cannot take)
    assert moves_of(["7C", "3O", "2B"], ["5E", "2C", "KO"], True) == \
        [("7C", ["2C", "5E"]), ("2B", ["2C"])]
    # greedy too.  Table 2C 4E 7O: 6O taking 2C + 4E is worth 2 (coin) + 1 (six) + 3
    # (cards) - 15 (7O left alone adds up to 7) - 8 (7O left) = -17; laying KB leaves 23:
    # only -8.  played_card lays KB; any_card must take
    cnt = np.zeros(11, np.int64)
    work = np.zeros(160, np.int64)
    buf = np.zeros(E.MAX_SUM_CAPTURES, np.uint64)
    hand, table = mask(["6O", "KB"]), mask(["2C", "4E", "7O"])
    for any_card, expected in ((True, ("6O", ["2C", "4E"])), (False, ("KB", []))):
        c, cap = pick_greedy(hand, table, cnt, False, False, work, buf, any_card)
        assert (D.format_card(c), names(cap)) == expected
    # played deals, every player count and strategy mix: a card was laid only when no card
    # of the hand could capture
    lays = 0
    for players in (2, 3, 4):
        for strategies in ("random", "greedy", "greedy,random"):
            strats = ",".join((strategies.split(",") * 4)[:players])
            for rec in records(players, strats, n=40):
                assert rec["rules"]["must_capture"] == "any_card"
                for i, seat, card, cap, hand, table in replay(rec):
                    if not cap:
                        lays += 1
                        assert not can_capture(hand, table), (rec["deal"], i, hand, table)
    assert lays > 0


def test_must_capture_played_card_allows_laying_another_card():
    # 6O must take 2C + 4E if played; KB, which cannot capture, may be laid instead
    assert moves_of(["6O", "KB"], ["2C", "4E"], False) == [("6O", ["2C", "4E"]), ("KB", [])]
    assert moves_of(["7C", "3O", "2B"], ["5E", "2C", "KO"], False) == \
        [("3O", []), ("7C", ["2C", "5E"]), ("2B", ["2C"])]
    # random play lays a card while another card of the hand could capture; greedy too
    for strategies in ("random", "greedy"):
        chosen = 0
        for rec in records(2, strategies, rules=PLAYED_CARD):
            assert rec["rules"]["must_capture"] == "played_card"
            for i, seat, card, cap, hand, table in replay(rec):
                if not cap and can_capture(hand, table):
                    chosen += 1
        assert chosen > 0


@pytest.mark.parametrize("must_capture", ["any_card", "played_card"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("strategies", ["random", "greedy", "greedy,random"])
def test_random_play_invariants(players, strategies, must_capture):
    strats = ",".join((strategies.split(",") * 4)[:players])
    for rec in records(players, strats, n=60, rules=(("must_capture", must_capture),)):
        assert rec["rules"]["must_capture"] == must_capture
        dealt = rec["table"] + [c for r in rec["hands"] for h in r for c in h]
        assert sorted(dealt) == sorted(set(dealt)) and len(dealt) == 40
        played = [c for _, c, _ in rec["plays"]]
        assert sorted(played) == sorted(c for r in rec["hands"] for h in r for c in h)
        run(rec)      # every move legal, scope, cards and leftovers as the rules say
        score = rec["score"]
        if rec["last_capture"] is not None:
            assert sum(s["cards"] for s in score) == 40
            assert sum(s["coins"] for s in score) == 10
            assert sum(s["settebello"] for s in score) == 1
        assert [s["points"] for s in score] == expected_points(score)
        w = rec["result"]["winner"]
        pts = [s["points"] for s in score]
        assert (w is None) == (pts.count(max(pts)) > 1)


# --- scopa and the end of the deal ---------------------------------------------------
def last_play_sweeps(recs):
    out = []
    for rec in recs:
        steps = run(rec)
        i, seat, card, cap, hand, table = steps[-1]
        if cap and sorted(cap) == sorted(table):
            out.append(rec)
    return out


def test_scopa_not_counted_on_last_play():
    recs = records(2, "greedy,random", n=400)
    sweeps = last_play_sweeps(recs)
    assert sweeps, "no deal ended with a sweep"
    for rec in recs:
        assert rec["rules"]["last_play_scopa"] is False
        scope = 0
        for i, seat, card, cap, hand, table in replay(rec):
            if cap and sorted(cap) == sorted(table) and i < 35:
                scope += 1
        assert sum(s["scope"] for s in rec["score"]) == scope


def test_last_play_scopa_rule():
    recs = records(2, "greedy,random", n=400, rules=(("last_play_scopa", True),))
    sweeps = last_play_sweeps(recs)
    assert sweeps
    for rec in recs:
        scope = sum(1 for i, seat, card, cap, hand, table in replay(rec)
                    if cap and sorted(cap) == sorted(table))
        assert sum(s["scope"] for s in rec["score"]) == scope
    # the same deals without the rule score one scopa less each
    off = {r["deal"]: r for r in records(2, "greedy,random", n=400)}
    for rec in sweeps:
        side = rec["plays"][-1][0] % 2
        assert rec["score"][side]["scope"] == off[rec["deal"]]["score"][side]["scope"] + 1


def test_table_leftovers_go_to_last_capture():
    seen = 0
    for rec in records(3) + records(4):
        steps = run(rec)                        # replay() adds the leftovers to the pile
        i, seat, card, cap, hand, table = steps[-1]
        left = [c for c in table if c not in cap] + ([] if cap else [card])
        if left:
            seen += 1
            assert rec["last_capture"] is not None
    assert seen > 0
    # nobody captured: the cards stay on the table, nobody takes them
    sc = np.zeros((E.N_SCORE_ROWS, 4), np.int64)
    w = score_piles(np.zeros(4, np.uint64), sc, 2)
    assert w == -1 and list(sc[E.S_POINTS, :2]) == [0, 0]


# --- scoring -------------------------------------------------------------------------
def score(piles, scope=None, sides=2):
    p = np.array([mask(x) for x in piles] + [np.uint64(0)] * (4 - len(piles)), np.uint64)
    sc = np.zeros((E.N_SCORE_ROWS, 4), np.int64)
    sc[E.S_SCOPE, :len(piles)] = scope or [0] * len(piles)
    w = score_piles(p, sc, sides)
    return w, *(list(sc[r, :sides]) for r in (E.S_CARDS, E.S_COINS, E.S_PRIMIERA, E.S_POINTS))


def test_primiera_values():
    assert primiera(mask(["7O", "6C", "1E", "5B"])) == 21 + 18 + 16 + 15
    assert primiera(mask(["7O", "KO", "2O", "KC", "JE", "NB", "4B"])) == 21 + 10 + 10 + 14
    assert primiera(mask(["3O", "2C", "1E", "6B", "7B"])) == 13 + 12 + 16 + 21
    for s in range(4):
        cards = [D.format_card(s * 10 + k) for k in range(10)]
        assert primiera(mask(cards + ["KO", "KC", "KE", "KB"])) == \
            max(PRIM[c[0]] for c in cards) + 3 * 10


def test_primiera_missing_suit_scores_none():
    assert primiera(mask(["7O", "7C", "7E"])) == 0
    assert primiera(np.uint64(0)) == 0
    # a side missing a suit has primiera 0; a primiera of 0 never wins, even alone at the top
    w, cards, coins, prim, points = score([["7O", "7C", "7E"], ["KO", "KC"]])
    assert prim == [0, 0]
    assert points == [2, 0]        # cards 3-2, coins 1-1 tie, settebello; no primiera point
    w, cards, coins, prim, points = score([["7O", "7C", "7E", "6B"], ["KO", "KC", "KE"]])
    assert prim[0] == 21 * 3 + 18 and prim[1] == 0 and points == [3, 0]


def test_ties_score_nobody():
    # cards 2-2, coins 1-1, primiera equal: only the settebello scores
    w, cards, coins, prim, points = score([["7O", "2C"], ["6O", "3C"]])
    assert cards == [2, 2] and coins == [1, 1] and points == [1, 0] and w == 0
    w, cards, coins, prim, points = score([["2O", "2C", "2E", "2B"], ["4O", "4C", "4E", "4B"]])
    assert points == [0, 1] and prim == [48, 56]
    w, cards, coins, prim, points = score([["2O", "2C", "2E", "2B"], ["2O", "2C", "2E", "2B"]])
    assert points == [0, 0] and w == -1
    # three sides: a tie at the top scores nobody even when a third side has fewer
    w, cards, coins, prim, points = score([["2C", "3C"], ["4C", "5C"], ["6C"]], sides=3)
    assert points == [0, 0, 0] and w == -1
    # equal deal points: a tie
    w, *_ = score([["7O"], ["2C", "3C"]], scope=[0, 1])      # 2 (coins, 7O) - 2 (cards, scopa)
    assert w == -1


def test_points_one_each_plus_scope():
    w, cards, coins, prim, points = score(
        [["7O", "6O", "1E", "5B", "2C", "3C"], ["KO", "4C"]], scope=[2, 3])
    assert points == [1 + 1 + 1 + 1 + 2, 3] and w == 0


def test_teams_false_four_sides():
    for rec in records(4, n=40):
        assert len(rec["score"]) == 2
        run(rec)                 # seat % 2 piles
    recs = records(4, n=40, rules=(("teams", False),))
    for rec in recs:
        assert len(rec["score"]) == 4
        assert rec["rules"]["teams"] is False
        run(rec)                 # seat % 4 piles: one per seat
        assert [s["points"] for s in rec["score"]] == expected_points(rec["score"])
    r = simcore.simulate("scopa", deals=2000, players=4, rules={"teams": False}, threads=1,
                         progress=False)
    assert set(r.summary["outcomes"]) == {"tie", "side0_win", "side1_win", "side2_win",
                                          "side3_win"}
    # with 2 or 3 players every seat is a side whatever the rule
    assert len(records(3, n=5, rules=(("teams", False),))[0]["score"]) == 3


# --- greedy --------------------------------------------------------------------------
def greedy_value(card, cap, table, last):
    taken = cap + [card] if cap else []
    after = [t for t in table if t not in cap] if cap else table + [card]
    v = 0
    if cap and not after and not last:
        v += 20
    v += 10 * ("7O" in taken) + sum(2 * (c[1] == "O") + 2 * (c[0] == "7") + (c[0] == "6") +
                                     (c[0] == "1") + 1 for c in taken)
    if not last:
        if after and sum(map(val, after)) <= 10:
            v -= 15
        if "7O" in after:
            v -= 8
    return v


def test_greedy_plays_the_best_move_first_on_ties():
    work = np.zeros(160, np.int64)
    buf = np.zeros(E.MAX_SUM_CAPTURES, np.uint64)
    cnt = np.zeros(11, np.int64)
    # the settebello is taken
    for any_card in (True, False):
        c, cap = pick_greedy(mask(["7O", "7C", "KB"]), mask(["7E", "3C", "4O"]), cnt, False,
                             False, work, buf, any_card)
        assert (D.format_card(c), names(cap)) == ("7O", ["7E"])
    checked = 0
    for rules in ((), PLAYED_CARD):
        for rec in records(2, "greedy", n=40, rules=rules):
            for i, seat, card, cap, hand, table in replay(rec):
                moves = sorted(legal(hand, table, rec["rules"]["must_capture"]),
                               key=lambda m: (D.parse_card(m[0]), int(mask(m[1]))))
                values = [greedy_value(c, k, table, i == 35) for c, k in moves]
                assert (card, cap) == moves[values.index(max(values))]
                checked += 1
    assert checked == 2 * 40 * 36


# --- matches -------------------------------------------------------------------------
@pytest.mark.parametrize("players,rules", [(2, {}), (3, {"target": 16}),
                                           (4, {"teams": False}), (2, {"target": 21})])
def test_match_to_target_highest_wins(players, rules):
    g = get_game("scopa")
    setup = g.setup(rules, ("greedy", "random") * 2 if players == 4 else ("random",),
                    players=players)
    target = setup.rules["target"]
    rows = g.run_rubber_chunk(setup, 1, 0, 300)
    k = E.n_sides(players, setup.rules["teams"])
    pts = np.stack([rows[f"points_side{s}"] for s in range(k)], axis=1).astype(int)
    top = pts.max(axis=1)
    assert (top >= target).all()
    assert (pts[np.arange(len(rows)), rows["winner"]] == top).all()
    assert ((pts == top[:, None]).sum(axis=1) == 1).all()        # strictly the highest
    assert (rows["first_dealer"] == np.arange(300) % players).all()
    for m in range(12):
        recs = g.rubber_records(setup, 1, m, 0)
        assert [r["dealer"] for r in recs] == [(m + j) % players for j in range(len(recs))]
        for j, r in enumerate(recs):
            before = r["points_before"]
            if j:            # the match went on: nobody was strictly on top at the target
                assert max(before) < target or before.count(max(before)) > 1
            if j == len(recs) - 1:
                after = [b + s["points"] for b, s in zip(before, r["score"])]
                assert after == [int(rows[m][f"points_side{s}"]) for s in range(k)]
    assert rows["deals"].min() >= 1


def test_match_tie_at_the_top_plays_another_deal():
    g = get_game("scopa")
    setup = g.setup({}, ("random",), players=2)
    rows = g.run_rubber_chunk(setup, 4, 0, 3000)
    found = 0
    for m in np.flatnonzero(rows["deals"] >= 3)[:400]:
        recs = g.rubber_records(setup, 4, int(m), 0)
        for r in recs[1:]:
            b = r["points_before"]
            if b[0] == b[1] >= 11:
                found += 1
    assert found > 0


# --- records, determinism, side results, CLI ------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_records_pass_check_records(players):
    recs = list(records(players, n=40)) + list(simcore.game_records(
        "scopa", deals=2, seed=4, players=players, rubbers=True,
        rules={"last_play_scopa": True, "kings_relay": "off"}))
    for rec in recs:
        assert check_record(json.loads(json.dumps(rec))) == []
        assert set(rec["rules"]) == {o.name for o in E.RULES.options}
        assert rec["rules"]["must_capture"] == "any_card"
    for rec in simcore.game_records("scopa", deals=2, seed=4, players=players,
                                    rules={"must_capture": "played_card"}):
        assert check_record(json.loads(json.dumps(rec))) == []
        assert rec["rules"]["must_capture"] == "played_card"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_threads_and_chunks_give_identical_results(players):
    kw = dict(deals=3000, seed=8, players=players, strategies=("greedy",) + ("random",) *
              (players - 1), keep_deals=True, progress=False)
    a = simcore.simulate("scopa", threads=1, chunk=1000, **kw)
    b = simcore.simulate("scopa", threads=2, chunk=77, **kw)
    assert a.frame.equals(b.frame)
    assert a.summary == b.summary
    m1 = simcore.simulate_rubbers("scopa", rubbers=200, seed=8, players=players, threads=1,
                                  chunk=100, keep_rubbers=True, progress=False)
    m2 = simcore.simulate_rubbers("scopa", rubbers=200, seed=8, players=players, threads=2,
                                  chunk=33, keep_rubbers=True, progress=False)
    assert m1.frame.equals(m2.frame)


def test_summary_and_side_results_agree_with_the_records():
    r = simcore.simulate("scopa", deals=2000, seed=3, players=3, keep_deals=True, threads=1,
                         progress=False)
    df, s = r.frame, r.summary
    for k in range(3):
        assert s["outcomes"][f"side{k}_win"]["count"] == int((df.outcome == f"side{k}_win").sum())
        assert s[f"mean_points_side{k}"] == pytest.approx(df[f"points_side{k}"].mean())
        assert s[f"mean_scope_side{k}"] == pytest.approx(df[f"scope_side{k}"].mean())
    assert sum(e["count"] for e in s["cards_point"].values()) == 2000
    g = get_game("scopa")
    setup = g.setup({}, ("random",), players=3)
    rows = g.run_chunk(setup, 3, 0, 500)
    score, result = g.side_results(rows)
    assert score.shape == result.shape == (500, 3)
    assert (score == np.stack([rows[f"points_side{k}"] for k in range(3)], axis=1)).all()
    won = rows["outcome"] > 0
    assert (result[won].max(axis=1) == 1).all() and (result[~won].max(axis=1) == 0.5).all()
    assert (result[np.arange(500)[won], rows["outcome"][won] - 1] == 1).all()


def cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_scopa(capsys, tmp_path):
    code, out, _ = cli(capsys, "simulate", "scopa", "--players", "3", "-n", "2000",
                       "--threads", "1")
    assert code == 0 and "side2 win" in out and "primiera point" in out and "mean points" in out
    code, out, _ = cli(capsys, "simulate", "scopa", "--matches", "-n", "200", "--threads", "1")
    assert code == 0 and "matches won by side 0" in out
    f = tmp_path / "s.jsonl"
    code, _, _ = cli(capsys, "records", "scopa", "-n", "5", "--players", "4", "--out", str(f))
    assert code == 0
    assert all(check_record(json.loads(line)) == [] for line in f.read_text().splitlines())
    code, out, _ = cli(capsys, "rules", "scopa")
    assert code == 0 and "kings_relay" in out and "3, 4, off" in out
    assert "must_capture" in out and "any_card, played_card" in out
    code, out, _ = cli(capsys, "strategies", "scopa")
    assert code == 0 and "greedy" in out
    code, out, _ = cli(capsys, "simulate", "scopa", "-n", "500", "--json", "--threads", "1",
                       "--seats", "greedy,random")
    assert json.loads(out)["deals"] == 500


@pytest.mark.parametrize("argv", [
    ["--players", "5"],
    ["--rule", "kings_relay=2"],
    ["--rule", "target=12"],
    ["--rule", "teams=maybe"],
    ["--rule", "must_capture=sometimes"],
    ["--rule", "scopone=true"],
    ["--strategy", "clever"],
    ["--seats", "random,random,random"],
    ["--dealer", "2"],
])
def test_cli_errors_exit_2_with_one_line(capsys, argv):
    code, out, err = cli(capsys, "simulate", "scopa", "-n", "10", *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("trunfo: error:")
