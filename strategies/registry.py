"""Strategies registered by name, per game.

A strategy is a jitted policy with an integer code; kernels branch on the code
(never on a name) and the name -> code lookup happens once, before a run.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import TrunfoError, choices_text


@dataclass(frozen=True)
class Strategy:
    game: str
    name: str
    code: int
    doc: str
    deterministic: bool


_REGISTRY: dict[str, dict[str, Strategy]] = {}


def register(game: str, name: str, code: int, doc: str, deterministic: bool) -> Strategy:
    table = _REGISTRY.setdefault(game, {})
    if name in table or any(s.code == code for s in table.values()):
        raise ValueError(f"strategy {name!r} / code {code} registered twice for {game}")
    s = Strategy(game, name, code, doc, deterministic)
    table[name] = s
    return s


def strategies_for(game: str) -> dict[str, Strategy]:
    return dict(_REGISTRY.get(game, {}))


def get(game: str, name: str) -> Strategy:
    table = _REGISTRY.get(game, {})
    if name not in table:
        raise TrunfoError(f"unknown strategy {name!r} for {game}; valid strategies: "
                          f"{choices_text(table) or '(none)'}")
    return table[name]


def seat_codes(game: str, names, seats: int) -> np.ndarray:
    """Validate one strategy name per seat and return their int8 codes."""
    names = list(names)
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise TrunfoError(f"{game} with {seats} players needs 1 or {seats} strategies "
                          f"(one per seat), got {len(names)}: {','.join(names)}")
    return np.array([get(game, n).code for n in names], dtype=np.int8)
