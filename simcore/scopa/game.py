"""Scopa for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..game import SeriesGame, Setup
from ..summary import share_entry, side_means, top_results
from . import enums as E
from . import nb
from . import records as records_py
from .odds import ODDS
from .view import VIEW_DTYPE

#: matches use their own stream domain, "MATC" (docs/games/scopa.md)
DOMAIN_MATCH = 0x4D415443


def side_columns(records: np.ndarray, name: str) -> np.ndarray:
    """The per-side field ``name`` as an (n, sides) int64 array."""
    k = int(records["sides"].max()) if len(records) else 2
    return np.stack([records[f"{name}_side{s}"] for s in range(k)], axis=1).astype(np.int64)


class ScopaGame(SeriesGame):
    name = "scopa"
    title = "Scopa"
    enums = E
    kernels = nb
    records_module = records_py
    players = E.PLAYERS
    default_players = 2
    view_dtype = VIEW_DTYPE
    returns = "a move mask, bit(card) | captured"

    holding_tables = E.HOLDINGS
    score_unit = "deal points"
    odds = ODDS
    series_domain = DOMAIN_MATCH
    before_key = "points_before"
    series_cap = 32

    def check_status(self, setup: Setup, status: np.ndarray) -> None:
        """A strategy that returned an illegal move stopped the kernel: say whose it was."""
        if status[0]:
            from ..bits import mask_to_indices
            from ..strategy import illegal_card
            move = int(status[2]) & ((1 << 64) - 1)
            cards = [E.DECK.format_card(c) if c < E.N_CARDS else str(c)
                     for c in mask_to_indices(move)]
            shown = "move " + ("+".join(cards) or "0")
            illegal_card(setup, int(status[1]), -1, int(status[3]), E.DECK, shown=shown,
                         what="move")

    def table_args(self, setup: Setup) -> tuple:
        return (setup.players,) + super().table_args(setup)

    def sides(self, setup: Setup) -> int:
        return E.n_sides(setup.players, setup.rules["teams"])

    # --- conditioned dealing -------------------------------------------------------
    def sides_of(self, players, rules):
        n = E.n_sides(players, rules["teams"])
        return tuple(s % n for s in range(players))

    def layout(self, players, dealer, rules):
        return E.layout(players, dealer)

    def card_values(self, players, rules):
        return {"value": E.VALUE}

    def dealing_law(self, players, rules):
        return E.dealing_law(players, rules)

    # --- single deals ------------------------------------------------------------
    conditioned_dealing = True

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        k = self.sides(setup)
        n = int(totals[E.T_OUTCOME:E.T_OUTCOME + E.N_OUTCOMES].sum())
        outcomes = {"tie": share_entry(totals[E.T_OUTCOME], n)}
        for s in range(k):
            outcomes[f"side{s}_win"] = share_entry(totals[E.T_OUTCOME + 1 + s], n)
        winners = {f"side{s}": share_entry(totals[E.T_OUTCOME + 1 + s], n) for s in range(k)}
        winners["dealer_side"] = share_entry(totals[E.T_DEALER_WON], n)

        def field(s, f):
            return int(totals[E.T_SIDE + s * E.N_SIDE_FIELDS + f])

        def mean(x):
            return x / n if n else float("nan")

        out = {"deals": n, "sides": k, "outcomes": outcomes, "winners": winners}
        for cat, f in zip(E.CATEGORIES, (E.F_CARDS_PT, E.F_COINS_PT, E.F_SETTEBELLO,
                                         E.F_PRIMIERA_PT)):
            table = {f"side{s}": share_entry(field(s, f), n) for s in range(k)}
            table["nobody"] = share_entry(totals[E.T_NOBODY + E.CATEGORIES.index(cat)], n)
            out[f"{cat}_point"] = table
        for s in range(k):
            out[f"mean_points_side{s}"] = mean(field(s, E.F_POINTS))
        for s in range(k):
            out[f"mean_scope_side{s}"] = mean(field(s, E.F_SCOPE))
        for s in range(k):
            out[f"mean_cards_side{s}"] = mean(field(s, E.F_CARDS))
        for s in range(k):
            out[f"mean_coins_side{s}"] = mean(field(s, E.F_COINS))
        for s in range(k):
            out[f"mean_primiera_side{s}"] = mean(field(s, E.F_PRIMIERA))
        return out

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Score = the deal's points by side; result 1 strictly the most points, 0.5 shared
        top, 0 otherwise."""
        return top_results(side_columns(records, "points"))

    # --- matches (the runner's "rubbers") --------------------------------------------
    def series_width(self, setup: Setup) -> int:
        return E.MAX_SIDES

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        k = self.sides(setup)
        out = self.series_summary(setup, rubbers, {"target": setup.rules["target"], "sides": k},
                                  k)
        out.update(side_means(rubbers, "points_side{}", "mean_match_points_side{}", k))
        return out


SCOPA = ScopaGame()
