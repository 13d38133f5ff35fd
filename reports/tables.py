"""Aggregation: deals -> additive counts -> tables with 95% intervals.

Every table is built in two steps so that a run of any size is read one chunk
at a time: ``count(game, frame)`` turns a DataFrame of deals into additive
counts, :func:`add` sums counts across chunks and ``finish`` turns the sum
into tables (pandas DataFrames) with Wilson intervals.  The public table
functions (``outcome_shares(df)``, ``holdings(df, game)``...) do all three on one
DataFrame, for notebooks.

Sections per game come from the game, never from its name: every game has outcome
shares, the score distribution and per-side results from ``Game.side_results``; a game
with ``Game.holding_tables`` (``simcore.holdings``: Sueca's trumps and honours) gets its
"results by holding" tables; one with ``Game.contract_levels`` (an auction) its contracts.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

import numpy as np
import pandas as pd

from simcore import stats

from . import stats as est
from simcore.games import get_game

#: a spec's old section names, read as the section that now holds them
SECTION_ALIASES = {"trumps": "holdings", "honours": "holdings", "standard": "holdings"}
WHOLE_SECTIONS = ("outcomes", "lengths", "sides", "categories", "metadata")
SECTION_TITLES = {
    "lengths": "Length of the whole games",
    "outcomes": "Outcome shares",
    "scores": "Score distribution",
    "sides": "Results by side and strategy",
    "categories": "Scoring categories",
    "holdings": "Results by holding: what the dealer's side was dealt",
    "contracts": "Contracts reached and made, by level and by the declarer's seat",
    "metadata": "Run metadata",
}


def sections_for(game: str, unit: str = "deals") -> tuple[str, ...]:
    """The report sections a game supports for ``unit`` (deals or whole games), in order:
    read off what the game declares (contracts, holding tables), never off its name."""
    if unit != "deals":
        return WHOLE_SECTIONS
    out = ["outcomes"]
    if contract_levels(game) is not None:
        out.append("contracts")
    out += ["scores", "sides", "categories"]
    if get_game(game).holding_tables:
        out.append("holdings")
    return tuple(out + ["metadata"])


def canonical_sections(names) -> list[str]:
    """A spec's section names with the old ones (trumps, honours, standard) read as the
    section that holds them now, each once."""
    return list(dict.fromkeys(SECTION_ALIASES.get(n, n) for n in names))


def holding_marks(game: str) -> tuple:
    """The score marks the holding tables show (``Game.holding_marks``, by default all of
    ``Game.score_marks``)."""
    g = get_game(game)
    return tuple(g.score_marks if g.holding_marks is None else g.holding_marks)


def holding_tables(game: str) -> tuple:
    """The game's holding tables (``Game.holding_tables``, see ``simcore.holdings``)."""
    return tuple(get_game(game).holding_tables)


def contract_levels(game: str):
    """``(level names, level_codes(df) -> array)`` of a game with an auction
    (``Game.contract_levels``), else None."""
    c = get_game(game).contract_levels
    if c is None:
        return None
    return tuple(c.names), c.codes


def columns_for(game: str) -> list[str] | None:
    """The columns the report reads (None: all of them: ``Game.side_results`` may read
    any)."""
    return None


from simcore.holdings import CATEGORY_COLUMN as _CATEGORY


def category_columns(game: str, unit: str = "deals") -> list[tuple[str, str, str, int]]:
    """Per-side record columns ``<category>_<side|team|seat><i>``: the game's own scoring
    categories (cards, coins, primiera, scope in Scopa; bids, tricks, bags in Spades...)."""
    g = get_game(game)
    dtype = g.record_dtype if unit == "deals" else g.rubber_dtype
    out = []
    for name in dtype.names:
        m = _CATEGORY.match(name)
        if m:
            out.append((name, m.group(1), m.group(2), int(m.group(3))))
    return out


def outcome_labels(game: str) -> tuple[str, ...] | None:
    """The label of each outcome code (``Game.outcome_names``)."""
    labels = getattr(get_game(game), "outcome_names", None)
    return tuple(labels) if labels is not None else None


def _codes(col: pd.Series) -> np.ndarray:
    if isinstance(col.dtype, pd.CategoricalDtype):
        return col.cat.codes.to_numpy(np.int64)
    return col.to_numpy(np.int64)


