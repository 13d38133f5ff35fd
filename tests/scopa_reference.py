"""Independent plain-Python reference implementation of Scopa.

Written only from the written rules:
  - docs/games/scopa.md         (rules, dealing, kings relay, stream use, canonical move
                                 order, strategies, scoring, matches)
  - docs/rng.md                 (generators, shuffle pass, card indices)
  - docs/records.md             (record format, Scopa section)

Standard library only; uint64 arithmetic is done on Python ints masked with
``& MASK``.  Nothing here is imported from the project: the point of this module is to
be compared, deal for deal, against the jitted kernel.

Public API
----------
play_deal(seed, deal, strategies=None, rules=None, players=2, dealer=None) -> dict
play_match(seed, match, strategies=None, rules=None, players=2, dealer=None) -> dict
card_name(card) -> str
legal_moves(hand, table, must_capture="any_card") -> [(card, (captured, ...)), ...]
                                                             canonical order
primiera(cards) -> int

Helpers tests may also use: card_index, capture_value, mix, Xoshiro, stream, shuffle,
MUST_CAPTURE, normalize_rules, side_of, n_sides, kings_relay, captures_of, apply_move,
scopa_scores, move_value, choose_random, choose_greedy, score_deal, deal_points_outcome,
play_deal_from, play_dealt, match_winner.

Card indices (latin40, suits ``O C E B`` = 0..3): card = suit * 10 + strength, strength in
the order low to high ``2 4 5 6 7 J N K 3 1``.  So ``2O`` is 0, ``7O`` is 4, ``KO`` is 7,
``1O`` is 9, ``2C`` is 10, ..., ``1B`` is 39.  Capture values: 1-7 face value, J 8, N 9,
K 10.
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
SUITS = "OCEB"
RANKS_LOW_TO_HIGH = "2456 7JNK31".replace(" ", "")  # strength 0..9
N_CARDS = 40
HAND_SIZE = 3
TABLE_SIZE = 4
N_PLAYS = N_CARDS - TABLE_SIZE  # 36
PLAYER_COUNTS = (2, 3, 4)
STRATEGIES = ("random", "greedy")

CAPTURE_OF_RANK = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
                   "J": 8, "N": 9, "K": 10}
PRIMIERA_OF_RANK = {"7": 21, "6": 18, "1": 16, "5": 15, "4": 14, "3": 13, "2": 12,
                    "J": 10, "N": 10, "K": 10}

SUIT_OF = [c // 10 for c in range(N_CARDS)]
RANK_OF = [RANKS_LOW_TO_HIGH[c % 10] for c in range(N_CARDS)]
VALUE_OF = [CAPTURE_OF_RANK[RANK_OF[c]] for c in range(N_CARDS)]
PRIMIERA_OF = [PRIMIERA_OF_RANK[RANK_OF[c]] for c in range(N_CARDS)]
COIN = 0  # suit index of O (oros, denari)
SETTEBELLO = 4  # 7O
KINGS = frozenset(c for c in range(N_CARDS) if RANK_OF[c] == "K")


def card_name(card: int) -> str:
    """0 -> "2O", 4 -> "7O", 7 -> "KO", 9 -> "1O", 39 -> "1B"."""
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < N_CARDS:
        raise ValueError(f"card index out of range: {card!r}")
    return RANK_OF[card] + SUITS[SUIT_OF[card]]


def card_index(name: str) -> int:
    """Inverse of card_name: "7O" -> 4."""
    if len(name) != 2 or name[0] not in RANKS_LOW_TO_HIGH or name[1] not in SUITS:
        raise ValueError(f"not a latin40 card: {name!r}")
    return SUITS.index(name[1]) * 10 + RANKS_LOW_TO_HIGH.index(name[0])


def capture_value(card: int) -> int:
    return VALUE_OF[card]


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# ---------------------------------------------------------------------------
# Random streams (docs/rng.md)
# ---------------------------------------------------------------------------
# ---------------------------------------------------------------------------
# Rules, seats, sides
# ---------------------------------------------------------------------------
DEFAULT_RULES = {
    "teams": True,
    "kings_relay": 3,
    "must_capture": "any_card",
    "last_play_scopa": False,
    "target": 11,
}
MUST_CAPTURE = ("any_card", "played_card")


def normalize_rules(rules: dict | None) -> dict:
    """Every rule with its default filled in; unknown keys or bad values raise.

    kings_relay: 3, 4, or None / "off" (normalised to None)."""
    out = dict(DEFAULT_RULES)
    if rules:
        for k, v in rules.items():
            if k not in DEFAULT_RULES:
                raise ValueError(f"unknown Scopa rule {k!r}")
            out[k] = v
    for k in ("teams", "last_play_scopa"):
        if not isinstance(out[k], bool):
            raise ValueError(f"rule {k} must be a bool, not {out[k]!r}")
    if out["must_capture"] not in MUST_CAPTURE:
        raise ValueError(f"must_capture must be one of {MUST_CAPTURE}, "
                         f"not {out['must_capture']!r}")
    kr = out["kings_relay"]
    if kr == "off" or kr is None or kr is False:
        out["kings_relay"] = None
    elif isinstance(kr, bool) or kr not in (3, 4):
        raise ValueError(f"kings_relay must be 3, 4 or off (None), not {kr!r}")
    t = out["target"]
    if isinstance(t, bool) or not isinstance(t, int) or t < 1:
        raise ValueError(f"target must be a positive int, not {t!r}")
    return out


def _check_players(players: int) -> int:
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
    return players


def n_sides(players: int, rules: dict) -> int:
    return 2 if (players == 4 and rules["teams"]) else players


def side_of(seat: int, players: int, rules: dict) -> int:
    """2 or 3 players: each seat; 4 players: seat % 2 with teams, else each seat."""
    return seat % 2 if (players == 4 and rules["teams"]) else seat


def _check_strategies(strategies, players: int) -> tuple[str, ...]:
    if strategies is None:
        return ("random",) * players
    if isinstance(strategies, str):
        strategies = (strategies,) * players
    strategies = tuple(strategies)
    if len(strategies) != players:
        raise ValueError(f"need one strategy per seat ({players})")
    for s in strategies:
        if s not in STRATEGIES:
            raise ValueError(f"unknown strategy {s!r}; expected one of {STRATEGIES}")
    return strategies


def _check_dealer(d: int, players: int) -> int:
    if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < players:
        raise ValueError(f"dealer out of range: {d!r}")
    return d


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
def _subsets_summing(cards: list[int], target: int) -> list[tuple[int, ...]]:
    """Every subset (as a sorted tuple) of `cards` whose capture values add to target.

    Values are all >= 1, so the search prunes on the running sum."""
    cards = sorted(cards)
    out: list[tuple[int, ...]] = []

    def rec(i: int, remaining: int, chosen: list[int]) -> None:
        if remaining == 0:
            out.append(tuple(chosen))
            return
        for j in range(i, len(cards)):
            v = VALUE_OF[cards[j]]
            if v <= remaining:
                chosen.append(cards[j])
                rec(j + 1, remaining - v, chosen)
                chosen.pop()

    rec(0, target, [])
    return out


def captures_of(card: int, table: list[int]) -> list[tuple[int, ...]]:
    """The captures a card may make, ascending by the captured set's card bitmask.

    A table card of equal value: each such single card is a capture (never a sum).
    Otherwise each set of two or more table cards adding up to the card's value.
    Empty list: the card cannot capture and is laid."""
    v = VALUE_OF[card]
    equal = [(c,) for c in table if VALUE_OF[c] == v]
    if equal:
        caps = equal
    else:
        caps = [s for s in _subsets_summing(list(table), v) if len(s) >= 2]
    caps = [tuple(sorted(s)) for s in caps]
    caps.sort(key=_mask)
    return caps


def legal_moves(hand: list[int], table: list[int], must_capture: str = "any_card"
                ) -> list[tuple[int, tuple[int, ...]]]:
    """Every legal move (card, captured tuple) in canonical order: cards ascending by
    index; for one card, captures ascending by the captured set's bitmask
    (sum of 1 << card); a lay is (card, ()).

    A card that can capture is never laid.  must_capture "any_card": while any card of
    the hand can capture, only captures are legal (every capture of every card), else
    every card is laid.  "played_card": card by card, its captures, or its lay if it has
    none."""
    if must_capture not in MUST_CAPTURE:
        raise ValueError(f"must_capture must be one of {MUST_CAPTURE}, not {must_capture!r}")
    moves: list[tuple[int, tuple[int, ...]]] = []
    lays: list[tuple[int, tuple[int, ...]]] = []
    for card in sorted(hand):
        caps = captures_of(card, table)
        if caps:
            moves.extend((card, cap) for cap in caps)
        elif must_capture == "played_card":
            moves.append((card, ()))
        else:
            lays.append((card, ()))
    if must_capture == "any_card" and not moves:
        return lays
    return moves


def apply_move(table: list[int], card: int, captured) -> list[int]:
    """The table after the move (laid order kept; a laid card goes to the end)."""
    if captured:
        cap = set(captured)
        return [c for c in table if c not in cap]
    return table + [card]


def scopa_scores(table: list[int], captured, is_last_play: bool, rules: dict) -> bool:
    """True if the capture empties the table and the scopa counts."""
    if not captured:
        return False
    if len(set(captured)) != len(table):
        return False
    return (not is_last_play) or rules["last_play_scopa"]


# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------
def choose_random(moves: list, u: int):
    return moves[below(u, len(moves))]


def move_value(card: int, captured, table: list[int], is_last_play: bool,
               rules: dict) -> int:
    """The `greedy` value of a move (docs/games/scopa.md, Strategies)."""
    value = 0
    if captured:
        taken = list(captured) + [card]
        if scopa_scores(table, captured, is_last_play, rules):
            value += 20
        for c in taken:
            if c == SETTEBELLO:
                value += 10
            if SUIT_OF[c] == COIN:
                value += 2
            r = RANK_OF[c]
            if r == "7":
                value += 2
            elif r == "6":
                value += 1
            elif r == "1":
                value += 1
            value += 1
    if not is_last_play:
        after = apply_move(table, card, captured)
        if after and sum(VALUE_OF[c] for c in after) <= 10:
            value -= 15
        if SETTEBELLO in after:
            value -= 8
    return value


def choose_greedy(moves: list, table: list[int], is_last_play: bool, rules: dict):
    """The highest-valued move; ties to the first in canonical order."""
    best = None
    best_v = None
    for m in moves:
        v = move_value(m[0], m[1], table, is_last_play, rules)
        if best_v is None or v > best_v:
            best, best_v = m, v
    return best


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------
def primiera(cards: list[int]) -> int:
    """Sum over the four suits of the best primiera value of the cards of that suit;
    0 if a suit is missing."""
    best = [0, 0, 0, 0]
    for c in cards:
        s = SUIT_OF[c]
        if PRIMIERA_OF[c] > best[s]:
            best[s] = PRIMIERA_OF[c]
    if min(best) == 0:
        return 0
    return sum(best)


def _strict_max(values: list[int]) -> int | None:
    """Index of the strictly greatest value, None if the greatest is shared."""
    top = max(values)
    idx = [i for i, v in enumerate(values) if v == top]
    return idx[0] if len(idx) == 1 else None


def score_deal(taken: list[list[int]], scope: list[int]) -> list[dict]:
    """Score dicts by side from the cards each side took and its scope."""
    n = len(taken)
    score = []
    for s in range(n):
        score.append({
            "cards": len(taken[s]),
            "coins": sum(1 for c in taken[s] if SUIT_OF[c] == COIN),
            "settebello": 1 if SETTEBELLO in taken[s] else 0,
            "primiera": primiera(taken[s]),
            "scope": scope[s],
            "points": 0,
        })
    for s in range(n):
        score[s]["points"] = score[s]["settebello"] + score[s]["scope"]
    for key in ("cards", "coins", "primiera"):
        w = _strict_max([d[key] for d in score])
        if w is not None and score[w][key] > 0:  # a primiera of 0 never wins
            score[w]["points"] += 1
    return score


def deal_points_outcome(points: list[int]) -> tuple[str, int | None]:
    w = _strict_max(points)
    if w is None:
        return "tie", None
    return f"side{w}_win", w


# ---------------------------------------------------------------------------
# A deal
# ---------------------------------------------------------------------------
def _draws(gen: Xoshiro, players: int) -> list[int]:
    """ceil(players / 2) outputs as 32-bit draws hi(a), lo(a), hi(b), lo(b), ..."""
    u: list[int] = []
    for _ in range((players + 1) // 2):
        x = gen.next()
        u.append(hi32(x))
        u.append(lo32(x))
    return u


def play_dealt(dealt: list[int], table: list[int], stock: list[int], gen, dealer: int,
               strategies: tuple[str, ...], rules: dict, players: int) -> dict:
    """Play a deal from its first hands (`dealt`: 3*players cards, positions 3k..3k+2
    to seat (dealer+1+k) % players), the table (laid order) and the stock (drawn from
    the front), drawing play randomness from `gen` (anything with next())."""
    hands: list[list[int]] = [[] for _ in range(players)]
    hands_rec: list[list[list[int]]] = []
    stock = list(stock)
    table = list(table)

    def deal_round(cards: list[int]) -> None:
        for k in range(players):
            hands[(dealer + 1 + k) % players] = sorted(cards[3 * k: 3 * k + 3])
        hands_rec.append([list(h) for h in hands])

    deal_round(list(dealt))
    total_plays = len(dealt) + len(stock)
    sides = n_sides(players, rules)
    taken: list[list[int]] = [[] for _ in range(sides)]
    scope = [0] * sides
    plays: list[tuple[int, int, list[int]]] = []
    last_capture = None
    play_index = 0
    n_turn_rounds = total_plays // players
    for _round in range(n_turn_rounds):
        u = _draws(gen, players)
        for k in range(players):
            if all(not h for h in hands) and stock:
                deal_round(stock[:3 * players])
                stock = stock[3 * players:]
            seat = (dealer + 1 + k) % players
            is_last = play_index == total_plays - 1
            moves = legal_moves(hands[seat], table, rules["must_capture"])
            if strategies[seat] == "random":
                card, cap = choose_random(moves, u[k])
            else:
                card, cap = choose_greedy(moves, table, is_last, rules)
            hands[seat].remove(card)
            side = side_of(seat, players, rules)
            if cap:
                if scopa_scores(table, cap, is_last, rules):
                    scope[side] += 1
                taken[side].extend(cap)
                taken[side].append(card)
                last_capture = seat
            table = apply_move(table, card, cap)
            plays.append((seat, card, sorted(cap)))
            play_index += 1
    assert play_index == total_plays and not stock and all(not h for h in hands)
    leftover = list(table)
    if last_capture is not None:
        taken[side_of(last_capture, players, rules)].extend(table)
    score = score_deal(taken, scope)
    points = [d["points"] for d in score]
    outcome, winner = deal_points_outcome(points)
    return {
        "dealer": dealer,
        "hands": hands_rec,
        "plays": plays,
        "last_capture": last_capture,
        "leftover": leftover,
        "score": score,
        "points": points,
        "outcome": outcome,
        "winner": winner,
    }


def kings_relay(table: list[int], stock: list[int], gen, threshold: int | None
                ) -> tuple[list[int], list[int], int]:
    """While the table shows at least `threshold` kings (None: never), shuffle
    R = table (laid order) + stock (in order) by the shuffle pass over len(R) cards;
    the table becomes R[0..3], the stock R[4..].  Returns (table, stock, relays)."""
    relays = 0
    table, stock = list(table), list(stock)
    while threshold is not None and sum(1 for c in table if c in KINGS) >= threshold:
        r = table + stock
        shuffle(r, gen)
        table = r[:TABLE_SIZE]
        stock = r[TABLE_SIZE:]
        relays += 1
    return table, stock, relays


def play_deal_from(gen: Xoshiro, dealer: int, strategies: tuple[str, ...], rules: dict,
                   players: int) -> dict:
    """Shuffle the identity deck, deal, apply the kings relay and play, consuming `gen`
    as the docs say.  `rules` must be normalised.  Returns the deal dict without the
    "deal" key."""
    deck = list(range(N_CARDS))
    shuffle(deck, gen)
    n_h = HAND_SIZE * players
    dealt = deck[:n_h]
    table = deck[n_h:n_h + TABLE_SIZE]
    stock = deck[n_h + TABLE_SIZE:]
    table, stock, relays = kings_relay(table, stock, gen, rules["kings_relay"])
    out = {"table": list(table), "relays": relays}
    res = play_dealt(dealt, table, stock, gen, dealer, strategies, rules, players)
    out.update(res)
    # key order: dealer first
    return {"dealer": out["dealer"], "table": out["table"], "relays": relays,
            **{k: v for k, v in out.items() if k not in ("dealer", "table", "relays")}}


def play_deal(seed: int, deal: int, strategies=None, rules: dict | None = None,
              players: int = 2, dealer: int | None = None) -> dict:
    """Single deal `deal` of the run `seed` (stream `deal` of the deal domain).

    The dealer is deal % players unless fixed.  Returns a dict with "deal", "dealer",
    "table" (the 4 cards laid, after any relay, in laid order), "relays", "hands"
    (hands[r][seat], sorted), "plays" [(seat, card, sorted captured)], "last_capture",
    "leftover" (extra: the table at the end, before it goes to the last capture),
    "score" (by side), "points" (by side), "outcome", "winner"."""
    _check_players(players)
    strategies = _check_strategies(strategies, players)
    r = normalize_rules(rules)
    d = _check_dealer(deal % players if dealer is None else dealer, players)
    gen = stream(seed, deal, "deal")
    out = {"deal": deal}
    out.update(play_deal_from(gen, d, strategies, r, players))
    return out


# ---------------------------------------------------------------------------
# Matches
# ---------------------------------------------------------------------------
def match_winner(totals: list[int], target: int) -> int | None:
    """The side that wins the match on these totals, or None to play on: a side must
    have at least `target`; among the sides there, the strictly highest wins."""
    top = max(totals)
    if top < target:
        return None
    return _strict_max(totals)


MAX_MATCH_DEALS = 100_000


def play_match(seed: int, match: int, strategies=None, rules: dict | None = None,
               players: int = 2, dealer: int | None = None) -> dict:
    """Match `match` of the run `seed`: one match-domain stream for all its deals.

    The first dealer is match % players (or the fixed `dealer`), then the deal passes
    to the next seat; each deal restarts from the identity deck."""
    _check_players(players)
    strategies = _check_strategies(strategies, players)
    r = normalize_rules(rules)
    first = _check_dealer(match % players if dealer is None else dealer, players)
    gen = stream(seed, match, "match")
    totals = [0] * n_sides(players, r)
    deals = []
    for j in range(MAX_MATCH_DEALS):
        rec = {"deal": j}
        rec.update(play_deal_from(gen, (first + j) % players, strategies, r, players))
        rec["points_before"] = list(totals)
        for s, p in enumerate(rec["points"]):
            totals[s] += p
        deals.append(rec)
        w = match_winner(totals, r["target"])
        if w is not None:
            return {"match": match, "first_dealer": first, "winner": w,
                    "points": totals, "deals": deals, "end": "target"}
    raise RuntimeError("match did not end")  # pragma: no cover
