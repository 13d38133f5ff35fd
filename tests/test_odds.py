"""Conditioned deals through the game kernels and ``trunfo odds`` (docs/odds.md).

The expected laws are written here by hand (hypergeometric counts with math.comb), never
taken from the counting code under test; statistical bounds come from the sample size
(4.5 standard deviations per cell, a family error below 1e-4 for the cells of a test)."""
import json
import math
from fractions import Fraction

import numpy as np
import pytest

import simcore
from experiments.cli import main
from simcore.games import get_game

SUECA = get_game("sueca")
Z = 4.5


def card(text: str) -> int:
    from simcore.conditions import Conditions
    return Conditions("sueca").deck.card(text[:-1], text[-1])


def hyper(N: int, K: int, n: int, k: int) -> Fraction:
    """P(k of the K marked among n drawn from N), exactly."""
    if k < 0 or k > n or k > K or n - k > N - K:
        return Fraction(0)
    return Fraction(math.comb(K, k) * math.comb(N - K, n - k), math.comb(N, n))


def within(observed: int, n: int, p: float) -> bool:
    sd = math.sqrt(n * p * (1 - p))
    return abs(observed - n * p) <= Z * sd + 1


def positions(conditions, n, seed=3, dealer=None, strategies="random", start=0):
    setup = SUECA.setup({}, strategies, dealer=dealer, conditions=conditions)
    return SUECA.initial_positions(setup, seed, start, n)


def has(masks, c) -> np.ndarray:
    return (masks >> np.uint64(c)) & np.uint64(1) == 1


def trumps_of(masks, trump_card) -> np.ndarray:
    suit = trump_card // 10
    field = np.left_shift(np.uint64(1023), (10 * suit).astype(np.uint64))
    return np.bitwise_count(masks & field).astype(np.int64)


# --- predeal honoured --------------------------------------------------------------------------
def test_predealt_cards_trump_and_seats_from_the_dealer_are_honoured():
    n = 1500
    p = positions({"hands": {"dealer": "AS 7S", "dealer+1": "KH QH", "dealer+2": "JD"},
                   "trump": "2S"}, n)
    hands, trump, dealer = p["hands"], p["trump_card"], p["dealer"]
    rows = np.arange(n)
    d = hands[rows, dealer]
    assert (trump == card("2S")).all()
    for c in ("AS", "7S", "2S"):
        assert has(d, card(c)).all()
    assert has(hands[rows, (dealer + 1) % 4], card("KH")).all()
    assert has(hands[rows, (dealer + 1) % 4], card("QH")).all()
    assert has(hands[rows, (dealer + 2) % 4], card("JD")).all()
    # every seat deals (the dealer rotates: each is drawn with its weight, here equal)
    counts = np.bincount(dealer, minlength=4)
    for k in range(4):
        assert within(counts[k], n, 0.25)
    # the hands are a partition of the 40 cards
    assert (np.bitwise_or.reduce(hands, axis=1) == np.uint64((1 << 40) - 1)).all()
    assert (np.bitwise_count(hands).sum(axis=1) == 40).all()


def test_fixed_dealer_and_me_partner():
    p = positions({"hands": {"me": "AH", "partner": "7H"}}, 400, dealer=3)
    assert (p["dealer"] == 3).all()
    assert has(p["hands"][:, 0], card("AH")).all()
    assert has(p["hands"][:, 2], card("7H")).all()


