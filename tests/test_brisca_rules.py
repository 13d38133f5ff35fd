"""Brisca rules, each test named after the rule it checks (docs/games/brisca.md).

Checks on played deals replay the records with code written here.
"""
import functools
import json

import numpy as np
import pytest

import simcore
from experiments.cli import main
from experiments.records_check import check_record
from simcore.brisca import enums as E
from simcore.brisca.scoring import score_deal
from simcore.errors import TrunfoError

POINTS = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}


def deck(players):
    return E.deck_for(players)


def strength(card, players):
    d = deck(players)
    return d.ranks_per_suit - 1 - d.ranks.index(card[0])


def side(seat):
    return seat % 2


@functools.lru_cache(maxsize=None)
def records(players, strategies="random", n=150, seed=2026, rules=()):
    strats = tuple(strategies.split(","))
    return tuple(simcore.game_records("brisca", deals=n, seed=seed, strategies=strats,
                                      players=players, rules=dict(rules)))


def walk(rec):
    """Replay a record by the rules: yield (trick, k, seat, card, hand before, trick so far)
    and check that every played card is in the hand, drawing winner first from the stock."""
    n = rec["players"]
    hands = [list(h) for h in rec["hands"]]
    stock = list(rec["stock"])
    plays = rec["plays"]
    for t, trick in enumerate(rec["tricks"]):
        cards = []
        for k in range(n):
            seat, card = plays[n * t + k]
            assert seat == (trick["leader"] + k) % n
            assert card in hands[seat], f"trick {t}: {card} not in hand {hands[seat]}"
            yield t, k, seat, card, list(hands[seat]), list(cards)
            hands[seat].remove(card)
            cards.append((seat, card))
        if stock:
            for k in range(n):
                hands[(trick["winner"] + k) % n].append(stock.pop(0))
    assert not stock and not any(hands)


def trick_winner(cards, trump_suit, players):
    trumps = [(strength(c, players), s) for s, c in cards if c[1] == trump_suit]
    if trumps:
        return max(trumps)[1]
    led = cards[0][1][1]
    return max((strength(c, players), s) for s, c in cards if c[1] == led)[1]


def tricks_of(rec):
    n = rec["players"]
    p = rec["plays"]
    return [p[n * t:n * t + n] for t in range(len(rec["tricks"]))]


# --- dealing -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_trump_card_is_drawn_last(players):
    for rec in records(players):
        assert rec["stock"][-1] == rec["trump"]
        assert len(rec["stock"]) == E.n_cards_for(players) - 3 * players
        assert all(len(h) == 3 for h in rec["hands"])
        # the player drawing the last card of the last draw gets the face-up trump
        list(walk(rec))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_winner_draws_first(players):
    # walk() replays the deal drawing winner first and asserts that every card played was in
    # its player's hand; with random play a wrong drawing order puts cards in the wrong hands
    for rec in records(players):
        assert sum(1 for _ in walk(rec)) == len(rec["plays"]) == \
            {2: 40, 3: 39, 4: 40, 6: 48}[players]


def test_dealer_rotates_and_first_leader_follows_dealer():
    for players in (2, 3, 4, 6):
        for rec in records(players):
            assert rec["dealer"] == rec["deal"] % players
            assert rec["tricks"][0]["leader"] == (rec["dealer"] + 1) % players


def test_six_players_use_latin48():
    recs = records(6)
    seen = set()
    for rec in recs:
        cards = [c for h in rec["hands"] for c in h] + rec["stock"]
        assert len(cards) == len(set(cards)) == 48
        assert len(rec["tricks"]) == 8
        seen.update(c[0] for c in cards)
    assert {"8", "9"} <= seen
    assert simcore.simulate("brisca", deals=500, players=6, threads=1,
                            progress=False).summary["deals"] == 500
    for players in (2, 4):
        rec = records(players)[0]
        assert not {"8", "9"} & {c[0] for h in rec["hands"] for c in h}