def to_records(game: str, df: pd.DataFrame) -> np.ndarray:
    """The kernel's record array back from a deals DataFrame (labels -> codes)."""
    g = get_game(game)
    dtype = g.record_dtype
    out = np.zeros(len(df), dtype)
    for name in dtype.names:
        if name in df:
            col = df[name]
            if isinstance(col.dtype, pd.CategoricalDtype):
                # the categories may be a subset of the labels (those the rules allow)
                labels = list(g.outcome_names) if name == "outcome" else None
                codes = _codes(col)
                if labels is not None:
                    remap = np.array([labels.index(str(c)) for c in col.cat.categories]
                                     + [-1], np.int64)
                    codes = remap[codes]
                out[name] = codes
            else:
                out[name] = col.to_numpy()
    return out


def guess_game(df: pd.DataFrame) -> str:
    from simcore.games import all_games
    cols = set(df.columns)
    for name, g in all_games().items():
        if set(g.record_dtype.names) <= cols:
            return name
    raise ValueError("cannot tell the game of this DataFrame; pass game=")


def side_names(game: str, n_sides: int, players: int | None = None,
               strategies: Iterable[str] | None = None) -> list[str]:
    """'team 0 (seats 0,2: greedy,random)'-style labels for the sides."""
    g = get_game(game)
    players = players or g.default_players
    strategies = list(strategies) if strategies else None
    if strategies and len(strategies) == 1:
        strategies = strategies * players
    names = []
    for s in range(n_sides):
        seats = list(range(s, players, n_sides)) if players % n_sides == 0 else [s]
        word = "team" if len(seats) > 1 else "seat"
        label = f"{word} {s}"
        if len(seats) > 1:
            label += f" (seats {','.join(map(str, seats))}"
            label += f": {','.join(strategies[i] for i in seats)})" if strategies else ")"
        elif strategies:
            label += f" ({strategies[seats[0]]})"
        names.append(label)
    return names


# --- counting (additive) -------------------------------------------------------------------
def count(game: str, df: pd.DataFrame) -> dict:
    """Additive counts of one chunk (or any DataFrame) of deals."""
    n = len(df)
    c: dict = {"n": n}
    labels = outcome_labels(game)
    if "outcome" in df:
        col = df["outcome"]
        codes = _codes(col)
        if isinstance(col.dtype, pd.CategoricalDtype):
            names = [str(x) for x in col.cat.categories]
        else:
            names = list(labels) if labels else [str(i) for i in range(codes.max(initial=-1) + 1)]
        bc = np.bincount(codes[codes >= 0], minlength=len(names))
        c["outcome"] = Counter({names[i]: int(v) for i, v in enumerate(bc)})
    recs = to_records(game, df)
    score, result = get_game(game).side_results(recs)
    k = score.shape[1]
    c["sides"] = k
    c["side_hist"] = [Counter(dict(zip(*[a.tolist() for a in np.unique(score[:, s],
                                                                         return_counts=True)])))
                      for s in range(k)]
    c["side_score_sum"] = score.sum(axis=0).astype(np.float64)
    c["side_score_sq"] = (score.astype(np.float64) ** 2).sum(axis=0)
    c["side_wins"] = (result == 1.0).sum(axis=0)
    c["side_ties"] = (result == 0.5).sum(axis=0)
    c["side_losses"] = (result == 0.0).sum(axis=0)
    if "dealer" in df and n:
        # the dealer's side: seat s sits on side s % k (partners opposite each other)
        dscore = score[np.arange(n), df["dealer"].to_numpy(np.int64) % k]
        c["dealer_hist"] = Counter(dict(zip(*[a.tolist() for a in np.unique(
            dscore, return_counts=True)])))
    else:
        c["dealer_hist"] = Counter()
    cats = [name for name, _, _, _ in category_columns(game) if name in df]
    vals = np.stack([df[name].to_numpy(np.float64) for name in cats], axis=1) if cats \
        else np.zeros((n, 0))
    c["cat_sum"] = vals.sum(axis=0)
    c["cat_sq"] = (vals ** 2).sum(axis=0)
    c["cat_names"] = tuple(cats)
    if "dealer" in df and n and "outcome" in c:
        c["dealer_outcome"] = _dealer_outcomes(game, codes, df["dealer"].to_numpy(np.int64),
                                               names, k)
    tabs = holding_tables(game)
    if tabs and "dealer" in df:
        c["holdings"] = _holding_counts(game, tabs, recs, score, result, n)
    levels = contract_levels(game)
    if levels is not None and n:
        names, codes_of = levels
        lv = codes_of(df)
        has = lv >= 0                  # deals with a contract (not passed out)
        made = df["made"].to_numpy(np.int64)[has]
        p = get_game(game).default_players
        rel = (df["declarer"].to_numpy(np.int64) - df["dealer"].to_numpy(np.int64))[has] % p
        k = len(names)
        c["level"] = np.bincount(lv[has], minlength=k)
        c["level_made"] = np.bincount(lv[has], weights=made, minlength=k).astype(np.int64)
        c["rel"] = np.bincount(rel, minlength=p)
        c["rel_made"] = np.bincount(rel, weights=made, minlength=p).astype(np.int64)
    return c


