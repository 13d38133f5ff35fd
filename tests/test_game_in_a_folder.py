"""A game is one folder: Twenty (``tests/twenty/``: its Game object, kernel, view,
scoring, records, strategies and records checker) is made entirely outside trunfo's
packages, registered with ``simcore.games.register_game`` (or an installed package's
entry points), and every command plays it by name through the CLI's own ``main``, with
no line of trunfo naming it.  The worked example of docs/adding-a-game.md.

The game's kernel is compiled for one table only (random against greedy, shuffled and
conditioned deals): every test seats those two."""
import json
import os
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

import simcore
from experiments.cli import main
from simcore.errors import TrunfoError
from simcore.game import Game
from simcore.games import all_games, get_game, register_game, unregister_game

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SEATS = ("random", "greedy")


@pytest.fixture(scope="module")
def twenty():
    """The game registered for this module's tests, and forgotten after them (other test
    files in the same worker see trunfo's own games only)."""
    import twenty.strategies  # noqa: F401  (registers random and greedy for "twenty")
    from twenty.game import TWENTY
    register_game(TWENTY)
    yield TWENTY
    unregister_game("twenty")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- the rules, deal for deal -------------------------------------------------------------
@pytest.mark.parametrize("rules,dealer,seats", [({}, None, SEATS),
                                                ({"last_trick": 5}, 1, SEATS[::-1])])
def test_kernel_matches_the_reference_deal_for_deal(twenty, rules, dealer, seats):
    """The plain-Python reference (tests/twenty/reference.py, from the rules and
    docs/rng.md alone) deals and plays every deal as the kernel does."""
    from twenty import reference
    recs = list(simcore.game_records("twenty", deals=60, seed=11, strategies=seats,
                                     rules=rules, dealer=dealer))
    assert [r["deal"] for r in recs] == list(range(60))
    for r in recs:
        ref = reference.play_deal(11, r["deal"], seats, rules.get("last_trick", 0), dealer)
        assert r["dealer"] == ref["dealer"]
        assert r["hands"] == [twenty.deck.format_hand(sum(1 << c for c in h))
                              for h in ref["hands"]]
        assert [tuple(p) for p in r["plays"]] == ref["plays"], r["deal"]
        assert r["points"] == ref["points"], r["deal"]


def test_invariants_of_many_deals(twenty):
    """Whatever the deal: five tricks, points within the deck's, the outcome from the points,
    and every record passes the game's own checker."""
    from twenty import check, enums
    setup = twenty.setup({"last_trick": 5}, SEATS)
    recs = twenty.run_chunk(setup, 3, 0, 3000)
    assert (recs["tricks_seat0"] + recs["tricks_seat1"] == 5).all()
    p0, p1 = recs["points_seat0"].astype(int), recs["points_seat1"].astype(int)
    assert ((p0 + p1 >= 5) & (p0 + p1 <= 2 * 16 + 5)).all()     # 10 cards: at most 4A 4K 2Q
    want = [0 if a == b else (1 if a > b else 2) for a, b in zip(p0, p1)]
    assert recs["outcome"].tolist() == want
    assert set(recs["dealer"].tolist()) == {0, 1}
    for r in twenty.records(setup, 3, 0, 200):
        dealt = [c for h in r["hands"] for c in h]
        assert r["points"][0] + r["points"][1] == 5 + sum(
            int(enums.POINTS[twenty.deck.parse_card(c)]) for c in dealt)
        assert check.check_record(r) == []


def test_the_games_checker_finds_a_broken_record(twenty):
    from twenty.check import check_record
    r = next(iter(simcore.game_records("twenty", deals=1, seed=2, strategies=SEATS)))
    assert check_record(r) == []
    bad = dict(r, points=[r["points"][0] + 1, r["points"][1]])
    assert any(p.startswith("points:") for p in check_record(bad))
    (s0, c0), (s1, c1) = r["plays"][:2]
    swapped = dict(r, plays=[[s0, c1], [s1, c0]] + r["plays"][2:])
    assert check_record(swapped)


