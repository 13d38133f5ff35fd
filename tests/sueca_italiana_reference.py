"""Independent plain-Python reference implementation of Sueca Italiana.

Written only from the written rules:
  - docs/rng.md                   (random streams, shuffle, card indices)
  - docs/games/sueca_italiana.md  (deal, auction, call, play, scoring, matches, strategies)
  - docs/records.md               (record format, Sueca Italiana section)

Standard library only (plus the shared plain-Python streams of reference_rng.py); nothing
is imported from the project, so that the kernels are compared, deal for deal, with a second
reading of the rules.

Public API: play_deal(seed, deal, strategies, rules, dealer), play_match(...),
evaluate(hand), legal_bids(highest), game_points(contract), card_name, card_index.
Strategies are "random" and "greedy", optionally with "(margin=N)".
"""
from __future__ import annotations

from reference_rng import hi32, lo32, stream

N_SEATS = 5
HAND = 8
N_TRICKS = 8
RANKS = "A7KJQ65432"          # high -> low
SUITS = "CDHS"
POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}

DEFAULT_RULES = {"call_own_card": True, "target": 10}

# hand evaluation tables, by strength 0 (the 2) .. 9 (the ace)
TRUMP = [6, 6, 6, 6, 6, 8, 9, 11, 17, 21]
SIDE = [0, 0, 0, 0, 0, 1, 2, 3, 3, 12]
SIDE_SEVEN_WITH_ACE = 8
CALLED = [4, 4, 4, 4, 4, 5, 6, 8, 13, 16]
PARTNER_BASE = 12


def suit(c: int) -> int:
    return c // 10


def strength(c: int) -> int:
    return c % 10


def rank(c: int) -> str:
    return RANKS[9 - strength(c)]


def points(c: int) -> int:
    return POINTS.get(rank(c), 0)


def card_name(c: int) -> str:
    return rank(c) + SUITS[suit(c)]


def card_index(name: str) -> int:
    return SUITS.index(name[1]) * 10 + 9 - RANKS.index(name[0])


def normalize_rules(rules) -> dict:
    r = dict(DEFAULT_RULES)
    for k, v in (rules or {}).items():
        if k not in r:
            raise ValueError(f"unknown rule {k}")
        r[k] = v
    return r


def parse_strategy(name: str) -> tuple[str, dict]:
    """'greedy(margin=5)' -> ('greedy', {'margin': 5, 'alone_at': 121})."""
    params = {"margin": 0, "alone_at": 121}
    if "(" not in name:
        return name, params
    base, rest = name.split("(", 1)
    for item in rest.rstrip(")").split(","):
        if item.strip():
            k, v = item.split("=")
            assert k.strip() in params, k
            params[k.strip()] = int(v)
    return base, params


# --- scoring -------------------------------------------------------------------------------
def game_points(contract: int) -> int:
    if contract == 0 or 61 <= contract <= 70:
        return 1
    if contract <= 80:
        return 2
    if contract <= 90:
        return 3
    if contract <= 100:
        return 4
    if contract <= 119:
        return 5
    return 6


def needed(contract: int) -> int:
    return 61 if contract == 0 else contract


# --- auction -------------------------------------------------------------------------------
def legal_bids(highest) -> list[int]:
    """The bids a player may make after the highest bid so far (None: nobody has bid)."""
    if highest is None:
        return [0] + list(range(61, 121))
    if highest == 0:
        return list(range(61, 121))
    return list(range(highest + 1, 121))


def suit_value(hand: list[int], s: int) -> tuple[int, int]:
    """(value, called card) of the hand with trump suit s, as the page defines them."""
    v = PARTNER_BASE
    trumps = 0
    for c in hand:
        st = strength(c)
        if suit(c) == s:
            v += TRUMP[st]
            trumps += 1
        elif st == 8 and (suit(c) * 10 + 9) in hand:
            v += SIDE_SEVEN_WITH_ACE
        else:
            v += SIDE[st]
    v += 4 * max(0, trumps - 3)
    called = max(c for c in range(s * 10, s * 10 + 10) if c not in hand)
    v += CALLED[strength(called)]
    return v, called


def evaluate(hand: list[int]) -> tuple[int, int, int]:
    """(estimate, best suit, called card): the largest value over the suits, lowest suit on
    ties."""
    best = None
    for s in range(4):
        v, called = suit_value(hand, s)
        if best is None or v > best[0]:
            best = (v, s, called)
    return best


def eval_call(hand: list[int], params: dict, rules: dict) -> int:
    est, s, called = evaluate(hand)
    own = [c for c in hand if suit(c) == s]
    if params["alone_at"] <= 120 and est - params["margin"] >= params["alone_at"] and own \
            and rules["call_own_card"]:
        return max(own)
    return called


def eval_bid(hand: list[int], highest, margin: int):
    t = evaluate(hand)[0] - margin
    if t < 61:
        return None
    b = min(t, 120)
    return b if b in legal_bids(highest) else None


# --- play ------------------------------------------------------------------------------------
def legal_cards(hand: list[int], led) -> list[int]:
    if led is None:
        return sorted(hand)
    follow = [c for c in hand if suit(c) == led]
    return sorted(follow if follow else hand)


