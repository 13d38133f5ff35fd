"""Briscola chiamata for the runner and the facade: setup, chunks, totals, summaries,
records."""
from __future__ import annotations

import numpy as np

from ..game import AuctionTrumpGame, Setup
from ..holdings import ContractLevels
from ..summary import seat_columns, share_entry, side_means
from ..sueca_italiana.game import check_status, side_won
from . import enums as E
from . import nb
from . import records as records_py
from .view import VIEW_DTYPE


class BriscolaChiamataGame(AuctionTrumpGame):
    name = "briscola_chiamata"
    title = "Briscola chiamata (five players, auction, called card)"
    enums = E
    kernels = nb
    records_module = records_py
    players = (5,)
    default_players = 5
    contract_levels = ContractLevels(E.LEVEL_NAMES, E.REL_SEATS, E.level_codes)
    view_dtype = VIEW_DTYPE
    decisions = ("bid", "call", "play")

    before_key = "scores_before"

    def check_status(self, setup: Setup, status: np.ndarray) -> None:
        check_status(setup, status, self.deck, self.kernels)

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        n = int(totals[E.T_OUTCOME:E.T_OUTCOME + E.N_OUTCOMES].sum())
        nan = float("nan")
        oc = totals[E.T_OUTCOME:E.T_OUTCOME + E.N_OUTCOMES]
        played = n - int(oc[E.O_PASSED])
        made_total = int(oc[E.O_MADE] + oc[E.O_ALONE_MADE])
        bids = totals[E.T_BID:E.T_BID + E.MAX_BID + 1]
        made = totals[E.T_BID_MADE:E.T_BID_MADE + E.MAX_BID + 1]
        by_level, made_by_level = {}, {}
        spans = [(b, b) for b in range(1, E.N_RANK_BIDS + 1)] + list(E.POINT_LEVELS)
        for name, (lo, hi) in zip(E.LEVEL_NAMES, spans):
            if setup.rules["points_only"] and lo <= E.N_RANK_BIDS:
                continue
            c = int(bids[lo:hi + 1].sum())
            by_level[name] = share_entry(c, n)
            made_by_level[name] = share_entry(int(made[lo:hi + 1].sum()), c)
        seat = totals[E.T_DECL_SEAT:E.T_DECL_SEAT + E.N_SEATS]
        seat_made = totals[E.T_DECL_SEAT_MADE:E.T_DECL_SEAT_MADE + E.N_SEATS]
        dpts = totals[E.T_DPOINTS:E.T_DPOINTS + E.TOTAL_POINTS + 1]
        turns = totals[E.T_TURNS:E.T_TURNS + E.MAX_TURNS + 1]
        score = totals[E.T_SCORE:E.T_SCORE + E.N_SEATS]
        rel = E.REL_SEATS
        return {
            "deals": n,
            "outcomes": {lab: share_entry(oc[i], n) for i, lab in enumerate(E.OUTCOME_LABELS)},
            "winners": {"declarer_side": share_entry(made_total, played),
                        "defenders": share_entry(played - made_total, played),
                        "cappotto": share_entry(totals[E.T_CAPPOTTO], played)},
            "contracts": by_level,
            "made_by_contract": made_by_level,
            "declarer_seat": {rel[i]: share_entry(seat[i], n) for i in range(E.N_SEATS)},
            "made_by_declarer_seat": {rel[i]: share_entry(seat_made[i], seat[i])
                                      for i in range(E.N_SEATS)},
            "mean_auction_turns": float((turns * np.arange(len(turns))).sum() / n) if n else nan,
            "mean_declarer_points": float((dpts * np.arange(E.TOTAL_POINTS + 1)).sum()
                                          / played) if played else nan,
            **{f"mean_score_seat{s}": float(score[s] / n) if n else nan
               for s in range(E.N_SEATS)},
            "bid_histogram": [int(x) for x in bids],
            "made_histogram": [int(x) for x in made],
            "auction_turns_histogram": [int(x) for x in turns],
            "declarer_points_histogram": [int(x) for x in dpts],
            "reveal_trick_histogram": [int(x) for x in
                                       totals[E.T_REVEAL:E.T_REVEAL + E.N_TRICKS]],
        }

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per seat: its score, and 1 when its side won the deal, 0 when it lost, 0.5 for
        everybody when the deal was passed out."""
        passed = (records["outcome"] == E.O_PASSED)[:, None]
        return (seat_columns(records, "score_seat{}", E.N_SEATS),
                np.where(passed, 0.5, side_won(records, E.N_SEATS)))

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        n = len(rubbers)
        out = self.series_summary(setup, rubbers, {"match_deals": setup.rules["match_deals"]},
                                  E.N_SEATS)
        out["match_tie_share"] = float((rubbers["winner"] < 0).sum() / n) if n else 0.0
        out.update(side_means(rubbers, "score_seat{}", "mean_match_score_seat{}", E.N_SEATS))
        return out


BRISCOLA_CHIAMATA = BriscolaChiamataGame()
