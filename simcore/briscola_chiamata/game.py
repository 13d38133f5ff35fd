"""Briscola chiamata for the runner and the facade: setup, chunks, totals, summaries,
records."""
from __future__ import annotations

import numpy as np

from ..game import AuctionTrumpGame, Setup
from ..holdings import ContractLevels
from ..rng import DOMAIN_CALL, seed_base
from ..summary import series_summary, share_entry
from ..sueca_italiana.game import check_status
from . import enums as E
from . import nb
from .view import VIEW_DTYPE


class BriscolaChiamataGame(AuctionTrumpGame):
    name = "briscola_chiamata"
    title = "Briscola chiamata (five players, auction, called card)"
    deck = E.DECK
    rules = E.RULES
    players = (5,)
    default_players = 5
    record_dtype = E.DEAL_DTYPE
    rubber_dtype = E.MATCH_DTYPE
    n_totals = E.N_TOTALS
    outcome_names = E.OUTCOME_LABELS
    contract_levels = ContractLevels(E.LEVEL_NAMES, E.REL_SEATS, E.level_codes)
    end_names = E.MATCH_ENDS
    view_dtype = VIEW_DTYPE
    decisions = ("bid", "call", "play")

    params_of = staticmethod(E.params)

    def sides(self, setup: Setup) -> int:
        return E.N_SEATS          # each seat scores for itself: partnerships change each deal

    # --- conditioned dealing -------------------------------------------------------

    def layout(self, players, dealer, rules):
        return E.layout(dealer)

    def card_values(self, players, rules):
        return {"points": E.POINTS}

    # --- single deals ------------------------------------------------------------
    def _run(self, setup, seed, start, count, out=None, trace=None, source=None):
        out = np.empty(count, self.record_dtype) if out is None else out[:count]
        status = np.zeros(4, np.int64)
        src = self.deal_source(setup, seed, start, count) if source is None else source
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.lineup, setup.params,
                     setup.bmi2, status, trace=trace, source=src)
        check_status(setup, status, E.DECK, nb)
        self.source_done(setup, src, start)
        return out

    def run_chunk(self, setup: Setup, seed: int, start: int, count: int,
                  out: np.ndarray | None = None, source=None) -> np.ndarray:
        return self._run(setup, seed, start, count, out, source=source)

    def accumulate(self, records: np.ndarray, totals: np.ndarray) -> None:
        nb.accumulate(records, totals)

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
        score = np.stack([records[f"score_seat{s}"] for s in range(E.N_SEATS)],
                         axis=1).astype(np.int64)
        decl = records["declarer"].astype(np.int64)[:, None]
        part = records["partner"].astype(np.int64)[:, None]
        seats = np.arange(E.N_SEATS)[None, :]
        side = (seats == decl) | (seats == part)
        made = records["made"].astype(bool)[:, None]
        result = (side == made).astype(np.float64)
        passed = (records["outcome"] == E.O_PASSED)[:, None]
        return score, np.where(passed, 0.5, result)

    # --- game records ------------------------------------------------------------
    def records(self, setup: Setup, seed: int, start: int, count: int) -> list[dict]:
        from .records import deal_records
        tr = nb.trace_buffers(count)
        out = self._run(setup, seed, start, count, trace=tr)
        return deal_records(setup, seed, out, tr)

    # --- matches -------------------------------------------------------------------
    def run_rubber_chunk(self, setup: Setup, seed: int, start: int, count: int) -> np.ndarray:
        out = np.empty(count, self.rubber_dtype)
        status = np.zeros(4, np.int64)
        nb.run_matches(seed_base(seed, DOMAIN_CALL), start, out, setup.dealer_arg,
                       setup.lineup, setup.params, setup.bmi2, status)
        check_status(setup, status, E.DECK, nb)
        return out

    def rubber_records(self, setup: Setup, seed: int, rubber: int, first_deal: int) -> list[dict]:
        """Records of every deal of match ``rubber``; deals are numbered from ``first_deal``."""
        from .records import deal_records
        cap = setup.rules["match_deals"]
        out = np.empty(1, self.rubber_dtype)
        deals = np.empty(cap, self.record_dtype)
        tr = nb.trace_buffers(cap)
        before = np.zeros((cap, E.N_SEATS), np.int64)
        status = np.zeros(4, np.int64)
        n = nb.run_matches(seed_base(seed, DOMAIN_CALL), rubber, out, setup.dealer_arg,
                           setup.lineup, setup.params, setup.bmi2, status, tr + (before,),
                           cap, deals)
        check_status(setup, status, E.DECK, nb)
        deals["deal"] = first_deal + np.arange(n)
        recs = deal_records(setup, seed, deals, tr)
        for j, rec in enumerate(recs):
            rec["match"] = rubber
            rec["deal_in_match"] = j
            rec["scores_before"] = [int(x) for x in before[j]]
        return recs

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        n = len(rubbers)
        out = {"match_deals": setup.rules["match_deals"]}
        out.update(series_summary(rubbers, unit="match", side="seat", sides=E.N_SEATS,
                                  length_field="deals", length_unit="deal",
                                  end_names=self.end_names))
        out["match_tie_share"] = float((rubbers["winner"] < 0).sum() / n) if n else 0.0
        for s in range(E.N_SEATS):
            pts = rubbers[f"score_seat{s}"].astype(np.int64)
            out[f"mean_match_score_seat{s}"] = float(pts.mean()) if n else float("nan")
        return out


BRISCOLA_CHIAMATA = BriscolaChiamataGame()
