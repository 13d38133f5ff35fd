"""``trunfo run``, ``trunfo report`` and ``trunfo catalog``: studies from spec files."""
from __future__ import annotations

import argparse
import os
import shlex
import sys

from simcore.errors import TrunfoError

from simcore import limits

from .options import (add_cluster_option, add_strategy_file_option, chunk_int, cluster_note,
                      count_int, seed_int, threads_int)

EXIT_INTERRUPTED = 130


def _print_json(obj) -> None:
    from .cli import print_json
    print_json(obj)


def default_out(spec) -> str:
    return os.path.join("runs", spec.name)


def cmd_run(args) -> int:
    from reports.html import write_report
    from reports.load import lock_run
    from simcore.files import check_no_links, check_output_dir

    from .spec import load_spec
    from .study import RunOutputError, run_study
    spec = load_spec(args.spec)
    out = args.out or default_out(spec)
    unit = spec.unit
    again = ["trunfo", "run", args.spec, "--out", out]
    for flag, value in (("-n", args.deals), ("--seed", args.seed), ("--chunk", args.chunk),
                        ("--cluster", args.cluster)):
        if value is not None:
            again += [flag, str(value)]
    resume_cmd = " ".join(shlex.quote(a) for a in again + ["--resume"])
    check_output_dir(out)
    if args.report:
        check_no_links(os.path.join(out, "report"))     # before any work, not at the end
    with lock_run(out):        # held through the report: one writer per run directory
        try:
            r = run_study(spec, out, deals=args.deals, seed=args.seed, chunk=args.chunk,
                          threads=args.threads, resume=args.resume, progress=args.progress,
                          cluster=args.cluster)
        except RunOutputError as e:
            raise TrunfoError(f"{e}; free some space and continue with: {resume_cmd}") from None
        for problem in r.repaired:
            print(f"note: {out}: {problem}: recomputed", file=sys.stderr)
        rep = None
        report_path = os.path.join(out, "report", "report.html")
        if r.complete and (not r.already_complete or not os.path.exists(report_path)):
            from .duplicate_study import ensure_duplicate
            ensure_duplicate(out, r.manifest, threads=args.threads)    # comparison studies
            if args.report:                          # (the duplicate is data: made anyway)
                rep = write_report(out)
    if args.json:
        _print_json({"out": out, "spec": spec.name, "done": r.done, "deals": r.deals,
                     "complete": r.complete, "interrupted": r.interrupted, "resumed": r.resumed,
                     "already_complete": r.already_complete, "seconds": r.seconds,
                     "threads": r.threads, "cluster": args.cluster, "unit": unit,
                     f"{unit}_per_second": r.per_second,
                     "chunks": len(r.manifest["chunks"]), "repaired": r.repaired,
                     "report": rep, **({} if r.cluster_seconds is None else
                                       {"cluster_seconds": r.cluster_seconds})})
    elif r.already_complete:
        print(f"{out}: already complete ({r.done:,} {unit})"
              + (f"; report: {report_path}" if os.path.exists(report_path) else
                 f"; write its report with: trunfo report {shlex.quote(out)}"))
    elif r.interrupted:
        print(f"interrupted: {r.done:,} of {r.deals:,} {unit} are saved in {out}; continue with\n"
              f"  {resume_cmd}", file=sys.stderr)
    else:
        what = "resumed and finished" if r.resumed else "finished"
        print(f"{spec.title}\n{what}: {r.done:,} {unit} in {len(r.manifest['chunks'])} "
              f"chunk{'s' if len(r.manifest['chunks']) != 1 else ''} "
              f"into {out} ({r.manifest['seconds']:.2f} s computing, "
              f"{r.per_second:,.0f} {unit}/s, {r.threads} thread{'s' if r.threads > 1 else ''}"
              f"{' on ' + args.cluster if args.cluster else ''})"
              f"{cluster_note(r.cluster_seconds)}")
        if not args.report and r.complete:
            print(f"no report written (--no-report); write it with: trunfo report "
                  f"{shlex.quote(out)}")
        if rep:
            for kind in ("html", "markdown"):
                for p in rep[kind]:
                    print(f"{kind}: {p}")
            print(f"tables: {len(rep['csv'])} CSV in {os.path.join(rep['out'], 'tables')}; "
                  f"figures: {len(rep['figures'])} files in {os.path.join(rep['out'], 'figures')}")
    return EXIT_INTERRUPTED if r.interrupted else 0


def _inside(path: str, folder: str) -> bool:
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([path, folder]) == folder


