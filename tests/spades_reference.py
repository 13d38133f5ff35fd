"""Independent plain-Python reference implementation of Spades.

Written only from the written rules:
  - docs/games/spades.md        (rules, dealing, bidding, play, scoring, games, randomness)
  - docs/rng.md                 (generators, shuffle pass, card indices)
  - docs/records.md             (Spades records)

Standard library only; uint64 arithmetic is done on Python ints masked with
``& MASK``.  Nothing here is imported from the project: the point of this module is to
be compared, deal for deal, against the jitted kernel.

Public API
----------
play_hand(seed, deal, strategies, rules, dealer, game_scores) -> dict
play_game(seed, game, strategies, rules, dealer) -> dict
card_name(card), card_index(name), evaluate(hand), score_hand(bids, tricks_won, rules, blind)
Helpers tests may also use: mix, Xoshiro, stream, shuffle, deal_hands, legal_cards,
trick_winner, winning_cards, cheapest, choose_greedy, choose_random, random_bid,
bid_for, wants_blind_nil, apply_bags, game_end, normalize_rules, hand_record.
"""

from __future__ import annotations
from reference_rng import (  # noqa: F401  (the shared random streams)
    Xoshiro, below, domain_base, hi32, lo32, mix, shuffle, stream, _rotl)

MASK = 0xFFFFFFFFFFFFFFFF
MASK32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15

# ---------------------------------------------------------------------------
# Cards (french52): card = suit * 13 + strength, strength 0 = "2" ... 12 = "A"
# ---------------------------------------------------------------------------
RANKS = "AKQJT98765432"   # high -> low
SUITS = "CDHS"
SPADES = 3
RANKS_PER_SUIT = 13
N_CARDS = 52
N_SEATS = 4
HAND_SIZE = 13
N_TRICKS = 13

ACE = 12
KING = 11
QUEEN = 10
NINE = 7          # strength of "9"