# --- the registry ---------------------------------------------------------------------------
def test_the_registry_refuses_in_one_line(twenty):
    assert get_game("twenty") is twenty and "twenty" in all_games()
    assert register_game(twenty) is twenty                       # again: nothing happens
    other = type(twenty)()
    with pytest.raises(TrunfoError, match="game 'twenty' is already registered by twenty.game"):
        register_game(other)
    with pytest.raises(TrunfoError, match="already registered by trunfo"):
        register_game(type("Sueca2", (type(twenty),), {"name": "sueca"})())
    with pytest.raises(TrunfoError, match="lower-case letters"):
        register_game(type("Bad", (type(twenty),), {"name": "Twenty 2"})())

    class Half(Game):
        name = "half"
        title = "half a game"
    with pytest.raises(TrunfoError, match=r"game 'half' does not declare deck, rules, .*"
                                          r"run_chunk, .*see docs/adding-a-game.md"):
        register_game(Half())
    class OldChunks(type(twenty)):
        name = "old_chunks"
        rules = type(twenty.rules)("old_chunks", twenty.rules.options)

        def run_chunk(self, setup, seed, start, count, out=None):
            return super().run_chunk(setup, seed, start, count, out)
    with pytest.raises(TrunfoError, match="its run_chunk must take source="):
        register_game(OldChunks())
    with pytest.raises(TrunfoError, match="takes a simcore.game.Game"):
        register_game("twenty")
    with pytest.raises(TrunfoError, match="one of trunfo's own"):
        unregister_game("sueca")


# --- every command, by name -------------------------------------------------------------------
def test_rules_and_strategies_list_it(twenty, capsys):
    code, out, _ = run(capsys, "rules")
    assert code == 0 and any(line.split()[0] == "twenty" and "(players: 2)" in line
                             for line in out.splitlines())
    code, out, _ = run(capsys, "rules", "twenty", "--json")
    assert code == 0 and json.loads(out)["last_trick"]["allowed"] == [0, 5]
    code, out, _ = run(capsys, "strategies", "twenty", "--json")
    assert code == 0 and set(json.loads(out)["twenty"]) == {"random", "greedy"}


def test_simulate_records_and_check_records(twenty, capsys, tmp_path):
    """simulate and records play the same deals (same seed): the outcomes simulate counts
    are those of the records; check-records runs the game's own checker on them."""
    code, out, _ = run(capsys, "simulate", "twenty", "-n", 400, "--seed", 9, "--seats",
                       ",".join(SEATS), "--json")
    assert code == 0
    s = json.loads(out)
    path = tmp_path / "t.jsonl"
    code, _, _ = run(capsys, "records", "twenty", "-n", 400, "--seed", 9, "--seats",
                     ",".join(SEATS), "--out", path)
    assert code == 0
    recs = [json.loads(x) for x in path.read_text().splitlines()]
    tally = Counter(r["result"]["outcome"] for r in recs)
    assert {k: v["count"] for k, v in s["outcomes"].items()} == \
        {k: tally.get(k, 0) for k in ("tie", "seat0_win", "seat1_win")}
    code, out, _ = run(capsys, "check-records", path)
    assert code == 0 and out.strip() == "400 records in 1 file: all fine"

    bad = dict(recs[0], points=[recs[0]["points"][0] + 1, recs[0]["points"][1]])
    path.write_text(json.dumps(bad) + "\n" + json.dumps(recs[1]) + "\n")
    code, out, _ = run(capsys, "check-records", path)
    assert code == 1 and f"{path}:1: points: " in out and ":2:" not in out


def test_check_records_says_when_a_game_has_no_checker(twenty, capsys, tmp_path, monkeypatch):
    """A registered game that declares no checker: its records are not checked, said in one
    line per file; not problems."""
    path = tmp_path / "t.jsonl"
    assert run(capsys, "records", "twenty", "-n", 3, "--seats", ",".join(SEATS),
               "--out", path)[0] == 0
    monkeypatch.setattr(twenty, "check_record", None)
    code, out, _ = run(capsys, "check-records", path)
    assert code == 0
    assert out.splitlines() == [f"{path}: 3 records of twenty not checked: the game declares "
                                f"no records checker (Game.check_record)",
                                "3 records in 1 file (3 not checked): none checked"]


def test_odds_with_a_predealt_hand_and_a_condition(twenty, capsys):
    """The exact odds, counted here by hand, and conditioned deals that hold the predealt
    cards and satisfy --where."""
    code, out, err = run(capsys, "odds", "twenty", "--hand", "0=AS KS", "--where",
                         "points(1) >= 6", "--seat", "0", "-n", 500, "--seats", ",".join(SEATS),
                         "--json")
    assert code == 0, err
    d = json.loads(out)
    o = d["outcomes"]
    assert d["deals"] == 500 and o["win"]["count"] + o["tie"]["count"] + o["loss"]["count"] == 500
    # seat 0's five cards hold AS and KS: C(18, 3) / C(20, 5); then seat 1's five are any
    # five of the other 18 cards
    assert Fraction(d["exact"]["predeal"]["fraction"]) == Fraction(comb(18, 3), comb(20, 5))
    from twenty.enums import POINTS
    rest = [c for c in range(20) if twenty.deck.format_card(c) not in ("AS", "KS")]
    good = sum(1 for h in combinations(rest, 5) if sum(int(POINTS[c]) for c in h) >= 6)
    assert Fraction(d["exact"]["condition"]["fraction"]) == Fraction(good, comb(18, 5))
    setup = twenty.setup({}, SEATS, conditions={"hands": {0: "AS KS"},
                                                "where": "points(1) >= 6"})
    for r in twenty.records(setup, 0, 0, 100):       # the deals odds plays, with their cards
        assert {"AS", "KS"} <= set(r["hands"][0])
        assert sum(int(POINTS[twenty.deck.parse_card(c)]) for c in r["hands"][1]) >= 6


