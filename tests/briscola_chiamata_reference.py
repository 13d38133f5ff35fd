"""Independent plain-Python reference implementation of Briscola chiamata.

Written only from the written rules:
  - docs/rng.md                      (random streams, shuffle, card indices)
  - docs/games/briscola_chiamata.md  (deal, auction, call, play, scoring, matches, strategies)
  - docs/records.md                  (record format, Briscola chiamata section)

Standard library only (plus the shared plain-Python streams of reference_rng.py); nothing
is imported from the project.  Bids are kept as the records write them: a rank as a
one-character string, points as an int, None for a pass.

Public API: play_deal(seed, deal, strategies, rules, dealer), play_match(...), ladder(rules),
card_name, card_index.  Strategies are "random" and "greedy", optionally "(margin=N)".
"""
from __future__ import annotations

from reference_rng import hi32, lo32, shuffle, stream

N_SEATS = 5
N_TRICKS = 8
RANKS = "13KNJ76542"          # high -> low
SUITS = "OCEB"
POINTS = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
DEFAULT_RULES = {"chiamata_buia": False, "points_only": False, "match_deals": 5}

TRUMP = [6, 6, 6, 6, 6, 8, 9, 11, 17, 21]
SIDE = [0, 0, 0, 0, 0, 1, 2, 3, 3, 12]
SIDE_THREE_WITH_ACE = 8
CALLED = [4, 4, 4, 4, 4, 5, 6, 8, 13, 16]


def suit(c):
    return c // 10


def strength(c):
    return c % 10


def rank(c):
    return RANKS[9 - strength(c)]


def points(c):
    return POINTS.get(rank(c), 0)


def card_name(c):
    return rank(c) + SUITS[suit(c)]


def card_index(name):
    return SUITS.index(name[1]) * 10 + 9 - RANKS.index(name[0])


def card_of(r: str, s: int) -> int:
    return s * 10 + 9 - RANKS.index(r)


def normalize_rules(rules):
    r = dict(DEFAULT_RULES)
    for k, v in (rules or {}).items():
        if k not in r:
            raise ValueError(k)
        r[k] = v
    return r


def parse_strategy(name):
    if "(" not in name:
        return name, 0
    base, rest = name.split("(", 1)
    margin = 0
    for item in rest.rstrip(")").split(","):
        if item.strip():
            k, v = item.split("=")
            assert k.strip() == "margin"
            margin = int(v)
    return base, margin


# --- the bid ladder --------------------------------------------------------------------------
def ladder(rules):
    """Every bid from the lowest to the highest."""
    if rules["points_only"]:
        return list(range(61, 121))
    return list(RANKS) + list(range(62, 121))


def legal_bids(highest, rules):
    """The bids above ``highest`` (None: nobody has bid); points only after the 2."""
    lad = ladder(rules)
    above = lad if highest is None else lad[lad.index(highest) + 1:]
    if not rules["points_only"] and highest not in ("2",) and not isinstance(highest, int):
        above = [b for b in above if isinstance(b, str)]
    return above


# --- hand evaluation ---------------------------------------------------------------------------
def cards_value(hand, s):
    v = 0
    trumps = 0
    for c in hand:
        st = strength(c)
        if suit(c) == s:
            v += TRUMP[st]
            trumps += 1
        elif st == 8 and suit(c) * 10 + 9 in hand:
            v += SIDE_THREE_WITH_ACE
        else:
            v += SIDE[st]
    return v + 4 * max(0, trumps - 3)


def value(hand, s, called):
    if called in hand:
        return cards_value(hand, s)
    return 12 + cards_value(hand, s) + CALLED[strength(called)]


def estimate_for_rank(hand, r):
    """(estimate, best suit) for calling rank r."""
    best = None
    for s in range(4):
        v = value(hand, s, card_of(r, s))
        if best is None or v > best[0]:
            best = (v, s)
    return best


