"""The solver is a library below the games: it (and ``trunfo solve``) imports and names none
of them, and the games that have it are found from their Game objects (``game.solver``)."""
import ast
from pathlib import Path

import pytest

import simcore.solver
from experiments import solve_cli
from experiments.cli import main
from simcore.games import all_games, solver_games

SOLVER_DIR = Path(simcore.solver.__file__).parent


def test_the_solver_and_its_command_import_and_name_no_game():
    games = list(all_games())
    for f in sorted(SOLVER_DIR.glob("*.py")) + [Path(solve_cli.__file__)]:
        text = f.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom):
                mod = "." * node.level + (node.module or "")
                assert not any(g in mod.split(".") for g in games), (f.name, mod)
        low = text.lower()
        assert [g for g in games if g in low] == [], f.name


def test_the_games_with_the_solver_are_those_with_a_solver_object():
    have = [name for name, g in all_games().items() if g.solver is not None]
    assert solver_games() == have
    assert set(have) == {"sueca", "brisca", "spades"}
    for name in have:
        s = all_games()[name].solver
        config = s.config(all_games()[name].default_players)
        assert (config.unit, config.total) == (s.unit, s.total)


@pytest.mark.parametrize("command", ["simulate", "odds", "solve"])
def test_help_texts_list_the_games_with_the_solver(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert ", ".join(solver_games()) in text
