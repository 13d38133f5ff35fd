"""Decks as data, and the card notation of ``docs/records.md``.

A card is an integer ``suit * ranks_per_suit + strength`` where strength 0 is
the lowest rank of the deck's order, so the highest card of a suit is the
highest set bit of its field of a hand mask.  A hand is one ``uint64``.

Each deck lists its ranks from the highest to the lowest in the order of the
trick-taking games that use it; the games' point and value tables map ranks to
numbers and are turned into per-card arrays by :meth:`Deck.table`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Mapping

import numpy as np

from .errors import TrunfoError


@dataclass(frozen=True)
class Deck:
    name: str
    ranks: tuple[str, ...]   # high -> low
    suits: tuple[str, ...]   # suit index order
    suit_names: tuple[str, ...] = ()

    @property
    def ranks_per_suit(self) -> int:
        return len(self.ranks)

    @property
    def n_cards(self) -> int:
        return len(self.ranks) * len(self.suits)

    def strength(self, rank: str) -> int:
        return len(self.ranks) - 1 - self.ranks.index(rank)

    def card(self, rank: str, suit: str) -> int:
        return self.suits.index(suit) * self.ranks_per_suit + self.strength(rank)

    def rank_of(self, card: int) -> str:
        return self.ranks[len(self.ranks) - 1 - card % self.ranks_per_suit]

    def suit_of(self, card: int) -> int:
        return card // self.ranks_per_suit

    # --- derived tables, for kernels ---------------------------------------
    @cached_property
    def suit_masks(self) -> np.ndarray:
        field = (1 << self.ranks_per_suit) - 1
        return np.array([field << (s * self.ranks_per_suit) for s in range(len(self.suits))],
                        dtype=np.uint64)

    @cached_property
    def full_mask(self) -> np.uint64:
        return np.uint64((1 << self.n_cards) - 1)

    @cached_property
    def suit_of_card(self) -> np.ndarray:
        return np.arange(self.n_cards, dtype=np.int64) // self.ranks_per_suit

    @cached_property
    def strength_of_card(self) -> np.ndarray:
        return np.arange(self.n_cards, dtype=np.int64) % self.ranks_per_suit

    @cached_property
    def stride(self) -> np.uint64:
        """One bit per suit at strength 0 (bits 0, rps, 2*rps, ...)."""
        return np.uint64(sum(1 << (s * self.ranks_per_suit) for s in range(len(self.suits))))

    def table(self, by_rank: Mapping[str, int], default: int = 0) -> np.ndarray:
        """A per-card int64 array from a rank -> value mapping."""
        unknown = set(by_rank) - set(self.ranks)
        if unknown:
            raise ValueError(f"ranks {sorted(unknown)} are not in deck {self.name}")
        return np.array([by_rank.get(self.rank_of(c), default) for c in range(self.n_cards)],
                        dtype=np.int64)

    # --- notation -----------------------------------------------------------
    def format_card(self, card: int) -> str:
        card = int(card)
        if not 0 <= card < self.n_cards:
            raise TrunfoError(f"card index {card} is outside deck {self.name} (0..{self.n_cards - 1})")
        return self.rank_of(card) + self.suits[self.suit_of(card)]

    def parse_card(self, token: str) -> int:
        t = token.strip()
        if len(t) == 2 and t[0] in self.ranks and t[1] in self.suits:
            return self.card(t[0], t[1])
        raise TrunfoError(
            f"bad card {token!r} for deck {self.name}: a card is a rank "
            f"({' '.join(self.ranks)}) then a suit ({' '.join(self.suits)}), e.g. "
            f"{self.ranks[0]}{self.suits[-1]}")

    def parse_hand(self, text: str | Iterable[str]) -> np.uint64:
        tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        m = 0
        for tok in tokens:
            c = self.parse_card(tok)
            if m >> c & 1:
                raise TrunfoError(f"card {tok!r} appears twice in hand {text!r}")
            m |= 1 << c
        return np.uint64(m)

    def cards_of(self, mask) -> list[int]:
        """Card indices of a mask, in the canonical order: by suit, high to low."""
        m = int(mask)
        cards = [c for c in range(self.n_cards) if m >> c & 1]
        return sorted(cards, key=lambda c: (self.suit_of(c), -c))

    def format_hand(self, mask) -> list[str]:
        return [self.format_card(c) for c in self.cards_of(mask)]


FRENCH40 = Deck("french40", ("A", "7", "K", "J", "Q", "6", "5", "4", "3", "2"),
                ("C", "D", "H", "S"), ("clubs", "diamonds", "hearts", "spades"))
FRENCH52 = Deck("french52", ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"),
                ("C", "D", "H", "S"), ("clubs", "diamonds", "hearts", "spades"))
LATIN40 = Deck("latin40", ("1", "3", "K", "N", "J", "7", "6", "5", "4", "2"),
               ("O", "C", "E", "B"), ("coins", "cups", "swords", "clubs"))
LATIN48 = Deck("latin48", ("1", "3", "K", "N", "J", "9", "8", "7", "6", "5", "4", "2"),
               ("O", "C", "E", "B"), ("coins", "cups", "swords", "clubs"))

DECKS: dict[str, Deck] = {d.name: d for d in (FRENCH40, FRENCH52, LATIN40, LATIN48)}


def get_deck(name: str) -> Deck:
    try:
        return DECKS[name]
    except KeyError:
        raise TrunfoError(f"unknown deck {name!r}; valid decks: {', '.join(DECKS)}") from None
