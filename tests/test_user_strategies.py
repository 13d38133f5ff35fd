"""Strategies written outside the engine: files, parameters, errors, entry points."""
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from experiments.cli import main
from simcore import strategy as S
from simcore.errors import TrunfoError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "trump_leader.py"


def test_the_documented_example_is_the_file_the_test_runs():
    doc = (ROOT / "docs" / "strategies.md").read_text()
    block = re.search(r"```python\n(\"\"\"A Sueca strategy of one's own.*?)```", doc, re.S)
    assert block and block.group(1) == EXAMPLE.read_text()
    assert len(EXAMPLE.read_text().splitlines()) <= 30


def test_the_documented_example_runs_through_compare(capsys):
    rc = main(["compare", "sueca", "--strategy-file", str(EXAMPLE), "--strategies",
               "trump_leader(lead_at=5),greedy", "-n", "300", "--seed", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert out["strategies"] == ["trump_leader(lead_at=5)", "greedy"]
    assert out["deals"] == 300


def test_strategies_lists_a_files_strategies_with_their_parameters(capsys):
    assert main(["strategies", "sueca", "--strategy-file", str(EXAMPLE), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)["sueca"]
    assert table["trump_leader"]["origin"] == str(EXAMPLE)
    assert [p["name"] for p in table["trump_leader"]["params"]] == ["lead_at"]
    assert [p["name"] for p in table["expert"]["params"]][:2] == ["lead_trumps_at", "keep_seven"]


def _cli(tmp_path, source: str, seats: str):
    f = tmp_path / "mine.py"
    f.write_text(textwrap.dedent(source))
    r = subprocess.run([sys.executable, "-m", "experiments.cli", "simulate", "sueca", "-n", "50",
                        "--strategy-file", str(f), "--seats", seats], cwd=tmp_path,
                       capture_output=True, text=True, env=_env())
    lines = r.stderr.strip().splitlines()
    return r.returncode, [ln for ln in lines if not ln.startswith(("compiling ", "compiled "))]


def _env():
    import os
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


HEAD = "from simcore.strategy import strategy\n"


@pytest.mark.parametrize("source, seats, message", [
    (HEAD + "def f(:\n", "random", "mine.py: syntax error at line 2"),
    ("x = 1\n", "random", "mine.py registers no strategy"),
    (HEAD + "@strategy('sueca')\ndef oops(v, legal, u, p):\n    return v.colour\n",
     "oops,random,random,random", "strategy oops (" + "{f}" + "): its play policy reads 'colour'"),
    (HEAD + "@strategy('sueca')\ndef floaty(v, legal, u, p):\n    return 1.5\n",
     "floaty,random,random,random", "its play policy returns float64, not an integer"),
    (HEAD + "raise RuntimeError('no luck')\n", "random", "mine.py: RuntimeError: no luck"),
])
def test_an_error_in_a_users_file_is_one_line_naming_it(tmp_path, source, seats, message):
    rc, err = _cli(tmp_path, source, seats)
    assert rc == 2
    assert len(err) == 1 and err[0].startswith("trunfo: error: ")
    assert message.replace("{f}", str(tmp_path / "mine.py")) in err[0]


def test_an_illegal_card_is_never_played(tmp_path, capsys):
    """The kernel stops before playing it; the CLI says so in one line, exit code 2."""
    f = tmp_path / "cheat.py"
    f.write_text(HEAD + "@strategy('sueca')\ndef cheat(v, legal, u, p):\n    return 0\n")
    rc = main(["simulate", "sueca", "-n", "20", "--dealer", "3", "--strategy-file", str(f),
               "--seats", "cheat,random,random,random"])
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith("trunfo")]
    assert rc == 2 and len(err) == 1
    assert f"strategy cheat ({f}) returned 2C, not a legal card, for seat 0 in deal 0 of " \
           f"sueca; the card was not played" in err[0]


def test_parameters_reach_the_policy(tmp_path):
    """lead_at changes the play: with lead_at=1 the seat leads trumps whenever it can, with
    lead_at=10 never (nobody leads holding ten trumps), so it plays as greedy does.  (The
    table of the compare test above: one compiled kernel.)"""
    import simcore
    S.load_file(str(EXAMPLE))

    def run(first):
        return simcore.simulate("sueca", deals=400, seed=3, strategies=(first, "greedy") * 2,
                                progress=False, threads=1).summary
    a, b = run("trump_leader(lead_at=1)"), run("trump_leader(lead_at=10)")
    c = simcore.simulate("sueca", deals=400, seed=3, strategies=("greedy",),
                         progress=False, threads=1).summary
    assert a["points_histogram_team0"] != b["points_histogram_team0"]
    assert b["points_histogram_team0"] == c["points_histogram_team0"]   # never 10 trumps


def test_bad_parameters_are_one_line():
    S.load_file(str(EXAMPLE))
    with pytest.raises(TrunfoError, match="valid parameters: lead_at"):
        S.lineup("sueca", ["trump_leader(lead=3)"], 4)
    with pytest.raises(TrunfoError, match=r"lead_at=11 .* allowed: an integer >= 1 and <= 10"):
        S.lineup("sueca", ["trump_leader(lead_at=11)"], 4)
    with pytest.raises(TrunfoError, match="write it as NAME or NAME"):
        S.lineup("sueca", ["trump_leader(lead_at=3"], 4)
    with pytest.raises(TrunfoError, match="lead_at is given twice"):
        S.lineup("sueca", ["trump_leader(lead_at=3,lead_at=9)"], 4)
    with pytest.raises(TrunfoError, match="lead_trumps_at is given twice"):
        S.lineup("sueca", ["expert(lead_trumps_at=3, lead_trumps_at=9)"], 4)


@pytest.mark.parametrize("make, message", [
    (lambda: S.Param("x", 0.5), "the default 0.5 is a float"),
    (lambda: S.Param("x", "a"), "a string parameter needs its choices"),
    (lambda: S.Param("x", 3, minimum=5), "the default 3 is not allowed; allowed: an integer >= 5"),
    (lambda: S.Param("x", 3, maximum=2.5), "minimum and maximum are integers of 64 bits"),
    (lambda: S.Param("x", "b", choices=("a", "c")), "the default b is not allowed"),
])
def test_a_bad_parameter_is_refused_where_it_is_defined(make, message):
    with pytest.raises(TrunfoError, match=message):
        make()


def test_an_unbounded_parameter_takes_only_values_its_policy_can_hold():
    """A parameter reaches its policy as an int64: past that it was an overflow."""
    p = S.Param("x", 3)
    assert p.coerce("mine", str(2 ** 63 - 1)) == 2 ** 63 - 1
    with pytest.raises(TrunfoError, match="allowed: an integer >= -9223372036854775808 and "
                                          "<= 9223372036854775807"):
        p.coerce("mine", "9" * 25)


def test_entry_points_register_strategies(monkeypatch, tmp_path):
    """An installed package's entry point (group trunfo.strategies) is imported; one that
    fails to load is one line naming it."""
    pkg = tmp_path / "ep_pkg.py"
    pkg.write_text(HEAD + "@strategy('sueca')\ndef from_ep(v, legal, u, p):\n"
                   "    return 63 - __import__('simcore.bits').bits.clz(legal)\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    class EP:
        def __init__(self, name, value):
            self.name, self.value = name, value

        def load(self):
            import importlib
            return importlib.import_module(self.value)

    import importlib.metadata as md
    monkeypatch.setattr(md, "entry_points",
                        lambda group=None: [EP("builtin", "strategies"), EP("mine", "ep_pkg")])
    monkeypatch.setitem(S._LOADED, "builtin", False)
    S.load_builtin()
    assert S.get("sueca", "from_ep").origin == "ep_pkg"
    assert S.get("sueca", "from_ep").cacheable      # an entry point's kernels are kept
    monkeypatch.setattr(md, "entry_points", lambda group=None: [EP("broken", "no_such_pkg")])
    monkeypatch.setitem(S._LOADED, "builtin", False)
    with pytest.raises(TrunfoError, match="entry point 'broken' .* failed to load"):
        S.load_builtin()


def test_a_study_spec_names_strategy_files(tmp_path):
    """``strategy_files`` in a spec, relative to the spec's folder: the study plays the
    file's strategy, and the run's identity carries the file's hash (an edited strategy is
    new data, not a resumable run)."""
    import os
    from experiments.spec import load_spec
    from experiments.study import read_manifest, run_study
    spec_path = tmp_path / "s.toml"
    rel = os.path.relpath(EXAMPLE, tmp_path)
    spec_path.write_text(f'title = "mine"\ngame = "sueca"\nstrategy_files = ["{rel}"]\n'
                         'strategies = ["trump_leader(lead_at=5)", "greedy", '
                         '"trump_leader(lead_at=5)", "greedy"]\ndeals = 300\nseed = 1\n')
    spec = load_spec(str(spec_path))
    assert [os.path.realpath(f) for f in spec.strategy_files] == [os.path.realpath(EXAMPLE)]
    r = run_study(spec, str(tmp_path / "run"), chunk=128, threads=1)
    assert r.complete and r.done == 300
    ident = read_manifest(str(tmp_path / "run"))["spec"]
    assert set(ident["strategy_files"]) == {"trump_leader.py"}
    # an edited file is another run (a file of its own: the example stays as it is)
    mine = tmp_path / "mine.py"
    mine.write_text(HEAD + "from simcore.bits import ctz\n@strategy('sueca')\ndef edit_probe(v, legal, u, p):\n"
                    "    return ctz(legal)\n")
    other = tmp_path / "o.toml"
    other.write_text('title = "mine"\ngame = "sueca"\nstrategy_files = ["mine.py"]\n'
                     'strategies = ["edit_probe"]\ndeals = 300\n')
    before = load_spec(str(other)).identity()
    mine.write_text(mine.read_text() + "# edited\n")
    assert load_spec(str(other)).identity() != before


@pytest.mark.parametrize("value, words", [('["nowhere.py"]', "nowhere.py"),
                                          ('"leader.py"', "list of file paths")])
def test_a_bad_strategy_files_entry_is_one_line(tmp_path, value, words):
    spec_path = tmp_path / "s.toml"
    spec_path.write_text(f'title = "mine"\ngame = "sueca"\nstrategy_files = {value}\n'
                         'deals = 300\n')
    r = subprocess.run([sys.executable, "-m", "experiments.cli", "run", str(spec_path),
                        "--out", str(tmp_path / "o")], capture_output=True, text=True,
                       env=_env())
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "strategy_files" in r.stderr and words in r.stderr
    assert not (tmp_path / "o").exists()


def test_an_illegal_scopa_move_is_never_played(tmp_path, capsys):
    """Scopa's moves are checked whole (a strategy that is not built in): laying a card that
    can capture is refused in one line naming the move, exit code 2.  The same kernel then
    plays the Scopa example of docs/strategies-examples.md against the layer made legal
    (lay=0: random's moves): every move legal, the example's checked by the kernel too."""
    import simcore
    f = tmp_path / "layer.py"
    f.write_text("import numpy as np\nfrom simcore.strategy import Param, strategy\n"
                 "from strategies.scopa import random_move\n\n\n"
                 "@strategy('scopa', params=[Param('lay', 1, minimum=0, maximum=1)])\n"
                 "def layer(v, legal, u, p):\n"
                 "    if p.lay == 0:\n"
                 "        return random_move(v.hand, v.table, v.counts, u, v.bmi2,\n"
                 "                           v.must_capture != 0)\n"
                 "    return legal & ~(legal - np.uint64(1))\n")
    example = ROOT / "docs" / "examples" / "settebello_first.py"
    rc = main(["simulate", "scopa", "-n", "20", "--dealer", "1", "--strategy-file", str(f),
               "--strategy-file", str(example), "--seats", "layer,settebello_first"])
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith("trunfo")]
    assert rc == 2 and len(err) == 1
    assert re.search(rf"strategy layer \({re.escape(str(f))}\) returned move [1-7JNK][OCEB], "
                     r"not a legal move, for seat 0 in deal \d+ of scopa; the move was not "
                     r"played$", err[0]), err[0]
    r = simcore.simulate("scopa", deals=40, seed=6,
                         strategies=("settebello_first", "layer(lay=0)"),
                         threads=1, progress=False)
    assert r.done == 40


def test_a_module_named_in_depends_joins_the_kernel_cache_key(tmp_path, monkeypatch):
    """A strategy that compiles in code from another module (pimc: the solver) names it in
    ``depends``: a change of that module's source gives the strategy a new fingerprint, so
    a cached kernel never holds the old code; without ``depends`` the change goes unseen."""
    import importlib

    def play(v, legal, u, p):
        return legal & -legal

    dep = tmp_path / "trunfo_dep_probe.py"
    monkeypatch.syspath_prepend(str(tmp_path))
    S.get("sueca", "pimc")                   # the built-ins loaded, then the probes undone:
    monkeypatch.setattr(S, "_REGISTRY", {g: dict(d) for g, d in S._REGISTRY.items()})

    def fingerprints(text):
        dep.write_text(text)
        sys.modules.pop("trunfo_dep_probe", None)
        importlib.invalidate_caches()
        mod = importlib.import_module("trunfo_dep_probe")
        with_dep = S.register("sueca", "depends_probe_a", play, depends=(mod,), origin="test")
        without = S.register("sueca", "depends_probe_b", play, origin="test")
        return with_dep.fingerprint, without.fingerprint

    a1, b1 = fingerprints("X = 1\n")
    a2, b2 = fingerprints("X = 2\n")
    assert a1 != a2 and b1 == b2
    pimc = S.get("sueca", "pimc")
    same_but_depends = S.register("sueca", "pimc_no_depends", pimc.policies["play"],
                                  params=pimc.params, origin="built-in")
    assert pimc.fingerprint != same_but_depends.fingerprint


def test_a_policy_that_raises_is_one_line_naming_it(tmp_path, capsys):
    """docs/strategies.md: every error of a user's strategy is one line naming the file and
    the strategy, exit code 2 (a raise inside the compiled policy was a traceback)."""
    f = tmp_path / "raiser.py"
    f.write_text(HEAD + "from simcore.bits import ctz\n\n"
                 "@strategy('sueca', view='trick')\n"
                 "def raiser(v, legal, u, p):\n"
                 "    if u % 7 == 3:\n"
                 "        raise ValueError('my policy gave up')\n"
                 "    return ctz(legal)\n")
    code = main(["simulate", "sueca", "-n", "500", "--strategy-file", str(f),
                 "--seats", "raiser,random,random,random"])
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith("trunfo: error")]
    assert code == 2
    assert err == [f"trunfo: error: strategy raiser ({f}) raised ValueError: my policy gave "
                   "up at line 7; the run stopped"]


def test_a_strategy_refuses_a_player_count_it_does_not_play_in_one_line(monkeypatch):
    """``players=`` at registration: a table of another count is refused before anything
    is compiled, naming the strategy, the count and the counts it plays; the others pass."""
    def play(v, legal, u, p):
        return legal & -legal

    S.get("brisca", "random")                # the built-ins loaded, then the probe undone:
    monkeypatch.setattr(S, "_REGISTRY", {g: dict(d) for g, d in S._REGISTRY.items()})
    S.register("brisca", "two_only", play, origin="test", players=(2,))
    assert S.lineup("brisca", ["two_only", "random"], 2).names[0] == "two_only"
    with pytest.raises(TrunfoError) as e:
        S.lineup("brisca", ["random", "two_only", "random", "random"], 4)
    msg = str(e.value)
    assert "\n" not in msg and "two_only" in msg and "4 players" in msg
    assert "plays with 2 players" in msg
    assert S.get("brisca", "two_only").describe()["players"] == [2]
    assert "players" not in S.get("brisca", "random").describe()


PEEK = HEAD + """from simcore.bits import ctz
from simcore.strategy import Param


@strategy('sueca', params=[Param('at', 0, 'the index into played_by')])
def peek(v, legal, u, p):
    if v.played_by[p.at] == 12345:                    # a read, in range or not
        return ctz(legal & (legal - 1)) if legal & (legal - 1) else ctz(legal)
    return ctz(legal)
"""


@pytest.fixture(scope="module")
def peek_file(tmp_path_factory):
    f = tmp_path_factory.mktemp("peek") / "peek.py"
    f.write_text(PEEK)
    return f


@pytest.mark.parametrize("at, ok", [(-1, True), (3, True), (-150, False), (4, False)])
def test_a_read_out_of_a_view_array_stops_the_run_in_one_line(peek_file, capsys, at, ok):
    """A strategy not built in runs with bounds checks (simcore.strategy.bounded): an index
    out of a view array's range stops the run with one line naming the strategy, exit code
    2, where it read the kernel's frame (the other seats' hands).  A negative index counts
    from the end, as in Python: played_by[-1] is the last seat's, in range."""
    f = peek_file
    code = main(["simulate", "sueca", "-n", "30", "--strategy-file", str(f),
                 "--seats", f"peek(at={at}),random,peek(at={at}),random", "--json"])
    out, err = capsys.readouterr()
    err = [ln for ln in err.splitlines() if ln.startswith("trunfo")]
    if ok:
        assert code == 0 and json.loads(out)["deals"] == 30
        return
    assert code == 2
    assert err == [f"trunfo: error: strategy peek ({f}) read outside its view (an index "
                   "out of an array's range, IndexError: index is out of bounds); the run "
                   "stopped"]


def _probe_view(seat):
    from simcore.brisca.view import new_view
    v = new_view(4)[0]
    v["seat"] = seat
    v["hand"] = 0b111
    v["work"][:] = 7                     # another decision's working memory
    v["scratch"][:] = 5                  # every seat's memory
    v["scratch"][seat] = 100 + seat
    return v


def test_a_seat_sees_its_own_scratch_row_and_no_leftover_work(monkeypatch):
    """What a strategy not built in decides on: its scratch row as it left it, every other
    seat's row zero, and the per-decision `work` zero (Brisca's 2-player expert leaves its
    lead computation there); its writes into the view stay its own."""
    def probe(v, legal, u, p):
        t = 0
        for s in range(6):
            for j in range(8):
                t += v.scratch[s, j] * (1000 if s != v.seat else 1)
        for j in range(64):
            t += v.work[j] * 1000000
        v.scratch[(v.seat + 1) % 4, 0] = 9       # into another seat's row: dropped
        v.work[0] = 9
        return t

    S.get("brisca", "random")
    monkeypatch.setattr(S, "_REGISTRY", {g: dict(d) for g, d in S._REGISTRY.items()})
    S.register("brisca", "probe", probe, origin="test")
    for seat in (0, 3):
        assert S.decide("brisca", "probe", _probe_view(seat), 0b111, players=4) \
            == 8 * (100 + seat)


def test_a_seat_beyond_a_views_scratch_rows_sees_none_of_them(monkeypatch):
    """A game's view may hold fewer scratch rows than seats (a game from outside): such a
    seat sees every row zero, and the copy writes nothing beyond the field."""
    def rows(v, legal, u, p):
        t = 0
        for s in range(2):
            for j in range(8):
                t += v.scratch[s, j] * (s + 1)
        return t + v.after

    S.get("brisca", "random")
    monkeypatch.setattr(S, "_REGISTRY", {g: dict(d) for g, d in S._REGISTRY.items()})
    S.register("brisca", "rows", rows, origin="test")
    dt = np.dtype([("seat", np.int64), ("scratch", np.int64, (2, 8)), ("after", np.int64)])
    v = np.zeros(1, dt)[0]
    v["scratch"][:] = 3
    v["after"] = 1000
    for seat, want in ((0, 1024), (1, 1048), (3, 1000)):
        v["seat"] = seat
        assert S.decide("brisca", "rows", v, 1, players=4) == want


def test_an_index_out_of_range_raises_where_a_view_is_decided_on(monkeypatch):
    """The same bounds checks from Python (simcore.strategy.decide): the last element by a
    negative index is read, one index beyond either end raises IndexError."""
    def last(v, legal, u, p):
        return v.played_by[p.at]

    S.get("brisca", "random")
    monkeypatch.setattr(S, "_REGISTRY", {g: dict(d) for g, d in S._REGISTRY.items()})
    S.register("brisca", "last_seat", last, origin="test",
               params=[S.Param("at", 0, "index into played_by")])
    v = _probe_view(0)
    v["played_by"][:] = [1, 2, 3, 4, 5, 6]
    assert S.decide("brisca", "last_seat(at=-1)", v, 1, players=4) == 6
    assert S.decide("brisca", "last_seat(at=5)", v, 1, players=4) == 6
    for at in (6, -7, -150):
        with pytest.raises(IndexError):
            S.decide("brisca", f"last_seat(at={at})", v, 1, players=4)


def test_a_files_strategy_is_keyed_by_its_path_too(tmp_path, monkeypatch):
    """A kernel cached on disk with a file's strategy (``cacheable=True``) imports the
    file's module, named after its path, when it is loaded: the same text at another path
    gets another key, never a cached kernel that imports a module of another path."""
    text = HEAD + "@strategy('sueca', cacheable=True)\ndef same_text(v, legal, u, p):\n" \
                  "    return legal & -legal\n"
    S.get("sueca", "random")
    prints = []
    for where in ("a", "b"):
        monkeypatch.setattr(S, "_REGISTRY", {g: dict(d) for g, d in S._REGISTRY.items()
                                             if g != "sueca"} | {"sueca": {}})
        f = tmp_path / where / "same.py"
        f.parent.mkdir()
        f.write_text(text)
        (s,) = S.load_file(str(f))
        assert s.cacheable
        prints.append(s.fingerprint)
    assert prints[0] != prints[1]


# --- a file's kernels are cached on disk, keyed by the file and the modules it imports ----

def _trunfo(*argv, cwd=None) -> tuple[bool, dict]:
    """A command in a process of its own: whether it compiled a kernel (the notice on
    stderr), and its JSON output without the timings."""
    r = subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, argv), "--json"],
                       capture_output=True, text=True, env=_env(), cwd=cwd)
    assert r.returncode == 0, r.stderr
    out = {k: v for k, v in json.loads(r.stdout).items()
           if "second" not in k and k not in ("threads", "chunks")}
    return any(ln.startswith("compiling ") for ln in r.stderr.splitlines()), out


