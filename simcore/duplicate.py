"""Duplicate play: two strategies on the same cards, seats rotated, the deal as the unit.

Deal ``i`` of a run with seed ``S`` is dealt from the stream keyed by ``(S, i)``
only, so deal ``i`` can be played several times on the same cards.  Seat ``s``
belongs to side ``s % k`` (partners sit opposite each other), where ``k`` is
the number of columns of ``Game.side_results``.  Deal ``i`` is played ``k``
times, rotation ``r = 0 .. k-1`` with strategy A on the seats of side ``r`` and
B on every other seat.  The ``k`` games on the same cards form the *unit* of
the statistics, which treat units as independent samples.  With two sides the
unit is chess engine testing's reversed-colour *pair* (fishtest's pentanomial
model); with ``k > 2`` (Scopa with 3 players, 4 players with ``teams=false``)
A plays one side against a field of ``k - 1`` B sides, once from every side.

Per unit, from A's side (``r`` = rotation, ``x_s`` = side ``s``'s score in that
game, ``c = k (k - 1)``)::

    d2   = sum_r (k x_r - sum_s x_s)           = c * mean_r (x_A - mean of B's sides)
    d    = d2 / c                              mean point difference per game
                                               (k = 2: d2 = D2, the pair's summed difference)
    bucket = 2 sum_r result_A,r                A's results over the unit in halves, 0 .. 2k
                                               (k = 2: the pentanomial outcome, LL .. WW)
    w4   = 2 sum_r (k result_r - sum_s result_s)
                                               = 2c * mean_r (result_A - mean of B's results)

``result`` is the game's: 1 strictly the best score, 0.5 a shared top, 0 otherwise.
A strategy against itself plays the same game ``k`` times, so ``d2`` and ``w4`` are
exactly 0 on every unit.  Sums are kept as exact integers (``d2``, ``d2**2``,
``w4``, ``w4**2``, bucket counts) and added chunk by chunk in index order, so the
result is the same for any number of threads or chunk size.  No printing here:
the CLI formats the result.  docs/compare.md describes the statistics.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from . import limits, stats
from .errors import TrunfoError
from .games import get_game
from .execution import Backend, Job
from .execution import backend as make_backend
from .runner import Progress

#: pairs per chunk; with ``sprt`` the test is checked after every chunk
DEFAULT_PAIR_CHUNK = 1 << 12
SPRT_CHUNK = 1000
#: units (pairs, or deals of k sides) between two looks of the SPRT: small enough that its
#: trace has points and a decided test overshoots little, large enough that each look
#: sees a change (fishtest's workers report about as often)
SPRT_EVERY = 100


def _side_count(g, setup, seed: int) -> int:
    return g.sides(setup)


@dataclass(frozen=True)
class Seating:
    """The ``sides`` setups of a unit: A on side 0, then on side 1, ..., B elsewhere."""
    game: str
    strategies: tuple[str, str]
    sides: int
    players: int
    setups: tuple        # setup with A on side r, r = 0 .. sides-1
    a_side: tuple        # A's side in each game of the unit: (0, 1, ..., sides-1)
    seats: tuple         # strategy names per seat, per game


def seating(game: str, a: str, b: str, rules=None, players=None, dealer=None,
            seed: int = 0) -> Seating:
    g = get_game(game)
    probe = g.setup(rules or {}, (a,), players=players, dealer=dealer)
    g.setup(rules or {}, (b,), players=players, dealer=dealer)   # validates b
    n = probe.players
    sides = _side_count(g, probe, seed)
    if sides < 2:
        raise TrunfoError(f"compare needs a game with at least 2 sides; {game} with {n} players "
                          f"has {sides}")
    setups, seats = [], []
    for a_side in range(sides):
        names = tuple(a if s % sides == a_side else b for s in range(n))
        setups.append(g.setup(probe.rules, names, players=n, dealer=dealer))
        seats.append(names)
    return Seating(game, (a, b), sides, n, tuple(setups), tuple(range(sides)), tuple(seats))


def pair_outcomes(seat: Seating, seed: int, start: int, count: int) -> dict:
    """Per-unit arrays for deals ``start .. start+count-1`` (see the module doc)."""
    g = get_game(seat.game)
    k = seat.sides
    d2 = None
    p2 = np.zeros(count, np.int64)        # 2 * A's results over the unit: the bucket
    w4 = np.zeros(count, np.int64)
    for setup, a_side in zip(seat.setups, seat.a_side):
        score, result = g.side_results(g.run_chunk(setup, seed, start, count))
        if np.issubdtype(score.dtype, np.integer):
            score = score.astype(np.int64)
        diff = k * score[:, a_side] - score.sum(axis=1)
        d2 = diff if d2 is None else d2 + diff
        r2 = np.rint(2 * result).astype(np.int64)
        p2 += r2[:, a_side]
        w4 += k * r2[:, a_side] - r2.sum(axis=1)
    return {"d2": d2, "bucket": p2, "w4": w4}


@dataclass
class Totals:
    pairs: int = 0           # units (pairs when there are two sides)
    sum_d2: float = 0        # sum of d2 (exact int for integer scores)
    sum_d2sq: float = 0
    sum_w4: int = 0
    sum_w4sq: int = 0
    sides: int = 2
    counts: list = field(default_factory=lambda: [0] * 5)   # units by bucket 0 .. 2*sides

    def add(self, t: "Totals") -> None:
        self.pairs += t.pairs
        self.sum_d2 += t.sum_d2
        self.sum_d2sq += t.sum_d2sq
        self.sum_w4 += t.sum_w4
        self.sum_w4sq += t.sum_w4sq
        self.counts = [x + y for x, y in zip(self.counts, t.counts)]

    @property
    def penta(self) -> list:
        """The pentanomial counts (two sides)."""
        return self.counts


def chunk_totals(out: dict, sides: int = 2) -> Totals:
    d2, b, w4 = out["d2"], out["bucket"], out["w4"]
    conv = int if np.issubdtype(d2.dtype, np.integer) else float
    m = 2 * sides + 1
    return Totals(len(d2), conv(d2.sum()), conv((d2 * d2).sum()), int(w4.sum()),
                  int((w4 * w4).sum()), sides, [int(x) for x in np.bincount(b, minlength=m)[:m]])


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


def _elo(score: float) -> float:
    """Elo of a score; a bound outside [0, 1] maps to -+inf as in ``pentanomial_summary``."""
    if score != score:
        return float("nan")
    return stats.elo_from_score(min(1.0, max(0.0, score)))


def _field_score(totals: Totals) -> tuple[float, float, float, float]:
    """A's score against the B field per game, ``x = (1 + w) / 2`` with ``w`` = A's result
    minus the mean of B's results: ``(mean, low, high, se)`` over units (paired interval)."""
    c = totals.sides * (totals.sides - 1)
    w, lo, hi = stats.paired_mean_interval(totals.sum_w4 / (2 * c), totals.sum_w4sq / (4 * c * c),
                                           totals.pairs)
    se = (hi - lo) / (4 * stats.Z95)
    return 0.5 + w / 2, 0.5 + lo / 2, 0.5 + hi / 2, se