SUIT_OF = [c // RANKS_PER_SUIT for c in range(N_CARDS)]
STRENGTH_OF = [c % RANKS_PER_SUIT for c in range(N_CARDS)]
RANK_OF = [RANKS[RANKS_PER_SUIT - 1 - STRENGTH_OF[c]] for c in range(N_CARDS)]


def card_name(card: int) -> str:
    """51 -> "AS", 0 -> "2C", 21 -> "TD"."""
    if not 0 <= card < N_CARDS:
        raise ValueError(f"card index out of range: {card}")
    return RANK_OF[card] + SUITS[SUIT_OF[card]]


def card_index(name: str) -> int:
    """Inverse of card_name: "AS" -> 51."""
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise ValueError(f"not a french52 card: {name!r}")
    strength = RANKS_PER_SUIT - 1 - RANKS.index(name[0])
    return SUITS.index(name[1]) * RANKS_PER_SUIT + strength


# ---------------------------------------------------------------------------
# Random streams (docs/rng.md)
# ---------------------------------------------------------------------------
def four_draws(gen: Xoshiro) -> tuple[int, int, int, int]:
    """Two outputs a, b -> (hi(a), lo(a), hi(b), lo(b))."""
    a = gen.next()
    b = gen.next()
    return (hi32(a), lo32(a), hi32(b), lo32(b))


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
DEFAULT_RULES = {
    "break_spades": False,
    "bag_points": 0,
    "bag_limit": 10,
    "bag_penalty": 100,
    "blind_nil": False,
    "target": 500,
    "mercy": False,
    "max_hands": 200,
}
_BOOL_RULES = ("break_spades", "blind_nil", "mercy")
_INT_RULES = ("bag_limit", "bag_penalty", "target", "max_hands")
MERCY_LIMIT = -200
BLIND_TRAIL = 200


def normalize_rules(rules: dict | None) -> dict:
    """Every rule with its default filled in; unknown keys or bad values raise."""
    out = dict(DEFAULT_RULES)
    if rules:
        for k, v in rules.items():
            if k not in DEFAULT_RULES:
                raise ValueError(f"unknown Spades rule {k!r}")
            out[k] = v
    for k in _BOOL_RULES:
        if not isinstance(out[k], bool):
            raise ValueError(f"rule {k} must be a bool, not {out[k]!r}")
    for k in _INT_RULES:
        if isinstance(out[k], bool) or not isinstance(out[k], int):
            raise ValueError(f"rule {k} must be an int, not {out[k]!r}")
    if isinstance(out["bag_points"], bool) or out["bag_points"] not in (0, 1):
        raise ValueError(f"bag_points must be 0 or 1, not {out['bag_points']!r}")
    if out["bag_limit"] < 1:
        raise ValueError("bag_limit must be >= 1")
    return out


# ---------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------
def evaluate(hand: list[int]) -> int:
    """greedy's bid (0 = nil), docs/games/spades.md 'evaluate'."""
    by_suit: list[list[int]] = [[], [], [], []]
    for c in hand:
        by_suit[SUIT_OF[c]].append(STRENGTH_OF[c])
    n_spades = len(by_suit[SPADES])
    has_ace = any(ACE in by_suit[s] for s in range(4))
    high_spade = any(st > NINE for st in by_suit[SPADES])
    if not has_ace and not high_spade and n_spades <= 3:
        return 0
    count = 0
    for s in range(4):
        strengths = by_suit[s]
        n = len(strengths)
        if ACE in strengths:
            count += 1
        if KING in strengths and n >= 2:
            count += 1
        if QUEEN in strengths and n >= 3:
            count += 1
        if s == SPADES and n > 3:
            count += n - 3
    return max(1, min(13, count))


def random_bid(hand: list[int], u: int) -> int:
    """evaluate's bid plus noise d = ((u*3) >> 32) - 1, kept within 1..13; nil stays nil."""
    b = evaluate(hand)
    if b == 0:
        return 0
    d = ((u * 3) >> 32) - 1
    return max(1, min(13, b + d))


def wants_blind_nil(seat: int, rules: dict, game_scores) -> bool:
    """Blind nil exactly when the rule is on and, in a game (game_scores given), the
    seat's team trails by at least 200 points at the start of the hand."""
    if not rules["blind_nil"] or game_scores is None:
        return False
    team = seat % 2
    return game_scores[1 - team] - game_scores[team] >= BLIND_TRAIL


def bid_for(strategy: str, hand: list[int], u: int) -> int:
    if strategy == "greedy":
        return evaluate(hand)
    return random_bid(hand, u)


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------
def legal_cards(hand: list[int], trick_cards: list[int], spades_broken: bool,
                break_spades: bool) -> list[int]:
    """Legal cards, in the hand's order (hands are kept sorted ascending).

    Following: cards of the suit led if any, else the whole hand.
    Leading: the whole hand, except that with break_spades and spades not yet broken
    the spades are excluded unless the hand holds only spades."""
    if trick_cards:
        led = SUIT_OF[trick_cards[0]]
        follow = [c for c in hand if SUIT_OF[c] == led]
        return follow if follow else list(hand)
    if break_spades and not spades_broken:
        non_spades = [c for c in hand if SUIT_OF[c] != SPADES]
        if non_spades:
            return non_spades
    return list(hand)


def trick_winner(cards: list[int]) -> int:
    """Position (0 = leader) of the card winning the trick as it stands:
    the highest spade if any, else the highest card of the suit led."""
    spades = [k for k, c in enumerate(cards) if SUIT_OF[c] == SPADES]
    if spades:
        return max(spades, key=lambda k: STRENGTH_OF[cards[k]])
    led = SUIT_OF[cards[0]]
    followers = [k for k, c in enumerate(cards) if SUIT_OF[c] == led]
    return max(followers, key=lambda k: STRENGTH_OF[cards[k]])


def winning_cards(legal: list[int], trick_cards: list[int]) -> list[int]:
    """Legal cards that would win the trick as it stands (all of them when leading)."""
    pos = len(trick_cards)
    return [c for c in legal if trick_winner(trick_cards + [c]) == pos]


def _cheap_key(card: int) -> tuple[int, bool, int]:
    return (STRENGTH_OF[card], SUIT_OF[card] == SPADES, SUIT_OF[card])


def cheapest(cards: list[int]) -> int:
    """Lowest strength; on equal strength a non-spade first, then the lowest suit."""
    return min(cards, key=_cheap_key)


def highest_non_winning(legal: list[int], trick_cards: list[int]) -> int | None:
    """Highest-strength legal card that would not win (equal strength: lowest suit)."""
    win = set(winning_cards(legal, trick_cards))
    losers = [c for c in legal if c not in win]
    if not losers:
        return None
    return min(losers, key=lambda c: (-STRENGTH_OF[c], SUIT_OF[c]))


def choose_random(legal: list[int], u: int) -> int:
    ordered = sorted(legal)
    return ordered[below(u, len(ordered))]


def choose_greedy(hand: list[int], legal: list[int], trick_cards: list[int],
                  trick_seats: list[int], seat: int, bids: list[int],
                  tricks_won: list[int]) -> int:
    """greedy's card (docs/games/spades.md, rules 1-5, first that applies).

    `bids` and `tricks_won` are by seat; tricks_won counts tricks completed so far
    in this hand (not the current one).  `hand` is unused beyond `legal` (every
    choice is among legal cards) but kept for symmetry with the kernel."""
    partner = (seat + 2) % N_SEATS
    team = seat % 2
    leading = not trick_cards
    win = winning_cards(legal, trick_cards) if not leading else list(legal)
    cur = None if leading else trick_seats[trick_winner(trick_cards)]

    # 1. the player bid nil
    if bids[seat] == 0:
        if leading:
            return cheapest(legal)
        h = highest_non_winning(legal, trick_cards)
        return h if h is not None else cheapest(legal)
    if not leading:
        # 2. partner bid nil, already played to this trick and winning it
        if bids[partner] == 0 and partner in trick_seats and cur == partner and win:
            return cheapest(win)
        # 3. an opponent bid nil, took no trick yet, played to this trick, is winning it
        if cur is not None and cur % 2 != team and bids[cur] == 0 \
                and tricks_won[cur] == 0:
            h = highest_non_winning(legal, trick_cards)
            if h is not None:
                return h
    contract = bids[team] + bids[team + 2]
    team_tricks = tricks_won[team] + tricks_won[team + 2]
    # 4. contract not yet made
    if team_tricks < contract:
        if leading:
            aces = [c for c in legal if STRENGTH_OF[c] == ACE and SUIT_OF[c] != SPADES]
            if aces:
                return min(aces, key=lambda c: SUIT_OF[c])
            return cheapest(legal)
        if cur != partner and win:
            return cheapest(win)
        return cheapest(legal)
    # 5. contract made
    if leading:
        return cheapest(legal)
    h = highest_non_winning(legal, trick_cards)
    return h if h is not None else cheapest(legal)


STRATEGIES = ("random", "greedy")


def _check_strategies(strategies) -> tuple[str, str, str, str]:
    strategies = tuple(strategies)
    if len(strategies) != N_SEATS:
        raise ValueError("need one strategy per seat (4)")
    for s in strategies:
        if s not in STRATEGIES:
            raise ValueError(f"unknown strategy {s!r}; expected one of {STRATEGIES}")
    return strategies


def deal_hands(deck: list[int], dealer: int) -> list[list[int]]:
    """Deck positions 13k..13k+12 go to seat (dealer + 1 + k) % 4 (unsorted)."""
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    for k in range(N_SEATS):
        hands[(dealer + 1 + k) % N_SEATS] = deck[HAND_SIZE * k: HAND_SIZE * (k + 1)]
    return hands


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------
def score_hand(bids, tricks_won, rules=None, blind=(False,) * 4
               ) -> tuple[list[int], list[int]]:
    """(score by team, bags = overtricks by team) of one hand, before bag penalties.

    bids, tricks_won and blind are by seat."""
    r = normalize_rules(rules)
    if len(bids) != N_SEATS or len(tricks_won) != N_SEATS or len(blind) != N_SEATS:
        raise ValueError("bids, tricks_won and blind are lists of 4 (by seat)")
    if sum(tricks_won) != N_TRICKS:
        raise ValueError("tricks_won must add up to 13")
    score = [0, 0]
    bags = [0, 0]
    for team in (0, 1):
        contract = bids[team] + bids[team + 2]
        taken = tricks_won[team] + tricks_won[team + 2]
        if taken >= contract:
            over = taken - contract
            score[team] += 10 * contract + r["bag_points"] * over
            bags[team] = over
        else:
            score[team] -= 10 * contract
        for s in (team, team + 2):
            if bids[s] == 0:
                worth = 200 if blind[s] else 100
                score[team] += worth if tricks_won[s] == 0 else -worth
    return score, bags


def apply_bags(totals: list[int], bags: list[int], hand_bags: list[int],
               rules: dict) -> tuple[list[int], list[int], list[int]]:
    """Add a hand's bags; each time a team's bags reach bag_limit it loses bag_penalty
    and the count drops by the limit.  Returns (totals, bags, penalties by team)."""
    totals = list(totals)
    bags = list(bags)
    penalties = [0, 0]
    for t in (0, 1):
        bags[t] += hand_bags[t]
        while bags[t] >= rules["bag_limit"]:
            bags[t] -= rules["bag_limit"]
            totals[t] -= rules["bag_penalty"]
            penalties[t] += rules["bag_penalty"]
    return totals, bags, penalties


def game_end(totals: list[int], rules: dict) -> tuple[int, str] | None:
    """(winner, 'target'|'mercy') when the game ends with these totals, else None."""
    t0, t1 = totals
    target = rules["target"]
    if t0 >= target or t1 >= target:
        if t0 >= target and t1 >= target:
            if t0 != t1:
                return (0 if t0 > t1 else 1, "target")
        else:
            return (0 if t0 >= target else 1, "target")
    if rules["mercy"] and (t0 <= MERCY_LIMIT or t1 <= MERCY_LIMIT):
        if t0 <= MERCY_LIMIT and t1 <= MERCY_LIMIT:
            if t0 != t1:
                return (1 if t0 < t1 else 0, "mercy")
        else:
            return (1 if t0 <= MERCY_LIMIT else 0, "mercy")
    return None


# ---------------------------------------------------------------------------
# One hand
# ---------------------------------------------------------------------------
def _play_hand_from(gen: Xoshiro, dealer: int, strategies, rules: dict,
                    game_scores=None) -> dict:
    """Play one hand consuming `gen` exactly as the docs say (26 + 2 + 2*13 = 54
    outputs).  The deck starts as the identity; `rules` must be normalised."""
    # deal
    deck = list(range(N_CARDS))
    shuffle(deck, gen)
    hands = [sorted(h) for h in deal_hands(deck, dealer)]
    start_hands = [list(h) for h in hands]

    # bidding: two outputs whatever the strategies; k-th bidder uses u[k]
    u = four_draws(gen)
    bids = [0] * N_SEATS
    blind = [False] * N_SEATS
    for k in range(N_SEATS):
        seat = (dealer + 1 + k) % N_SEATS
        if wants_blind_nil(seat, rules, game_scores):
            bids[seat] = 0
            blind[seat] = True
        else:
            bids[seat] = bid_for(strategies[seat], hands[seat], u[k])

    # play
    plays: list[tuple[int, int]] = []
    tricks: list[tuple[int, int]] = []
    tricks_won = [0] * N_SEATS
    spades_broken = False
    leader = (dealer + 1) % N_SEATS
    for _ in range(N_TRICKS):
        u = four_draws(gen)
        trick_cards: list[int] = []
        trick_seats: list[int] = []
        for k in range(N_SEATS):
            seat = (leader + k) % N_SEATS
            hand = hands[seat]
            legal = legal_cards(hand, trick_cards, spades_broken, rules["break_spades"])
            if strategies[seat] == "random":
                card = choose_random(legal, u[k])
            else:
                card = choose_greedy(hand, legal, trick_cards, trick_seats, seat,
                                     bids, tricks_won)
            hand.remove(card)
            trick_cards.append(card)
            trick_seats.append(seat)
            plays.append((seat, card))
        if any(SUIT_OF[c] == SPADES for c in trick_cards):
            spades_broken = True
        winner = trick_seats[trick_winner(trick_cards)]
        tricks.append((leader, winner))
        tricks_won[winner] += 1
        leader = winner

    score, bags = score_hand(bids, tricks_won, rules, blind)
    if score[0] > score[1]:
        outcome, win = "team0_win", 0
    elif score[1] > score[0]:
        outcome, win = "team1_win", 1
    else:
        outcome, win = "tie", None
    return {
        "dealer": dealer,
        "hands": start_hands,
        "bids": bids,
        "blind": blind,
        "plays": plays,
        "tricks": tricks,
        "tricks_won": tricks_won,
        "score": score,
        "bags": bags,
        "outcome": outcome,
        "winner": win,
    }


def play_hand(seed: int, deal: int, strategies=("random",) * 4,
              rules: dict | None = None, dealer: int | None = None,
              game_scores=None) -> dict:
    """Single hand `deal` of the run `seed` (stream `deal` of the deal domain).

    Dealer is deal % 4 unless fixed.  `game_scores` ([team0, team1] at the start of
    the hand) only matters for blind nil; None = a single hand (never blind)."""
    strategies = _check_strategies(strategies)
    r = normalize_rules(rules)
    d = deal % N_SEATS if dealer is None else dealer
    if not 0 <= d < N_SEATS:
        raise ValueError(f"dealer out of range: {d}")
    gen = stream(seed, deal, "deal")
    out = {"deal": deal}
    out.update(_play_hand_from(gen, d, strategies, r, game_scores))
    return out


# ---------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------
MAX_HANDS = 10_000   # safety net only; no rule limits the number of hands


def _run_game(play_one, first_dealer: int, rules: dict) -> dict:
    """Accumulate hands into a game.

    `play_one(j, dealer, totals_before)` returns the dict of the j-th hand (with
    "score" and "bags" of that hand).  Separated from the generator so the
    bookkeeping can be tested with scripted hands."""
    totals = [0, 0]
    bags = [0, 0]
    hands = []
    for j in range(MAX_HANDS):
        dealer = (first_dealer + j) % N_SEATS
        rec = play_one(j, dealer, list(totals))
        rec["totals_before"] = list(totals)
        rec["bags_before"] = list(bags)
        totals = [totals[0] + rec["score"][0], totals[1] + rec["score"][1]]
        totals, bags, penalties = apply_bags(totals, bags, rec["bags"], rules)
        rec["bag_penalties"] = penalties      # extra key
        rec["totals_after"] = list(totals)    # extra key
        hands.append(rec)
        end = game_end(totals, rules)
        if end is None and j + 1 == rules["max_hands"]:
            # the hand limit: the higher total wins, equal totals are a tie
            end = (None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1),
                   "max_hands")
        if end is not None:
            return {"first_dealer": first_dealer, "winner": end[0], "totals": totals,
                    "bags": bags, "end": end[1], "hands": hands}
    raise RuntimeError(f"game did not end within {MAX_HANDS} hands")