_SIDE_LABEL = re.compile(r"^(team|side|seat)(\d+)_(.+)$")


def relative_outcome_label(label: str, side: int, sides: int) -> str | None:
    """An outcome label named from the dealer's side: ``team1_single`` with the dealer on team
    1 is ``dealer_team_single``; with two sides the other is ``other_team_...``, with more
    ``side+2_...`` (counted from the dealer's side).  None for a label naming no side."""
    if label == "tie":
        return label
    m = _SIDE_LABEL.match(label)
    if not m:
        return None
    word, i, kind = m.group(1), int(m.group(2)), m.group(3)
    rel = (i - side) % sides
    if rel == 0:
        return f"dealer_{word}_{kind}"
    return f"other_{word}_{kind}" if sides == 2 else f"{word}+{rel}_{kind}"


def _dealer_outcomes(game: str, codes: np.ndarray, dealer: np.ndarray, names: list[str],
                     sides: int) -> Counter:
    """Outcome counts with the sides named from the dealer's side (seat ``dealer`` is on
    side ``dealer % sides``); empty when the game's outcome labels name no side."""
    out = Counter()
    if not any(_SIDE_LABEL.match(x) for x in names):
        return out
    ds = dealer % sides
    ok = codes >= 0
    for d in np.unique(ds):
        m = ok & (ds == d)
        bc = np.bincount(codes[m], minlength=len(names))
        for i, v in enumerate(bc):
            lab = relative_outcome_label(names[i], int(d), sides)
            if lab is not None:
                out[lab] += int(v)
            elif v:
                return Counter()
    # every relative label, even unseen, so that tables list the same rows chunk by chunk
    for d in range(sides):
        for x in names:
            lab = relative_outcome_label(x, d, sides)
            if lab is not None:
                out.setdefault(lab, 0)
    return out


def _holding_counts(game: str, tabs, recs: np.ndarray, score: np.ndarray,
                    result: np.ndarray, n: int) -> dict:
    """Per holding table: counts of the dealer's side's results by the dealer's holding
    (loss / tie / win), its score sums and squares, and the deals reaching each of the
    game's score marks."""
    marks = [m for m, _ in holding_marks(game)]
    dealer = recs["dealer"].astype(np.int64)
    k = score.shape[1]
    side = dealer % k
    ar = np.arange(n)
    dscore = score[ar, side].astype(np.float64) if n else np.zeros(0)
    dres = result[ar, side] if n else np.zeros(0)
    res = np.where(dres == 1.0, 2, np.where(dres == 0.5, 1, 0)).astype(np.int64)
    out = {}
    for t in tabs:
        L = len(t.labels)
        v = np.asarray(t.values(recs, dealer), np.int64) if n else np.zeros(0, np.int64)
        if n and (v.min() < 0 or v.max() >= L):
            raise ValueError(f"holding table {t.name!r} of {game}: code outside 0..{L - 1}")
        at = np.stack([np.bincount(v, weights=(dscore >= mk), minlength=L) for mk in marks],
                      axis=1) if marks else np.zeros((L, 0))
        out[t.name] = (np.bincount(v * 3 + res, minlength=3 * L).reshape(L, 3),
                       np.bincount(v, weights=dscore, minlength=L),
                       np.bincount(v, weights=dscore * dscore, minlength=L),
                       np.rint(at).astype(np.int64))
    return out


def _plus(x, y):
    """Sum of two counts; Counters keep their zero entries (``+`` would drop them)."""
    if isinstance(x, Counter):
        z = Counter(x)
        z.update(y)
        return z
    return x + y


def add(a: dict | None, b: dict) -> dict:
    """Sum two count dicts (``a`` may be None)."""
    if a is None:
        return b
    out = {}
    for k, v in a.items():
        w = b[k]
        if isinstance(v, list):
            out[k] = [_plus(x, y) for x, y in zip(v, w)]
        elif k == "holdings":
            out[k] = {t: tuple(x + y for x, y in zip(v[t], w[t])) for t in v}
        elif k in ("sides", "cat_names"):
            out[k] = v
        else:
            out[k] = _plus(v, w)
    return out


