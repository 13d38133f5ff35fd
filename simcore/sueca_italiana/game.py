"""Sueca Italiana for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..errors import TrunfoError
from ..game import AuctionTrumpGame, Setup
from ..holdings import ContractLevels
from ..summary import seat_columns, share_entry, side_means
from . import enums as E
from . import nb
from . import records as records_py
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
    enums = E
    kernels = nb
    records_module = records_py
    players = (5,)
    default_players = 5
    contract_levels = ContractLevels(E.LEVEL_NAMES, E.REL_SEATS, E.level_codes)
    view_dtype = VIEW_DTYPE
    decisions = ("bid", "call", "play")

    def check_status(self, setup: Setup, status: np.ndarray) -> None:
        check_status(setup, status, self.deck, self.kernels)

    def outcome_categories(self, setup: Setup) -> tuple[str, ...]:
        """Playing alone (``alone_made``, ``alone_failed``) needs the rule call_own_card."""
        return tuple(x for x in E.OUTCOME_LABELS
                     if setup.rules["call_own_card"] or not x.startswith("alone_"))

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
        return seat_columns(records, "score_seat{}", E.N_SEATS), side_won(records, E.N_SEATS)

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        out = self.series_summary(setup, rubbers, {"target": setup.rules["target"]}, E.N_SEATS)
        out.update(side_means(rubbers, "score_seat{}", "mean_match_points_seat{}", E.N_SEATS))
        return out


def side_won(records: np.ndarray, seats: int) -> np.ndarray:
    """Per deal and seat of a called-card game: 1.0 when the seat's side (the declarer and
    the partner, or the others) won the deal, else 0.0."""
    decl = records["declarer"].astype(np.int64)[:, None]
    part = records["partner"].astype(np.int64)[:, None]
    seat = np.arange(seats)[None, :]
    side = (seat == decl) | (seat == part)
    made = records["made"].astype(bool)[:, None]
    return (side == made).astype(np.float64)


SUECA_ITALIANA = SuecaItalianaGame()