# --- exactly uniform: laws counted by hand -----------------------------------------------------
def test_trump_count_of_a_seat_follows_the_exact_conditional_law():
    # dealer 0 shows the face-up card (one of its ten): seat 1's ten cards come from the 39
    # others, 9 of them trumps; given trumps(1) >= 3 its count has the truncated law
    n = 12_000
    p = positions({"where": "trumps(1) >= 3"}, n, seed=11, dealer=0)
    k = trumps_of(p["hands"][:, 1], p["trump_card"])
    assert k.min() >= 3
    law = {j: hyper(39, 9, 10, j) for j in range(3, 10)}
    norm = sum(law.values())
    counts = np.bincount(k, minlength=11)
    for j, q in law.items():
        assert within(counts[j], n, float(q / norm)), (j, counts[j], float(q / norm) * n)
    # the face-up card is any of the 40 (the condition is symmetric in suits and ranks)
    up = np.bincount(p["trump_card"], minlength=40)
    assert all(within(up[c], n, 1 / 40) for c in range(40))
    # within the counts, which cards: each trump but the face-up one equally likely
    ek = sum(j * q for j, q in law.items()) / norm
    suit = p["trump_card"] // 10
    held = np.zeros(10, np.int64)
    for r in range(10):
        c = suit * 10 + r
        mine = has(p["hands"][:, 1], c)
        held[r] = mine[c != p["trump_card"]].sum()
    assert (held >= 0).all()
    total = int(held.sum())
    assert total == int(k.sum())
    # each rank r of the trump suit is seat 1's with probability E[k]/9 when it is not the
    # face-up card (which happens with probability 9/10)
    for r in range(10):
        assert within(held[r], n, float(ek / 9 * Fraction(9, 10))), (r, held[r])


def test_rotating_dealer_is_drawn_with_its_exact_conditional_weight():
    # trumps(me) >= 4: as dealer, seat 0 holds the face-up trump and 9 of the 39 other cards
    # (9 trumps among them); otherwise 10 of those 39
    n = 8_000
    p = positions({"where": "trumps(me) >= 4"}, n, seed=5)
    as_dealer = sum(hyper(39, 9, 9, j) for j in range(3, 10))
    other = sum(hyper(39, 9, 10, j) for j in range(4, 11))
    share = as_dealer / (as_dealer + 3 * other)
    counts = np.bincount(p["dealer"], minlength=4)
    assert within(counts[0], n, float(share)), (counts, float(share))
    assert (trumps_of(p["hands"][:, 0], p["trump_card"]) >= 4).all()


# --- the same deals whatever the chunks, threads or entry point ---------------------------------
def test_deals_depend_only_on_seed_and_index():
    cond = {"hands": {"dealer": "AS"}, "trump": "2S", "where": "trumps(team(dealer)) >= 6"}
    setup = SUECA.setup({}, "random", conditions=cond)
    whole = SUECA.run_chunk(setup, 9, 0, 300)
    parts = np.concatenate([SUECA.run_chunk(setup, 9, 0, 17), SUECA.run_chunk(setup, 9, 17, 283)])
    assert (whole == parts).all()
    # the kernel's deck orders are those of Conditions.decks (the same sampler, same streams)
    d = setup.conditions.decks(9, 0, 300)
    assert (whole["dealer"] == d.dealers).all()


def test_odds_identical_across_threads_and_chunks():
    kw = dict(trump="2S", hands={"dealer": "AS 7S"}, where="trumps(dealer) >= 5", deals=3000,
              seed=4, progress=False)
    a = simcore.odds("sueca", threads=1, chunk=7, **kw)
    b = simcore.odds("sueca", threads=2, **kw)
    assert a.done == b.done == 3000
    assert a.outcomes.equals(b.outcomes)


def test_python_predicate_deals_only_accepted_deals_reproducibly():
    def pred(hands, trump, dealer):
        suit = trump // 10
        field = ((1 << 10) - 1) << (10 * suit)
        return bin(int(hands[1]) & field).count("1") == 0     # seat 1 void in trumps

    n = 300
    setup = SUECA.setup({}, "random", dealer=2, conditions={"predicate": pred})
    p = SUECA.initial_positions(setup, 8, 0, n)
    assert (trumps_of(p["hands"][:, 1], p["trump_card"]) == 0).all()
    recs = SUECA.run_chunk(setup, 8, 0, n)
    parts = np.concatenate([SUECA.run_chunk(setup, 8, 0, 100), SUECA.run_chunk(setup, 8, 100, 200)])
    assert (recs == parts).all()