def count_frames(game: str, frames: Iterable[pd.DataFrame]) -> dict | None:
    total = None
    for f in frames:
        total = add(total, count(game, f))
    return total


# --- finishing: counts -> tables -----------------------------------------------------------
#: how a column is printed; each table declares its columns' kinds in ``df.attrs["formats"]``
FORMATS = ("share", "count", "points", "mean", "integer", "text", "difference", "rate",
           "rate_difference", "elo")


def declare(df: pd.DataFrame, **kinds) -> pd.DataFrame:
    """Declare how each column prints: ``declare(df, share=[...], count=[...])``.  Columns
    not named keep their type's default (integers as counts, text as text)."""
    fm = dict(df.attrs.get("formats", {}))
    for kind, cols in kinds.items():
        if kind not in FORMATS:
            raise ValueError(f"unknown format {kind!r}; valid: {', '.join(FORMATS)}")
        for c in cols:
            if c in df.columns:
                fm[c] = kind
    df.attrs["formats"] = fm
    return df


def _interval_cols(df: pd.DataFrame, *bases: str) -> list[str]:
    return [c for b in bases for c in (b, f"{b}_low95", f"{b}_high95") if c in df.columns]

def _share_row(k: int, n: int) -> tuple[float, float, float]:
    lo, hi = stats.wilson_interval(int(k), int(n))
    return (k / n if n else float("nan"), lo, hi)


def _shares(counts: dict[str, int], n: int, name: str) -> pd.DataFrame:
    rows = []
    for label, k in counts.items():
        share, lo, hi = _share_row(k, n)
        rows.append({name: label, "count": int(k), "share": share, "low95": lo, "high95": hi})
    return declare(pd.DataFrame(rows, columns=[name, "count", "share", "low95", "high95"]),
                   text=[name], count=["count"], share=["share", "low95", "high95"])


def finish_outcomes(c: dict, allowed: Iterable[str] | None = None) -> pd.DataFrame:
    counts = dict(c.get("outcome", {}))
    if allowed is not None:
        allowed = list(allowed)
        counts = {k: counts.get(k, 0) for k in allowed}
    else:
        counts = {k: v for k, v in counts.items() if v}
    return _shares(counts, c["n"], "outcome")


def outcome_note(label: str, notes: dict) -> str:
    """The note (``Game.outcome_notes``) of the longest kind ``label`` ends with, else ""
    (``team0_single`` -> ``61-90``)."""
    kinds = [k for k in notes if label == k or label.endswith("_" + k)]
    return notes[max(kinds, key=len)] if kinds else ""


def with_meanings(t: pd.DataFrame, notes: dict) -> pd.DataFrame:
    """An outcome table with a ``meaning`` column after ``outcome`` (each kind's card points
    or tricks, ``Game.outcome_notes``); the table as it was when the game gives none."""
    if not notes or t is None or "outcome" not in t:
        return t
    attrs = dict(t.attrs)
    t = t.copy()
    t.insert(list(t.columns).index("outcome") + 1, "meaning",
             [outcome_note(str(x), notes) for x in t["outcome"]])
    t.attrs = attrs
    return declare(t, text=["meaning"])


def finish_dealer_outcomes(c: dict, allowed: Iterable[str] | None = None,
                           sides: int | None = None) -> pd.DataFrame | None:
    """Outcome shares with the sides named from the dealer's side (``dealer_team_single``,
    ``other_team_single``...); ``allowed``: the outcome labels the rules make possible.
    None when the game's outcome labels name no side."""
    counts = dict(c.get("dealer_outcome") or {})
    if not counts:
        return None
    if allowed is not None:
        sides = sides or c["sides"]
        keep = list(dict.fromkeys(lab for x in allowed for d in range(sides)
                                  for lab in [relative_outcome_label(x, d, sides)] if lab))
        counts = {k: counts.get(k, 0) for k in keep}
    else:
        counts = {k: v for k, v in counts.items() if v}
    return _shares(counts, c["n"], "outcome")


