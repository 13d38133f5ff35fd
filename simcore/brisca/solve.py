"""Brisca with the stock's order known, for the double-dummy solver (``simcore/solver/``):
its configuration and positions.

2, 4 or 6 seats (with 2, side = seat; with 4 and 6, partners alternate: side = seat % 2),
no obligation to follow suit or to win, the value is card points (120 a deal, rule
``values`` choosing the card values), the trump is the suit of the face-up card, which is
the stock's last card; after each trick, while the stock lasts, the winner draws first,
then the others in playing order; the seat after the dealer leads the first trick.  The
variants that change play (``PLAY_VARIANTS``), ``rotating_trump`` and three players are
not played.
"""
from __future__ import annotations

from ..errors import TrunfoError
from ..solver.config import GameSolver, SolverConfig
from . import enums as E


class BriscaSolver(GameSolver):
    unit = "points"
    total = 120

    def config(self, players=2, rules=None) -> SolverConfig:
        rules = rules or {}
        on = [k for k in E.PLAY_VARIANTS if rules.get(k)]
        if on:
            raise TrunfoError(f"the double-dummy solver plays brisca without the variants that "
                              f"change play; turn off {', '.join(on)}")
        if rules.get("rotating_trump"):
            raise TrunfoError("the double-dummy solver (--par, trunfo solve) does not play rule "
                              "rotating_trump=true (no card is turned)")
        if players == 3:
            raise TrunfoError("the double-dummy solver (--par, trunfo solve) scores two sides: "
                              "not brisca with 3 players (use 2, 4 or 6)")
        deck = E.deck_for(players)
        points = E.POINTS_TABLE[E.points_row(players, rules.get("values", "standard")),
                                :deck.n_cards]
        return SolverConfig(deck, points, sides=tuple(s % 2 for s in range(players)),
                            follow=False, stock=True, unit=self.unit, total=self.total)

    def openings(self, initial, players):
        deck = E.deck_for(players)
        return (initial["hands"], (initial["dealer"] + 1) % players,
                deck.suit_of_card[initial["trump_card"]], initial["stock"])

    def record_opening(self, rec):
        players = int(rec["players"])
        deck = E.deck_for(players)
        hands = self.record_hands(deck, rec, players)
        rules = dict(rec.get("rules") or {})
        trump = deck.suit_of(deck.parse_card(rec["trump"]))
        stock = [deck.parse_card(c) for c in rec.get("stock") or []]
        return {"players": players, "rules": rules, "hands": hands, "trump": trump,
                "leader": (int(rec["dealer"]) + 1) % players, "stock": stock}


SOLVER = BriscaSolver()
