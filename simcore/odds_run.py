"""The odds of a holding, and how the deals that have it turn out (``trunfo odds``).

::

    import simcore
    r = simcore.odds("sueca", trump="2S", hands={"dealer": "AS 7S"},
                     where="trumps(dealer) >= 5", deals=100_000, seed=1)
    r.exact.condition          # Fraction: P(5+ trumps | the dealer shows 2S and holds AS 7S)
    r.outcomes                 # DataFrame: the dealer's team's results, 95% intervals
    r.to_frame()               # every estimate, one row each

Every deal is dealt by the conditioned sampler (docs/odds.md), exactly uniform over the deals
that satisfy the conditions (an empty condition deals uniform deals), and played by the
game's kernels under the chosen strategies.  Results are seen from one seat (``seat``: by
default the one seat the hands and ``where`` name, else ``me``) and its side.
``table=True`` adds the game's standard tables: outcome shares by a holding of that seat, each row with the exact
probability of the holding (under the conditions) beside it.
"""
from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping

import numpy as np
import pandas as pd

from . import __version__, limits, stats
from .errors import TrunfoError, choices_text
from .games import DEFAULT_GAME, all_games, get_game, solver_of
from .facade import TableJob
from .odds_spec import Estimate, Holdings, Table
from .runner import DEFAULT_CHUNK, Progress, default_threads

#: deck orders the pilot draws to estimate the acceptance of a condition dealt by rejection
PILOT = 20_000
#: a second, longer pilot when the first accepts nothing
PILOT_LONG = 1_000_000
#: the most deck orders a run may draw (deals / acceptance): beyond, it is refused
MAX_PROPOSALS = 10**9


# --- what is estimated: the game's ``odds`` (simcore.odds_spec) ---------------------------
def _tables_of(g, deck) -> list:
    """The standard tables of game ``g`` (``--table``); one line when it has none."""
    if g.odds.tables is None:
        with_tables = [name for name, x in all_games().items() if x.odds.tables is not None]
        raise TrunfoError(f"{g.name} has no standard tables; games with tables: "
                          f"{choices_text(with_tables)}")
    return g.odds.tables(deck)


# --- the result -----------------------------------------------------------------------------
def _share(k: int, n: int) -> tuple[float, float, float]:
    lo, hi = stats.wilson_interval(int(k), int(n))
    return (k / n if n else float("nan"), lo, hi)


def _fraction(p: Fraction | None) -> dict | None:
    from .conditions import fraction_dict
    return fraction_dict(p)


