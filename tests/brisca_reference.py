"""Independent plain-Python reference implementation of Brisca / Briscola.

Written only from the written rules:
  - docs/games/brisca.md        (rules, dealing, stream use, strategies, scoring, matches)
  - docs/rng.md                 (generators, shuffle pass, card indices)
  - docs/records.md             (record format, Brisca section)

Standard library only; uint64 arithmetic is done on Python ints masked with
``& MASK``.  Nothing here is imported from the project: the point of this module is to
be compared, deal for deal, against the jitted kernel.

Public API
----------
play_deal(seed, deal, strategies=None, rules=None, players=2, dealer=None) -> dict
play_match(seed, match, strategies=None, rules=None, players=2, dealer=None) -> dict
card_name(card, players=2) -> str      (latin40 for 2/4 players, latin48 for 6)

Helpers tests may also use: card_index, mix, Xoshiro, stream, shuffle, deck_spec,
card_points, trick_winner, choose_random, choose_greedy, normalize_rules, side_of,
score_deal, play_deal_from.

Card indices: card = suit * ranks_per_suit + strength, suits ``O C E B`` (0..3),
strength 0 = the 2 (the lowest rank in Brisca's order ``1 3 K N J 7 6 5 4 2``;
``latin48``: ``1 3 K N J 9 8 7 6 5 4 2``).  So with latin40 ``2O`` is 0, ``1O`` is 9,
``2C`` is 10, ..., ``1B`` is 39; with latin48 ``1O`` is 11 and ``1B`` is 47.
"""

from __future__ import annotations
from reference_rng import (  # noqa: F401  (the shared random streams)
    Xoshiro, below, domain_base, hi32, lo32, mix, shuffle, stream, _rotl)

MASK = 0xFFFFFFFFFFFFFFFF
MASK32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15

SUITS = "OCEB"
# high -> low
RANKS_LATIN40 = "13KNJ76542"
RANKS_LATIN48 = "13KNJ9876542"  # 1 3 K N J 9 8 7 6 5 4 2
HAND_SIZE = 3
TOTAL_POINTS = 120
PLAYER_COUNTS = (2, 3, 4, 6)
#: three players: the 2 of coins (card 0) is left out of the 40 cards, 13 cards each
REMOVED_3 = 0
STRATEGIES = ("random", "greedy")

