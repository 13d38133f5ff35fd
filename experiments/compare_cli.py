"""``trunfo compare`` and ``trunfo tournament``: strategies in duplicate play.

Registered by ``experiments.cli._extra_commands``.  The statistics live in
``simcore.duplicate`` and ``simcore.stats``; this module only parses and prints.
"""
from __future__ import annotations

import argparse
import csv
import io
import math
import sys

from simcore import __version__
from simcore.errors import TrunfoError
from simcore.duplicate import SPRT_EVERY, sprt_position
from simcore.games import get_game

from simcore import limits

from .options import (add_cluster_option, add_strategy_file_option, chunk_int, cluster_note,
                      command_line, count_int, rules_of,
                      seed_int, small_int, threads_int)

DEFAULT_DEALS = 100_000


def _add_common(p, default_count: int, chunk_help: str) -> None:
    p.add_argument("--strategies", required=True, metavar="A,B",
                   help="comma-separated strategy names; see 'trunfo strategies GAME'")
    p.add_argument("-n", "--deals", type=count_int, default=default_count, metavar="N",
                   help=f"deals, each played once per side with the seats rotated, 1 to "
                        f"{limits.MAX_COUNT:,} (default {default_count:,})")
    p.add_argument("--seed", type=seed_int, default=0, help="run seed, 0 to 2**64 - 1 (default 0)")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option (repeatable); see 'trunfo rules GAME'")
    p.add_argument("--players", type=small_int, default=None, metavar="N",
                   help="number of players, for games that allow several")
    p.add_argument("--dealer", default=None, metavar="SEAT",
                   help="fix the dealer, a seat 0..players-1 (default: rotates with the deal "
                        "index)")
    p.add_argument("--threads", type=threads_int, default=None, metavar="T",
                   help=f"worker threads, 1 to {limits.MAX_THREADS} (default: all cores)")
    p.add_argument("--chunk", type=chunk_int, default=None, metavar="PAIRS", help=chunk_help)
    p.add_argument("--json", action="store_true", help="print only one JSON object on stdout")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")
    add_cluster_option(p)
    add_strategy_file_option(p)


def register(sub, games) -> None:
    gh = f"one of: {', '.join(games)}"
    s = sub.add_parser("compare", help="two strategies in duplicate play: score, win rate, Elo, SPRT")
    s.add_argument("game", choices=games, metavar="GAME", help=gh)
    _add_common(s, DEFAULT_DEALS, f"deals per work chunk, 1 to {limits.MAX_CHUNK:,} (default "
                                  f"4,096; 1,000 with --sprt); results do not depend on it")
    s.add_argument("--sprt", metavar="ELO0,ELO1[,ALPHA,BETA]", default=None,
                   help="sequential test of H0: elo=ELO0 against H1: elo=ELO1 "
                        "(alpha, beta default 0.05); stops when decided or after N deals; "
                        "write a negative ELO0 as --sprt=-5,0")
    s.add_argument("--sprt-every", metavar="K", type=int, default=SPRT_EVERY,
                   help=f"with --sprt: deals (pairs) between two looks of the test, default "
                        f"{SPRT_EVERY}; the deals after a decided look are not counted")
    s.add_argument("--report", metavar="DIR", default=None,
                   help="write a report (HTML, Markdown, CSV, figures) into DIR")
    s.set_defaults(func=cmd_compare)

    s = sub.add_parser("tournament", help="every pair of strategies in duplicate; Elo table")
    s.add_argument("game", choices=games, metavar="GAME", help=gh)
    _add_common(s, DEFAULT_DEALS, f"deals per work chunk, 1 to {limits.MAX_CHUNK:,} "
                                  f"(default 4,096)")
    s.add_argument("--csv", metavar="FILE", default=None,
                   help="write the ratings and the pairwise results as CSV")
    s.add_argument("--report", metavar="DIR", default=None,
                   help="write a report (HTML, Markdown, CSV, figures) into DIR")
    s.set_defaults(func=cmd_tournament)