@dataclass
class OddsResult:
    """What :func:`odds` returns.  ``exact``: the exact probabilities (``ExactOdds``:
    ``predeal``, ``condition``, ``joint``); ``outcomes``: a DataFrame of the estimates seen
    from the seat asked about (one row each: share or mean, 95% interval); ``tables``: the
    standard tables (DataFrames) when asked for; ``to_frame()``: every estimate in one tidy
    DataFrame; ``to_dict()``: what ``--json`` prints."""
    setup: dict
    conditions: dict
    seat: str
    side: str
    seed: int
    requested: int
    done: int
    seconds: float
    compile_seconds: float
    threads: int
    interrupted: bool
    exact: Any
    proposals: int
    outcomes: pd.DataFrame
    tables: dict = field(default_factory=dict)
    par: dict | None = None
    analyse_seconds: float = 0.0
    cluster: str | None = None     # the Dask cluster it ran on (None: local threads)
    cluster_seconds: float | None = None   # the cluster's start-up (None: local threads)

    @property
    def deals(self) -> int:
        return self.done

    @property
    def per_second(self) -> float:
        return self.done / self.seconds if self.seconds > 0 else float("nan")

    @property
    def acceptance(self) -> float:
        """The share of the deck orders drawn that were accepted (1: dealt directly)."""
        return self.done / self.proposals if self.proposals else float("nan")

    def to_dict(self) -> dict:
        out = {**self.setup, "version": __version__, "seed": self.seed,
               "conditions": self.conditions, "seat": self.seat, "side": self.side,
               "exact": self.exact.to_dict(), "requested": self.requested,
               "deals": self.done, "seconds": self.seconds,
               "deals_per_second": self.per_second, "acceptance": self.acceptance,
               "deck_orders": self.proposals, "threads": self.threads,
               "compile_seconds": self.compile_seconds,
               "analyse_seconds": self.analyse_seconds, "interrupted": self.interrupted,
               "outcomes": _outcomes_dict(self.outcomes)}
        if self.tables:
            out["tables"] = {name: _table_dict(t) for name, t in self.tables.items()}
        if self.par is not None:
            out["par"] = self.par
        if self.cluster is not None:
            out["cluster"] = self.cluster
        if self.cluster_seconds is not None:
            out["cluster_seconds"] = self.cluster_seconds
        return out

    def __str__(self) -> str:
        from .frames import frame_text
        return frame_text(f"{self.setup.get('game')}: odds seen from {self.seat} "
                          f"({self.side}), {self.done:,} deals, seed {self.seed}",
                          self.to_frame())

    def to_frame(self) -> pd.DataFrame:
        """Every estimate, one row each: ``section`` (``exact``, ``outcomes`` or a table's
        name), ``group`` (a table's holding; empty otherwise), ``estimate``, ``kind``
        (``probability``, ``share`` or ``mean``), ``value``, ``low95``, ``high95``, ``count``
        (deals counted), ``deals`` (deals in the group) and ``fraction`` (exact ones)."""
        rows = []
        for name, p in (("P(predealt cards)", self.exact.predeal),
                        ("P(where | predealt cards)", self.exact.condition),
                        ("P(predealt cards and where)", self.exact.joint)):
            if p is not None:
                rows.append({"section": "exact", "group": "", "estimate": name,
                             "kind": "probability", "value": float(p), "low95": float(p),
                             "high95": float(p), "count": None, "deals": None,
                             "fraction": f"{p.numerator}/{p.denominator}"})
        for r in self.outcomes.itertuples(index=False):
            rows.append({"section": "outcomes", "group": "", "estimate": r.estimate,
                         "kind": r.kind, "value": r.value, "low95": r.low95,
                         "high95": r.high95, "count": r.count, "deals": r.deals,
                         "fraction": None})
        for name, t in self.tables.items():
            for r in t.to_dict("records"):
                g = str(r["holding"])
                if r["exact"] is not None:
                    rows.append({"section": name, "group": g, "estimate": "P(holding)",
                                 "kind": "probability", "value": r["exact"],
                                 "low95": r["exact"], "high95": r["exact"], "count": None,
                                 "deals": None, "fraction": r["exact_fraction"]})
                rows.append({"section": name, "group": g, "estimate": "share of deals",
                             "kind": "share", "value": r["share_of_deals"],
                             "low95": r["share_of_deals_low95"],
                             "high95": r["share_of_deals_high95"], "count": r["deals"],
                             "deals": self.done, "fraction": None})
                kinds = t.attrs.get("kinds", {})
                for key in _table_estimates(t):
                    rows.append({"section": name, "group": g, "estimate": key,
                                 "kind": kinds.get(key, "share"),
                                 "value": r[key], "low95": r[f"{key} low95"],
                                 "high95": r[f"{key} high95"],
                                 "count": r.get(f"{key} count"), "deals": r["deals"],
                                 "fraction": None})
        return pd.DataFrame(rows, columns=["section", "group", "estimate", "kind", "value",
                                           "low95", "high95", "count", "deals", "fraction"])


def _outcomes_dict(df: pd.DataFrame) -> dict:
    out = {}
    for r in df.itertuples(index=False):
        if r.kind == "share":
            out[r.key] = {"label": r.estimate, "count": int(r.count), "share": r.value,
                          "ci95": [r.low95, r.high95]}
        else:
            out[r.key] = {"label": r.estimate, "mean": r.value, "ci95": [r.low95, r.high95]}
    return out


def _table_estimates(t: pd.DataFrame) -> list[str]:
    return [c for c in t.columns if f"{c} low95" in t.columns and c != "share_of_deals"]


def _table_dict(t: pd.DataFrame) -> dict:
    rows = []
    for r in t.to_dict("records"):
        row = {"holding": r["holding"],
               "exact": None if r["exact"] is None else
               {"fraction": r["exact_fraction"], "float": r["exact"]},
               "deals": int(r["deals"]), "share_of_deals": r["share_of_deals"],
               "share_of_deals_ci95": [r["share_of_deals_low95"], r["share_of_deals_high95"]]}
        kinds = t.attrs.get("kinds", {})
        for key in _table_estimates(t):
            row[key] = {"kind": kinds.get(key, "share"), "value": r[key],
                        "ci95": [r[f"{key} low95"], r[f"{key} high95"]]}
        rows.append(row)
    return {"title": t.attrs.get("title", ""), "rows": rows}