# --- simcore.odds / trunfo odds -----------------------------------------------------------------
def test_odds_exact_probability_of_the_documented_holding():
    r = simcore.odds("sueca", trump="2S", hands={"dealer": "AS 7S"},
                     where="trumps(dealer) >= 5", deals=2000, seed=1, progress=False)
    # the dealer's 7 unknown cards come from 37 holding 7 spades: 2 or more of them
    expected = sum(hyper(37, 7, 7, j) for j in range(2, 8))
    assert r.exact.condition == expected
    # P(the dealer shows 2S and holds AS, 7S): 1/40 for the face-up card, then 9 of 39
    assert r.exact.predeal == Fraction(1, 40) * hyper(39, 2, 9, 2)
    assert r.done == 2000 and r.acceptance == 1.0
    won = r.outcomes.set_index("key").loc["win"]
    assert won["low95"] <= won["value"] <= won["high95"]
    assert won["count"] == round(won["value"] * 2000)


def test_odds_cli_json(capsys):
    code = main(["odds", "sueca", "--hand", "dealer=AS 7S", "--trump", "2S", "--where",
                 "trumps(dealer) >= 5", "-n", "1000", "--seed", "2", "--json", "--threads", "1"])
    out = capsys.readouterr().out
    assert code == 0
    d = json.loads(out)
    assert d["exact"]["condition"]["fraction"] == "1367749/3431824"
    assert d["deals"] == 1000 and d["acceptance"] == 1.0
    assert {"win", "tie", "points_91", "bandeira", "games"} <= set(d["outcomes"])
    assert "deals_per_second" in d


@pytest.mark.parametrize("argv, words", [
    (["--where", "trumps(me) >="], "trumps(me) >="),
    (["--where", "trumps(partner) == 10", "--hand", "me=AS", "--trump", "2S"], "no deal satisfies"),
    (["--hand", "0=ZZ"], "ZZ"),
    (["--hand", "0"], "SEAT=CARDS"),
    (["--hand", "7=AS"], "7"),
])
def test_odds_cli_bad_input_is_one_line_exit_2(capsys, argv, words):
    code = main(["odds", "sueca", "-n", "10", *argv])
    out, err = capsys.readouterr()
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], err


# --- study specs and the Python API --------------------------------------------------------------
SPEC = """title = "conditioned"
game = "sueca"
deals = 600
seed = 5
[conditions]
hands = { dealer = "AS 7S" }
trump = "2S"
dealer = 1
where = "trumps(dealer) >= 5"
"""


def test_spec_conditions_run_the_conditioned_deals(tmp_path):
    from experiments.spec import load_spec
    from experiments.study import run_study
    from reports.load import load_run
    path = tmp_path / "c.toml"
    path.write_text(SPEC)
    spec = load_spec(str(path))
    assert spec.dealer == 1 and spec.conditions["where"] == "trumps(dealer) >= 5"
    run_study(spec, str(tmp_path / "run"), chunk=256, threads=2, progress=False)
    df = load_run(str(tmp_path / "run")).deals()
    cond = {"hands": {"dealer": "AS 7S"}, "trump": "2S", "where": "trumps(dealer) >= 5"}
    setup = SUECA.setup({}, "random", dealer=1, conditions=cond)
    recs = SUECA.run_chunk(setup, 5, 0, 600)
    assert list(df["deal"]) == list(range(600))
    assert (df["points_team1"].to_numpy() == recs["points_team1"]).all()
    assert (df["dealer"].to_numpy() == 1).all()
    # the Python API plays the same deals
    r = simcore.simulate("sueca", deals=600, seed=5, dealer=1, conditions=cond,
                         keep_deals=True, progress=False)
    assert (r.frame["points_team1"].to_numpy() == recs["points_team1"]).all()
    p = SUECA.initial_positions(setup, 5, 0, 600)
    assert (trumps_of(p["hands"][:, 1], p["trump_card"]) >= 5).all()


