"""Scopa for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..game import Game, Setup
from ..rng import seed_base
from ..summary import series_summary, share_entry
from . import enums as E
from . import nb
from .odds import ODDS
from .view import VIEW_DTYPE

#: matches use their own stream domain, "MATC" (docs/games/scopa.md)
DOMAIN_MATCH = 0x4D415443


def _check(setup: Setup, status: np.ndarray) -> None:
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


def side_columns(records: np.ndarray, name: str) -> np.ndarray:
    """The per-side field ``name`` as an (n, sides) int64 array."""
    k = int(records["sides"].max()) if len(records) else 2
    return np.stack([records[f"{name}_side{s}"] for s in range(k)], axis=1).astype(np.int64)


class ScopaGame(Game):
    name = "scopa"
    title = "Scopa"
    deck = E.DECK
    rules = E.RULES
    players = E.PLAYERS
    default_players = 2
    record_dtype = E.DEAL_DTYPE
    rubber_dtype = E.RUBBER_DTYPE
    n_totals = E.N_TOTALS
    outcome_names = E.OUTCOME_LABELS
    end_names = E.RUBBER_ENDS
    view_dtype = VIEW_DTYPE
    returns = "a move mask, bit(card) | captured"

    holding_tables = E.HOLDINGS
    score_unit = "deal points"
    odds = ODDS
    params_of = staticmethod(E.params)

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

    def run_chunk(self, setup: Setup, seed: int, start: int, count: int,
                  out: np.ndarray | None = None, source=None) -> np.ndarray:
        out = np.empty(count, self.record_dtype) if out is None else out[:count]
        src = self.deal_source(setup, seed, start, count) if source is None else source
        status = np.zeros(4, np.int64)
        nb.run_deals(seed_base(seed), start, out, setup.players, setup.dealer_arg, setup.lineup,
                     setup.params, setup.bmi2, status, source=src)
        _check(setup, status)
        self.source_done(setup, src, start)
        return out

    def accumulate(self, records: np.ndarray, totals: np.ndarray) -> None:
        nb.accumulate(records, totals)

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
        score = side_columns(records, "points")
        top = score.max(axis=1, keepdims=True) if len(score) else score
        at_top = score == top
        shared = at_top.sum(axis=1, keepdims=True) > 1
        result = np.where(at_top, np.where(shared, 0.5, 1.0), 0.0)
        return score, result

    # --- game records ------------------------------------------------------------
    def records(self, setup: Setup, seed: int, start: int, count: int) -> list[dict]:
        from .records import deal_records
        out = np.empty(count, self.record_dtype)
        tr = nb.trace_buffers(count)
        src = self.deal_source(setup, seed, start, count)
        status = np.zeros(4, np.int64)
        nb.run_deals(seed_base(seed), start, out, setup.players, setup.dealer_arg, setup.lineup,
                     setup.params, setup.bmi2, status, source=src, trace=tr)
        _check(setup, status)
        self.source_done(setup, src, start)
        return deal_records(setup, seed, out, tr)

    # --- matches (the runner's "rubbers") --------------------------------------------
    def run_rubber_chunk(self, setup: Setup, seed: int, start: int, count: int) -> np.ndarray:
        out = np.empty(count, self.rubber_dtype)
        status = np.zeros(4, np.int64)
        nb.run_rubbers(seed_base(seed, DOMAIN_MATCH), start, out, setup.players,
                       setup.dealer_arg, setup.lineup, setup.params, setup.bmi2, status)
        _check(setup, status)
        return out

    def rubber_records(self, setup: Setup, seed: int, rubber: int, first_deal: int) -> list[dict]:
        """Game records of every deal of match ``rubber``; deals are numbered from ``first_deal``."""
        from .records import deal_records

        def play(cap, deals, tr, before):
            out = np.empty(1, self.rubber_dtype)
            status = np.zeros(4, np.int64)
            n = nb.run_rubbers(seed_base(seed, DOMAIN_MATCH), rubber, out, setup.players,
                               setup.dealer_arg, setup.lineup, setup.params, setup.bmi2, status,
                               tr, cap, deals, before)
            _check(setup, status)
            return n

        deals, tr, before = self.whole_series(play, nb.trace_buffers, first_deal, E.MAX_SIDES,
                                              cap=32)
        recs = deal_records(setup, seed, deals, tr)
        k = self.sides(setup)
        for j, rec in enumerate(recs):
            rec["match"] = rubber
            rec["deal_in_match"] = j
            rec["points_before"] = [int(x) for x in before[j, :k]]
        return recs

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        k = self.sides(setup)
        out = {"target": setup.rules["target"], "sides": k}
        out.update(series_summary(rubbers, unit="match", side="side", sides=k,
                                  length_field="deals", length_unit="deal",
                                  end_names=self.end_names))
        for s in range(k):
            pts = rubbers[f"points_side{s}"].astype(np.int64)
            out[f"mean_match_points_side{s}"] = float(pts.mean()) if len(pts) else float("nan")
        return out


SCOPA = ScopaGame()