def play_game(seed: int, game: int, strategies=("random",) * 4,
              rules: dict | None = None, dealer: int | None = None) -> dict:
    """Game `game` of the run `seed`: one game-domain stream for all its hands."""
    strategies = _check_strategies(strategies)
    r = normalize_rules(rules)
    first = game % N_SEATS if dealer is None else dealer
    if not 0 <= first < N_SEATS:
        raise ValueError(f"dealer out of range: {first}")
    gen = stream(seed, game, "game")

    def play_one(j: int, d: int, totals_before: list[int]) -> dict:
        rec = {"deal": j}
        rec.update(_play_hand_from(gen, d, strategies, r, totals_before))
        return rec

    out = {"game": game}
    out.update(_run_game(play_one, first, r))
    return out


# ---------------------------------------------------------------------------
# Records (docs/records.md, Spades)
# ---------------------------------------------------------------------------
def hand_record(seed: int, hand: dict, strategies=("random",) * 4,
                rules: dict | None = None) -> dict:
    """The JSON-lines record of a hand dict returned by play_hand."""
    r = normalize_rules(rules)
    return {
        "game": "spades",
        "rules": dict(r),
        "players": N_SEATS,
        "seed": seed,
        "deal": hand["deal"],
        "dealer": hand["dealer"],
        "strategies": list(strategies),
        "hands": [[card_name(c) for c in h] for h in hand["hands"]],
        "plays": [[s, card_name(c)] for s, c in hand["plays"]],
        "trump": None,
        "stock": [],
        "tricks": [{"leader": l, "winner": w, "points": 0} for l, w in hand["tricks"]],
        "points": list(hand["tricks_won"]),
        "bids": list(hand["bids"]),
        "blind_nil": [bool(b) for b in hand["blind"]],
        "score": list(hand["score"]),
        "bags": list(hand["bags"]),
        "nil": [_nil_label(b, bl, t) for b, bl, t in
                zip(hand["bids"], hand["blind"], hand["tricks_won"])],
        "result": {"winner": hand["winner"], "outcome": hand["outcome"]},
    }


def _nil_label(bid: int, blind: bool, tricks: int) -> str:
    """What a seat's bid came to, as docs/records.md names it."""
    if bid != 0:
        return "none"
    return ("blind_nil_" if blind else "nil_") + ("made" if tricks == 0 else "set")
