"""``trunfo solve``: the double-dummy par of a deal, recorded or typed, from its opening or
after the cards played so far, and one best line of play.

Registered by ``experiments.cli._extra_commands``.  The solver is ``simcore.solver``; this
module only reads the record or the typed deal, calls it and prints.
"""
from __future__ import annotations

import json
import time

from simcore import __version__
from simcore.errors import TrunfoError


def register(sub, games) -> None:
    from simcore.games import solver_games
    s = sub.add_parser("solve", help="double-dummy par of a deal, recorded or typed, and a "
                                     "best line")
    s.add_argument("game", choices=games, metavar="GAME",
                   help=f"one of: {', '.join(solver_games())} (the games the solver plays)")
    src = s.add_mutually_exclusive_group(required=True)
    src.add_argument("--record", metavar="FILE.jsonl",
                     help="game records, as 'trunfo records GAME --out FILE.jsonl' writes them")
    src.add_argument("--hands", metavar="'CARDS / CARDS / ...'",
                     help="a deal typed by hand: each seat's cards from seat 0 on, seats "
                          "separated by '/', e.g. 'AS 7S KD ... / 2C ... / ... / ...' "
                          "(docs/solver.md)")
    s.add_argument("--deal", type=int, default=None, metavar="K",
                   help="with --record: the record whose deal number is K (default: the "
                        "first in the file)")
    s.add_argument("--trump", default=None, metavar="CARD|SUIT",
                   help="with --hands: the trump card turned, or the trump suit (a letter); "
                        "with a stock, its last card is the one turned")
    s.add_argument("--stock", default=None, metavar="CARDS",
                   help="with --hands, a game with a stock: the cards still to be "
                        "drawn, first drawn first")
    s.add_argument("--dealer", type=int, default=None, metavar="SEAT",
                   help="with --hands: the dealer; the seat after it leads (default: the last "
                        "seat, so seat 0 leads)")
    s.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="with --hands: a rule option (repeatable; a record carries its own); "
                        "see 'trunfo rules GAME'")
    s.add_argument("--played", default=None, metavar="CARDS",
                   help="the cards played so far, in playing order from the opening lead: "
                        "the position after them is solved")
    s.add_argument("--json", action="store_true", help="print only one JSON object on stdout")
    s.set_defaults(func=cmd_solve)


def read_record(path: str, game: str, deal: int | None) -> dict:
    """The record of ``deal`` (or the first) in a JSON Lines file; one-line errors."""
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        raise TrunfoError(f"cannot read {path}: {e.strerror}") from None
    seen = []
    with f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                raise TrunfoError(f"{path} line {i} is not JSON: {e.msg}") from None
            except RecursionError:
                raise TrunfoError(f"{path} line {i} is not a game record: brackets nested "
                                  "too deeply to read") from None
            if not isinstance(rec, dict):
                raise TrunfoError(f"{path} line {i} is not a game record (a JSON object)")
            if rec.get("game") != game:
                raise TrunfoError(f"{path} line {i} is a record of {rec.get('game')!r}, "
                                  f"not {game}")
            if deal is None or rec.get("deal") == deal:
                check(rec, path, i)
                return rec
            seen.append(rec.get("deal"))
    if deal is None:
        raise TrunfoError(f"{path} holds no records")
    shown = ", ".join(map(str, seen[:10])) + (", ..." if len(seen) > 10 else "")
    raise TrunfoError(f"deal {deal} is not in {path}; deals there: {shown or 'none'}")


def check(rec: dict, path: str, line: int) -> None:
    """The record checked as ``trunfo check-records`` checks it (docs/records.md) before it
    is solved: an impossible deal (a card twice, hands of the wrong size, a stock that
    repeats a hand's card, a dealer who is no seat...) is one line, not a par."""
    from .records_check import check_record
    problems = check_record(rec)
    if problems:
        more = len(problems) - 1
        raise TrunfoError(f"{path} line {line} is not a valid record: {problems[0]}"
                          + (f" (and {more} more; 'trunfo check-records {path}' lists them)"
                             if more else ""))


#: a solve still running after this many seconds says so on stderr
NOTICE_SECONDS = 1.0


