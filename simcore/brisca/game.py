"""Brisca for the runner and the facade: setup, chunks, totals, summaries, records."""
from __future__ import annotations

import numpy as np

from ..errors import TrunfoError
from ..game import SeriesGame, Setup
from ..summary import outcome_tables, won_results
from . import enums as E
from . import nb
from . import records as records_py
from .solve import SOLVER
from .odds import ODDS
from .view import VIEW_DTYPE

#: matches use their own stream domain, "MATC" (docs/games/brisca.md)
DOMAIN_MATCH = 0x4D415443


class BriscaGame(SeriesGame):
    name = "brisca"
    title = "Brisca / Briscola"
    enums = E
    kernels = nb
    records_module = records_py
    solver = SOLVER
    players = E.PLAYERS
    default_players = 2
    view_dtype = VIEW_DTYPE
    decisions = ("play",) + nb.X_KINDS

    holding_tables = E.HOLDINGS
    score_unit = "card points"
    odds = ODDS
    series_domain = DOMAIN_MATCH

    def table_args(self, setup: Setup) -> tuple:
        return (setup.players,) + super().table_args(setup)

    def check_rules(self, rules, players: int) -> None:
        if rules["partners_show_hands"] and players in (2, 3):
            raise TrunfoError(f"rule partners_show_hands=true needs partners: 4 or 6 players, "
                              f"not {players}")
        if players == 3:
            self._check_three(rules)
        self._check_variants(rules, players)

    #: the first line of ``trunfo rules brisca``
    players_note = ("2 (each for themselves), 3 (each for themselves: the 2 of coins is "
                    "out, 39 cards, 13 each; not with marriages, mexican, rotating_trump, "
                    "muerte_al_tres, partners_show_hands, pimc or conditioned deals), "
                    "4 and 6 (two teams, side = seat % 2; 6 with 48 cards)")

    #: three players (each for themselves): the rules that do not go with it, and why
    THREE_REFUSED = (("marriages", "its bonus is scored by two sides"),
                     ("mexican", "its reversed goal is scored by two sides"),
                     ("rotating_trump", "its match of four deals is scored by two sides"),
                     ("muerte_al_tres", "its deal won at once is scored by two sides"))

    def _check_three(self, rules) -> None:
        for name, why in self.THREE_REFUSED:
            if rules[name]:
                raise TrunfoError(f"rule {name}=true does not go with 3 players ({why}); "
                                  f"3 players take values, tiebreak_cards, double_at, "
                                  f"open_hands, trump_exchange, arrastro, claim_top_trumps")

    def _check_variants(self, rules, players: int) -> None:
        """The variants (regional and play) that cannot be combined."""
        if rules["mexican"]:
            for other, off in (("double_at", None), ("marriages", False)):
                if rules[other] != off:
                    raise TrunfoError(f"rule mexican=true does not go with {other}="
                                      f"{str(rules[other]).lower()}: a reversed deal has no "
                                      f"{'double' if other == 'double_at' else 'marriage'} "
                                      f"(turn one of them off)")
            if rules["claim_top_trumps"]:
                raise TrunfoError("rule mexican=true does not go with claim_top_trumps=true: "
                                  "a claim takes every remaining trick, which a side playing "
                                  "to stay under 11 points never wants (turn one of them off)")

        if rules["rotating_trump"] and rules["target"] != 3:
            raise TrunfoError(f"rule rotating_trump=true does not go with target="
                              f"{rules['target']}: its match is four deals, one per trump "
                              f"suit (leave target at 3)")
        # the play variants: trump_exchange needs the face-up trump
        # card, which a rotating trump suit has not
        if rules["trump_exchange"] and rules["rotating_trump"]:
            raise TrunfoError("rule trump_exchange=true needs a face-up trump card: not with "
                              "rotating_trump=true (turn one of them off)")
        self._check_muerte(rules)

    def _check_muerte(self, rules) -> None:
        """Rule ``muerte_al_tres`` wins a deal at once, whatever the points: not with the
        variants that change what the points mean (docs/games/brisca.md)."""
        if not rules["muerte_al_tres"]:
            return
        for other, why in (("mexican", "a reversed deal is lost by taking points, not won by "
                                       "a capture"),
                           ("marriages", "a deal won at once has no marriage bonus to count")):
            if rules[other]:
                raise TrunfoError(f"rule muerte_al_tres=true does not go with {other}=true: "
                                  f"{why} (turn one of them off)")

    def check_series(self, setup: Setup) -> None:
        if setup.rules["mexican"]:
            raise TrunfoError("rule mexican=true plays single deals, not matches (a deal kept "
                              "under 11 points may never come): drop --matches or the rule")

    def deck_for(self, setup: Setup):
        return E.deck_for(setup.players)

    # --- conditioned dealing -------------------------------------------------------
    trump_rule = "dealt"

    def deck_of(self, players):
        return E.deck_for(players)

    def sides(self, setup: Setup) -> int:
        return E.sides_for(setup.players)

    def sides_of(self, players, rules):
        return tuple(s % E.sides_for(players) for s in range(players))

    def conditions_with(self, players: int) -> bool:
        return players != 3

    def layout(self, players, dealer, rules):
        if players == 3:
            raise TrunfoError("conditioned deals (--hand, --trump, --trump-suit, --where) are "
                              "not dealt with 3 players yet (39 cards); use 2, 4 or 6 players")
        if rules["rotating_trump"]:
            raise TrunfoError("conditioned deals (--hand, --trump, --trump-suit, --where) do "
                              "not go with rule rotating_trump=true (no card is turned)")
        return E.layout(players, dealer)

    def card_values(self, players, rules):
        return {"points": E.card_points(players, rules)}

    # --- single deals ------------------------------------------------------------
    conditioned_dealing = True

    def outcome_labels(self, setup: Setup) -> list[str]:
        """The kinds of won deal that can occur under the rules, in display order."""
        kinds = ["single"]
        if setup.rules["mexican"]:          # a side kept under 11 wins; else a tie
            return kinds
        if setup.rules["double_at"] is not None:
            kinds.append("double")
        if setup.rules["tiebreak_cards"]:
            kinds.append("tiebreak")
        if setup.rules["muerte_al_tres"]:   # the trump 3 captured by the ace: won at once
            kinds.append("muerte")
        return kinds

    def summary(self, setup: Setup, totals: np.ndarray) -> dict:
        if setup.players == 3:
            return self._summary3(setup, totals)
        n, outcomes, dealer_side, winners = outcome_tables(      # two sides: codes 0..8
            totals, E.OUTCOME_LABELS[:E.SIDE2_BASE + 1], self.outcome_labels(setup),
            E.T_OUTCOME, E.T_DEALER_OUTCOME, "side")
        out = _common_summary(totals, n, outcomes, dealer_side, winners, E.T_POINTS1,
                              "mean_points_dealer_side")
        return {**out, **self._variant_summary(setup, totals, n)}

    def _summary3(self, setup: Setup, totals: np.ndarray) -> dict:
        """Three players: the winner among three seats (each its own side); the dealer's
        table names the seats from the dealer: ``dealer``, ``first_hand`` (leads the first
        trick), ``second_hand``."""
        from ..summary import share_entry
        kinds = self.outcome_labels(setup)
        labels = E.OUTCOME_LABELS
        n = int(sum(totals[E.T_OUTCOME + c] for c in range(len(labels))))
        rel = ("dealer", "first_hand", "second_hand")
        outcomes, dealer_side = {}, {}
        order = ["tie"] + [f"side{s}_{k}" for k in kinds for s in range(3)]   # by kind
        for label in order:
            code = labels.index(label)
            outcomes[label] = share_entry(totals[E.T_OUTCOME + code], n)
            dl = label if label == "tie" else \
                rel[int(label[4])] + "_" + label.split("_", 1)[1]
            dealer_side[dl] = share_entry(totals[E.T_DEALER_OUTCOME + code], n)
        winners = {f"side{s}": share_entry(sum(outcomes[f"side{s}_{k}"]["count"]
                                                for k in kinds), n) for s in range(3)}
        for r in rel:
            winners[r] = share_entry(sum(dealer_side[f"{r}_{k}"]["count"] for k in kinds), n)
        out = _common_summary(totals, n, outcomes, dealer_side, winners, E.T_PSUM1,
                              "mean_points_dealer")
        out["mean_points_side2"] = float(totals[E.T_PSUM2] / n) if n else float("nan")
        out["game_points_side2"] = int(totals[E.T_GAMES2])
        return out

    def _variant_summary(self, setup: Setup, totals: np.ndarray, n: int) -> dict:
        """The summary entries of the regional variants in force."""
        from ..summary import share_entry
        out = {}
        if setup.rules["mexican"]:
            h0 = totals[E.T_POINTS0:E.T_POINTS0 + E.TOTAL_POINTS + 1]
            lim = E.MEXICAN_LIMIT
            out["kept_under_11"] = {"side0": share_entry(h0[:lim].sum(), n),
                                    "side1": share_entry(h0[E.TOTAL_POINTS - lim + 1:].sum(), n)}
        if setup.rules["marriages"]:
            out["marriages"] = {f"side{s}": share_entry(totals[E.T_MARRIED0 + s], n)
                                for s in (0, 1)}
            for s in (0, 1):
                out[f"mean_marriage_points_side{s}"] = \
                    float(totals[E.T_MARRIAGES0 + s] / n) if n else float("nan")
        return out

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if len(records) and int(records["cards_side0"][0] + records["cards_side1"][0]
                                + records["cards_side2"][0]) == 39:
            # three players: score by seat; result 1 the winner, 0.5 each seat of a tie
            # at the top (every seat level on points with the most), 0 otherwise
            score = np.stack([records[f"points_side{s}"] for s in range(3)],
                             axis=1).astype(np.int64)
            games = np.stack([records[f"game_points_side{s}"] for s in range(3)], axis=1)
            won = games > 0
            top = score == score.max(axis=1, keepdims=True)
            tie = ~won.any(axis=1, keepdims=True)
            return score, np.where(won, 1.0, np.where(tie & top, 0.5, 0.0))
        score = np.stack([records["points_side0"], records["points_side1"]],
                         axis=1).astype(np.int64)
        return won_results(score, records["game_points_side0"], records["game_points_side1"])

    def initial_positions(self, setup: Setup, seed: int, start: int, count: int) -> dict:
        """The deals ``start .. start+count-1`` as dealt (for the solver): ``hands``
        (count, players) masks by seat, ``trump_card``, ``dealer`` and ``stock`` (count,
        cards in the stock), first drawn first, the face-up trump card last."""
        if setup.rules["rotating_trump"]:
            raise TrunfoError("the double-dummy solver (--par, trunfo solve) does not play rule "
                              "rotating_trump=true (no card is turned)")
        if setup.players == 3:
            raise TrunfoError("the double-dummy solver (--par, trunfo solve) scores two sides: "
                              "not brisca with 3 players (use 2, 4 or 6)")
        tr = nb.trace_buffers(count)
        out = self.play_deals(setup, seed, start, count, trace=tr)
        n = setup.players
        n_stock = E.n_cards_for(n) - E.HAND_SIZE * n
        return {"hands": tr[0][:, :n], "trump_card": tr[1], "stock": tr[2][:, :n_stock].astype(np.int64),
                "dealer": out["dealer"].astype(np.int64)}

    # --- matches (the runner's "rubbers"): three players by seat ----------------------
    def rubber_summary(self, setup: Setup, rubbers: np.ndarray) -> dict:
        return self.series_summary(setup, rubbers, {"target": setup.rules["target"]},
                                   E.sides_for(setup.players))


