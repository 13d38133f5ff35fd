"""A fingerprint of everything trunfo prints and writes on seeded runs: one hash per command.

    python3 benchmarks/fingerprint.py > before.json        # on the build before a change
    python3 benchmarks/fingerprint.py --compare before.json  # on the build after it

It runs, in one process through the command line's own ``main``, for every game, player
count, rule option (each value other than the default, one at a time), whole-series mode
and built-in strategy: ``simulate --json`` (timings and the command line dropped) with its
Parquet file, ``records``, ``compare``, ``odds`` (with and without a
``--where``, and ``--table``), and ``solve`` where the game has the solver.  The
hash of each command's output is written as JSON; ``--compare FILE`` prints the commands
whose output changed and exits 1 when any did.  A refactoring that must change nothing
(the same records, summaries and figures) shows 0 changed.  ``--quick`` leaves out the
rule options and the strategies' parameters (a few minutes less, cold).  ``--only GAME``
fingerprints one game.  ``--rule KEY=VALUE`` adds that rule option to every command of the
games that have it (leaving out the cases of that option) and removes it from what they
print: a new option whose value reproduces an old default is then compared with a
fingerprint of the build before it (``--only GAME --rule KEY=VALUE --compare FILE``).
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import sys
import tempfile

# The fields of --json outputs that vary from run to run (times, speeds, the command).
_VARYING = ("seconds", "compile_seconds", "per_second", "threads", "command", "cluster",
            "startup_seconds", "version")


def _scrub(x):
    if isinstance(x, dict):
        return {k: _scrub(v) for k, v in x.items()
                if not any(k == v_ or k.endswith(v_) for v_ in _VARYING)}
    if isinstance(x, list):
        return [_scrub(v) for v in x]
    return x


# --rule KEY=VALUE as [key, value]; set by main()
_EXTRA: list[str] = []


def _unrule(text: str) -> str:
    """``text`` without the extra rule option: in a rules object (``,"key":value``) and in a
    rules string (``,key=value``)."""
    if not _EXTRA:
        return text
    key, value = _EXTRA
    for shown in (json.dumps(value), value):      # a string, or true/false/a number
        text = text.replace(f',"{key}":{shown}', "")
    return text.replace(f",{key}={value}", "")


def _unrule_json(x):
    if not _EXTRA:
        return x
    if isinstance(x, dict):
        return {k: _unrule_json(v) for k, v in x.items()
                if not (k == _EXTRA[0] and str(v).lower() == _EXTRA[1])}
    if isinstance(x, list):
        return [_unrule_json(v) for v in x]
    return _unrule(x) if isinstance(x, str) else x


def _run(argv: list[str]) -> tuple[int, str, str]:
    from experiments.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in argv])
        except SystemExit as e:     # argparse
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _json_cmd(argv) -> str:
    code, out, err = _run(argv + ["--json"])
    if code != 0:
        return f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"
    return _digest(json.dumps(_unrule_json(_scrub(json.loads(out))), sort_keys=True))


def _parquet_cmd(argv, tmp: str) -> str:
    import pandas as pd
    path = os.path.join(tmp, "f.parquet")
    code, out, err = _run(argv + ["--out", path, "--json"])
    if code != 0:
        return f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"
    df = pd.read_parquet(path)
    os.unlink(path)
    h = hashlib.sha256()
    h.update(",".join(f"{c}:{df[c].dtype}" for c in df.columns).encode())
    h.update(pd.util.hash_pandas_object(df, index=False).values.tobytes())
    return h.hexdigest()[:16]


def _records_cmd(argv, tmp: str) -> str:
    path = os.path.join(tmp, "r.jsonl")
    code, out, err = _run(argv + ["--out", path])
    if code != 0:
        return f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"
    with open(path) as f:
        text = _unrule(f.read())
    os.unlink(path)
    return _digest(text)


def _seats(names: list[str], players: int) -> str:
    return ",".join(names[i % len(names)] for i in range(players))


def cases(quick: bool, only: str | None):
    """(name, kind, argv) for every command fingerprinted."""
    from simcore.games import all_games
    from simcore.strategy import strategies_for
    for g in all_games().values():
        if only and g.name != only:
            continue
        names = list(strategies_for(g.name))
        cheap = [n for n in ("random", "greedy", "expert") if n in names]
        series = {"sueca": "--rubbers", "spades": "--games"}.get(g.name, "--matches")
        for p in g.players:
            mixed = _seats(cheap[::-1], p)
            base = [g.name, "--players", p, "--seed", 7]
            tag = f"{g.name}/{p}p"
            yield f"{tag}/simulate/{mixed}", "json", ["simulate", *base, "-n", 400,
                                                      "--seats", mixed]
            yield f"{tag}/simulate-parquet/{mixed}", "parquet", ["simulate", *base, "-n", 400,
                                                                 "--seats", mixed]
            for s in cheap:
                yield f"{tag}/records/{s}", "records", ["records", *base, "-n", 12,
                                                        "--strategy", s]
            yield f"{tag}/records-dealer1", "records", ["records", *base, "-n", 8, "--seats",
                                                        mixed, "--dealer", 1]
            yield f"{tag}/series", "json", ["simulate", *base, series, "-n", 20, "--seats",
                                            mixed]
            yield f"{tag}/series-records", "records", ["records", *base, series, "-n", 2,
                                                       "--seats", mixed]
            if "pimc" in names:
                pimc = _seats(["pimc(samples=2)", "random"], p)
                yield f"{tag}/records/pimc", "records", ["records", *base, "-n", 2,
                                                         "--seats", pimc]
            for a, b in (("greedy", "random"), ("expert", "greedy")):
                if a in names and b in names:
                    yield f"{tag}/compare/{a}-{b}", "json", [
                        "compare", *base, "--strategies", f"{a},{b}", "-n", 150]
            yield f"{tag}/odds", "json", ["odds", *base, "-n", 3000, "--seats", mixed]
            yield f"{tag}/odds-where", "json", ["odds", *base, "-n", 3000, "--seats", mixed,
                                                "--where", "points(me) >= 10"]
            yield f"{tag}/odds-table", "json", ["odds", *base, "-n", 3000, "--table"]
            if quick:
                continue
            for opt in g.rules.options:
                values = list(opt.choices) if opt.choices else (
                    [True, False] if opt.kind is bool else [opt.minimum, opt.maximum])
                for v in values:
                    if v == opt.default:
                        continue
                    shown = {True: "true", False: "false", None: "off"}.get(v, v) \
                        if isinstance(v, (bool, type(None))) else v
                    rule = f"{opt.name}={shown}"
                    yield f"{tag}/rule/{rule}", "records", ["records", *base, "-n", 10,
                                                            "--seats", mixed, "--rule", rule]
                    yield f"{tag}/rule-sim/{rule}", "json", ["simulate", *base, "-n", 200,
                                                             "--seats", mixed, "--rule", rule]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", metavar="FILE", help="compare with an earlier fingerprint")
    ap.add_argument("--quick", action="store_true", help="no rule options")
    ap.add_argument("--only", metavar="GAME", help="one game")
    ap.add_argument("--rule", metavar="KEY=VALUE",
                    help="add this rule option to every command and remove it from the output")
    a = ap.parse_args()
    result: dict[str, str] = {}
    if a.rule:
        _EXTRA[:] = a.rule.split("=", 1)
    with tempfile.TemporaryDirectory() as tmp:
        for name, kind, argv in cases(a.quick, a.only):
            if a.rule:
                from simcore.games import get_game
                if _EXTRA[0] not in [o.name for o in get_game(argv[1]).rules.options] or \
                        f"/{_EXTRA[0]}=" in name:
                    continue
                argv = argv + ["--rule", a.rule]
            if kind == "json":
                result[name] = _json_cmd(argv)
            elif kind == "parquet":
                result[name] = _parquet_cmd(argv, tmp)
            else:
                result[name] = _records_cmd(argv, tmp)
            print(f"{name}: {result[name]}", file=sys.stderr, flush=True)
        for name, kind, argv in ([] if a.rule else solve_cases(a.only, tmp)):
            result[name] = _json_cmd(argv)
            print(f"{name}: {result[name]}", file=sys.stderr, flush=True)
    if a.compare:
        with open(a.compare) as f:
            before = json.load(f)
        keys = set(result) if a.rule else set(before) | set(result)
        changed = [k for k in sorted(keys) if before.get(k) != result.get(k)]
        for k in changed:
            print(f"changed: {k}: {before.get(k)} -> {result.get(k)}")
        print(f"{len(result)} commands, {len(changed)} changed")
        return 1 if changed else 0
    json.dump(result, sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


def solve_cases(only: str | None, tmp: str):
    """``solve --json`` of a few recorded deals of each game the solver serves."""
    for game, players in (("sueca", 4), ("brisca", 2), ("brisca", 4), ("spades", 4)):
        if only and game != only:
            continue
        path = os.path.join(tmp, f"solve-{game}{players}.jsonl")
        code, _, err = _run(["records", game, "--players", players, "-n", 3, "--seed", 11,
                             "--out", path])
        if code != 0:
            yield f"{game}/{players}p/solve", "json", ["records", game, "--players", players]
            continue
        for k in range(3):
            yield f"{game}/{players}p/solve{k}", "json", ["solve", game, "--record", path,
                                                          "--deal", k]


if __name__ == "__main__":
    sys.exit(main())