def finish_scores(c: dict, names: list[str] | None = None) -> pd.DataFrame:
    """Score distribution: one row per score; per side the count, the share of deals and
    the share's 95% Wilson interval (``low95 <side>``, ``high95 <side>``)."""
    k = c["sides"]
    names = names or [f"side {s}" for s in range(k)]
    scores = sorted(set().union(*[h.keys() for h in c["side_hist"]]))
    df = pd.DataFrame({"score": scores})
    n = c["n"]
    for s in range(k):
        cnt = np.array([c["side_hist"][s].get(x, 0) for x in scores], np.int64)
        df[f"count {names[s]}"] = cnt
        ests = [est.share(int(x), n) for x in cnt]
        df[f"share {names[s]}"] = [e.value for e in ests]
        df[f"low95 {names[s]}"] = [e.low95 for e in ests]
        df[f"high95 {names[s]}"] = [e.high95 for e in ests]
    return declare(df, integer=["score"], count=[c for c in df if c.startswith("count ")],
                   share=[c for c in df if c.split(" ")[0] in ("share", "low95", "high95")])


def _hists(c: dict, names: list[str]) -> list[tuple[str, Counter]]:
    """(label, score histogram) of each side, then of the dealer's side when known."""
    out = [(names[s], c["side_hist"][s]) for s in range(c["sides"])]
    if sum(c.get("dealer_hist", {}).values()):
        out.append(("dealer's side", c["dealer_hist"]))
    return out


def finish_survival(c: dict, names: list[str] | None = None) -> pd.DataFrame:
    """``P(score >= x)`` for every score ``x`` reached, per side (and for the dealer's
    side), each with its 95% Wilson interval; one row per side and score."""
    names = names or [f"side {s}" for s in range(c["sides"])]
    parts = []
    for label, h in _hists(c, names):
        rows = est.survival(h, c["n"])
        df = pd.DataFrame(rows, columns=["score", "at_least", "share", "low95", "high95"])
        df.insert(0, "side", label)
        parts.append(df)
    out = pd.concat(parts, ignore_index=True)
    out["score"] = out["score"].astype(np.int64) if len(out) and \
        (out["score"] == out["score"].round()).all() else out["score"]
    return declare(out, integer=["score"], count=["at_least"], share=["share", "low95", "high95"])


def finish_marks(c: dict, marks, names: list[str] | None = None) -> pd.DataFrame:
    """The share of deals in which each side (and the dealer's side) scores at least each
    of the game's marks (``Game.score_marks``; Sueca: 61, 91, 120), with Wilson intervals."""
    names = names or [f"side {s}" for s in range(c["sides"])]
    rows = []
    for mark, meaning in marks:
        for label, h in _hists(c, names):
            e = est.share_at_least(h, mark, c["n"])
            rows.append({"side": label, "at_least": int(mark), "meaning": meaning,
                         "deals": c["n"], "count": int(round(e.value * c["n"])) if c["n"] else 0,
                         "share": e.value, "low95": e.low95, "high95": e.high95})
    return declare(pd.DataFrame(rows, columns=["side", "at_least", "meaning", "deals", "count",
                                               "share", "low95", "high95"]),
                   integer=["at_least"], count=["deals", "count"],
                   share=["share", "low95", "high95"])


def finish_sides(c: dict, names: list[str] | None = None) -> pd.DataFrame:
    n, k = c["n"], c["sides"]
    names = names or [f"side {s}" for s in range(k)]
    rows = []
    for s in range(k):
        w, t, l_ = (int(c["side_wins"][s]), int(c["side_ties"][s]), int(c["side_losses"][s]))
        win = _share_row(w, n)
        tie = _share_row(t, n)
        loss = _share_row(l_, n)
        mean, lo, hi = stats.mean_interval(float(c["side_score_sum"][s]),
                                           float(c["side_score_sq"][s]), n)
        rows.append({"side": names[s], "deals": n, "won": w, "win": win[0], "win_low95": win[1],
                     "win_high95": win[2], "tie": tie[0], "tie_low95": tie[1],
                     "tie_high95": tie[2], "loss": loss[0], "loss_low95": loss[1],
                     "loss_high95": loss[2], "mean_score": mean, "mean_score_low95": lo,
                     "mean_score_high95": hi})
    df = pd.DataFrame(rows)
    return declare(df, count=["deals", "won"], share=_interval_cols(df, "win", "tie", "loss"),
                   points=_interval_cols(df, "mean_score"))


