"""``trunfo solve``: the double-dummy par of a recorded deal and one best line of play.

Registered by ``experiments.cli._extra_commands``.  The solver is ``simcore.solver``; this
module only reads the record, calls it and prints.
"""
from __future__ import annotations

import json
import time

from simcore import __version__
from simcore.errors import TrunfoError


def register(sub, games) -> None:
    from simcore.games import solver_games
    s = sub.add_parser("solve", help="double-dummy par of a recorded deal, and a best line")
    s.add_argument("game", choices=games, metavar="GAME",
                   help=f"one of: {', '.join(solver_games())} (the games the solver plays)")
    s.add_argument("--record", required=True, metavar="FILE.jsonl",
                   help="game records, as 'trunfo records GAME --out FILE.jsonl' writes them")
    s.add_argument("--deal", type=int, default=None, metavar="K",
                   help="the record whose deal number is K (default: the first in the file)")
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


def _solved(pos, deal):
    """``(api.solve(pos), api.best_line(pos))``, searched in a worker thread: Ctrl-C stops
    even a whole deal's search (minutes for a 4-player deal of 40 cards) within a fraction of a
    second (``simcore.runner.interruptible``).  A search still running after
    :data:`NOTICE_SECONDS` says so on stderr."""
    import sys
    import threading

    from simcore.runner import interruptible
    from simcore.solver import api

    def notice():
        print(f"solving deal {deal} double dummy: a whole deal can take minutes "
              f"(docs/solver.md); Ctrl-C stops", file=sys.stderr, flush=True)

    timer = threading.Timer(NOTICE_SECONDS, notice)
    timer.daemon = True
    timer.start()
    try:
        return interruptible(lambda: (api.solve(pos), api.best_line(pos)))
    finally:
        timer.cancel()


def cmd_solve(args) -> int:
    from simcore.games import get_game, solver_of
    from simcore.solver import api
    from .cli import print_json
    solver = solver_of(get_game(args.game))
    rec = read_record(args.record, args.game, args.deal)
    pos = api.position_from_record(solver, rec)
    deck = pos.config.deck
    t = time.perf_counter()
    sol, (par, line) = _solved(pos, rec.get("deal"))
    seconds = time.perf_counter() - t
    tricks = api.play_line(pos, line)
    unit = pos.config.unit
    fc = deck.format_card
    if args.json:
        print_json({"game": args.game, "players": pos.players, "seed": rec.get("seed"),
                    "deal": rec.get("deal"), "dealer": rec.get("dealer"),
                    "trump": rec.get("trump"), "leader": pos.leader, "unit": unit,
                    "par": list(par), "moves": {fc(c): list(v) for c, v in sol.moves.items()},
                    "line": [[s, fc(c)] for s, c in line],
                    "tricks": [{"leader": x["leader"], "winner": x["winner"],
                                "value": x["value"]} for x in tricks],
                    "seconds": seconds})
        return 0
    sides = "side = seat % 2"
    fixed = pos.config.trump
    trump = f"trump {rec['trump']}" if fixed is None else f"{deck.suit_names[fixed]} trump"
    out = [f"trunfo {__version__} · solve {args.game} · {pos.players} players · deal "
           f"{rec.get('deal')} (seed {rec.get('seed')}) · dealer {rec.get('dealer')} · {trump}",
           "hands: " + " | ".join(f"{s}: {' '.join(deck.format_hand(h))}"
                                  for s, h in enumerate(pos.hands))]
    if pos.stock:
        out.append("stock (first drawn first): " + " ".join(fc(c) for c in pos.stock))
    out += ["",
            f"par, both sides playing their best with every card visible ({sides}):",
            f"  side 0 {par[0]} {unit}, side 1 {par[1]} {unit}",
            "",
            f"seat {pos.to_move} leads; each card with what side 0 and side 1 then take:"]
    cells = [f"{fc(c)} {v[0]}-{v[1]}{'*' if v == sol.par else ''}"
             for c, v in sorted(sol.moves.items(), key=lambda kv: (-kv[1][0 if pos.to_move % 2 == 0 else 1], kv[0]))]
    out += ["  " + "  ".join(cells[i:i + 8]) for i in range(0, len(cells), 8)]
    out += ["  (* keeps the par)", "", "one best line:"]
    total = [0, 0]
    for k, tr in enumerate(tricks, 1):
        total[tr["winner"] % 2] += tr["value"]
        cards = " ".join(f"{s}:{fc(c)}" for s, c in tr["cards"])
        out.append(f"  {k:>2}. {cards:<{9 * pos.players}} seat {tr['winner']} takes "
                   f"{tr['value']:>2}   ({total[0]}-{total[1]})")
    out.append(f"solved in {seconds:.2f} s (compile or cache load included)")
    print("\n".join(out))
    return 0
