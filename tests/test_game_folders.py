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


def _docstrings(tree) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = n.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _game_names(text: str, where: str, games: set[str]) -> list[str]:
    """String constants that are a game's name, docstrings apart."""
    tree = ast.parse(text)
    docs = _docstrings(tree)
    return [f"{where}:{n.lineno}: names {n.value!r}" for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and n.value in games and id(n) not in docs]


def test_no_module_outside_a_games_folder_names_a_game():
    """Not even as a default: the Python functions' default game is the registry's
    ``DEFAULT_GAME``.  (``cards.py`` names the suit spades, not the game.)"""
    games = set(all_games())
    bad = [x for f in _modules() if f.name != "cards.py"
           for x in _game_names(f.read_text(), str(f.relative_to(ROOT)), games)]
    assert bad == []
    got = _game_names('"""sueca"""\ndef f(game="sueca"):\n    """spades"""\n    return "scopa"\n',
                      "probe", games)
    assert [g.split(": ", 1)[1] for g in got] == ["names 'sueca'", "names 'scopa'"]
