"""``trunfo solve`` and ``trunfo simulate --par``: outputs, files, one-line errors."""
import json

import pyarrow.parquet as pq
import pytest

from experiments.cli import main
from solver_brute import Rules
from solver_brute import par_value
from solver_checks import in_play, replay_line
from simcore.brisca.enums import DECK


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def brisca_records(tmp_path_factory):
    path = tmp_path_factory.mktemp("solve") / "brisca.jsonl"
    assert main(["records", "brisca", "-n", "3", "--seed", "5", "--out", str(path)]) == 0
    return path


def test_solve_prints_par_and_a_best_line_that_reaches_it(capsys, brisca_records):
    code, out, err = run(capsys, "solve", "brisca", "--record", str(brisca_records),
                         "--deal", "1", "--json")
    assert code == 0
    d = json.loads(out)
    rec = [json.loads(x) for x in open(brisca_records)][1]
    assert d["deal"] == 1 and d["unit"] == "points"
    assert sum(d["par"]) == 120
    assert list(d["par"]) in d["moves"].values()      # some opening card keeps the par
    assert max(v[0] for v in d["moves"].values()) == d["par"][0]   # seat 0 leads deal 1
    parse = DECK.parse_card
    hands = [[parse(c) for c in h] for h in rec["hands"]]
    stock = [parse(c) for c in rec["stock"]]
    rules = Rules("brisca", 2, DECK.suit_of(parse(rec["trump"])))
    line = [(s, parse(c)) for s, c in d["line"]]
    assert len(line) == 40
    replay_line(rules, hands, (rec["dealer"] + 1) % 2, [], stock, False, line, d["par"][0])
    code, out, err = run(capsys, "solve", "brisca", "--record", str(brisca_records),
                         "--deal", "1")
    assert code == 0
    assert f"side 0 {d['par'][0]} points, side 1 {d['par'][1]} points" in out
    assert "one best line:" in out and " 20. " in out


@pytest.mark.parametrize("content,args,message", [
    (None, (), "cannot read"),
    ("{not json\n", (), "line 1 is not JSON"),
    ('{"game": "sueca", "deal": 0}\n', (), "is a record of 'sueca', not brisca"),
    ('[1, 2]\n', (), "is not a game record"),
    (None, ("--deal", "99"), "deal 99 is not in"),
])
def test_solve_errors_are_one_line_exit_2(capsys, tmp_path, brisca_records, content, args,
                                          message):
    path = brisca_records if content is None and args else tmp_path / "r.jsonl"
    if content is not None:
        path.write_text(content)
    code, out, err = run(capsys, "solve", "brisca", "--record", str(path), *args)
    assert code == 2
    assert message in err and err.count("\n") == 1 and out == ""


def test_solve_names_the_games_it_plays(capsys, brisca_records):
    code, out, err = run(capsys, "solve", "scopa", "--record", str(brisca_records))
    assert code == 2 and "valid games: sueca, brisca, spades" in err


def test_simulate_par_adds_the_summary_and_parquet_columns(capsys, tmp_path, brisca_records):
    path = tmp_path / "deals.parquet"
    code, out, err = run(capsys, "simulate", "brisca", "-n", "3", "--seed", "5", "--par",
                         "--json", "--out", str(path), "--threads", "2")
    assert code == 0
    p = json.loads(out)["par"]
    assert p["deals"] == 3 and sum(p["distribution_side0"]) == 3
    df = pq.read_table(path).to_pandas()
    assert ((df["par_side0"] + df["par_side1"]) == 120).all()
    assert p["mean_side0"] == pytest.approx(df["par_side0"].mean())
    # the par of a simulated deal is the par of its record
    code, out, err = run(capsys, "solve", "brisca", "--record", str(brisca_records), "--deal",
                         "2", "--json")
    assert json.loads(out)["par"][0] == df["par_side0"][2]
    code, out, err = run(capsys, "simulate", "brisca", "-n", "2", "--seed", "5", "--par")
    assert code == 0 and "par (double dummy" in out and "side 0 points: mean" in out


def test_par_errors(capsys):
    code, out, err = run(capsys, "simulate", "scopa", "-n", "2", "--par")
    assert code == 2 and "no double-dummy solver for scopa" in err
    code, out, err = run(capsys, "simulate", "sueca", "-n", "2", "--par", "--rubbers")
    assert code == 2 and "--par" in err