# --- the run ------------------------------------------------------------------------------
class _Acc:
    """Additive sums of a run: per estimate (deals, sum, sum of squares), over all deals
    (``sums``) and per holding of each table (``groups``: arrays by holding)."""

    def __init__(self):
        self.n = 0
        self.sums: dict[str, np.ndarray] = {}
        self.groups: dict[str, dict[str, np.ndarray]] = {}

    def add(self, ests, tables: dict, sizes: dict) -> None:
        n = len(ests[0][1]) if ests else 0
        self.n += n
        for e, v in ests:
            v = v.astype(np.float64)
            part = np.array([len(v), v.sum(), (v * v).sum()])
            s = self.sums.get(e.key)
            self.sums[e.key] = part if s is None else s + part
        for name, vals in tables.items():
            g = self.groups.setdefault(name, {})
            k = sizes[name]
            for e, v in ests:
                v = v.astype(np.float64)
                part = np.stack([np.bincount(vals, minlength=k).astype(np.float64),
                                 np.bincount(vals, weights=v, minlength=k),
                                 np.bincount(vals, weights=v * v, minlength=k)], axis=1)
                s = g.get(e.key)
                g[e.key] = part if s is None else s + part

    def merge(self, other: "_Acc") -> None:
        self.n += other.n
        for k, v in other.sums.items():
            self.sums[k] = v if k not in self.sums else self.sums[k] + v
        for name, g in other.groups.items():
            mine = self.groups.setdefault(name, {})
            for key, v in g.items():
                mine[key] = v if key not in mine else mine[key] + v


def _row(e: Estimate, s: np.ndarray) -> tuple[float, float, float, int]:
    n = int(s[0])
    if e.kind == "share":
        v, lo, hi = _share(int(round(s[1])), n)
        return v, lo, hi, int(round(s[1]))
    m, lo, hi = stats.mean_interval(float(s[1]), float(s[2]), n)
    return m, lo, hi, n


def _outcome_frame(estimates: list[Estimate], acc: _Acc) -> pd.DataFrame:
    rows = []
    for e in estimates:
        s = acc.sums.get(e.key, np.zeros(3))
        v, lo, hi, k = _row(e, s)
        rows.append({"key": e.key, "estimate": e.label, "kind": e.kind, "value": v,
                     "low95": lo, "high95": hi, "count": k, "deals": acc.n})
    return pd.DataFrame(rows, columns=["key", "estimate", "kind", "value", "low95", "high95",
                                       "count", "deals"])


def _table_frame(t: Table, estimates: list[Estimate], acc: _Acc, exact: list, seat: str,
                 shown: list[str]) -> pd.DataFrame:
    g = acc.groups.get(t.name, {})
    rows = []
    for k, label in enumerate(t.labels):
        d = {key: v[k] for key, v in g.items()}
        m = int(d[estimates[0].key][0]) if d else 0
        p = exact[k]
        if m == 0 and (p is None or p == 0):
            continue
        sh, slo, shi = _share(m, acc.n)
        row = {"holding": str(label).replace("{X}", seat), "exact": None if p is None else float(p),
               "exact_fraction": None if p is None else f"{p.numerator}/{p.denominator}",
               "deals": m, "share_of_deals": sh, "share_of_deals_low95": slo,
               "share_of_deals_high95": shi}
        for e in estimates:
            if e.key not in shown:
                continue
            name = e.label
            v, lo, hi, c = _row(e, d.get(e.key, np.zeros(3)))
            row[name] = v
            row[f"{name} low95"] = lo
            row[f"{name} high95"] = hi
            if e.kind == "share":
                row[f"{name} count"] = c
        rows.append(row)
    df = pd.DataFrame(rows)
    df.attrs["title"] = t.title.replace("{X}", seat)
    df.attrs["kinds"] = {e.label: e.kind for e in estimates if e.key in shown}
    return df


