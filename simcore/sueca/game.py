"""Sueca for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..game import SeriesGame, Setup
from ..summary import outcome_tables, won_results
from . import enums as E
from . import nb
from . import records as records_py
from .solve import SOLVER
from .odds import ODDS
from .view import VIEW_DTYPE


class SuecaGame(SeriesGame):
    name = "sueca"
    title = "Sueca (Portuguese rules)"
    enums = E
    kernels = nb
    records_module = records_py
    solver = SOLVER
    players = (4,)
    default_players = 4
    view_dtype = VIEW_DTYPE
    score_marks = ((61, "a win"), (91, "a double or better"), (120, "all the points"))
    holding_tables = E.HOLDINGS
    holding_marks = score_marks[1:]          # 61+ is the win column already
    score_unit = "card points"
    odds = ODDS

    series_words = ("rubber", "team", "deal")

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

    def outcome_labels(self, setup: Setup) -> list[str]:
        """The kinds of won deal that can occur under the rules, in display order."""
        kinds = ["single", "double"]
        r = setup.rules
        if r["triple_at_30"]:
            kinds.append("triple")
        if r["pente"]:
            kinds.append("pente")
        kinds.append("bandeira")
        if r["bandeira_by_points"]:
            kinds.append("points_bandeira")
        return kinds

    def outcome_notes(self, rules) -> dict[str, str]:
        """What each kind of deal means in card points or tricks under the rules (the CLI
        shows it beside the label, ``team0 single (61-90)``); ``won``: every kind but the
        tie (docs/games/sueca.md, "Scoring a deal")."""
        triple = bool(rules["triple_at_30"])
        double = "91-119" if rules["bandeira_by_points"] else "91+"
        return {"tie": "60-60", "single": "61-89" if triple else "61-90", "double": double,
                "triple": "90", "pente": "91+", "bandeira": "every trick",
                "points_bandeira": "120, a trick lost", "won": "61+"}

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
        return won_results(score, records["games_team0"], records["games_team1"])

    def initial_positions(self, setup: Setup, seed: int, start: int, count: int) -> dict:
        """The dealt hands of deals ``start .. start+count-1`` (for the solver):
        ``hands`` (count, 4) masks by seat, ``trump_card`` and ``dealer`` per deal."""
        tr = nb.trace_buffers(count)
        out = self.play_deals(setup, seed, start, count, trace=tr)
        return {"hands": tr[0], "trump_card": tr[1], "dealer": out["dealer"].astype(np.int64)}

    # --- rubbers -------------------------------------------------------------------
    def series_width(self, setup: Setup) -> int:
        return 3                    # the games of each team before the deal, the carry

    def mark_series_deal(self, setup, rec, series, j, before) -> None:
        rec["rubber"] = series
        rec["deal_in_rubber"] = j
        rec["games_before"] = [int(before[0]), int(before[1])]
        rec["carry"] = int(before[2])

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        return self.series_summary(setup, rubbers, {"rubber_games": setup.rules["rubber_games"]},
                                   2)


SUECA = SuecaGame()