def _broken(rec: dict, how: str) -> dict:
    r = json.loads(json.dumps(rec))
    if how == "card_twice":
        r["hands"][1][0] = r["hands"][0][0]
    elif how == "hand_sizes":
        r["hands"][1].append(r["hands"][0].pop())
    elif how == "empty_hands":
        r["hands"] = [[], []]
    elif how == "dealer":
        r["dealer"] = -7
    elif how == "stock_repeats_a_hand":
        r["stock"][0] = r["hands"][0][0]
    elif how == "nine_players":
        r["players"] = 9
    elif how == "long_stock":
        r["stock"] = r["stock"] * 3
    return r


@pytest.mark.parametrize("how,message", [
    ("card_twice", "is dealt twice (hands[0] and hands[1])"),
    ("hand_sizes", "hands[0]: holds 2 cards"),
    ("empty_hands", "hands[0]: holds 0 cards"),
    ("dealer", "dealer: seat -7 does not exist"),
    ("stock_repeats_a_hand", "is dealt twice"),
    ("nine_players", "players: 9 is not a player count of brisca"),
    ("long_stock", "stock: holds 102 cards"),
])
def test_solve_checks_the_deal_as_check_records_does(capsys, tmp_path, brisca_records, how,
                                                     message):
    """An impossible deal was solved (a par of 128 of 120 points) or gave a traceback."""
    rec = json.loads(open(brisca_records).readline())
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(_broken(rec, how)) + "\n")
    code, out, err = run(capsys, "solve", "brisca", "--record", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "is not a valid record" in err and message in err


def test_solve_and_check_records_read_brackets_nested_too_deep(capsys, tmp_path):
    path = tmp_path / "deep.jsonl"
    path.write_text("[" * 100_000 + "\n")
    code, out, err = run(capsys, "solve", "brisca", "--record", str(path))
    assert code == 2 and "nested too deeply" in err and err.count("\n") == 1
    code, out, err = run(capsys, "check-records", str(path))
    assert code != 0 and "nested too deeply" in out + err


# --- a deal typed by hand, and positions after the cards played so far -----------------------
def _follow(rules, hands, leader, stock, cards):
    """The position after ``cards`` by the reference rules (tests/solver_brute.py), not the
    solver: ``(hands, leader, trick, stock, broken, taken)``."""
    n = rules.players
    hands, stock, trick, taken, broken = [sorted(h) for h in hands], list(stock), [], [0, 0], False
    for card in cards:
        seat = (leader + len(trick)) % n
        assert card in rules.legal(tuple(hands[seat]), tuple(trick), broken)
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) == n:
            win = (leader + rules.winner(trick)) % n
            taken[win % 2] += sum(rules.points[c] for c in trick) + rules.trick_value
            broken = broken or any(rules.is_trump(c) for c in trick)
            for k in range(n if stock else 0):
                hands[(win + k) % n].append(stock.pop(0))
            trick, leader = [], win
    return hands, leader, trick, stock, broken, taken


def _reference_rules(game, rec, deck):
    if game == "spades":
        return Rules("spades")
    trump = deck.suit_of(deck.parse_card(rec["trump"]))
    return Rules(game, rec["players"], trump)


@pytest.mark.parametrize("game,left", [("sueca", 8), ("sueca", 9), ("spades", 9),
                                       ("brisca", 5)])