POINTS_STANDARD = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
POINTS_LOMBARDY = {"1": 11, "7": 10, "K": 4, "N": 3, "J": 2}  # the 3 scores 0
POINTS_TUSCAN = {"1": 11, "3": 10, "K": 4, "N": 2, "J": 3}    # jack and knight swapped
POINTS = {"standard": POINTS_STANDARD, "lombardy": POINTS_LOMBARDY, "tuscan": POINTS_TUSCAN}


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------
class DeckSpec:
    """Per-deck tables: rank chars, suit/strength/rank of each card index."""

    def __init__(self, name: str, ranks_high_to_low: str):
        self.name = name
        self.ranks = ranks_high_to_low
        self.ranks_per_suit = len(ranks_high_to_low)
        self.n_cards = 4 * self.ranks_per_suit
        rps = self.ranks_per_suit
        self.suit_of = [c // rps for c in range(self.n_cards)]
        self.strength_of = [c % rps for c in range(self.n_cards)]
        self.rank_of = [ranks_high_to_low[rps - 1 - (c % rps)] for c in range(self.n_cards)]

    def points_table(self, values: str) -> list[int]:
        table = POINTS[values]
        return [table.get(r, 0) for r in self.rank_of]


LATIN40 = DeckSpec("latin40", RANKS_LATIN40)
LATIN48 = DeckSpec("latin48", RANKS_LATIN48)


def deck_spec(players: int) -> DeckSpec:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2, 3, 4 or 6, not {players!r}")
    return LATIN48 if players == 6 else LATIN40


def card_name(card: int, players: int = 2) -> str:
    """latin40 (2/4 players): 0 -> "2O", 9 -> "1O", 39 -> "1B"; latin48 (6): 47 -> "1B"."""
    spec = deck_spec(players)
    if not 0 <= card < spec.n_cards:
        raise ValueError(f"card index out of range for {spec.name}: {card}")
    return spec.rank_of[card] + SUITS[spec.suit_of[card]]


def card_index(name: str, players: int = 2) -> int:
    """Inverse of card_name."""
    spec = deck_spec(players)
    if len(name) != 2 or name[0] not in spec.ranks or name[1] not in SUITS:
        raise ValueError(f"not a {spec.name} card: {name!r}")
    strength = spec.ranks_per_suit - 1 - spec.ranks.index(name[0])
    return SUITS.index(name[1]) * spec.ranks_per_suit + strength


def card_points(card: int, players: int = 2, values: str = "standard") -> int:
    return deck_spec(players).points_table(values)[card]


# ---------------------------------------------------------------------------
# Random streams (docs/rng.md)
# ---------------------------------------------------------------------------
# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
DEFAULT_RULES = {
    "values": "standard",
    "tiebreak_cards": True,
    "double_at": None,
    "target": 3,
    "partners_show_hands": False,
    # regional variants
    "marriages": False,
    "mexican": False,
    "rotating_trump": False,
    "open_hands": False,     # random and greedy play the same cards with every hand open
    # the play variants (they add decisions or change play)
    "trump_exchange": False,
    "arrastro": False,
    "claim_top_trumps": False,
    # muerte_al_tres: the trump ace hunts the trump 3
    "muerte_al_tres": False,
}


def normalize_rules(rules: dict | None, players: int = 2) -> dict:
    """Every rule with its default filled in; unknown keys or bad values raise."""
    out = dict(DEFAULT_RULES)
    if rules:
        for k, v in rules.items():
            if k not in DEFAULT_RULES:
                raise ValueError(f"unknown Brisca rule {k!r}")
            out[k] = v
    if out["values"] not in POINTS:
        raise ValueError(f"values must be standard, lombardy or tuscan, not {out['values']!r}")
    for k in ("tiebreak_cards", "partners_show_hands", "marriages", "mexican",
              "rotating_trump", "open_hands", "trump_exchange", "arrastro",
              "claim_top_trumps", "muerte_al_tres"):
        if not isinstance(out[k], bool):
            raise ValueError(f"rule {k} must be a bool, not {out[k]!r}")
    d = out["double_at"]
    if d is not None and (isinstance(d, bool) or not isinstance(d, int)):
        raise ValueError(f"double_at must be None or an int, not {d!r}")
    t = out["target"]
    if isinstance(t, bool) or t not in (3, 5, 7):
        raise ValueError(f"target must be 3, 5 or 7, not {t!r}")
    if out["partners_show_hands"] and players in (2, 3):
        raise ValueError("partners_show_hands needs partners (4 or 6 players)")
    if players == 3:
        for k in ("marriages", "mexican", "rotating_trump"):
            if out[k]:
                raise ValueError(f"{k} is not played with 3 players")
    if out["mexican"] and (out["double_at"] is not None or out["marriages"]):
        raise ValueError("mexican goes with neither double_at nor marriages")
    if out["rotating_trump"] and out["target"] != 3:
        raise ValueError("rotating_trump matches are four deals: target does not apply")
    if out["trump_exchange"] and out["rotating_trump"]:
        raise ValueError("trump_exchange needs a face-up card: not with rotating_trump")
    if out["muerte_al_tres"] and (out["mexican"] or out["marriages"]):
        raise ValueError("muerte_al_tres goes with neither mexican nor marriages")
    return out


def side_of(seat: int, players: int) -> int:
    """2 and 3 players: side = seat; 4 and 6 players: side = seat % 2."""
    return seat if players in (2, 3) else seat % 2


def n_sides(players: int) -> int:
    return 3 if players == 3 else 2


def _check_strategies(strategies, players: int) -> tuple[str, ...]:
    if strategies is None:
        return ("random",) * players
    strategies = tuple(strategies)
    if len(strategies) != players:
        raise ValueError(f"need one strategy per seat ({players})")
    for s in strategies:
        if s not in STRATEGIES:
            raise ValueError(f"unknown strategy {s!r}; expected one of {STRATEGIES}")
    return strategies


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------
def trick_winner(cards: list[int], trump_suit: int, players: int = 2) -> int:
    """Position (0 = leader) of the card winning the trick as it stands:
    the highest trump in the trick, else the highest card of the suit led."""
    spec = deck_spec(players)
    trumps = [k for k, c in enumerate(cards) if spec.suit_of[c] == trump_suit]
    if trumps:
        return max(trumps, key=lambda k: spec.strength_of[cards[k]])
    lead = spec.suit_of[cards[0]]
    followers = [k for k, c in enumerate(cards) if spec.suit_of[c] == lead]
    return max(followers, key=lambda k: spec.strength_of[cards[k]])


def choose_random(hand: list[int], u: int) -> int:
    ordered = sorted(hand)
    return ordered[below(u, len(ordered))]


def choose_greedy(hand: list[int], trick_cards: list[int], trick_seats: list[int],
                  seat: int, trump_suit: int, players: int = 2,
                  values: str = "standard") -> int:
    """The `greedy` strategy of docs/games/brisca.md, clause by clause."""
    spec = deck_spec(players)
    pts = spec.points_table(values)

    def is_trump(c: int) -> bool:
        return spec.suit_of[c] == trump_suit

    def cheapest(cards: list[int]) -> int:
        # lowest strength; on equal strength a non-trump before a trump; then suit index
        return min(cards, key=lambda c: (spec.strength_of[c], is_trump(c), spec.suit_of[c]))

    # 1. leading
    if not trick_cards:
        non_trumps = [c for c in hand if not is_trump(c)]
        return cheapest(non_trumps) if non_trumps else cheapest(hand)

    pos = len(trick_cards)
    winning = [c for c in hand
               if trick_winner(trick_cards + [c], trump_suit, players) == pos]

    # 2. partnerships: a teammate winning the trick as it stands
    if players in (4, 6):
        cur = trick_seats[trick_winner(trick_cards, trump_suit, players)]
        if cur != seat and side_of(cur, players) == side_of(seat, players):
            not_beating = [c for c in hand if c not in winning]
            nt = [c for c in not_beating if not is_trump(c)]
            if nt:
                best = max(pts[c] for c in nt)
                return cheapest([c for c in nt if pts[c] == best])
            if not_beating:
                return cheapest(not_beating)
            return cheapest(hand)

    # 3. points in the trick
    trick_points = sum(pts[c] for c in trick_cards)
    if trick_points > 0:
        win_nt = [c for c in winning if not is_trump(c)]
        if win_nt:
            return cheapest(win_nt)
        if any(pts[c] >= 10 for c in trick_cards):
            win_t = [c for c in winning if is_trump(c)]
            if win_t:
                return cheapest(win_t)
    # 4. discard
    zero_nt = [c for c in hand if pts[c] == 0 and not is_trump(c)]
    if zero_nt:
        return cheapest(zero_nt)
    nt = [c for c in hand if not is_trump(c)]
    if nt:
        return cheapest(nt)
    return cheapest(hand)


# ---------------------------------------------------------------------------
# The variants that add decisions or change play
# ---------------------------------------------------------------------------
def exchange_card(hand: list[int], face_up: int, trump_suit: int, players: int = 2):
    """Rule trump_exchange: the card of ``hand`` that may be given for the face-up card:
    the trump 7 when the face-up card ranks above the 7, the trump 2 when it ranks 7 or
    below (None when the hand holds neither)."""
    spec = deck_spec(players)
    rank = spec.rank_of[face_up]
    above_seven = spec.ranks.index(rank) < spec.ranks.index("7")
    give = card_index(("7" if above_seven else "2") + SUITS[trump_suit], players)
    return give if give in hand and give != face_up else None


def wants_exchange(strategy: str, u: int) -> bool:
    """random exchanges when the lowest bit of its draw for the turn is 1; greedy always."""
    return bool(u & 1) if strategy == "random" else True


def arrastro_legal(hand: list[int], trump_suit: int, players: int = 2) -> list[int]:
    """Rule arrastro, after a call: the highest trump of ``hand`` (3 K N J (9 8) 7 6 5 4 2),
    else its cards of the highest rank in the order 1 3 K N J (9 8) 7 6 5 4 2, any suit."""
    spec = deck_spec(players)
    trumps = [c for c in hand if spec.suit_of[c] == trump_suit]
    if trumps:
        return [max(trumps, key=lambda c: spec.strength_of[c])]
    top = min(spec.ranks.index(spec.rank_of[c]) for c in hand)
    return sorted(c for c in hand if spec.ranks.index(spec.rank_of[c]) == top)


def claim_side(hands: list[list[int]], trump_suit: int, players: int = 2):
    """Rule claim_top_trumps, once the stock is out: with 3 (or 2) cards in every hand, the
    side whose hands hold the 3 (2) best trumps not yet played; else None."""
    spec = deck_spec(players)
    left = len(hands[0])
    if left not in (2, 3):
        return None
    out = sorted((c for h in hands for c in h if spec.suit_of[c] == trump_suit),
                 key=lambda c: -spec.strength_of[c])
    if len(out) < left:
        return None
    best = set(out[:left])
    for side in range(n_sides(players)):
        held = {c for s in range(players) if side_of(s, players) == side for c in hands[s]}
        if best <= held:
            return side
    return None


def muerte_allowed(legal: list[int], trump_suit: int, three_out: bool, last: bool,
                   players: int = 2) -> list[int]:
    """Rule muerte_al_tres: the cards of ``legal`` that may be played: not the trump ace
    while the trump 3 has not been played (``three_out``: in an earlier trick or earlier in
    this one), except in the last trick."""
    if three_out or last:
        return legal
    ace = card_index("1" + SUITS[trump_suit], players)
    return [c for c in legal if c != ace]


def muerte_greedy(legal: list[int], hand: list[int], trick_cards: list[int],
                  seat_position: int, trump_suit: int, players: int = 2):
    """`greedy` under muerte_al_tres, before its other rules (docs/games/brisca.md):
    (card or None, the cards left to its rules).  The trump ace when it may be played and
    the trump 3 is on the table; else without the trump 3 when the seat does not hold the
    ace, someone plays after it in this trick and it has another legal card."""
    ace = card_index("1" + SUITS[trump_suit], players)
    three = card_index("3" + SUITS[trump_suit], players)
    if ace in legal and three in trick_cards:
        return ace, legal
    if three in legal and ace not in hand and seat_position < players - 1 and len(legal) > 1:
        return None, [c for c in legal if c != three]
    return None, legal


def wants_arrastro(strategy: str, u: int) -> bool:
    """random calls when bit 1 of its draw for the turn is 1; greedy always."""
    return bool((u >> 1) & 1) if strategy == "random" else True


def score_three(points: list[int], cards: list[int], rules: dict):
    """Three players, each for themselves (docs/games/brisca.md): the most points wins the
    deal; players level at the top: with tiebreak_cards the one of them with strictly the
    most cards wins, else a tie."""
    top = max(points)
    level = [s for s in range(3) if points[s] == top]
    gp = [0, 0, 0]
    if len(level) == 1:
        w = level[0]
        d = rules["double_at"]
        if d is not None and top >= d:
            gp[w] = 2
            return f"side{w}_double", w, gp
        gp[w] = 1
        return f"side{w}_single", w, gp
    if rules["tiebreak_cards"]:
        most = max(cards[s] for s in level)
        by_cards = [s for s in level if cards[s] == most]
        if len(by_cards) == 1:
            gp[by_cards[0]] = 1
            return f"side{by_cards[0]}_single", by_cards[0], gp  # labelled _single, as score_deal
    return "tie", None, gp


def score_deal(points: list[int], cards: list[int], rules: dict) -> tuple[str, int | None, list[int]]:
    """(outcome, winner side or None, game points by side) from points/cards by side.

    `points` are what each side scored: card points, plus marriage bonuses with the rule
    `marriages`; the side with more wins (more than 60 when they add up to 120)."""
    winner = None
    for s in (0, 1):
        if points[s] > points[1 - s]:
            winner = s
    if winner is None and rules["tiebreak_cards"] and cards[0] != cards[1]:
        winner = 0 if cards[0] > cards[1] else 1
    gp = [0, 0]
    if winner is None:
        return "tie", None, gp
    d = rules["double_at"]
    if d is not None and points[winner] >= d:
        gp[winner] = 2
        return f"side{winner}_double", winner, gp
    gp[winner] = 1
    return f"side{winner}_single", winner, gp


MEXICAN_LIMIT = 11


def score_mexican(points: list[int]) -> tuple[str, int | None, list[int]]:
    """Rule `mexican`: a side that takes 11 card points or more loses; the side kept under
    11 wins the deal (1 game point); when both sides took 11 or more, a tie."""
    for s in (0, 1):
        if points[s] < MEXICAN_LIMIT:
            gp = [0, 0]
            gp[s] = 1
            return f"side{s}_single", s, gp
    return "tie", None, [0, 0]


def choose_greedy_mexican(hand: list[int], trick_cards: list[int], trick_seats: list[int],
                          seat: int, trump_suit: int, players: int = 2,
                          values: str = "standard") -> int:
    """`greedy` under the rule `mexican` (docs/games/brisca.md), clause by clause."""
    spec = deck_spec(players)
    pts = spec.points_table(values)

    def is_trump(c: int) -> bool:
        return spec.suit_of[c] == trump_suit

    def fewest(cards: list[int]) -> int:
        # fewest points; then the lowest strength, a non-trump before a trump, lowest suit
        return min(cards, key=lambda c: (pts[c], spec.strength_of[c], is_trump(c),
                                         spec.suit_of[c]))

    if trick_cards:
        cur = trick_seats[trick_winner(trick_cards, trump_suit, players)]
        mate = players in (4, 6) and side_of(cur, players) == side_of(seat, players)
        if not mate:
            pos = len(trick_cards)
            safe = [c for c in hand
                    if trick_winner(trick_cards + [c], trump_suit, players) != pos]
            if safe:
                # the most points; then the highest strength, then the lowest suit
                return max(safe, key=lambda c: (pts[c], spec.strength_of[c], -spec.suit_of[c]))
    return fewest(hand)


ROTATION = 4     # rotating_trump: coins, cups, swords, clubs over four deals


def play_deal_from(gen: Xoshiro, dealer: int, strategies: tuple[str, ...], rules: dict,
                   players: int, rotation: int = 0) -> dict:
    """Play one deal from the identity deck, consuming `gen` as the docs say.

    `rules` must be normalised; with `rotating_trump` the trump suit is `rotation % 4`
    (no card is turned).  Returns the deal dict without the "deal" key."""
    spec = deck_spec(players)
    pts = spec.points_table(rules["values"])
    n_out = (players + 1) // 2

    # deal (three players: the 39 cards without the 2 of coins, in index order, shuffled)
    deck = [c for c in range(spec.n_cards) if players != 3 or c != REMOVED_3]
    shuffle(deck, gen)
    hands: list[list[int]] = [[] for _ in range(players)]
    for k in range(players):
        hands[(dealer + 1 + k) % players] = sorted(deck[3 * k: 3 * k + 3])
    start_hands = [list(h) for h in hands]
    if rules["rotating_trump"]:
        trump_card = None
        trump_suit = rotation % ROTATION
        stock = deck[3 * players:]
    else:
        trump_card = deck[3 * players]
        trump_suit = spec.suit_of[trump_card]
        stock = deck[3 * players + 1:] + [trump_card]
    to_draw = list(stock)

    # play
    exchanges: list[dict] = []
    calls: list[dict] = []
    claim = None
    claimed = None                            # (side, the cards a claim took) for marriages
    killed = None                             # muerte_al_tres: {"trick", "seat"} of the kill
    three_out = False                         # muerte_al_tres: the trump 3 has been played
    won_a_trick = [False] * players
    plays: list[tuple[int, int]] = []
    tricks: list[tuple[int, int, int]] = []
    points = [0] * n_sides(players)
    cards = [0] * n_sides(players)
    leader = (dealer + 1) % players
    n_tricks = len(deck) // players
    for t in range(n_tricks):
        if rules["claim_top_trumps"] and not to_draw:
            side = claim_side(hands, trump_suit, players)
            if side is not None:
                claim = {"trick": t, "side": side}
                points[side] += sum(pts[c] for h in hands for c in h)
                cards[side] += sum(len(h) for h in hands)
                claimed = (side, [c for h in hands for c in h])
                for h in hands:
                    h.clear()
                break
        u: list[int] = []
        for _j in range(n_out):
            x = gen.next()
            u.append(hi32(x))
            u.append(lo32(x))
        trick_cards: list[int] = []
        trick_seats: list[int] = []
        forced = False                        # arrastro called in this trick
        for k in range(players):
            seat = (leader + k) % players
            hand = hands[seat]
            # trump_exchange: while the face-up card is in the stock, once the seat has won
            # a trick, before it plays
            if rules["trump_exchange"] and to_draw and won_a_trick[seat]:
                give = exchange_card(hand, to_draw[-1], trump_suit, players)
                if give is not None and wants_exchange(strategies[seat], u[k]):
                    took = to_draw[-1]
                    to_draw[-1] = give
                    hand.remove(give)
                    hand.append(took)
                    hand.sort()
                    exchanges.append({"trick": len(tricks), "seat": seat, "gave": give,
                                      "took": took})
            legal = arrastro_legal(hand, trump_suit, players) if forced else hand
            if rules["muerte_al_tres"]:
                legal = muerte_allowed(legal, trump_suit, three_out, t == n_tricks - 1, players)
            card = None
            if strategies[seat] == "random":
                card = choose_random(legal, u[k])
            elif rules["muerte_al_tres"]:
                card, legal = muerte_greedy(legal, hand, trick_cards, k, trump_suit, players)
            if card is None:
                choose = choose_greedy_mexican if rules["mexican"] else choose_greedy
                card = choose(legal, trick_cards, trick_seats, seat, trump_suit, players,
                              rules["values"])
            if card == card_index("3" + SUITS[trump_suit], players):
                three_out = True
            hand.remove(card)
            trick_cards.append(card)
            trick_seats.append(seat)
            plays.append((seat, card))
            if rules["arrastro"] and card == card_index("1" + SUITS[trump_suit], players) \
                    and k < players - 1 and wants_arrastro(strategies[seat], u[k]):
                forced = True
                calls.append({"trick": len(tricks), "seat": seat})
        winner = trick_seats[trick_winner(trick_cards, trump_suit, players)]
        p = sum(pts[c] for c in trick_cards)
        tricks.append((leader, winner, p))
        won_a_trick[winner] = True
        points[side_of(winner, players)] += p
        cards[side_of(winner, players)] += players
        if rules["muerte_al_tres"] and card_index("1" + SUITS[trump_suit], players) in \
                trick_cards and card_index("3" + SUITS[trump_suit], players) in trick_cards:
            # the trump ace (it wins the trick) killed the trump 3: the deal ends at once
            killed = {"trick": t, "seat": winner}
            break
        # draw: winner first, then the others in playing order
        if to_draw:
            for k in range(players):
                s = (winner + k) % players
                hands[s].append(to_draw.pop(0))
                hands[s].sort()
        leader = winner
    assert killed is not None or (not to_draw and all(not h for h in hands))

    bonus = [0, 0]
    if rules["marriages"]:
        bonus = marriage_bonuses(plays, tricks, trump_suit, players, claimed)
    if killed is not None:          # won at once by the ace's side, whatever the points
        s = side_of(killed["seat"], players)
        outcome, win_side, gp = f"side{s}_muerte", s, [int(s == 0), int(s == 1)]
    elif players == 3:
        outcome, win_side, gp = score_three(points, cards, rules)
    elif rules["mexican"]:
        outcome, win_side, gp = score_mexican(points)
    else:
        outcome, win_side, gp = score_deal([points[0] + bonus[0], points[1] + bonus[1]],
                                           cards, rules)
    extra = {"marriages": bonus} if rules["marriages"] else {}
    if rules["trump_exchange"]:
        extra["exchanges"] = exchanges
    if rules["arrastro"]:
        extra["arrastro"] = calls
    if rules["claim_top_trumps"]:
        extra["claim"] = claim
    if rules["muerte_al_tres"]:
        extra["muerte"] = killed
    return {
        "dealer": dealer,
        "trump_card": trump_card,
        "trump_suit": trump_suit,
        "hands": start_hands,
        "stock": stock,
        "plays": plays,
        "tricks": tricks,
        "points": points,
        "cards": cards,
        "outcome": outcome,
        "winner": win_side,
        "game_points": gp,
        **extra,
    }


def marriage_bonuses(plays, tricks, trump_suit: int, players: int,
                     claimed=None) -> list[int]:
    """Rule `marriages` (mariaje): each side's bonus, 40 for the king and knight of the
    trump suit captured by the side, 20 for those of another suit; `claimed` (rule
    `claim_top_trumps`): the claiming side and the cards it took from the hands."""
    spec = deck_spec(players)
    taken: list[set] = [set(), set()]
    for t, (_leader, winner, _p) in enumerate(tricks):
        for _seat, card in plays[t * players:(t + 1) * players]:
            taken[side_of(winner, players)].add((spec.rank_of[card], spec.suit_of[card]))
    if claimed is not None:
        for card in claimed[1]:
            taken[claimed[0]].add((spec.rank_of[card], spec.suit_of[card]))
    bonus = [0, 0]
    for side in (0, 1):
        for suit in range(4):
            if ("K", suit) in taken[side] and ("N", suit) in taken[side]:
                bonus[side] += 40 if suit == trump_suit else 20
    return bonus


def _check_dealer(d: int, players: int) -> int:
    if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < players:
        raise ValueError(f"dealer out of range: {d!r}")
    return d


def play_deal(seed: int, deal: int, strategies=None, rules: dict | None = None,
              players: int = 2, dealer: int | None = None) -> dict:
    """Single deal `deal` of the run `seed` (stream `deal` of the deal domain).

    Dealer is deal % players unless fixed."""
    deck_spec(players)
    strategies = _check_strategies(strategies, players)
    r = normalize_rules(rules, players)
    d = _check_dealer(deal % players if dealer is None else dealer, players)
    gen = stream(seed, deal, "deal")
    out = {"deal": deal}
    out.update(play_deal_from(gen, d, strategies, r, players, rotation=deal))
    return out


# ---------------------------------------------------------------------------
# Matches
# ---------------------------------------------------------------------------
def play_match(seed: int, match: int, strategies=None, rules: dict | None = None,
               players: int = 2, dealer: int | None = None) -> dict:
    """Match `match` of the run `seed`: one match-domain stream for all its deals.

    The first dealer is match % players (or the fixed `dealer`), then the deal passes
    to the next seat.  Ends after the deal where a side reaches `target` game points."""
    deck_spec(players)
    strategies = _check_strategies(strategies, players)
    r = normalize_rules(rules, players)
    first = _check_dealer(match % players if dealer is None else dealer, players)
    gen = stream(seed, match, "match")
    target = r["target"]
    game_points = [0] * n_sides(players)       # three players: by seat
    deals = []
    j = 0
    while True:
        rec = {"deal": j}
        rec.update(play_deal_from(gen, (first + j) % players, strategies, r, players,
                                  rotation=j))
        rec["game_points_before"] = list(game_points)
        for s in range(len(game_points)):
            game_points[s] += rec["game_points"][s]
        deals.append(rec)
        j += 1
        if r["rotating_trump"]:
            if j == ROTATION:     # four deals, one per trump suit: more game points wins
                g0, g1 = game_points
                w = None if g0 == g1 else (0 if g0 > g1 else 1)
                return {"match": match, "first_dealer": first, "winner": w,
                        "game_points": game_points, "deals": deals, "end": "four_deals"}
            continue
        for s in range(len(game_points)):
            if game_points[s] >= target:
                return {"match": match, "first_dealer": first, "winner": s,
                        "game_points": game_points, "deals": deals, "end": "target"}
