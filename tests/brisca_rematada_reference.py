"""Independent plain-Python reference implementation of Brisca rematada.

Written only from the written rules:
  - docs/games/brisca_rematada.md   (deal, auction, exchange, play, marriages, scoring,
                                     matches, how the stream is consumed, strategies)
  - docs/rng.md                     (generators, shuffle pass, card indices)

Standard library only; the random streams come from ``reference_rng`` (docs/rng.md in
plain Python, shared by every reference).  Nothing is imported from the project: this module
is compared, deal for deal, with the jitted kernels.

Public API
----------
play_deal(seed, deal, strategies=("random",), rules=None, dealer=None) -> dict
play_match(seed, match, strategies=("random",), rules=None, dealer=None) -> dict
card_name(card) -> str, card_index(name) -> int

Cards are ints ``suit * 8 + strength``: suits ``O C E B``, strength 0 the ``5`` .. 7 the
``1`` (ranks high to low ``1 3 K N J 7 6 5``).  Hands are Python lists / sets of ints.
Strategies are ``"random"`` or ``"greedy"``, optionally with ``margin``:
``"greedy(margin=10)"``.
"""
from __future__ import annotations

from reference_rng import hi32, lo32, shuffle, stream

SUITS = "OCEB"
RANKS = "13KNJ765"                 # high -> low
N_CARDS = 32
HAND = 10
POINTS_BY_RANK = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
MIN_BID = 100
LAST_TRICK = 10
KING, KNIGHT = 5, 4                # strengths

DEFAULT_RULES = {"bid_step": 5, "marriages": "forty", "target": 500, "follow": "suit_trump"}
ALLOWED = {"bid_step": (1, 5, 10), "marriages": ("forty", "twenty_forty"),
           "target": (300, 500, 1000), "follow": ("suit_trump", "head", "none")}


def rank_of(c: int) -> str:
    return RANKS[7 - c % 8]


def suit_of(c: int) -> int:
    return c // 8


def strength_of(c: int) -> int:
    return c % 8


def points_of(c: int) -> int:
    return POINTS_BY_RANK.get(rank_of(c), 0)


def card_name(c: int) -> str:
    return rank_of(c) + SUITS[suit_of(c)]


def card_index(name: str) -> int:
    return SUITS.index(name[1]) * 8 + 7 - RANKS.index(name[0])


def card(suit: int, strength: int) -> int:
    return suit * 8 + strength


def normalize_rules(rules) -> dict:
    out = dict(DEFAULT_RULES)
    for k, v in (rules or {}).items():
        if k not in ALLOWED:
            raise ValueError(f"unknown rule {k}")
        if k not in ("marriages", "follow"):
            v = int(v)
        if v not in ALLOWED[k]:
            raise ValueError(f"rule {k}={v} not allowed")
        out[k] = v
    return out


def highest_bid(rules: dict) -> int:
    """The most a declarer can take: 120 card points, 10 for the last trick, marriages."""
    marriages = 160 if rules["marriages"] == "forty" else 40 + 3 * 20
    most = 120 + LAST_TRICK + marriages
    step = rules["bid_step"]
    return MIN_BID + (most - MIN_BID) // step * step


def auction_outputs(rules: dict) -> int:
    levels = (highest_bid(rules) - MIN_BID) // rules["bid_step"] + 1
    return (levels + 3) // 2


def marriage_points(suit: int, trump: int, rules: dict) -> int:
    if rules["marriages"] == "forty" or suit == trump:
        return 40
    return 20


# ---------------------------------------------------------------------------
# strategies (docs/games/brisca_rematada.md, "Strategies")
# ---------------------------------------------------------------------------
TRUMP_VALUE = [-3, -3, -2, -1, 5, 9, 7, 27]      # by strength, the 5 first
SIDE_VALUE = [0, 0, 0, -2, 1, 2, 1, 0]
BASE, LONG, MARRIAGE = 60, 5, 30


