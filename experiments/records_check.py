"""trunfo's own checker of game records: the format and the rules of ``docs/records.md``.

    trunfo check-records FILE.jsonl [FILE ...]

``check_record(obj)`` returns the problems of one record (a list of one-line messages,
empty when the record is fine).  ``check_sequence(records)`` adds what only a run of
records shows: the deals of one rubber (match, game) follow each other and carry the
totals from one deal to the next.  The command prints one line per problem, ``FILE:LINE:
message``, then one summary line; it exits 0 when every record is fine, 1 when it found
problems, 2 when a file cannot be read.

The checker is written from ``docs/records.md`` and the two pages of game keys it links
(``docs/records-trick-games.md``, ``docs/records-auction-games.md``) alone, with its own
card tables (standard library only): it replays each deal from the record — who held what,
what was played, what the rules then give — and compares every recorded number with the
replay.  It never uses the engine it checks.

A game registered from outside trunfo (``simcore.games.register_game``, entry-point group
``trunfo.games``) is not known here: the command asks the registry for the checker the game
declares (``Game.check_record``, written from that game's own rules) and runs it on the
game's records; a game that declares none has its records counted as not checked, said in
one line per file (they are not problems: the exit code follows the records checked).
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterable

# --- decks and tables (docs/records.md, "Cards") -------------------------------------------
DECK_RANKS = {                       # high -> low, as each deck's games rank them
    "french40": "A7KJQ65432",
    "french52": "AKQJT98765432",
    "latin40": "13KNJ76542",
    "latin48": "13KNJ9876542",
    "latin32": "13KNJ765",
}
DECK_SUITS = {"french40": "CDHS", "french52": "CDHS", "latin40": "OCEB", "latin48": "OCEB",
              "latin32": "OCEB"}

SUECA_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
BRISCA_POINTS = {"standard": {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2},
                 "lombardy": {"1": 11, "7": 10, "K": 4, "N": 3, "J": 2},
                 "tuscan": {"1": 11, "3": 10, "K": 4, "N": 2, "J": 3}}
SCOPA_VALUE = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "N": 9, "K": 10}
PRIMIERA = {"7": 21, "6": 18, "1": 16, "5": 15, "4": 14, "3": 13, "2": 12,
            "J": 10, "N": 10, "K": 10}
SCOPA_FIELDS = ("cards", "coins", "settebello", "primiera", "scope", "points")
SUECA_VARIANTS = ("bandeira_by_points", "pente", "triple_at_30", "tie_carry",
                  "redraw_point_trump")
MERCY = -200

GAMES = ("sueca", "brisca", "scopa", "spades", "sueca_italiana", "briscola_chiamata",
         "brisca_rematada")
PLAYERS = {"sueca": (4,), "brisca": (2, 3, 4, 6), "scopa": (2, 3, 4), "spades": (4,),
           "sueca_italiana": (5,), "briscola_chiamata": (5,), "brisca_rematada": (3,)}
COMMON_KEYS = ("game", "rules", "players", "seed", "deal", "dealer", "strategies", "hands",
               "plays")
GAME_KEYS = {
    "sueca": ("trump", "stock", "tricks", "points", "result"),
    "brisca": ("trump", "stock", "tricks", "points", "cards", "result"),
    "spades": ("bids", "blind_nil", "trump", "stock", "tricks", "points", "score", "bags",
               "nil", "result"),
    "scopa": ("table", "last_capture", "score", "relays", "result"),
    "sueca_italiana": ("bids", "declarer", "contract", "called_card", "partner", "trump",
                       "stock", "tricks", "points", "result"),
    "briscola_chiamata": ("bids", "declarer", "contract", "called_card", "partner", "trump",
                          "stock", "tricks", "points", "result"),
    "brisca_rematada": ("bids", "declarer", "contract", "talon", "discards", "trump", "tricks",
                        "marriages", "points", "score", "result"),
}
# keys a deal gets when it was played inside a rubber (match, game); all or none
SERIES_KEYS = {
    "sueca": ("rubber", "deal_in_rubber", "games_before", "carry"),
    "brisca": ("match", "deal_in_match", "game_points_before"),
    "scopa": ("match", "deal_in_match", "points_before"),
    "spades": ("game_number", "hand_in_game", "scores_before", "bags_before", "bag_penalty",
               "scores_after"),
    "sueca_italiana": ("match", "deal_in_match", "game_points_before"),
    "briscola_chiamata": ("match", "deal_in_match", "scores_before"),
    "brisca_rematada": ("match", "deal_in_match", "scores_before"),
}
SERIES_WORDS = {"sueca": ("rubber", "deal"), "brisca": ("match", "deal"),
                "scopa": ("match", "deal"), "spades": ("game", "hand"),
                "sueca_italiana": ("match", "deal"), "briscola_chiamata": ("match", "deal"),
                "brisca_rematada": ("match", "deal")}
# the rule options each game's checks read: name -> allowed values, or the least integer
RULES = {
    "sueca": {"trump_card": ("dealer_last", "dealer_first"), "bandeira_by_points": (True, False),
              "pente": (True, False), "triple_at_30": (True, False), "tie_carry": (True, False),
              "rubber_games": (4, 5, 10), "redraw_point_trump": (True, False)},
    "brisca": {"values": ("standard", "lombardy", "tuscan"), "tiebreak_cards": (True, False),
               "double_at": (None, 70, 80, 90, 100, 110, 120), "target": (3, 5, 7),
               "partners_show_hands": (True, False),
               # regional variants (docs/records.md, Brisca)
               "marriages": (True, False), "mexican": (True, False),
               "rotating_trump": (True, False), "open_hands": (True, False)},
    # (brisca's play variants are read with .get: see _brisca)
    "scopa": {"teams": (True, False), "kings_relay": (3, 4, None),
              "last_play_scopa": (True, False), "target": (11, 15, 16, 21)},
    "spades": {"break_spades": (True, False), "bag_points": (0, 1), "bag_limit": 1,
               "bag_penalty": 0, "blind_nil": (True, False), "target": 1,
               "mercy": (True, False), "max_hands": 1},
    "sueca_italiana": {"call_own_card": (True, False), "target": (5, 10, 20)},
    "briscola_chiamata": {"chiamata_buia": (True, False), "points_only": (True, False),
                          "match_deals": (5, 10, 20)},
    "brisca_rematada": {"bid_step": (1, 5, 10), "marriages": ("forty", "twenty_forty"),
                        "target": (300, 500, 1000)},
    # (rematada's follow is read with .get: records written before it have none, see _rematada)
}


def is_int(v) -> bool:
    """A JSON integer: a Python int that is not a bool."""
    return type(v) is int


def _kind(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, int):
        return "an integer"
    if isinstance(v, float):
        return "a number written with a decimal point"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return type(v).__name__


def _show(v) -> str:
    text = json.dumps(v) if not isinstance(v, (set, tuple)) else repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


class _Deck:
    def __init__(self, name: str):
        self.name = name
        self.ranks = DECK_RANKS[name]
        self.suits = DECK_SUITS[name]
        self.cards = [r + s for s in self.suits for r in self.ranks]
        self.card_set = frozenset(self.cards)

    def strength(self, card: str) -> int:
        """Higher beats lower within a suit."""
        return len(self.ranks) - self.ranks.index(card[0])


class Problems(list):
    def add(self, where: str, message: str) -> None:
        self.append(f"{where}: {message}" if where else message)

    def int_in(self, obj: dict, key: str, lo: int | None, hi: int | None, where: str = ""):
        """``obj[key]`` if it is a JSON integer within ``lo..hi`` (None: unbounded)."""
        w = where or key
        v = obj.get(key)
        if not is_int(v):
            self.add(w, f"expected an integer, got {_kind(v)} ({_show(v)})")
            return None
        if lo is not None and v < lo or hi is not None and v > hi:
            if hi is None:
                self.add(w, f"{v} is less than {lo}")
            elif lo is None:
                self.add(w, f"{v} is more than {hi}")
            else:
                self.add(w, f"{v} is outside {lo}..{hi}")
            return None
        return v

    def int_list(self, obj: dict, key: str, n: int, lo=None, hi=None):
        """``obj[key]`` if it is a list of ``n`` JSON integers within ``lo..hi``."""
        v = obj.get(key)
        if not isinstance(v, list) or len(v) != n:
            self.add(key, f"expected a list of {n} integers, got {_kind(v)} ({_show(v)})")
            return None
        before = len(self)
        for i, x in enumerate(v):
            self.int_in({"x": x}, "x", lo, hi, f"{key}[{i}]")
        return v if len(self) == before else None

    def seat(self, v, n: int, where: str) -> bool:
        if not is_int(v):
            self.add(where, f"a seat must be an integer, got {_kind(v)} ({_show(v)})")
            return False
        if not 0 <= v < n:
            self.add(where, f"seat {v} does not exist with {n} players (seats 0..{n - 1})")
            return False
        return True

    def cards(self, v, deck: _Deck, where: str, size: int | None = None):
        """``v`` if it is a list of card tokens of ``deck`` (a wrong count is reported, but
        the list is still returned, so that the deal can name the cards missing)."""
        if not isinstance(v, list):
            self.add(where, f"expected a list of cards, got {_kind(v)} ({_show(v)})")
            return None
        if size is not None and len(v) != size:
            self.add(where, f"holds {len(v)} cards, {size} expected")
        ok = True
        for i, c in enumerate(v):
            ok = self.card(c, deck, f"{where}[{i}]") and ok
        return v if ok else None

    def card(self, c, deck: _Deck, where: str) -> bool:
        if not isinstance(c, str):
            self.add(where, f"a card is a string, got {_kind(c)} ({_show(c)})")
            return False
        if c not in deck.card_set:
            self.add(where, f"{_show(c)} is not a card of {deck.name} (ranks "
                            f"{' '.join(deck.ranks)}, suits {' '.join(deck.suits)})")
            return False
        return True


def _whole_deck(p: Problems, groups: list[tuple[str, list]], deck: _Deck) -> bool:
    """The dealt cards (``groups`` of ``(where, cards)``) are the deck, each card once."""
    seen: dict[str, str] = {}
    ok = True
    for where, cards in groups:
        for c in cards:
            if c in seen:
                p.add("deal", f"{c} is dealt twice ({seen[c]} and {where})")
                ok = False
            else:
                seen[c] = where
    missing = [c for c in deck.cards if c not in seen]
    if missing:
        p.add("deal", f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing "
                      f"(the deal must be the whole {deck.name} deck)")
        ok = False
    return ok


# --- the common keys ---------------------------------------------------------------------
def check_record(obj) -> list[str]:
    """The problems of one game record (decoded JSON), or ``[]`` when it is fine."""
    p = Problems()
    if not isinstance(obj, dict):
        p.add("", f"a record is a JSON object, got {_kind(obj)}")
        return p
    game = obj.get("game")
    if game not in GAMES:
        p.add("game", f"unknown game {_show(game)}; known games: {', '.join(GAMES)}")
        return p
    missing = [k for k in COMMON_KEYS + GAME_KEYS[game] if k not in obj]
    series = [k for k in SERIES_KEYS[game] if k in obj]
    if series:
        missing += [k for k in SERIES_KEYS[game] if k not in obj]
    if missing:
        p.add("", f"missing key{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
        return p
    n = obj["players"]
    if not is_int(n) or n not in PLAYERS[game]:
        p.add("players", f"{_show(n)} is not a player count of {game} "
                         f"({', '.join(map(str, PLAYERS[game]))})")
        return p
    rules = _rules(p, game, obj["rules"])
    p.int_in(obj, "seed", 0, 2**64 - 1)
    p.int_in(obj, "deal", 0, None)
    p.seat(obj["dealer"], n, "dealer")
    s = obj["strategies"]
    if not (isinstance(s, list) and len(s) == n and all(isinstance(x, str) and x for x in s)):
        p.add("strategies", f"expected {n} strategy names, one per seat, got {_show(s)}")
    if p or rules is None:
        return p
    {"sueca": _sueca, "brisca": _brisca, "spades": _spades, "scopa": _scopa,
     "sueca_italiana": _sueca_italiana, "briscola_chiamata": _briscola_chiamata,
     "brisca_rematada": _rematada}[game](p, obj, rules)
    return p


def _rules(p: Problems, game: str, rules) -> dict | None:
    if not isinstance(rules, dict):
        p.add("rules", f"expected an object, got {_kind(rules)}")
        return None
    before = len(p)
    for name, allowed in RULES[game].items():
        if name not in rules:
            p.add("rules", f"missing rule option {name}")
            continue
        v = rules[name]
        if isinstance(allowed, int):
            if not is_int(v) or v < allowed:
                p.add(f"rules.{name}", f"{_show(v)} is not an integer >= {allowed}")
        elif not any(v is a or (is_int(v) and is_int(a) and v == a) or
                     (isinstance(v, str) and v == a) for a in allowed):
            p.add(f"rules.{name}", f"{_show(v)} is not allowed; allowed: "
                                   f"{', '.join(json.dumps(a) for a in allowed)}")
    if game == "sueca" and len(p) == before:
        on = [v for v in SUECA_VARIANTS if rules[v]]
        want = "+".join(on) if on else "standard"
        if rules.get("scoring") != want:
            p.add("rules.scoring", f"{_show(rules.get('scoring'))}, but the options in force "
                                   f"give {json.dumps(want)}")
    return rules if len(p) == before else None


# --- trick-taking games --------------------------------------------------------------------
class _Trick:
    """One trick as replayed: who played what, in order; the trick rule names its winner."""

    def __init__(self, leader: int):
        self.leader = leader
        self.cards: list[str] = []
        self.seats: list[int] = []

    def winner(self, deck: _Deck, trump: str | None) -> int:
        best = 0
        for k, c in enumerate(self.cards[1:], 1):
            b = self.cards[best]
            if c[1] == b[1]:
                if deck.strength(c) > deck.strength(b):
                    best = k
            elif c[1] == trump:
                best = k
            # any other card is of a suit that is neither led nor trump: it never wins
        return self.seats[best]


def _trick_keys(p: Problems, obj: dict, n_tricks: int) -> list | None:
    tricks = obj["tricks"]
    if not isinstance(tricks, list) or len(tricks) != n_tricks:
        p.add("tricks", f"expected a list of {n_tricks} tricks, got {_kind(tricks)}"
                        f"{f' of {len(tricks)}' if isinstance(tricks, list) else ''}")
        return None
    before = len(p)
    for t, tr in enumerate(tricks):
        if not isinstance(tr, dict) or not {"leader", "winner", "points"} <= set(tr):
            p.add(f"tricks[{t}]", f"expected an object with leader, winner and points, got "
                                  f"{_show(tr)}")
            continue
        for key in ("leader", "winner"):
            p.seat(tr[key], obj["players"], f"tricks[{t}].{key}")
        p.int_in(tr, "points", 0, None, f"tricks[{t}].points")
    return tricks if len(p) == before else None


def _play_tricks(p: Problems, obj: dict, deck: _Deck, hands: list[set], trump: str | None,
                 points: dict, follow: bool, draw=None, break_spades: bool = False,
                 first_leader: int | None = None, trump_from: int = 0, before_play=None,
                 n_tricks: int | None = None):
    """Replay ``plays`` trick by trick against ``tricks``.

    ``hands`` are the seats' cards (sets, emptied as the replay goes); ``draw(winner)`` deals
    the cards drawn after a trick; ``first_leader`` leads the first trick (by default the
    seat after the dealer).  Returns the true winner and the card points of every
    trick, or None when the play itself is broken (a card not held, out of turn...).
    Tricks before ``trump_from`` are played without trumps.  ``before_play(t, k, seat, card,
    winners)`` is called before each play is checked (Brisca's variants); False stops.
    ``n_tricks``: the tricks played (Brisca's claims end a deal early), else every card.
    """
    n = obj["players"]
    n_tricks = len(deck.cards) // n if n_tricks is None else n_tricks
    tricks = _trick_keys(p, obj, n_tricks)
    plays = obj["plays"]
    if not isinstance(plays, list) or len(plays) != n * n_tricks:
        p.add("plays", f"expected {n * n_tricks} plays (every card once), got "
                       f"{len(plays) if isinstance(plays, list) else _kind(plays)}")
        return None
    if tricks is None:
        return None
    leader = (obj["dealer"] + 1) % n if first_leader is None else first_leader
    winners, trick_points = [], []
    spade_played = False
    for t in range(n_tricks):
        rec = tricks[t]
        if not same(rec["leader"], leader):
            why = ("the seat after the dealer" if first_leader is None else "the declarer") \
                if t == 0 else f"it won trick {t - 1}"
            p.add(f"tricks[{t}].leader", f"seat {rec['leader']}, but seat {leader} leads ({why})")
        trick = _Trick(leader)
        for k in range(n):
            i = t * n + k
            item = plays[i]
            where = f"plays[{i}]"
            if not (isinstance(item, list) and len(item) == 2):
                p.add(where, f"expected [seat, card], got {_show(item)}")
                return None
            seat, card = item
            if not p.seat(seat, n, f"{where}[0]") or not p.card(card, deck, f"{where}[1]"):
                return None
            turn = (leader + k) % n
            if seat != turn:
                p.add(where, f"seat {seat} plays, but it is seat {turn}'s turn (trick {t})")
                return None
            if before_play is not None and not before_play(t, k, seat, card, winners):
                return None
            hand = hands[seat]
            if card not in hand:
                p.add(where, f"seat {seat} plays {card}, which it does not hold")
                return None
            if k == 0 and break_spades and card[1] == "S" and not spade_played and \
                    any(c[1] != "S" for c in hand):
                p.add(where, f"seat {seat} leads {card} before spades are broken "
                             f"(rules.break_spades) and holds other suits")
            if k > 0 and follow:
                led = trick.cards[0][1]
                if card[1] != led and any(c[1] == led for c in hand):
                    p.add(where, f"seat {seat} plays {card} but holds the suit led "
                                 f"({trick.cards[0]}): it must follow suit")
            hand.discard(card)
            trick.cards.append(card)
            trick.seats.append(seat)
        spade_played = spade_played or any(c[1] == "S" for c in trick.cards)
        trumps = trump if t >= trump_from else None
        w = trick.winner(deck, trumps)
        if rec["winner"] != w:
            best = trick.cards[trick.seats.index(w)]
            p.add(f"tricks[{t}].winner", f"seat {rec['winner']}, but seat {w} wins with {best} "
                                         f"(trick {' '.join(trick.cards)}, trumps "
                                         f"{trumps or 'none'})")
        pts = sum(points.get(c[0], 0) for c in trick.cards)
        if rec["points"] != pts:
            p.add(f"tricks[{t}].points", f"{rec['points']}, but {' '.join(trick.cards)} are "
                                         f"worth {pts}")
        winners.append(w)
        trick_points.append(pts)
        if draw is not None:
            draw(w)
        leader = w
    return winners, trick_points


def _side_sums(n_sides: int, winners: list[int], values: list[int]) -> list[int]:
    out = [0] * n_sides
    for w, v in zip(winners, values):
        out[w % n_sides] += v
    return out


def same(got, want) -> bool:
    """Equal as JSON: 60.0 is not 60, and true is not 1."""
    return json.dumps(got, sort_keys=True) == json.dumps(want, sort_keys=True)


def _compare_list(p: Problems, key: str, got, want: list[int], what: str) -> None:
    if isinstance(got, list) and all(is_int(x) for x in got) and sum(got) != sum(want):
        p.add(key, f"{_show(got)} add up to {sum(got)}, not {sum(want)}")
    if not same(got, want):
        p.add(key, f"{_show(got)}, but the replayed tricks give {json.dumps(want)} ({what})")


def _hands(p: Problems, obj: dict, deck: _Deck, size: int) -> list | None:
    hands = obj["hands"]
    n = obj["players"]
    if not isinstance(hands, list) or len(hands) != n:
        p.add("hands", f"expected {n} hands, one per seat, got {_show(hands)}")
        return None
    ok = True
    for s, h in enumerate(hands):
        ok = p.cards(h, deck, f"hands[{s}]", size) is not None and ok
    return hands if ok else None


# --- Sueca ---------------------------------------------------------------------------------
def sueca_result(points0: int, tricks0: int, rules: dict, carry: int):
    """``(winner, games, bandeira, outcome)`` of a Sueca deal, by the table of docs/records.md."""
    points1, tricks1 = 120 - points0, 10 - tricks0
    whole = rules["rubber_games"]
    if tricks0 == 10 or tricks1 == 10:
        w = 0 if tricks0 == 10 else 1
        return w, whole, True, f"team{w}_bandeira"
    if rules["bandeira_by_points"] and 120 in (points0, points1):
        w = 0 if points0 == 120 else 1
        return w, whole, False, f"team{w}_points_bandeira"
    if points0 == points1:
        return None, 0, False, "tie"
    w = 0 if points0 > points1 else 1
    lost = min(points0, points1)
    if rules["pente"] and lost <= 29:
        kind, games = "pente", 4
    elif rules["triple_at_30"] and lost == 30:
        kind, games = "triple", 3
    elif lost <= 29:
        kind, games = "double", 2
    else:
        kind, games = "single", 1
    return w, games + carry, False, f"team{w}_{kind}"


def _sueca(p: Problems, obj: dict, rules: dict) -> None:
    deck = _Deck("french40")
    hands = _hands(p, obj, deck, 10)
    trump = obj["trump"]
    if p.card(trump, deck, "trump") and hands is not None:
        if trump not in hands[obj["dealer"]]:
            p.add("trump", f"{trump} is not one of the dealer's (seat {obj['dealer']}) cards")
        if rules["redraw_point_trump"] and SUECA_POINTS.get(trump[0], 0):
            p.add("trump", f"{trump} is worth points, which rules.redraw_point_trump redeals")
    if obj["stock"] != []:
        p.add("stock", f"Sueca deals every card: the stock is [], got {_show(obj['stock'])}")
    carry = 0
    if "carry" in obj:
        carry = p.int_in(obj, "carry", 0, None)
        if carry and not rules["tie_carry"]:
            p.add("carry", f"{carry}, but rules.tie_carry is off")
        _series_counts(p, obj, "rubber", "deal_in_rubber", "games_before", 2,
                       rules["rubber_games"] - 1)
    if hands is not None:
        _whole_deck(p, [(f"hands[{s}]", h) for s, h in enumerate(hands)], deck)
    if p:
        return
    played = _play_tricks(p, obj, deck, [set(h) for h in hands], trump[1], SUECA_POINTS,
                          follow=True)
    if played is None:
        return
    winners, trick_points = played
    side = _side_sums(2, winners, trick_points)
    _compare_list(p, "points", obj["points"], side, "card points taken by team 0 and team 1")
    tricks0 = sum(1 for w in winners if w % 2 == 0)
    want = sueca_result(side[0], tricks0, rules, carry or 0)
    _result(p, _renamed(p, obj["result"], want[3]), ("winner", "games", "bandeira", "outcome"),
            want)


def _result(p: Problems, got, keys: tuple, want: tuple) -> None:
    if not isinstance(got, dict):
        p.add("result", f"expected an object, got {_kind(got)}")
        return
    for k, w in zip(keys, want):
        if k not in got:
            p.add("result", f"missing key {k}")
        elif not same(got[k], w):
            p.add(f"result.{k}", f"{_show(got[k])}, but the rules give {json.dumps(w)}")


# the one-game kind of won deal was ``win`` before ``win`` came to mean any won deal
# (docs/records.md, "Outcome names"): Sueca's ``team{t}_win``, Brisca's ``side{s}_win``
OLD_KINDS = {"single": "win"}


def _renamed(p: Problems, got, want: str):
    """``got`` (a record's result) with an outcome under its name before the renaming
    (``OLD_KINDS``) reported once, clearly, and then taken as the new name."""
    if not isinstance(got, dict) or not isinstance(got.get("outcome"), str):
        return got
    side, _, kind = want.partition("_")
    if kind in OLD_KINDS and got["outcome"] == f"{side}_{OLD_KINDS[kind]}":
        p.add("result.outcome", f"{_show(got['outcome'])} is this outcome's old name (before "
                                f"the one-game win was named single): it is now "
                                f"{json.dumps(want)} (docs/records.md, \"Outcome names\")")
        return {**got, "outcome": want}
    return got


def _series_counts(p: Problems, obj: dict, number: str, index: str, before: str, n: int,
                   hi: int | None) -> None:
    p.int_in(obj, number, 0, None)
    p.int_in(obj, index, 0, None)
    p.int_list(obj, before, n, 0, hi)


# --- Brisca --------------------------------------------------------------------------------
def brisca_result(points0: int, cards0: int, cards1: int, rules: dict,
                  points1: int | None = None):
    """``(winner, game_points, outcome)`` of a Brisca deal; ``points1`` is side 1's total
    when it is not ``120 - points0`` (marriage bonuses)."""
    if points1 is None:
        points1 = 120 - points0
    if rules.get("mexican"):               # reversed: the side under 11 card points wins
        for w, pts in ((0, points0), (1, points1)):
            if pts < 11:
                return w, 1, f"side{w}_single"
        return None, 0, "tie"
    if points0 == points1:
        if rules["tiebreak_cards"] and cards0 != cards1:
            w = 0 if cards0 > cards1 else 1
            return w, 1, f"side{w}_tiebreak"
        return None, 0, "tie"
    w = 0 if points0 > points1 else 1
    at = rules["double_at"]
    if at is not None and max(points0, points1) >= at:
        return w, 2, f"side{w}_double"
    return w, 1, f"side{w}_single"


def brisca_result3(points: list[int], cards: list[int], rules: dict):
    """``(winner, game_points, outcome)`` of a three-player Brisca deal (each seat a side):
    the most points wins; seats level at the top are decided, with ``tiebreak_cards``, by
    strictly the most cards among them, else the deal is a tie."""
    top = max(points)
    level = [s for s in range(3) if points[s] == top]
    if len(level) > 1:
        most = max(cards[s] for s in level)
        by_cards = [s for s in level if cards[s] == most]
        if rules["tiebreak_cards"] and len(by_cards) == 1:
            return by_cards[0], 1, f"side{by_cards[0]}_tiebreak"
        return None, 0, "tie"
    w = level[0]
    at = rules["double_at"]
    if at is not None and top >= at:
        return w, 2, f"side{w}_double"
    return w, 1, f"side{w}_single"


def _brisca(p: Problems, obj: dict, rules: dict) -> None:
    n = obj["players"]
    deck = _Deck("latin48" if n == 6 else "latin40")
    sides = 3 if n == 3 else 2
    if n == 3:                # each for themselves, the 2 of coins out: 39 cards
        deck.cards = [c for c in deck.cards if c != "2O"]
        deck.card_set = frozenset(deck.cards)
        for rule in ("marriages", "mexican", "rotating_trump", "partners_show_hands"):
            if rules.get(rule):
                p.add(f"rules.{rule}", "true, but it is not played with 3 players")
        if p:
            return
    hands = _hands(p, obj, deck, 3)
    stock = p.cards(obj["stock"], deck, "stock", len(deck.cards) - 3 * n)
    rotating = rules.get("rotating_trump")
    if rotating:              # no card is turned: trumps rotate with the deal, O C E B
        turn = obj["deal_in_match"] if "match" in obj else obj["deal"]
        want = "OCEB"[turn % 4] if is_int(turn) else None
        if obj["trump"] is not None:
            p.add("trump", f"{_show(obj['trump'])}, but no card is turned under "
                           f"rotating_trump: trump is null")
        if obj.get("trump_suit") != want:
            p.add("trump_suit", f"{_show(obj.get('trump_suit'))}, but deal {turn} of the "
                                f"rotation has trump suit {json.dumps(want)}")
    elif "trump_suit" in obj:
        p.add("trump_suit", "present, but rules.rotating_trump is false")
    elif p.card(obj["trump"], deck, "trump") and stock:
        if stock[-1] != obj["trump"]:
            p.add("trump", f"{obj['trump']}, but the face-up trump is the last card of the "
                           f"stock ({stock[-1]})")
    if "match" in obj:
        _series_counts(p, obj, "match", "deal_in_match", "game_points_before", sides,
                       None if rotating else rules["target"] - 1)
    if hands is not None and stock is not None:
        _whole_deck(p, [(f"hands[{s}]", h) for s, h in enumerate(hands)] + [("stock", stock)],
                    deck)
    if p:
        return
    held = [set(h) for h in hands]
    pile = list(stock)

    def draw(winner: int) -> None:
        for k in range(n):
            if pile:
                held[(winner + k) % n].add(pile.pop(0))

    values = BRISCA_POINTS[rules["values"]]
    trump_suit = obj["trump_suit"] if rotating else obj["trump"][1]
    hooks = [h for h in (_brisca_exchanges(p, obj, rules, deck, held, pile),
                         _brisca_arrastro(p, obj, rules, deck, held, trump_suit))
             if h is not None]
    claim = _brisca_claim(p, obj, rules, deck, held, pile, trump_suit)
    if claim is not None:
        hooks.append(claim)
    kill = _brisca_muerte(p, obj, rules, deck, trump_suit)
    if kill is not None:
        hooks.append(kill)
        if claim is not None and claim.side is not None and kill.side is not None:
            p.add("muerte", "present beside a claim: a deal ends once")
    if p:
        return

    def before(*a):
        return all(h(*a) for h in hooks)
    ends = claim if claim is not None and claim.side is not None else kill
    played = _play_tricks(p, obj, deck, held, trump_suit, values, follow=False,
                          draw=draw, before_play=before,
                          n_tricks=None if ends is None else ends.trick)
    if played is None:
        return
    if kill is not None and kill.side is not None and kill.killed is None:
        p.add("muerte", f"{_show(obj['muerte'])}, but no trick of the deal holds both the "
                        f"trump ace and the trump 3")
        return
    for h in hooks:
        if h.todo:
            p.add(h.key, f"{_show(h.todo[0])} {h.left}")
    winners, trick_points = played
    n_tricks = len(winners)
    side = _side_sums(sides, winners, trick_points)
    cards = _side_sums(sides, winners, [n] * n_tricks)
    if claim is not None and claim.side is not None:
        if pile:
            p.add("claim", "made while the stock lasts")
            return
        why = claim.due(held)
        if why != claim.side:
            p.add("claim", f"side {claim.side} claims before trick {claim.trick}, but its "
                           f"hands do not hold the best trumps still out")
            return
        side[claim.side] += sum(values.get(c[0], 0) for h in held for c in h)
        cards[claim.side] += sum(len(h) for h in held)
    if sides == 3:
        _compare_list(p, "points", obj["points"], side, "card points taken by seats 0, 1, 2")
        _compare_list(p, "cards", obj["cards"], cards, "cards taken by seats 0, 1, 2")
        want = brisca_result3(side, cards, rules)
        _result(p, _renamed(p, obj["result"], want[2]), ("winner", "game_points", "outcome"),
                want)
        return
    _compare_list(p, "points", obj["points"], side, "card points taken by side 0 and side 1")
    _compare_list(p, "cards", obj["cards"], cards, "cards taken by side 0 and side 1")
    total = list(side)
    if rules.get("marriages"):
        left = set().union(*held) if claim is not None and claim.side is not None else set()
        bonus = brisca_marriages(obj["plays"], winners, n, trump_suit,
                                 (claim.side, left) if left else None)
        if "marriages" not in obj:
            p.add("", "missing key marriages (rules.marriages is true)")
            return
        _compare_list(p, "marriages", obj["marriages"], bonus,
                      "the marriage bonus of side 0 and side 1")
        total = [side[0] + bonus[0], side[1] + bonus[1]]
    elif "marriages" in obj:
        p.add("marriages", "present, but rules.marriages is false")
    if kill is not None and kill.side is not None:     # won at once, whatever the points
        want = (kill.side, 1, f"side{kill.side}_muerte")
    else:
        want = brisca_result(total[0], cards[0], cards[1], rules, total[1])
    _result(p, _renamed(p, obj["result"], want[2]), ("winner", "game_points", "outcome"), want)


def brisca_marriages(plays: list, winners: list[int], n: int, trump_suit: str,
                     claimed: tuple[int, set] | None = None) -> list[int]:
    """Rule ``marriages``: each side's bonus, 40 for the ``K`` and ``N`` of the trump suit
    that it captured, 20 for those of another suit; ``claimed`` (rule
    ``claim_top_trumps``): the claiming side and the cards it took from the hands."""
    taken: list[set] = [set(), set()]
    for t, w in enumerate(winners):
        for _seat, card in plays[t * n:(t + 1) * n]:
            taken[w % 2].add(card)
    if claimed is not None:
        taken[claimed[0]] |= claimed[1]
    return [sum((40 if s == trump_suit else 20) for s in "OCEB"
                if "K" + s in taken[side] and "N" + s in taken[side]) for side in (0, 1)]


def _flag_rule(p: Problems, obj: dict, rules: dict, rule: str, key: str) -> bool:
    """A true/false rule whose events the record keeps under ``key``: the key is present
    exactly when the rule is on.  True when the rule is on (the key is then to be checked)."""
    on = rules.get(rule, False)
    if on not in (True, False):
        p.add(f"rules.{rule}", f"{_show(on)} is not allowed; allowed: true, false")
        return False
    if not on and key in obj:
        p.add(key, f"present, but rules.{rule} is false")
    return on


def _brisca_exchanges(p: Problems, obj: dict, rules: dict, deck: _Deck, held: list[set],
                      pile: list):
    """Rule ``trump_exchange``: the record's ``exchanges`` (present exactly when the rule is
    on), applied at the exchanging seat's turn; None when the rule is off."""
    if not _flag_rule(p, obj, rules, "trump_exchange", "exchanges"):
        return None
    if rules.get("rotating_trump"):
        p.add("rules.trump_exchange", "true, but rules.rotating_trump is true: no card is "
                                      "turned, nothing to exchange")
        return None
    items = obj.get("exchanges")
    if not isinstance(items, list):
        p.add("exchanges", f"expected a list (rules.trump_exchange is true), got {_kind(items)}")
        return None
    for j, e in enumerate(items):
        if not (isinstance(e, dict) and set(e) == {"trick", "seat", "gave", "took"}
                and is_int(e["trick"]) and is_int(e["seat"])):
            p.add(f"exchanges[{j}]", f"expected {{trick, seat, gave, took}}, got {_show(e)}")
            return None
        if not p.card(e["gave"], deck, f"exchanges[{j}].gave") or \
                not p.card(e["took"], deck, f"exchanges[{j}].took"):
            return None
    trump = obj["trump"][1]
    order = deck.ranks          # high to low
    todo = list(items)

    def before(t: int, k: int, seat: int, card: str, winners: list[int]) -> bool:
        while todo and todo[0]["trick"] == t and todo[0]["seat"] == seat:
            e = todo.pop(0)
            where = f"exchanges[{len(items) - len(todo) - 1}]"
            up = pile[-1] if pile else None
            if up is None:
                p.add(where, "the face-up card was already drawn")
                return False
            if seat not in winners:
                p.add(where, f"seat {seat} exchanges before winning a trick")
            want = ("7" if order.index(up[0]) < order.index("7") else "2") + trump
            if e["took"] != up or e["gave"] != want:
                p.add(where, f"gives {e['gave']} for {e['took']}, but the face-up card is "
                             f"{up}: only {want} may be given for it")
                return False
            if want not in held[seat]:
                p.add(where, f"seat {seat} gives {want}, which it does not hold")
                return False
            held[seat].discard(want)
            held[seat].add(up)
            pile[-1] = want
        if todo and (todo[0]["trick"] < t or (todo[0]["trick"] == t and todo[0]["seat"] == seat)):
            p.add("exchanges", f"{_show(todo[0])} is not at a seat's turn, in play order")
            return False
        return True
    before.todo = todo
    before.key = "exchanges"
    before.left = "is not at a seat's turn, in play order"
    return before


def _brisca_arrastro(p: Problems, obj: dict, rules: dict, deck: _Deck, held: list[set],
                     trump: str):
    """Rule ``arrastro``: the record's calls (``arrastro``, present exactly when the rule is
    on) and the plays they force; None when the rule is off."""
    if not _flag_rule(p, obj, rules, "arrastro", "arrastro"):
        return None
    items = obj.get("arrastro")
    if not isinstance(items, list):
        p.add("arrastro", f"expected a list (rules.arrastro is true), got {_kind(items)}")
        return None
    for j, e in enumerate(items):
        if not (isinstance(e, dict) and set(e) == {"trick", "seat"} and is_int(e["trick"])
                and is_int(e["seat"])):
            p.add(f"arrastro[{j}]", f"expected {{trick, seat}}, got {_show(e)}")
            return None
    n = obj["players"]
    order = deck.ranks          # high to low
    todo = [(e["trick"], e["seat"]) for e in items]
    state = {"forced": False}

    def hook(t: int, k: int, seat: int, card: str, winners: list[int]) -> bool:
        if k == 0:
            state["forced"] = False
        if state["forced"]:
            hand = held[seat]
            trumps = [c for c in hand if c[1] == trump]
            if trumps:
                legal = {min(trumps, key=lambda c: order.index(c[0]))}
            else:
                top = min(order.index(c[0]) for c in hand) if hand else 0
                legal = {c for c in hand if order.index(c[0]) == top}
            if card not in legal:
                p.add(f"plays[{t * n + k}]", f"seat {seat} plays {card} after an arrastro "
                                            f"call; it must play {' or '.join(sorted(legal))}")
                return False
        if (t, seat) in todo and card == "1" + trump and k < n - 1:
            todo.remove((t, seat))
            state["forced"] = True
        return True
    hook.todo = todo
    hook.key = "arrastro"
    hook.left = ("is not a call by the player of the trump ace with players still to play "
                 "to the trick")
    return hook


def _brisca_claim(p: Problems, obj: dict, rules: dict, deck: _Deck, held: list[set],
                  pile: list, trump: str):
    """Rule ``claim_top_trumps``: the record's ``claim`` (null, or the trick before which a
    side claimed every trick left); a hook that refuses a claim left unmade when it was due.
    None when the rule is off."""
    if not _flag_rule(p, obj, rules, "claim_top_trumps", "claim"):
        return None
    if "claim" not in obj:
        p.add("claim", "missing (rules.claim_top_trumps is true)")
        return None
    c = obj["claim"]
    n = obj["players"]
    n_all = len(deck.cards) // n
    if c is not None and not (isinstance(c, dict) and set(c) == {"trick", "side"}
                              and is_int(c["trick"]) and 0 <= c["trick"] < n_all
                              and c["side"] in ((0, 1, 2) if n == 3 else (0, 1))
                              and is_int(c["side"])):
        p.add("claim", f"expected null or {{trick, side}}, got {_show(c)}")
        return None
    order = deck.ranks          # high to low

    def due(hands) -> int | None:
        left = len(hands[0])
        if left not in (2, 3) or any(len(h) != left for h in hands):
            return None
        out = sorted((x for h in hands for x in h if x[1] == trump),
                     key=lambda x: order.index(x[0]))
        if len(out) < left:
            return None
        best = set(out[:left])
        sides = 3 if n == 3 else 2          # three players: each seat a side
        for s in range(sides):
            if best <= {x for seat in range(n) if seat % sides == s for x in hands[seat]}:
                return s
        return None

    def hook(t: int, k: int, seat: int, card: str, winners: list[int]) -> bool:
        if k == 0 and not pile:
            s = due(held)
            if s is not None:
                p.add(f"tricks[{t}]", f"played, but side {s} holds the best trumps still "
                                      f"out: its claim was due")
                return False
        return True
    hook.todo = []
    hook.key = "claim"
    hook.left = ""
    hook.trick = n_all if c is None else c["trick"]
    hook.side = None if c is None else c["side"]
    hook.due = due
    return hook


def _brisca_muerte(p: Problems, obj: dict, rules: dict, deck: _Deck, trump: str):
    """Rule ``muerte_al_tres``: the record's ``muerte`` (null, or the trick where the trump ace
    captured the trump 3, and the ace's seat); a hook that refuses the trump ace played
    before the trump 3 outside the last trick, and a capture the record does not end on.
    None when the rule is off."""
    if not _flag_rule(p, obj, rules, "muerte_al_tres", "muerte"):
        return None
    for other in ("mexican", "marriages"):
        if rules.get(other):
            p.add("rules.muerte_al_tres", f"true, but rules.{other} is true: they do not go "
                                          f"together")
            return None
    if "muerte" not in obj:
        p.add("muerte", "missing (rules.muerte_al_tres is true)")
        return None
    m = obj["muerte"]
    n = obj["players"]
    n_all = len(deck.cards) // n
    if m is not None and not (isinstance(m, dict) and set(m) == {"trick", "seat"}
                              and is_int(m["trick"]) and 0 <= m["trick"] < n_all
                              and is_int(m["seat"]) and 0 <= m["seat"] < n):
        p.add("muerte", f"expected null or {{trick, seat}}, got {_show(m)}")
        return None
    ace, three = "1" + trump, "3" + trump
    state = {"three_out": False, "ace": None, "three": False}

    def hook(t: int, k: int, seat: int, card: str, winners: list[int]) -> bool:
        if k == 0:
            state["ace"], state["three"] = None, False
        if card == ace and not state["three_out"] and t != n_all - 1:
            p.add(f"plays[{t * n + k}]", f"seat {seat} plays the trump ace {ace} before the "
                                         f"trump 3 has been played, not in the last trick "
                                         f"(rules.muerte_al_tres)")
            return False
        if card == three:
            state["three_out"] = state["three"] = True
        if card == ace:
            state["ace"] = seat
        if k == n - 1 and state["ace"] is not None and state["three"]:
            hook.killed = t
            if m is None or m["trick"] != t or m["seat"] != state["ace"]:
                p.add("muerte", f"{_show(m)}, but in trick {t} seat {state['ace']}'s trump ace "
                                f"captures the trump 3: the deal ends there, won at once")
                return False
        return True
    hook.todo = []
    hook.key = "muerte"
    hook.left = ""
    hook.killed = None
    hook.trick = n_all if m is None else m["trick"] + 1
    hook.side = None if m is None else m["seat"] % 2
    return hook


# --- Spades --------------------------------------------------------------------------------
def spades_team(bids, blind, tricks, a: int, b: int, bag_points: int):
    """``(score, bags)`` of the team of seats ``a`` and ``b`` for one hand."""
    contract = bids[a] + bids[b]
    took = tricks[a] + tricks[b]
    if took >= contract:
        bags = took - contract
        score = 10 * contract + bag_points * bags
    else:
        bags, score = 0, -10 * contract
    for s in (a, b):
        if bids[s] == 0:
            v = 200 if blind[s] else 100
            score += v if tricks[s] == 0 else -v
    return score, bags


def _spades(p: Problems, obj: dict, rules: dict) -> None:
    deck = _Deck("french52")
    hands = _hands(p, obj, deck, 13)
    if obj["trump"] is not None:
        p.add("trump", f"spades are always trump: trump is null, got {_show(obj['trump'])}")
    if obj["stock"] != []:
        p.add("stock", f"Spades deals every card: the stock is [], got {_show(obj['stock'])}")
    bids = p.int_list(obj, "bids", 4, 0, 13)
    blind = obj["blind_nil"]
    if not (isinstance(blind, list) and len(blind) == 4 and
            all(isinstance(x, bool) for x in blind)):
        p.add("blind_nil", f"expected 4 booleans, one per seat, got {_show(blind)}")
        blind = None
    elif bids is not None:
        for s in range(4):
            if blind[s] and bids[s] != 0:
                p.add(f"blind_nil[{s}]", f"a blind nil is a bid of 0, but bids[{s}] is {bids[s]}")
            if blind[s] and not rules["blind_nil"]:
                p.add(f"blind_nil[{s}]", "a blind nil, but rules.blind_nil is off")
    if "game_number" in obj:
        p.int_in(obj, "game_number", 0, None)
        p.int_in(obj, "hand_in_game", 0, rules["max_hands"] - 1)
        p.int_list(obj, "scores_before", 2)
        p.int_list(obj, "bags_before", 2, 0, rules["bag_limit"] - 1)
        p.int_list(obj, "bag_penalty", 2, 0)
        p.int_list(obj, "scores_after", 2)
    if hands is not None:
        _whole_deck(p, [(f"hands[{s}]", h) for s, h in enumerate(hands)], deck)
    if p:
        return
    played = _play_tricks(p, obj, deck, [set(h) for h in hands], "S", {}, follow=True,
                          break_spades=rules["break_spades"])
    if played is None:
        return
    winners = played[0]
    tricks = _side_sums(4, winners, [1] * 13)
    _compare_list(p, "points", obj["points"], tricks, "tricks taken by each seat")
    score = [0, 0]
    bags = [0, 0]
    for team in (0, 1):
        score[team], bags[team] = spades_team(bids, blind, tricks, team, team + 2,
                                              rules["bag_points"])
    nil = []
    for s in range(4):
        if bids[s] != 0:
            nil.append("none")
        else:
            nil.append(("blind_nil_" if blind[s] else "nil_") +
                       ("made" if tricks[s] == 0 else "set"))
    for key, want, what in (("score", score, "the hand's score by team"),
                            ("bags", bags, "overtricks by team"),
                            ("nil", nil, "what each nil bid came to")):
        if not same(obj[key], want):
            p.add(key, f"{_show(obj[key])}, but bids {bids} and tricks {tricks} give "
                       f"{json.dumps(want)} ({what})")
    w = None if score[0] == score[1] else (0 if score[0] > score[1] else 1)
    _result(p, obj["result"], ("winner", "outcome"),
            (w, "tie" if w is None else f"team{w}_win"))
    if "game_number" in obj and not p:
        limit, fine = rules["bag_limit"], rules["bag_penalty"]
        penalty = [fine * ((obj["bags_before"][t] + bags[t]) // limit) for t in (0, 1)]
        if not same(obj["bag_penalty"], penalty):
            p.add("bag_penalty", f"{obj['bag_penalty']}, but bags_before {obj['bags_before']} "
                                 f"plus bags {bags} give {penalty} (rules.bag_limit {limit}, "
                                 f"rules.bag_penalty {fine})")
        after = [obj["scores_before"][t] + score[t] - penalty[t] for t in (0, 1)]
        if not same(obj["scores_after"], after):
            p.add("scores_after", f"{obj['scores_after']}, but scores_before "
                                  f"{obj['scores_before']} + score {score} - bag_penalty "
                                  f"{penalty} = {after}")


# --- Sueca Italiana ------------------------------------------------------------------------
def italiana_game_points(contract: int) -> int:
    """Game points of each winner, by the contract (docs/records.md, Sueca Italiana)."""
    for top, g in ((70, 1), (80, 2), (90, 3), (100, 4), (119, 5), (120, 6)):
        if contract <= top:
            return g
    return 6


def _auction(p: Problems, bids, dealer: int, n: int):
    """``(declarer, contract)`` of a one-round auction from the dealer, or None when the
    bids are broken.  A bid is 0 (only while nobody has bid) or 61..120, above every bid
    before it; all passing makes the dealer declarer at 0."""
    if not isinstance(bids, list) or len(bids) != n:
        p.add("bids", f"expected {n} entries, one per seat from the dealer, got {_show(bids)}")
        return None
    high, declarer = None, None
    for j, b in enumerate(bids):
        seat = (dealer + j) % n
        if b is None:
            continue
        if not is_int(b):
            p.add(f"bids[{j}]", f"a bid is an integer or null, got {_kind(b)} ({_show(b)})")
            return None
        if not (b == 0 or 61 <= b <= 120):
            p.add(f"bids[{j}]", f"{b} is not a bid (0 or 61 to 120)")
            return None
        if b == 0 and high is not None:
            p.add(f"bids[{j}]", f"seat {seat} bids 0, but 0 is allowed only while nobody "
                                f"has bid (the highest bid is {high})")
            return None
        if high is not None and b <= high:
            p.add(f"bids[{j}]", f"seat {seat} bids {b}, not above the highest bid {high}")
            return None
        high, declarer = b, seat
    if declarer is None:
        return dealer, 0
    return declarer, high


def _sueca_italiana(p: Problems, obj: dict, rules: dict) -> None:
    deck = _Deck("french40")
    n = obj["players"]
    hands = _hands(p, obj, deck, 8)
    auction = _auction(p, obj["bids"], obj["dealer"], n)
    for key in ("declarer", "partner"):
        p.seat(obj[key], n, key)
    p.int_in(obj, "contract", 0, 120)
    called = obj["called_card"]
    p.card(called, deck, "called_card")
    if obj["trump"] != called:
        p.add("trump", f"{_show(obj['trump'])}, but the trump card is the called card "
                       f"({_show(called)})")
    if obj["stock"] != []:
        p.add("stock", f"Sueca Italiana deals every card: the stock is [], got "
                       f"{_show(obj['stock'])}")
    if "match" in obj:
        _series_counts(p, obj, "match", "deal_in_match", "game_points_before", n, None)
    if hands is not None:
        _whole_deck(p, [(f"hands[{s}]", h) for s, h in enumerate(hands)], deck)
    if p or auction is None:
        return
    declarer, contract = auction
    if obj["declarer"] != declarer:
        why = "the dealer, all having passed" if obj["bids"].count(None) == n else \
            "the highest bidder"
        p.add("declarer", f"seat {obj['declarer']}, but seat {declarer} declares ({why})")
    if obj["contract"] != contract:
        p.add("contract", f"{obj['contract']}, but the auction gives {contract}")
    holder = next(s for s in range(n) if called in hands[s])
    if obj["partner"] != holder:
        p.add("partner", f"seat {obj['partner']}, but seat {holder} holds the called card "
                         f"{called}")
    if holder == declarer and not rules["call_own_card"]:
        p.add("called_card", f"{called} is the declarer's own card, which "
                             f"rules.call_own_card false forbids")
    if p:
        return
    played = _play_tricks(p, obj, deck, [set(h) for h in hands], called[1], SUECA_POINTS,
                          follow=True, first_leader=declarer)
    if played is None:
        return
    winners, trick_points = played
    taken = _side_sums(n, winners, trick_points)
    _compare_list(p, "points", obj["points"], taken, "card points taken by each seat")
    side = {declarer, holder}
    dpts = sum(taken[s] for s in side)
    made = dpts >= (61 if contract == 0 else contract)
    g = italiana_game_points(contract)
    won = side if made else set(range(n)) - side
    outcome = ("alone_" if holder == declarer else "") + ("made" if made else "failed")
    _result(p, obj["result"], ("made", "declarer_points", "game_points", "outcome"),
            (made, dpts, [g if s in won else 0 for s in range(n)], outcome))


# --- Briscola chiamata -----------------------------------------------------------------------
CHIAMATA_RANKS = "13KNJ76542"       # the rank bids, from the lowest bid to the highest


def chiamata_auction(p: Problems, bids, dealer: int, n: int, points_only: bool):
    """Replay the auction: ``(declarer, last bid)`` (``(None, None)`` when all passed), or
    None when the bids are broken.  The seat after the dealer speaks first, then the next
    seat that has not passed; rank bids name lower ranks, points come after the 2 (or alone
    under points_only), each bid above the last; it ends with one bidder left."""
    if not isinstance(bids, list):
        p.add("bids", f"expected a list of bids, got {_kind(bids)}")
        return None

    def order(b):
        if isinstance(b, str):
            return CHIAMATA_RANKS.index(b)
        return 100 + b

    out: set[int] = set()
    high, declarer = None, None
    seat = (dealer + 1) % n
    for j, b in enumerate(bids):
        if len(out) == n or (declarer is not None and len(out) == n - 1):
            p.add("bids", f"{len(bids)} entries, but the auction ended after {j} (one bidder "
                          f"left, or all passed)")
            return None
        while seat in out:
            seat = (seat + 1) % n
        where = f"bids[{j}]"
        if b is None:
            out.add(seat)
        else:
            rank_bid = isinstance(b, str) and len(b) == 1 and b in CHIAMATA_RANKS
            point_bid = is_int(b) and (61 if points_only else 62) <= b <= 120
            if points_only and not point_bid:
                p.add(where, f"{_show(b)} is not a bid under rules.points_only (61 to 120)")
                return None
            if not points_only and not (rank_bid or point_bid):
                p.add(where, f"{_show(b)} is not a bid (a rank of {' '.join(CHIAMATA_RANKS)}, "
                             f"or 62 to 120 points)")
                return None
            if point_bid and not points_only and high != "2" and not is_int(high):
                p.add(where, f"seat {seat} bids {b} points before the 2 has been named")
                return None
            if high is not None and order(b) <= order(high):
                p.add(where, f"seat {seat} bids {b}, not above the highest bid {high}")
                return None
            high, declarer = b, seat
        seat = (seat + 1) % n
    if not (len(out) == n or (declarer is not None and len(out) == n - 1)):
        p.add("bids", f"the auction stops after {len(bids)} entries with "
                      f"{n - len(out)} players still in it")
        return None
    return declarer, high


def _seat_text(v) -> str:
    return f"seat {v}" if is_int(v) else _show(v)


def chiamata_scores(n: int, declarer: int, partner: int, made: bool, cappotto: bool):
    """Each seat's score: 2, 1, -1 each (alone 4, -1 each), signs reversed on a loss,
    doubled on a cappotto."""
    sign = 1 if made else -1
    out = []
    for s in range(n):
        if s == declarer:
            x = sign * (4 if partner == declarer else 2)
        elif s == partner:
            x = sign
        else:
            x = -sign
        out.append(2 * x if cappotto else x)
    return out


def _briscola_chiamata(p: Problems, obj: dict, rules: dict) -> None:
    deck = _Deck("latin40")
    n = obj["players"]
    hands = _hands(p, obj, deck, 8)
    auction = chiamata_auction(p, obj["bids"], obj["dealer"], n, rules["points_only"])
    if obj["stock"] != []:
        p.add("stock", f"Briscola chiamata deals every card: the stock is [], got "
                       f"{_show(obj['stock'])}")
    if "match" in obj:
        p.int_in(obj, "match", 0, None)
        p.int_in(obj, "deal_in_match", 0, None)
        before = p.int_list(obj, "scores_before", n)
        if before is not None and sum(before) != 0:
            p.add("scores_before", f"{before} add up to {sum(before)}, not 0 (every deal's "
                                   f"scores add up to 0)")
        if is_int(obj["deal_in_match"]) and obj["deal_in_match"] >= rules["match_deals"]:
            p.add("deal_in_match", f"{obj['deal_in_match']}, but a match has "
                                   f"{rules['match_deals']} deals (rules.match_deals)")
    if hands is not None:
        _whole_deck(p, [(f"hands[{s}]", h) for s, h in enumerate(hands)], deck)
    if p or auction is None:
        return
    declarer, high = auction
    if declarer is None:                       # passed out
        for key, want in (("declarer", None), ("contract", None), ("called_card", None),
                          ("partner", None), ("trump", None), ("plays", []), ("tricks", []),
                          ("points", [0] * n)):
            if not same(obj[key], want):
                p.add(key, f"{_show(obj[key])}, but all passed: the deal is passed out "
                           f"({json.dumps(want)})")
        _result(p, obj["result"], ("made", "declarer_points", "scores", "cappotto", "outcome"),
                (None, None, [0] * n, False, "passed_out"))
        return
    contract = high if is_int(high) else 61
    if not same(obj["declarer"], declarer):
        p.add("declarer", f"{_seat_text(obj['declarer'])}, but seat {declarer} declares (the "
                          f"highest bidder)")
    if not same(obj["contract"], contract):
        p.add("contract", f"{_show(obj['contract'])}, but the auction gives {contract}")
    called = obj["called_card"]
    if not p.card(called, deck, "called_card"):
        return
    if not rules["points_only"]:
        rank = high if isinstance(high, str) else "2"
        if called[0] != rank:
            p.add("called_card", f"{called}, but the card called is of the last rank named "
                                 f"({rank})")
    if obj["trump"] != called:
        p.add("trump", f"{_show(obj['trump'])}, but the trump card is the called card "
                       f"({called})")
    holder = next(s for s in range(n) if called in hands[s])
    if not same(obj["partner"], holder):
        p.add("partner", f"{_seat_text(obj['partner'])}, but seat {holder} holds the called "
                         f"card {called}")
    if p:
        return
    played = _play_tricks(p, obj, deck, [set(h) for h in hands], called[1],
                          BRISCA_POINTS["standard"], follow=False, first_leader=declarer,
                          trump_from=1 if rules["chiamata_buia"] else 0)
    if played is None:
        return
    winners, trick_points = played
    taken = _side_sums(n, winners, trick_points)
    _compare_list(p, "points", obj["points"], taken, "card points taken by each seat")
    dpts = sum(taken[s] for s in {declarer, holder})
    made = dpts >= contract
    cappotto = dpts == 120 if made else dpts == 0
    outcome = ("alone_" if holder == declarer else "") + ("made" if made else "failed")
    _result(p, obj["result"], ("made", "declarer_points", "scores", "cappotto", "outcome"),
            (made, dpts, chiamata_scores(n, declarer, holder, made, cappotto), cappotto,
             outcome))


# --- Scopa ---------------------------------------------------------------------------------
def scopa_sides(players: int, teams: bool) -> int:
    return 2 if players == 4 and teams else players


def _can_sum(values: list[int], target: int) -> bool:
    """Whether two or more of ``values`` add up to ``target``."""
    reach = {(0, 0)}                      # (sum, cards used, capped at 2)
    for v in values:
        reach |= {(s + v, min(k + 1, 2)) for s, k in reach if s + v <= target}
    return (target, 2) in reach


def _strict_top(values: list[int]) -> int | None:
    top = max(values)
    return values.index(top) if values.count(top) == 1 else None


def scopa_score(piles: list[list[str]], scope: list[int]) -> list[dict]:
    """The ``score`` entries of each side from its taken cards and its scope."""
    out = []
    for pile, sc in zip(piles, scope):
        best = {}
        for c in pile:
            best[c[1]] = max(best.get(c[1], 0), PRIMIERA[c[0]])
        out.append({"cards": len(pile), "coins": sum(1 for c in pile if c[1] == "O"),
                    "settebello": int("7O" in pile),
                    "primiera": sum(best.values()) if len(best) == 4 else 0,
                    "scope": sc, "points": sc + int("7O" in pile)})
    for field in ("cards", "coins", "primiera"):
        w = _strict_top([e[field] for e in out])
        if w is not None and out[w][field] > 0:
            out[w]["points"] += 1
    return out


def _scopa(p: Problems, obj: dict, rules: dict) -> None:
    deck = _Deck("latin40")
    n = obj["players"]
    k = scopa_sides(n, rules["teams"])
    rounds = 36 // (3 * n)
    table = p.cards(obj["table"], deck, "table", 4)
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != rounds or not all(
            isinstance(r, list) and len(r) == n for r in hands):
        p.add("hands", f"expected {rounds} dealing rounds of {n} hands, got {_show(hands)}")
        return
    dealt = [("table", table)] + [(f"hands[{r}][{s}]", p.cards(hands[r][s], deck,
                                                               f"hands[{r}][{s}]", 3))
                                  for r in range(rounds) for s in range(n)]
    if table is not None and rules["kings_relay"] is not None:
        kings = sum(1 for c in table if c[0] == "K")
        if kings >= rules["kings_relay"]:
            p.add("table", f"{kings} kings on the table, which rules.kings_relay "
                           f"{rules['kings_relay']} relays")
    relays = p.int_in(obj, "relays", 0, None)
    if relays and rules["kings_relay"] is None:
        p.add("relays", f"{relays}, but rules.kings_relay is off")
    last = obj["last_capture"]
    if last is not None:
        p.seat(last, n, "last_capture")
    if "match" in obj:
        _series_counts(p, obj, "match", "deal_in_match", "points_before", k, None)
    if all(cards is not None for _, cards in dealt):
        _whole_deck(p, dealt, deck)
    if p:
        return
    plays = obj["plays"]
    if not isinstance(plays, list) or len(plays) != 36:
        p.add("plays", f"expected 36 plays (every card dealt to a hand), got "
                       f"{len(plays) if isinstance(plays, list) else _kind(plays)}")
        return
    on_table = list(table)
    piles: list[list[str]] = [[] for _ in range(k)]
    scope = [0] * k
    held = [set() for _ in range(n)]
    last_seat = None
    for j, item in enumerate(plays):
        where = f"plays[{j}]"
        if j % (3 * n) == 0:
            held = [set(h) for h in hands[j // (3 * n)]]
        if not (isinstance(item, list) and len(item) == 3):
            p.add(where, f"expected [seat, card, [captured cards]], got {_show(item)}")
            return
        seat, card, taken = item
        if not p.seat(seat, n, f"{where}[0]") or not p.card(card, deck, f"{where}[1]"):
            return
        turn = (obj["dealer"] + 1 + j) % n
        if seat != turn:
            p.add(where, f"seat {seat} plays, but it is seat {turn}'s turn")
            return
        if card not in held[seat]:
            p.add(where, f"seat {seat} plays {card}, which it does not hold")
            return
        if p.cards(taken, deck, f"{where}[2]") is None:
            return
        held[seat].discard(card)
        v = SCOPA_VALUE[card[0]]
        not_there = [c for c in taken if c not in on_table]
        if not_there or len(set(taken)) != len(taken):
            p.add(where, f"{card} captures {', '.join(taken)}, but the table holds only "
                         f"{', '.join(on_table) or 'nothing'}")
            return
        equal = [c for c in on_table if SCOPA_VALUE[c[0]] == v]
        if not taken:
            if equal or _can_sum([SCOPA_VALUE[c[0]] for c in on_table], v):
                p.add(where, f"{card} is laid on the table, but it can capture from "
                             f"{', '.join(on_table)}: a card that can capture must capture")
                return
            on_table.append(card)
            continue
        if len(taken) == 1 and SCOPA_VALUE[taken[0][0]] != v:
            p.add(where, f"{card} (value {v}) cannot capture {taken[0]} alone")
            return
        if len(taken) > 1:
            if sum(SCOPA_VALUE[c[0]] for c in taken) != v:
                p.add(where, f"{card} (value {v}) captures {', '.join(taken)}, which do not "
                             f"add up to {v}")
                return
            if equal:
                p.add(where, f"{card} captures a sum, but {equal[0]} of equal value is on the "
                             f"table: a single equal card must be taken")
                return
        for c in taken:
            on_table.remove(c)
        side = seat % k
        piles[side] += [card] + taken
        last_seat = seat
        if not on_table and (j < 35 or rules["last_play_scopa"]):
            scope[side] += 1
    if not same(last, last_seat):
        made = "never made" if last_seat is None else f"made by seat {last_seat}"
        p.add("last_capture", f"{_show(last)}, but the last capture was {made}")
    if last_seat is not None:
        piles[last_seat % k] += on_table
    want = scopa_score(piles, scope)
    got = obj["score"]
    if not isinstance(got, list) or len(got) != k:
        p.add("score", f"expected {k} entries, one per side, got {_show(got)}")
        return
    for s in range(k):
        for f in SCOPA_FIELDS:
            g = got[s].get(f) if isinstance(got[s], dict) else None
            if not same(g, want[s][f]):
                p.add(f"score[{s}].{f}", f"{_show(g)}, but the replayed plays give "
                                         f"{want[s][f]}")
    w = _strict_top([e["points"] for e in want])
    _result(p, obj["result"], ("winner", "outcome"),
            (w, "tie" if w is None else f"side{w}_win"))


# --- Brisca rematada -----------------------------------------------------------------------
REMATADA_POINTS = BRISCA_POINTS["standard"]
REMATADA_MOST = {"forty": 290, "twenty_forty": 230}


def rematada_auction(bids, dealer: int, step: int, top: int):
    """Replay an auction: ``(declarer, contract, problem)``; ``problem`` is None when every
    turn is legal (``bids``: ``[seat, bid or None]`` turns)."""
    seat = (dealer + 1) % 3
    out: set[int] = set()
    high, high_seat = None, None
    for j, item in enumerate(bids):
        where = f"bids[{j}]"
        if len(out) == 2:
            return None, None, (where, "the auction ended at the second pass; no turn follows")
        if not (isinstance(item, list) and len(item) == 2):
            return None, None, (where, f"expected [seat, bid or null], got {_show(item)}")
        who, b = item
        if not same(who, seat):
            return None, None, (where, f"seat {_show(who)} speaks, but it is seat {seat}'s turn")
        lowest = 100 if high is None else high + step
        if b is None:
            out.add(seat)
        elif not is_int(b):
            return None, None, (where, f"a bid is an integer or null, got {_show(b)}")
        elif lowest > top:
            return None, None, (where, f"seat {seat} bids {b}, but no bid is left above "
                                       f"{high} (the highest bid is {top}): it passes")
        elif b < lowest or b > top or (b - 100) % step:
            return None, None, (where, f"seat {seat} bids {b}; allowed: {lowest} to {top} by "
                                       f"steps of {step} (100 + k * {step})")
        else:
            high, high_seat = b, seat
        seat = (seat + 1) % 3
        if seat in out and len(out) < 2:
            seat = (seat + 1) % 3
    if len(out) < 2:
        return None, None, ("bids", f"the auction stops before two seats passed "
                                    f"({len(bids)} turns)")
    declarer = next(x for x in range(3) if x not in out)
    if high_seat is not None and high_seat != declarer:
        return None, None, ("bids", f"seat {declarer} is left, but seat {high_seat} made the "
                                    f"highest bid and passed after it")
    return declarer, (100 if high is None else high), None


REMATADA_FOLLOW = ("suit_trump", "head", "none")
MARRIAGE_KEYS = ("seat", "suit", "trick", "points")


def rematada_marriage_points(suit: str, trump: str, rules: dict) -> int:
    return 40 if rules["marriages"] == "forty" or suit == trump else 20


def rematada_allowed(hand: set, trick: list[str], trump: str, follow: str,
                     deck: _Deck) -> set:
    """The cards of ``hand`` a seat may play to ``trick`` (the cards already in it) under
    ``rules.follow``: ``none`` any card; ``suit_trump`` the suit led if it holds it, else a
    trump if it holds one, else any card; ``head`` of those, the ones that beat the trick's
    winning card if any does, and any card for a seat void in the suit led whose trumps do
    not beat a trump already in the trick."""
    if not trick or follow == "none":
        return set(hand)
    led = trick[0][1]

    def beats(a: str, b: str) -> bool:
        if a[1] == b[1]:
            return deck.strength(a) > deck.strength(b)
        return a[1] == trump

    of_led = {c for c in hand if c[1] == led}
    trumps = {c for c in hand if c[1] == trump}
    cards = of_led or trumps or set(hand)
    if follow == "head":
        top = trick[0]
        for c in trick[1:]:
            if beats(c, top):
                top = c
        over = {c for c in cards if beats(c, top)}
        if over:
            return over
        if not of_led and trumps:
            return set(hand)
    return cards


def _rematada(p: Problems, obj: dict, rules: dict) -> None:
    deck = _Deck("latin32")
    hands = _hands(p, obj, deck, 10)
    talon = p.cards(obj["talon"], deck, "talon", 2)
    discards = p.cards(obj["discards"], deck, "discards", 2)
    trump = obj["trump"]
    if not (isinstance(trump, str) and len(trump) == 1 and trump in deck.suits):
        p.add("trump", f"a suit letter ({' '.join(deck.suits)}), got {_show(trump)}")
    if "match" in obj:
        _series_counts(p, obj, "match", "deal_in_match", "scores_before", 3, None)
    if not isinstance(obj["marriages"], list):
        p.add("marriages", f"expected a list, got {_kind(obj['marriages'])}")
    else:
        for j, m in enumerate(obj["marriages"]):
            if not isinstance(m, dict) or not set(MARRIAGE_KEYS) <= set(m):
                p.add(f"marriages[{j}]", f"expected an object with seat, suit, trick and "
                                         f"points, got {_show(m)}")
    follow = rules.get("follow", "none")
    if not (isinstance(follow, str) and follow in REMATADA_FOLLOW):
        p.add("rules.follow", f"{_show(follow)} is not allowed; allowed: "
                              f"{', '.join(json.dumps(a) for a in REMATADA_FOLLOW)}")
    if hands is not None and talon is not None:
        _whole_deck(p, [(f"hands[{s}]", h) for s, h in enumerate(hands)] + [("talon", talon)],
                    deck)
    bids = obj["bids"]
    if not isinstance(bids, list):
        p.add("bids", f"expected a list of [seat, bid] turns, got {_kind(bids)}")
    if p:
        return
    top = 100 + (REMATADA_MOST[rules["marriages"]] - 100) // rules["bid_step"] * \
        rules["bid_step"]
    declarer, contract, problem = rematada_auction(bids, obj["dealer"], rules["bid_step"], top)
    if problem is not None:
        p.add(*problem)
        return
    if not same(obj["declarer"], declarer):
        p.add("declarer", f"{_show(obj['declarer'])}, but the auction leaves seat {declarer}")
    if not same(obj["contract"], contract):
        why = "its highest bid" if any(b is not None for _, b in bids) else \
            "100: it won without bidding"
        p.add("contract", f"{_show(obj['contract'])}, but the declarer's contract is "
                          f"{contract} ({why})")
    twelve = set(hands[declarer]) | set(talon)
    if len(set(discards)) != 2:
        p.add("discards", f"two different cards, got {_show(discards)}")
    for c in discards:
        if c not in twelve:
            p.add("discards", f"{c} is neither in the declarer's hand nor in the talon")
    if p:
        return
    play_hands = [set(h) for h in hands]
    play_hands[declarer] = twelve - set(discards)
    declared: set[str] = set()
    want_marriages: list = []
    count = [0]

    def after_trick(winner: int) -> None:
        t = count[0]
        count[0] += 1
        if t > 8:
            return
        held = play_hands[winner]
        for suit in [trump] + [x for x in deck.suits if x != trump]:
            if suit not in declared and "K" + suit in held and "N" + suit in held:
                declared.add(suit)
                want_marriages.append({"seat": winner, "suit": suit, "trick": t,
                                       "points": rematada_marriage_points(suit, trump, rules)})
                return

    trick: list[str] = []

    def must_follow(t: int, k: int, seat: int, card: str, winners: list[int]) -> bool:
        if k == 0:
            trick.clear()
        hand = play_hands[seat]
        if card in hand:
            ok = rematada_allowed(hand, trick, trump, follow, deck)
            if card not in ok:
                why = {"suit_trump": "it must follow suit, else trump",
                       "head": "it must follow suit, else trump, and beat the trick when able"}
                p.add(f"plays[{3 * t + k}]", f"seat {seat} plays {card} to {' '.join(trick)} "
                                             f"(rules.follow {follow}: {why[follow]}); it may "
                                             f"play {' '.join(sorted(ok))}")
        trick.append(card)
        return True

    played = _play_tricks(p, obj, deck, play_hands, trump, REMATADA_POINTS, follow=False,
                          draw=after_trick, first_leader=declarer, before_play=must_follow)
    if played is None:
        return
    winners, trick_points = played
    shown = [{k: m[k] for k in MARRIAGE_KEYS} for m in obj["marriages"]]
    if not same(shown, want_marriages):
        p.add("marriages", f"{_show(obj['marriages'])}, but the replayed play declares "
                           f"{json.dumps(want_marriages)}")
    points = _side_sums(3, winners, trick_points)
    for m in want_marriages:
        points[m["seat"]] += m["points"]
    points[winners[-1]] += 10
    points[declarer] += sum(REMATADA_POINTS.get(c[0], 0) for c in discards)
    _compare_list(p, "points", obj["points"], points,
                  "tricks, marriages, the last trick and the declarer's discards, by seat")
    made = points[declarer] >= contract
    score = [0, 0, 0]
    for x in range(3):
        if x == declarer and made:
            score[x] = contract
        elif x != declarer and not made:
            score[x] = (contract + 1) // 2
    if not same(obj["score"], score):
        p.add("score", f"{_show(obj['score'])}, but the rules give {json.dumps(score)}")
    _result(p, obj["result"], ("made", "outcome"), (made, "made" if made else "failed"))


# --- runs of records: the deals of one rubber ---------------------------------------------
def _series(rec: dict):
    """``(rubber number, index in it)`` of a record played inside a rubber, else None."""
    keys = SERIES_KEYS.get(rec.get("game"))
    if not keys or keys[0] not in rec:
        return None
    return rec[keys[0]], rec[keys[1]]


def _after(rec: dict):
    """What the next deal of the same rubber must carry, and whether this deal ended it."""
    game, rules = rec["game"], rec["rules"]
    if game == "sueca":
        res = rec["result"]
        g = list(rec["games_before"])
        if res["winner"] is not None:
            g[res["winner"]] += res["games"]
        carry = rec["carry"] + 1 if res["outcome"] == "tie" and rules["tie_carry"] else 0
        return {"games_before": g, "carry": carry}, max(g) >= rules["rubber_games"]
    if game == "brisca":
        g = list(rec["game_points_before"])
        if rec["result"]["winner"] is not None:
            g[rec["result"]["winner"]] += rec["result"]["game_points"]
        if rules.get("rotating_trump"):     # four deals, one per suit
            return {"game_points_before": g}, rec["deal_in_match"] + 1 >= 4
        return {"game_points_before": g}, max(g) >= rules["target"]
    if game == "brisca_rematada":
        pts = [b + x for b, x in zip(rec["scores_before"], rec["score"])]
        top = _strict_top(pts)
        return {"scores_before": pts}, top is not None and pts[top] >= rules["target"]
    if game == "scopa":
        pts = [b + e["points"] for b, e in zip(rec["points_before"], rec["score"])]
        top = _strict_top(pts)
        return {"points_before": pts}, top is not None and pts[top] >= rules["target"]
    if game == "sueca_italiana":
        pts = [b + g for b, g in zip(rec["game_points_before"], rec["result"]["game_points"])]
        top = _strict_top(pts)
        return {"game_points_before": pts}, top is not None and pts[top] >= rules["target"]
    if game == "briscola_chiamata":
        pts = [b + g for b, g in zip(rec["scores_before"], rec["result"]["scores"])]
        return {"scores_before": pts}, rec["deal_in_match"] + 1 >= rules["match_deals"]
    s0, s1 = rec["scores_after"]
    limit = rules["bag_limit"]
    bags = [(b + g) % limit for b, g in zip(rec["bags_before"], rec["bags"])]
    over = False
    if max(s0, s1) >= rules["target"] and s0 != s1:
        over = True
    elif rules["mercy"] and min(s0, s1) <= MERCY and not (s0 == s1):
        over = True
    if rec["hand_in_game"] + 1 >= rules["max_hands"]:
        over = True
    return {"scores_before": [s0, s1], "bags_before": bags}, over


class SequenceCheck:
    """What only a run of records shows, fed one record at a time (see check_sequence)."""

    def __init__(self):
        self.prev = None      # (index, record, what the next deal must carry, series over)

    def add(self, i: int, rec) -> list[tuple[int, str]]:
        """Feed record ``i`` (None for a record with problems of its own: it is skipped)."""
        out: list[tuple[int, str]] = []
        if rec is None:                   # a broken record: nothing to compare with
            self.prev = None
            return out
        key = _series(rec)
        if self.prev is not None:
            j, before, carry, over = self.prev
            series, deal = SERIES_WORDS[before["game"]]
            number, index = _series(before)
            if key is not None and rec["game"] == before["game"] and key[0] == number:
                if over:
                    out.append((i, f"{deal} {key[1]} of {series} {number}, but the {deal} "
                                   f"before ended that {series}"))
                elif key[1] != index + 1:
                    out.append((i, f"{deal} {key[1]} of {series} {number} follows {deal} "
                                   f"{index}"))
                else:
                    n = rec["players"]
                    if rec["dealer"] != (before["dealer"] + 1) % n:
                        out.append((i, f"dealer {rec['dealer']}, but the deal passes to seat "
                                       f"{(before['dealer'] + 1) % n}"))
                    if rec["deal"] != before["deal"] + 1:
                        out.append((i, f"deal {rec['deal']}, but the {deal} before is deal "
                                       f"{before['deal']}"))
                    for k, v in carry.items():
                        if rec[k] != v:
                            out.append((i, f"{k} {rec[k]}, but the {deal} before leaves {v}"))
                if over:
                    key = None
            elif not over:
                out.append((j, f"{series} {number} stops after {deal} {index} without a "
                               f"winner"))
        if key is not None and key[1] != 0 and (
                self.prev is None or _series(self.prev[1])[0] != key[0]):
            series, deal = SERIES_WORDS[rec["game"]]
            out.append((i, f"{series} {key[0]} starts at {deal} {key[1]}, not 0"))
        self.prev = (i, rec, *_after(rec)) if key is not None else None
        return out

    def end(self) -> list[tuple[int, str]]:
        """After the last record: a rubber that stops there must have been won."""
        if self.prev is None or self.prev[3]:
            return []
        series, deal = SERIES_WORDS[self.prev[1]["game"]]
        number, index = _series(self.prev[1])
        return [(self.prev[0], f"{series} {number} stops after {deal} {index} without a "
                               f"winner")]


def check_sequence(records: Iterable) -> list[tuple[int, str]]:
    """Problems of a run of records that only the run shows, as ``(index, message)``.

    Records played inside rubbers (matches, games) must come as ``trunfo records
    --rubbers`` writes them: every deal of a rubber, in order, the dealer passing to the
    next seat, each deal carrying the totals the deal before left, and a rubber that stops
    must have been won.  Pass None in place of a record that has problems of its own
    (``check_record``): it is skipped.
    """
    seq = SequenceCheck()
    out = []
    for i, rec in enumerate(records):
        out += seq.add(i, rec)
    return out + seq.end()


# --- the command ---------------------------------------------------------------------------
def registered_checkers() -> dict:
    """The games registered from outside trunfo, each with the checker it declares
    (``Game.check_record``; None: none).  The one place this module meets the engine: it
    asks the registry for those games' own checkers; trunfo's games are checked here."""
    from simcore.games import all_games
    return {name: getattr(g, "check_record", None) for name, g in all_games().items()
            if name not in GAMES}


def _foreign(check, obj) -> list[str]:
    """A registered game's own checker on one record; its failure is a problem, one line."""
    try:
        return [str(x) for x in check(obj)]
    except Exception as e:
        return [f"the checker of {obj['game']} failed: {type(e).__name__}: {e}"]


def check_files(paths: list[str], out=None, checkers: dict | None = None):
    """Check every file, printing ``FILE:LINE: problem`` lines: ``(records, problems,
    unchecked)``.  ``checkers``: games registered from outside trunfo and their own
    checkers (:func:`registered_checkers`); their records with None are ``unchecked``."""
    out = out or sys.stdout
    checkers = checkers or {}
    records = problems = unchecked = 0
    for path in paths:
        seq = SequenceCheck()
        found_any = False
        skipped: dict[str, int] = {}

        def report(found: list[tuple[int, str]]) -> None:
            nonlocal problems
            for number, msg in found:
                print(f"{path}:{number}: {msg}", file=out)
            problems += len(found)

        with open(path, "rb") as f:
            for number, raw in enumerate(f, 1):
                if not raw.strip():
                    continue
                records += 1
                found_any = True
                try:
                    obj = json.loads(raw.decode("utf-8"))
                    game = obj.get("game") if isinstance(obj, dict) else None
                    if game in checkers and checkers[game] is None:
                        skipped[game] = skipped.get(game, 0) + 1
                        continue
                    found = _foreign(checkers[game], obj) if game in checkers \
                        else check_record(obj)
                except UnicodeDecodeError:
                    obj, found = None, ["the line is not UTF-8 text"]
                except json.JSONDecodeError as e:
                    obj, found = None, [f"not JSON ({e.msg}, column {e.colno})"]
                except RecursionError:
                    obj, found = None, ["not a record: brackets nested too deeply to read"]
                report([(number, msg) for msg in found])
                report(seq.add(number, None if found else obj))
        report(seq.end())
        for game, n in skipped.items():
            print(f"{path}: {n:,} record{'s' if n > 1 else ''} of {game} not checked: the "
                  f"game declares no records checker (Game.check_record)", file=out)
            unchecked += n
        if not found_any:
            print(f"{path}: no records", file=out)
            problems += 1
    return records, problems, unchecked


def cmd_check_records(args) -> int:
    from simcore.errors import TrunfoError
    for path in args.files:
        try:
            with open(path, "rb"):
                pass
        except OSError as e:
            raise TrunfoError(f"cannot read {path}: {e.strerror or e}") from None
    records, problems, unchecked = check_files(args.files, checkers=registered_checkers())
    files = f"{len(args.files)} file{'s' if len(args.files) > 1 else ''}"
    some = f" ({unchecked:,} not checked)" if unchecked else ""
    if problems:
        print(f"{records:,} records in {files}{some}: {problems:,} problem"
              f"{'s' if problems > 1 else ''}")
        return 1
    print(f"{records:,} records in {files}{some}: "
          f"{'all fine' if unchecked < records else 'none checked'}")
    return 0


def register(sub, games) -> None:
    s = sub.add_parser("check-records", help="check game records (JSON Lines) against "
                                             "docs/records.md: format, deal, play, scores")
    s.add_argument("files", nargs="+", metavar="FILE.jsonl")
    s.set_defaults(func=cmd_check_records)
