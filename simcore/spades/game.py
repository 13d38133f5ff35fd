"""Spades for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..game import Game, Setup
from ..rng import seed_base
from ..summary import outcome_tables, series_summary, share_entry
from . import enums as E
from . import nb

#: whole games use their own stream domain, "GAME" (docs/games/spades.md)
DOMAIN_GAME = 0x47414D45


def _trace_buffers(n: int):
    return (np.zeros((n, E.N_SEATS), np.uint64), np.zeros((n, E.N_CARDS), np.int8),
            np.zeros((n, E.N_TRICKS), np.int8), np.zeros((n, E.N_TRICKS), np.int8))


_NO_TRACE = _trace_buffers(1)


class SpadesGame(Game):
    name = "spades"
    title = "Spades (partnership, club rules; American rules as options)"
    deck = E.DECK
    rules = E.RULES
    players = (4,)
    default_players = 4
    record_dtype = E.DEAL_DTYPE
    rubber_dtype = E.RUBBER_DTYPE
    n_totals = E.N_TOTALS
    outcome_names = E.OUTCOME_LABELS
    end_names = E.RUBBER_ENDS

    params_of = staticmethod(E.params)

    # --- conditioned dealing -------------------------------------------------------
    trump_rule = "S"

    def sides_of(self, players, rules):
        return tuple(s % 2 for s in range(players))

    def layout(self, players, dealer, rules):
        return E.layout(dealer)

    # --- single hands ------------------------------------------------------------
    def run_chunk(self, setup: Setup, seed: int, start: int, count: int,
                  out: np.ndarray | None = None) -> np.ndarray:
        out = np.empty(count, self.record_dtype) if out is None else out[:count]
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.codes, setup.params,
                     setup.bmi2, False, *_NO_TRACE)
        return out

    def accumulate(self, records: np.ndarray, totals: np.ndarray) -> None:
        nb.accumulate(records, totals)

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

    # --- game records ------------------------------------------------------------
    def records(self, setup: Setup, seed: int, start: int, count: int) -> list[dict]:
        from .records import deal_records
        out = np.empty(count, self.record_dtype)
        tr = _trace_buffers(count)
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.codes, setup.params,
                     setup.bmi2, True, *tr)
        return deal_records(setup, seed, out, tr)

    def initial_positions(self, setup: Setup, seed: int, start: int, count: int) -> dict:
        """The dealt hands of hands ``start .. start+count-1`` (for the solver):
        ``hands`` (count, 4) masks by seat and ``dealer``; spades are trump."""
        out = np.empty(count, self.record_dtype)
        tr = _trace_buffers(count)
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.codes, setup.params,
                     setup.bmi2, True, *tr)
        return {"hands": tr[0], "trump_card": np.full(count, -1, np.int64),
                "dealer": out["dealer"].astype(np.int64)}

    # --- whole games (the runner's "rubbers") --------------------------------------
    def run_rubber_chunk(self, setup: Setup, seed: int, start: int, count: int) -> np.ndarray:
        out = np.empty(count, self.rubber_dtype)
        dummy = np.empty(1, self.record_dtype)
        nb.run_rubbers(seed_base(seed, DOMAIN_GAME), start, out, setup.dealer_arg, setup.codes,
                       setup.params, setup.bmi2, False, 0, dummy, *_NO_TRACE,
                       np.zeros((1, 6), np.int64))
        return out

    def play_games(self, setup: Setup, seed: int, game: int, cap: int = 64):
        """One game traced: ``(game record, hand records, trace, before)`` (numpy)."""
        while True:
            out = np.empty(1, self.rubber_dtype)
            hands = np.empty(cap, self.record_dtype)
            tr = _trace_buffers(cap)
            before = np.zeros((cap, 6), np.int64)
            n = nb.run_rubbers(seed_base(seed, DOMAIN_GAME), game, out, setup.dealer_arg,
                               setup.codes, setup.params, setup.bmi2, True, cap, hands, *tr,
                               before)
            if n >= 0:
                return out[0], hands[:n].copy(), tuple(a[:n] for a in tr), before[:n]
            cap *= 4

    def rubber_records(self, setup: Setup, seed: int, rubber: int, first_deal: int) -> list[dict]:
        """Records of every hand of game ``rubber``; hands are numbered from ``first_deal``."""
        from .records import deal_records
        _, hands, tr, before = self.play_games(setup, seed, rubber)
        n = len(hands)
        hands["deal"] = first_deal + np.arange(n)
        recs = deal_records(setup, seed, hands, tr)
        for j, rec in enumerate(recs):
            b = [int(x) for x in before[j]]
            rec["game_number"] = rubber
            rec["hand_in_game"] = j
            rec["scores_before"] = b[0:2]
            rec["bags_before"] = b[2:4]
            rec["bag_penalty"] = b[4:6]
            rec["scores_after"] = [b[0] + rec["score"][0] - b[4], b[1] + rec["score"][1] - b[5]]
        return recs

    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        n = len(rubbers)
        ties = int((rubbers["winner"] < 0).sum())
        out = {"target": setup.rules["target"], "max_hands": setup.rules["max_hands"]}
        out.update(series_summary(rubbers, unit="game", side="team", sides=2,
                                  length_field="hands", length_unit="hand",
                                  end_names=self.end_names))
        out["game_tie_share"] = ties / n if n else 0.0
        for t in (0, 1):
            score = rubbers[f"score_team{t}"]
            out[f"mean_final_score_team{t}"] = float(score.mean()) if n else float("nan")
        return out


SPADES = SpadesGame()
