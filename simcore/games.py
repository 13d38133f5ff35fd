"""The registry of games, by name."""
from __future__ import annotations

from .errors import TrunfoError, choices_text
from .game import Game


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


def all_games() -> dict[str, Game]:
    global _GAMES
    if _GAMES is None:
        _GAMES = _load()
    return _GAMES


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
