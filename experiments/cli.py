"""The ``trunfo`` command line.

Every error in the user's input is one line on stderr naming the problem and
the valid choices, with exit code 2 and no traceback.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import threading

from simcore import __version__
from simcore.errors import TrunfoError

from .options import (add_cluster_option, add_dealing_options, add_strategy_file_option,
                      cluster_note, command_line, load_strategy_files, rules_of,
                      strategies_of)

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, no usage block
        raise TrunfoError(message)


def _json_default(o):
    if hasattr(o, "item"):
        return o.item()
    return str(o)


def _clean(o):
    """JSON has no NaN: write null instead."""
    if isinstance(o, float) and not math.isfinite(o):
        return None
    if isinstance(o, dict):
        return {k: _clean(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [_clean(v) for v in o]
    return o


def print_json(obj) -> None:
    sys.stdout.write(json.dumps(_clean(obj), default=_json_default) + "\n")


# --- simulate ------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:6.2f}%"


def _noted(label: str, notes: dict) -> str:
    """The label as shown: spaces for underscores, and the note of its kind (the longest
    kind it ends with, ``Game.outcome_notes``) in brackets: ``team0 single (61-90)``."""
    from reports.tables import outcome_note
    note = outcome_note(label, notes)
    return label.replace("_", " ") + (f" ({note})" if note else "")


def _share_lines(title: str, table: dict, notes: dict | None = None,
                 width: int = 28) -> list[str]:
    shown = {label: _noted(label, notes or {}) for label in table}
    lines = [title, f"  {'outcome':<{width}}{'count':>12}  {'share':>8}   95% interval"]
    for label, e in table.items():
        lo, hi = e["ci95"]
        lines.append(f"  {shown[label]:<{width}}{e['count']:>12,}  {_pct(e['share'])}"
                     f"   [{_pct(lo).strip()}, {_pct(hi).strip()}]")
    return lines


def _header(r, unit: str) -> list[str]:
    s = r.setup
    return [f"trunfo {__version__} · {s['game']} · {r.done:,} {unit} · seed {r.seed} · "
            f"dealer {s['dealer']} · seats {','.join(s['strategies'])}",
            f"rules: {s['rules_string']}"] + \
        ([f"only deals with {s['conditions']}"] if s.get("conditions") else [])


def _footer(r, unit: str) -> list[str]:
    lines = [f"{r.done:,} {unit} in {r.seconds:.2f} s: {r.per_second:,.0f} {unit}/s on "
             f"{r.threads} thread{'s' if r.threads > 1 else ''} "
             f"(compile or cache load {r.compile_seconds:.2f} s)"
             f"{cluster_note(r.cluster_seconds)}"]
    if r.interrupted:
        lines.append(f"interrupted: {r.done:,} of {r.requested:,} {unit} finished")
    return lines


def cmd_simulate(args) -> int:
    import simcore
    common = dict(seed=args.seed, strategies=strategies_of(args), rules=rules_of(args),
                  dealer=args.dealer, players=args.players, threads=args.threads,
                  out=args.out, progress=args.progress, command=command_line(args),
                  cluster=args.cluster)
    from .odds_cli import conditions_of
    conditions = conditions_of(args)
    if args.rubbers:
        if args.par:
            raise TrunfoError("--par solves single deals; it does not go with --rubbers")
        if conditions:
            raise TrunfoError("--hand, --trump, --trump-suit and --where condition single "
                              "deals; they do not go with --rubbers")
        r = simcore.simulate_rubbers(args.game, rubbers=args.deals, **common)
    else:
        r = simcore.simulate(args.game, deals=args.deals, par=args.par, conditions=conditions,
                             **common)
    if args.json:
        print_json(r.to_dict())
    else:
        print("\n".join(_format_rubbers(r) if args.rubbers else _format_deals(r)))
    if args.out and not args.json:
        unit = next((u for u in ("matches", "games") if u in r.summary), "rubbers") \
            if args.rubbers else "deals"
        print(f"wrote {r.done:,} {unit} to {args.out}", file=sys.stderr)
    return EXIT_INTERRUPTED if r.interrupted else 0


_TABLE_TITLES = {"outcomes": "outcomes by team", "dealer_side": "from the dealer's team's side",
                 "winners": "deals won", "ends": "how rubbers ended"}


def _is_share_table(v) -> bool:
    return isinstance(v, dict) and bool(v) and all(
        isinstance(e, dict) and {"count", "share", "ci95"} <= set(e) for e in v.values())


def _share_tables(s: dict, notes: dict | None = None) -> list[str]:
    """Every table of share entries in the summary, in order (any game); ``notes``: the
    game's ``outcome_notes``, shown in the outcome tables and the title of the deals won."""
    lines = []
    notes = notes or {}
    noted = ("outcomes", "dealer_side")
    width = max([28] + [len(_noted(label, notes)) + 2 for key in noted
                        if notes and _is_share_table(s.get(key)) for label in s[key]])
    for key, table in s.items():
        if not _is_share_table(table):
            continue
        title = _TABLE_TITLES.get(key, key.replace("_", " "))
        if not any("team" in label for label in table):
            title = title.replace("team's side", "side").replace("team", "side")
        if key == "winners" and "won" in notes:
            title += f" ({notes['won']})"
        lines += _share_lines(title, table, notes if key in noted else None, width) + [""]
    return lines