def summarize(strategies, totals: Totals) -> dict:
    """The comparison's statistics from A's side (first strategy).

    Two sides: fishtest's pentanomial model of the pairs.  ``k > 2`` sides: the unit's
    mean score against the B field, ``x = (1 + w) / 2`` (``w`` = A's result minus the mean
    of B's results, per game), with the paired interval between units and the Elo of that
    score; ``pentanomial`` is None and ``unit_results`` counts units by A's summed result.
    """
    n, k = totals.pairs, totals.sides
    c = k * (k - 1)
    mean, lo, hi = stats.paired_mean_interval(totals.sum_d2 / c, totals.sum_d2sq / (c * c), n)
    wd, wlo, whi = stats.paired_mean_interval(totals.sum_w4 / (2 * c),
                                              totals.sum_w4sq / (4 * c * c), n)
    out = {"strategies": list(strategies), "deals": n, "games": k * n, "sides": k,
           "unit_games": k, "mean_point_diff": mean, "mean_point_diff_ci95": [lo, hi]}
    if k == 2:
        pen = stats.pentanomial_summary(totals.counts)
        out.update({
            "win_rate": pen["score"],
            "win_rate_ci95": [pen["score_low"], pen["score_high"]],
            "win_rate_diff": wd,
            "win_rate_diff_ci95": [wlo, whi],
            "score": pen["score"],
            "score_ci95": [pen["score_low"], pen["score_high"]],
            "elo": pen["elo"],
            "elo_ci95": [pen["elo_low"], pen["elo_high"]],
            "los": pen["los"],
            "nelo": pen["nelo"],
            "nelo_ci95": [pen["nelo_low"], pen["nelo_high"]],
            "pentanomial": list(totals.counts),
            "unit_results": list(totals.counts),
        })
        return out
    h = range(len(totals.counts))      # bucket i: A's results over the unit sum to i / 2
    rate, rlo, rhi = stats.mean_interval(sum(i * m for i, m in zip(h, totals.counts)) / (2 * k),
                                         sum(i * i * m for i, m in zip(h, totals.counts))
                                         / (4 * k * k), n)
    x, xlo, xhi, se = _field_score(totals)
    if se > 0:
        los = stats.normal_cdf((x - 0.5) / se)
    else:
        los = float("nan") if n < 2 else 0.5 if x == 0.5 else float(x > 0.5)
    out.update({
        "win_rate": rate,
        "win_rate_ci95": [rlo, rhi],
        "win_rate_diff": wd,
        "win_rate_diff_ci95": [wlo, whi],
        "score": x,
        "score_ci95": [xlo, xhi],
        "elo": _elo(x),
        "elo_ci95": [_elo(xlo), _elo(xhi)],
        "los": los,
        "nelo": stats.normalized_elo(x, se * se * n),
        "nelo_ci95": [stats.normalized_elo(xlo, se * se * n),
                      stats.normalized_elo(xhi, se * se * n)],
        "pentanomial": None,
        "unit_results": list(totals.counts),
    })
    return out


