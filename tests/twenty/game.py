"""Twenty for the runner and the facade: the Game object, everything trunfo asks of a game."""
from __future__ import annotations

import numpy as np

from simcore.game import Game, Setup
from simcore.summary import outcome_tables

from . import enums as E
from . import nb
from . import records as records_py
from .view import VIEW_DTYPE


class TwentyGame(Game):
    name = E.GAME
    title = "Twenty (a two-player trick game of 20 cards)"
    #: its enums.py: the deck, the rules, the record dtype, the totals' length, the
    #: outcome labels and the kernels' rule vector, under the names Game reads there
    enums = E
    players = (2,)
    default_players = 2
    view_dtype = VIEW_DTYPE
    score_marks = ((10, "10 points or more"),)
    #: its kernels: ``Game`` calls their ``run_deals`` and ``trace_buffers`` for single
    #: deals and records, and says whose card was illegal when a strategy's was
    kernels = nb
    records_module = records_py

    def sides(self, setup: Setup) -> int:
        return 2

    # --- conditioned dealing (docs/odds.md) ------------------------------------------
    conditioned_dealing = True
    trump_rule = None

    def layout(self, players, dealer, rules):
        return E.layout(dealer)

    def card_values(self, players, rules):
        return {"points": E.POINTS}

    def accumulate(self, records: np.ndarray, totals: np.ndarray) -> None:
        oc = records["outcome"].astype(np.int64)
        dealer = records["dealer"].astype(np.int64)
        p0 = records["points_seat0"].astype(np.int64)
        p1 = records["points_seat1"].astype(np.int64)
        n = E.MAX_POINTS + 1
        totals[E.T_OUTCOME:E.T_OUTCOME + 3] += np.bincount(oc, minlength=3)
        dc = np.where((dealer == 1) & (oc > 0), 3 - oc, oc)      # the dealer as seat 0
        totals[E.T_DEALER_OUTCOME:E.T_DEALER_OUTCOME + 3] += np.bincount(dc, minlength=3)
        totals[E.T_POINTS0:E.T_POINTS0 + n] += np.bincount(p0, minlength=n)
        totals[E.T_DEALER_POINTS:E.T_DEALER_POINTS + n] += np.bincount(
            np.where(dealer == 0, p0, p1), minlength=n)
        totals[E.T_PSUM1] += int(p1.sum())

    def outcome_labels(self, setup: Setup) -> list[str]:
        return ["win"]

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        n, outcomes, dealer_side, winners = outcome_tables(
            totals, E.OUTCOME_LABELS, ["win"], E.T_OUTCOME, E.T_DEALER_OUTCOME, "seat")
        pts = np.arange(E.MAX_POINTS + 1)
        h0 = totals[E.T_POINTS0:E.T_POINTS0 + E.MAX_POINTS + 1]
        hd = totals[E.T_DEALER_POINTS:E.T_DEALER_POINTS + E.MAX_POINTS + 1]
        nan = float("nan")
        return {"deals": n, "outcomes": outcomes, "dealer_side": dealer_side,
                "winners": winners,
                "mean_points_seat0": float((h0 * pts).sum() / n) if n else nan,
                "mean_points_seat1": float(totals[E.T_PSUM1] / n) if n else nan,
                "mean_points_dealer": float((hd * pts).sum() / n) if n else nan,
                "points_histogram_seat0": [int(x) for x in h0]}

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        score = np.stack([records["points_seat0"], records["points_seat1"]],
                         axis=1).astype(np.int64)
        oc = records["outcome"].astype(np.int64)
        r0 = np.where(oc == 1, 1.0, np.where(oc == 2, 0.0, 0.5))
        return score, np.stack([r0, 1.0 - r0], axis=1)

    #: ``trunfo check-records``: this game's own checker of one record (``check.py``,
    #: written from the rules in ``__init__.py``, not from the kernels)
    @staticmethod
    def check_record(record: dict) -> list[str]:
        from .check import check_record
        return check_record(record)


TWENTY = TwentyGame()