def winner_pos(cards: list[int], trump: int) -> int:
    """Position in the trick of the card winning it as it stands."""
    trumps = [k for k, c in enumerate(cards) if suit(c) == trump]
    if trumps:
        return max(trumps, key=lambda k: strength(cards[k]))
    led = suit(cards[0])
    return max((k for k, c in enumerate(cards) if suit(c) == led),
               key=lambda k: strength(cards[k]))


def cheapest(cards: list[int], trump: int) -> int:
    return min(cards, key=lambda c: (strength(c), suit(c) == trump, suit(c)))


def known_friends(seat: int, declarer: int, partner: int, revealed: bool) -> set[int]:
    """The seats `seat` knows to be on its side (docs: greedy)."""
    if seat == declarer:
        return {partner} - {declarer} if revealed else set()
    if seat == partner:
        return {declarer}
    if revealed:
        return set(range(N_SEATS)) - {declarer, partner, seat}
    return set()


def greedy_card(seat, legal, trick_cards, trick_seats, trump, friends) -> int:
    if not trick_cards:
        return cheapest(legal, trump)
    w = trick_seats[winner_pos(trick_cards, trump)]
    pos = len(trick_cards)
    beating = [c for c in legal if winner_pos(trick_cards + [c], trump) == pos]
    if w in friends:
        keep = [c for c in legal if c not in beating]
        return cheapest(keep if keep else legal, trump)
    return cheapest(beating if beating else legal, trump)


# --- one deal --------------------------------------------------------------------------------
def play_from(gen, dealer: int, strategies, rules: dict) -> dict:
    strategies = [parse_strategy(s) for s in strategies]
    deck = list(range(40))
    from reference_rng import shuffle
    shuffle(deck, gen)
    hands = [[] for _ in range(N_SEATS)]
    for k in range(N_SEATS):
        hands[(dealer + 1 + k) % N_SEATS] = sorted(deck[8 * k: 8 * k + 8])
    dealt = [list(h) for h in hands]

    # auction: three outputs, u[j] for the j-th speaker, u[5] for the call
    outs = [gen.next() for _ in range(3)]
    u = [f(x) for x in outs for f in (hi32, lo32)]
    bids = []
    highest, declarer = None, None
    for j in range(N_SEATS):
        seat = (dealer + j) % N_SEATS
        b = eval_bid(hands[seat], highest, strategies[seat][1]["margin"])
        bids.append(b)
        if b is not None:
            highest, declarer = b, seat
    if declarer is None:
        declarer, contract = dealer, 0
    else:
        contract = highest
    called = eval_call(hands[declarer], strategies[declarer][1], rules)
    trump = suit(called)
    partner = next(s for s in range(N_SEATS) if called in hands[s])

    plays, tricks = [], []
    taken = [0] * N_SEATS
    revealed = False
    leader = declarer
    for t in range(N_TRICKS):
        outs = [gen.next() for _ in range(3)]
        u = [f(x) for x in outs for f in (hi32, lo32)]
        tc, ts = [], []
        for k in range(N_SEATS):
            seat = (leader + k) % N_SEATS
            legal = legal_cards(hands[seat], suit(tc[0]) if tc else None)
            kind, _ = strategies[seat]
            if kind == "random":
                c = legal[(u[k] * len(legal)) >> 32]
            else:
                friends = known_friends(seat, declarer, partner, revealed)
                c = greedy_card(seat, legal, tc, ts, trump, friends)
            hands[seat].remove(c)
            tc.append(c)
            ts.append(seat)
            plays.append((seat, c))
            if c == called:
                revealed = True
        w = ts[winner_pos(tc, trump)]
        pts = sum(points(c) for c in tc)
        tricks.append((leader, w, pts))
        taken[w] += pts
        leader = w

    side = {declarer, partner}
    dpts = sum(taken[s] for s in side)
    made = dpts >= needed(contract)
    g = game_points(contract)
    winners = side if made else set(range(N_SEATS)) - side
    gp = [g if s in winners else 0 for s in range(N_SEATS)]
    alone = partner == declarer
    outcome = ("alone_" if alone else "") + ("made" if made else "failed")
    return {"dealer": dealer, "hands": dealt, "bids": bids, "declarer": declarer,
            "contract": contract, "called_card": called, "partner": partner, "trump": trump,
            "plays": plays, "tricks": tricks, "points": taken, "declarer_points": dpts,
            "made": made, "game_points": gp, "outcome": outcome}


def play_deal(seed: int, deal: int, strategies=("random",) * 5, rules=None,
              dealer: int | None = None) -> dict:
    rules = normalize_rules(rules)
    d = deal % N_SEATS if dealer is None else dealer
    out = {"deal": deal}
    out.update(play_from(stream(seed, deal, "deal"), d, strategies, rules))
    return out


def play_match(seed: int, match: int, strategies=("random",) * 5, rules=None,
               dealer: int | None = None) -> dict:
    rules = normalize_rules(rules)
    gen = stream(seed, match, "call")
    first = match % N_SEATS if dealer is None else dealer
    totals = [0] * N_SEATS
    deals = []
    j = 0
    while True:
        d = (first + j) % N_SEATS
        rec = play_from(gen, d, strategies, rules)
        rec["game_points_before"] = list(totals)
        totals = [a + b for a, b in zip(totals, rec["game_points"])]
        deals.append(rec)
        j += 1
        top = max(totals)
        if top >= rules["target"] and totals.count(top) == 1:
            return {"match": match, "first_dealer": first, "winner": totals.index(top),
                    "totals": totals, "deals": deals}