def parse_strategy(text: str) -> tuple[str, int]:
    text = text.strip()
    if "(" not in text:
        return text, 0
    name, rest = text.split("(", 1)
    margin = 0
    for item in rest.rstrip(")").split(","):
        if item.strip():
            k, v = item.split("=")
            assert k.strip() == "margin", k
            margin = int(v)
    return name.strip(), margin


def value(cards, s: int, rules: dict) -> int:
    """value(H, s) of the hand evaluation; ``value`` stays an exact integer as long as
    MARRIAGE * points / 40 is (it is: 30 or 15 per marriage)."""
    held = set(cards)
    total = BASE
    in_suit = 0
    for c in held:
        st = strength_of(c)
        if suit_of(c) == s:
            total += TRUMP_VALUE[st]
            in_suit += 1
        else:
            total += SIDE_VALUE[st]
    total += LONG * max(0, in_suit - 3)
    mp = 0
    for t in range(4):
        if card(t, KING) in held and card(t, KNIGHT) in held:
            mp += marriage_points(t, s, rules)
    assert (MARRIAGE * mp) % 40 == 0
    return total + MARRIAGE * mp // 40


def estimate(cards, rules: dict) -> tuple[int, int]:
    """(estimate, best suit): the largest value over the suits, the lowest suit on ties."""
    best, best_s = None, None
    for s in range(4):
        v = value(cards, s, rules)
        if best is None or v > best:
            best, best_s = v, s
    return best, best_s


def eval_bid(hand, lowest: int, margin: int, rules: dict):
    e, _ = estimate(hand, rules)
    return lowest if e - margin >= lowest else None


def keep_value(c: int, held: set, s: int) -> int:
    st, t = strength_of(c), suit_of(c)
    if t == s:
        return 1000 + st
    if st in (KING, KNIGHT) and card(t, KING) in held and card(t, KNIGHT) in held:
        return 500 + st
    if st == 7:
        return 300
    if st == 6:
        return 200 if card(t, 7) in held else -100
    if st == 5:
        return -40
    if st == 4:
        return -30
    if st == 3:
        return -20
    return st


def eval_discard(hand, discarded, rules: dict) -> int:
    twelve = set(hand) | set(discarded)
    _, s = estimate(twelve, rules)
    held = set(hand)
    return min(sorted(held), key=lambda c: (keep_value(c, held, s), c))


def eval_trump(hand, discarded, rules: dict) -> int:
    return estimate(set(hand) | set(discarded), rules)[1]


def choose_random(hand, u: int) -> int:
    ordered = sorted(hand)
    return ordered[(u * len(ordered)) >> 32]


def cheapest(cards, trump: int) -> int:
    """Lowest strength; on equal strength a non-trump first, then the lowest suit."""
    return min(cards, key=lambda c: (strength_of(c), suit_of(c) == trump, suit_of(c)))


def beats(c: int, best: int, trump: int) -> bool:
    """Would card c beat ``best``, the card winning the trick so far?"""
    if suit_of(c) == suit_of(best):
        return strength_of(c) > strength_of(best)
    return suit_of(c) == trump


def choose_greedy(hand, legal, trick: list[int], trump: int, declared_suits: set) -> int:
    """``greedy``'s card among ``legal`` (the cards of ``hand`` it may play)."""
    kept = set()
    for t in range(4):
        k, n = card(t, KING), card(t, KNIGHT)
        if k in hand and n in hand and t not in declared_suits:
            kept |= {k, n}
    cand = [c for c in legal if c not in kept] or list(legal)
    plain = [c for c in cand if suit_of(c) != trump]
    if not trick:
        return cheapest(plain or cand, trump)
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trump):
            best = c
    tp = sum(points_of(c) for c in trick)
    high = any(points_of(c) >= 10 for c in trick)
    win = [c for c in cand if beats(c, best, trump)]
    w = [c for c in win if suit_of(c) != trump] if tp > 0 else []
    if not w and high:
        w = [c for c in win if suit_of(c) == trump]
    if w:
        return cheapest(w, trump)
    blank = [c for c in plain if points_of(c) == 0]
    return cheapest(blank or plain or cand, trump)


