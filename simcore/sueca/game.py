"""Sueca for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..game import Game, Setup
from ..summary import outcome_tables, series_summary
from ..rng import DOMAIN_RUBBER, seed_base
from . import enums as E
from . import nb
from .solve import SOLVER
from .odds import ODDS
from .view import VIEW_DTYPE


def _check(setup: Setup, status: np.ndarray) -> None:
    """A strategy that returned an illegal card stopped the kernel: say whose it was."""
    if status[0]:
        from ..strategy import illegal_card
        illegal_card(setup, int(status[1]), int(status[2]), int(status[3]), E.DECK)


class SuecaGame(Game):
    name = "sueca"
    title = "Sueca (Portuguese rules)"
    deck = E.DECK
    solver = SOLVER
    rules = E.RULES
    players = (4,)
    default_players = 4
    record_dtype = E.DEAL_DTYPE
    rubber_dtype = E.RUBBER_DTYPE
    n_totals = E.N_TOTALS
    outcome_names = E.OUTCOME_LABELS
    end_names = E.RUBBER_ENDS
    view_dtype = VIEW_DTYPE
    score_marks = ((61, "a win"), (91, "a double"), (120, "all the points"))
    holding_tables = E.HOLDINGS
    holding_marks = score_marks[1:]          # 61+ is the win column already
    score_unit = "card points"
    odds = ODDS

    params_of = staticmethod(E.params)

    def sides(self, setup: Setup) -> int:
        return 2

    # --- conditioned dealing -------------------------------------------------------
    trump_rule = "dealt"

    def sides_of(self, players, rules):
        return tuple(s % 2 for s in range(players))

    def layout(self, players, dealer, rules):
        return E.layout(dealer, rules)

    def card_values(self, players, rules):
        return {"points": E.POINTS}

    def dealing_law(self, players, rules):
        return E.dealing_law(rules)

    # --- single deals ------------------------------------------------------------
    conditioned_dealing = True

    def run_chunk(self, setup: Setup, seed: int, start: int, count: int,
                  out: np.ndarray | None = None, source=None) -> np.ndarray:
        out = np.empty(count, self.record_dtype) if out is None else out[:count]
        status = np.zeros(4, np.int64)
        src = self.deal_source(setup, seed, start, count) if source is None else source
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.lineup, setup.params,
                     setup.bmi2, status, source=src)
        _check(setup, status)
        self.source_done(setup, src, start)
        return out

    def accumulate(self, records: np.ndarray, totals: np.ndarray) -> None:
        nb.accumulate(records, totals)

    def outcome_labels(self, setup: Setup) -> list[str]:
        """The outcome labels that can occur under the rules, in display order."""
        kinds = ["win", "double"]
        r = setup.rules
        if r["triple_at_30"]:
            kinds.append("triple")
        if r["pente"]:
            kinds.append("pente")
        kinds.append("bandeira")
        if r["bandeira_by_points"]:
            kinds.append("points_bandeira")
        return kinds

    def end_categories(self, setup: Setup) -> tuple[str, ...]:
        r = setup.rules
        return tuple(e for e in E.RUBBER_ENDS
                     if (e != "points_bandeira" or r["bandeira_by_points"])
                     and (e != "pente" or r["pente"]))

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        n, outcomes, dealer_side, winners = outcome_tables(
            totals, E.OUTCOME_LABELS, self.outcome_labels(setup), E.T_OUTCOME,
            E.T_DEALER_OUTCOME, "team")
        pts = np.arange(E.TOTAL_POINTS + 1)
        h0 = totals[E.T_POINTS0:E.T_POINTS0 + E.TOTAL_POINTS + 1]
        hd = totals[E.T_DEALER_POINTS:E.T_DEALER_POINTS + E.TOTAL_POINTS + 1]
        mean0 = float((h0 * pts).sum() / n) if n else float("nan")
        meand = float((hd * pts).sum() / n) if n else float("nan")
        return {
            "deals": n,
            "outcomes": outcomes,
            "dealer_side": dealer_side,
            "winners": winners,
            "mean_points_team0": mean0,
            "mean_points_team1": E.TOTAL_POINTS - mean0 if n else float("nan"),
            "mean_points_dealer_team": meand,
            "games_team0": int(totals[E.T_GAMES0]),
            "games_team1": int(totals[E.T_GAMES1]),
            "points_histogram_team0": [int(x) for x in h0],
            "dealer_team_trumps_histogram": [int(x) for x in
                                             totals[E.T_DEALER_TRUMPS:E.T_DEALER_TRUMPS + 11]],
        }

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        score = np.stack([records["points_team0"], records["points_team1"]], axis=1).astype(np.int64)
        g0 = records["games_team0"].astype(np.int64)
        g1 = records["games_team1"].astype(np.int64)
        r0 = np.where(g0 > 0, 1.0, np.where(g1 > 0, 0.0, 0.5))
        return score, np.stack([r0, 1.0 - r0], axis=1)

    # --- game records ------------------------------------------------------------
    def records(self, setup: Setup, seed: int, start: int, count: int) -> list[dict]:
        from .records import deal_records
        out = np.empty(count, self.record_dtype)
        tr = nb.trace_buffers(count)
        status = np.zeros(4, np.int64)
        src = self.deal_source(setup, seed, start, count)
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.lineup, setup.params,
                     setup.bmi2, status, source=src, trace=tr)
        _check(setup, status)
        self.source_done(setup, src, start)
        return deal_records(setup, seed, out, tr)

    def initial_positions(self, setup: Setup, seed: int, start: int, count: int) -> dict:
        """The dealt hands of deals ``start .. start+count-1`` (for the solver):
        ``hands`` (count, 4) masks by seat, ``trump_card`` and ``dealer`` per deal."""
        out = np.empty(count, self.record_dtype)
        tr = nb.trace_buffers(count)
        status = np.zeros(4, np.int64)
        src = self.deal_source(setup, seed, start, count)
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.lineup, setup.params,
                     setup.bmi2, status, source=src, trace=tr)
        _check(setup, status)
        self.source_done(setup, src, start)
        return {"hands": tr[0], "trump_card": tr[1], "dealer": out["dealer"].astype(np.int64)}

    # --- rubbers -------------------------------------------------------------------
    def run_rubber_chunk(self, setup: Setup, seed: int, start: int, count: int) -> np.ndarray:
        out = np.empty(count, self.rubber_dtype)
        status = np.zeros(4, np.int64)
        nb.run_rubbers(seed_base(seed, DOMAIN_RUBBER), start, out, setup.dealer_arg,
                       setup.lineup, setup.params, setup.bmi2, status)
        _check(setup, status)
        return out

    def rubber_records(self, setup: Setup, seed: int, rubber: int, first_deal: int) -> list[dict]:
        """Game records of every deal of rubber ``rubber``; deals are numbered from ``first_deal``."""
        from .records import deal_records

        def play(cap, deals, tr, before):
            out = np.empty(1, self.rubber_dtype)
            status = np.zeros(4, np.int64)
            n = nb.run_rubbers(seed_base(seed, DOMAIN_RUBBER), rubber, out, setup.dealer_arg,
                               setup.lineup, setup.params, setup.bmi2, status, tr + (before,),
                               cap, deals)
            _check(setup, status)
            return n

        deals, tr, before = self.whole_series(play, nb.trace_buffers, first_deal, 3,
                                              cap=64)
        recs = deal_records(setup, seed, deals, tr)
        for j, rec in enumerate(recs):
            rec["rubber"] = rubber
            rec["deal_in_rubber"] = j
            rec["games_before"] = [int(before[j, 0]), int(before[j, 1])]
            rec["carry"] = int(before[j, 2])
        return recs

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        out = {"rubber_games": setup.rules["rubber_games"]}
        out.update(series_summary(rubbers, unit="rubber", side="team", sides=2,
                                  length_field="deals", length_unit="deal",
                                  end_names=self.end_names))
        return out


SUECA = SuecaGame()
