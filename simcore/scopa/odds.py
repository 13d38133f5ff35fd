"""What ``trunfo odds scopa`` estimates and its standard tables (``simcore.odds_spec``)."""
from __future__ import annotations

import numpy as np

from ..odds_spec import Estimate, OddsSpec, Table, side_estimates, side_of


def estimates(recs, seat, setup):
    """Won, tied, lost and mean points of the seat's side, then the share of the deals it
    takes each point of the count (cards, coins, primiera, settebello), its mean scope."""
    side = side_of(setup, seat)
    n_sides = int(recs["sides"].max()) if len(recs) else 1
    out = side_estimates(recs, seat, setup, "points")

    def col(name):
        return np.stack([recs[f"{name}_side{s}"].astype(np.int64) for s in range(n_sides)],
                        axis=1)

    ar = np.arange(len(recs))
    for name, label in (("cards", "cards point (most cards)"),
                        ("coins", "coins point (most coins)"),
                        ("primiera", "primiera point")):
        v = col(name)
        mine = v[ar, side]
        others = np.where(np.arange(n_sides)[None, :] == side[:, None], -1, v).max(axis=1)
        won = mine > others
        if name == "primiera":
            won &= mine > 0
        out.append((Estimate(f"{name}_point", label, "share"), won))
    out.append((Estimate("settebello", "settebello", "share"), col("settebello")[ar, side] == 1))
    out.append((Estimate("scope", "mean scope", "mean"), col("scope")[ar, side]))
    return out


def tables(deck):
    """By sevens and by coins in the seat's first hand."""
    sevens = np.uint64(sum(1 << deck.card("7", s) for s in deck.suits))
    coins = deck.suit_masks[deck.suits.index("O")]

    def count_of(mask):
        def f(h):
            return h.count(h.of_seat(h.seat), np.full(len(h.seat), mask, np.uint64))
        return f
    return [Table("sevens", "by sevens in {X}'s first hand", count_of(sevens),
                  lambda k, x: f"count({x}, '7') == {k}", tuple(range(4))),
            Table("coins", "by coins in {X}'s first hand", count_of(coins),
                  lambda k, x: f"length({x}, 'O') == {k}", tuple(range(4)))]


ODDS = OddsSpec(estimates, tables, ("win", "tie", "points"))