#: floor of the mean squared deviation in the normal-approximation LLR (all units equal)
_R_FLOOR = 1e-12


def sprt_normal_llr(totals: Totals, elo0: float, elo1: float) -> float:
    """GSPRT log-likelihood ratio on the unit scores ``x`` under a normal approximation,
    fishtest's ``LLRcalc.LLR_alt2``: ``n/2 log(r0 / r1)``, ``r_s`` = mean of ``(x - s)**2``
    over the units, ``s_i`` = the logistic score of ``elo_i``.  For ``k > 2`` sides."""
    n = totals.pairs
    if n == 0:
        return 0.0
    c = totals.sides * (totals.sides - 1)
    ey, ey2 = totals.sum_w4 / n, totals.sum_w4sq / n          # x = 1/2 + y / (4c)

    def r(s):
        d = 0.5 - s
        return max(_R_FLOOR, ey2 / (16 * c * c) + 2 * d * ey / (4 * c) + d * d)

    s0, s1 = stats.score_from_elo(elo0), stats.score_from_elo(elo1)
    return 0.5 * n * (np.log(r(s0)) - np.log(r(s1)))


def sprt_state(totals: Totals, elo0, elo1, alpha, beta) -> dict:
    """``stats.sprt_decision`` for two sides (pentanomial GSPRT); the normal approximation
    of :func:`sprt_normal_llr` with the same Wald bounds for more sides."""
    if totals.sides == 2:
        return stats.sprt_decision(totals.counts, elo0, elo1, alpha, beta)
    lower, upper = stats.sprt_bounds(alpha, beta)
    llr = float(sprt_normal_llr(totals, elo0, elo1))
    state = "H1" if llr > upper else "H0" if llr < lower else "continue"
    return {"llr": llr, "lower": lower, "upper": upper, "state": state}


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
    cluster: str | None = None     # the Dask cluster it ran on (None: local threads)
    cluster_seconds: float | None = None   # the cluster's start-up (None: local threads)

    @property
    def deals_per_second(self) -> float:
        return self.summary["deals"] / self.seconds if self.seconds > 0 else float("nan")

    def to_frame(self):
        """Tidy: one row per estimate (differences, score, Elo, pairs), bounds as columns."""
        from .frames import comparison_frame
        return comparison_frame(self.summary)

    def _title(self) -> str:
        a, b = self.summary["strategies"][:2]
        return (f"{self.setup['game']}: {a} vs {b}, {self.summary['deals']:,} deals in "
                f"duplicate, seed {self.seed}")

    def _repr_html_(self) -> str:
        from .frames import frame_html
        return frame_html(self._title(), self.to_frame())

    def __str__(self) -> str:
        from .frames import frame_text
        return frame_text(self._title(), self.to_frame())

    def to_dict(self) -> dict:
        d = {**self.summary, **self.setup, "seed": self.seed, "requested": self.requested,
             "seconds": self.seconds, "compile_seconds": self.compile_seconds,
             "deals_per_second": self.deals_per_second,
             "games_per_second": self.summary["unit_games"] * self.deals_per_second,
             "threads": self.threads, "interrupted": self.interrupted}
        if self.cluster is not None:
            d["cluster"] = self.cluster
        if self.cluster_seconds is not None:
            d["cluster_seconds"] = self.cluster_seconds
        if self.sprt is not None:
            d["sprt"] = self.sprt
        return d