@pytest.mark.parametrize("table, words", [
    ('trumps_min = 3', ["conditions.trumps_min", "hands, trump"]),
    ('hands = "AS"', ["conditions.hands", "table"]),
    ('hands = { me = 3 }', ["conditions.hands.me", "string"]),
    ('where = "trumps(me) >"', ["conditions", "trumps(me) >"]),
    ('trump = "2S"\nwhere = "trumps(me) == 10"\nhands = { me = "AH" }', ["no deal satisfies"]),
    ('dealer = 2', ["conditions.dealer", "top-level dealer"]),
])
def test_bad_spec_conditions_are_one_line(tmp_path, table, words):
    from experiments.spec import load_spec
    from simcore.errors import TrunfoError
    path = tmp_path / "bad.toml"
    path.write_text('title = "x"\ngame = "sueca"\ndeals = 10\ndealer = 0\n[conditions]\n'
                    + table + "\n")
    with pytest.raises(TrunfoError) as e:
        load_spec(str(path))
    msg = str(e.value)
    assert "\n" not in msg and "bad.toml" in msg
    for w in words:
        assert w in msg, msg


# --- Spades ----------------------------------------------------------------------------------------
def test_spades_conditioned_deals_follow_the_exact_law_and_keep_predealt_cards():
    g = get_game("spades")
    n = 6000
    setup = g.setup({}, "random", conditions={"hands": {"dealer+1": "AS KH"},
                                              "where": "length(me, 'S') >= 5"})
    p = g.initial_positions(setup, 21, 0, n)
    hands, dealer = p["hands"], p["dealer"]
    deck = setup.conditions.deck
    rows = np.arange(n)
    lho = hands[rows, (dealer + 1) % 4]
    assert has(lho, deck.card("A", "S")).all() and has(lho, deck.card("K", "H")).all()
    spades = np.uint64(int(deck.suit_masks[deck.suits.index("S")]))
    k = np.bitwise_count(hands[:, 0] & spades).astype(np.int64)
    assert k.min() >= 5
    # seat 0's law given its dealer: as dealer+1 it holds AS, KH and 11 of the 50 other cards
    # (12 spades among them, KH is not its); otherwise 13 of those 50
    def law(j, lho_):
        return hyper(50, 12, 11, j - 1) if lho_ else hyper(50, 12, 13, j)
    w = {d: sum(law(j, d == 3) for j in range(5, 14)) for d in range(4)}
    tot = sum(w.values())
    counts = np.bincount(dealer, minlength=4)
    for d in range(4):
        assert within(counts[d], n, float(w[d] / tot)), (d, counts, float(w[d] / tot))
    # within the deals dealt by seat 0, seat 0's spade count
    sel = dealer == 0
    m = int(sel.sum())
    c0 = np.bincount(k[sel], minlength=14)
    for j in range(5, 14):
        assert within(c0[j], m, float(law(j, False) / w[0])), (j, c0[j])
    # deals depend only on (seed, index)
    whole = g.run_chunk(setup, 21, 0, 200)
    parts = np.concatenate([g.run_chunk(setup, 21, 0, 50), g.run_chunk(setup, 21, 50, 150)])
    assert (whole == parts).all()


def test_spades_contract_made_in_odds_counts_the_deals_whose_team_took_its_bids():
    """'contract made' of ``trunfo odds spades``, counted here from the records of the same
    deals as docs/games/spades.md defines it: the team of the seat asked about took at
    least its contract, the sum of its two bids (a nil counts 0)."""
    g = get_game("spades")
    hands = {"dealer+1": "AS KH"}          # the seat asked about: the dealer's left
    n, seed = 2000, 23
    r = simcore.odds("spades", hands=hands, deals=n, seed=seed, threads=1, progress=False)
    setup = g.setup({}, "random", conditions={"hands": hands})
    recs = g.run_chunk(setup, seed, 0, n)
    made = exactly = 0
    took_sum = 0
    for rec in recs:
        seat = (int(rec["dealer"]) + 1) % 4
        team = (seat, (seat + 2) % 4)
        contract = sum(int(rec[f"bid_seat{s}"]) for s in team)
        took = sum(int(rec[f"tricks_seat{s}"]) for s in team)
        made += took >= contract
        exactly += took == contract
        took_sum += took
    o = r.outcomes.set_index("key")
    assert r.done == n
    assert o.loc["tricks", "value"] == pytest.approx(took_sum / n, rel=1e-12)   # same deals
    assert o.loc["made", "count"] == made
    assert o.loc["set", "count"] == n - made
    assert 0 < exactly < made              # a contract made exactly decides some deals


