"""trunfo's built-in play and bidding policies, registered with :mod:`simcore.strategy`.

The engine finds them through the ``trunfo.strategies`` entry point (see pyproject.toml),
as it finds any installed package's strategies; it never imports them by name.
"""
from . import sueca  # noqa: F401  (registers the Sueca strategies)
from . import brisca  # noqa: F401  (registers the Brisca strategies)
from . import brisca_expert  # noqa: F401  (registers Brisca's expert)
from . import scopa  # noqa: F401  (registers the Scopa strategies)
from . import spades  # noqa: F401  (registers the Spades strategies)
from . import spades_expert  # noqa: F401  (registers Spades' expert)
from . import sueca_italiana  # noqa: F401  (registers the Sueca Italiana strategies)
from . import briscola_chiamata  # noqa: F401  (registers the Briscola chiamata strategies)
from . import brisca_rematada  # noqa: F401  (registers the Brisca rematada strategies)
from . import brisca_rematada_expert  # noqa: F401  (registers Brisca rematada's expert)
from . import spades_pimc  # noqa: F401  (registers Spades' pimc)
from . import brisca_pimc  # noqa: F401  (registers Brisca's pimc)
from . import scopa_pimc  # noqa: F401  (registers Scopa's pimc)


def strategies_for(game: str) -> dict:
    """The strategies of ``game`` by name (built-in, installed and loaded from files)."""
    from simcore import strategy as S
    return S.strategies_for(game)


def get(game: str, name: str):
    from simcore import strategy as S
    return S.get(game, name)


def seat_codes(game: str, names, seats: int):
    """Validate the strategies of a table (one, or one per seat); their kernel codes."""
    from simcore import strategy as S
    return S.lineup(game, names, seats).codes


__all__ = ["get", "seat_codes", "strategies_for"]