def _names(args, exactly: int | None = None) -> list[str]:
    from simcore.strategy import split_names
    names = split_names(args.strategies)      # commas inside NAME(k=v,...) do not separate
    if any(not x for x in names):
        raise TrunfoError(f"--strategies has an empty name: {args.strategies!r}")
    if exactly is not None and len(names) != exactly:
        raise TrunfoError(f"--strategies takes exactly {exactly} names (A,B), got {len(names)}: "
                          f"{args.strategies}")
    return names


def parse_sprt(text: str | None):
    if text is None:
        return None
    parts = text.split(",")
    try:
        vals = [float(x) for x in parts]
    except ValueError:
        raise TrunfoError(f"--sprt takes numbers elo0,elo1[,alpha,beta], not {text!r}") from None
    if len(vals) not in (2, 4) or not all(math.isfinite(v) for v in vals):
        raise TrunfoError(f"--sprt takes elo0,elo1 or elo0,elo1,alpha,beta, not {text!r}")
    return tuple(vals)


# --- formatting ----------------------------------------------------------------------
def _num(x: float, nd: int = 2) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    if abs(x) < 0.5 * 10.0 ** -nd:
        x = 0.0
    return f"{x:+.{nd}f}"


def _ci(pair, nd: int = 2) -> str:
    return f"[{_num(pair[0], nd)}, {_num(pair[1], nd)}]"


PENTA_LABELS = ("0   (lost both)", "0.5", "1   (split/tied)", "1.5", "2   (won both)")


def _rate(x: float) -> str:
    return "n/a" if x is None or math.isnan(x) else f"{x:.4f}"


def format_compare(d: dict) -> list[str]:
    a, b = d["strategies"]
    k = d.get("unit_games", 2)
    unit = get_game(d["game"]).score_unit
    if k == 2:
        seats = (f"seats, first game of each pair: {','.join(d['seats'][0])}; "
                 f"second: {','.join(d['seats'][1])}")
        games = f"({d['games']:,} games)"
    else:
        seats = "seats, games 1..{} of each deal: {}".format(
            k, "; ".join(",".join(x) for x in d["seats"]))
        games = f"({d['games']:,} games, {k} per deal)"
    lines = [f"trunfo {__version__} · {d['game']} · {a} vs {b} · {d['deals']:,} deals in duplicate "
             f"{games} · seed {d['seed']} · dealer {d['dealer']}",
             f"rules: {d['rules_string']}", seats, "",
             f"  {'from ' + a + chr(39) + 's side':<30}{'estimate':>10}    95% interval"]

    def ci4(pair):
        return f"[{_rate(pair[0])}, {_rate(pair[1])}]"

    if k == 2:
        rows = [
            (f"mean {unit} diff / deal", _num(d["mean_point_diff"]), _ci(d["mean_point_diff_ci95"])),
            ("score rate (W + T/2)", _rate(d["win_rate"]), ci4(d["win_rate_ci95"])),
            ("win share diff (A - B)", _num(d["win_rate_diff"], 4), _ci(d["win_rate_diff_ci95"], 4)),
            ("Elo difference", _num(d["elo"], 1), _ci(d["elo_ci95"], 1)),
            ("normalized Elo", _num(d["nelo"], 1), _ci(d["nelo_ci95"], 1)),
            (f"LOS (P[{a} stronger])", _rate(d["los"]), ""),
        ]
    else:
        rows = [
            (f"{unit} A - mean B / game", _num(d["mean_point_diff"]),
             _ci(d["mean_point_diff_ci95"])),
            ("win rate (W + shared/2)", _rate(d["win_rate"]), ci4(d["win_rate_ci95"])),
            ("win share A - mean B / game", _num(d["win_rate_diff"], 4),
             _ci(d["win_rate_diff_ci95"], 4)),
            ("score vs B field (1+diff)/2", _rate(d["score"]), ci4(d["score_ci95"])),
            ("Elo difference (of the score)", _num(d["elo"], 1), _ci(d["elo_ci95"], 1)),
            ("normalized Elo", _num(d["nelo"], 1), _ci(d["nelo_ci95"], 1)),
            (f"LOS (P[{a} stronger])", _rate(d["los"]), ""),
        ]
    for label, est, ci in rows:
        lines.append(f"  {label:<30}{est:>10}    {ci}")
    n = max(d["deals"], 1)
    if k == 2:
        lines += ["", f"pairs by {a}'s pair score (pentanomial)",
                  f"  {'pair score':<20}{'pairs':>12}  share"]
        for label, c in zip(PENTA_LABELS, d["pentanomial"]):
            lines.append(f"  {label:<20}{c:>12,}  {100 * c / n:6.2f}%")
    else:
        lines += ["", f"deals by {a}'s results summed over the {k} games (win 1, shared top 1/2)",
                  f"  {'sum':<20}{'deals':>12}  share"]
        for i, c in enumerate(d["unit_results"]):
            lines.append(f"  {i / 2:<20g}{c:>12,}  {100 * c / n:6.2f}%")
    if "sprt" in d:
        s = d["sprt"]
        units = "pairs" if k == 2 else "deals"
        verdict = {"H1": f"H1 accepted: {a} - {b} is elo1 = {s['elo1']:g} Elo rather than "
                         f"elo0 = {s['elo0']:g}",
                   "H0": f"H0 accepted: {a} - {b} is elo0 = {s['elo0']:g} Elo rather than "
                         f"elo1 = {s['elo1']:g}",
                   }.get(s["result"], f"inconclusive after {s['pairs']:,} {units} (the N limit)")
        model = "" if k == 2 else ", normal approximation on the deals' scores"
        lines += ["", f"SPRT elo0={s['elo0']:g} elo1={s['elo1']:g} alpha={s['alpha']:g} "
                      f"beta={s['beta']:g}, checked every {s['check_every']:,} {units}{model}",
                  f"  LLR {s['llr']:+.3f} {sprt_position(s)} after {s['pairs']:,} {units}",
                  f"  {verdict}"]
    lines.append("")
    lines.append(f"{d['deals']:,} deals ({d['games']:,} games) in {d['seconds']:.2f} s: "
                 f"{d['deals_per_second']:,.0f} deals/s on {d['threads']} thread"
                 f"{'s' if d['threads'] > 1 else ''}"
                 f"{' of ' + d['cluster'] if d.get('cluster') else ''} (compile or cache load "
                 f"{d['compile_seconds']:.2f} s){cluster_note(d.get('cluster_seconds'))}")
    if d["interrupted"]:
        lines.append(f"interrupted: {d['deals']:,} of {d['requested']:,} deals finished")
    return lines