def estimate_any(hand):
    """(estimate, best suit, called card) calling the highest card not held of a suit."""
    best = None
    for s in range(4):
        called = max(c for c in range(10 * s, 10 * s + 10) if c not in hand)
        v = value(hand, s, called)
        if best is None or v > best[0]:
            best = (v, s, called)
    return best


def eval_bid(hand, legal, margin, rules):
    if not legal:
        return None
    lowest = legal[0]
    if rules["points_only"]:
        return lowest if estimate_any(hand)[0] - margin >= lowest else None
    if isinstance(lowest, str):
        return lowest if estimate_for_rank(hand, lowest)[0] - margin >= 61 else None
    return lowest if estimate_for_rank(hand, "2")[0] - margin >= lowest else None


def eval_call(hand, rank_to_call, rules):
    if rules["points_only"]:
        return estimate_any(hand)[2]
    return card_of(rank_to_call, estimate_for_rank(hand, rank_to_call)[1])


# --- play ---------------------------------------------------------------------------------------
def winner_pos(cards, trump):
    trumps = [k for k, c in enumerate(cards) if trump is not None and suit(c) == trump]
    if trumps:
        return max(trumps, key=lambda k: strength(cards[k]))
    led = suit(cards[0])
    return max((k for k, c in enumerate(cards) if suit(c) == led), key=lambda k: strength(cards[k]))


def is_trump(c, trump):
    return trump is not None and suit(c) == trump


def cheapest(cards, trump):
    return min(cards, key=lambda c: (strength(c), is_trump(c, trump), suit(c)))


def known_friends(seat, declarer, partner, called_known, revealed):
    if not called_known:
        return set()
    if seat == declarer:
        return {partner} - {declarer} if revealed else set()
    if seat == partner:
        return {declarer}
    if revealed:
        return set(range(N_SEATS)) - {declarer, partner, seat}
    return set()


def greedy_card(hand, tc, ts, trump, friends):
    plain = [c for c in hand if not is_trump(c, trump)]
    if not tc:
        return cheapest(plain or hand, trump)
    w = ts[winner_pos(tc, trump)]
    pos = len(tc)
    winning = [c for c in hand if winner_pos(tc + [c], trump) == pos]
    if w in friends:
        keep = [c for c in hand if c not in winning]
        feed = [c for c in keep if not is_trump(c, trump)]
        if feed:
            return max(feed, key=lambda c: (points(c), -strength(c), -suit(c)))
        return cheapest(keep or hand, trump)
    tp = sum(points(c) for c in tc)
    cand = [c for c in winning if not is_trump(c, trump)] if tp > 0 else []
    if not cand and any(points(c) >= 10 for c in tc):
        cand = [c for c in winning if is_trump(c, trump)]
    if cand:
        return cheapest(cand, trump)
    blank = [c for c in plain if points(c) == 0]
    return cheapest(blank or plain or hand, trump)


