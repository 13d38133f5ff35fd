"""Independent plain-Python reference implementation of Sueca.

Written only from the written rules:
  - docs/rng.md               (random streams, shuffle, dealing, strategies)
  - docs/games/sueca.md       (rules, scoring table, variants, rubbers)
  - docs/records.md           (record format, Sueca section)

Standard library only; uint64 arithmetic is done on Python ints masked with
``& MASK``.  Nothing here is imported from the project: the point of this module is to
be compared, deal for deal, against the jitted kernel.

Public API
----------
RANKS, SUITS, card_name(card), stream(seed, key, domain), score_deal(...),
play_deal(...), play_rubber(...).  Helpers that tests may also use: mix, Xoshiro,
shuffle, trick_winner, legal_cards, card_points, normalize_rules, scoring_name.
"""

from __future__ import annotations
from reference_rng import (  # noqa: F401  (the shared random streams)
    Xoshiro, below, domain_base, hi32, lo32, mix, shuffle, stream, _rotl)

MASK = 0xFFFFFFFFFFFFFFFF
MASK32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15

# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------
RANKS = "A7KJQ65432"  # high -> low
SUITS = "CDHS"
RANKS_PER_SUIT = 10
N_CARDS = 40
N_SEATS = 4
HAND_SIZE = 10
N_TRICKS = 10
TOTAL_POINTS = 120

# points by rank character
RANK_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2,
               "6": 0, "5": 0, "4": 0, "3": 0, "2": 0}