def _solved(pos, what):
    """``(api.solve(pos), api.best_line(pos))``, searched in a worker thread: Ctrl-C stops
    even a whole deal's search (minutes for a 4-player deal of 40 cards) within a fraction of a
    second (``simcore.runner.interruptible``).  A search still running after
    :data:`NOTICE_SECONDS` says so on stderr."""
    import sys
    import threading

    from simcore.runner import interruptible
    from simcore.solver import api

    def notice():
        print(f"solving {what} double dummy: a whole deal can take minutes "
              f"(docs/solver.md); Ctrl-C stops", file=sys.stderr, flush=True)

    timer = threading.Timer(NOTICE_SECONDS, notice)
    timer.daemon = True
    timer.start()
    try:
        return interruptible(lambda: (api.solve(pos), api.best_line(pos)))
    finally:
        timer.cancel()


def typed_deal(game, solver, args) -> dict:
    """A record of the deal typed with ``--hands`` (and ``--trump``, ``--stock``,
    ``--dealer``, ``--rule``), as ``solver.record_opening`` reads records: each card checked
    once, every seat holding as many cards; one-line errors naming the problem."""
    from simcore.rules import parse_assignments
    rules = game.rules.resolve(parse_assignments(args.rule)).as_dict()
    texts = [h.strip() for h in args.hands.split("/")]
    players = len(texts)
    if players not in game.players:
        raise TrunfoError(f"--hands names {players} hands (seats are separated by '/'); "
                          f"{game.name} is played by "
                          f"{', '.join(map(str, game.players))} players")
    config = solver.config(players, rules)
    deck = config.deck
    hands = [deck.parse_hand(t) for t in texts]
    stock = [deck.parse_card(c) for c in (args.stock or "").replace(",", " ").split()]
    if stock and not config.stock:
        raise TrunfoError(f"{game.name} has no stock; --stock goes with a game that draws "
                          f"after each trick")
    seen = 0
    for c in [c for h in hands for c in deck.cards_of(h)] + stock:
        if seen >> c & 1:
            raise TrunfoError(f"card {deck.format_card(c)} is dealt twice (--hands, --stock)")
        seen |= 1 << c
    sizes = {bin(int(h)).count("1") for h in hands}
    if len(sizes) != 1 or 0 in sizes:
        raise TrunfoError("every seat must hold as many cards, at least one (the position "
                          "before a trick's first card; play cards with --played): got "
                          + ", ".join(str(bin(int(h)).count("1")) for h in hands))
    if stock and len(stock) % players:
        raise TrunfoError(f"the stock holds {len(stock)} cards; after each trick each of the "
                          f"{players} seats draws one, so it must hold a multiple of {players}")
    dealer = players - 1 if args.dealer is None else args.dealer
    if not 0 <= dealer < players:
        raise TrunfoError(f"--dealer {dealer} is not a seat; seats are 0 to {players - 1}")
    trump = _typed_trump(deck, config, args.trump, stock)
    return {"game": game.name, "players": players, "dealer": dealer, "rules": rules,
            "hands": [" ".join(deck.format_hand(h)) for h in hands],
            "trump": trump, "stock": [deck.format_card(c) for c in stock]}


def _typed_trump(deck, config, given, stock) -> str | None:
    """The trump card of a typed deal as a record names it (any card of the trump suit when
    only the suit is given)."""
    if config.trump is not None:
        suit = deck.suits[config.trump]
        if given not in (None, suit) and not (len(given) == 2 and given[1] == suit):
            raise TrunfoError(f"the trump of this game is always {deck.suit_names[config.trump]} "
                              f"({suit}); leave out --trump")
        return None
    if stock:
        turned = deck.format_card(stock[-1])
        if given is not None and given not in (turned, turned[1]):
            raise TrunfoError(f"--trump {given}: the trump card turned is the stock's last "
                              f"card, {turned}")
        return turned
    if given is None:
        raise TrunfoError(f"name the trump: --trump CARD (the card turned) or --trump SUIT, "
                          f"one of {' '.join(deck.suits)}")
    if given in deck.suits:
        return deck.ranks[-1] + given
    deck.parse_card(given)
    return given