def test_a_files_kernel_is_loaded_from_the_disk_cache_by_the_next_process():
    """The documented example's table (the compare test above compiles it): a second
    process loads the kernel from the disk cache, compiles nothing and gives the same
    result."""
    argv = ("compare", "sueca", "--strategy-file", EXAMPLE, "--strategies",
            "trump_leader(lead_at=5),greedy", "-n", "300", "--seed", "1")
    _, first = _trunfo(*argv)
    compiled, second = _trunfo(*argv)
    assert not compiled
    assert first == second and first["deals"] == 300


PICK = "from numba import njit\nfrom simcore.bits import {f}\n\n\n@njit\ndef choose(legal):\n" \
       "    return {f}(legal)\n"
MINE = "from simcore.strategy import strategy\nfrom pick import choose{extra}\n\n\n" \
       "@strategy('sueca', deterministic=True, view='none')\n" \
       "def by_helper(v, legal, u, p):\n    return choose(legal)\n"


def _fingerprint(f: Path) -> str:
    """The fingerprint of the file's strategy as a fresh process would load it."""
    for name, m in list(sys.modules.items()):
        if name == "pick" or getattr(m, "__file__", None) == str(f.resolve()):
            del sys.modules[name]
    import importlib
    importlib.invalidate_caches()
    return S.load_file(str(f))[0].fingerprint