def format_tournament(t: dict) -> list[str]:
    names = t["strategies"]
    w = max(10, max(len(n) for n in names) + 2)
    lines = [f"trunfo {__version__} · {t['game']} tournament · {len(names)} strategies · "
             f"{t['deals_per_match']:,} deals in duplicate per match · seed {t['seed']}", "",
             "Elo (Bradley-Terry, mean 0) with 95% interval",
             f"  {'strategy':<{w}}{'Elo':>9}    95% interval"]
    for r in sorted(t["ratings"], key=lambda r: -r["elo"]):
        lines.append(f"  {r['strategy']:<{w}}{_num(r['elo'], 1):>9}    {_ci(r['elo_ci95'], 1)}")
    k = t.get("sides", 2)
    if k > 2:
        lines.insert(1, f"{k} sides: each ordered pair is a match, the row strategy on one side "
                        f"and the column strategy on the other {k - 1}")
    title = ("mean point difference per deal, row strategy minus column strategy" if k == 2 else
             "mean point difference per game, row strategy minus the mean of the column's sides")
    lines += ["", title,
              "  " + " " * w + "".join(f"{n:>{w}}" for n in names)]
    for i, (n, row) in enumerate(zip(names, t["point_diff_matrix"])):
        lines.append(f"  {n:<{w}}" + "".join(f"{'·' if i == j else _num(v):>{w}}"
                                            for j, v in enumerate(row)))
    lines += ["", "matches"]
    for m in t["matches"]:
        a, b = m["strategies"]
        lines.append(f"  {a} vs {b}: points {_num(m['mean_point_diff'])} "
                     f"{_ci(m['mean_point_diff_ci95'])}, score {m['score']:.4f}, "
                     f"Elo {_num(m['elo'], 1)} {_ci(m['elo_ci95'], 1)}")
    lines += ["", f"{t['deals']:,} deals in duplicate in {t['seconds']:.2f} s: "
                  f"{t['deals_per_second']:,.0f} deals/s{cluster_note(t.get('cluster_seconds'))}"]
    if t.get("interrupted"):
        n = len(t["matches"])
        lines.append(f"interrupted: {n} finished match{'es' if n != 1 else ''} kept above"
                     + ("" if t["ratings"] else "; too few for ratings"))
    return lines


