"""Duplicate play: two strategies on the same cards, seats swapped, pairs as the unit.

Deal ``i`` of a run with seed ``S`` is dealt from the stream keyed by ``(S, i)``
only, so playing deal ``i`` twice -- once with strategy A on side 0 and B on
side 1, once with the strategies swapped -- plays the same cards twice.  The
two games form a *pair*; the statistics treat pairs as independent samples
(chess engine testing's reversed-colour pairs, fishtest's pentanomial model).

Seat ``s`` belongs to side ``s % sides`` (partners sit opposite each other), and
``sides`` is the number of columns of ``Game.side_results``.  Games with more
than two sides are not supported yet (every game in the registry has two).

Per pair, from A's side (``g`` = game 1 or 2 of the pair)::

    D2   = sum_g (score_A,g - score_B,g)       point difference summed over the pair
    d    = D2 / 2                              mean point difference per deal
    P    = sum_g result_A,g                    A's pair score: 0, .5, 1, 1.5, 2
    bucket = 2 P                               pentanomial outcome 0..4 (LL .. WW)
    W2   = sum_g (result_A,g - result_B,g)     win-share difference summed over the pair

Sums are kept as exact integers (``D2``, ``D2**2``, ``2 W2``, ``(2 W2)**2``) and
added chunk by chunk in index order, so the result is the same for any number
of threads or chunk size.  No printing here: the CLI formats the result.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numpy as np

from . import stats
from .errors import TrunfoError
from .games import get_game
from .runner import Progress, run_chunks

#: pairs per chunk; with ``sprt`` the test is checked after every chunk
DEFAULT_PAIR_CHUNK = 1 << 12
SPRT_CHUNK = 1000


def _side_count(g, setup, seed: int) -> int:
    return g.side_results(g.run_chunk(setup, seed, 0, 1))[0].shape[1]


@dataclass(frozen=True)
class Seating:
    """The two setups of a pair: A on side 0 then A on side 1."""
    game: str
    strategies: tuple[str, str]
    sides: int
    players: int
    setups: tuple        # (setup with A on side 0, setup with A on side 1)
    a_side: tuple        # A's side in each game of the pair
    seats: tuple         # strategy names per seat, per game


def seating(game: str, a: str, b: str, rules=None, players=None, dealer=None,
            seed: int = 0) -> Seating:
    g = get_game(game)
    probe = g.setup(rules or {}, (a,), players=players, dealer=dealer)
    g.setup(rules or {}, (b,), players=players, dealer=dealer)   # validates b
    n = probe.players
    sides = _side_count(g, probe, seed)
    if sides != 2:
        raise TrunfoError(f"compare needs a game with 2 sides; {game} with {n} players has {sides}")
    setups, seats = [], []
    for a_side in (0, 1):
        names = tuple(a if s % sides == a_side else b for s in range(n))
        setups.append(g.setup(probe.rules, names, players=n, dealer=dealer))
        seats.append(names)
    return Seating(game, (a, b), sides, n, tuple(setups), (0, 1), tuple(seats))


def pair_outcomes(seat: Seating, seed: int, start: int, count: int) -> dict:
    """Per-pair arrays for deals ``start .. start+count-1`` (see the module doc)."""
    g = get_game(seat.game)
    d2 = None
    p2 = np.zeros(count, np.int64)        # 2 * A's pair score: the pentanomial bucket
    w4 = np.zeros(count, np.int64)        # 2 * W2
    for setup, a_side in zip(seat.setups, seat.a_side):
        score, result = g.side_results(g.run_chunk(setup, seed, start, count))
        b_side = 1 - a_side
        diff = score[:, a_side] - score[:, b_side]
        if np.issubdtype(diff.dtype, np.integer):
            diff = diff.astype(np.int64)
        d2 = diff if d2 is None else d2 + diff
        ra = np.rint(2 * result[:, a_side]).astype(np.int64)
        rb = np.rint(2 * result[:, b_side]).astype(np.int64)
        p2 += ra
        w4 += ra - rb
    return {"d2": d2, "bucket": p2, "w4": w4}


@dataclass
class Totals:
    pairs: int = 0
    sum_d2: float = 0        # sum of D2 (exact int for integer scores)
    sum_d2sq: float = 0
    sum_w4: int = 0
    sum_w4sq: int = 0
    penta: list = field(default_factory=lambda: [0] * 5)

    def add(self, t: "Totals") -> None:
        self.pairs += t.pairs
        self.sum_d2 += t.sum_d2
        self.sum_d2sq += t.sum_d2sq
        self.sum_w4 += t.sum_w4
        self.sum_w4sq += t.sum_w4sq
        self.penta = [x + y for x, y in zip(self.penta, t.penta)]


def chunk_totals(out: dict) -> Totals:
    d2, b, w4 = out["d2"], out["bucket"], out["w4"]
    conv = int if np.issubdtype(d2.dtype, np.integer) else float
    return Totals(len(d2), conv(d2.sum()), conv((d2 * d2).sum()), int(w4.sum()),
                  int((w4 * w4).sum()), [int(x) for x in np.bincount(b, minlength=5)[:5]])


def _parse_sprt(sprt) -> tuple[float, float, float, float] | None:
    if sprt is None:
        return None
    vals = tuple(float(x) for x in sprt)
    if len(vals) == 2:
        vals = vals + (0.05, 0.05)
    if len(vals) != 4:
        raise TrunfoError("--sprt takes elo0,elo1 or elo0,elo1,alpha,beta")
    e0, e1, al, be = vals
    if not e0 < e1:
        raise TrunfoError(f"--sprt needs elo0 < elo1, got {e0:g},{e1:g}")
    if not (0 < al < 1 and 0 < be < 1 and al + be < 1):
        raise TrunfoError(f"--sprt needs 0 < alpha, beta and alpha + beta < 1, got {al:g},{be:g}")
    return vals


def summarize(strategies, totals: Totals) -> dict:
    """The comparison's statistics from A's side (first strategy)."""
    n = totals.pairs
    mean, lo, hi = stats.paired_mean_interval(totals.sum_d2 / 2, totals.sum_d2sq / 4, n)
    wd, wlo, whi = stats.paired_mean_interval(totals.sum_w4 / 4, totals.sum_w4sq / 16, n)
    pen = stats.pentanomial_summary(totals.penta)
    return {
        "strategies": list(strategies),
        "deals": n,
        "games": 2 * n,
        "mean_point_diff": mean,
        "mean_point_diff_ci95": [lo, hi],
        "win_rate": pen["score"],
        "win_rate_ci95": [pen["score_low"], pen["score_high"]],
        "win_rate_diff": wd,
        "win_rate_diff_ci95": [wlo, whi],
        "elo": pen["elo"],
        "elo_ci95": [pen["elo_low"], pen["elo_high"]],
        "los": pen["los"],
        "pentanomial": list(totals.penta),
    }


@dataclass
class CompareResult:
    summary: dict
    setup: dict
    seed: int
    requested: int
    seconds: float
    compile_seconds: float
    threads: int
    interrupted: bool
    sprt: dict | None = None
    pairs: dict | None = None      # per-pair arrays with keep_pairs=True

    @property
    def deals_per_second(self) -> float:
        return self.summary["deals"] / self.seconds if self.seconds > 0 else float("nan")

    def to_dict(self) -> dict:
        d = {**self.summary, **self.setup, "seed": self.seed, "requested": self.requested,
             "seconds": self.seconds, "compile_seconds": self.compile_seconds,
             "deals_per_second": self.deals_per_second,
             "games_per_second": 2 * self.deals_per_second,
             "threads": self.threads, "interrupted": self.interrupted}
        if self.sprt is not None:
            d["sprt"] = self.sprt
        return d


class _Offset:
    """Progress for one block of a longer run: shifts ``done``, leaves closing to the run."""

    def __init__(self, bar: Progress, offset: int):
        self.bar, self.offset = bar, offset

    def update(self, done: int) -> None:
        self.bar.update(self.offset + done)

    def close(self) -> None:
        pass


def compare(game: str, a: str, b: str, deals: int = 100_000, seed: int = 0, rules=None,
            players=None, dealer=None, sprt=None, threads=None, chunk: int | None = None,
            keep_pairs: bool = False, progress: bool | None = False) -> CompareResult:
    """Play ``deals`` deals in duplicate between strategies ``a`` and ``b``.

    ``sprt=(elo0, elo1[, alpha, beta])`` runs fishtest's pentanomial GSPRT,
    checked after every chunk (default 1,000 pairs) and stopping at the first
    crossing or after ``deals`` pairs.
    """
    from .facade import _check_count, _check_seed, _check_threads
    deals = _check_count(deals, "deals")
    seed = _check_seed(seed)
    threads = _check_threads(threads)
    sp = _parse_sprt(sprt)
    chunk = int(chunk) if chunk else (SPRT_CHUNK if sp else DEFAULT_PAIR_CHUNK)
    t = time.perf_counter()
    seat = seating(game, a, b, rules, players, dealer, seed)
    for s in seat.setups:
        get_game(game).run_chunk(s, seed, 0, 1)     # compile or load from cache
    compile_seconds = time.perf_counter() - t

    total = Totals()
    kept: list[dict] = []
    state = {"sprt": None, "stop": False}
    stop_event = threading.Event()

    def work(start, count):
        if stop_event.is_set():
            return None
        out = pair_outcomes(seat, seed, start, count)
        return out, chunk_totals(out)

    def consume(start, count, result):
        if state["stop"] or result is None:
            return
        out, tot = result
        total.add(tot)
        if keep_pairs:
            kept.append(out)
        if sp:
            dec = stats.sprt_decision(total.penta, *sp)
            state["sprt"] = dec
            if dec["state"] != "continue":
                state["stop"] = True
                stop_event.set()

    bar = Progress(deals, "deals", enabled=progress)
    # Run in blocks of a few chunks per thread so that a decided SPRT stops the run
    # without queueing the rest of N; consume still sees every chunk in index order.
    block = deals if not sp else chunk * threads * 4
    seconds, interrupted, first = 0.0, False, 0
    while first < deals and not state["stop"] and not interrupted:
        size = min(block, deals - first)
        status = run_chunks(size, work, consume, first=first, threads=threads, chunk=chunk,
                            progress=_Offset(bar, first))
        seconds += status.seconds
        interrupted = status.interrupted
        first += size
    bar.close()
    sprt_out = None
    if sp:
        dec = state["sprt"] or stats.sprt_decision(total.penta, *sp)
        verdict = {"H1": "H1", "H0": "H0"}.get(dec["state"], "inconclusive")
        sprt_out = {"elo0": sp[0], "elo1": sp[1], "alpha": sp[2], "beta": sp[3],
                    "llr": dec["llr"], "lower": dec["lower"], "upper": dec["upper"],
                    "result": verdict, "pairs": total.pairs, "check_every": chunk}
    pairs = None
    if keep_pairs:
        pairs = {k: np.concatenate([o[k] for o in kept]) if kept else np.empty(0, np.int64)
                 for k in ("d2", "bucket", "w4")}
    s0 = seat.setups[0].describe()
    setup = {"game": game, "rules": s0["rules"], "rules_string": s0["rules_string"],
             "players": seat.players, "dealer": s0["dealer"],
             "seats": [list(x) for x in seat.seats]}
    return CompareResult(summarize((a, b), total), setup, seed, deals, seconds,
                         compile_seconds, threads, interrupted, sprt_out, pairs)


def tournament(game: str, names, deals: int = 100_000, seed: int = 0, rules=None,
               players=None, dealer=None, threads=None, chunk=None,
               progress: bool | None = False) -> dict:
    """Every pair of ``names`` in duplicate; Bradley-Terry Elo with intervals."""
    names = list(names)
    if len(names) < 2:
        raise TrunfoError(f"a tournament needs at least 2 strategies, got {len(names)}")
    if len(set(names)) != len(names):
        raise TrunfoError(f"each strategy may appear once, got {','.join(names)}")
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    diff = [[0.0 if i == j else None for j in range(k)] for i in range(k)]
    matches = []
    seconds = 0.0
    for i in range(k):
        for j in range(i + 1, k):
            r = compare(game, names[i], names[j], deals, seed, rules, players, dealer,
                        threads=threads, chunk=chunk, progress=progress)
            s = r.summary
            games = s["games"]
            wins[i][j] = s["win_rate"] * games
            wins[j][i] = games - wins[i][j]
            diff[i][j] = s["mean_point_diff"]
            diff[j][i] = -s["mean_point_diff"]
            seconds += r.seconds
            if r.interrupted:
                raise KeyboardInterrupt
            matches.append({k_: s[k_] for k_ in ("strategies", "deals", "mean_point_diff",
                                                   "mean_point_diff_ci95", "win_rate",
                                                   "win_rate_ci95", "win_rate_diff",
                                                   "win_rate_diff_ci95", "elo", "elo_ci95",
                                                   "pentanomial")})
    try:
        bt = stats.bradley_terry_intervals(wins)
    except ValueError as e:
        raise TrunfoError(f"no Bradley-Terry fit: {e}") from None
    ratings = [{"strategy": n, "elo": r, "elo_ci95": [lo, hi]} for n, (r, lo, hi) in zip(names, bt)]
    total_deals = sum(m["deals"] for m in matches)
    return {"game": game, "strategies": names, "deals_per_match": deals, "seed": seed,
            "ratings": ratings, "point_diff_matrix": diff, "matches": matches,
            "deals": total_deals, "seconds": seconds,
            "deals_per_second": total_deals / seconds if seconds > 0 else float("nan")}
