"""Brisca rematada for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..errors import TrunfoError
from ..game import AuctionTrumpGame, Setup
from ..rng import seed_base
from ..summary import series_summary, share_entry
from . import enums as E
from . import nb
from .view import VIEW_DTYPE

#: matches use their own stream domain, "REMA" (docs/games/brisca_rematada.md)
DOMAIN_MATCH = 0x52454D41


def _check(setup: Setup, status: np.ndarray) -> None:
    """A strategy that made an illegal decision stopped the kernel: say whose it was."""
    code = int(status[0])
    if not code:
        return
    seat, value, deal = int(status[1]), int(status[2]), int(status[3])
    if code == nb.BAD_CARD:
        from ..strategy import illegal_card
        illegal_card(setup, seat, value, deal, E.DECK)
    ss = setup.lineup.strategy_of(seat)
    who = f"strategy {ss.strategy.name} ({ss.strategy.origin})"
    if code == nb.BAD_BID:
        raise TrunfoError(f"{who} bid {value} for seat {seat} in deal {deal} of "
                          f"brisca_rematada, not a legal bid (-1 to pass, or a bid from the "
                          f"lowest allowed up to {int(setup.params[E.P_MAX_BID])} by steps of "
                          f"{int(setup.params[E.P_STEP])})")
    if code == nb.BAD_DISCARD:
        shown = E.DECK.format_card(value) if 0 <= value < E.N_CARDS else str(value)
        raise TrunfoError(f"{who} discarded {shown} for seat {seat} in deal {deal} of "
                          f"brisca_rematada, not a card of its hand")
    raise TrunfoError(f"{who} named trumps {value} for seat {seat} in deal {deal} of "
                      f"brisca_rematada; a suit is 0..3 (O C E B)")


class BriscaRematadaGame(AuctionTrumpGame):
    name = "brisca_rematada"
    title = "Brisca rematada (three players, auction)"
    deck = E.DECK
    rules = E.RULES
    players = (3,)
    default_players = 3
    record_dtype = E.DEAL_DTYPE
    rubber_dtype = E.MATCH_DTYPE
    n_totals = E.N_TOTALS
    outcome_names = E.OUTCOME_LABELS
    end_names = E.MATCH_ENDS
    view_dtype = VIEW_DTYPE
    decisions = nb.KINDS

    params_of = staticmethod(E.params)

    def sides(self, setup: Setup) -> int:
        return E.N_SEATS

    # --- conditioned dealing -------------------------------------------------------
    def sides_of(self, players, rules):
        return tuple(range(E.N_SEATS))

    def layout(self, players, dealer, rules):
        return E.layout(dealer)

    def card_values(self, players, rules):
        return {"points": E.POINTS}

    # --- single deals ------------------------------------------------------------
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

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        n = int(totals[E.T_OUTCOME:E.T_OUTCOME + len(E.OUTCOME_LABELS)].sum())

        def mean(x):
            return float(x) / n if n else float("nan")

        declarer = {label: share_entry(totals[E.T_OUTCOME + k], n)
                    for k, label in enumerate(E.OUTCOME_LABELS)}
        position = {name: share_entry(totals[E.T_REL + k], n)
                    for k, name in enumerate(E.REL_SEATS)}
        made_position = {name: share_entry(totals[E.T_REL_MADE + k], totals[E.T_REL + k])
                         for k, name in enumerate(E.REL_SEATS)}
        levels = totals[E.T_CONTRACT:E.T_CONTRACT + E.N_LEVELS]
        made = totals[E.T_CONTRACT_MADE:E.T_CONTRACT_MADE + E.N_LEVELS]
        reached = [k for k in range(E.N_LEVELS) if levels[k]]
        contract = {str(E.MIN_BID + k): share_entry(levels[k], n) for k in reached}
        made_contract = {str(E.MIN_BID + k): share_entry(made[k], levels[k]) for k in reached}
        forced = int(totals[E.T_FORCED])
        out = {
            "deals": n,
            "declarer": declarer,
            "declarer_position": position,
            "made_by_declarer_position": made_position,
            "contract": contract,
            "made_by_contract": made_contract,
            "won_without_bidding": {"dealer at 100": share_entry(forced, n),
                                    "dealer at 100 made": share_entry(
                                        totals[E.T_FORCED_MADE], forced)},
            "mean_points_declarer": mean(totals[E.T_DECL_POINTS]),
        }
        for s in range(E.N_SEATS):
            out[f"mean_points_seat{s}"] = mean(totals[E.T_POINTS + s])
        out["mean_contract"] = mean(sum((E.MIN_BID + k) * int(levels[k]) for k in reached))
        out["mean_declarer_marriage_points"] = mean(totals[E.T_DECL_MARRIAGES])
        out["mean_discard_points"] = mean(totals[E.T_DISCARD_POINTS])
        out["mean_auction_turns"] = mean(totals[E.T_TURNS])
        for s in range(E.N_SEATS):
            out[f"mean_score_seat{s}"] = mean(totals[E.T_SCORE + s])
        out["declarer_seat"] = [int(x) for x in totals[E.T_SEAT:E.T_SEAT + E.N_SEATS]]
        out["declarer_seat_made"] = [int(x) for x in
                                     totals[E.T_SEAT_MADE:E.T_SEAT_MADE + E.N_SEATS]]
        return out

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Score = the deal's score by seat; result 1 strictly the highest score, 0.5 a
        shared top (the defenders of a failed contract), 0 otherwise."""
        score = np.stack([records[f"score_seat{s}"] for s in range(E.N_SEATS)],
                         axis=1).astype(np.int64)
        top = score.max(axis=1, keepdims=True) if len(score) else score
        at_top = score == top
        shared = at_top.sum(axis=1, keepdims=True) > 1
        return score, np.where(at_top, np.where(shared, 0.5, 1.0), 0.0)

    # --- game records ------------------------------------------------------------
    def records(self, setup: Setup, seed: int, start: int, count: int) -> list[dict]:
        from .records import deal_records
        out = np.empty(count, self.record_dtype)
        tr = nb.trace_buffers(count)
        status = np.zeros(4, np.int64)
        src = self.deal_source(setup, seed, start, count)
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.lineup, setup.params,
                     setup.bmi2, status, trace=tr, source=src)
        _check(setup, status)
        self.source_done(setup, src, start)
        return deal_records(setup, seed, out, tr)

    # --- matches (the runner's "rubbers") --------------------------------------------
    def run_rubber_chunk(self, setup: Setup, seed: int, start: int, count: int) -> np.ndarray:
        out = np.empty(count, self.rubber_dtype)
        status = np.zeros(4, np.int64)
        nb.run_matches(seed_base(seed, DOMAIN_MATCH), start, out, setup.dealer_arg,
                       setup.lineup, setup.params, setup.bmi2, status)
        _check(setup, status)
        return out

    def rubber_records(self, setup: Setup, seed: int, rubber: int, first_deal: int) -> list[dict]:
        """Game records of every deal of match ``rubber``; deals are numbered from
        ``first_deal``."""
        from .records import deal_records

        def play(cap, deals, tr, before):
            out = np.empty(1, self.rubber_dtype)
            status = np.zeros(4, np.int64)
            n = nb.run_matches(seed_base(seed, DOMAIN_MATCH), rubber, out, setup.dealer_arg,
                               setup.lineup, setup.params, setup.bmi2, status, tr + (before,),
                               cap, deals)
            _check(setup, status)
            return n

        deals, tr, before = self.whole_series(play, nb.trace_buffers, first_deal, E.N_SEATS,
                                              cap=32)
        recs = deal_records(setup, seed, deals, tr)
        for j, rec in enumerate(recs):
            rec["match"] = rubber
            rec["deal_in_match"] = j
            rec["scores_before"] = [int(x) for x in before[j]]
        return recs

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        out = {"target": setup.rules["target"], "sides": E.N_SEATS}
        out.update(series_summary(rubbers, unit="match", side="seat", sides=E.N_SEATS,
                                  length_field="deals", length_unit="deal",
                                  end_names=self.end_names))
        for s in range(E.N_SEATS):
            sc = rubbers[f"score_seat{s}"].astype(np.int64)
            out[f"mean_match_score_seat{s}"] = float(sc.mean()) if len(sc) else float("nan")
        return out


BRISCA_REMATADA = BriscaRematadaGame()