# --- commands ----------------------------------------------------------------------------
def cmd_compare(args) -> int:
    from simcore.duplicate import compare
    from .cli import EXIT_INTERRUPTED, print_json
    a, b = _names(args, exactly=2)
    if args.report:
        from simcore.files import check_output_dir
        check_output_dir(args.report)               # checked before any work
    r = compare(args.game, a, b, deals=args.deals, seed=args.seed, rules=rules_of(args),
                players=args.players, dealer=args.dealer, sprt=parse_sprt(args.sprt),
                sprt_every=args.sprt_every, threads=args.threads, chunk=args.chunk, progress=args.progress,
                cluster=args.cluster)
    d = r.to_dict()
    d["command"] = command_line()
    if args.json:
        print_json(d)
    else:
        print("\n".join(format_compare(d)))
    _report(args, d, "compare")
    return EXIT_INTERRUPTED if r.interrupted else 0


def _report(args, d: dict, kind: str) -> None:
    if not args.report:
        return
    from reports.comparison import write_compare_report
    rep = write_compare_report(args.report, d, kind)
    print(f"report: {rep['html'][0]}", file=sys.stderr if args.json else sys.stdout)


def write_csv(out, t: dict) -> None:
    """The ratings and the matches as CSV into ``out`` (an open text file)."""
    w = csv.writer(out)
    w.writerow(["kind", "strategy", "opponent", "deals", "elo", "elo_low", "elo_high",
                "mean_point_diff", "mean_point_diff_low", "mean_point_diff_high",
                "win_rate", "win_rate_low", "win_rate_high", "pentanomial"])
    for r in t["ratings"]:
        w.writerow(["rating", r["strategy"], "", t["deals_per_match"], r["elo"],
                    *r["elo_ci95"], "", "", "", "", "", "", ""])
    for m in t["matches"]:
        a, b = m["strategies"]
        w.writerow(["match", a, b, m["deals"], m["elo"], *m["elo_ci95"],
                    m["mean_point_diff"], *m["mean_point_diff_ci95"], m["win_rate"],
                    *m["win_rate_ci95"], " ".join(map(str, m["pentanomial"] or []))])


def cmd_tournament(args) -> int:
    from simcore.duplicate import tournament
    from simcore.files import AtomicFile
    from .cli import EXIT_INTERRUPTED, print_json
    names = _names(args)
    if args.report:
        from simcore.files import check_output_dir
        check_output_dir(args.report)               # checked before any work
    out = AtomicFile(args.csv, binary=False) if args.csv else None   # checked before any work
    try:
        t = tournament(args.game, names, deals=args.deals, seed=args.seed, rules=rules_of(args),
                       players=args.players, dealer=args.dealer, threads=args.threads,
                       chunk=args.chunk, progress=args.progress, cluster=args.cluster)
    except BaseException:
        if out is not None:
            out.discard()
        raise
    t["command"] = command_line()
    if args.json:
        print_json(t)
    else:
        print("\n".join(format_tournament(t)))
    if out is not None:
        buf = io.StringIO(newline="")
        write_csv(buf, t)
        out.write(buf.getvalue())
        out.commit()
        if not args.json:
            print(f"wrote {args.csv}", file=sys.stderr)
    if t.get("ratings"):
        _report(args, t, "tournament")
    return EXIT_INTERRUPTED if t["interrupted"] else 0
