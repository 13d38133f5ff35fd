"""``trunfo odds GAME``: the exact probability of a holding, then how the deals that have it
turn out under the chosen strategies (docs/odds.md)."""
from __future__ import annotations

import sys

from simcore import __version__
from simcore.errors import TrunfoError

from .options import (add_cluster_option, add_dealing_options, cluster_note, command_line,
                      rules_of, strategies_of)

EXIT_INTERRUPTED = 130


def parse_hands(items: list[str]) -> dict[str, str]:
    """``--hand SEAT=CARDS`` options as a dict (a seat given twice is refused)."""
    hands: dict[str, str] = {}
    for item in items:
        seat, eq, cards = item.partition("=")
        seat, cards = seat.strip(), cards.strip()
        if not eq or not seat or not cards:
            raise TrunfoError(f"bad --hand {item!r}: write SEAT=CARDS, e.g. --hand 0=\"AS 7S KH\" "
                              f"or --hand dealer=\"AS 7S\"")
        if seat in hands:
            raise TrunfoError(f"--hand {seat}= is given twice; give all of a seat's cards in one "
                              f"--hand")
        hands[seat] = cards
    return hands


def add_condition_options(s) -> None:
    """``--hand``, ``--trump``, ``--trump-suit``, ``--where`` (docs/odds.md)."""
    s.add_argument("--hand", action="append", default=[], metavar="SEAT=CARDS",
                   help="predealt cards of a seat (repeatable): 0=\"AS 7S KH\", me=..., "
                        "dealer=..., dealer+1=..., partner=...")
    from simcore.games import all_games
    dealt = [g.title.split(" (")[0] for g in all_games().values() if g.trump_rule == "dealt"]
    s.add_argument("--trump", metavar="CARD",
                   help=f"the face-up trump card ({', '.join(dealt)})")
    s.add_argument("--trump-suit", metavar="SUIT", help="the trump suit only")
    s.add_argument("--where", metavar="EXPR",
                   help="a condition in the conditions language (docs/odds.md), e.g. "
                        "\"trumps(me) >= 4\"")


def conditions_of(args) -> dict | None:
    """The deal conditions given on the command line (None: none)."""
    c = {"hands": parse_hands(args.hand), "trump": args.trump, "trump_suit": args.trump_suit,
         "where": args.where}
    c = {k: v for k, v in c.items() if v}
    return c or None


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _interval(kind: str, v: float, lo: float, hi: float, signed: bool = False) -> tuple[str, str]:
    if kind == "share":
        return _pct(v), f"[{_pct(lo)}, {_pct(hi)}]"
    f = ("+" if signed else "") + (".3f" if abs(v) < 10 else ".2f")
    return format(v, f), f"[{format(lo, f)}, {format(hi, f)}]"


def _exact_line(label: str, p) -> str:
    if p is None:
        return f"  {label:<30}not counted (dealt by rejection)"
    frac = f"{p.numerator}/{p.denominator}"
    return f"  {label:<30}{frac:<28}{float(p):.6g}"


