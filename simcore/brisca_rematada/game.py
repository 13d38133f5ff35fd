"""Brisca rematada for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..errors import TrunfoError
from ..game import AuctionTrumpGame, Setup
from ..summary import seat_columns, share_entry, side_means, top_results
from . import enums as E
from . import nb
from . import records as records_py
from .view import VIEW_DTYPE

#: matches use their own stream domain, "REMA" (docs/games/brisca_rematada.md)
DOMAIN_MATCH = 0x52454D41


def check_status(setup: Setup, status: np.ndarray) -> None:
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
    enums = E
    kernels = nb
    records_module = records_py
    players = (3,)
    default_players = 3
    view_dtype = VIEW_DTYPE
    decisions = nb.KINDS

    series_domain = DOMAIN_MATCH
    before_key = "scores_before"
    series_cap = 32

    def check_status(self, setup: Setup, status: np.ndarray) -> None:
        check_status(setup, status)

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
        return top_results(seat_columns(records, "score_seat{}", E.N_SEATS))

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        out = self.series_summary(setup, rubbers, {"target": setup.rules["target"],
                                                   "sides": E.N_SEATS}, E.N_SEATS)
        out.update(side_means(rubbers, "score_seat{}", "mean_match_score_seat{}", E.N_SEATS))
        return out


BRISCA_REMATADA = BriscaRematadaGame()
