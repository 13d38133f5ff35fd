"""Spades for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..game import SeriesGame, Setup
from ..summary import outcome_tables, share_entry, side_means
from . import enums as E
from . import nb
from . import records as records_py
from .solve import SOLVER
from .odds import ODDS
from .view import BLIND_NIL, SEE_CARDS, VIEW_DTYPE

#: whole games use their own stream domain, "GAME" (docs/games/spades.md)
DOMAIN_GAME = 0x47414D45


class SpadesGame(SeriesGame):
    name = "spades"
    title = "Spades (partnership, club rules; American rules as options)"
    enums = E
    kernels = nb
    records_module = records_py
    solver = SOLVER
    players = (4,)
    default_players = 4
    view_dtype = VIEW_DTYPE
    decisions = ("play", "bid")

    holding_tables = E.HOLDINGS
    score_unit = "hand score"
    odds = ODDS
    series_domain = DOMAIN_GAME
    series_words = ("game", "team", "hand")

    def check_status(self, setup: Setup, status: np.ndarray) -> None:
        """An illegal card (code 1) or bid (code 2) stopped the kernel: say whose it was."""
        if status[0] != 2:
            return super().check_status(setup, status)
        from ..errors import TrunfoError
        seat, bid, hand = int(status[1]), int(status[2]), int(status[3])
        ss = setup.lineup.strategy_of(seat)
        raise TrunfoError(f"strategy {ss.strategy.name} ({ss.strategy.origin}) returned the bid "
                          f"{bid}, not a legal bid, for seat {seat} in hand {hand} of spades; "
                          f"legal bids: 0..13 (0 nil), or when blind nil is offered "
                          f"{BLIND_NIL} (blind nil) or {SEE_CARDS} (see the cards first)")

    # --- conditioned dealing -------------------------------------------------------
    trump_rule = "S"

    def end_categories(self, setup: Setup) -> tuple[str, ...]:
        return tuple(e for e in E.RUBBER_ENDS if e != "mercy" or setup.rules["mercy"])

    def sides_of(self, players, rules):
        return tuple(s % 2 for s in range(players))

    def layout(self, players, dealer, rules):
        return E.layout(dealer)

    # --- single hands ------------------------------------------------------------
    conditioned_dealing = True

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        n, outcomes, dealer_side, winners = outcome_tables(
            totals, E.OUTCOME_LABELS, ("win",), E.T_OUTCOME, E.T_DEALER_OUTCOME, "team")
        contracts = {}
        for t in (0, 1):
            contracts[f"team{t}_made"] = share_entry(totals[E.T_MADE + t], n)
            contracts[f"team{t}_set"] = share_entry(totals[E.T_SET + t], n)
        nil = totals[E.T_NIL:E.T_NIL + len(E.NIL_RESULTS)]
        nils = int(nil[E.NIL_MADE] + nil[E.NIL_SET])
        blinds = int(nil[E.BLIND_MADE] + nil[E.BLIND_SET])
        nil_table = {"nil_made": share_entry(nil[E.NIL_MADE], nils),
                     "nil_set": share_entry(nil[E.NIL_SET], nils)}
        if setup.rules["blind_nil"]:
            nil_table["blind_nil_made"] = share_entry(nil[E.BLIND_MADE], blinds)
            nil_table["blind_nil_set"] = share_entry(nil[E.BLIND_SET], blinds)
        bids = totals[E.T_BIDS:E.T_BIDS + E.N_TRICKS + 1]
        tricks0 = totals[E.T_TRICKS0:E.T_TRICKS0 + E.N_TRICKS + 1]
        nan = float("nan")
        return {
            "deals": n,
            "hands": n,
            "outcomes": outcomes,
            "dealer_side": dealer_side,
            "winners": winners,
            "contracts": contracts,
            "nil_bids": nil_table,
            "nil_bid_share": nils / (4 * n) if n else nan,
            "mean_score_team0": float(totals[E.T_SCORE]) / n if n else nan,
            "mean_score_team1": float(totals[E.T_SCORE + 1]) / n if n else nan,
            "mean_bags_team0": float(totals[E.T_BAGS]) / n if n else nan,
            "mean_bags_team1": float(totals[E.T_BAGS + 1]) / n if n else nan,
            "mean_bid": float((bids * np.arange(E.N_TRICKS + 1)).sum()) / (4 * n) if n else nan,
            "bids_histogram": [int(x) for x in bids],
            "tricks_histogram_team0": [int(x) for x in tricks0],
        }

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        score = np.stack([records["score_team0"], records["score_team1"]], axis=1).astype(np.int64)
        r0 = np.where(score[:, 0] > score[:, 1], 1.0,
                      np.where(score[:, 0] < score[:, 1], 0.0, 0.5))
        return score, np.stack([r0, 1.0 - r0], axis=1)

    def initial_positions(self, setup: Setup, seed: int, start: int, count: int) -> dict:
        """The dealt hands of hands ``start .. start+count-1`` (for the solver):
        ``hands`` (count, 4) masks by seat and ``dealer``; spades are trump."""
        tr = nb.trace_buffers(count)
        out = self.play_deals(setup, seed, start, count, trace=tr)
        return {"hands": tr[0], "trump_card": np.full(count, -1, np.int64),
                "dealer": out["dealer"].astype(np.int64)}

    # --- whole games (the runner's "rubbers") --------------------------------------
    def play_games(self, setup: Setup, seed: int, game: int, cap: int = 64):
        """One game traced: ``(game record, hand records, trace, before)`` (numpy)."""
        while True:
            out = np.empty(1, self.rubber_dtype)
            hands = np.empty(cap, self.record_dtype)
            tr = nb.trace_buffers(cap)
            before = np.zeros((cap, 6), np.int64)
            n = self.play_series(setup, seed, game, cap, hands, tr, before, out)
            if n >= 0:
                return out[0], hands[:n].copy(), tuple(a[:n] for a in tr), before[:n]
            cap *= 4

    def series_width(self, setup: Setup) -> int:
        return 6            # scores, bags and bag penalties of the teams before the hand

    def mark_series_deal(self, setup, rec, series, j, before) -> None:
        b = [int(x) for x in before]
        rec["game_number"] = series
        rec["hand_in_game"] = j
        rec["scores_before"] = b[0:2]
        rec["bags_before"] = b[2:4]
        rec["bag_penalty"] = b[4:6]
        rec["scores_after"] = [b[0] + rec["score"][0] - b[4], b[1] + rec["score"][1] - b[5]]

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        n = len(rubbers)
        ties = int((rubbers["winner"] < 0).sum())
        out = self.series_summary(setup, rubbers, {"target": setup.rules["target"],
                                                   "max_hands": setup.rules["max_hands"]}, 2)
        out["game_tie_share"] = ties / n if n else 0.0
        out.update(side_means(rubbers, "score_team{}", "mean_final_score_team{}", 2))
        return out


SPADES = SpadesGame()