def finish_categories(c: dict, game: str, players: int | None = None,
                      unit: str = "deals") -> pd.DataFrame:
    """Mean per deal of each per-side record column, with 95% intervals; one row per
    category and side (sides beyond those playing are left out)."""
    n, k = c["n"], c["sides"]
    players = players or get_game(game).default_players
    limit = {"side": k, "team": k, "seat": players}
    info = {name: (cat, kind, i) for name, cat, kind, i in category_columns(game, unit)}
    rows = []
    for j, name in enumerate(c.get("cat_names", ())):
        cat, kind, i = info[name]
        if i >= limit[kind]:
            continue
        mean, lo, hi = stats.mean_interval(float(c["cat_sum"][j]), float(c["cat_sq"][j]), n)
        rows.append({"category": cat, "side": f"{kind} {i}", "column": name, "mean": mean,
                     "mean_low95": lo, "mean_high95": hi})
    return declare(pd.DataFrame(rows, columns=["category", "side", "column", "mean",
                                               "mean_low95", "mean_high95"]),
                   mean=["mean", "mean_low95", "mean_high95"])


def finish_contracts(c: dict, game: str) -> pd.DataFrame:
    """Per contract level, then per declarer's seat (from the dealer): deals, their share,
    contracts made and the share made, with 95% Wilson intervals."""
    names, _ = contract_levels(game)
    rel_names = get_game(game).contract_levels.seats
    n = c["n"]
    rows = []
    for group, labels, counts, made in (("contract", names, c.get("level"), c.get("level_made")),
                                        ("declarer seat", rel_names, c.get("rel"),
                                         c.get("rel_made"))):
        if counts is None:
            continue
        for label, k, m in zip(labels, counts, made):
            share, lo, hi = _share_row(k, n)
            ms, mlo, mhi = _share_row(m, k)
            rows.append({"group": group, "level": label, "deals": int(k), "share": share,
                         "low95": lo, "high95": hi, "made": int(m), "made_share": ms,
                         "made_low95": mlo, "made_high95": mhi})
    return declare(pd.DataFrame(rows, columns=["group", "level", "deals", "share", "low95",
                                               "high95", "made", "made_share", "made_low95",
                                               "made_high95"]),
                   text=["group", "level"], count=["deals", "made"],
                   share=["share", "low95", "high95", "made_share", "made_low95",
                          "made_high95"])


def contracts(df: pd.DataFrame, game: str | None = None) -> pd.DataFrame:
    """Contracts reached and made by level and by declarer's seat (auction games)."""
    game, c = _counts(df, game)
    return finish_contracts(c, game)


def scoring_categories(df: pd.DataFrame, game: str | None = None, players=None) -> pd.DataFrame:
    """Per-deal means of the game's per-side record columns (see :func:`category_columns`)."""
    game, c = _counts(df, game)
    return finish_categories(c, game, players)


def _result_rows(counts: np.ndarray, points: np.ndarray, points_sq: np.ndarray,
                 n_total: int, at_least=None, marks=()) -> list[dict]:
    """counts: (groups, 3) loss/tie/win of the dealer's side; points, points_sq: the sums
    of its score and of their squares per group; at_least: (groups, marks) the deals in
    which it scored at least each mark."""
    rows = []
    for g in range(counts.shape[0]):
        loss, tie, win = (int(x) for x in counts[g])
        m = loss + tie + win
        e = est.share(m, n_total)
        row = {"deals": m, "share_of_deals": e.value, "share_of_deals_low95": e.low95,
               "share_of_deals_high95": e.high95}
        for name, k in (("win", win), ("tie", tie), ("loss", loss)):
            s, lo, hi = _share_row(k, m)
            row.update({name: s, f"{name}_low95": lo, f"{name}_high95": hi})
        for j, mark in enumerate(marks):
            s, lo, hi = _share_row(int(at_least[g, j]), m)
            row.update({f"score_{mark}plus": s, f"score_{mark}plus_low95": lo,
                        f"score_{mark}plus_high95": hi})
        mp = est.mean_of_sums(points[g], points_sq[g], m)
        row.update({"mean_score": mp.value, "mean_score_low95": mp.low95,
                    "mean_score_high95": mp.high95})
        rows.append(row)
    return rows