def _conditions_kw(hands, trump, trump_suit, where, predicate) -> dict | None:
    kw = {"hands": dict(hands or {}), "trump": trump, "trump_suit": trump_suit,
          "where": where, "predicate": predicate}
    return kw


def _seat_text(h) -> str:
    """A seat holder as the conditions language writes it (``me``, ``2``, ``dealer+1``)."""
    if h.base == "dealer":
        return "dealer" if h.value == 0 else f"dealer+{h.value}"
    return "me" if h.value == 0 else str(h.value)


def _seat_holder(c, seat):
    """The seat the odds are seen from: ``seat``, else the one seat the conditions name (by
    a hand or in ``where``), else ``me``; conditions that name several seats need ``seat``."""
    from .conditions import lang
    if seat is None:
        named: dict = {}
        for key in c.hand_text:
            h = lang.check_holder(key, c.ctx, "seat")
            if h.kind == "seat":
                named.setdefault((h.base, h.value), (str(key), h))
        for h in sorted(lang.holders_of(c.where), key=lambda h: (h.base, h.value)):
            if h.kind == "seat":
                named.setdefault((h.base, h.value), (_seat_text(h), h))
        if len(named) > 1:
            raise TrunfoError(f"the conditions name {len(named)} seats "
                              f"({', '.join(t for t, _ in named.values())}): say which one "
                              f"the odds are seen from with --seat (seat= in Python)")
        if named:
            return next(iter(named.values()))
        return "me", lang.check_holder("me", c.ctx, "seat")
    h = lang.check_holder(str(seat), c.ctx, "seat")
    if h.kind != "seat":
        raise TrunfoError(f"the seat asked about must be one seat (0, me, dealer, dealer+1, "
                          f"partner...), not {seat!r}")
    return str(seat), h


def _pilot(c, seed: int, deals: int) -> float:
    """The acceptance of a condition dealt by rejection, estimated on the pilot streams; a
    run that could not reach ``deals`` is refused."""
    if c.direct:
        return 1.0
    acc = c.acceptance(seed, PILOT)
    tried = PILOT
    if acc == 0:
        acc = c.acceptance(seed + 1, PILOT_LONG)
        tried = PILOT_LONG
    checked = ", ".join(c.describe()["checked"])
    if acc == 0:
        raise TrunfoError(f"acceptance too small: none of {tried:,} deck orders satisfied "
                          f"{checked} (dealt by rejection); write it with counted terms, or "
                          f"loosen it")
    need = deals / acc
    if need > MAX_PROPOSALS:
        raise TrunfoError(f"acceptance too small to reach {deals:,} deals: about {acc:.2g} "
                          f"of the deck orders satisfy {checked}, so {need:.2g} would be "
                          f"drawn (the most is {MAX_PROPOSALS:.0e}); ask for fewer deals")
    return acc