def format_odds(r) -> list[str]:
    s = r.setup
    c = r.conditions
    lines = [f"trunfo {__version__} · {s['game']} odds · {r.done:,} deals · seed {r.seed} · "
             f"dealer {s['dealer']} · seats {','.join(s['strategies'])}",
             f"rules: {s['rules_string']}"]
    parts = [f"{seat}={' '.join(cards)}" for seat, cards in c["hands"].items()]
    if c["trump"]:
        parts.append(f"trump {c['trump']}")
    if c["trump_suit"]:
        parts.append(f"trump suit {c['trump_suit']}")
    if c["where"]:
        parts.append(f"where {c['where']}")
    if c["predicate"]:
        parts.append("a predicate")
    how = "every condition dealt directly" if c["method"] == "direct" else \
        f"dealt by rejection: {', '.join(c['checked'])}"
    lines.append(f"conditions: {' · '.join(parts) if parts else 'none'} ({how})")
    if c.get("dealing_rule"):
        lines.append(f"dealing rule: {c['dealing_rule']}")
    ex = r.exact
    lines += ["", "exact probabilities",
              _exact_line("P(predealt cards)", ex.predeal),
              _exact_line("P(where | predealt cards)", ex.condition),
              _exact_line("P(predealt cards and where)", ex.joint), ""]
    lines.append(f"the deals that have it, seen from {r.seat}"
                 + (f" and {r.side}" if r.side != r.seat else ""))
    lines.append(f"  {'outcome':<32}{'count':>10}  {'estimate':>9}   95% interval")
    for o in r.outcomes.itertuples(index=False):
        v, iv = _interval(o.kind, o.value, o.low95, o.high95, signed=o.key == "games")
        count = f"{o.count:,}" if o.kind == "share" else ""
        lines.append(f"  {o.estimate:<32}{count:>10}  {v:>9}   {iv}")
    for name, t in r.tables.items():
        lines += [""] + _table_lines(t)
    if r.par is not None:
        p = r.par
        lo, hi = p["ci95"]
        lines += ["", f"par (double dummy, every card visible, from the opening lead) of "
                      f"{r.side}: mean {p['mean']:.2f} {p['unit']} [{lo:.2f}, {hi:.2f}] over "
                      f"{p['deals']:,} deals"]
    lines.append("")
    acc = "1, every condition dealt directly" if c["method"] == "direct" else \
        f"{r.acceptance:.4g}, {r.proposals:,} deck orders drawn"
    lines.append(f"{r.done:,} deals in {r.seconds:.2f} s: {r.per_second:,.0f} deals/s on "
                 f"{r.threads} thread{'s' if r.threads > 1 else ''}"
                 f"{' of ' + r.cluster if r.cluster else ''} (acceptance {acc}; "
                 f"conditions analysed in {r.analyse_seconds:.2f} s, compile or cache load "
                 f"{r.compile_seconds:.2f} s){cluster_note(r.cluster_seconds)}")
    if r.interrupted:
        lines.append(f"interrupted: {r.done:,} of {r.requested:,} deals finished")
    return lines


def _table_lines(t) -> list[str]:
    kinds = t.attrs.get("kinds", {})
    cols = [k for k in kinds]
    head = f"  {'holding':<22}{'P(holding)':>11}{'deals':>10}"
    for k in cols:
        head += f"  {_short(k):>22}"
    lines = [t.attrs.get("title", ""), head]
    for r in t.to_dict("records"):
        p = "-" if r["exact"] is None else f"{100 * r['exact']:.3g}%"
        line = f"  {str(r['holding']):<22}{p:>11}{r['deals']:>10,}"
        for k in cols:
            if r["deals"] == 0:
                line += f"  {'-':>22}"
                continue
            v, lo, hi = r[k], r[f"{k} low95"], r[f"{k} high95"]
            if kinds[k] == "share":
                cell = f"{100 * v:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            else:
                cell = f"{v:.2f} [{lo:.2f}, {hi:.2f}]"
            line += f"  {cell:>22}"
        lines.append(line)
    return lines


def _short(label: str) -> str:
    return {"won (61+ points)": "won (61+)", "tie (60-60)": "tie (60)",
            "mean card points": "mean points", "expected games (won - lost)": "games (won-lost)",
            "91+ points": "91+ points"}.get(label, label)


def cmd_odds(args) -> int:
    import simcore
    from .cli import print_json
    r = simcore.odds(args.game, hands=parse_hands(args.hand), trump=args.trump,
                     trump_suit=args.trump_suit, where=args.where, deals=args.deals,
                     seed=args.seed, strategies=strategies_of(args), rules=rules_of(args),
                     dealer=args.dealer, players=args.players, threads=args.threads,
                     seat=args.seat, table=args.table, par=args.par, progress=args.progress,
                     cluster=args.cluster)
    if args.json:
        d = r.to_dict()
        d["command"] = command_line(args)
        print_json(d)
    else:
        print("\n".join(format_odds(r)))
    return EXIT_INTERRUPTED if r.interrupted else 0


def register(sub, games) -> None:
    from simcore.games import solver_games
    s = sub.add_parser("odds", help="exact odds of a holding, and how the deals that have it "
                                    "turn out")
    s.add_argument("game", choices=games, metavar="GAME", help=f"one of: {', '.join(games)}")
    add_dealing_options(s, count_help="deals to play that satisfy the conditions",
                        default_count=100_000)
    add_cluster_option(s)
    add_condition_options(s)
    s.add_argument("--seat", metavar="SEAT",
                   help="the seat the outcomes are seen from (default: the first seat given "
                        "a hand, else me)")
    s.add_argument("--table", action="store_true",
                   help="add the game's standard tables (outcomes by a holding, with its exact "
                        "probability)")
    s.add_argument("--par", action="store_true",
                   help=f"also solve every deal double dummy ({', '.join(solver_games())}; "
                        f"slow)")
    s.set_defaults(func=cmd_odds)


if __name__ == "__main__":
    from .cli import main
    sys.exit(main(["odds", *sys.argv[1:]]))