# card = suit * 10 + strength, strength 0 = lowest rank ("2"), 9 = highest ("A")
SUIT_OF = [c // RANKS_PER_SUIT for c in range(N_CARDS)]
STRENGTH_OF = [c % RANKS_PER_SUIT for c in range(N_CARDS)]
RANK_OF = [RANKS[RANKS_PER_SUIT - 1 - STRENGTH_OF[c]] for c in range(N_CARDS)]
POINTS_OF = [RANK_POINTS[RANK_OF[c]] for c in range(N_CARDS)]


def card_name(card: int) -> str:
    """39 -> "AS", 0 -> "2C"."""
    if not 0 <= card < N_CARDS:
        raise ValueError(f"card index out of range: {card}")
    return RANK_OF[card] + SUITS[SUIT_OF[card]]


def card_index(name: str) -> int:
    """Inverse of card_name: "AS" -> 39."""
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise ValueError(f"not a french40 card: {name!r}")
    strength = RANKS_PER_SUIT - 1 - RANKS.index(name[0])
    return SUITS.index(name[1]) * RANKS_PER_SUIT + strength


def card_points(card: int) -> int:
    return POINTS_OF[card]


# ---------------------------------------------------------------------------
# Random streams (docs/rng.md)
# ---------------------------------------------------------------------------
# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
DEFAULT_RULES = {
    "trump_card": "dealer_last",
    "bandeira_by_points": False,
    "pente": False,
    "triple_at_30": False,
    "tie_carry": False,
    "rubber_games": 4,
    "redraw_point_trump": False,
}
_BOOL_RULES = ("bandeira_by_points", "pente", "triple_at_30", "tie_carry",
               "redraw_point_trump")
# order in which variants are named in rules.scoring (docs/games/sueca.md)
SCORING_VARIANTS = ("bandeira_by_points", "pente", "triple_at_30", "tie_carry",
                    "redraw_point_trump")


def normalize_rules(rules: dict | None) -> dict:
    """Every rule with its default filled in; unknown keys or bad values raise."""
    out = dict(DEFAULT_RULES)
    if rules:
        for k, v in rules.items():
            if k not in DEFAULT_RULES:
                raise ValueError(f"unknown Sueca rule {k!r}")
            out[k] = v
    if out["trump_card"] not in ("dealer_last", "dealer_first"):
        raise ValueError(f"trump_card must be dealer_last or dealer_first, "
                         f"not {out['trump_card']!r}")
    for k in _BOOL_RULES:
        if not isinstance(out[k], bool):
            raise ValueError(f"rule {k} must be a bool, not {out[k]!r}")
    if isinstance(out["rubber_games"], bool) or out["rubber_games"] not in (4, 5, 10):
        raise ValueError(f"rubber_games must be 4, 5 or 10, not {out['rubber_games']!r}")
    return out


def scoring_name(rules: dict | None) -> str:
    """rules.scoring as written in records: 'standard' or variants joined by '+'."""
    r = normalize_rules(rules)
    on = [k for k in SCORING_VARIANTS if r[k]]
    return "+".join(on) if on else "standard"


# ---------------------------------------------------------------------------
# Scoring (docs/games/sueca.md table, checked in order)
# ---------------------------------------------------------------------------
BANDEIRA_KINDS = ("bandeira", "points_bandeira")


def outcome_kind(label: str) -> str:
    """'team1_double' -> 'double'; 'tie' -> 'tie'."""
    return "tie" if label == "tie" else label.split("_", 1)[1]


def outcome_team(label: str) -> int | None:
    return None if label == "tie" else int(label[4])


def score_deal(points0: int, tricks0: int, rules: dict | None = None,
               carry: int = 0) -> tuple[str, int, int]:
    """Score one deal from team 0's card points and tricks.

    Returns (label, games_team0, games_team1).  `carry` (games carried in by
    tie_carry) is added to a decided deal's games, except to bandeiras (all tricks,
    or 120 points with bandeira_by_points) which are worth rubber_games regardless.
    The caller decides the carry; it is added whenever given.
    """
    r = normalize_rules(rules)
    if not 0 <= points0 <= TOTAL_POINTS:
        raise ValueError(f"points0 out of range: {points0}")
    if not 0 <= tricks0 <= N_TRICKS:
        raise ValueError(f"tricks0 out of range: {tricks0}")
    if tricks0 == N_TRICKS and points0 != TOTAL_POINTS:
        raise ValueError("a team with all ten tricks has all 120 points")
    if tricks0 == 0 and points0 != 0:
        raise ValueError("a team with no trick has no points")
    if carry < 0:
        raise ValueError("carry must be >= 0")
    points = (points0, TOTAL_POINTS - points0)
    tricks = (tricks0, N_TRICKS - tricks0)
    rg = r["rubber_games"]

    def result(team: int, kind: str, games: int) -> tuple[str, int, int]:
        g = [0, 0]
        g[team] = games
        return (f"team{team}_{kind}", g[0], g[1])

    # 1. all ten tricks: always
    for t in (0, 1):
        if tricks[t] == N_TRICKS:
            return result(t, "bandeira", rg)
    # 2. 120 points (without all the tricks), option
    if r["bandeira_by_points"]:
        for t in (0, 1):
            if points[t] == TOTAL_POINTS:
                return result(t, "points_bandeira", rg)
    # 3. 60-60: nobody scores
    if points0 == 60:
        return ("tie", 0, 0)
    winner = 0 if points0 > 60 else 1
    p = points[winner]
    losers = points[1 - winner]
    if r["pente"] and losers <= 29:
        return result(winner, "pente", 4 + carry)
    if r["triple_at_30"] and losers == 30:
        return result(winner, "triple", 3 + carry)
    if p >= 91:
        return result(winner, "double", 2 + carry)
    return result(winner, "single", 1 + carry)   # 61 <= p <= 90


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------
def legal_cards(hand: list[int], lead_suit: int | None) -> list[int]:
    """Cards of the suit led if the hand holds any, otherwise the whole hand.

    Keeps the hand's order (hands are kept sorted by ascending card index)."""
    if lead_suit is None:
        return list(hand)
    follow = [c for c in hand if SUIT_OF[c] == lead_suit]
    return follow if follow else list(hand)


def trick_winner(cards: list[int], trump_suit: int) -> int:
    """Position (0 = leader) of the card winning the trick as it stands:
    the highest trump if any trump was played, else the highest card of the suit led."""
    trumps = [k for k, c in enumerate(cards) if SUIT_OF[c] == trump_suit]
    if trumps:
        return max(trumps, key=lambda k: STRENGTH_OF[cards[k]])
    lead = SUIT_OF[cards[0]]
    followers = [k for k, c in enumerate(cards) if SUIT_OF[c] == lead]
    return max(followers, key=lambda k: STRENGTH_OF[cards[k]])


def greedy_cheapness(card: int, trump_suit: int) -> tuple[int, bool, int]:
    """Sort key of greedy's 'cheapest': lowest strength; on equal strength a
    non-trump before a trump; then the lowest suit index."""
    return (STRENGTH_OF[card], SUIT_OF[card] == trump_suit, SUIT_OF[card])


def choose_random(legal: list[int], u: int) -> int:
    ordered = sorted(legal)
    return ordered[below(u, len(ordered))]


def choose_greedy(hand: list[int], legal: list[int], trick_cards: list[int],
                  trick_seats: list[int], seat: int, trump_suit: int) -> int:
    def cheapest(cards: list[int]) -> int:
        return min(cards, key=lambda c: greedy_cheapness(c, trump_suit))

    if not trick_cards:                       # leading
        return cheapest(hand)
    partner = (seat + 2) % N_SEATS
    winning_seat = trick_seats[trick_winner(trick_cards, trump_suit)]
    pos = len(trick_cards)
    winners = [c for c in legal if trick_winner(trick_cards + [c], trump_suit) == pos]
    if winning_seat == partner:               # partner winning: do not overtake if avoidable
        others = [c for c in legal if c not in winners]
        return cheapest(others) if others else cheapest(legal)
    return cheapest(winners) if winners else cheapest(legal)


STRATEGIES = ("random", "greedy")


def _check_strategies(strategies) -> tuple[str, str, str, str]:
    strategies = tuple(strategies)
    if len(strategies) != N_SEATS:
        raise ValueError("need one strategy per seat (4)")
    for s in strategies:
        if s not in STRATEGIES:
            raise ValueError(f"unknown strategy {s!r}; expected one of {STRATEGIES}")
    return strategies


def _face_up_position(rules: dict) -> int:
    # the dealer holds deck positions 30..39
    return 39 if rules["trump_card"] == "dealer_last" else 30


def deal_hands(deck: list[int], dealer: int) -> list[list[int]]:
    """Deck positions 10k..10k+9 go to seat (dealer + 1 + k) % 4 (unsorted)."""
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    for k in range(N_SEATS):
        hands[(dealer + 1 + k) % N_SEATS] = deck[HAND_SIZE * k: HAND_SIZE * (k + 1)]
    return hands


def _play_deal_from(gen: Xoshiro, dealer: int, strategies, rules: dict,
                    carry: int = 0) -> dict:
    """Play one deal consuming `gen` exactly as docs/rng.md says.

    The deck starts as the identity; `rules` must be normalised.  Returns the deal
    dict without the "deal" key."""
    # 1. deal
    deck = list(range(N_CARDS))
    shuffle(deck, gen)
    face = _face_up_position(rules)
    redraws = 0
    # 2. redraw: reshuffle the current order while the face-up card is worth points
    if rules["redraw_point_trump"]:
        while POINTS_OF[deck[face]] > 0:
            shuffle(deck, gen)
            redraws += 1
    trump_card = deck[face]
    trump_suit = SUIT_OF[trump_card]
    dealt = deal_hands(deck, dealer)
    hands = [sorted(h) for h in dealt]
    start_hands = [list(h) for h in hands]
    trumps = [sum(1 for c in h if SUIT_OF[c] == trump_suit) for h in hands]

    # 3. play
    plays: list[tuple[int, int]] = []
    tricks: list[tuple[int, int, int]] = []
    points = [0, 0]
    tricks_won = [0, 0]
    leader = (dealer + 1) % N_SEATS
    for _ in range(N_TRICKS):
        a = gen.next()
        b = gen.next()
        u = (hi32(a), lo32(a), hi32(b), lo32(b))
        trick_cards: list[int] = []
        trick_seats: list[int] = []
        for k in range(N_SEATS):
            seat = (leader + k) % N_SEATS
            hand = hands[seat]
            lead_suit = SUIT_OF[trick_cards[0]] if trick_cards else None
            legal = legal_cards(hand, lead_suit)
            if strategies[seat] == "random":
                card = choose_random(legal, u[k])
            else:
                card = choose_greedy(hand, legal, trick_cards, trick_seats, seat,
                                     trump_suit)
            hand.remove(card)
            trick_cards.append(card)
            trick_seats.append(seat)
            plays.append((seat, card))
        winner = trick_seats[trick_winner(trick_cards, trump_suit)]
        pts = sum(POINTS_OF[c] for c in trick_cards)
        tricks.append((leader, winner, pts))
        points[winner % 2] += pts
        tricks_won[winner % 2] += 1
        leader = winner

    label, g0, g1 = score_deal(points[0], tricks_won[0], rules, carry)
    return {
        "dealer": dealer,
        "trump_card": trump_card,
        "trump_suit": trump_suit,
        "hands": start_hands,
        "trumps": trumps,
        "plays": plays,
        "tricks": tricks,
        "points": points,
        "tricks_won": tricks_won,
        "outcome": label,
        "winner": outcome_team(label),
        "games": [g0, g1],
        "redraws": redraws,        # extra key: number of redraws (20 outputs each)
    }


def play_deal(seed: int, deal: int, strategies=("random",) * 4,
              rules: dict | None = None, dealer: int | None = None) -> dict:
    """Single deal `deal` of the run `seed` (stream `deal` of the deal domain).

    Dealer is deal % 4 unless fixed.  Single deals carry nothing."""
    strategies = _check_strategies(strategies)
    r = normalize_rules(rules)
    d = deal % N_SEATS if dealer is None else dealer
    if not 0 <= d < N_SEATS:
        raise ValueError(f"dealer out of range: {d}")
    gen = stream(seed, deal, "deal")
    out = {"deal": deal}
    out.update(_play_deal_from(gen, d, strategies, r, carry=0))
    return out


# ---------------------------------------------------------------------------
# Rubbers
# ---------------------------------------------------------------------------
def _run_rubber(play_one, first_dealer: int, rules: dict) -> dict:
    """Accumulate deals into a rubber.

    `play_one(j, dealer, carry)` must return the dict of the j-th deal, scored with
    `carry` extra games (see score_deal).  Separated from the generator so the
    bookkeeping can be tested with scripted deals."""
    rg = rules["rubber_games"]
    games = [0, 0]
    carry = 0                       # pending extra games from ties in a row
    deals = []
    j = 0
    while True:
        dealer = (first_dealer + j) % N_SEATS
        rec = play_one(j, dealer, carry if rules["tie_carry"] else 0)
        kind = outcome_kind(rec["outcome"])
        rec["games_before"] = list(games)
        rec["carry_in"] = carry      # extra key: ties in a row before this deal
        if kind == "tie":
            rec["carry"] = 0
            if rules["tie_carry"]:
                carry += 1
        elif kind in BANDEIRA_KINDS:
            rec["carry"] = 0
            carry = 0
        else:
            rec["carry"] = carry if rules["tie_carry"] else 0
            carry = 0
        games[0] += rec["games"][0]
        games[1] += rec["games"][1]
        deals.append(rec)
        j += 1
        if games[0] >= rg or games[1] >= rg:
            winner = 0 if games[0] >= rg else 1
            end = kind if kind in ("bandeira", "points_bandeira", "pente") else "games"
            return {"first_dealer": first_dealer, "winner": winner,
                    "games": games, "end": end, "deals": deals}


def play_rubber(seed: int, rubber: int, strategies=("random",) * 4,
                rules: dict | None = None, dealer: int | None = None) -> dict:
    """Rubber `rubber` of the run `seed`: one rubber-domain stream for all its deals."""
    strategies = _check_strategies(strategies)
    r = normalize_rules(rules)
    first = rubber % N_SEATS if dealer is None else dealer
    if not 0 <= first < N_SEATS:
        raise ValueError(f"dealer out of range: {first}")
    gen = stream(seed, rubber, "rubber")

    def play_one(j: int, d: int, carry: int) -> dict:
        rec = {"deal": j}
        rec.update(_play_deal_from(gen, d, strategies, r, carry))
        return rec

    out = {"rubber": rubber}
    out.update(_run_rubber(play_one, first, r))
    return out