def cmd_report(args) -> int:
    import contextlib

    from reports.html import write_report
    from reports.load import load_run, lock_run
    from simcore.files import check_no_links, check_output_dir
    run = load_run(args.dir)              # every chunk verified first: one line if damaged
    if not run.manifest.get("chunks"):
        raise TrunfoError(f"{args.dir} has no finished chunks yet; run the study first")
    out = args.out or os.path.join(args.dir, "report")
    check_output_dir(out)
    check_no_links(out)
    # writing into the run directory: no run may be writing it at the same time
    lock = lock_run(args.dir) if _inside(out, args.dir) else contextlib.nullcontext()
    with lock:
        rep = write_report(args.dir, out=args.out)
    if args.json:
        _print_json({**rep, "complete": run.complete, "done": run.done})
        return 0
    if not run.complete:
        print(f"note: {args.dir} is partial ({run.done:,} of {run.spec['deals']:,} {run.unit}); "
              f"the report covers the finished chunks", file=sys.stderr)
    for kind in ("html", "markdown"):
        for p in rep[kind]:
            print(f"{kind}: {p}")
    print(f"tables: {len(rep['csv'])} CSV; figures: {len(rep['figures'])} files; sections: "
          f"{', '.join(rep['sections'])}")
    return 0


def cmd_catalog(args) -> int:
    from .spec import catalog, load_spec
    specs, broken = [], []
    for p in catalog():
        try:
            specs.append(load_spec(p))
        except TrunfoError as e:      # e.g. a study of a game this build lacks
            broken.append((os.path.basename(p), str(e)))
    if args.json:
        _print_json([{"name": s.name, "file": os.path.basename(s.path), "game": s.game,
                      "count": s.deals, "unit": s.unit, "title": s.title, "description": s.description}
                     for s in specs] + [{"file": f, "error": e} for f, e in broken])
        return 0
    nw = max([32] + [len(os.path.basename(s.path)) + 2 for s in specs] +
             [len(f) + 2 for f, _ in broken])
    gw = max([8] + [len(s.game) + 2 for s in specs])
    for s in specs:
        print(f"{os.path.basename(s.path):<{nw}}{s.game:<{gw}}{s.deals:>11,} {s.unit:<8} {s.title}")
    for f, e in broken:
        print(f"{f:<{nw}}unavailable: {e}")
    print("run one with: trunfo run NAME [--deals N] [--out DIR]")
    return 0


def register(sub, games) -> None:
    s = sub.add_parser("run", help="run a study from a spec file (TOML), then write its report")
    s.add_argument("spec", metavar="SPEC.toml", help="spec file, or the name of a catalog study")
    s.add_argument("--out", metavar="DIR", help="run directory (default runs/<spec name>)")
    s.add_argument("-n", "--deals", type=count_int, default=None, metavar="N",
                   help=f"deals (or the spec's rubbers/matches/games) to play, 1 to "
                        f"{limits.MAX_COUNT:,} (default: the spec's)")
    s.add_argument("--seed", type=seed_int, default=None,
                   help="run seed, 0 to 2**64 - 1 (default: the spec's)")
    s.add_argument("--threads", type=threads_int, default=None, metavar="T",
                   help=f"worker threads, 1 to {limits.MAX_THREADS} (default: all cores)")
    s.add_argument("--chunk", type=chunk_int, default=None, metavar="DEALS",
                   help=f"deals per Parquet chunk, 1 to {limits.MAX_CHUNK:,} "
                        f"(default: the spec's, 65,536)")
    add_cluster_option(s)
    add_strategy_file_option(s)
    s.add_argument("--resume", action="store_true",
                   help="continue an interrupted run in --out from its manifest")
    s.add_argument("--json", action="store_true", help="print only one JSON object on stdout")
    s.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")
    s.add_argument("--report", action=argparse.BooleanOptionalAction, default=True,
                   help="write the HTML/Markdown/CSV report when the run is complete "
                        "(default: yes; --no-report leaves it to `trunfo report DIR`, "
                        "e.g. for scripted or cluster runs)")
    s.set_defaults(func=cmd_run)

    s = sub.add_parser("report", help="write the HTML/Markdown/CSV report of a run directory")
    s.add_argument("dir", metavar="DIR")
    s.add_argument("--out", metavar="OUTDIR", help="where to write (default DIR/report)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_report)

    s = sub.add_parser("catalog", help="list the standard studies shipped with trunfo")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_catalog)
