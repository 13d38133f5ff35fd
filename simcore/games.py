"""The registry of games, by name.

trunfo's own games are listed here.  A game made outside the package (a folder of its own:
docs/adding-a-game.md) joins the registry in one of two ways:

- an installed package names it in the entry-point group ``trunfo.games`` (the object the
  entry point names: a :class:`~simcore.game.Game`, or a module that calls
  :func:`register_game` when it is imported); its strategies come through the group
  ``trunfo.strategies``, as trunfo's own do (``simcore.strategy.load_builtin``);
- Python code calls :func:`register_game` with the Game object (a notebook, a test).

Every command then finds the game by name (``trunfo rules`` lists it); none names a game.
"""
from __future__ import annotations

import inspect
import re

from .errors import TrunfoError, choices_text
from .game import Game

#: the entry-point group of installed packages' games
ENTRY_POINTS = "trunfo.games"
#: a game's name: what users type (``trunfo simulate NAME``), what records hold
NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
#: the game the Python functions play when none is named (``simcore.simulate()``)
DEFAULT_GAME = "sueca"
#: what a Game object must set (class attributes) and implement (methods), see simcore/game.py
REQUIRED = ("title", "deck", "rules", "players", "default_players", "record_dtype",
            "n_totals", "outcome_names", "view_dtype")
IMPLEMENTED = ("params_of", "run_chunk", "accumulate", "summary", "records", "side_results")
#: of those, what Game itself does with the game's ``kernels`` (when it sets them)
PLUMBED = ("run_chunk", "accumulate", "records")


def _load() -> dict[str, Game]:
    from .brisca.game import BRISCA
    from .brisca_rematada.game import BRISCA_REMATADA
    from .scopa.game import SCOPA
    from .spades.game import SPADES
    from .sueca.game import SUECA
    from .sueca_italiana.game import SUECA_ITALIANA
    from .briscola_chiamata.game import BRISCOLA_CHIAMATA
    return {g.name: g for g in (SUECA, BRISCA, SCOPA, SPADES, SUECA_ITALIANA,
                                BRISCOLA_CHIAMATA, BRISCA_REMATADA)}


_GAMES: dict[str, Game] | None = None
_BUILTIN: frozenset = frozenset()
_ORIGIN: dict[str, str] = {}          # name -> where a game from outside came from


def all_games() -> dict[str, Game]:
    """Every game by name: trunfo's own, then those of installed packages (entry points,
    loaded on the first call), then those registered by :func:`register_game`."""
    global _GAMES, _BUILTIN
    if _GAMES is None:
        _GAMES = _load()
        _BUILTIN = frozenset(_GAMES)
        _load_entry_points()
    return _GAMES


def _load_entry_points() -> None:
    from importlib.metadata import entry_points
    for ep in entry_points(group=ENTRY_POINTS):
        where = f"entry point {ep.name!r} ({ep.value})"
        try:
            obj = ep.load()
        except Exception as e:   # an installed package's fault must say whose it is
            raise TrunfoError(f"game of {where} failed to load: {type(e).__name__}: "
                              f"{str(e).splitlines()[0] if str(e) else ''}") from None
        if isinstance(obj, Game):
            if _GAMES.get(getattr(obj, "name", None)) is not obj:
                register_game(obj, origin=where)
        elif not inspect.ismodule(obj):         # a module registers its games itself
            raise TrunfoError(f"{where} names {type(obj).__name__} {obj!r}, not a "
                              f"simcore.game.Game object or a module")


def register_game(game: Game, *, origin: str | None = None) -> Game:
    """Make ``game`` (a :class:`~simcore.game.Game` instance) known to every command by its
    ``name``; returns it.  Registering the same object again does nothing; another game
    of a name already taken, a name that is not lower-case letters, digits and ``_``, or a
    Game that lacks a required attribute or method is refused in one line.  Its strategies
    register themselves (``simcore.strategy.register``) under the same name."""
    if not isinstance(game, Game):
        raise TrunfoError(f"register_game takes a simcore.game.Game object, not "
                          f"{type(game).__name__}")
    name = getattr(game, "name", None)
    if not isinstance(name, str) or not NAME.match(name):
        raise TrunfoError(f"a game's name is lower-case letters, digits and _ (a letter "
                          f"first), not {name!r}")
    games = all_games()
    if games.get(name) is game:
        return game
    if name in games:
        by = "trunfo" if name in _BUILTIN else _ORIGIN.get(name, "another game")
        raise TrunfoError(f"game {name!r} is already registered by {by}; choose another name")
    missing = [a for a in REQUIRED if getattr(game, a, None) is None]
    missing += [m for m in IMPLEMENTED
                if getattr(type(game), m, None) is getattr(Game, m, None)
                and (m not in PLUMBED or game.kernels is None)]
    if missing:
        raise TrunfoError(f"game {name!r} does not declare {', '.join(missing)} (see "
                          f"docs/adding-a-game.md)")
    if game.conditioned_dealing and \
            "source" not in inspect.signature(type(game).run_chunk).parameters:
        raise TrunfoError(f"game {name!r} deals conditioned deals: its run_chunk must take "
                          f"source= (the deal source trunfo odds gives; docs/odds.md)")
    if game.rules.game != name:
        raise TrunfoError(f"game {name!r} has the rule schema of {game.rules.game!r}; "
                          f"give RuleSchema the game's name")
    if game.default_players not in game.players:
        raise TrunfoError(f"game {name!r}: default_players {game.default_players} is not "
                          f"one of its player counts ({choices_text(game.players)})")
    games[name] = game
    _ORIGIN[name] = origin or type(game).__module__
    return game


def unregister_game(name: str) -> None:
    """Forget a game registered from outside (tests that register one undo it); trunfo's
    own games stay."""
    all_games()
    if name in _BUILTIN:
        raise TrunfoError(f"game {name!r} is one of trunfo's own; it cannot be unregistered")
    _GAMES.pop(name, None)
    _ORIGIN.pop(name, None)


def get_game(name: str) -> Game:
    games = all_games()
    if name not in games:
        raise TrunfoError(f"unknown game {name!r}; valid games: {choices_text(games)}")
    return games[name]


def solver_games() -> list[str]:
    """The games the double-dummy solver plays (a ``solver`` on their Game object)."""
    return [name for name, g in all_games().items() if g.solver is not None]


def solver_of(game: Game, valid: str = "valid games:"):
    """The game's solver (``game.solver``); else a one-line ``TrunfoError`` naming the games
    that have it after ``valid``."""
    if game.solver is None:
        raise TrunfoError(f"no double-dummy solver for {game.name}; {valid} "
                          f"{choices_text(solver_games())}")
    return game.solver