def finish_holdings(c: dict, game: str, rules=None, players=None, dealer=None,
                    conditions=None, exact: bool = True) -> dict[str, pd.DataFrame]:
    """The game's holding tables (``Game.holding_tables``): per holding of the dealer, the
    results of the dealer's side (deals, share of deals, win / tie / loss, P(score >=
    mark) at each of the game's marks, mean score, each with its 95% interval) and, for a
    table the odds tables also have (``simcore.odds_run.standard_exact``), the exact
    probability of the holding (``exact``, ``exact_fraction``) under the study's
    ``conditions``.  One DataFrame per table, keyed by its name."""
    tabs = {t.name: t for t in holding_tables(game)}
    got = c.get("holdings") or {}
    if not tabs or not got:
        return {}
    ex = {}
    if exact:
        from simcore.odds_run import standard_exact
        ex = standard_exact(game, rules=rules, players=players, dealer=dealer, seat="dealer",
                            conditions=conditions)
    marks = [m for m, _ in holding_marks(game)]
    out = {}
    for name, t in tabs.items():
        if name not in got:
            continue
        res, pts, sq, at = got[name]
        df = pd.DataFrame(_result_rows(np.asarray(res), pts, sq, c["n"], np.asarray(at),
                                       marks))
        labels = [str(x).replace("{X}", "dealer") for x in t.labels]
        if name in ex:
            e = ex[name]["exact"]
            if len(e) != len(labels):
                raise ValueError(f"holding table {name!r} of {game} has {len(labels)} labels, "
                                 f"its odds table {len(e)}")
            df.insert(0, "exact_fraction", [None if p is None else
                                            f"{p.numerator}/{p.denominator}" for p in e])
            df.insert(0, "exact", [None if p is None else float(p) for p in e])
        df.insert(0, "holding", labels)
        keep = df["deals"] > 0
        if "exact" in df:
            keep |= df["exact"].fillna(0) > 0
        df = df[keep].reset_index(drop=True)
        df.attrs["caption"] = ("Results of the dealer's side "
                               + t.title.replace("{X}", "the dealer"))
        df.attrs["holding"] = t
        more = {"share": ["exact"], "text": ["holding", "exact_fraction"]} if name in ex \
            else {"text": ["holding"]}
        if t.count:
            more = {**more, "text": [x for x in more["text"] if x != "holding"],
                    "integer": ["holding"]}
            df["holding"] = df["holding"].astype(np.int64)
        out[name] = _declare_results(df, **more)
    return out


def _declare_results(df: pd.DataFrame, **more) -> pd.DataFrame:
    share = _interval_cols(df, "share_of_deals", "win", "tie", "loss",
                           *[c for c in df.columns if c.startswith("score_")
                             and c.endswith("plus")])
    share += more.pop("share", [])
    return declare(df, count=["deals"], share=share, points=_interval_cols(df, "mean_score"),
                   **more)


# --- one-call tables for notebooks --------------------------------------------------------
def _counts(df: pd.DataFrame, game: str | None) -> tuple[str, dict]:
    game = game or guess_game(df)
    return game, count(game, df)


def outcome_shares(df: pd.DataFrame, game: str | None = None) -> pd.DataFrame:
    """Outcome labels with count, share and 95% Wilson interval."""
    return finish_outcomes(_counts(df, game)[1])


def score_distribution(df: pd.DataFrame, game: str | None = None) -> pd.DataFrame:
    game, c = _counts(df, game)
    return finish_scores(c, side_names(game, c["sides"]))


def survival(df: pd.DataFrame, game: str | None = None) -> pd.DataFrame:
    """``P(score >= x)`` per side with 95% Wilson intervals (see :func:`finish_survival`)."""
    game, c = _counts(df, game)
    return finish_survival(c, side_names(game, c["sides"]))


def score_marks(df: pd.DataFrame, game: str | None = None) -> pd.DataFrame:
    """The share of deals reaching each of the game's marks (Sueca: 61+, 91+, 120), per
    side and for the dealer's side, with 95% Wilson intervals."""
    game, c = _counts(df, game)
    return finish_marks(c, get_game(game).score_marks, side_names(game, c["sides"]))


def side_results(df: pd.DataFrame, game: str | None = None, strategies=None) -> pd.DataFrame:
    game, c = _counts(df, game)
    return finish_sides(c, side_names(game, c["sides"], strategies=strategies))


def holdings(df: pd.DataFrame, game: str | None = None, exact: bool = True, **setup
             ) -> dict[str, pd.DataFrame]:
    """The game's holding tables (see :func:`finish_holdings`); ``setup``: rules, players,
    dealer, conditions of the deals, for the exact column."""
    game, c = _counts(df, game)
    return finish_holdings(c, game, exact=exact, **setup)


def by_holding(df: pd.DataFrame, name: str, game: str | None = None, **kw) -> pd.DataFrame:
    """One holding table by its name (Sueca: ``team_trumps``, ``honours``...)."""
    game = game or guess_game(df)
    names = [t.name for t in holding_tables(game)]
    if name not in names:
        raise ValueError(f"{game} has no holding table {name!r}; valid: "
                         f"{', '.join(names) or 'none'}")
    return holdings(df, game, **kw)[name]


