"""The command-line convention shared by every command that deals cards."""
from __future__ import annotations

import argparse
import shlex
import sys

from simcore import limits
from simcore.rules import parse_assignments


def add_dealing_options(p: argparse.ArgumentParser, *, count_help: str = "deals to play",
                        default_count: int = 1_000_000) -> None:
    p.add_argument("-n", "--deals", type=count_int, default=default_count, metavar="N",
                   help=f"{count_help}, 1 to {limits.MAX_COUNT:,} (default {default_count:,})")
    p.add_argument("--seed", type=seed_int, default=0,
                   help="run seed, 0 to 2**64 - 1 (default 0)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--strategy", default=None, metavar="NAME",
                   help="one strategy for every seat (default random)")
    g.add_argument("--seats", default=None, metavar="A,B,...",
                   help="one strategy per seat, comma-separated, in seat order")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option (repeatable); see 'trunfo rules GAME'")
    p.add_argument("--dealer", default=None, metavar="SEAT",
                   help="fix the dealer, a seat 0..players-1 (default: rotates with the deal "
                        "index)")
    p.add_argument("--players", type=small_int, default=None, metavar="N",
                   help="number of players, for games that allow several")
    p.add_argument("--threads", type=threads_int, default=None, metavar="T",
                   help=f"worker threads, 1 to {limits.MAX_THREADS} (default: all cores)")
    p.add_argument("--json", action="store_true", help="print only one JSON object on stdout")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")
    add_strategy_file_option(p)


def add_strategy_file_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--strategy-file", action="append", default=[], metavar="FILE.py",
                   help="a Python file of your own strategies (repeatable); see "
                        "docs/strategies.md")


def add_cluster_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cluster", default=None, metavar="local:N|tcp://HOST:PORT",
                   help="run the chunks on a Dask cluster: local:N starts N worker processes "
                        "here, tcp://HOST:PORT uses a running 'dask scheduler' "
                        "(docs/cluster.md); excludes --threads")


def cluster_note(seconds: float | None) -> str:
    """What a command prints beside its time when it ran on a cluster: the cluster's
    start-up, which no run time counts (empty on local threads)."""
    return "" if seconds is None else f" (cluster start-up {seconds:.1f} s)"


def load_strategy_files(args) -> None:
    """Import the ``--strategy-file`` files, so that their strategies can be named."""
    from simcore.strategy import load_file
    for f in getattr(args, "strategy_file", None) or []:
        load_file(f)


def bounded(what: str, flag: str):
    """An argparse type: an integer in the documented range of ``what`` (simcore.limits)."""
    def parse(text: str) -> int:
        from simcore.errors import TrunfoError
        try:
            return limits.parse(what, text, flag)
        except TrunfoError as e:
            raise argparse.ArgumentTypeError(str(e).removeprefix(flag + " ")) from None
    parse.__name__ = what
    return parse


count_int = bounded("count", "-n/--deals")
threads_int = bounded("threads", "--threads")
chunk_int = bounded("chunk", "--chunk")
seed_int = bounded("seed", "--seed")


def small_int(text: str) -> int:
    """A player count: checked against the game's counts later, so only its form here."""
    try:
        return int(text.strip(), 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None


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