BRISCA = BriscaGame()


def _common_summary(totals, n, outcomes, dealer_side, winners, t_points1, dealer_key):
    """The summary entries of two sides and of three seats alike (side 1's points summed at
    ``t_points1``; the dealer's mean points under ``dealer_key``)."""
    h0, mean0, meand = _points_histogram(totals, n)
    return {
        "deals": n,
        "outcomes": outcomes,
        "dealer_side": dealer_side,
        "winners": winners,
        "mean_points_side0": mean0,
        "mean_points_side1": float(totals[t_points1] / n) if n else float("nan"),
        dealer_key: meand,
        "game_points_side0": int(totals[E.T_GAMES0]),
        "game_points_side1": int(totals[E.T_GAMES1]),
        "points_histogram_side0": [int(x) for x in h0],
    }


def _points_histogram(totals: np.ndarray, n: int):
    """Side (seat) 0's points histogram, its mean and the dealer's (side's) mean points."""
    pts = np.arange(E.TOTAL_POINTS + 1)
    h0 = totals[E.T_POINTS0:E.T_POINTS0 + E.TOTAL_POINTS + 1]
    hd = totals[E.T_DEALER_POINTS:E.T_DEALER_POINTS + E.TOTAL_POINTS + 1]
    if not n:
        return h0, float("nan"), float("nan")
    return h0, float((h0 * pts).sum() / n), float((hd * pts).sum() / n)