# ---------------------------------------------------------------------------
# one deal
# ---------------------------------------------------------------------------
def trick_winner(cards: list[int], trump: int) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick."""
    best = 0
    for k in range(1, len(cards)):
        if beats(cards[k], cards[best], trump):
            best = k
    return best


def legal_cards(hand, trick: list[int], trump: int, follow: str) -> list[int]:
    """The cards of ``hand`` a player may play to ``trick`` (the cards already in it, in
    play order), sorted: the rule ``follow`` of docs/games/brisca_rematada.md, "Play"."""
    if not trick or follow == "none":
        return sorted(hand)                          # the leader, or no duty at all
    led = suit_of(trick[0])
    of_led = [c for c in hand if suit_of(c) == led]
    trumps = [c for c in hand if suit_of(c) == trump]
    if of_led:
        allowed = of_led                             # follow suit
    elif trumps:
        allowed = trumps                             # void in the suit led: trump
    else:
        allowed = list(hand)
    if follow == "head":
        top = trick[trick_winner(trick, trump)]
        higher = [c for c in allowed if beats(c, top, trump)]
        if higher:
            allowed = higher                         # head the trick
        elif not of_led and trumps:
            allowed = list(hand)                     # cannot overtrump: any card
    return sorted(allowed)


def play_deal_from(gen, dealer: int, strategies, rules: dict) -> dict:
    parsed = [parse_strategy(s) for s in strategies]
    deck = list(range(N_CARDS))
    shuffle(deck, gen)
    hands = [None] * 3
    for k in range(3):
        hands[(dealer + 1 + k) % 3] = set(deck[10 * k:10 * k + 10])
    dealt = [sorted(h) for h in hands]
    talon = [deck[30], deck[31]]
    step = rules["bid_step"]
    top = highest_bid(rules)
    # --- auction
    draws = []
    for _ in range(auction_outputs(rules)):
        x = gen.next()
        draws += [hi32(x), lo32(x)]
    bids = []
    passed = set()
    high, high_seat = None, None
    seat = (dealer + 1) % 3
    j = 0
    while len(passed) < 2:
        lowest = MIN_BID if high is None else high + step
        if lowest > top:
            b = None                               # no bid left: passes without being asked
        else:
            name, margin = parsed[seat]
            assert name in ("random", "greedy")
            b = eval_bid(sorted(hands[seat]), lowest, margin, rules)
            _ = draws[j]                           # its draw (the built-ins do not use it)
        bids.append((seat, b))
        if b is None:
            passed.add(seat)
        else:
            assert lowest <= b <= top and (b - MIN_BID) % step == 0
            high, high_seat = b, seat
        j += 1
        seat = (seat + 1) % 3
        while seat in passed and len(passed) < 2:
            seat = (seat + 1) % 3
    assert j <= 2 * auction_outputs(rules)
    declarer = next(s for s in range(3) if s not in passed)
    forced = high_seat is None
    contract = MIN_BID if forced else high
    assert forced or high_seat == declarer
    # --- exchange
    e0, e1 = gen.next(), gen.next()
    hand = hands[declarer] | set(talon)
    discards = []
    for _ in range(2):
        c = eval_discard(sorted(hand), discards, rules)
        hand.discard(c)
        discards.append(c)
    hands[declarer] = hand
    trump = eval_trump(sorted(hand), discards, rules)
    _ = (e0, e1)
    # --- play
    taken = [0, 0, 0]              # card points of tricks won
    married = [0, 0, 0]            # marriage points declared
    declared = [set(), set(), set()]
    marriages = []
    plays, tricks = [], []
    leader = declarer
    last = None
    for t in range(10):
        a, b = gen.next(), gen.next()
        u = [hi32(a), lo32(a), hi32(b), lo32(b)]
        trick = []
        for k in range(3):
            p = (leader + k) % 3
            name, _margin = parsed[p]
            legal = legal_cards(hands[p], trick, trump, rules["follow"])
            if name == "random":
                c = choose_random(legal, u[k])
            else:
                c = choose_greedy(hands[p], legal, trick, trump, declared[p])
            assert c in legal
            hands[p].discard(c)
            trick.append(c)
            plays.append((p, c))
        w = (leader + trick_winner(trick, trump)) % 3
        tp = sum(points_of(c) for c in trick)
        taken[w] += tp
        tricks.append((leader, w, tp))
        if t <= 8:
            # after winning a trick: at most one marriage, the trump suit's first
            order = [trump] + [s for s in range(4) if s != trump]
            for s in order:
                if s in declared[w]:
                    continue
                if card(s, KING) in hands[w] and card(s, KNIGHT) in hands[w]:
                    mp = marriage_points(s, trump, rules)
                    declared[w].add(s)
                    married[w] += mp
                    marriages.append((w, s, t, mp))
                    break
        leader = w
        last = w
    assert all(not h for h in hands)
    points = [taken[s] + married[s] + (LAST_TRICK if s == last else 0) for s in range(3)]
    points[declarer] += sum(points_of(c) for c in discards)
    made = points[declarer] >= contract
    score = [0, 0, 0]
    if made:
        score[declarer] = contract
    else:
        for s in range(3):
            if s != declarer:
                score[s] = (contract + 1) // 2
    return {"dealer": dealer, "hands": dealt, "talon": talon, "bids": bids,
            "declarer": declarer, "contract": contract, "forced": forced,
            "discards": discards, "trump": trump, "plays": plays, "tricks": tricks,
            "marriages": marriages, "points": points, "score": score, "made": made,
            "outcome": "made" if made else "failed", "last_trick": last,
            "card_points": taken, "marriage_points": married,
            "discard_points": sum(points_of(c) for c in discards)}


def _strategies(strategies) -> tuple:
    strategies = tuple(strategies)
    if len(strategies) == 1:
        strategies = strategies * 3
    assert len(strategies) == 3
    return strategies


def play_deal(seed: int, deal: int, strategies=("random",), rules=None, dealer=None) -> dict:
    rules = normalize_rules(rules)
    gen = stream(seed, deal)
    d = deal % 3 if dealer is None else dealer
    out = play_deal_from(gen, d, _strategies(strategies), rules)
    out["outputs"] = gen.outputs
    return out


DOMAIN_REMA = 0x52454D41


def _match_stream(seed: int, match: int):
    """Stream ``match`` of the rematada matches domain: base = mix(mix(seed) ^ "REMA")."""
    from reference_rng import GOLDEN, MASK, Xoshiro, mix
    base = mix(mix(seed) ^ DOMAIN_REMA)
    return Xoshiro(*[mix((base + (4 * match + j) * GOLDEN) & MASK) for j in range(1, 5)])


def play_match(seed: int, match: int, strategies=("random",), rules=None, dealer=None) -> dict:
    rules = normalize_rules(rules)
    strategies = _strategies(strategies)
    gen = _match_stream(seed, match)
    first = match % 3 if dealer is None else dealer
    totals = [0, 0, 0]
    deals = []
    n = 0
    while True:
        d = (first + n) % 3
        rec = play_deal_from(gen, d, strategies, rules)
        rec["scores_before"] = list(totals)
        deals.append(rec)
        totals = [a + b for a, b in zip(totals, rec["score"])]
        n += 1
        top = max(totals)
        if top >= rules["target"] and totals.count(top) == 1:
            return {"first_dealer": first, "deals": deals, "scores": totals,
                    "winner": totals.index(top)}