def _outcome_notes(setup: dict) -> dict:
    """The game's ``outcome_notes`` under the run's rules ({} for a game not known here)."""
    from simcore.games import get_game
    try:
        return get_game(setup["game"]).outcome_notes(setup["rules"])
    except (KeyError, TrunfoError):
        return {}


def _format_deals(r) -> list[str]:
    s = r.summary
    lines = _header(r, "deals") + [""] + _share_tables(s, _outcome_notes(r.setup))
    means = {k[len("mean_points_"):]: v for k, v in s.items()
             if k.startswith("mean_points_") and isinstance(v, float)}
    if means:
        lines.append("mean points: " + ", ".join(
            f"{k.replace('dealer_', 'dealer' + chr(39) + 's ')} {v:.2f}" for k, v in means.items()))
    for k, v in s.items():
        if k.startswith("mean_") and not k.startswith("mean_points_") and isinstance(v, float):
            lines.append(f"{k[5:].replace('_', ' ')}: mean {v:.3f}")
    if "par" in s:
        lines += [""] + _par_lines(s["par"])
    return lines + _footer(r, "deals")


def _par_lines(p: dict) -> list[str]:
    """The par (double-dummy) summary of ``simulate --par``."""
    lo, hi = p["mean_side0_ci95"]
    unit = p["unit"]
    lines = [f"par (double dummy, every card visible, from the opening lead), {p['deals']:,} deals",
             f"  side 0 {unit}: mean {p['mean_side0']:.2f} [{lo:.2f}, {hi:.2f}]; "
             f"side 1: mean {p['mean_side1']:.2f}"]
    dist = {k: v for k, v in enumerate(p["distribution_side0"]) if v}
    n = max(p["deals"], 1)
    lines.append(f"  side 0 {unit}      deals   share")
    for label, v in _length_bins(dist, most=12):
        lines.append(f"  {label:>9} {v:>14,}  {_pct(v / n)}  {'#' * int(40 * v / n)}")
    return lines


def _format_rubbers(r) -> list[str]:
    s = r.summary
    unit = next((u for u in ("matches", "games") if u in s), "rubbers")
    one = unit[:-2] if unit == "matches" else unit[:-1]
    step = "hands" if f"mean_hands_per_{one}" in s else "deals"   # Spades plays hands
    lines = _header(r, unit) + [""]
    prefix = f"{one}_win_share_"
    for key, v in s.items():
        if key.startswith(prefix) and not key.endswith("_ci95"):
            who = key[len(prefix):]
            label = who.replace("first_dealer_", "").replace("_", " ")
            label = f"{label[:-1]} {label[-1]}" if label[-1].isdigit() else label
            if who.startswith("first_dealer_"):
                label += " that dealt first"
            lo, hi = s[key + "_ci95"]
            lines.append(f"  {unit} won by {label:<24}{_pct(v)}"
                         f"   [{_pct(lo).strip()}, {_pct(hi).strip()}]")
    lines.append("")
    if len(s.get("ends", {})) > 1:
        lines += _share_lines(_TABLE_TITLES["ends"].replace("rubbers", unit), s["ends"]) + [""]
    lo, hi = s[f"mean_{step}_per_{one}_ci95"]
    lines.append(f"{step} per {one}: mean {s[f'mean_{step}_per_{one}']:.3f} [{lo:.3f}, {hi:.3f}]")
    n = max(s[unit], 1)
    for label, v in _length_bins(s[f"{step}_per_{one}"]):
        lines.append(f"  {label:>9} {step} {v:>10,}  {_pct(v / n)}  {'#' * int(60 * v / n)}")
    return lines + _footer(r, unit)


