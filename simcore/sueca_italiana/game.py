"""Sueca Italiana for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..errors import TrunfoError
from ..game import AuctionTrumpGame, Setup
from ..holdings import ContractLevels
from ..rng import DOMAIN_CALL, seed_base
from ..summary import series_summary, share_entry
from . import enums as E
from . import nb
from .view import VIEW_DTYPE

REL_SEATS = E.REL_SEATS


def check_status(setup: Setup, status: np.ndarray, deck=E.DECK, kernels=nb) -> None:
    """A strategy that made an illegal decision stopped the kernel: say whose it was."""
    code = int(status[0])
    if code == 0:
        return
    seat, value, deal = int(status[1]), int(status[2]), int(status[3])
    if code == kernels.BAD_CARD:
        from ..strategy import illegal_card
        illegal_card(setup, seat, value, deal, deck)
    ss = setup.lineup.strategy_of(seat)
    what = "bid" if code == kernels.BAD_BID else "called card"
    shown = str(value) if code == kernels.BAD_BID or not 0 <= value < deck.n_cards \
        else deck.format_card(value)
    raise TrunfoError(f"strategy {ss.strategy.name} ({ss.strategy.origin}) returned {shown}, "
                      f"not a legal {what}, for seat {seat} in deal {deal} of {setup.game}; "
                      f"see docs/games/{setup.game}.md")


class SuecaItalianaGame(AuctionTrumpGame):
    name = "sueca_italiana"
    title = "Sueca Italiana (five players, auction, called card)"
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

    def outcome_categories(self, setup: Setup) -> tuple[str, ...]:
        """Playing alone (``alone_made``, ``alone_failed``) needs the rule call_own_card."""
        return tuple(x for x in E.OUTCOME_LABELS
                     if setup.rules["call_own_card"] or not x.startswith("alone_"))

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
        check_status(setup, status)
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
        outcomes = {lab: share_entry(totals[E.T_OUTCOME + i], n)
                    for i, lab in enumerate(E.OUTCOME_LABELS)}
        made_total = int(totals[E.T_OUTCOME + E.O_MADE] + totals[E.T_OUTCOME + E.O_ALONE_MADE])
        winners = {"declarer_side": share_entry(made_total, n),
                   "defenders": share_entry(n - made_total, n)}
        contracts = totals[E.T_CONTRACT:E.T_CONTRACT + E.MAX_BID + 1]
        made = totals[E.T_MADE:E.T_MADE + E.MAX_BID + 1]
        by_level, made_by_level = {}, {}
        for name, (lo, hi) in zip(E.LEVEL_NAMES, E.LEVELS):
            c = int(contracts[lo:hi + 1].sum())
            by_level[name] = share_entry(c, n)
            made_by_level[name] = share_entry(int(made[lo:hi + 1].sum()), c)
        seat = totals[E.T_DECL_SEAT:E.T_DECL_SEAT + E.N_SEATS]
        seat_made = totals[E.T_DECL_SEAT_MADE:E.T_DECL_SEAT_MADE + E.N_SEATS]
        passes = int(totals[E.T_PASSES])
        bids = totals[E.T_BIDS:E.T_BIDS + E.MAX_BID + 1]
        dpts = totals[E.T_DPOINTS:E.T_DPOINTS + E.TOTAL_POINTS + 1]
        score = totals[E.T_SCORE:E.T_SCORE + E.N_SEATS]
        ar = np.arange(E.MAX_BID + 1)
        return {
            "deals": n,
            "outcomes": outcomes,
            "winners": winners,
            "contracts": by_level,
            "made_by_contract": made_by_level,
            "declarer_seat": {REL_SEATS[i]: share_entry(seat[i], n) for i in range(E.N_SEATS)},
            "made_by_declarer_seat": {REL_SEATS[i]: share_entry(seat_made[i], seat[i])
                                      for i in range(E.N_SEATS)},
            "auction": {"all_passed": share_entry(totals[E.T_ALL_PASSED], n),
                        "passes": share_entry(passes, E.N_SEATS * n)},
            "mean_contract": float((contracts * ar).sum() / n) if n else nan,
            "mean_declarer_points": float((dpts * np.arange(E.TOTAL_POINTS + 1)).sum() / n)
            if n else nan,
            **{f"mean_game_points_seat{s}": float(score[s] / n) if n else nan
               for s in range(E.N_SEATS)},
            "contract_histogram": [int(x) for x in contracts],
            "made_histogram": [int(x) for x in made],
            "bids_histogram": [int(x) for x in bids],
            "declarer_points_histogram": [int(x) for x in dpts],
            "reveal_trick_histogram": [int(x) for x in
                                       totals[E.T_REVEAL:E.T_REVEAL + E.N_TRICKS]],
        }

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per seat: its game points, and 1 when its side won the deal, else 0."""
        score = np.stack([records[f"score_seat{s}"] for s in range(E.N_SEATS)],
                         axis=1).astype(np.int64)
        decl = records["declarer"].astype(np.int64)[:, None]
        part = records["partner"].astype(np.int64)[:, None]
        seats = np.arange(E.N_SEATS)[None, :]
        side = (seats == decl) | (seats == part)
        made = records["made"].astype(bool)[:, None]
        return score, (side == made).astype(np.float64)

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
        check_status(setup, status)
        return out

    def rubber_records(self, setup: Setup, seed: int, rubber: int, first_deal: int) -> list[dict]:
        """Records of every deal of match ``rubber``; deals are numbered from ``first_deal``."""
        from .records import deal_records

        def play(cap, deals, tr, before):
            out = np.empty(1, self.rubber_dtype)
            status = np.zeros(4, np.int64)
            n = nb.run_matches(seed_base(seed, DOMAIN_CALL), rubber, out, setup.dealer_arg,
                               setup.lineup, setup.params, setup.bmi2, status, tr + (before,),
                               cap, deals)
            check_status(setup, status)
            return n

        deals, tr, before = self.whole_series(play, nb.trace_buffers, first_deal, E.N_SEATS,
                                              cap=64)
        recs = deal_records(setup, seed, deals, tr)
        for j, rec in enumerate(recs):
            rec["match"] = rubber
            rec["deal_in_match"] = j
            rec["game_points_before"] = [int(x) for x in before[j]]
        return recs

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        out = {"target": setup.rules["target"]}
        out.update(series_summary(rubbers, unit="match", side="seat", sides=E.N_SEATS,
                                  length_field="deals", length_unit="deal",
                                  end_names=self.end_names))
        for s in range(E.N_SEATS):
            pts = rubbers[f"score_seat{s}"].astype(np.int64)
            out[f"mean_match_points_seat{s}"] = float(pts.mean()) if len(pts) else float("nan")
        return out


SUECA_ITALIANA = SuecaItalianaGame()