class PairsJob(Job):
    """Units of a duplicate match (``pair_outcomes``), with their totals."""

    def __init__(self, game, a, b, rules, players, dealer, seed, keep: bool,
                 every: int | None = None):
        from .rules import Rules
        self.game, self.a, self.b, self.every = game, a, b, every
        self.rules = rules.as_dict() if isinstance(rules, Rules) else dict(rules or {})
        self.players, self.dealer, self.seed, self.keep = players, dealer, seed, keep
        self.label = game

    def seating(self) -> "Seating":
        return seating(self.game, self.a, self.b, self.rules, self.players, self.dealer,
                       self.seed)

    def cluster_ready(self) -> None:
        from .facade import cluster_check
        for s in self.seating().setups:
            cluster_check(s)

    def user_strategies(self) -> tuple:
        own = {id(s): s for st in self.seating().setups for s in st.lineup.strategies
               if s.origin != "built-in"}
        return tuple(own.values())

    def prepare(self):
        seat = self.seating()
        for s in seat.setups:
            get_game(self.game).run_chunk(s, self.seed, 0, 1)   # compile or load from cache
        return seat

    def compute(self, seat, start, count):
        """``(pairs kept or None, [(end, totals)])``: the totals of each stretch between
        two multiples of ``every`` (the SPRT's looks), so the test looks at the same
        units whatever the chunks."""
        out = pair_outcomes(seat, self.seed, start, count)
        every = self.every or count
        cuts = [start, *range((start // every + 1) * every, start + count, every),
                start + count]
        parts = [(hi, chunk_totals({k: v[lo - start:hi - start] for k, v in out.items()},
                                   seat.sides)) for lo, hi in zip(cuts, cuts[1:])]
        return (out if self.keep else None), parts


class _Offset:
    """Progress for one block of a longer run: shifts ``done``, leaves closing to the run."""

    def __init__(self, bar: Progress, offset: int):
        self.bar, self.offset = bar, offset

    def update(self, done: int) -> None:
        self.bar.update(self.offset + done)

    def close(self) -> None:
        pass


def sprt_position(sp: dict) -> str:
    """Where the SPRT's last LLR stands against its Wald bounds, in words (the text and the
    report say the same): inside them, or past the bound that decided the test."""
    llr, lo, hi = sp["llr"], sp["lower"], sp["upper"]
    if llr >= hi:
        return f"at or above the upper bound {hi:+.3f} (H1 accepted)"
    if llr <= lo:
        return f"at or below the lower bound {lo:+.3f} (H0 accepted)"
    return f"inside the bounds [{lo:+.3f}, {hi:+.3f}]"


def compare(game: str, a: str, b: str, deals: int = 100_000, seed: int = 0, rules=None,
            players=None, dealer=None, sprt=None, threads=None, chunk: int | None = None,
            keep_pairs: bool = False, progress: bool | None = False,
            cluster=None, sprt_every: int = SPRT_EVERY) -> CompareResult:
    """Play ``deals`` deals in duplicate between strategies ``a`` and ``b``.

    With ``k`` sides each deal is played ``k`` times, A on each side in turn (the
    unit).  ``sprt=(elo0, elo1[, alpha, beta])`` runs fishtest's pentanomial GSPRT
    (two sides) or its normal approximation on the unit scores (``k > 2``), checked
    every ``sprt_every`` units (default 100, whatever the chunks) and stopping at the
    first crossing (the units after it are not counted) or after ``deals`` units.  ``cluster`` (``"local:N"``, ``"tcp://HOST:PORT"`` or a
    ``simcore.execution`` backend) runs the chunks on Dask workers: the same results.
    """
    from .facade import cluster_check
    deals = limits.check_count(deals, "deals")
    seed = limits.check_seed(seed)
    if cluster is None:
        threads = limits.check_threads(threads)
    sp = _parse_sprt(sprt)
    chunk = (limits.check_chunk(chunk) if chunk is not None
             else SPRT_CHUNK if sp else DEFAULT_PAIR_CHUNK)
    every = limits.check_count(sprt_every, "--sprt-every (deals between two looks)") if sp else None
    job = PairsJob(game, a, b, rules, players, dealer, seed, keep_pairs, every)
    if cluster is not None:
        g = get_game(game)
        for name in (a, b):        # validated (one line) before a cluster starts
            cluster_check(g.setup(rules or {}, (name,), players=players, dealer=dealer))
    owned = not isinstance(cluster, Backend)
    ex = make_backend(cluster, threads)
    try:
        seat = seating(game, a, b, rules, players, dealer, seed)
        return _compare(ex, job, seat, game, a, b, deals, seed, sp, chunk, keep_pairs, progress,
                        every)
    finally:
        if owned:
            ex.close()


def _compare(ex, job, seat, game, a, b, deals, seed, sp, chunk, keep_pairs, progress, every):
    compile_seconds = ex.warm_up(job)
    threads = ex.threads

    k = seat.sides
    total = Totals(sides=k, counts=[0] * (2 * k + 1))
    kept: list[dict] = []
    state = {"sprt": None, "stop": False}
    trace: list[tuple[int, float]] = []      # (pairs, LLR) at every check: the SPRT trace

    def consume(start, count, result):
        out, parts = result
        used = start
        for end, tot in parts:       # in index order: the SPRT looks at multiples of every
            if state["stop"]:
                break
            total.add(tot)
            used = end
            if sp and (end % every == 0 or end == deals):
                dec = sprt_state(total, *sp)
                state["sprt"] = dec
                trace.append((int(total.pairs), float(dec["llr"])))
                if dec["state"] != "continue":
                    state["stop"] = True
        if keep_pairs and used > start:
            kept.append({k: v[:used - start] for k, v in out.items()})

    bar = Progress(deals, "deals", enabled=progress)
    # Run in blocks of a few chunks per thread so that a decided SPRT stops the run
    # without queueing the rest of N; consume still sees every chunk in index order.
    block = deals if not sp else chunk * threads * 4
    seconds, interrupted, first = 0.0, False, 0
    while first < deals and not state["stop"] and not interrupted:
        size = min(block, deals - first)
        status = ex.run(job, size, consume, first=first, chunk=chunk,
                        progress=_Offset(bar, first), until=lambda: state["stop"])
        seconds += status.seconds
        interrupted = status.interrupted
        first += size
    bar.close()
    sprt_out = None
    if sp:
        dec = state["sprt"] or sprt_state(total, *sp)
        verdict = {"H1": "H1", "H0": "H0"}.get(dec["state"], "inconclusive")
        sprt_out = {"elo0": sp[0], "elo1": sp[1], "alpha": sp[2], "beta": sp[3],
                    "llr": dec["llr"], "lower": dec["lower"], "upper": dec["upper"],
                    "result": verdict, "pairs": total.pairs, "check_every": every,
                    "model": "pentanomial" if k == 2 else "normal",
                    "trace": {"pairs": [t[0] for t in trace], "llr": [t[1] for t in trace]}}
    pairs = None
    if keep_pairs:
        pairs = {k: np.concatenate([o[k] for o in kept]) if kept else np.empty(0, np.int64)
                 for k in ("d2", "bucket", "w4")}
    s0 = seat.setups[0].describe()
    setup = {"game": game, "rules": s0["rules"], "rules_string": s0["rules_string"],
             "players": seat.players, "dealer": s0["dealer"],
             "seats": [list(x) for x in seat.seats]}
    return CompareResult(summarize((a, b), total), setup, seed, deals, seconds,
                         compile_seconds, threads, interrupted, sprt_out, pairs,
                         ex.describe().get("cluster"), ex.startup_seconds)


class TournamentResult(dict):
    """The tournament's dict (as before), with ``to_frame()`` and a notebook display."""

    def to_frame(self):
        from .frames import tournament_frame
        return tournament_frame(self)

    def _title(self) -> str:
        return (f"{self['game']} tournament: {', '.join(self['strategies'])}, "
                f"{self['deals_per_match']:,} deals per match in duplicate, seed {self['seed']}")

    def _repr_html_(self) -> str:
        from .frames import frame_html
        return frame_html(self._title(), self.to_frame())

    def __str__(self) -> str:
        from .frames import frame_text
        return frame_text(self._title(), self.to_frame())


def tournament(game: str, names, deals: int = 100_000, seed: int = 0, rules=None,
               players=None, dealer=None, threads=None, chunk=None,
               progress: bool | None = False, cluster=None) -> dict:
    """Every pair of ``names`` in duplicate; Bradley-Terry Elo with intervals.

    Ctrl-C or SIGTERM stops it keeping the matches already finished (``interrupted``
    is then true; the ratings are fitted only if every strategy played a match).

    With two sides each unordered pair is one match.  With ``k > 2`` sides A alone
    against a field of B is not B alone against A, so each ordered pair is a match
    and both feed the Bradley-Terry fit (``score * games`` to A, the rest to B).
    ``cluster``: see :func:`compare` (one cluster serves every match).
    """
    names = list(names)
    if len(names) < 2:
        raise TrunfoError(f"a tournament needs at least 2 strategies, got {len(names)}")
    if len(set(names)) != len(names):
        raise TrunfoError(f"each strategy may appear once, got {','.join(names)}")
    if cluster is None or isinstance(cluster, Backend):
        return _tournament(game, names, deals, seed, rules, players, dealer, threads, chunk,
                           progress, cluster)
    limits.check_count(deals, "deals"), limits.check_seed(seed)
    if chunk is not None:
        limits.check_chunk(chunk)
    with make_backend(cluster, threads) as ex:
        t = _tournament(game, names, deals, seed, rules, players, dealer, None, chunk,
                        progress, ex)
        t["cluster_seconds"] = ex.startup_seconds     # counted in no match's seconds
        return t


def _tournament(game, names, deals, seed, rules, players, dealer, threads, chunk, progress,
                cluster) -> dict:
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    diff = [[0.0 if i == j else None for j in range(k)] for i in range(k)]
    matches = []
    seconds = 0.0
    sides = 2
    interrupted = False
    for i in range(k):
        for j in range(i + 1, k):
            order = [(i, j)]
            while order and not interrupted:
                x, y = order.pop(0)
                try:
                    r = compare(game, names[x], names[y], deals, seed, rules, players, dealer,
                                threads=threads, chunk=chunk, progress=progress,
                                cluster=cluster)
                except KeyboardInterrupt:     # e.g. while a kernel compiles
                    interrupted = True
                    break
                seconds += r.seconds
                if r.interrupted:             # the unfinished match is left out
                    interrupted = True
                    break
                s = r.summary
                sides = s["sides"]
                games = s["games"]
                wins[x][y] += s["score"] * games
                wins[y][x] += games - s["score"] * games
                diff[x][y] = s["mean_point_diff"]
                if sides == 2:
                    diff[y][x] = -s["mean_point_diff"]
                elif (x, y) == (i, j):
                    order.append((j, i))
                matches.append({k_: s[k_] for k_ in (
                    "strategies", "deals", "mean_point_diff", "mean_point_diff_ci95", "win_rate",
                    "win_rate_ci95", "win_rate_diff", "win_rate_diff_ci95", "score",
                    "score_ci95", "elo", "elo_ci95", "pentanomial", "unit_results")})
            if interrupted:
                break
        if interrupted:
            break
    ratings = []
    played = {n for m in matches for n in m["strategies"]}
    if not interrupted or played == set(names):
        try:
            bt = stats.bradley_terry_intervals(wins)
        except ValueError as e:
            if not interrupted:
                raise TrunfoError(f"no Bradley-Terry fit: {e}") from None
        else:
            ratings = [{"strategy": n, "elo": r, "elo_ci95": [lo, hi]}
                       for n, (r, lo, hi) in zip(names, bt)]
    total_deals = sum(m["deals"] for m in matches)
    return TournamentResult({"game": game, "strategies": names, "sides": sides,
                             "deals_per_match": deals,
            "seed": seed,
            "ratings": ratings, "point_diff_matrix": diff, "matches": matches,
            "interrupted": interrupted,
            "deals": total_deals, "seconds": seconds,
            "deals_per_second": total_deals / seconds if seconds > 0 else float("nan")})
