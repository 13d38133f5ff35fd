"""A game is one folder: outside ``simcore/<game>/`` (and the registry, ``simcore/games.py``)
the engine, the CLI and the reports reach a game only through its ``Game`` object, never
by importing its modules, not even by a module name built at run time.
(``experiments/records_check.py`` is an independent checker with its own tables.)"""
import ast
from pathlib import Path

from simcore.games import all_games

ROOT = Path(__file__).resolve().parents[1]


def _modules():
    files = [*(ROOT / "simcore").glob("*.py"), *(ROOT / "simcore" / "conditions").rglob("*.py"),
             *(ROOT / "experiments").glob("*.py"), *(ROOT / "reports").rglob("*.py")]
    exempt = {ROOT / "simcore" / "games.py", ROOT / "experiments" / "records_check.py"}
    return [f for f in files if f not in exempt]


def _game_imports(text: str, where: str, games: set[str]) -> list[str]:
    out = []
    for n in ast.walk(ast.parse(text)):
        names = []
        if isinstance(n, ast.Import):
            names = [a.name for a in n.names]
        elif isinstance(n, ast.ImportFrom):
            names = [n.module or ""] + [a.name for a in n.names]
        elif isinstance(n, ast.Call) and n.args and (
                getattr(n.func, "attr", None) == "import_module"
                or getattr(n.func, "id", None) in ("import_module", "__import__")):
            arg = n.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                names = [arg.value]
            elif not isinstance(arg, ast.Name):        # an f-string, a sum, a .format()
                out.append(f"{where}:{n.lineno}: a module name built at run time")
        for m in names:
            if games & set(m.split(".")):
                out.append(f"{where}:{n.lineno}: imports {m}")
    return out


def test_no_module_outside_a_games_folder_imports_it():
    games = set(all_games())
    files = _modules()
    assert any(f.name == "odds_run.py" for f in files)
    bad = [x for f in files
           for x in _game_imports(f.read_text(), str(f.relative_to(ROOT)), games)]
    assert bad == []


def test_the_check_sees_static_and_built_imports():
    text = ("import importlib\nfrom .sueca import enums\n"
            "from simcore.spades.enums import NIL_MADE\n"
            "importlib.import_module(f'simcore.{game}.enums')\n"
            "from . import stats\nimportlib.import_module('strategies')\n")
    got = _game_imports(text, "probe", set(all_games()))
    assert [g.split(": ", 1)[1] for g in got] == [
        "imports sueca", "imports simcore.spades.enums", "a module name built at run time"]