def test_solve_a_typed_deal_after_the_cards_played(capsys, tmp_path, game, left):
    """A record's deal typed with --hands (and --trump, --stock, --dealer), after all but
    ``left`` of its cards were played: the same answer as the record itself, and the par the
    brute force finds from the position the reference rules reach, plus what was taken."""
    from simcore.games import get_game
    path = tmp_path / "r.jsonl"
    assert main(["records", game, "-n", "1", "--seed", "11", "--out", str(path)]) == 0
    capsys.readouterr()
    rec = json.loads(path.read_text())
    deck = get_game(game).solver.config(rec["players"], rec["rules"]).deck
    cards = [c for _, c in rec["plays"]]
    played = " ".join(cards[:len(cards) - left])
    typed = ["--hands", " / ".join(" ".join(h) for h in rec["hands"]), "--dealer",
             str(rec["dealer"])]
    if game != "spades":
        typed += ["--trump", rec["trump"] if not rec["stock"] else rec["trump"][1]]
    if rec["stock"]:
        typed += ["--stock", " ".join(rec["stock"])]
    options = {o.name for o in get_game(game).rules.options}
    typed += [f"--rule={k}={str(v).lower() if isinstance(v, bool) else v}"
              for k, v in rec["rules"].items() if k in options and v is not None]
    code, out, err = run(capsys, "solve", game, *typed, "--played", played, "--json")
    assert code == 0, err
    d = json.loads(out)
    code, out, err = run(capsys, "solve", game, "--record", str(path), "--played", played,
                         "--json")
    assert code == 0, err
    r = json.loads(out)
    for k in ("seed", "deal", "seconds"):
        d.pop(k), r.pop(k)
    assert d == r
    rules = _reference_rules(game, rec, deck)
    hands = [[deck.parse_card(c) for c in h] for h in rec["hands"]]
    stock = [deck.parse_card(c) for c in rec["stock"]]
    n = rec["players"]
    h, leader, trick, st, broken, taken = _follow(rules, hands, (rec["dealer"] + 1) % n, stock,
                                                  [deck.parse_card(c) for c in played.split()])
    assert d["taken"] == taken and d["to_move"] == (leader + len(trick)) % n
    total = in_play(rules, h, trick, st)
    best0 = par_value(rules, h, leader, tuple(trick), tuple(st), broken)
    assert d["par"] == [taken[0] + best0, taken[1] + total - best0]
    code, out, err = run(capsys, "solve", game, *typed, "--played", played)
    assert code == 0 and f"taken so far: side 0 {taken[0]} " in out
    assert ("on the table: " in out) == bool(trick)


@pytest.mark.parametrize("args,message", [
    (["--hands", "AS 7S / KS / QS / JS"], "every seat must hold as many cards"),
    (["--hands", "AS / AS / QS / JS"], "card AS is dealt twice"),
    (["--hands", "AS / KS / QS"], "--hands names 3 hands"),
    (["--hands", "AS / KS / QS / JS"], "name the trump: --trump CARD"),
    (["--hands", "AS / KS / QS / JS", "--trump", "X"], "bad card 'X'"),
    (["--hands", "AS / KS / QS / JS", "--trump", "S", "--stock", "2C 3C 4C 5C"],
     "sueca has no stock"),
    (["--hands", "AS / KS / QS / JS", "--trump", "S", "--dealer", "4"],
     "--dealer 4 is not a seat"),
    (["--hands", "AS / KS / QS / JS", "--trump", "S", "--rule", "colour=red"],
     "unknown rule 'colour' for sueca"),
    (["--hands", "AS 2H / KS 3H / QS 4H / JS 5H", "--trump", "S", "--played", "AS 3H"],
     "seat 1 may not play 3H there (the follow and break rules); legal: KS"),
    (["--hands", "AS 2H / KS 3H / QS 4H / JS 5H", "--trump", "S", "--played", "AS 2H"],
     "seat 1, to play, does not hold 2H; it holds 3H KS"),
    (["--hands", "AS / KS / QS / JS", "--trump", "S", "--played", "AS KS QS JS"],
     "the deal is over after the cards played"),
    (["--hands", "AS / KS / QS / JS", "--trump", "S", "--deal", "2"],
     "--deal goes with --record"),
])
def test_solve_typed_deal_errors_are_one_line_exit_2(capsys, args, message):
    code, out, err = run(capsys, "solve", "sueca", *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1, err


def test_solve_a_record_takes_no_typed_deal_options(capsys, brisca_records):
    code, out, err = run(capsys, "solve", "brisca", "--record", str(brisca_records),
                         "--trump", "S")
    assert code == 2 and "--trump go(es) with --hands" in err


def test_spades_trump_is_not_typed(capsys):
    code, out, err = run(capsys, "solve", "spades", "--hands", "AS / KS / QS / JS", "--trump",
                         "H")
    assert code == 2 and "always spades (S); leave out --trump" in err