# --- one deal -----------------------------------------------------------------------------------
def play_from(gen, dealer, strategies, rules):
    strategies = [parse_strategy(s) for s in strategies]
    deck = list(range(40))
    shuffle(deck, gen)
    hands = [[] for _ in range(N_SEATS)]
    for k in range(N_SEATS):
        hands[(dealer + 1 + k) % N_SEATS] = sorted(deck[8 * k:8 * k + 8])
    dealt = [list(h) for h in hands]

    # auction: 37 outputs, u[j] for turn j, u[73] for the call
    ua = []
    for _ in range(37):
        x = gen.next()
        ua += [hi32(x), lo32(x)]
    bids = []
    out = set()
    highest, declarer = None, None
    seat = (dealer + 1) % N_SEATS
    while True:
        if len(out) == N_SEATS:
            break
        if declarer is not None and len(out) == N_SEATS - 1:
            break
        while seat in out:
            seat = (seat + 1) % N_SEATS
        legal = legal_bids(highest, rules)
        b = eval_bid(hands[seat], legal, strategies[seat][1], rules)
        bids.append(b)
        if b is None:
            out.add(seat)
        else:
            highest, declarer = b, seat
        seat = (seat + 1) % N_SEATS
    base = {"dealer": dealer, "hands": dealt, "bids": bids}
    if declarer is None:
        return {**base, "declarer": None, "contract": None, "called_card": None,
                "partner": None, "plays": [], "tricks": [], "points": [0] * N_SEATS,
                "made": None, "declarer_points": None, "scores": [0] * N_SEATS,
                "cappotto": False, "outcome": "passed_out"}
    if isinstance(highest, str):
        contract, rank_to_call = 61, highest
    else:
        contract = highest
        rank_to_call = None if rules["points_only"] else "2"

    called = partner = trump = None
    if not rules["chiamata_buia"]:
        called = eval_call(hands[declarer], rank_to_call, rules)
    plays, tricks = [], []
    taken = [0] * N_SEATS
    played_called = False
    leader = declarer
    for t in range(N_TRICKS):
        if t == 1 and rules["chiamata_buia"]:
            called = eval_call(hands[declarer], rank_to_call, rules)
        if called is not None:
            trump = suit(called)
            partner = next(s for s in range(N_SEATS) if called in dealt[s])
            if any(c == called for _, c in plays):
                played_called = True
        x = [gen.next() for _ in range(3)]
        u = [f(y) for y in x for f in (hi32, lo32)]
        tc, ts = [], []
        for k in range(N_SEATS):
            s = (leader + k) % N_SEATS
            hand = hands[s]
            kind = strategies[s][0]
            if kind == "random":
                c = sorted(hand)[(u[k] * len(hand)) >> 32]
            else:
                friends = known_friends(s, declarer, partner, called is not None, played_called)
                c = greedy_card(hand, tc, ts, trump, friends)
            hand.remove(c)
            tc.append(c)
            ts.append(s)
            plays.append((s, c))
            if called is not None and c == called:
                played_called = True
        w = ts[winner_pos(tc, trump)]
        pts = sum(points(c) for c in tc)
        tricks.append((leader, w, pts))
        taken[w] += pts
        leader = w

    alone = partner == declarer
    side = {declarer, partner}
    dpts = sum(taken[s] for s in side)
    made = dpts >= contract
    cappotto = (dpts == 120) if made else (dpts == 0)
    scores = [0] * N_SEATS
    sign = 1 if made else -1
    for s in range(N_SEATS):
        if s == declarer:
            scores[s] = sign * (4 if alone else 2)
        elif s == partner:
            scores[s] = sign
        else:
            scores[s] = -sign
    if cappotto:
        scores = [2 * x for x in scores]
    outcome = ("alone_" if alone else "") + ("made" if made else "failed")
    return {**base, "declarer": declarer, "contract": contract, "called_card": called,
            "partner": partner, "plays": plays, "tricks": tricks, "points": taken, "made": made,
            "declarer_points": dpts, "scores": scores, "cappotto": cappotto, "outcome": outcome}


def play_deal(seed, deal, strategies=("random",) * 5, rules=None, dealer=None):
    rules = normalize_rules(rules)
    d = deal % N_SEATS if dealer is None else dealer
    out = {"deal": deal}
    out.update(play_from(stream(seed, deal, "deal"), d, strategies, rules))
    return out


def play_match(seed, match, strategies=("random",) * 5, rules=None, dealer=None):
    rules = normalize_rules(rules)
    gen = stream(seed, match, "call")
    first = match % N_SEATS if dealer is None else dealer
    totals = [0] * N_SEATS
    deals = []
    for j in range(rules["match_deals"]):
        rec = play_from(gen, (first + j) % N_SEATS, strategies, rules)
        rec["scores_before"] = list(totals)
        totals = [a + b for a, b in zip(totals, rec["scores"])]
        deals.append(rec)
    top = max(totals)
    winner = totals.index(top) if totals.count(top) == 1 else None
    return {"match": match, "first_dealer": first, "winner": winner, "totals": totals,
            "deals": deals}
