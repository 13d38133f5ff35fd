"""Exact counting of the deals that satisfy a condition, by count tables.

For one dealer (and, when the trump suit is dealt and the condition speaks of trumps, one
trump suit: a *case*), the slots of the deal are grouped into *rows*: the slots the
condition, the predealt cards or the dealing law name, grouped when nothing tells them
apart, and one *rest* row for the others.  The cards are grouped into *classes*: cards that
the condition cannot tell apart and that may go to the same rows.  The condition is then a
function of the count table ``n[row, class]``; a table is dealt by
``prod_c multinomial(size_c; n[., c])`` of the ``multinomial(N; capacities)`` equally
likely ways to share the cards among the rows (the order inside each row does not change
this ratio), so

    P(condition) = sum over satisfying tables of prod_c multinomial(size_c; n[., c])
                   / multinomial(N; row capacities).

The tables are not listed one by one: a dynamic programme runs over the classes, its state
being how full each named row is and the value of every linear form the condition compares
(the forms are sums of counts, so they add up class by class).  Its layers, kept with their
edges, let the sampler draw a table with its exact probability backwards, class by class.
Everything is exact: Python integers and :class:`fractions.Fraction`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial

import numpy as np

from .lang import TRUE, BoolIR, Holder, Linear, conjoin, map_leaves, simplify, walk

#: the most steps (a state of the programme times a way to share one class) one count may
#: take; beyond it the condition is dealt by rejection (docs/conditioned-dealing.md)
MAX_STEPS = 1_000_000


class TooBig(Exception):
    """The count needs more than ``MAX_STEPS`` steps."""


def multinomial(n: int, parts) -> int:
    out = factorial(n)
    for p in parts:
        out //= factorial(p)
    return out


# --- one component: a dealer and a case ---------------------------------------------------------
def resolve_trumps(ir: BoolIR, suit: int | None, deck) -> BoolIR:
    """Replace ``trumps`` by the cards of ``suit`` and ``trump_is`` by its truth."""
    def fix_linear(lin: Linear) -> Linear:
        out = Linear((), lin.const)
        for (h, fn), c in lin.terms:
            if fn[0] == "trumps":
                fn = ("set", frozenset(x for x in range(deck.n_cards) if deck.suit_of(x) == suit))
            out = out + Linear((((h, fn), c),), 0)
        return out

    def fix(node):
        if node[0] == "atom":
            return ("atom", node[1], fix_linear(node[2]))
        if node[0] == "trump_is":
            return ("const", node[1] == suit)
        return node
    return map_leaves(ir, fix)


def _fn_values(fn, deck, values) -> list[int]:
    if fn[0] == "set":
        return [1 if c in fn[1] else 0 for c in range(deck.n_cards)]
    if fn[0] == "weights":
        return [int(v) for v in values[fn[1]]]
    raise AssertionError(fn)


def evaluate(ir: BoolIR, atom_value) -> bool:
    """Truth of a condition whose atoms are ``("atom", op, linear)``, given
    ``atom_value(node) -> int`` (the linear form's value)."""
    k = ir[0]
    if k == "const":
        return ir[1]
    if k == "atom":
        v = atom_value(ir)
        op = ir[1]
        return {"==": v == 0, "!=": v != 0, "<": v < 0, "<=": v <= 0, ">": v > 0,
                ">=": v >= 0}[op]
    if k == "and":
        return all(evaluate(x, atom_value) for x in ir[1])
    if k == "or":
        return any(evaluate(x, atom_value) for x in ir[1])
    if k == "not":
        return not evaluate(ir[1], atom_value)
    raise AssertionError(k)


@dataclass
class Component:
    """The count of one dealer and one case (trump suit), and what the sampler needs."""
    dealer: int
    suit: int | None
    rows: list[tuple[int, ...]]          # named rows: slot indices; the rest row is last
    rest: tuple[int, ...]
    caps: list[int]                      # capacities of the named rows
    rest_cap: int
    classes: list[list[int]]             # cards of each class
    allowed: list[tuple[bool, ...]]      # per class: allowed in each named row, then rest
    total: int = 0                       # multinomial(N; capacities)
    weight: Fraction = Fraction(0)       # sum over satisfying tables (times the law weight)
    keys: list = field(default_factory=list)      # per layer: the states (fills, statistics)
    F: list = field(default_factory=list)         # per layer: their weights (Python ints)
    edges: list = field(default_factory=list)     # per class: (new, old, move) index arrays
    moves: list = field(default_factory=list)     # per class: (shares per named row, weights)
    finals: dict = field(default_factory=dict)    # accepting final state -> weight (Fraction)
    steps: int = 0

    @property
    def probability(self) -> Fraction:
        return self.weight / self.total if self.total else Fraction(0)


def build(layout, sides, deck, values, suit, cond: BoolIR, restrict: dict[int, frozenset],
          law_weight=None, keep: bool = False, max_steps: int = MAX_STEPS,
          steps_used: int = 0) -> Component:
    """Count one component.

    ``cond`` is checked (its trumps resolved for ``suit``); ``restrict`` maps a card to the
    slots it may go to; ``law_weight`` is ``(Linear, function)``: a deal's weight is
    ``function(value of the linear form)``.  ``keep`` keeps the programme's layers and edges
    for the sampler."""
    n = layout.n_cards
    # the sets of slots everything refers to
    atoms = [node for node in walk(cond) if node[0] == "atom"]
    linears = [a[2] for a in atoms]
    if law_weight is not None:
        linears.append(law_weight[0])
    slot_sets: list[frozenset] = []
    holder_slots: dict[Holder, frozenset] = {}
    for lin in linears:
        for (h, _), _ in lin.terms:
            if h not in holder_slots:
                holder_slots[h] = h.slots(layout, sides)
                slot_sets.append(holder_slots[h])
    slot_sets.extend(set(restrict.values()))
    if suit is not None and layout.trump is not None:
        slot_sets.append(frozenset((layout.trump,)))
    slot_sets = list(dict.fromkeys(s for s in slot_sets))
    # rows: the named slots grouped by which sets hold them, and the rest; the biggest row
    # is left implicit (the programme does not track how full it is: it takes what the
    # other rows leave), so it is the "rest row" of the component
    groups: dict[tuple, list[int]] = {}
    others = []
    for i in range(len(layout.slots)):
        sig = tuple(i in s for s in slot_sets)
        if any(sig):
            groups.setdefault(sig, []).append(i)
        else:
            others.append(i)
    all_rows = [tuple(g) for g in groups.values()] + ([tuple(others)] if others else [])
    all_caps = [sum(len(layout.slots[i].positions) for i in r) for r in all_rows]
    imp = max(range(len(all_rows)), key=lambda r: (all_caps[r], r))
    rows = [r for k, r in enumerate(all_rows) if k != imp]
    caps = [c for k, c in enumerate(all_caps) if k != imp]
    rest, rest_cap = all_rows[imp], all_caps[imp]
    R = len(rows)
    row_of_slot = {i: r for r, g in enumerate(rows + [rest]) for i in g}

    def rows_of(slots: frozenset) -> frozenset:
        return frozenset(row_of_slot[i] for i in slots)

    # the linear forms as per (row, card) coefficients, the implicit row last; forms that
    # differ only by their constant share a statistic
    stat_index: dict[tuple, int] = {}
    stat_coef: list[list[list[int]]] = []     # [stat][row][card]
    fn_cache: dict = {}

    def stat_of(lin: Linear) -> tuple[int | None, int]:
        coef = [[0] * n for _ in range(R + 1)]
        for (h, fn), c in lin.terms:
            key = fn if fn[0] != "set" else ("set", fn[1])
            if key not in fn_cache:
                fn_cache[key] = _fn_values(fn, deck, values)
            vals = fn_cache[key]
            for r in rows_of(holder_slots[h]):
                row = coef[r]
                for card in range(n):
                    row[card] += c * vals[card]
        key = tuple(tuple(r) for r in coef)
        if not any(any(r) for r in coef):
            return None, lin.const
        if key not in stat_index:
            stat_index[key] = len(stat_coef)
            stat_coef.append(coef)
        return stat_index[key], lin.const

    atom_stat = {id(a): stat_of(a[2]) for a in atoms}
    weight_stat = stat_of(law_weight[0]) if law_weight is not None else None
    J = len(stat_coef)
    # the implicit row holds size - (what the tracked rows hold) of each class: the
    # programme tracks T = sum over tracked rows of (coefficient - the implicit row's) x
    # count, and a statistic is T + base, base = sum over all cards of the implicit row's
    # coefficient
    base = [sum(stat_coef[j][R]) for j in range(J)]
    # a statistic that only moves one way and is only compared with constants stops one
    # step past the last constant that matters: its states merge
    lo_clip: list[int | None] = []
    hi_clip: list[int | None] = []
    for j in range(J):
        adj = [stat_coef[j][r][card] - stat_coef[j][R][card] for r in range(R)
               for card in range(n)]
        cuts = [-(base[j] + const) for jj, const in atom_stat.values() if jj == j]
        used_by_weight = weight_stat is not None and weight_stat[0] == j
        up = all(a >= 0 for a in adj) and not used_by_weight
        down = all(a <= 0 for a in adj) and not used_by_weight
        hi_clip.append(max(cuts) + 1 if up and cuts else None)
        lo_clip.append(min(cuts) - 1 if down and not up and cuts else None)
    atom_stat = {k: (j, const + (base[j] if j is not None else 0))
                 for k, (j, const) in atom_stat.items()}
    if weight_stat is not None and weight_stat[0] is not None:
        weight_stat = (weight_stat[0], weight_stat[1] + base[weight_stat[0]])

    # classes: cards with the same allowed rows and the same coefficients
    trump_rows = rows_of(frozenset((layout.trump,))) if suit is not None and \
        layout.trump is not None else frozenset()
    all_rows = frozenset(range(R + 1))
    sig_class: dict[tuple, int] = {}
    classes: list[list[int]] = []
    allowed: list[tuple[bool, ...]] = []
    for card in range(n):
        ok = set(all_rows)
        if card in restrict:
            ok &= rows_of(restrict[card])
        if trump_rows and deck.suit_of(card) != suit:
            ok -= trump_rows
        al = tuple(r in ok for r in range(R + 1))
        sig = (al, tuple(stat_coef[j][r][card] for j in range(J) for r in range(R + 1)))
        if sig not in sig_class:
            sig_class[sig] = len(classes)
            classes.append([])
            allowed.append(al)
        classes[sig_class[sig]].append(card)
    comp = Component(layout.dealer, suit, rows, tuple(rest), caps, rest_cap, classes, allowed)
    comp.total = multinomial(n, caps + [rest_cap])
    if any(not any(al) for al in allowed) or cond == ("const", False):
        return comp                                  # a card can go nowhere: no deal
    _programme(comp, stat_coef, (lo_clip, hi_clip), cond, atom_stat, weight_stat, law_weight,
               keep, max_steps, steps_used)
    return comp


def _compositions(size: int, allowed, caps, rest_ok: bool) -> list[tuple[int, ...]]:
    """Every way to share ``size`` cards among the named rows (the rest row takes what is
    left, when allowed)."""
    R = len(caps)
    out = []

    def rec(r, left, acc):
        if r == R:
            if left == 0 or rest_ok:
                out.append(tuple(acc))
            return
        hi = min(left, caps[r]) if allowed[r] else 0
        for k in range(hi + 1):
            acc.append(k)
            rec(r + 1, left - k, acc)
            acc.pop()
    rec(0, size, [])
    return out


def _unique_rows(a: np.ndarray):
    """``np.unique(a, axis=0, return_inverse=True)``, faster: rows are coded as integers."""
    lo = a.min(axis=0)
    span = a.max(axis=0) - lo + 1
    if float(np.prod(span.astype(np.float64))) >= 2.0 ** 62:
        keys, inv = np.unique(a, axis=0, return_inverse=True)
        return keys, inv.reshape(-1)
    code = np.zeros(a.shape[0], dtype=np.int64)
    for k in range(a.shape[1]):
        code = code * span[k] + (a[:, k] - lo[k])
    _, first, inv = np.unique(code, return_index=True, return_inverse=True)
    return a[first], inv.reshape(-1)


def _programme(comp: Component, stat_coef, clip, cond, atom_stat, weight_stat, law_weight,
               keep, max_steps, steps_used):
    """The dynamic programme over the classes, in numpy: layer k holds the states after the
    first k classes (``keys``: named-row fills then statistics) and their weights ``F``
    (Python integers); ``edges[k-1]`` links each state of layer k to the states of layer
    k-1 it comes from, by a way (``moves``) of sharing class k-1."""
    R = len(comp.caps)
    J = len(stat_coef)
    D = R + J
    sizes = [len(c) for c in comp.classes]
    C = len(sizes)
    caps = np.array(comp.caps, dtype=np.int64)
    # cards still to come that may go to each row (for pruning)
    future = np.zeros((C + 1, R + 1), dtype=np.int64)
    for c in range(C - 1, -1, -1):
        for r in range(R + 1):
            future[c, r] = future[c + 1, r] + (sizes[c] if comp.allowed[c][r] else 0)
    lo_arr = np.array([np.iinfo(np.int64).min if x is None else x for x in clip[0]],
                      dtype=np.int64)
    hi_arr = np.array([np.iinfo(np.int64).max if x is None else x for x in clip[1]],
                      dtype=np.int64)
    keys = np.zeros((1, D), dtype=np.int64)
    F = np.array([1], dtype=object)
    comp.keys = [keys]
    comp.F = [F]
    steps = steps_used
    done = 0
    for c in range(C):
        al = comp.allowed[c]
        shares = _compositions(sizes[c], al[:R], comp.caps, al[R])
        X = np.array(shares, dtype=np.int64).reshape(len(shares), R)
        f = np.array([multinomial(sizes[c], tuple(x) + (sizes[c] - int(x.sum()),)) for x in X],
                     dtype=object)
        card = comp.classes[c][0]
        coef = np.array([[stat_coef[j][r][card] - stat_coef[j][R][card] for r in range(R)]
                         for j in range(J)], dtype=np.int64).reshape(J, R)
        dS = X @ coef.T                                        # (m, J)
        done += sizes[c]
        n, m = keys.shape[0], X.shape[0]
        steps += n * m
        if steps > max_steps:
            raise TooBig()
        fills = keys[:, None, :R] + X[None, :, :]              # (n, m, R)
        ok = ((fills <= caps) & (caps - fills <= future[c + 1, :R])).all(axis=2)
        rest_fill = done - fills.sum(axis=2)
        ok &= (rest_fill <= comp.rest_cap) & (comp.rest_cap - rest_fill <= future[c + 1, R])
        old, mv = np.nonzero(ok)
        stats = np.clip(keys[old, R:] + dS[mv], lo_arr, hi_arr)
        cand = np.concatenate([fills[old, mv], stats], axis=1)
        if cand.shape[0] == 0:
            keys = np.zeros((0, D), dtype=np.int64)
            F = np.zeros(0, dtype=object)
        else:
            keys, new = _unique_rows(cand)
            w = F[old] * f[mv]
            F = np.zeros(keys.shape[0], dtype=object)
            F[:] = 0
            np.add.at(F, new, w)
            if keep:
                order = np.argsort(new, kind="stable")
                comp.edges.append((new[order], old[order], mv[order]))
                comp.moves.append((X, f))
        comp.keys.append(keys)
        comp.F.append(F)
    comp.steps = steps
    # the final states: every named row full; the condition decides
    total = Fraction(0)
    full = (keys[:, :R] == caps).all(axis=1) if keys.shape[0] else np.zeros(0, dtype=bool)
    for i in np.flatnonzero(full):
        state = keys[i]

        def value(node, state=state):
            j, const = atom_stat[id(node)]
            return const + (int(state[R + j]) if j is not None else 0)
        if not evaluate(cond, value):
            continue
        w = Fraction(int(F[i]))
        if law_weight is not None:
            j, const = weight_stat
            w *= law_weight[1](const + (int(state[R + j]) if j is not None else 0))
        if w:
            comp.finals[int(i)] = w
            total += w
    comp.weight = total


# --- all components: the exact probability -------------------------------------------------------
@dataclass
class Count:
    """The components of a condition over the dealers and cases, and its probability:
    ``P = mean over dealers of (sum over cases of weight / total) / law normaliser``."""
    components: list[Component]
    probability: Fraction          # under the game's dealing law, dealer uniform
    per_dealer: dict[int, Fraction]
    steps: int


def count(layouts, sides, deck, values, trump_rule, cond: BoolIR, restrict_of, law=None,
          normaliser=None, keep=False, max_steps=MAX_STEPS, cases=None) -> Count:
    """Count ``cond`` (conjoined with the law's implicit condition) for every layout.

    ``restrict_of(layout)`` gives that dealer's card restrictions; ``law`` is
    ``(where_ir, weight)`` with ``weight = (Linear, function)`` or None; ``normaliser``
    maps a dealer to the law's total probability (None: 1); ``cases``: the trump suits to
    split on (None: decided here)."""
    where, weight = law if law is not None else (TRUE, None)
    full = conjoin([cond, where])
    from .lang import uses_trump
    if cases is None:
        if trump_rule == "dealt" and uses_trump(full):
            cases = list(range(len(deck.suits)))
        elif trump_rule not in (None, "dealt"):
            cases = [deck.suits.index(trump_rule)]
        else:
            cases = [None]
    comps = []
    per_dealer = {}
    steps = 0
    for layout in layouts:
        p = Fraction(0)
        for suit in cases:
            ir = simplify(resolve_trumps(full, suit, deck) if suit is not None else full)
            comp = build(layout, sides, deck, values,
                         suit if trump_rule == "dealt" else None, ir, restrict_of(layout),
                         weight, keep, max_steps, steps)
            steps = comp.steps or steps
            comps.append(comp)
            p += comp.probability
        if normaliser is not None:
            p /= normaliser[layout.dealer]
        per_dealer[layout.dealer] = p
    prob = sum(per_dealer.values(), Fraction(0)) / len(layouts)
    return Count(comps, prob, per_dealer, steps)
