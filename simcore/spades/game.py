"""Spades for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from strategies import seat_codes

from .. import stats
from ..bits import HAS_BMI2
from ..errors import TrunfoError
from ..game import Game, Setup
from ..rng import seed_base
from ..sueca.game import share_entry
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

    def setup(self, rules=None, strategies=("random",), players=None, dealer=None) -> Setup:
        resolved = rules if hasattr(rules, "game") else self.rules.resolve(rules)
        for name, low in (("bag_limit", 1), ("bag_penalty", 0), ("target", 1), ("max_hands", 1)):
            if resolved[name] < low:
                raise TrunfoError(f"rule {name}={resolved[name]} for spades is not allowed; "
                                  f"allowed: an integer >= {low}")
        players = self.check_players(players)
        if isinstance(strategies, str):
            strategies = strategies.split(",")
        codes = seat_codes(self.name, strategies, players)
        names = tuple(strategies) * (players if len(strategies) == 1 else 1)
        return Setup(self.name, resolved, names, codes, E.params(resolved), players,
                     self.check_dealer(dealer, players), HAS_BMI2)

    # --- single hands ------------------------------------------------------------
    def run_chunk(self, setup: Setup, seed: int, start: int, count: int) -> np.ndarray:
        out = np.empty(count, self.record_dtype)
        nb.run_deals(seed_base(seed), start, out, setup.dealer_arg, setup.codes, setup.params,
                     setup.bmi2, False, *_NO_TRACE)
        return out

    def accumulate(self, records: np.ndarray, totals: np.ndarray) -> None:
        nb.accumulate(records, totals)

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        n = int(totals[E.T_OUTCOME:E.T_OUTCOME + E.N_OUTCOMES].sum())
        outcomes, dealer_side = {}, {}
        for code, label in enumerate(E.OUTCOME_LABELS):
            outcomes[label] = share_entry(totals[E.T_OUTCOME + code], n)
            dlabel = label.replace("team0", "dealer_team").replace("team1", "other_team")
            dealer_side[dlabel] = share_entry(totals[E.T_DEALER_OUTCOME + code], n)
        winners = {"team0": outcomes["team0_win"], "team1": outcomes["team1_win"],
                   "dealer_team": dealer_side["dealer_team_win"]}
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
        w0 = int((rubbers["winner"] == 0).sum())
        w1 = int((rubbers["winner"] == 1).sum())
        first_won = int(((rubbers["first_dealer"] & 1) == rubbers["winner"]).sum())
        lengths = rubbers["hands"].astype(np.int64)
        ends = {name: share_entry(int((rubbers["end"] == code).sum()), n)
                for code, name in enumerate(E.RUBBER_ENDS)}
        dist = np.bincount(lengths, minlength=1) if n else np.zeros(1, np.int64)
        mean, lo, hi = stats.mean_interval(float(lengths.sum()), float((lengths ** 2).sum()), n)
        return {
            "games": n,
            "target": setup.rules["target"],
            "max_hands": setup.rules["max_hands"],
            "game_win_share_team0": w0 / n if n else 0.0,
            "game_win_share_team0_ci95": list(stats.wilson_interval(w0, n)),
            "game_win_share_team1": w1 / n if n else 0.0,
            "game_win_share_team1_ci95": list(stats.wilson_interval(w1, n)),
            "game_tie_share": (n - w0 - w1) / n if n else 0.0,
            "game_win_share_first_dealer_team": first_won / n if n else 0.0,
            "game_win_share_first_dealer_team_ci95": list(stats.wilson_interval(first_won, n)),
            "mean_hands_per_game": mean,
            "mean_hands_per_game_ci95": [lo, hi],
            "hands": int(lengths.sum()),
            "hands_per_game": {int(k): int(v) for k, v in enumerate(dist) if v},
            "mean_final_score_team0": float(rubbers["score_team0"].mean()) if n else float("nan"),
            "mean_final_score_team1": float(rubbers["score_team1"].mean()) if n else float("nan"),
            "ends": ends,
        }


SPADES = SpadesGame()