def test_an_edit_to_a_file_or_a_helper_it_imports_compiles_again(tmp_path, monkeypatch):
    """A file importing a helper module beside it: the lowest legal card, then, the helper
    edited, the highest.  The kernel cached from the first is not taken for the second
    (compiled again, another play), which is then cached in turn; an edit to the file is
    a new key too."""
    mine, pick = tmp_path / "mine.py", tmp_path / "pick.py"
    mine.write_text(MINE.format(extra=""))
    pick.write_text(PICK.format(f="ctz"))
    argv = ("simulate", "sueca", "--strategy-file", mine, "--strategy", "by_helper",
            "-n", "60", "--seed", "2")
    compiled, low = _trunfo(*argv)
    assert compiled
    pick.write_text(PICK.format(f="top_bit"))
    compiled, high = _trunfo(*argv)
    assert compiled and high != low
    assert _trunfo(*argv) == (False, high)
    S.get("sueca", "random")
    monkeypatch.setattr(S, "_REGISTRY", {g: dict(d) for g, d in S._REGISTRY.items()})
    key = _fingerprint(mine)
    assert _fingerprint(mine) == key
    mine.write_text(MINE.format(extra="  # the same play"))
    edited = _fingerprint(mine)
    pick.write_text(PICK.format(f="ctz"))
    assert len({key, edited, _fingerprint(mine)}) == 3


