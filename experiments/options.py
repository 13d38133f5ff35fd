"""The command-line convention shared by every command that deals cards."""
from __future__ import annotations

import argparse
import shlex
import sys

from simcore.rules import parse_assignments


def add_dealing_options(p: argparse.ArgumentParser, *, count_help: str = "deals to play",
                        default_count: int = 1_000_000) -> None:
    p.add_argument("-n", "--deals", type=positive_int, default=default_count, metavar="N",
                   help=f"{count_help} (default {default_count:,})")
    p.add_argument("--seed", type=seed_int, default=0, help="run seed, 0 <= S < 2**64 (default 0)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--strategy", default=None, metavar="NAME",
                   help="one strategy for every seat (default random)")
    g.add_argument("--seats", default=None, metavar="A,B,...",
                   help="one strategy per seat, comma-separated, in seat order")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option (repeatable); see 'trunfo rules GAME'")
    p.add_argument("--dealer", type=int, default=None, metavar="SEAT",
                   help="fix the dealer (default: rotates with the deal index)")
    p.add_argument("--players", type=positive_int, default=None, metavar="N",
                   help="number of players, for games that allow several")
    p.add_argument("--threads", type=positive_int, default=None, metavar="T",
                   help="worker threads (default: all cores)")
    p.add_argument("--json", action="store_true", help="print only one JSON object on stdout")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")
    add_strategy_file_option(p)


def add_strategy_file_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--strategy-file", action="append", default=[], metavar="FILE.py",
                   help="a Python file of your own strategies (repeatable); see "
                        "docs/strategies.md")


def load_strategy_files(args) -> None:
    """Import the ``--strategy-file`` files, so that their strategies can be named."""
    from simcore.strategy import load_file
    for f in getattr(args, "strategy_file", None) or []:
        load_file(f)


def positive_int(text: str) -> int:
    try:
        v = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive integer") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive integer (must be >= 1)")
    return v


def seed_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not 0 <= v < 2**64:
        raise argparse.ArgumentTypeError(f"{text} is outside [0, 2**64)")
    return v


def strategies_of(args) -> tuple[str, ...]:
    from simcore.strategy import split_names
    if args.seats:
        return tuple(split_names(args.seats))
    return (args.strategy or "random",)


def rules_of(args) -> dict[str, str]:
    return parse_assignments(args.rule)


def command_line(args=None) -> str:
    """The command as typed (``args.argv`` when main() was given its arguments)."""
    argv = getattr(args, "argv", None)
    if argv is None:
        argv = sys.argv[1:]
    return " ".join(shlex.quote(a) for a in ["trunfo", *argv])