def _length_bins(dist: dict, most: int = 16) -> list[tuple[str, int]]:
    """The length distribution as rows; long tails are grouped into equal-width bins."""
    if not dist:
        return []
    lo, hi = min(dist), max(dist)
    if hi - lo + 1 <= most:
        return [(str(k), dist.get(k, 0)) for k in range(lo, hi + 1)]
    width = -(-(hi - lo + 1) // most)
    rows = []
    for a in range(lo, hi + 1, width):
        b = min(a + width - 1, hi)
        rows.append((f"{a}-{b}", sum(dist.get(k, 0) for k in range(a, b + 1))))
    return rows


# --- records ------------------------------------------------------------------------
def cmd_records(args) -> int:
    from simcore.facade import write_records
    from .odds_cli import conditions_of
    conditions = conditions_of(args)
    if args.rubbers and conditions:
        raise TrunfoError("--hand, --trump, --trump-suit and --where condition single "
                          "deals; they do not go with --rubbers")
    to_stdout = args.out == "-"
    r = write_records(sys.stdout if to_stdout else args.out, args.game, deals=args.deals,
                      seed=args.seed, strategies=strategies_of(args), rules=rules_of(args),
                      dealer=args.dealer, players=args.players, rubbers=args.rubbers,
                      threads=args.threads, cluster=args.cluster, progress=args.progress,
                      conditions=conditions)
    where = "" if to_stdout else f" to {args.out}"
    if r.interrupted:
        print(f"interrupted: {r.records:,} records written{where}", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json and not to_stdout:
        print_json({"records": r.records, "out": args.out,
                    **({} if r.cluster_seconds is None else
                       {"cluster_seconds": r.cluster_seconds})})
    elif not to_stdout:
        print(f"wrote {r.records:,} records{where}{cluster_note(r.cluster_seconds)}",
              file=sys.stderr)
    return 0


# --- rules, strategies -------------------------------------------------------------
def cmd_rules(args) -> int:
    from simcore.games import all_games, get_game
    from simcore.rules import value_text
    if not args.game:
        games = all_games()
        if args.json:
            print_json({name: g.title for name, g in games.items()})
        else:
            width = max(10, max(len(name) for name in games) + 2)
            for name, g in games.items():
                print(f"{name:<{width}}{g.title}  (players: {', '.join(map(str, g.players))})")
        return 0
    g = get_game(args.game)
    if args.json:
        print_json({o.name: {"default": o.default, "allowed": list(o.choices), "doc": o.doc,
                             **({"range": [o.minimum, o.maximum]} if not o.choices else {})}
                    for o in g.rules.options})
        return 0
    print(f"{g.title} — rule options (--rule key=value)")
    if getattr(g, "players_note", ""):      # what the player counts change (Brisca)
        print(f"  players: {g.players_note}")
    for o in g.rules.options:
        print(f"  {o.name:<20} default {value_text(o.default):<12} allowed: {o.allowed_text()}")
        print(f"  {'':<20} {o.doc}")
    return 0


def cmd_strategies(args) -> int:
    from simcore.rules import value_text
    from simcore.games import all_games, get_game
    from simcore.strategy import strategies_for
    names = [get_game(args.game).name] if args.game else list(all_games())
    table = {g: {s.name: _describe(s) for s in strategies_for(g).values()} for g in names}
    if args.json:
        print_json(table)
        return 0
    for g, strats in table.items():
        print(g)
        for name, d in strats.items():
            origin = "" if d["origin"] == "built-in" else f"  [{d['origin']}]"
            print(f"  {name:<10}{d['doc']}{origin}")
            if d.get("players"):
                print(f"  {'':<10}  plays with {', '.join(map(str, d['players']))} players only")
            for p in d["params"]:
                print(f"  {'':<10}  {p['name']:<16} default {value_text(p['default']):<8} "
                      f"allowed: {p['allowed']}")
                if p["doc"]:
                    print(f"  {'':<10}  {'':<16} {p['doc']}")
    return 0


def _describe(s) -> dict:
    if hasattr(s, "describe"):
        return s.describe()
    return {"name": s.name, "doc": s.doc, "origin": "built-in",
            "deterministic": s.deterministic, "params": []}


# --- parser ------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    from simcore.games import all_games, solver_games
    games = list(all_games())
    titles = [g.title.split(" (")[0] for g in all_games().values()]
    p = _Parser(prog="trunfo", description=f"Monte Carlo simulator for "
                                           f"{', '.join(titles[:-1])} and {titles[-1]}.")
    p.add_argument("--version", action="version", version=f"trunfo {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    s = sub.add_parser("simulate", help="play many deals and print outcome shares")
    s.add_argument("game", choices=games, metavar="GAME", help=f"one of: {', '.join(games)}")
    add_dealing_options(s)
    s.add_argument("--rubbers", "--matches", "--games", dest="rubbers", action="store_true",
                   help="play whole rubbers (matches, games): -n counts rubbers")
    s.add_argument("--out", metavar="FILE.parquet", help="write one row per deal (or rubber)")
    from .odds_cli import add_condition_options
    add_condition_options(s)
    s.add_argument("--par", action="store_true",
                   help=f"also solve every deal double dummy from the opening lead "
                        f"({', '.join(solver_games())}; slow: see docs/solver.md)")
    add_cluster_option(s)
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("records", help="write game records (JSON Lines) of simulated deals")
    s.add_argument("game", choices=games, metavar="GAME", help=f"one of: {', '.join(games)}")
    add_dealing_options(s, default_count=10)
    s.add_argument("--rubbers", "--matches", "--games", dest="rubbers", action="store_true",
                   help="-n counts rubbers (matches, games); every deal of each is written")
    s.add_argument("--out", required=True, metavar="FILE.jsonl", help="output file, - for stdout")
    add_condition_options(s)
    add_cluster_option(s)
    s.set_defaults(func=cmd_records)

    s = sub.add_parser("rules", help="list games, or a game's rule options")
    s.add_argument("game", nargs="?", choices=games, metavar="GAME")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_rules)

    s = sub.add_parser("strategies", help="list strategies and their parameters")
    s.add_argument("game", nargs="?", choices=games, metavar="GAME")
    s.add_argument("--json", action="store_true")
    add_strategy_file_option(s)
    s.set_defaults(func=cmd_strategies)

    for register in _extra_commands():
        register(sub, games)
    return p


def _extra_commands():
    """Commands living in their own modules register themselves here."""
    regs = []
    for mod in ("experiments.study_cli", "experiments.compare_cli",
                "experiments.records_check", "experiments.solve_cli", "experiments.odds_cli"):
        try:
            m = __import__(mod, fromlist=["register"])
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise
            continue
        regs.append(m.register)
    return regs


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv=None) -> int:
    """Run one ``trunfo`` command; its exit code.

    Called without ``argv`` (the console script, ``python -m experiments.cli``) it is
    the whole program: it flushes its output and ends the process at once with
    ``os._exit``, sparing the second or so that the interpreter takes to free the
    compiled kernels, so that a command stopped by Ctrl-C ends at once.
    """
    code = _main(argv)
    if argv is None:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    return code


def _main(argv=None) -> int:
    import signal
    previous = None
    if (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL):
        previous = signal.signal(signal.SIGTERM, _interrupt)   # SIGTERM is handled as Ctrl-C
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        args.argv = list(argv) if argv is not None else None
        load_strategy_files(args)
        return args.func(args)
    except TrunfoError as e:
        print(f"trunfo: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("trunfo: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return 0
    except OSError as e:                 # a file the user named could not be read or written
        where = f"{e.filename}: " if e.filename else ""
        print(f"trunfo: error: {where}{e.strerror or e}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
