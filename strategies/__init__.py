"""Play and bidding policies, registered by name per game."""
from . import sueca  # noqa: F401  (registers the Sueca strategies)
from . import brisca  # noqa: F401  (registers the Brisca strategies)
from . import scopa  # noqa: F401  (registers the Scopa strategies)
from . import spades  # noqa: F401  (registers the Spades strategies)
from .registry import Strategy, get, seat_codes, strategies_for

__all__ = ["Strategy", "get", "seat_codes", "strategies_for"]
