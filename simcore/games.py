"""The registry of games, by name."""
from __future__ import annotations

from .errors import TrunfoError, choices_text
from .game import Game


def _load() -> dict[str, Game]:
    from .brisca.game import BRISCA
    from .scopa.game import SCOPA
    from .spades.game import SPADES
    from .sueca.game import SUECA
    from .sueca_italiana.game import SUECA_ITALIANA
    from .briscola_chiamata.game import BRISCOLA_CHIAMATA
    return {g.name: g for g in (SUECA, BRISCA, SCOPA, SPADES, SUECA_ITALIANA,
                                BRISCOLA_CHIAMATA)}


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
