"""Sueca for the double-dummy solver (``simcore/solver/``): its configuration and positions.

Four seats, partners across (side = seat % 2), every seat must follow suit, the value is
card points (120 a deal), the trump is the suit of the card turned; the seat after the
dealer leads the first trick.
"""
from __future__ import annotations

from ..solver.config import GameSolver, SolverConfig
from . import enums as E


class SuecaSolver(GameSolver):
    unit = "points"
    total = 120

    def config(self, players=4, rules=None) -> SolverConfig:
        return SolverConfig(E.DECK, E.POINTS, sides=(0, 1, 0, 1), follow=True,
                            unit=self.unit, total=self.total)

    def openings(self, initial, players):
        return (initial["hands"], (initial["dealer"] + 1) % players,
                E.DECK.suit_of_card[initial["trump_card"]], None)

    def record_opening(self, rec):
        players = int(rec["players"])
        hands = self.record_hands(E.DECK, rec, players)
        rules = dict(rec.get("rules") or {})
        trump = E.DECK.suit_of(E.DECK.parse_card(rec["trump"]))
        return {"players": players, "rules": rules, "hands": hands, "trump": trump,
                "leader": (int(rec["dealer"]) + 1) % players, "stock": []}


SOLVER = SuecaSolver()
