"""Spades for the double-dummy solver (``simcore/solver/``): its configuration and positions.

Four seats, partners across (side = seat % 2), every seat must follow suit, spades are
always trump, the value is tricks (13 a hand; bids are not part of it), and with rule
``break_spades`` spades are not led before a spade has been played unless the leader
holds only spades; the seat after the dealer leads the first trick.
"""
from __future__ import annotations

import numpy as np

from ..solver.config import GameSolver, SolverConfig
from . import enums as E


class SpadesSolver(GameSolver):
    unit = "tricks"
    total = 13

    def config(self, players=4, rules=None) -> SolverConfig:
        rules = rules or {}
        return SolverConfig(E.DECK, np.zeros(E.DECK.n_cards, np.int64), sides=(0, 1, 0, 1),
                            follow=True, trump=E.SPADES,
                            break_trump=bool(rules.get("break_spades", False)),
                            trick_value=1, unit=self.unit, total=self.total)

    def openings(self, initial, players):
        return initial["hands"], (initial["dealer"] + 1) % players, None, None

    def record_opening(self, rec):
        players = int(rec["players"])
        hands = self.record_hands(E.DECK, rec, players)
        rules = dict(rec.get("rules") or {})
        return {"players": players, "rules": rules, "hands": hands, "trump": E.SPADES,
                "leader": (int(rec["dealer"]) + 1) % players, "stock": []}


SOLVER = SpadesSolver()
