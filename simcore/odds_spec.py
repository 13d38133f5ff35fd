"""How a game tells ``trunfo odds`` what to estimate: :class:`OddsSpec` (``Game.odds``).

``simcore.odds_run`` deals and plays the deals and sums what a game's ``OddsSpec``
declares; it never names a game.  A spec holds

- ``estimates(recs, seat, setup)``: per estimate (:class:`Estimate`), its value on each
  deal of the records ``recs`` (a 0/1 for a share, a number for a mean), seen from
  ``seat`` (an int64 array, one seat per deal) and its side.  The default,
  :func:`side_estimates`, reads ``Game.side_results``: won, tied, lost, mean points.
- ``tables(deck)``: the game's standard tables (``--table``), a list of :class:`Table`;
  None when it has none.
- ``table_columns``: the estimates (keys) each standard table shows.

The games' own specs are in their folders (``simcore/<game>/odds.py``); this module has
the parts they share.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np


@dataclass(frozen=True)
class Estimate:
    key: str
    label: str
    kind: str            # "share" (a 0/1 per deal) or "mean"


@dataclass(frozen=True)
class Table:
    """A standard table: outcome shares by a holding of the seat asked about.

    ``values(h)`` gives each deal's holding from its dealt cards (``h``: a
    :class:`Holdings`); ``where(k, X)`` is the condition "the holding is k" for the seat
    written ``X`` (its exact probability is counted); ``labels`` the holdings shown."""
    name: str
    title: str
    values: Callable
    where: Callable
    labels: tuple


@dataclass
class Holdings:
    """The dealt cards of a chunk's deals, as card masks: ``masks`` (deals, holders: the seats,
    then the face-up trump card, the table and the stock), the face-up ``trump`` card (-1:
    none), the seat asked about and the deck."""
    masks: np.ndarray
    trump: np.ndarray
    seat: np.ndarray
    dealer: np.ndarray
    deck: Any
    players: int
    sides: tuple

    def of_seat(self, seat: np.ndarray) -> np.ndarray:
        return self.masks[np.arange(len(seat)), seat]

    def count(self, masks: np.ndarray, cards: np.ndarray) -> np.ndarray:
        """How many cards of the per-deal card masks ``cards`` each mask holds."""
        return np.bitwise_count(masks & cards).astype(np.int64)

    def suit_mask(self, suit: np.ndarray) -> np.ndarray:
        return np.asarray(self.deck.suit_masks, np.uint64)[suit]

    def partner(self) -> np.ndarray:
        s = np.array(self.sides)
        mates = [[t for t in range(self.players) if t != x and s[t] == s[x]] for x in
                 range(self.players)]
        return np.array([m[0] if m else x for x, m in enumerate(mates)], np.int64)[self.seat]


def trump_suit(h: Holdings) -> np.ndarray:
    """The suit of each deal's face-up trump card."""
    return h.trump // h.deck.ranks_per_suit


def side_of(setup, seat: np.ndarray) -> np.ndarray:
    """The side of each deal's ``seat`` (``Game.sides_of``)."""
    from .games import get_game
    sides = np.array(get_game(setup.game).sides_of(setup.players, setup.rules), np.int64)
    return sides[seat]


def pick(recs, fmt: str, idx: np.ndarray, n: int) -> np.ndarray:
    """Per deal, column ``fmt.format(idx[i])`` of record i."""
    cols = np.stack([recs[fmt.format(k)].astype(np.int64) for k in range(n)], axis=1)
    return cols[np.arange(len(recs)), idx]


def side_estimates(recs, seat, setup, score_label: str = "points"):
    """Won, tied, lost and the mean score of the seat's side (``Game.side_results``)."""
    from .games import get_game
    g = get_game(setup.game)
    score, result = g.side_results(recs)
    side = side_of(setup, seat)
    ar = np.arange(len(recs))
    res = result[ar, side]
    sc = score[ar, side]
    return [(Estimate("win", "won", "share"), res == 1.0),
            (Estimate("tie", "tied", "share"), res == 0.5),
            (Estimate("loss", "lost", "share"), res == 0.0),
            (Estimate(score_label, f"mean {score_label}", "mean"), sc)]


def auction_estimates(recs, seat, setup):
    """Auction games (records with ``declarer``, ``made`` and perhaps ``partner``): the
    seat's side is the declarer's (with its called partner) or the defenders'; won, tied
    (a passed-out deal), lost, mean game points, and how often the seat declared, was
    called, made it."""
    out = side_estimates(recs, seat, setup, "score")
    out[-1] = (Estimate("score", "mean game points", "mean"), out[-1][1])
    decl = recs["declarer"].astype(np.int64)
    made = recs["made"].astype(bool)
    declared = decl == seat
    out.append((Estimate("declarer", "declarer", "share"), declared))
    if "partner" in recs.dtype.names:
        part = recs["partner"].astype(np.int64)
        out.append((Estimate("partner", "called partner", "share"), (part == seat) &
                    (part != decl)))
    out.append((Estimate("declared_made", "declarer and made", "share"), declared & made))
    return out


@dataclass(frozen=True)
class OddsSpec:
    """What ``trunfo odds`` estimates for a game (see the module's docstring)."""
    #: ``estimates(recs, seat, setup) -> [(Estimate, per-deal values), ...]``
    estimates: Callable = side_estimates
    #: ``tables(deck) -> [Table, ...]``: the standard tables; None: the game has none
    tables: Callable | None = None
    #: the keys of the estimates each standard table shows (the others are in ``outcomes``)
    table_columns: tuple = ()