class OddsJob(TableJob):
    """The deals of :func:`odds` as a job of the execution layer (``simcore.execution``):
    plain data (the conditions as given: ``hands``, ``trump``, ``trump_suit``, ``where``,
    ``predicate``), the setup with its conditions built once per process by ``prepare``;
    ``compute(state, start, count)`` deals and plays deals ``start..start+count-1`` and gives
    what the run sums: ``(_Acc, deck orders drawn, par values or None)``."""

    def __init__(self, game: str, rules, strategies, players, dealer, seed: int,
                 conditions: dict, seat: str | None = None, table: bool = False,
                 par: bool = False):
        self._table(game, rules, strategies, players, dealer, seed, conditions)
        self.seat, self.table, self.par = seat, table, par
        self.label = f"{game} odds"

    def prepare(self):
        return self.state(self.setup())

    def state(self, setup) -> dict:
        """What ``compute`` needs, from ``setup`` (built with the conditions), its kernels
        compiled or loaded from the cache."""
        g = get_game(self.game)
        c = setup.conditions
        seat_text, holder = _seat_holder(c, self.seat)
        tables = _tables_of(g, c.deck) if self.table else []
        st = {"g": g, "setup": setup, "c": c, "holder": holder, "tables": tables,
              "sizes": {tb.name: len(tb.labels) for tb in tables},
              "sides": g.sides_of(setup.players, setup.rules),
              "predeal": bool(tables) or c.predicate is not None, "par_total": 0}
        g.run_chunk(setup, self.seed, 0, 1)              # compile, or load from the cache
        if st["predeal"]:
            d = c.decks(self.seed, 0, 1)
            _holdings(c, d, np.zeros(1, np.int64), st["sides"])
        if self.par:
            from .solver import par as solver_par
            st["par_total"] = solver_of(g, "--par works for").total
            solver_par.warm_up(g, setup)
        return st

    def compute(self, st, start, count):
        from .deal import conditioned, source_info
        g, setup, c, seed = st["g"], st["setup"], st["c"], self.seed
        if st["predeal"]:
            d = c.decks(seed, start, count)
            src = conditioned(c.plan, d.decks, d.dealers, d.states, packed=c.packed)
            tries = int(d.tries.sum())
        else:
            src = conditioned(c.plan, packed=c.packed)
        recs = g.run_chunk(setup, seed, start, count, source=src)
        if not st["predeal"]:
            tries = source_info(src)[0]
        holder = st["holder"]
        dl = recs["dealer"].astype(np.int64)
        seats = (holder.value + (dl if holder.base == "dealer" else 0 * dl)) % setup.players
        ests = g.odds.estimates(recs, seats, setup)
        vals = {}
        if st["tables"]:
            h = _holdings(c, d, seats, st["sides"])
            vals = {tb.name: tb.values(h) for tb in st["tables"]}
        acc = _Acc()
        acc.add(ests, vals, st["sizes"])
        pv = None
        if self.par:
            from .solver import par as solver_par
            p0 = solver_par.par_values(g, setup, seed, start, count)
            side = np.array(st["sides"])[seats]
            pv = np.where(side == 0, p0, st["par_total"] - p0)
        return acc, tries, pv


def odds(game: str = DEFAULT_GAME, hands: Mapping | None = None, trump: str | None = None,
         trump_suit: str | None = None, where: str | Callable | None = None,
         predicate: Callable | None = None, deals: int = 100_000, seed: int = 0,
         strategies=("random",), rules: dict | None = None, dealer: int | None = None,
         players: int | None = None, threads: int | None = None, seat: str | None = None,
         table: bool = False, par: bool = False, chunk: int = DEFAULT_CHUNK,
         progress: bool | None = None, cluster=None) -> OddsResult:
    """The exact probability of a holding and, over ``deals`` deals that have it (dealt
    exactly uniformly among them), the outcomes under ``strategies`` seen from ``seat`` and
    its side, with 95% intervals.  The conditions are those of
    :class:`simcore.conditions.Conditions` (docs/odds.md).  ``table=True`` adds the game's
    standard tables; ``par=True`` each deal's double-dummy par (Sueca, Spades, Brisca).
    ``cluster="local:N"`` or ``"tcp://HOST:PORT"`` (or a ``distributed.Client``) runs the
    chunks on a Dask cluster (docs/cluster.md); the results are the same as on threads."""
    from .execution import DaskBackend, using
    from .facade import cluster_check
    g = get_game(game)
    deals = limits.check_count(deals, "deals")
    seed = limits.check_seed(seed)
    if cluster is None:
        threads = limits.check_threads(threads)
    t0 = time.perf_counter()
    conditions = _conditions_kw(hands, trump, trump_suit, where, predicate)
    job = OddsJob(game, rules, strategies, players, dealer, seed, conditions, seat=seat,
                  table=table, par=par)
    setup = job.setup()
    if cluster is not None:
        cluster_check(setup)          # one line, before a cluster starts
    c = setup.conditions
    seat_text, holder = _seat_holder(c, seat)
    exact = c.exact()
    _pilot(c, seed, deals)
    estimates_of = g.odds.estimates
    tables = _tables_of(g, c.deck) if table else []
    table_exact = {t.name: _table_exact(c, t, seat_text, exact) for t in tables}
    analyse = time.perf_counter() - t0
    if par:
        from .solver import par as solver_par
        solver = solver_of(g, "--par works for")
        par_total, par_unit = solver.total, solver.unit
        chunk = min(chunk, solver_par.PAR_CHUNK)
    estimates = [e for e, _ in estimates_of(np.empty(0, g.record_dtype), np.zeros(0, np.int64),
                                            setup)]
    sides = g.sides_of(setup.players, setup.rules)
    total = _Acc()
    proposals = [0]
    par_parts: list[np.ndarray] = []
    lock = threading.Lock()

    def consume(start, count, result):
        acc, tries, pv = result
        with lock:
            total.merge(acc)
            proposals[0] += tries
            if pv is not None:
                par_parts.append(pv)

    with using(cluster, threads) as ex:
        t = time.perf_counter()
        if not isinstance(ex, DaskBackend) or ex.local:
            job.__dict__["local"] = job.state(setup)     # this process's setup, compiled
        ex.warm_up(job)
        compile_seconds = time.perf_counter() - t
        bar = Progress(deals, "deals", enabled=progress)
        status = ex.run(job, deals, consume, chunk=chunk, progress=bar)
        used = ex.threads
        where_run = ex.describe().get("cluster")
        startup = ex.startup_seconds
    outcomes = _outcome_frame(estimates, total)
    shown = list(g.odds.table_columns)
    frames = {t.name: _table_frame(t, estimates, total, table_exact[t.name], seat_text, shown)
              for t in tables}
    par_summary = None
    if par:
        pv = np.concatenate(par_parts) if par_parts else np.empty(0, np.int64)
        par_summary = _par_summary(pv, par_unit)
    side_word = "team" if sum(1 for s in sides if s == sides[0]) > 1 else "side"
    desc = c.describe()
    cond = {k: desc[k] for k in ("hands", "trump", "trump_suit", "where", "predicate",
                                 "dealing_rule", "method", "dealt_directly", "checked")}
    return OddsResult(setup.describe(), cond, seat_text,
                      f"{side_word}({seat_text})" if side_word == "team" or
                      len(set(sides)) < len(sides) else seat_text,
                      seed, deals, status.done, status.seconds, compile_seconds, used,
                      status.interrupted, exact, proposals[0], outcomes, frames, par_summary,
                      analyse, where_run, startup)


