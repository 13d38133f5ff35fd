"""What a game hands the solver: a neutral description of its trick play.

The solver knows no game.  A game that has it describes its play by a :class:`SolverConfig`
(the cards and their values, the side of each seat, the trump, the follow and break rules,
the stock, the value's unit and total) and turns its own deals and records into positions;
its Game object exposes that as a :class:`GameSolver` (``game.solver``, None for a game
without the solver; each game's is in ``simcore/<game>/solve.py``).  :meth:`SolverConfig.tables`
turns a configuration into the arrays the kernels read (``enums.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import numpy as np

from ..bits import HAS_BMI2
from ..cards import Deck
from . import enums as E


@dataclass(frozen=True, eq=False)
class SolverConfig:
    """A trick game as the solver plays it.

    ``deck``: the cards (card = suit * ranks_per_suit + strength, strength 0 the lowest);
    ``points``: each card's value; ``sides``: the side of each seat (side 0 maximises its
    total, side 1 minimises it; the search scores ``seat % 2``); ``follow``: a seat must
    follow the suit led when it can (else any card); ``trump``: a trump suit fixed by the
    game, or None when each position names its own; ``break_trump``: trumps are not led
    before a trump has been played, unless the leader holds only trumps; ``stock``: after
    each trick, while the stock lasts, the winner draws first, then the others in playing
    order; ``trick_value``: what each trick taken adds to the card values; ``unit`` and
    ``total``: what the value counts and what a whole deal shares out between the sides.
    The trick: the highest trump wins, else the highest card of the suit led; its winner
    leads the next."""
    deck: Deck
    points: np.ndarray
    sides: tuple[int, ...]
    follow: bool
    trump: int | None = None
    break_trump: bool = False
    stock: bool = False
    trick_value: int = 0
    unit: str = "points"
    total: int = 120

    @property
    def players(self) -> int:
        return len(self.sides)

    def tables(self) -> tuple[np.ndarray, np.ndarray]:
        """``(cfg, tab)``, the arrays the kernels read (layouts in ``enums.py``).  With no
        trump fixed, ``cfg[C_TRUMP]`` is 0 until set (:func:`enums.with_trump`)."""
        deck, n = self.deck, self.players
        points = np.asarray(self.points, np.int64)
        if not 2 <= n <= E.MAX_SEATS or deck.n_cards > E.MAX_CARDS:
            raise ValueError(f"the solver plays 2..{E.MAX_SEATS} seats and at most "
                             f"{E.MAX_CARDS} cards, not {n} seats and {deck.n_cards} cards")
        if tuple(self.sides) != tuple(s % 2 for s in range(n)):
            raise ValueError(f"the solver scores two sides, side = seat % 2; not {self.sides}")
        if points.shape != (deck.n_cards,):
            raise ValueError(f"{len(points)} card values for {deck.n_cards} cards")
        if len(set(int(v) for v in points if v > 0)) > E.MAX_CLASSES:
            raise ValueError(f"more than {E.MAX_CLASSES} distinct card values")
        cfg = np.zeros(E.N_CFG, np.int64)
        cfg[E.C_N] = n
        cfg[E.C_RPS] = deck.ranks_per_suit
        cfg[E.C_FOLLOW] = bool(self.follow)
        cfg[E.C_TVAL] = self.trick_value
        if self.trump is not None:
            cfg[E.C_TRUMP] = self.trump
        cfg[E.C_NCARDS] = deck.n_cards
        # the table tells the hands apart by the owner of every card when the hands are fixed
        # from the root; with a stock, by seat 0's hand (two seats) or the holder of each card
        cfg[E.C_OWNERS] = (E.OWN_CANON if not self.stock else
                           E.OWN_HAND0 if n == 2 else E.OWN_PACKED)
        cfg[E.C_BREAK] = bool(self.break_trump)
        # quasi-symmetry needs fixed hands (the stock's tables key the exact cards)
        cfg[E.C_PTOP] = 0 if self.stock else _points_on_top(deck, points)
        cfg[E.C_BMI2] = HAS_BMI2
        tab = np.zeros((3, deck.n_cards), np.int64)
        tab[E.T_POINTS] = points
        tab[E.T_SUIT] = deck.suit_of_card
        tab[E.T_STRENGTH] = deck.strength_of_card
        return cfg, tab


def _points_on_top(deck: Deck, points: np.ndarray) -> int:
    """How many ranks of each suit are worth points when, in every suit, they rank above
    every card worth nothing; 0 otherwise (or when no card is worth points)."""
    rps = deck.ranks_per_suit
    worth = points.reshape(-1, rps) > 0          # [suit, strength]
    k = int(worth[0].sum())
    if k == 0:
        return 0
    top = np.arange(rps) >= rps - k
    return k if all((row == top).all() for row in worth) else 0


class GameSolver:
    """What a game exposes as ``game.solver`` when the solver plays it: its configuration
    and positions in the solver's terms, and what the value counts (``unit``) and a deal
    shares out (``total``), as ``trunfo simulate --par`` reports them."""
    unit: str = "points"
    total: int = 120

    def config(self, players: int, rules: Mapping | None = None) -> SolverConfig:
        """The configuration for a table of ``players`` under ``rules`` (a mapping of
        rule options; unknown ones ignored); one-line ``TrunfoError`` when the solver
        cannot play it."""
        raise NotImplementedError

    def openings(self, initial: dict, players: int):
        """The opening positions of ``Game.initial_positions``' deals, as arrays:
        ``(hands (count, players) uint64, leader (count,), trump suit (count,) or None when
        the configuration fixes it, stock (count, cards) first drawn first or None)``."""
        raise NotImplementedError

    def record_opening(self, rec: dict) -> dict:
        """The opening position of a game record (docs/records.md), as the keyword
        arguments ``players, rules, hands, trump, leader, stock`` (hands as masks, cards
        as integers); ``KeyError``, ``TypeError`` or ``ValueError`` on a malformed record."""
        raise NotImplementedError

    @staticmethod
    def record_hands(deck: Deck, rec: dict, players: int) -> list[int]:
        """The record's hands as masks, one per seat."""
        from ..errors import TrunfoError
        hands = [int(deck.parse_hand(h)) for h in rec["hands"]]
        if len(hands) != players:
            raise TrunfoError(f"record has {len(hands)} hands for {players} players")
        return hands