def test_cacheable_false_keeps_a_files_kernels_off_the_disk(tmp_path):
    text = HEAD + "@strategy('sueca', cacheable=False)\ndef off_disk(v, legal, u, p):\n" \
                  "    return legal & -legal\n"
    f = tmp_path / "off.py"
    f.write_text(text)
    (s,) = S.load_file(str(f))
    assert not s.cacheable
    assert not S.lineup("sueca", ["off_disk"], 4).cacheable
    f2 = tmp_path / "on.py"
    f2.write_text(text.replace("cacheable=False", "").replace("off_disk", "on_disk"))
    (s,) = S.load_file(str(f2))
    assert s.cacheable and S.lineup("sueca", ["on_disk", "greedy"] * 2, 4).cacheable


def test_a_table_compiled_once_is_not_compiled_again_in_the_session():
    """Within one process the example's table, compiled (or loaded) once, is reused with
    the seats in another order and other parameter values: numba compiles nothing and no
    new entry point is made.  (The table of the compare test above.)"""
    import simcore
    from numba.core import event as ev
    from simcore import _jit

    def run(*seats):
        return simcore.simulate("sueca", deals=40, seed=4, strategies=seats, progress=False,
                                threads=1).summary
    S.load_file(str(EXAMPLE))
    run("trump_leader(lead_at=5)", "greedy", "trump_leader(lead_at=5)", "greedy")
    entries = len(_jit._ENTRY_POINTS)

    class Count(ev.Listener):
        n = 0

        def on_start(self, event):
            Count.n += 1

        def on_end(self, event):
            pass
    with ev.install_listener("numba:compile", Count()):
        S.load_file(str(EXAMPLE))
        run("greedy", "trump_leader(lead_at=2)", "greedy", "trump_leader(lead_at=9)")
        run("trump_leader", "trump_leader", "greedy", "greedy")
    assert Count.n == 0 and len(_jit._ENTRY_POINTS) == entries
