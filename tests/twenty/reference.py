"""Twenty in plain Python, written from the rules (``__init__.py``) and docs/rng.md alone:
the kernels must match it deal for deal (tests/test_game_in_a_folder.py)."""
from __future__ import annotations

from reference_rng import below, hi32, lo32, shuffle, stream

RANKS = "AKQJ7"                     # high to low; a card index is suit * 5 + strength
SUITS = "CDHS"
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1, "7": 0}


def name(c: int) -> str:
    return RANKS[4 - c % 5] + SUITS[c // 5]


def points(c: int) -> int:
    return POINTS[name(c)[0]]


def random_card(legal: list[int], u: int) -> int:
    return sorted(legal)[below(u, len(legal))]


def lowest(cards: list[int]) -> int:
    return min(cards, key=lambda c: (c % 5, c // 5))


def greedy_card(legal: list[int], lead: int | None) -> int:
    if lead is None:
        return lowest(legal)
    above = [c for c in legal if c // 5 == lead // 5 and c > lead]
    return min(above) if above else lowest(legal)


def play_deal(seed: int, d: int, strategies: tuple[str, str], last_trick: int = 0,
              dealer: int | None = None) -> dict:
    """Deal ``d``: the hands, the plays, the tricks and the points by seat."""
    gen = stream(seed, d)
    deck = list(range(20))
    shuffle(deck, gen)
    dealer = d % 2 if dealer is None else dealer
    hands = [[], []]
    hands[(dealer + 1) % 2] = deck[0:5]
    hands[dealer] = deck[5:10]
    dealt = [sorted(h) for h in hands]
    pts, tricks, plays = [0, 0], [0, 0], []
    leader = (dealer + 1) % 2
    for _ in range(5):
        x = gen.next()
        cards = []
        for k, u in enumerate((hi32(x), lo32(x))):
            seat = (leader + k) % 2
            hand = hands[seat]
            lead = cards[0] if cards else None
            legal = hand if lead is None or not [c for c in hand if c // 5 == lead // 5] \
                else [c for c in hand if c // 5 == lead // 5]
            c = random_card(legal, u) if strategies[seat] == "random" else \
                greedy_card(legal, lead)
            hand.remove(c)
            cards.append(c)
            plays.append((seat, name(c)))
        c0, c1 = cards
        winner = (leader + 1) % 2 if c1 // 5 == c0 // 5 and c1 > c0 else leader
        pts[winner] += points(c0) + points(c1)
        tricks[winner] += 1
        leader = winner
    pts[leader] += last_trick
    return {"dealer": dealer, "hands": dealt, "plays": plays, "points": pts, "tricks": tricks}