def test_compare_and_tournament(twenty, capsys):
    code, out, _ = run(capsys, "compare", "twenty", "--strategies", ",".join(SEATS), "-n", 300,
                       "--json")
    assert code == 0
    d = json.loads(out)
    assert (d["game"], d["deals"], d["games"]) == ("twenty", 300, 600)
    assert sum(d["pentanomial"]) == 300
    code, out, _ = run(capsys, "tournament", "twenty", "--strategies", ",".join(SEATS), "-n",
                       300, "--json")
    assert code == 0
    t = json.loads(out)
    assert [m["pentanomial"] for m in t["matches"]] == [d["pentanomial"]]   # the same deals


def test_what_it_does_not_have_is_refused_in_one_line(twenty, capsys):
    code, _, err = run(capsys, "simulate", "twenty", "--rubbers", "-n", 5)
    assert code == 2 and err.strip() == "trunfo: error: twenty has no rubbers"
    code, _, err = run(capsys, "solve", "twenty", "--record", "x.jsonl")
    assert code == 2 and err.startswith("trunfo: error: no double-dummy solver for twenty;")
    code, _, err = run(capsys, "simulate", "twenty", "--par", "-n", 5, "--seats", ",".join(SEATS))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "twenty" in err
    code, _, err = run(capsys, "simulate", "twenty", "--players", 3)
    assert code == 2 and "twenty is played by 2 players" in err


def test_a_study_and_its_report(twenty, capsys, tmp_path):
    spec = tmp_path / "twenty.toml"
    spec.write_text('title = "Twenty: greedy against random"\ngame = "twenty"\n'
                    'strategies = ["greedy", "random"]\ndeals = 1000\nseed = 7\n'
                    '[rules]\nlast_trick = 5\n[outputs]\nformats = ["markdown"]\n'
                    'figures = []\n[report]\nsections = ["sides", "metadata"]\n')
    out_dir = tmp_path / "run"
    code, _, err = run(capsys, "run", spec, "--out", out_dir, "--no-report")
    assert code == 0, err
    code, _, err = run(capsys, "report", out_dir)
    assert code == 0, err
    md = (out_dir / "report" / "summary.md").read_text()
    assert md.startswith("# Twenty: greedy against random")
    assert "| seat 0 (greedy) | 1,000 |" in md and "twenty(last_trick=5)" in md
    assert "## Difference between the strategies (duplicate play)" in md


# --- an installed package: entry points ---------------------------------------------------------
def _installed(tmp_path, entry_points: str) -> dict:
    """An environment where a package's metadata (a ``.dist-info`` folder) declares
    ``entry_points``, as ``pip install`` of a package with them would leave it."""
    info = tmp_path / "twenty_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: twenty-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    path = os.pathsep.join([str(tmp_path), str(HERE), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path}


def _trunfo(env, *argv):
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, argv)],
                          capture_output=True, text=True, env=env, timeout=600)


def test_an_installed_package_adds_it_through_entry_points(twenty, tmp_path):
    env = _installed(tmp_path, "[trunfo.games]\ntwenty = twenty.game:TWENTY\n\n"
                               "[trunfo.strategies]\ntwenty = twenty.strategies\n")
    p = _trunfo(env, "simulate", "twenty", "-n", 300, "--seed", 4, "--seats", ",".join(SEATS),
                "--json", "--threads", 1)
    assert p.returncode == 0, p.stderr
    here = simcore.simulate("twenty", deals=300, seed=4, strategies=SEATS, threads=1)
    assert json.loads(p.stdout)["outcomes"] == \
        json.loads(json.dumps(here.summary["outcomes"]))


def test_a_broken_entry_point_is_one_line(tmp_path):
    env = _installed(tmp_path, "[trunfo.games]\nbroken = no_such_module:GAME\n")
    p = _trunfo(env, "rules")
    assert p.returncode == 2
    assert p.stderr.strip().splitlines() == [
        "trunfo: error: game of entry point 'broken' (no_such_module:GAME) failed to load: "
        "ModuleNotFoundError: No module named 'no_such_module'"]
