"""A plain brute-force minimax for the solver's tests, written apart from the solver.

It plays every legal card at every turn (no pruning, no card merging, no move ordering)
and keeps the exact best value for the side to move, memoising whole positions.  The rules
come from the plain-Python references (legal cards, trick winner, card points, draws), not
from the solver's kernels.
"""
from __future__ import annotations

from functools import lru_cache

import brisca_reference as BR
import spades_reference as PR
import sueca_reference as SR


def side_of(seat: int) -> int:
    return seat % 2


class Rules:
    """The per-game pieces the minimax needs, taken from the references."""

    def __init__(self, game: str, players: int = 4, trump: int = 0, values: str = "standard",
                 break_spades: bool = False):
        self.game, self.players, self.trump = game, players, trump
        self.break_spades = break_spades
        if game == "sueca":
            self.points = [SR.card_points(c) for c in range(SR.N_CARDS)]
            self.trick_value = 0
        elif game == "spades":
            self.points = [0] * 52
            self.trick_value = 1
        else:
            self.points = BR.deck_spec(players).points_table(values)
            self.trick_value = 0

    def legal(self, hand: tuple, trick: tuple, broken: bool) -> list[int]:
        if self.game == "sueca":
            return SR.legal_cards(list(hand), SR.SUIT_OF[trick[0]] if trick else None)
        if self.game == "spades":
            return PR.legal_cards(list(hand), list(trick), broken, self.break_spades)
        return list(hand)          # Brisca: any card

    def winner(self, trick: list[int]) -> int:
        if self.game == "sueca":
            return SR.trick_winner(trick, self.trump)
        if self.game == "spades":
            return PR.trick_winner(trick)
        return BR.trick_winner(trick, self.trump, self.players)

    def is_trump(self, card: int) -> bool:
        if self.game == "sueca":
            return SR.SUIT_OF[card] == self.trump
        if self.game == "spades":
            return PR.SUIT_OF[card] == PR.SPADES
        return BR.deck_spec(self.players).suit_of[card] == self.trump


def par_value(rules: Rules, hands, leader: int, trick=(), stock=(), broken=False,
              first=None) -> int:
    """Side 0's best total from the cards in play (hands, trick, stock), both sides playing
    their best; side 1 minimises it.  With ``first``, the seat to move plays that card first
    (the value of that move)."""
    n = rules.players

    def play(hands: tuple, leader: int, trick: tuple, stock: tuple, broken: bool,
             card: int) -> int:
        """Side 0's best total after the seat to move plays ``card``."""
        seat = (leader + len(trick)) % n
        hs = list(hands)
        hs[seat] = tuple(c for c in hands[seat] if c != card)
        t = trick + (card,)
        if len(t) < n:
            return best(tuple(hs), leader, t, stock, broken)
        win = (leader + rules.winner(list(t))) % n
        v = sum(rules.points[c] for c in t) + rules.trick_value
        got = v if side_of(win) == 0 else 0
        st = stock
        if st:                      # the winner draws first, then the others in order
            for k in range(n):
                s = (win + k) % n
                hs[s] = tuple(sorted(hs[s] + (st[0],)))
                st = st[1:]
        b = broken or any(rules.is_trump(c) for c in t)
        return got + best(tuple(hs), win, (), st, b)

    @lru_cache(maxsize=None)
    def best(hands: tuple, leader: int, trick: tuple, stock: tuple, broken: bool) -> int:
        if not trick and all(not h for h in hands):
            return 0
        seat = (leader + len(trick)) % n
        vals = [play(hands, leader, trick, stock, broken, card)
                for card in rules.legal(hands[seat], trick, broken)]
        return max(vals) if side_of(seat) == 0 else min(vals)

    root = (tuple(tuple(sorted(h)) for h in hands), leader, tuple(trick), tuple(stock),
            bool(broken))
    if first is None:
        return best(*root)
    seat = (leader + len(trick)) % n
    assert first in rules.legal(root[0][seat], root[2], root[4]), "first card not legal"
    return play(*root, first)
