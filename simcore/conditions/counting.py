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
from math import comb, factorial

from ..errors import TrunfoError
from .lang import TRUE, BoolIR, Holder, Linear, conjoin, walk

#: the most steps (a state of the programme times a way to share one class) one count may
#: take; beyond it the condition is dealt by rejection (docs/odds.md)
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
        k = node[0]
        if k == "atom":
            return ("atom", node[1], fix_linear(node[2]))
        if k == "trump_is":
            return ("const", node[1] == suit)
        if k in ("and", "or"):
            return (k, tuple(fix(x) for x in node[1]))
        if k == "not":
            return ("not", fix(node[1]))
        return node
    return fix(ir)


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
    layers: list = field(default_factory=list)    # per class: {state: [(pred, x, f)]}
    forward: list = field(default_factory=list)   # per layer: {state: F}
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
    # rows: the named slots grouped by which sets hold them, then the rest
    groups: dict[tuple, list[int]] = {}
    rest = []
    for i in range(len(layout.slots)):
        sig = tuple(i in s for s in slot_sets)
        if any(sig):
            groups.setdefault(sig, []).append(i)
        else:
            rest.append(i)
    rows = [tuple(g) for g in groups.values()]
    caps = [sum(len(layout.slots[i].positions) for i in r) for r in rows]
    rest_cap = sum(len(layout.slots[i].positions) for i in rest)
    R = len(rows)
    row_of_slot = {i: r for r, g in enumerate(rows) for i in g}

    def rows_of(slots: frozenset) -> frozenset:
        return frozenset(row_of_slot[i] for i in slots if i in row_of_slot)

    # the linear forms as per (row, card) coefficients; forms that differ only by their
    # constant share a statistic
    stat_index: dict[tuple, int] = {}
    stat_coef: list[list[list[int]]] = []     # [stat][row][card]
    fn_cache: dict = {}

    def stat_of(lin: Linear) -> tuple[int | None, int]:
        coef = [[0] * n for _ in range(R)]
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
        sig = (al, tuple(stat_coef[j][r][card] for j in range(J) for r in range(R)))
        if sig not in sig_class:
            sig_class[sig] = len(classes)
            classes.append([])
            allowed.append(al)
        classes[sig_class[sig]].append(card)
    comp = Component(layout.dealer, suit, rows, tuple(rest), caps, rest_cap, classes, allowed)
    comp.total = multinomial(n, caps + [rest_cap])
    if any(not any(al) for al in allowed):
        return comp                                  # a card can go nowhere: no deal
    _programme(comp, stat_coef, cond, atom_stat, weight_stat, law_weight, keep, max_steps,
               steps_used)
    return comp


def _compositions(size: int, allowed, caps, rest_ok: bool):
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


def _programme(comp: Component, stat_coef, cond, atom_stat, weight_stat, law_weight, keep,
               max_steps, steps_used):
    R = len(comp.caps)
    J = len(stat_coef)
    sizes = [len(c) for c in comp.classes]
    C = len(sizes)
    caps = comp.caps
    # cards still to come that may go to each row (for pruning)
    future = [[0] * (R + 1) for _ in range(C + 1)]
    for c in range(C - 1, -1, -1):
        for r in range(R + 1):
            future[c][r] = future[c + 1][r] + (sizes[c] if comp.allowed[c][r] else 0)
    root = (0,) * (R + J)
    layer: dict[tuple, int] = {root: 1}
    comp.forward = [layer]
    steps = steps_used
    done = 0
    for c in range(C):
        al = comp.allowed[c]
        comps = _compositions(sizes[c], al[:R], caps, al[R])
        card = comp.classes[c][0]
        moves = []
        for x in comps:
            f = multinomial(sizes[c], x + (sizes[c] - sum(x),))
            dstat = tuple(sum(stat_coef[j][r][card] * x[r] for r in range(R)) for j in range(J))
            moves.append((x, f, dstat))
        done += sizes[c]
        new: dict[tuple, int] = {}
        edges: dict[tuple, list] = {}
        fut = future[c + 1]
        for state, F in layer.items():
            steps += len(moves)
            if steps > max_steps:
                raise TooBig()
            for x, f, dstat in moves:
                fills = tuple(state[r] + x[r] for r in range(R))
                ok = True
                for r in range(R):
                    if fills[r] > caps[r] or caps[r] - fills[r] > fut[r]:
                        ok = False
                        break
                if not ok:
                    continue
                rest_fill = done - sum(fills)
                if rest_fill > comp.rest_cap or comp.rest_cap - rest_fill > fut[R]:
                    continue
                s = fills + tuple(state[R + j] + dstat[j] for j in range(J))
                new[s] = new.get(s, 0) + F * f
                if keep:
                    edges.setdefault(s, []).append((state, x, f))
        layer = new
        comp.forward.append(layer)
        if keep:
            comp.layers.append(edges)
    comp.steps = steps
    # the final states: every named row full; the condition decides
    total = Fraction(0)
    for state, F in layer.items():
        if any(state[r] != caps[r] for r in range(R)):
            continue

        def value(node, state=state):
            j, const = atom_stat[id(node)]
            return const + (state[R + j] if j is not None else 0)
        if not evaluate(cond, value):
            continue
        w = Fraction(F)
        if law_weight is not None:
            j, const = weight_stat
            w *= law_weight[1](const + (state[R + j] if j is not None else 0))
        if w:
            comp.finals[state] = w
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
            ir = resolve_trumps(full, suit, deck) if suit is not None else full
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


def check_capacity(layout, restrict: dict[int, frozenset], what: str) -> None:
    """Refuse predealt cards that cannot fit (more cards than a hand holds)."""
    by_set: dict[frozenset, int] = {}
    for s in restrict.values():
        by_set[s] = by_set.get(s, 0) + 1
    for s, k in by_set.items():
        cap = sum(len(layout.slots[i].positions) for i in s)
        if k > cap:
            raise TrunfoError(f"{what}: {k} cards given where only {cap} fit")


def falling(n: int, k: int) -> int:
    return comb(n, k) * factorial(k)