def _par_summary(pv: np.ndarray, unit: str) -> dict:
    n = len(pv)
    m, lo, hi = stats.mean_interval(float(pv.sum()), float((pv.astype(np.float64) ** 2).sum()),
                                    n)
    return {"deals": n, "unit": unit, "mean": m, "ci95": [lo, hi],
            "distribution": [int(x) for x in np.bincount(pv.astype(np.int64))] if n else []}


def _holdings(c, d, seats, sides) -> Holdings:
    from .conditions.sampler import H_HOLDERS, check_decks
    n = len(d.dealers)
    ok = np.empty(n, np.bool_)
    masks = np.empty((n, int(c.plan.ints[H_HOLDERS])), np.uint64)
    trumps = np.empty(n, np.int64)
    check_decks(d.decks, d.dealers, c.plan, ok, masks, trumps)
    return Holdings(masks, trumps, seats, d.dealers, c.deck, c.players, tuple(sides))


def _table_exact(c, t: Table, seat: str, exact) -> list:
    """P(holding k | the conditions) for every k of a table (None when not countable)."""
    if exact.condition is None:
        return [None] * len(t.labels)
    out = []
    for k in range(len(t.labels)):
        p = c.probability_with(t.where(k, seat))
        out.append(None if p is None else p / exact.condition)
    return out


def standard_exact(game: str, rules=None, players: int | None = None,
                   dealer: int | None = None, seat: str = "dealer",
                   conditions: Mapping | None = None) -> dict[str, dict]:
    """The game's standard tables for a study's report (under the study's ``conditions``,
    the keys of a spec's ``[conditions]``, if any): per table,
    its ``title`` and ``labels`` (``{X}`` written as ``seat``) and the ``exact``
    probability of each holding (Fractions, None when not countable), counted by the same
    :meth:`Conditions.probability_with` as ``trunfo odds --table``."""
    from .conditions import Conditions
    g = get_game(game)
    if g.odds.tables is None or not g.conditions_with(g.check_players(players)):
        return {}
    kw = {k: v for k, v in (conditions or {}).items()
          if k in ("hands", "trump", "trump_suit", "dealer", "where")}
    kw.setdefault("dealer", dealer)
    c = Conditions(g.name, rules=rules, players=players, **kw)
    exact = c.exact()
    out = {}
    for t in g.odds.tables(c.deck):
        out[t.name] = {"title": t.title.replace("{X}", seat),
                       "labels": [str(x).replace("{X}", seat) for x in t.labels],
                       "exact": _table_exact(c, t, seat, exact)}
    return out
