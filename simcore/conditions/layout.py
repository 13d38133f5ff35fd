"""Where the cards of a deal go: the slots of a deck order, for one dealer.

A game deals a deck order (a permutation of its card indices) by positions: some
positions make each seat's hand, one may be the face-up trump card, some the table,
the rest the stock.  A :class:`Layout` names these groups of positions (*slots*) for
one dealer and player count; the conditioned sampler writes deck orders by slots, and
the kernel then deals them exactly as it deals a shuffled deck.  Each game builds its
layouts in ``<game>/enums.py`` (``layout(players, dealer, rules)``), from its page in
``docs/games``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


@dataclass(frozen=True)
class Slot:
    name: str                      # "hand0", ..., "trump", "table", "stock"
    positions: tuple[int, ...]     # deck positions, in dealing order
    #: whether the order of the cards inside the slot matters to the game (a stock is drawn
    #: in order; a hand is a set): the sampler shuffles only inside ordered slots
    ordered: bool = True


@dataclass(frozen=True)
class Layout:
    """The slots of one dealer's deal; they partition the positions ``0 .. n_cards-1``."""
    n_cards: int
    players: int
    dealer: int
    slots: tuple[Slot, ...]
    seats: tuple[tuple[int, ...], ...]   # per seat, the slots (indices) of its hand
    trump: int | None = None             # slot of the face-up trump card
    table: int | None = None             # slot of the cards laid on the table (Scopa)
    stock: int | None = None             # slot of the stock

    def __post_init__(self):
        seen = sorted(p for s in self.slots for p in s.positions)
        if seen != list(range(self.n_cards)):
            raise ValueError(f"the slots of a layout must partition 0..{self.n_cards - 1}")
        if len(self.seats) != self.players:
            raise ValueError("a layout needs the slots of every seat")

    def index(self, name: str) -> int:
        for i, s in enumerate(self.slots):
            if s.name == name:
                return i
        raise KeyError(name)

    def seat_positions(self, seat: int) -> tuple[int, ...]:
        return tuple(p for i in self.seats[seat] for p in self.slots[i].positions)

    def seat_of(self, k: int) -> int:
        """The seat that receives the k-th hand dealt (k = 0: the dealer's left)."""
        return (self.dealer + 1 + k) % self.players


def hands_in_order(players: int, dealer: int, size: int, first: int = 0) -> list[tuple[int, ...]]:
    """Per seat, the positions ``first + size*k .. first + size*k + size - 1`` of the k-th
    hand dealt, k = 0 going to seat ``dealer + 1`` (every game deals this way)."""
    out: list[tuple[int, ...]] = [()] * players
    for k in range(players):
        out[(dealer + 1 + k) % players] = tuple(range(first + size * k, first + size * (k + 1)))
    return out


def simple_layout(n_cards: int, players: int, dealer: int, hands: list[tuple[int, ...]],
                  trump: tuple[int, ...] | None = None, table: tuple[int, ...] | None = None,
                  stock: tuple[int, ...] | None = None, trump_seat: int | None = None) -> Layout:
    """A layout from the positions of each seat's hand and of the special slots.

    ``trump_seat``: the seat whose hand includes the face-up trump card (Sueca: the
    dealer); its positions are then taken out of that seat's ``hand`` slot."""
    slots = []
    seats = []
    for s, pos in enumerate(hands):
        if trump is not None and trump_seat == s:
            pos = tuple(p for p in pos if p not in trump)
        slots.append(Slot(f"hand{s}", pos, ordered=False))
        seats.append([s])
    special = {}
    for name, pos in (("trump", trump), ("table", table), ("stock", stock)):
        if pos:
            special[name] = len(slots)
            slots.append(Slot(name, tuple(pos)))
    if trump_seat is not None:
        seats[trump_seat].append(special["trump"])
    return Layout(n_cards, players, dealer, tuple(slots), tuple(tuple(s) for s in seats),
                  special.get("trump"), special.get("table"), special.get("stock"))


@dataclass(frozen=True)
class DealingLaw:
    """How a game's redeal rule changes the law of the dealt cards.

    ``where``: an implicit condition every dealt deal satisfies (in the conditions
    language); ``weight_of``: an expression of the language whose value ``v`` on a deal
    multiplies that deal's probability by ``weight(v)`` (relative to the uniform deck
    order).  ``note`` says, for the docs, why."""
    where: str | None = None
    weight_of: str | None = None
    weight: Callable[[int], Fraction] | None = None
    note: str = ""