# --- play ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("strategies", ["random", "greedy", "greedy,random"])
def test_highest_trump_wins(players, strategies):
    strats = ",".join([strategies] * (players // len(strategies.split(","))))
    for rec in records(players, strats):
        trump = rec["trump"][1]
        for t, cards in enumerate(tricks_of(rec)):
            assert rec["tricks"][t]["winner"] == trick_winner(cards, trump, players)
            assert rec["tricks"][t]["leader"] == (rec["tricks"][t - 1]["winner"] if t
                                                  else (rec["dealer"] + 1) % players)
            assert rec["tricks"][t]["points"] == sum(POINTS.get(c[0], 0) for _, c in cards)


def test_no_obligation_to_follow_suit():
    revoked = 0
    for rec in records(2):
        for t, k, seat, card, hand, trick in walk(rec):
            if k and card[1] != trick[0][1][1] and any(c[1] == trick[0][1][1] for c in hand):
                revoked += 1
    assert revoked > 0


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_play_invariants(players):
    sides = 3 if players == 3 else 2        # three players: each seat a side
    for rec in records(players):
        cards = [c for h in rec["hands"] for c in h] + rec["stock"]
        played = [c for _, c in rec["plays"]]
        assert sorted(played) == sorted(cards) and len(set(played)) == len(played)
        assert sum(rec["points"]) == 120
        assert sum(t["points"] for t in rec["tricks"]) == 120
        assert sum(rec["cards"]) == E.n_cards_for(players)
        by_side = [0] * sides
        for t in rec["tricks"]:
            by_side[t["winner"] % sides] += t["points"]
        assert by_side == rec["points"]
        list(walk(rec))   # every play legal: the card was in the player's hand


def test_values_lombardy():
    for rec in records(4, rules=(("values", "lombardy"),)):
        for t, cards in enumerate(tricks_of(rec)):
            pts = {"1": 11, "7": 10, "K": 4, "N": 3, "J": 2}
            assert rec["tricks"][t]["points"] == sum(pts.get(c[0], 0) for _, c in cards)


def test_values_tuscan():
    """values=tuscan: the jack scores 3 and the knight 2 (the others as usual, 120 a deal);
    ranks unchanged (the knight still beats the jack)."""
    pts = {"1": 11, "3": 10, "K": 4, "N": 2, "J": 3}
    seen = 0
    for rec in records(4, rules=(("values", "tuscan"),)):
        assert sum(rec["points"]) == 120
        for t, cards in enumerate(tricks_of(rec)):
            assert rec["tricks"][t]["points"] == sum(pts.get(c[0], 0) for _, c in cards)
            ranks = [c[0] for _, c in cards]
            if "N" in ranks and "J" in ranks:
                seen += 1
    assert seen > 0          # tricks where the swap changes the points were played


# --- the variants that add decisions or change play ----------------------------
def _exchange_allowed(hand, up, trump_suit, players, won):
    """The card the seat may give for the face-up card ``up`` (rule trump_exchange), or
    None; ``won``: the seat has won a trick."""
    if up is None or not won:
        return None
    order = deck(players).ranks                     # high to low
    give = ("7" if order.index(up[0]) < order.index("7") else "2") + trump_suit
    return give if give in hand else None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_trump_exchange(players):
    """trump_exchange: at a seat's turn, once it has won a trick and while the face-up card
    is in the stock, the trump 7 is given for a face-up card above the 7 and the trump 2 for
    one of 7 or below; the card given is then the one drawn last.  greedy always exchanges
    when allowed, random sometimes does and sometimes not."""
    strategies = ",".join(("greedy", "random") * (players // 2))
    made = {"greedy": 0, "random": 0}
    declined = {"greedy": 0, "random": 0}
    gave = set()
    for rec in records(players, strategies, n=80, seed=23, rules=(("trump_exchange", True),)):
        n = players
        hands = [set(h) for h in rec["hands"]]
        stock = list(rec["stock"])
        assert stock[-1] == rec["trump"]
        todo = list(rec["exchanges"])
        won = set()
        trump_suit = rec["trump"][1]
        for t, trick in enumerate(rec["tricks"]):
            for k in range(n):
                seat, card = rec["plays"][n * t + k]
                give = _exchange_allowed(hands[seat], stock[-1] if stock else None,
                                         trump_suit, n, seat in won)
                who = rec["strategies"][seat]
                if todo and (todo[0]["trick"], todo[0]["seat"]) == (t, seat):
                    e = todo.pop(0)
                    assert give is not None and e["gave"] == give and e["took"] == stock[-1]
                    hands[seat].remove(give)
                    hands[seat].add(stock[-1])
                    stock[-1] = give
                    gave.add(give[0])
                    made[who] += 1
                elif give is not None:
                    declined[who] += 1
                assert card in hands[seat]
                hands[seat].remove(card)
            won.add(trick["winner"])
            if stock:
                for k in range(n):
                    hands[(trick["winner"] + k) % n].add(stock.pop(0))
        assert not todo and not any(hands)
    assert declined["greedy"] == 0 and made["greedy"] > 0
    assert made["random"] > 0 and declined["random"] > 0
    assert gave == {"7", "2"}


def test_trump_exchange_records_pass_check_records():
    """check-records replays the exchanges; a record that hides one, or gives the wrong
    card, is refused."""
    recs = [json.loads(json.dumps(r)) for r in
            records(2, "greedy,random", n=80, seed=23, rules=(("trump_exchange", True),))]
    assert all(check_record(r) == [] for r in recs)
    rec = next(r for r in recs if r["exchanges"])
    bad = json.loads(json.dumps(rec))
    bad["exchanges"] = []
    assert check_record(bad) != []
    bad = json.loads(json.dumps(rec))
    e = bad["exchanges"][0]
    e["gave"] = ("2" if e["gave"][0] == "7" else "7") + e["gave"][1]
    assert any("exchanges[0]" in m for m in check_record(bad))
    bad = json.loads(json.dumps(rec))
    bad["rules"]["trump_exchange"] = False
    assert any("exchanges" in m for m in check_record(bad))


def _arrastro_legal(hand, trump_suit, players):
    """After an arrastro call: the highest trump, else the cards of the highest rank."""
    order = deck(players).ranks                     # high to low
    trumps = [c for c in hand if c[1] == trump_suit]
    if trumps:
        return {min(trumps, key=lambda c: order.index(c[0]))}
    top = min(order.index(c[0]) for c in hand)
    return {c for c in hand if order.index(c[0]) == top}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_arrastro(players):
    """arrastro: only the player of the trump ace calls, with players still to play; each of
    them then plays its highest trump, or without trumps a card of its highest rank.  greedy
    always calls, random sometimes does and sometimes not."""
    strategies = ",".join(("greedy", "random") * (players // 2))
    called = {"greedy": 0, "random": 0}
    not_called = {"greedy": 0, "random": 0}
    forced_plays = 0
    for rec in records(players, strategies, n=80, seed=23, rules=(("arrastro", True),)):
        n = players
        trump_suit = rec["trump"][1]
        calls = {(c["trick"], c["seat"]) for c in rec["arrastro"]}
        assert len(calls) == len(rec["arrastro"])
        forced = None
        for t, k, seat, card, hand, before in walk(rec):
            if k == 0:
                forced = False
            if forced:
                assert card in _arrastro_legal(hand, trump_suit, n), (t, seat, card, hand)
                forced_plays += 1
            who = rec["strategies"][seat]
            if card == "1" + trump_suit and k < n - 1:
                if (t, seat) in calls:
                    called[who] += 1
                    forced = True
                    calls.discard((t, seat))
                else:
                    not_called[who] += 1
        assert not calls                  # every call was by the ace's player, not last
    assert not_called["greedy"] == 0 and called["greedy"] > 0
    assert called["random"] > 0 and not_called["random"] > 0
    assert forced_plays > 0


def test_arrastro_records_pass_check_records():
    """check-records replays the calls: a play that breaks an arrastro, or a call by a seat
    that did not play the trump ace, is refused."""
    recs = [json.loads(json.dumps(r)) for r in
            records(2, "greedy,random", n=80, seed=23, rules=(("arrastro", True),))]
    assert all(check_record(r) == [] for r in recs)
    bad = json.loads(json.dumps(next(r for r in recs if r["arrastro"])))
    c = bad["arrastro"][0]
    c["seat"] = 1 - c["seat"]
    assert any("arrastro" in m for m in check_record(bad))
    # a deal where the ace was led without a call: calling it there makes the answer illegal
    # unless it happened to be the highest card
    for rec in recs:
        t_ace = [(j // 2, s) for j, (s, card) in enumerate(rec["plays"])
                 if card == "1" + rec["trump"][1] and j % 2 == 0]
        if t_ace and not rec["arrastro"]:
            bad = json.loads(json.dumps(rec))
            bad["arrastro"] = [{"trick": t_ace[0][0], "seat": t_ace[0][1]}]
            if check_record(bad):
                break
    else:
        pytest.fail("no deal to tamper with")


def test_arrastro_policies():
    """The arrastro decision of random (bit 1 of its draw), greedy (always) and expert
    (not when a teammate is still to play)."""
    from simcore.brisca.view import new_view
    from simcore.strategy import decide
    v = new_view(2)[0]
    v["trump"] = 3
    v["seat"], v["leader"], v["trick_len"] = 0, 0, 1
    assert decide("brisca", "greedy", v, 1 << 39, 0, kind="arrastro") == 1
    assert decide("brisca", "random", v, 1 << 39, 0b10, kind="arrastro") == 1
    assert decide("brisca", "random", v, 1 << 39, 0b01, kind="arrastro") == 0
    assert decide("brisca", "expert", v, 1 << 39, 0, kind="arrastro") == 1
    v4 = new_view(4)[0]
    v4["seat"], v4["leader"], v4["trick_len"] = 1, 1, 1       # seat 3, a teammate, to play
    assert decide("brisca", "expert", v4, 1 << 39, 0, kind="arrastro", players=4) == 0
    v4["seat"], v4["leader"], v4["trick_len"] = 1, 3, 3       # seat 2 still to play: opponent
    assert decide("brisca", "expert", v4, 1 << 39, 0, kind="arrastro", players=4) == 1


def _claim_due(hands, trump_suit, players):
    """The side holding the 3 (2) best trumps still out with 3 (2) cards in each hand."""
    left = len(hands[0])
    if left not in (2, 3):
        return None
    order = deck(players).ranks
    out = sorted((c for h in hands for c in h if c[1] == trump_suit),
                 key=lambda c: order.index(c[0]))
    if len(out) < left:
        return None
    for s in (0, 1):
        if set(out[:left]) <= {c for seat in range(players) if seat % 2 == s
                               for c in hands[seat]}:
            return s
    return None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_claim_top_trumps(players):
    """claim_top_trumps: once the stock is out, before the first trick where a side's hands
    hold the 3 best trumps still out (each hand holding 3 cards) or the 2 best (2 cards),
    the deal stops and that side takes every card left: its points and cards."""
    pts = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
    strategies = ",".join(("greedy", "random") * (players // 2))
    claims = {2: 0, 3: 0}
    n = players
    for rec in records(players, strategies, n=80, seed=23, rules=(("claim_top_trumps", True),)):
        trump_suit = rec["trump"][1]
        hands = [set(h) for h in rec["hands"]]
        stock = list(rec["stock"])
        n_all = deck(n).n_cards // n
        c = rec["claim"]
        played = n_all if c is None else c["trick"]
        assert len(rec["tricks"]) == played and len(rec["plays"]) == n * played
        for t in range(played):
            if not stock:
                assert _claim_due(hands, trump_suit, n) is None   # no claim was due
            for k in range(n):
                seat, card = rec["plays"][n * t + k]
                hands[seat].remove(card)
            if stock:
                for k in range(n):
                    hands[(rec["tricks"][t]["winner"] + k) % n].add(stock.pop(0))
        if c is not None:
            assert not stock
            assert _claim_due(hands, trump_suit, n) == c["side"]
            claims[len(hands[0])] += 1
        side = [0, 0]
        cards = [0, 0]
        for t in rec["tricks"]:
            side[t["winner"] % 2] += t["points"]
            cards[t["winner"] % 2] += n
        if c is not None:
            side[c["side"]] += sum(pts.get(x[0], 0) for h in hands for x in h)
            cards[c["side"]] += sum(len(h) for h in hands)
        assert rec["points"] == side and rec["cards"] == cards and sum(side) == 120
    assert claims[3] > 0 and claims[2] > 0


def test_claim_top_trumps_records_pass_check_records():
    """check-records replays the play up to the claim: a claim for the wrong side, or a
    claim left unmade when due, is refused."""
    recs = [json.loads(json.dumps(r)) for r in
            records(2, "greedy,random", n=80, seed=23, rules=(("claim_top_trumps", True),))]
    assert all(check_record(r) == [] for r in recs)
    rec = next(r for r in recs if r["claim"])
    bad = json.loads(json.dumps(rec))
    bad["claim"]["side"] = 1 - bad["claim"]["side"]
    assert any(m.startswith("claim") for m in check_record(bad))
    bad = json.loads(json.dumps(rec))
    bad["claim"] = None
    assert check_record(bad) != []


def test_trump_exchange_off_by_default():
    """Without the rule no record has exchanges, and the deals are today's."""
    recs = records(2, "greedy,random", n=40, seed=23)
    assert all("exchanges" not in r for r in recs)
    assert recs[0]["rules"]["trump_exchange"] is False


def test_trump_exchange_policies():
    """The exchange decision of random (the lowest bit of its draw) and greedy (always)."""
    from simcore.brisca.view import new_view
    from simcore.strategy import decide
    v = new_view(2)[0]
    v["trump"] = 3
    v["trump_card"] = 39             # 1B face up; the seat would give 7B (34)
    v["hand"] = (1 << 34) | (1 << 0) | (1 << 10)
    assert decide("brisca", "greedy", v, 1 << 34, 0, kind="exchange") == 1
    assert decide("brisca", "random", v, 1 << 34, 0x80000001, kind="exchange") == 1
    assert decide("brisca", "random", v, 1 << 34, 0x80000000, kind="exchange") == 0
    assert decide("brisca", "expert", v, 1 << 34, 0, kind="exchange") == 1


# --- greedy --------------------------------------------------------------------------
def test_greedy_leads_cheapest_non_trump():
    for rec in records(2, "greedy"):
        trump = rec["trump"][1]
        for t, k, seat, card, hand, trick in walk(rec):
            if k == 0:
                plain = [c for c in hand if c[1] != trump] or hand
                assert strength(card, 2) == min(strength(c, 2) for c in plain)


def test_greedy_takes_points_with_a_plain_card():
    taken = 0
    for rec in records(2, "greedy"):
        trump = rec["trump"][1]
        for t, k, seat, card, hand, trick in walk(rec):
            if k == 1 and POINTS.get(trick[0][1][0], 0) > 0 and trick[0][1][1] != trump:
                led = trick[0][1]
                wins = [c for c in hand if c[1] == led[1] and strength(c, 2) > strength(led, 2)]
                if wins:
                    assert card == min(wins, key=lambda c: strength(c, 2))
                    taken += 1
    assert taken > 0


# --- scoring ------------------------------------------------------------------------
def P(**rules):
    return E.params(E.RULES.resolve(rules))


def test_more_than_60_wins():
    assert score_deal(61, 10, 30, P()) == (E.K_SINGLE, 0, 1)
    assert score_deal(59, 30, 10, P()) == (E.K_SINGLE, 1, 1)


def test_tiebreak_cards():
    assert score_deal(60, 24, 16, P()) == (E.K_TIEBREAK, 0, 1)
    assert score_deal(60, 16, 24, P()) == (E.K_TIEBREAK, 1, 1)
    assert score_deal(60, 20, 20, P())[:2] == (E.K_TIE, -1)
    assert score_deal(60, 24, 16, P(tiebreak_cards="false")) == (E.K_TIE, -1, 0)


def test_double_at():
    assert score_deal(100, 20, 20, P(double_at=100)) == (E.K_DOUBLE, 0, 2)
    assert score_deal(99, 20, 20, P(double_at=100)) == (E.K_SINGLE, 0, 1)
    assert score_deal(20, 20, 20, P(double_at="100")) == (E.K_DOUBLE, 1, 2)
    assert score_deal(120, 40, 0, P(double_at="off")) == (E.K_SINGLE, 0, 1)
    with pytest.raises(TrunfoError):
        E.RULES.resolve({"double_at": "75"})
    recs = records(2, rules=(("double_at", 90),))
    for rec in recs:
        w = rec["result"]["winner"]
        if w is not None:
            assert rec["result"]["game_points"] == (2 if rec["points"][w] >= 90 else 1)


@pytest.mark.parametrize("target", [3, 5, 7])
def test_match_ends_at_target(target):
    from simcore.games import get_game
    g = get_game("brisca")
    setup = g.setup({"target": target, "double_at": 90}, ("greedy", "random"), players=2)
    rows = g.run_rubber_chunk(setup, 1, 0, 200)
    gp = np.stack([rows["game_points_side0"], rows["game_points_side1"]], axis=1)
    assert (gp[np.arange(len(rows)), rows["winner"]] >= target).all()
    assert (gp[np.arange(len(rows)), 1 - rows["winner"]] < target).all()
    assert (rows["first_dealer"] == np.arange(200) % 2).all()
    recs = g.rubber_records(setup, 1, 3, 0)
    before = [r["game_points_before"] for r in recs]
    assert before[0] == [0, 0] and max(before[-1]) < target
    assert [r["dealer"] for r in recs] == [(3 + j) % 2 for j in range(len(recs))]


# --- records, determinism, CLI ---------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
def test_records_pass_check_records(players):
    recs = list(records(players, n=40)) + list(simcore.game_records(
        "brisca", deals=3, seed=4, players=players, rubbers=True,
        rules={"double_at": 100, "values": "lombardy"}))
    for rec in recs:
        assert check_record(json.loads(json.dumps(rec))) == []
        assert set(rec["rules"]) == {o.name for o in E.RULES.options}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_threads_and_chunks_give_identical_results(players):
    kw = dict(deals=3000, seed=8, players=players, strategies=("greedy",) + ("random",) *
              (players - 1), keep_deals=True, progress=False)
    a = simcore.simulate("brisca", threads=1, chunk=1000, **kw)
    b = simcore.simulate("brisca", threads=2, chunk=77, **kw)
    assert a.frame.equals(b.frame)
    assert a.summary == b.summary
    m1 = simcore.simulate_rubbers("brisca", rubbers=300, seed=8, players=players, threads=1,
                                  chunk=100, keep_rubbers=True, progress=False)
    m2 = simcore.simulate_rubbers("brisca", rubbers=300, seed=8, players=players, threads=2,
                                  chunk=33, keep_rubbers=True, progress=False)
    assert m1.frame.equals(m2.frame)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_brisca(capsys, tmp_path):
    code, out, _ = run(capsys, "simulate", "brisca", "--players", "4", "-n", "2000",
                       "--threads", "1")
    assert code == 0 and "side0 single" in out and "side0 win" not in out and "mean points" in out
    code, out, _ = run(capsys, "simulate", "brisca", "--matches", "-n", "200", "--threads", "1")
    assert code == 0 and "matches won by side 0" in out
    f = tmp_path / "b.jsonl"
    code, _, _ = run(capsys, "records", "brisca", "-n", "5", "--players", "6", "--out", str(f))
    assert code == 0
    assert all(check_record(json.loads(line)) == [] for line in f.read_text().splitlines())
    code, out, _ = run(capsys, "rules", "brisca")
    assert code == 0 and "double_at" in out and "off, 70" in out
    assert "players: 2 (each for themselves), 3 (each for themselves: the 2 of coins" in out
    code, out, _ = run(capsys, "strategies", "brisca")
    assert code == 0 and "greedy" in out
    code, out, _ = run(capsys, "simulate", "brisca", "-n", "500", "--json", "--threads", "1")
    assert json.loads(out)["deals"] == 500


@pytest.mark.parametrize("argv", [
    ["--players", "5"],
    ["--rule", "double_at=75"],
    ["--rule", "partners_show_hands=true"],
    ["--strategy", "clever"],
    ["--seats", "random,random,random"],
    ["--rule", "target=4"],
])
def test_cli_errors_exit_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, "simulate", "brisca", "-n", "10", *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("trunfo: error:")


# --- regional variants --------------------------------------------------
def mask(names, players=2):
    d = deck(players)
    return np.uint64(sum(1 << d.parse_card(c) for c in names.split()))


def test_marriages():
    """marriages: a side that captured the king and knight of a suit scores 40 more for
    the trump suit, 20 for another; a king without its knight scores nothing."""
    from simcore.brisca.scoring import marriage_bonus, score_totals
    O, C, E_, B = range(4)
    assert marriage_bonus(mask("KO NO 1E"), O, 0) == 40
    assert marriage_bonus(mask("KO NO 1E"), C, 0) == 20
    assert marriage_bonus(mask("KO JO NC KE"), O, 0) == 0
    assert marriage_bonus(mask("KC NC KB NB 3O"), B, 0) == 60
    assert marriage_bonus(mask("KO NO KC NC KE NE KB NB"), E_, 0) == 100
    # the 48-card deck (6 players): the king and knight sit above the 9 and 8
    assert marriage_bonus(mask("KE NE 9E 8E", 6), E_, 1) == 40
    assert marriage_bonus(mask("JE 9E 8E", 6), E_, 1) == 0
    # the deal goes to the higher total: 50 card points and a trump marriage beat 70
    assert score_totals(50 + 40, 70, 20, 20, P(marriages="true")) == (E.K_SINGLE, 0, 1)
    assert score_totals(50 + 20, 70, 24, 16, P(marriages="true")) == (E.K_TIEBREAK, 0, 1)
    assert score_totals(70 + 40, 50, 24, 16, P(double_at=100)) == (E.K_DOUBLE, 0, 2)


def test_marriages_in_played_deals():
    """Replayed here from the records: each side's bonus from the cards its tricks took,
    the result from card points plus bonus; the rule changes no play (random draws)."""
    rules = (("marriages", True),)
    decided = 0
    plain = records(4, "greedy,random,greedy,random", n=150, rules=())
    for rec, base in zip(records(4, "greedy,random,greedy,random", n=150, rules=rules), plain):
        assert rec["plays"] == base["plays"] and rec["points"] == base["points"]
        trump = rec["trump"][1]
        taken = [set(), set()]
        for t, cards in enumerate(tricks_of(rec)):
            taken[side(rec["tricks"][t]["winner"])].update(c for _, c in cards)
        bonus = [sum(40 if s == trump else 20 for s in "OCEB"
                     if "K" + s in taken[x] and "N" + s in taken[x]) for x in (0, 1)]
        assert rec["marriages"] == bonus
        total = [rec["points"][x] + bonus[x] for x in (0, 1)]
        w = rec["result"]["winner"]
        if total[0] != total[1]:
            assert w == (0 if total[0] > total[1] else 1)
        if w != base["result"]["winner"]:
            decided += 1
    assert decided > 0            # marriages changed the winner of some deals
    assert "marriages" not in plain[0]


def test_marriages_summary():
    r = simcore.simulate("brisca", deals=2000, seed=3, players=2, threads=1, progress=False,
                         rules={"marriages": True}, keep_deals=True)
    s = r.summary
    recs = r.frame
    for x in (0, 1):
        col = recs[f"marriages_side{x}"]
        assert s["marriages"][f"side{x}"]["count"] == int((col > 0).sum())
        assert s[f"mean_marriage_points_side{x}"] == pytest.approx(col.mean())
        assert set(col.unique()) <= {0, 20, 40, 60, 80, 100}
    off = simcore.simulate("brisca", deals=200, seed=3, threads=1, progress=False).summary
    assert "marriages" not in off


def test_mexican():
    """mexican: a side that takes 11 card points or more loses; the side kept under 11 wins
    the deal (1 game point); both at 11 or more: a tie."""
    from simcore.brisca.scoring import score_mexican
    assert score_mexican(10) == (E.K_SINGLE, 0, 1)
    assert score_mexican(0) == (E.K_SINGLE, 0, 1)
    assert score_mexican(11) == (E.K_TIE, -1, 0)
    assert score_mexican(109) == (E.K_TIE, -1, 0)
    assert score_mexican(110) == (E.K_SINGLE, 1, 1)
    assert score_mexican(120) == (E.K_SINGLE, 1, 1)
    kept = 0
    # greedy (which plays to stay under 11) against random: the kernel other tests compile
    for rec in records(2, "greedy,random", n=150, rules=(("mexican", True),)):
        p0, p1 = rec["points"]
        w = rec["result"]["winner"]
        assert w == (0 if p0 < 11 else 1 if p1 < 11 else None)
        assert rec["result"]["game_points"] == (0 if w is None else 1)
        kept += w is not None
    assert kept > 0


def _mexican_view(hand, trick=(), seat=1, players=2, trump="B"):
    """A view for greedy under mexican: ``trick`` lists (seat, card) in play order."""
    from simcore.brisca.view import new_view
    d = deck(players)
    v = new_view(players, mexican=True)[0]
    v["seat"] = seat
    v["trump"] = "OCEB".index(trump)
    v["hand"] = int(d.parse_hand(hand.split()))
    v["trick_len"] = len(trick)
    best = None
    for s, c in trick:
        c = d.parse_card(c)
        if best is None or (d.suit_of(c) == d.suit_of(best[1]) and c > best[1]) or \
                (d.suit_of(c) == v["trump"] and d.suit_of(best[1]) != v["trump"]):
            best = (s, c)
    if best:
        v["winner"], v["best"] = best
        r = d.ranks_per_suit
        suit = ((1 << r) - 1) << (d.suit_of(best[1]) * r)
        trumps = ((1 << r) - 1) << (int(v["trump"]) * r)
        v["beat"] = (suit & ~((1 << (best[1] + 1)) - 1)) | (0 if suit == trumps else trumps)
    return v


def greedy_mexican(hand, trick=(), seat=1, players=2, trump="B"):
    from simcore.strategy import decide
    v = _mexican_view(hand, trick, seat, players, trump)
    return deck(players).format_card(decide("brisca", "greedy", v, int(v["hand"]), 0,
                                            players=players))


def test_mexican_greedy():
    """greedy under mexican, clause by clause (docs/games/brisca.md)."""
    # leading: the card with the fewest points, the lowest strength, a non-trump first
    assert greedy_mexican("1O 4B 4C", seat=0) == "4C"
    assert greedy_mexican("1O KC 3B", seat=0) == "KC"      # 4 points, before 10 and 11
    # following: unload the most points on a trick it cannot win
    assert greedy_mexican("1C KO 2O", trick=[(0, "3O")]) == "1C"
    assert greedy_mexican("1C 7O 2O", trick=[(0, "5O")]) == "1C"
    # every card would win: the fewest points
    assert greedy_mexican("1O KO 2B", trick=[(0, "4O")]) == "2B"
    # partners: a teammate winning the trick: the fewest points, not the most
    assert greedy_mexican("1C KO 2E", trick=[(1, "3O"), (2, "JO")], seat=3,
                          players=4) == "2E"
    # an opponent winning it, with partners: unload
    assert greedy_mexican("1C KO 2E", trick=[(0, "JO"), (1, "3O")], seat=2,
                          players=4) == "1C"


def test_mexican_summary_and_refusals(capsys):
    # random at both seats (the kernel other tests compile): both sides are kept under 11
    # in some deals (23 and 28 of these 3000)
    r = simcore.simulate("brisca", deals=3000, seed=3, threads=1, progress=False,
                         strategies=("random",), rules={"mexican": True}, keep_deals=True)
    k = r.summary["kept_under_11"]
    f = r.frame
    assert k["side0"]["count"] == int((f["points_side0"] < 11).sum()) > 0
    assert k["side1"]["count"] == int((f["points_side1"] < 11).sum()) > 0
    assert r.summary["outcomes"]["side0_single"]["count"] == k["side0"]["count"]
    for argv in (["--rule", "mexican=true", "--rule", "double_at=100"],
                 ["--rule", "mexican=true", "--rule", "marriages=true"],
                 ["--rule", "mexican=true", "--matches"]):
        code, out, err = run(capsys, "simulate", "brisca", "-n", "10", *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "mexican" in err, err


def test_rotating_trump():
    """rotating_trump: no card is turned; the trump suit is coins, cups, swords, clubs by the
    deal's index; the whole stock (34 cards with two players) is drawn, the last card
    hidden like the others; trumps win tricks as usual."""
    recs = records(2, "greedy,random", n=40, rules=(("rotating_trump", True),))
    base = records(2, "greedy,random", n=40, rules=())
    for rec, b in zip(recs, base):
        assert rec["trump"] is None and rec["trump_suit"] == "OCEB"[rec["deal"] % 4]
        assert len(rec["stock"]) == 34
        # the same shuffle: the card that would have been turned is the stock's first
        assert rec["hands"] == b["hands"] and rec["stock"] == [b["trump"]] + b["stock"][:-1]
        for t, cards in enumerate(tricks_of(rec)):
            assert rec["tricks"][t]["winner"] == trick_winner(cards, rec["trump_suit"], 2)
        list(walk(rec))            # drawing winner first from the whole stock
        assert check_record(json.loads(json.dumps(rec))) == []


def test_rotating_trump_match():
    """A match under rotating_trump is four deals, trumps O C E B; the side with more game
    points wins it, equal game points tie it."""
    from simcore.games import get_game
    g = get_game("brisca")
    setup = g.setup({"rotating_trump": True}, ("random",), players=2)
    rows = g.run_rubber_chunk(setup, 1, 0, 300)
    assert (rows["deals"] == 4).all() and (rows["end"] == 1).all()
    gp0, gp1 = rows["game_points_side0"], rows["game_points_side1"]
    assert (rows["winner"] == np.where(gp0 > gp1, 0, np.where(gp1 > gp0, 1, -1))).all()
    assert (rows["winner"] == -1).any()
    recs = g.rubber_records(setup, 1, 5, 0)
    assert [r["trump_suit"] for r in recs] == ["O", "C", "E", "B"]
    s = g.rubber_summary(setup, rows)
    assert s["ends"]["four_deals"]["count"] == 300


def test_rotating_trump_refusals(capsys):
    for argv in (["--rule", "rotating_trump=true", "--rule", "target=5"],
                 ["--rule", "rotating_trump=true", "--trump-suit", "O"],
                 # no card is turned: nothing for trump_exchange to take (a play variant with a regional one)
                 ["--rule", "rotating_trump=true", "--rule", "trump_exchange=true"]):
        code, out, err = run(capsys, "simulate", "brisca", "-n", "10", *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "rotating_trump" in err, err


# --- muerte_al_tres: the trump ace hunts the trump 3 ---------------------------
MUERTE = (("muerte_al_tres", True),)


def muerte_records(players):
    """The rule's deals: the lineup and deals of the other play variants' tests (the same
    kernels: the play variants' flags are read at run time)."""
    return records(players, ",".join(("greedy", "random") * (players // 2)), n=80, seed=23,
                   rules=MUERTE)


def replay_muerte(rec):
    """Replay a record under muerte_al_tres: yield (trick, k, seat, card, hand before, the
    trump 3 played before this card) checking that every card is in hand; draws winner
    first.  Returns nothing; stops after the tricks the record holds."""
    n = rec["players"]
    hands = [list(h) for h in rec["hands"]]
    stock = list(rec["stock"])
    three = "3" + rec["trump"][1]
    three_out = False
    for t, trick in enumerate(rec["tricks"]):
        for k in range(n):
            seat, card = rec["plays"][n * t + k]
            assert seat == (trick["leader"] + k) % n
            assert card in hands[seat], f"trick {t}: {card} not in hand {hands[seat]}"
            yield t, k, seat, card, list(hands[seat]), three_out
            hands[seat].remove(card)
            three_out = three_out or card == three
        if stock:
            for k in range(n):
                hands[(trick["winner"] + k) % n].append(stock.pop(0))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_muerte_al_tres_ace_refused_before_the_three(players):
    """The trump ace is never played while the trump 3 has not been played (earlier in the
    deal or earlier in the same trick), except in the last trick; without the rule the same
    lineup plays it early (the restriction is the rule's, not the strategies')."""
    last = deck(players).n_cards // players - 1
    early = 0
    for rec in muerte_records(players):
        ace = "1" + rec["trump"][1]
        for t, k, seat, card, hand, three_out in replay_muerte(rec):
            if card == ace:
                assert three_out or t == last, (rec["deal"], t)
    base = records(players, ",".join(("greedy", "random") * (players // 2)), n=80, seed=23)
    for rec in base:
        ace = "1" + rec["trump"][1]
        for t, k, seat, card, hand, three_out in replay_muerte(rec):
            early += card == ace and not three_out and t != last
    assert early > 0


def test_muerte_al_tres_legal_mask():
    """The mask the kernels hand policies: the hand without the trump ace while the trump 3
    is out of play, except in the last trick."""
    from simcore.brisca.view import muerte_legal
    d = deck(2)
    hand = int(mask("1B 3O 5C"))
    ace = 1 << d.parse_card("1B")
    assert muerte_legal(np.uint64(hand), 3, 10, False, False) == hand & ~ace
    assert muerte_legal(np.uint64(hand), 3, 10, True, False) == hand
    assert muerte_legal(np.uint64(hand), 3, 10, False, True) == hand
    assert muerte_legal(np.uint64(hand), 0, 10, False, False) == hand   # 1O is not held
    d6 = deck(6)
    h6 = int(mask("1E 3E 9O", 6))
    assert muerte_legal(np.uint64(h6), 2, 12, False, False) == h6 & ~(1 << d6.parse_card("1E"))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_muerte_al_tres_capture_wins_at_once(players):
    """A trick holding the trump ace and the trump 3 ends the deal after it: the ace's side
    wins it (outcome side{s}_muerte, one game point) whatever the points; the points and
    cards are those of the tricks played.  A deal without such a trick is played out and
    scored as usual."""
    n = players
    n_all = deck(n).n_cards // n
    kills = mid = 0
    for rec in muerte_records(players):
        trump = rec["trump"][1]
        tricks = tricks_of(rec)
        both = [t for t, cards in enumerate(tricks)
                if {"1" + trump, "3" + trump} <= {c for _, c in cards}]
        pts = [0, 0]
        cards = [0, 0]
        for t in rec["tricks"]:
            pts[side(t["winner"])] += t["points"]
            cards[side(t["winner"])] += n
        assert rec["points"] == pts and rec["cards"] == cards
        m = rec["muerte"]
        if m is None:
            assert both == [] and len(tricks) == n_all and sum(pts) == 120
            assert not rec["result"]["outcome"].endswith("_muerte")
            continue
        kills += 1
        mid += m["trick"] < n_all - 1
        assert both == [m["trick"]] and len(tricks) == m["trick"] + 1
        ace_seat = next(s for s, c in tricks[-1] if c == "1" + trump)
        assert m["seat"] == ace_seat == rec["tricks"][-1]["winner"]
        s = side(ace_seat)
        assert rec["result"] == {"winner": s, "game_points": 1, "outcome": f"side{s}_muerte"}
        # the cards not played count for nobody
        played = {c for _, c in rec["plays"]}
        left = [c for c in [c for h in rec["hands"] for c in h] + rec["stock"]
                if c not in played]
        assert sum(pts) == 120 - sum(POINTS.get(c[0], 0) for c in left)
    assert kills > 0 and mid > 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_muerte_al_tres_play_invariants(players):
    """Random (and greedy) play under the rule: every card is played at most once, and all of
    them unless the deal ended at once; the points of the tricks played add up to the
    sides' points; every move is legal (in hand; the ace as above)."""
    d = deck(players)
    for rec in muerte_records(players):
        cards = [c for h in rec["hands"] for c in h] + rec["stock"]
        played = [c for _, c in rec["plays"]]
        assert len(set(played)) == len(played) and set(played) <= set(cards)
        if rec["muerte"] is None:
            assert sorted(played) == sorted(cards)
        else:
            assert len(played) == players * (rec["muerte"]["trick"] + 1)
        assert sum(t["points"] for t in rec["tricks"]) == sum(rec["points"])
        assert sum(POINTS.get(c[0], 0) for c in played) == sum(rec["points"])
        assert sum(rec["cards"]) == len(played) <= d.n_cards
        list(replay_muerte(rec))        # every card in the player's hand


def test_muerte_al_tres_records_pass_check_records():
    """check-records replays the rule: a kill the record does not end on, a kill it claims
    where there is none, an ace played too early, or a points result instead of the kill's,
    are refused."""
    recs = [json.loads(json.dumps(r)) for r in muerte_records(2)]
    assert all(check_record(r) == [] for r in recs)
    rec = next(r for r in recs if r["muerte"])
    bad = json.loads(json.dumps(rec))
    bad["muerte"]["seat"] = 1 - bad["muerte"]["seat"]
    assert any(m.startswith("muerte") for m in check_record(bad))
    bad = json.loads(json.dumps(rec))
    bad["result"]["outcome"] = bad["result"]["outcome"].replace("_muerte", "_single")
    assert any(m.startswith("result.outcome") for m in check_record(bad))
    plain = next(r for r in recs if r["muerte"] is None)
    bad = json.loads(json.dumps(plain))
    bad["muerte"] = {"trick": 19, "seat": 0}
    assert check_record(bad) != []
    # the rule turned off on a record whose ace was played early: fine; on, refused
    early = next(r for r in records(2, "greedy,random", n=80, seed=23)
                 if any(c == "1" + r["trump"][1] for _, c in r["plays"][:30]))
    bad = json.loads(json.dumps(early))
    assert check_record(bad) == []
    bad["rules"]["muerte_al_tres"] = True
    bad["muerte"] = None
    assert any("trump ace" in m for m in check_record(bad))


def _muerte_view(hand, trick=(), seat=1, players=2, trump="B", played=""):
    """A view for greedy and expert under muerte_al_tres (``trick``: (seat, card) in play
    order; ``played``: cards of earlier tricks)."""
    from simcore.brisca.view import new_view
    d = deck(players)
    v = new_view(players, muerte=True)[0]
    src = _mexican_view(hand, trick, seat, players, trump)
    for f in ("seat", "trump", "hand", "trick_len", "winner", "best", "beat"):
        v[f] = src[f]
    v["side"] = seat % 2
    v["leader"] = trick[0][0] if trick else seat
    tm = int(mask(" ".join(c for _, c in trick), players)) if trick else 0
    v["trick_mask"] = tm
    v["trick_points"] = sum(POINTS.get(c[0], 0) for _, c in trick)
    for k, (_, c) in enumerate(trick):
        v["trick_cards"][k] = d.parse_card(c)
    v["played"] = tm | (int(mask(played, players)) if played else 0)
    v["trump_card"] = d.parse_card("2" + trump)
    v["stock_left"] = 20
    return v


def muerte_choice(name, hand, legal=None, **kw):
    """The card a strategy plays under the rule, as play_x asks it: its ``muerte`` policy
    narrows ``legal``, then its play policy chooses."""
    from simcore.strategy import decide
    players = kw.get("players", 2)
    v = _muerte_view(hand, **kw)
    lg = int(mask(legal, players)) if legal else int(v["hand"])
    m = lg & int(decide("brisca", name, v, lg, 0, kind="muerte", players=players))
    return deck(players).format_card(decide("brisca", name, v, m or lg, 0, players=players))


def test_muerte_al_tres_greedy():
    """greedy under the rule (docs/games/brisca.md): the trump ace takes the trump 3 on the
    table (the deal is won at once), a partner's 3 too; the trump 3 is kept back while a
    later player may hold the ace; as the last to play it is played as usual."""
    # the 3 of trumps (clubs) led: the ace, now legal, captures it
    assert muerte_choice("greedy", "1B 5C 2O", trick=[(0, "3B")]) == "1B"
    # four players: a partner's 3 is captured too (without the rule greedy would feed the
    # winning partner, not beat it)
    assert muerte_choice("greedy", "1B 5C 2O", trick=[(1, "3B"), (2, "4C")], seat=3,
                         players=4) == "1B"
    # four players, an ace led by seat 0: greedy's cheapest winning trump for a trick worth
    # 11 would be the 3, but two players follow (one may hold the trump ace): 2O is thrown
    assert muerte_choice("greedy", "3B 2O 4C", trick=[(0, "1O")], seat=1, players=4) == "2O"
    # two players, the last to play: nobody is left to kill the 3, which takes the 11
    assert muerte_choice("greedy", "3B 2O 4C", trick=[(0, "1O")]) == "3B"
    # holding the trump ace too, the 3 is safe: played as usual
    assert muerte_choice("greedy", "3B 1B 4C", legal="3B 4C", trick=[(0, "1O")], seat=1,
                         players=4) == "3B"


def test_muerte_al_tres_summary_and_refusals(capsys):
    """The summary counts the kills as their own outcome; the mean points of each side are
    those taken (they add up to less than 120 when deals end at once); the rule refuses
    mexican and marriages with one line, exit code 2."""
    from simcore.games import get_game
    g = get_game("brisca")
    on = g.setup(dict(MUERTE), ("greedy", "random"), players=2)
    assert "side0_muerte" in g.outcome_categories(on)
    assert "side0_muerte" not in g.outcome_categories(g.setup({}, ("random",), players=2))
    r = simcore.simulate("brisca", deals=400, seed=23, threads=1, progress=False,
                         strategies=("greedy", "random"), rules=dict(MUERTE), keep_deals=True)
    f = r.frame
    kills = f["outcome"].astype(str).str.endswith("_muerte")
    assert 0 < kills.sum() == sum(r.summary["outcomes"][f"side{s}_muerte"]["count"]
                                  for s in (0, 1))
    assert r.summary["mean_points_side0"] == pytest.approx(f["points_side0"].mean())
    assert r.summary["mean_points_side1"] == pytest.approx(f["points_side1"].mean())
    total = f["points_side0"].astype(int) + f["points_side1"].astype(int)
    assert (total[~kills] == 120).all() and (total[kills] <= 120).all()
    for argv in (["--rule", "muerte_al_tres=true", "--rule", "mexican=true"],
                 ["--rule", "muerte_al_tres=true", "--rule", "marriages=true"]):
        code, out, err = run(capsys, "simulate", "brisca", "-n", "10", *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "muerte_al_tres" in err, err


# --- three players: one 2 out of the 40 cards, 13 each, each for themselves ----
def test_three_players_deal_39_cards_without_the_2_of_coins():
    full = {r + s for s in "OCEB" for r in "13KNJ76542"}
    for rec in records(3):
        cards = [c for h in rec["hands"] for c in h] + rec["stock"]
        assert len(cards) == len(set(cards)) == 39 and set(cards) == full - {"2O"}
        assert len(rec["tricks"]) == 13 and len(rec["stock"]) == 30
        assert rec["tricks"][0]["leader"] == (rec["dealer"] + 1) % 3
        assert sum(rec["cards"]) == 39 and all(c % 3 == 0 for c in rec["cards"])


def test_three_players_each_for_themselves():
    """Points and cards by seat; the winner is the seat with the most points."""
    seen = set()
    for rec in records(3, "greedy,random,random"):
        pts, cards = [0, 0, 0], [0, 0, 0]
        for t in rec["tricks"]:
            pts[t["winner"]] += t["points"]
            cards[t["winner"]] += 3
        assert rec["points"] == pts and rec["cards"] == cards
        w = rec["result"]["winner"]
        top = max(pts)
        if pts.count(top) == 1:
            assert w == pts.index(top) and rec["result"]["outcome"] == f"side{w}_single"
        else:       # level at the top: strictly the most cards among them, else a tie
            level = [s for s in range(3) if pts[s] == top]
            most = max(cards[s] for s in level)
            by = [s for s in level if cards[s] == most]
            assert w == (by[0] if len(by) == 1 else None)
        seen.add(w)
    assert {0, 1, 2} <= seen


def test_three_players_greedy_plays_against_every_other_seat():
    """With 3 players greedy has no teammate: following a trick with points on it that
    another seat is winning (the seat two after it included, a teammate with 4 players), it
    takes it with a plain card when it can."""
    taken = 0
    for rec in records(3, "greedy,random,random"):
        trump = rec["trump"][1]
        for t, k, seat, card, hand, trick in walk(rec):
            if seat != 0 or k == 0:
                continue
            best_seat = trick_winner(trick, trump, 3)
            best = dict(trick)[best_seat]
            if sum(POINTS.get(c[0], 0) for _, c in trick) == 0 or best[1] == trump:
                continue
            wins = [c for c in hand if c[1] == best[1] and c[1] != trump
                    and strength(c, 3) > strength(best, 3)]
            if wins:
                assert card == min(wins, key=lambda c: strength(c, 3))
                taken += (best_seat - seat) % 2 == 0   # the seat a teammate would be
    assert taken > 0


def test_three_players_scoring():
    from simcore.brisca.scoring import score_three
    assert score_three(50, 40, 30, 12, 15, 12, P()) == (E.K_SINGLE, 0, 1)
    assert score_three(30, 20, 70, 9, 6, 24, P()) == (E.K_SINGLE, 2, 1)
    assert score_three(30, 20, 70, 9, 6, 24, P(double_at=70)) == (E.K_DOUBLE, 2, 2)
    assert score_three(30, 20, 70, 9, 6, 24, P(double_at=80)) == (E.K_SINGLE, 2, 1)
    # level at the top: the one of them with strictly more cards
    assert score_three(50, 50, 20, 12, 15, 12, P()) == (E.K_TIEBREAK, 1, 1)
    assert score_three(20, 50, 50, 21, 6, 12, P()) == (E.K_TIEBREAK, 2, 1)   # seat 0: not level
    assert score_three(50, 50, 20, 12, 12, 15, P())[:2] == (E.K_TIE, -1)
    assert score_three(40, 40, 40, 15, 12, 12, P()) == (E.K_TIEBREAK, 0, 1)
    assert score_three(40, 40, 40, 12, 15, 12, P(tiebreak_cards="false")) == (E.K_TIE, -1, 0)
    assert score_three(40, 40, 40, 15, 15, 9, P())[:2] == (E.K_TIE, -1)


def test_three_players_outcomes_and_summary():
    r = simcore.simulate("brisca", deals=600, seed=4, players=3, threads=1, keep_deals=True,
                         strategies=("greedy", "random", "random"), progress=False)
    s = r.summary
    assert s["deals"] == 600
    won = [s["winners"][f"side{k}"]["count"] for k in range(3)]
    assert sum(won) + s["outcomes"]["tie"]["count"] == 600
    assert sum(s["winners"][k]["count"] for k in ("dealer", "first_hand", "second_hand")) == \
        sum(won)
    f = r.frame
    assert (f["points_side0"] + f["points_side1"] + f["points_side2"] == 120).all()
    assert (f["cards_side0"] + f["cards_side1"] + f["cards_side2"] == 39).all()
    assert abs(sum(s[f"mean_points_side{k}"] for k in range(3)) - 120) < 1e-9
    assert abs(s["mean_points_side2"] - f["points_side2"].mean()) < 1e-9
    assert won[0] == int((f["game_points_side0"] > 0).sum())
    assert won[2] == int((f["game_points_side2"] > 0).sum())
    # greedy (seat 0) beats two random players
    assert won[0] > max(won[1], won[2])
    # the reports' results by side: one row per seat, the deals each won
    from reports import tables
    t = tables.side_results(f, "brisca")
    assert list(t["side"]) == ["seat 0", "seat 1", "seat 2"] and list(t["won"]) == won


@pytest.mark.parametrize("players", [2, 4])
def test_two_sides_summary_names_no_third_side(players):
    """With two sides the summary's tables hold sides 0 and 1 only (a third side's outcome
    codes exist for 3 players)."""
    s = simcore.simulate("brisca", deals=200, seed=4, players=players, threads=1,
                         strategies=("greedy", "random") * (players // 2), progress=False).summary
    labels = set(s["outcomes"]) | set(s["dealer_side"]) | set(s["winners"])
    assert labels and not any("side2" in k for k in labels), labels
    assert sum(v["count"] for v in s["outcomes"].values()) == 200


@pytest.mark.parametrize("argv,words", [
    (["--rule", "marriages=true"], ("marriages", "3 players")),
    (["--rule", "mexican=true"], ("mexican", "3 players")),
    (["--rule", "rotating_trump=true"], ("rotating_trump", "3 players")),
    (["--rule", "partners_show_hands=true"], ("partners", "not 3")),
    (["--strategy", "pimc"], ("pimc", "3 players")),
    (["--hand", "0=1O"], ("conditioned", "3 players")),
])
def test_three_players_refuse_what_needs_two_sides(capsys, argv, words):
    code, out, err = run(capsys, "simulate", "brisca", "--players", "3", "-n", "10", *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert all(w in err for w in words), err


def test_three_players_match_ends_at_target():
    """Three players' matches: each seat adds its game points; the first seat to reach the
    target wins; the first dealer rotates with the match."""
    from simcore.games import get_game
    g = get_game("brisca")
    setup = g.setup({"target": 3}, ("greedy", "random", "random"), players=3)
    rows = g.run_rubber_chunk(setup, 1, 0, 150)
    gp = np.stack([rows[f"game_points_side{s}"] for s in range(3)], axis=1)
    w = rows["winner"].astype(np.int64)
    assert set(w.tolist()) <= {0, 1, 2} and (gp[np.arange(len(rows)), w] >= 3).all()
    assert ((gp >= 3).sum(axis=1) == 1).all()
    assert (rows["first_dealer"] == np.arange(150) % 3).all()
    m = simcore.simulate_rubbers("brisca", rubbers=150, seed=1, players=3, threads=1,
                                 strategies=("greedy", "random", "random"), progress=False)
    s = m.summary
    assert sum(s[f"match_win_share_side{k}"] for k in range(3)) == pytest.approx(1.0)
    assert s["match_win_share_side0"] > max(s["match_win_share_side1"],
                                            s["match_win_share_side2"])


def test_mexican_does_not_go_with_claim_top_trumps():
    """An automatic claim takes every remaining trick: under the reversed goal (stay under
    11 points) no side would claim, so the two rules are refused together, in one line."""
    from simcore.errors import TrunfoError
    from simcore.games import get_game
    with pytest.raises(TrunfoError, match="rule mexican=true does not go with "
                                          "claim_top_trumps=true"):
        get_game("brisca").setup({"mexican": True, "claim_top_trumps": True}, ("random",),
                                 players=2)