def cmd_solve(args) -> int:
    from simcore.games import get_game, solver_of
    from simcore.solver import api
    from .cli import print_json
    game = get_game(args.game)
    solver = solver_of(game)
    if args.record is not None:
        extra = [f for f, v in (("--trump", args.trump), ("--stock", args.stock),
                                ("--dealer", args.dealer), ("--rule", args.rule)) if v]
        if extra:
            raise TrunfoError(f"{', '.join(extra)} go(es) with --hands; a record carries its "
                              f"own deal and rules")
        rec = read_record(args.record, args.game, args.deal)
    else:
        if args.deal is not None:
            raise TrunfoError("--deal goes with --record (a typed deal is the one solved)")
        rec = typed_deal(game, solver, args)
    opening = api.position_from_record(solver, rec)
    deck = opening.config.deck
    played = [deck.parse_card(c) for c in (args.played or "").replace(",", " ").split()]
    pos = api.position_after(opening, played) if played else opening
    if not any(pos.hands):
        raise TrunfoError("the deal is over after the cards played: nothing left to solve")
    t = time.perf_counter()
    which = (f"deal {rec.get('deal')} (seed {rec.get('seed')})" if args.record is not None
             else "typed deal")
    what = f"deal {rec.get('deal')}" if args.record is not None else "the typed deal"
    sol, (par, line) = _solved(pos, what if not played else f"{what} after the cards played")
    seconds = time.perf_counter() - t
    tricks = api.play_line(pos, line)
    unit = pos.config.unit
    fc = deck.format_card
    if args.json:
        print_json({"game": args.game, "players": pos.players, "seed": rec.get("seed"),
                    "deal": rec.get("deal"), "dealer": rec.get("dealer"),
                    "trump": rec.get("trump"), "leader": opening.leader,
                    "played": [fc(c) for c in played], "to_move": pos.to_move,
                    "taken": list(pos.taken), "unit": unit,
                    "par": list(par), "moves": {fc(c): list(v) for c, v in sol.moves.items()},
                    "line": [[s, fc(c)] for s, c in line],
                    "tricks": [{"leader": x["leader"], "winner": x["winner"],
                                "value": x["value"]} for x in tricks],
                    "seconds": seconds})
        return 0
    sides = "side = seat % 2"
    fixed = pos.config.trump
    trump = f"trump {rec['trump']}" if fixed is None else f"{deck.suit_names[fixed]} trump"
    out = [f"trunfo {__version__} · solve {args.game} · {pos.players} players · {which} · "
           f"dealer {rec.get('dealer')} · {trump}",
           "hands: " + " | ".join(f"{s}: {' '.join(deck.format_hand(h))}"
                                  for s, h in enumerate(opening.hands))]
    if opening.stock:
        out.append("stock (first drawn first): " + " ".join(fc(c) for c in opening.stock))
    if played:
        n = opening.players
        out.append(f"played so far ({len(played)} card{'s' if len(played) > 1 else ''}): "
                   + " ".join(fc(c) for c in played))
        out.append(f"taken so far: side 0 {pos.taken[0]} {unit}, side 1 {pos.taken[1]} {unit}")
        if pos.trick:
            on = [f"{(pos.leader + i) % n}:{fc(c)}" for i, c in enumerate(pos.trick)]
            out.append("on the table: " + " ".join(on))
    out += ["",
            f"par, both sides playing their best with every card visible ({sides}):",
            f"  side 0 {par[0]} {unit}, side 1 {par[1]} {unit}",
            "",
            f"seat {pos.to_move} {'plays' if pos.trick else 'leads'}; each card with what "
            f"side 0 and side 1 then take:"]
    cells = [f"{fc(c)} {v[0]}-{v[1]}{'*' if v == sol.par else ''}"
             for c, v in sorted(sol.moves.items(), key=lambda kv: (-kv[1][0 if pos.to_move % 2 == 0 else 1], kv[0]))]
    out += ["  " + "  ".join(cells[i:i + 8]) for i in range(0, len(cells), 8)]
    out += ["  (* keeps the par)", "", "one best line:"]
    total = list(pos.taken)
    first = len(played) // opening.players + 1
    for k, tr in enumerate(tricks, first):
        total[tr["winner"] % 2] += tr["value"]
        on_table = [((pos.leader + i) % pos.players, c) for i, c in enumerate(pos.trick)] \
            if k == first else []
        cards = " ".join(f"{s}:{fc(c)}" for s, c in on_table + tr["cards"])
        out.append(f"  {k:>2}. {cards:<{9 * pos.players}} seat {tr['winner']} takes "
                   f"{tr['value']:>2}   ({total[0]}-{total[1]})")
    out.append(f"solved in {seconds:.2f} s (compile or cache load included)")
    print("\n".join(out))
    return 0
