"""Holding tables: how a game tells the reports which "results by holding" tables it has.

A study report shows, for every holding table its game declares, the results of the
dealer's side by what the dealer (or its side) was dealt: Sueca's trumps and trump
honours, Brisca's trumps, Spades' spades, Scopa's sevens and coins.  ``reports/`` never
names a game: it iterates over ``get_game(name).holding_tables`` (a tuple of
:class:`HoldingTable`, usually built in the game's ``enums.py`` as ``HOLDINGS``).

A table is a function of the per-deal records the kernel writes (``Game.record_dtype``):
``values(records, seat)`` gives each deal's holding code, counted from ``seat`` (per deal;
the reports pass the dealer's seat).  The results shown are those of ``seat``'s side
(side ``seat % sides`` of ``Game.side_results``), so the same code serves every game.

When :func:`simcore.odds_run.standard_exact` has a table of the same ``name`` for the game
(the tables of ``trunfo odds <game> --table``: ``Game.odds.tables``), the report adds the
exact probability of each holding beside its simulated share; ``labels`` must then list the
holdings in the order of that table's labels (code ``k`` is label ``k``).

A game with an auction declares its contract levels the same way
(``Game.contract_levels``, a :class:`ContractLevels`): the report's contracts section.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

import numpy as np

#: a per-side record column: ``<category>_<side|team|seat><i>`` (the reports' categories)
CATEGORY_COLUMN = re.compile(r"^(.+)_(side|team|seat)(\d+)$")


def dealt_categories(tables) -> tuple[str, ...]:
    """The per-side categories the holding ``tables`` read (their columns' categories,
    e.g. ``trumps`` of ``trumps_seat0``): fixed by the deal alone, so equal on every side by
    symmetry when the dealer rotates."""
    out = []
    for t in tables:
        for c in t.columns:
            m = CATEGORY_COLUMN.match(c)
            if m and m.group(1) not in out:
                out.append(m.group(1))
    return tuple(out)


@dataclass(frozen=True)
class HoldingTable:
    """One "results by holding" table of a game (see the module's docstring).

    name     the table's key: CSV ``holding_<name>.csv``, figure ``holding_<name>``; the
             same name as an odds table (``Game.odds.tables``) adds the exact column
    title    the caption's end, e.g. ``"by trumps held by the dealer's team"``
    labels   the label of each holding code ``0 .. len(labels) - 1``
    columns  the per-deal record columns ``values`` reads (besides ``dealer``)
    values   ``values(records, seat) -> int64 array``: each deal's holding code, counted
             from ``seat`` (an int64 array, one seat per deal); ``records`` is an array of
             ``Game.record_dtype`` in which ``columns`` and ``dealer`` are filled
    axis     the x-axis label of its figure, with its unit
    count    True when the codes are counts (0, 1, 2... cards): the figure is a curve
             over them; False: categories (bars)
    figure   whether the report draws it (the table is always written)
    """
    name: str
    title: str
    labels: tuple
    columns: tuple
    values: Callable[[np.ndarray, np.ndarray], np.ndarray]
    axis: str = "holding"
    count: bool = True
    figure: bool = True


@dataclass(frozen=True)
class ContractLevels:
    """The contracts of a game with an auction, as the reports count them.

    names    the label of each contract level ``0 .. len(names) - 1``
    seats    the declarer's seat counted from the dealer, by its label (``"dealer"``,
             ``"dealer+1"``...)
    codes    ``codes(deals) -> int64 array``: each deal's contract level (-1: no contract,
             a passed-out deal); ``deals`` is read by column (a DataFrame or records)
    """
    names: tuple
    seats: tuple
    codes: Callable


def count_columns(records: np.ndarray, fmt: str, seat: np.ndarray) -> np.ndarray:
    """The per-seat column ``fmt.format(seat)`` of each deal at its own ``seat``
    (``count_columns(r, "trumps_seat{}", dealer)``: the dealer's trumps)."""
    seat = np.asarray(seat, np.int64)
    out = np.zeros(len(records), np.int64)
    for s in np.unique(seat):
        m = seat == s
        out[m] = records[fmt.format(int(s))][m]
    return out


def relative_seat(seat_of_card: np.ndarray, seat: np.ndarray, players: int) -> np.ndarray:
    """Seats counted from ``seat``: 0 the seat itself, 1 the next one, ..."""
    return (np.asarray(seat_of_card, np.int64) - np.asarray(seat, np.int64)) % players