# --- Brisca --------------------------------------------------------------------------------------
def test_brisca_conditioned_deals_follow_the_exact_law_and_keep_predealt_cards():
    g = get_game("brisca")
    n = 6000
    setup = g.setup({}, "random", players=2, dealer=1,
                    conditions={"hands": {"me": "1O"}, "trump_suit": "O",
                                "where": "trumps(me) >= 2"})
    p = g.initial_positions(setup, 13, 0, n)
    deck = setup.conditions.deck
    hands, up = p["hands"], p["trump_card"]
    assert (p["dealer"] == 1).all()
    assert has(hands[:, 0], deck.card("1", "O")).all()
    assert (up // 10 == 0).all()                      # the face-up card is a coin
    coins = np.uint64(int(deck.suit_masks[0]))
    k = np.bitwise_count(hands[:, 0] & coins).astype(np.int64)
    # seat 0 holds the ace and 2 of the 38 cards left once the face-up coin (any of the 9
    # other coins) is set aside, 8 of them coins; it needs 1 or 2 more
    law = {j: hyper(38, 8, 2, j - 1) for j in (2, 3)}
    tot = sum(law.values())
    counts = np.bincount(k, minlength=4)
    assert counts[0] == counts[1] == 0
    for j, q in law.items():
        assert within(counts[j], n, float(q / tot)), (j, counts)
    # the face-up coin is any of the 9 the ace is not (they are exchangeable here)
    ups = np.bincount(up, minlength=40)
    assert ups[deck.card("1", "O")] == 0
    for r in deck.ranks:
        if r != "1":
            assert within(ups[deck.card(r, "O")], n, 1 / 9), (r, ups)
    whole = g.run_chunk(setup, 13, 0, 200)
    parts = np.concatenate([g.run_chunk(setup, 13, 0, 64), g.run_chunk(setup, 13, 64, 136)])
    assert (whole == parts).all()


# --- Scopa ---------------------------------------------------------------------------------------
def _scopa_dealt(setup, seed, n):
    from simcore.rng import seed_base
    from simcore.scopa import nb as snb
    g = get_game("scopa")
    out = np.empty(n, g.record_dtype)
    tr = snb.trace_buffers(n)
    src = g.deal_source(setup, seed, 0, n)
    status = np.zeros(4, np.int64)
    snb.run_deals(seed_base(seed), 0, out, setup.players, setup.dealer_arg, setup.lineup,
                  setup.params, setup.bmi2, status, source=src, trace=tr)
    assert status[0] == 0
    g.source_done(setup, src, 0)
    return out, tr[0].astype(np.int64), tr[1][:, 0, :setup.players]


def test_scopa_conditioned_deals_follow_the_exact_law_and_keep_predealt_cards():
    g = get_game("scopa")
    n = 5000
    setup = g.setup({}, "random", players=2, dealer=1,
                    conditions={"hands": {"me": "1O"}, "where": "count(me, '7') >= 1"})
    deck = setup.conditions.deck
    out, table, hands = _scopa_dealt(setup, 17, n)
    assert (out["dealer"] == 1).all()
    assert has(hands[:, 0], deck.card("1", "O")).all()
    sevens = np.uint64(sum(1 << deck.card("7", s) for s in deck.suits))
    k = np.bitwise_count(hands[:, 0] & sevens).astype(np.int64)
    # the hands are uniform whatever the kings' relay: the ace and 2 of the 39 other cards
    law = {j: hyper(39, 4, 2, j) for j in (1, 2)}
    tot = sum(law.values())
    counts = np.bincount(k, minlength=4)
    assert counts[0] == 0 and counts[3] == 0
    for j, q in law.items():
        assert within(counts[j], n, float(q / tot)), (j, counts)
    # the relay's law: a table never shows 3 kings (rule kings_relay=3)
    kings = np.isin(table, [deck.card("K", s) for s in deck.suits]).sum(axis=1)
    assert kings.max() < 3
    # a predealt table card lies on the table
    s2 = g.setup({}, "random", players=2, conditions={"hands": {"table": "2C", "me": "7B"}})
    out2, table2, hands2 = _scopa_dealt(s2, 3, 300)
    assert (table2 == deck.card("2", "C")).any(axis=1).all()
    assert has(hands2[:, 0], deck.card("7", "B")).all()
    whole = g.run_chunk(setup, 17, 0, 200)
    parts = np.concatenate([g.run_chunk(setup, 17, 0, 90), g.run_chunk(setup, 17, 90, 110)])
    assert (whole == parts).all()


def test_odds_tables_hold_the_exact_probability_of_each_holding():
    r = simcore.odds("sueca", dealer=1, deals=2000, seed=6, table=True, progress=False)
    t = r.tables["trumps"].set_index("holding")
    t.index = t.index.astype(int)
    assert list(t.index) == list(range(10))          # 10 trumps: impossible, not shown
    for k in range(10):
        assert t.loc[k, "exact"] == pytest.approx(float(hyper(39, 9, 10, k)), rel=1e-12)
        assert Fraction(t.loc[k, "exact_fraction"]) == hyper(39, 9, 10, k)
    assert t["deals"].sum() == 2000
    for k in range(10):
        assert within(int(t.loc[k, "deals"]), 2000, float(hyper(39, 9, 10, k)))


def test_simulate_cli_takes_the_conditions(capsys):
    code = main(["simulate", "sueca", "--hand", "me=AS 7S", "--trump-suit", "S", "--dealer", "1",
                 "-n", "500", "--seed", "4", "--json"])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["deals"] == 500
    assert "me=AS 7S" in d["conditions"] and "trump suit=S" in d["conditions"]
    setup = SUECA.setup({}, "random", dealer=1,
                        conditions={"hands": {"me": "AS 7S"}, "trump_suit": "S"})
    recs = SUECA.run_chunk(setup, 4, 0, 500)
    assert d["outcomes"]["team0_single"]["count"] == int(
        ((recs["points_team0"] >= 61) & (recs["points_team0"] < 91)).sum())


def test_a_win_is_the_same_deals_in_simulate_and_odds(capsys):
    """One vocabulary: simulate's deals won (61+), the sum of its single, double and bandeira
    and odds' win (61+) count the same deals; the text shows each kind's range."""
    argv = ["sueca", "--hand", "me=AS 7S", "--trump-suit", "S", "--dealer", "1", "-n", "500",
            "--seed", "4"]
    assert main(["simulate", *argv, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert main(["odds", *argv, "--json"]) == 0
    o = json.loads(capsys.readouterr().out)
    kinds = [k.split("_", 1)[1] for k in d["outcomes"] if k.startswith("team0_")]
    assert kinds == ["single", "double", "bandeira"]
    won = sum(d["outcomes"][f"team0_{k}"]["count"] for k in kinds)
    assert o["seat"] == "me" and o["outcomes"]["win"]["label"] == "won (61+ points)"
    assert won == d["winners"]["team0"]["count"] == o["outcomes"]["win"]["count"]
    assert 0 < d["outcomes"]["team0_double"]["count"] < won
    assert main(["simulate", *argv]) == 0
    text = capsys.readouterr().out
    for row in ("tie (60-60)", "team0 single (61-90)", "team1 double (91+)",
                "dealer team bandeira (every trick)", "deals won (61+)"):
        assert f"\n  {row} " in text or f"\n{row}\n" in text, row


# --- the auction games (Sueca Italiana here; Briscola chiamata and Brisca rematada deal through
# the same hooks, their layouts are checked in test_conditions_layout.py) -------------------------
def test_sueca_italiana_conditioned_deals_follow_the_exact_law_and_keep_predealt_cards():
    from simcore.sueca_italiana import nb as inb
    g = get_game("sueca_italiana")
    n = 4000
    setup = g.setup({}, "random", dealer=2,
                    conditions={"hands": {"dealer+1": "AS"}, "where": "count(me, 'A') >= 2"})
    deck = setup.conditions.deck
    tr = inb.trace_buffers(n)
    recs = g.play_deals(setup, 5, 0, n, trace=tr)
    hands = tr[0].astype(np.uint64)
    assert (recs["dealer"] == 2).all()
    assert has(hands[:, 3], deck.card("A", "S")).all()            # dealer+1 = seat 3
    aces = np.uint64(sum(1 << deck.card("A", s) for s in deck.suits))
    k = np.bitwise_count(hands[:, 0] & aces).astype(np.int64)
    # seat 0 holds 8 of the 39 cards the AS is not, 3 of them aces; it needs 2 or 3
    law = {j: hyper(39, 3, 8, j) for j in (2, 3)}
    tot = sum(law.values())
    counts = np.bincount(k, minlength=4)
    assert counts[0] == counts[1] == 0
    for j, q in law.items():
        assert within(counts[j], n, float(q / tot)), (j, counts)
    # every card once per deal
    assert (np.bitwise_or.reduce(hands, axis=1) == np.uint64((1 << 40) - 1)).all()
    parts = np.concatenate([g.play_deals(setup, 5, 0, 64, trace=inb.trace_buffers(64)),
                            g.play_deals(setup, 5, 64, 136, trace=inb.trace_buffers(136))])
    assert (recs[:200] == parts).all()


@pytest.mark.parametrize("game", ["sueca_italiana", "briscola_chiamata", "brisca_rematada"])
def test_auction_games_take_conditions_and_refuse_trumps_in_one_line(game):
    from simcore.conditions import Conditions
    from simcore.errors import TrunfoError
    c = Conditions(game, hands={"me": "1O" if game != "sueca_italiana" else "AS"},
                   where="points(me) >= 30")
    assert 0 < c.exact().condition < 1
    with pytest.raises(TrunfoError) as e:
        Conditions(game, where="trumps(me) >= 2")
    assert "\n" not in str(e.value)
    with pytest.raises(TrunfoError) as e:
        Conditions(game, trump_suit="S" if game == "sueca_italiana" else "O")
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("game, argv, words", [
    ("sueca_italiana", ["--table"], "no standard tables"),
    ("briscola_chiamata", ["--where", "trumps(me) >= 2"], "named in the auction"),
    ("brisca_rematada", ["--trump-suit", "O"], "named in the auction"),
])
def test_odds_cli_auction_games_refuse_what_they_lack_in_one_line(capsys, game, argv, words):
    code = main(["odds", game, "-n", "10", *argv])
    out, err = capsys.readouterr()
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], err


def test_records_are_the_conditioned_deals_simulate_plays(tmp_path, capsys):
    """game_records / trunfo records with conditions: every record's hands satisfy the
    predeal, the trump and the condition, and the records are deal for deal the deals the
    same conditioned simulate plays (dealer, trumps by seat, points by team)."""
    cond = {"hands": {"dealer": "AS 7S"}, "trump": "2S", "where": "trumps(dealer) >= 5"}
    n, seed = 40, 5
    r = simcore.simulate("sueca", deals=n, seed=seed, conditions=cond, keep_deals=True,
                         progress=False)
    recs = list(simcore.game_records("sueca", deals=n, seed=seed, conditions=cond, chunk=16))
    assert [x["deal"] for x in recs] == list(range(n))
    f = r.frame
    assert [x["dealer"] for x in recs] == f["dealer"].tolist()
    assert [x["points"] for x in recs] == f[["points_team0", "points_team1"]].values.tolist()
    trumps = [[sum(c[-1] == "S" for c in hand) for hand in x["hands"]] for x in recs]
    assert trumps == f[[f"trumps_seat{s}" for s in range(4)]].values.tolist()
    for x in recs:
        mine = x["hands"][x["dealer"]]
        assert {"AS", "7S", "2S"} <= set(mine) and x["trump"] == "2S"
        assert sum(c[-1] == "S" for c in mine) >= 5
    assert len({x["dealer"] for x in recs}) > 1          # the dealer still rotates
    # the command writes the same records
    out = tmp_path / "c.jsonl"
    assert main(["records", "sueca", "-n", str(n), "--seed", str(seed), "--hand",
                 "dealer=AS 7S", "--trump", "2S", "--where", "trumps(dealer) >= 5",
                 "--out", str(out), "--threads", "2", "--no-progress"]) == 0
    assert [json.loads(x) for x in out.read_text().splitlines()] == recs
    capsys.readouterr()


@pytest.mark.parametrize("argv, words", [
    (["--rubbers", "--hand", "0=AS"], ["--hand", "--rubbers"]),
    (["--hand", "0AS"], ["bad --hand", "SEAT=CARDS"]),
    (["--where", "trumps(me) >"], ["trumps(me) >"]),
])
def test_records_conditions_errors_are_one_line(capsys, argv, words):
    assert main(["records", "sueca", "-n", "5", "--out", "-"] + argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("trunfo: error:"), err
    for w in words:
        assert w in err, err
    with pytest.raises(simcore.TrunfoError, match="not go with rubbers"):
        simcore.game_records("sueca", rubbers=True, conditions={"hands": {"0": "AS"}})


def test_odds_are_seen_from_the_one_seat_the_conditions_name():
    """A condition given only in --where about dealer+2 is seen from dealer+2, as with
    --seat dealer+2 (it was seen from me); conditions naming two seats ask for --seat."""
    kw = dict(where="holds(dealer+2, 'AS 7S') and trumps(dealer+2) == 4", deals=400, seed=2,
              progress=False, threads=1)
    implied = simcore.odds("sueca", **kw)
    told = simcore.odds("sueca", seat="dealer+2", **kw)
    assert implied.seat == "dealer+2" and implied.outcomes.equals(told.outcomes)
    assert simcore.odds("sueca", hands={"dealer": "AS"}, where="trumps(dealer) >= 3",
                        deals=50, seed=1, progress=False).seat == "dealer"
    with pytest.raises(simcore.TrunfoError, match=r"name 2 seats \(dealer, dealer\+2\).*--seat"):
        simcore.odds("sueca", hands={"dealer": "AS"}, where="trumps(dealer+2) >= 3", deals=50)
    r = simcore.odds("sueca", hands={"dealer": "AS"}, where="trumps(dealer+2) >= 3", deals=50,
                     seed=1, seat="dealer+2", progress=False)
    assert r.seat == "dealer+2"


def test_odds_plays_on_the_kernel_simulate_compiled_for_the_table():
    """Every deal source is one type (simcore.deal): conditioned deals and given decks run
    the kernel of shuffled ones (docs/conditioned-dealing.md, "In the kernels")."""
    from simcore import _jit
    from simcore.deal import SHUFFLED, given
    from simcore.sueca import nb

    def kernels():
        return {k for k in _jit._ENTRY_POINTS if k[0].py_func is nb._run_deals.py_func}

    setup = SUECA.setup({}, ("random",))
    out = np.empty(5, SUECA.record_dtype)
    SUECA.run_chunk(setup, 3, 0, 5, out, source=SHUFFLED)
    after_shuffled = kernels()
    decks = np.array([np.random.default_rng(i).permutation(40) for i in range(5)])
    SUECA.run_chunk(setup, 3, 0, 5, out, source=given(decks))
    assert main(["odds", "sueca", "-n", "50", "--seed", "3", "--hand", "me=AS 7S",
                 "--threads", "1", "--json"]) == 0
    assert kernels() == after_shuffled