# --- whole games (rubbers, matches, games) ----------------------------------------------------
def count_whole(game: str, df: pd.DataFrame) -> dict:
    """Additive counts of a chunk of whole games (``rubbers_frame`` rows)."""
    n = len(df)
    cats = [name for name, _, kind, i in category_columns(game, "whole") if name in df]
    n_sides = int(df["sides"].max()) if "sides" in df and n else \
        1 + max([i for _, _, kind, i in category_columns(game, "whole") if kind != "seat"],
                default=1)
    winner = df["winner"].to_numpy(np.int64)
    length_col = "deals" if "deals" in df else "hands" if "hands" in df else None
    length = df[length_col].to_numpy(np.int64) if length_col else np.zeros(n, np.int64)
    vals = np.stack([df[c].to_numpy(np.float64) for c in cats], axis=1) if cats \
        else np.zeros((n, 0))
    ends = df["end"]
    end_names = [str(x) for x in ends.cat.categories] if isinstance(ends.dtype, pd.CategoricalDtype) \
        else sorted(map(str, set(ends)))
    end_counts = Counter({e: 0 for e in end_names})
    end_counts.update(str(x) for x in ends.astype(str))
    return {
        "n": n, "sides": n_sides, "length_col": length_col or "deals",
        "winner": Counter(dict(zip(*[a.tolist() for a in np.unique(winner, return_counts=True)]))),
        "end": end_counts,
        "length": Counter(dict(zip(*[a.tolist() for a in np.unique(length, return_counts=True)]))),
        "length_sum": float(length.sum()), "length_sq": float((length.astype(np.float64) ** 2).sum()),
        "cat_sum": vals.sum(axis=0), "cat_sq": (vals ** 2).sum(axis=0), "cat_names": tuple(cats),
    }


def add_whole(a: dict | None, b: dict) -> dict:
    if a is None:
        return b
    out = dict(a)
    for k in ("n", "winner", "end", "length", "length_sum", "length_sq", "cat_sum", "cat_sq"):
        out[k] = _plus(a[k], b[k])
    out["sides"] = max(a["sides"], b["sides"])
    return out


def finish_whole_outcomes(c: dict, names: list[str], unit: str) -> pd.DataFrame:
    """Who won the whole games (undecided ones as ``no winner``) and how they ended."""
    n = c["n"]
    counts = {f"won by {names[s]}": c["winner"].get(s, 0) for s in range(c["sides"])}
    undecided = sum(v for k, v in c["winner"].items() if k < 0 or k >= c["sides"])
    if undecided:
        counts["no winner"] = undecided
    won = _shares(counts, n, "outcome")
    ends = _shares({f"ended by {k.replace('_', ' ')}": v for k, v in c["end"].items()}, n,
                   "outcome")
    return declare(pd.concat([won, ends], ignore_index=True), text=["outcome"], count=["count"],
                   share=["share", "low95", "high95"])


def finish_whole_sides(c: dict, names: list[str]) -> pd.DataFrame:
    n, rows = c["n"], []
    undecided = sum(v for k, v in c["winner"].items() if k < 0 or k >= c["sides"])
    for s in range(c["sides"]):
        w = c["winner"].get(s, 0)
        win, tie, loss = _share_row(w, n), _share_row(undecided, n), _share_row(n - w - undecided, n)
        rows.append({"side": names[s], "played": n, "won": w, "win": win[0],
                     "win_low95": win[1], "win_high95": win[2], "tie": tie[0],
                     "tie_low95": tie[1], "tie_high95": tie[2], "loss": loss[0],
                     "loss_low95": loss[1], "loss_high95": loss[2]})
    df = pd.DataFrame(rows)
    return declare(df, count=["played", "won"], share=_interval_cols(df, "win", "tie", "loss"))


def finish_lengths(c: dict) -> pd.DataFrame:
    n = c["n"]
    lengths = sorted(c["length"])
    df = pd.DataFrame({c["length_col"]: lengths,
                       "count": [c["length"][x] for x in lengths]})
    es = [est.share(int(k), n) for k in df["count"]]
    df["share"] = [e.value for e in es]
    df["low95"] = [e.low95 for e in es]
    df["high95"] = [e.high95 for e in es]
    return declare(df, integer=[c["length_col"]], count=["count"],
                   share=["share", "low95", "high95"])


def singular(unit: str) -> str:
    """rubbers -> rubber, matches -> match, games -> game, deals -> deal."""
    return unit[:-2] if unit.endswith("ches") else unit[:-1]


def whole_length_summary(c: dict) -> tuple[float, float, float]:
    return stats.mean_interval(c["length_sum"], c["length_sq"], c["n"])
