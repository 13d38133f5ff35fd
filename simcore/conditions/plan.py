"""A plan: the plain numpy arrays the jitted sampler deals from.

Built in Python from the counts (``counting``) and the checked condition (``lang``): the
cumulative weights of the final states of the count and of every edge of its programme
(exact integers as 64-bit limbs), the cards of each class, the deck positions of each row
for its dealer, and the check bytecode for conditions dealt by rejection.
"""
from __future__ import annotations

from fractions import Fraction
from math import gcd, lcm

import numpy as np

from .lang import Holder
from . import sampler as S
from .sampler import Plan  # noqa: F401  (defined there, so that jitted code can build one)


def _cumulative(weights: list[int]) -> list[int]:
    g = 0
    for w in weights:
        g = gcd(g, w)
    g = g or 1
    out, acc = [], 0
    for w in weights:
        acc += w // g
        out.append(acc)
    return out


class Program:
    """The check's bytecode, compiled from a checked condition (holder level)."""

    def __init__(self, holders: list[Holder]):
        self.holders = list(holders)
        self.code: list[tuple[int, int, int]] = []
        self.csets: list[int] = []
        self.weight_names: list[str] = []
        self.depth = 0
        self.max_depth = 0

    def holder(self, h: Holder) -> int:
        if h not in self.holders:
            self.holders.append(h)
        return self.holders.index(h)

    def emit(self, op, a=0, b=0, push=0):
        self.code.append((op, int(a), int(b)))
        self.depth += push
        self.max_depth = max(self.max_depth, self.depth)

    def linear(self, lin):
        self.emit(S.OP_CONST, lin.const, push=1)
        for (h, fn), c in lin.terms:
            hi = self.holder(h)
            if fn[0] == "set":
                m = sum(1 << x for x in fn[1])
                if m not in self.csets:
                    self.csets.append(m)
                self.emit(S.OP_COUNT, hi, self.csets.index(m), push=1)
            elif fn[0] == "weights":
                if fn[1] not in self.weight_names:
                    self.weight_names.append(fn[1])
                self.emit(S.OP_WSUM, hi, self.weight_names.index(fn[1]), push=1)
            else:
                self.emit(S.OP_TRUMPS, hi, push=1)
            if c != 1:
                self.emit(S.OP_MULC, c)
            self.emit(S.OP_ADD, push=-1)

    def bool(self, ir):
        k = ir[0]
        if k == "const":
            self.emit(S.OP_CONST, 1 if ir[1] else 0, push=1)
        elif k == "trump_is":
            self.emit(S.OP_TRUMP_IS, ir[1], push=1)
        elif k == "atom":
            self.linear(ir[2])
            self.emit(S.OP_CONST, 0, push=1)
            self.emit({"==": S.OP_EQ, "!=": S.OP_NE, "<": S.OP_LT, "<=": S.OP_LE,
                       ">": S.OP_GT, ">=": S.OP_GE}[ir[1]], push=-1)
        elif k == "not":
            self.bool(ir[1])
            self.emit(S.OP_NOT)
        else:
            op = S.OP_AND if k == "and" else S.OP_OR
            for i, item in enumerate(ir[1]):
                self.bool(item)
                if i:
                    self.emit(op, push=-1)


def base_holders(players: int) -> list[Holder]:
    """The holders every plan has first: the seats, then trump, table and stock (the
    arrays a user's predicate receives)."""
    return [Holder("seat", "abs", s) for s in range(players)] + \
        [Holder("slot", slot=n) for n in ("trump", "table", "stock")]


def build_plan(components, layouts, sides, deck, values, check_ir, scale_of, max_tries,
               trump_fixed: int = -1) -> Plan:
    """The plan of ``components`` (counts kept with ``keep=True``), with the check
    ``check_ir`` (None: none).  ``scale_of(component)`` is the factor that turns a
    component's final weights into probabilities (1 / (total * law normaliser))."""
    players = layouts[0].players
    comps = [c for c in components if c.finals]
    g = _Graph(max([len(c.caps) for c in comps] + [1]))
    for k, comp in enumerate(comps):
        g.add_cards(comp, layouts[[lay.dealer for lay in layouts].index(comp.dealer)])
        g.add_states(k, comp, scale_of)
    node_comp, node_edge, edge_rec, cum = g.arrays()
    prog = Program(base_holders(players))
    if check_ir is not None:
        prog.bool(check_ir)
    hold_off, hold_pos, weights, trump_pos = _check_tables(prog, players, layouts, sides,
                                                           values)
    sections = [node_comp, node_edge, edge_rec.reshape(-1), g.comp_dealer,
                g.comp_class, g.class_off, g.class_cards, g.comp_row, g.row_off, g.row_pos,
                g.row_free, g.row_run, [v for op in prog.code for v in op], hold_off,
                hold_pos, weights, trump_pos]
    head = [0] * S.N_HEAD
    n = deck.n_cards
    head[S.H_CARDS] = n
    head[S.H_PLAYERS] = players
    head[S.H_LIMBS] = cum.shape[1]
    head[S.H_MAX_TRIES] = max_tries
    head[S.H_CHECK] = 1 if check_ir is not None else 0
    head[S.H_TRUMP_FIXED] = trump_fixed
    head[S.H_HOLDERS] = len(prog.holders)
    head[S.H_RPS] = deck.ranks_per_suit
    head[S.H_NAMED] = g.max_named
    head[S.H_EDGE_WORDS] = edge_rec.shape[1]
    head[S.H_STACK_OFF] = g.max_named + 1 + 2 * n
    head[S.H_IWORK] = g.max_named + 1 + 2 * n + max(1, prog.max_depth)
    head[S.H_UWORK] = cum.shape[1] + len(prog.holders)
    head[S.H_N_CODE] = len(prog.code)
    bits = [int(m) for m in deck.suit_masks] + [0] * (S.B_CSETS - len(deck.suits)) + prog.csets
    return Plan(_one_array(head, sections), cum, np.array(bits, dtype=np.uint64))


class _Graph:
    """The sections of a plan that describe its components, filled one component at a
    time: each one's dealer, the cards of its classes and the deck positions of its rows
    (:meth:`add_cards`); the nodes and edges of its count, backwards from the final states
    (:meth:`add_states`), in numpy chunks joined by :meth:`arrays`."""

    def __init__(self, max_named: int):
        self.max_named = max_named
        self.node_comp: list[np.ndarray] = []
        self.n_nodes = 0
        self.node_edge = [np.zeros(1, dtype=np.int64)]
        self.n_edges = 0
        self.edge_w, self.edge_pred, self.edge_x = [], [], []          # chunks (numpy arrays)
        self.top_w, self.top_node = [], []
        self.comp_dealer, self.comp_class, self.class_off, self.class_cards = [], [0], [0], []
        self.comp_row, self.row_off, self.row_pos, self.row_free, self.row_run = \
            [0], [0], [], [], []

    def add_cards(self, comp, layout) -> None:
        """The dealer of ``comp``, the cards of its classes, and for each of its rows (the
        rest last) the deck positions of its slots in ``layout``."""
        self.comp_dealer.append(comp.dealer)
        for cls in comp.classes:
            self.class_cards.extend(cls)
            self.class_off.append(len(self.class_cards))
        self.comp_class.append(len(self.class_off) - 1)
        for slots in list(comp.rows) + [comp.rest]:
            # an unordered slot first (the biggest): the cards left over by the shuffle fill
            # it in any order (see sampler)
            order = sorted(slots, key=lambda i: (layout.slots[i].ordered,
                                                 -len(layout.slots[i].positions)))
            first = layout.slots[order[0]] if order else None
            self.row_free.append(len(first.positions) if first is not None
                                 and not first.ordered else 1)
            pos = [p for i in order for p in layout.slots[i].positions]
            self.row_pos.extend(pos)
            self.row_off.append(len(self.row_pos))
            self.row_run.append(pos[0] if pos and pos == list(range(pos[0], pos[0] + len(pos)))
                                else -1)
        self.comp_row.append(len(self.row_off) - 1)

    def add_states(self, k: int, comp, scale_of) -> None:
        """The nodes of component ``k`` and their edges.  Layer L holds the final states;
        nodes of layer j have the edges of class j-1.  Keep the states from which a final
        state is reached, numbered layer by layer from the last (in the order of their
        states); each node's edges are contiguous, in the order of (the state they come
        from, the way the class is shared)."""
        L = len(comp.classes)
        active = _reaching(comp)
        ids = [None] * (L + 1)
        for j in range(L, -1, -1):
            idx = np.full(active[j].shape[0], -1, dtype=np.int64)
            where = np.flatnonzero(active[j])
            idx[where] = self.n_nodes + np.arange(where.shape[0])
            self.n_nodes += where.shape[0]
            self.node_comp.append(np.full(where.shape[0], k, dtype=np.int64))
            ids[j] = idx
        scale = scale_of(comp)
        for i, w in comp.finals.items():
            self.top_w.append(w * scale)
            self.top_node.append(int(ids[L][i]))
        for j in range(L, -1, -1):
            where = np.flatnonzero(active[j])
            if j == 0:
                self.node_edge.append(np.full(where.shape[0], self.n_edges, dtype=np.int64))
            else:
                self._add_edges(comp, j, active[j], where, ids[j - 1])

    def _add_edges(self, comp, j: int, active, where, pred_ids) -> None:
        """The edges of class j-1 into the nodes of layer j (``active``: its states kept,
        ``where``: their indices; ``pred_ids``: the node of each state of layer j-1):
        cumulative weights inside each node, the node each leads to, the shares."""
        new, old, mv = comp.edges[j - 1]
        X, f = comp.moves[j - 1]
        sel = active[new]
        new, old, mv = new[sel], old[sel], mv[sel]
        w = f[mv] * comp.F[j - 1][old]                 # Python integers
        counts = np.bincount(new, minlength=active.shape[0])[where]
        ends = np.cumsum(counts)
        cs = np.cumsum(w)
        before = np.concatenate([np.zeros(1, dtype=object), cs[ends[:-1] - 1]]) \
            if len(ends) else np.zeros(0, dtype=object)
        self.edge_w.append(cs - np.repeat(before, counts))    # cumulative inside each node
        self.edge_pred.append(pred_ids[old])
        xs = np.zeros((new.shape[0], self.max_named), dtype=np.int64)
        xs[:, :X.shape[1]] = X[mv]
        self.edge_x.append(xs)
        self.node_edge.append(self.n_edges + ends)
        self.n_edges += new.shape[0]

    def arrays(self):
        """The nodes' components and first edges, one record per edge, and the cumulative
        weights of the edges as 64-bit limbs (node 0 first: its edges are the final
        states, their weights made integers)."""
        den = 1
        for w in self.top_w:
            den = lcm(den, Fraction(w).denominator)
        top_cum = np.array(_cumulative([int(Fraction(w) * den) for w in self.top_w]),
                           dtype=object)
        F = len(top_cum)
        node_comp = np.concatenate([np.full(1, -1, dtype=np.int64)] + self.node_comp)
        node_edge = np.concatenate([np.zeros(1, dtype=np.int64)] +
                                   [x + F for x in self.node_edge])
        weights_all = np.concatenate([top_cum] + self.edge_w) if self.edge_w else top_cum
        edge_pred = np.concatenate([np.array(self.top_node, dtype=np.int64) + 1] +
                                   [x + 1 for x in self.edge_pred])
        edge_x = np.concatenate([np.zeros((F, self.max_named), dtype=np.int64)] + self.edge_x)
        return node_comp, node_edge, _edge_records(edge_pred, edge_x), _limbs(weights_all)


def _reaching(comp) -> list:
    """For each layer of ``comp``'s count, the states from which a final state is
    reached (boolean masks)."""
    L = len(comp.classes)
    active = [None] * (L + 1)
    act = np.zeros(comp.keys[L].shape[0], dtype=bool)
    act[list(comp.finals)] = True
    active[L] = act
    for j in range(L, 0, -1):
        new, old, _ = comp.edges[j - 1]
        prev = np.zeros(comp.keys[j - 1].shape[0], dtype=bool)
        prev[old[act[new]]] = True
        active[j - 1] = act = prev
    return active


def _edge_records(edge_pred, edge_x) -> np.ndarray:
    """One record per edge: the node it leads to, then its shares one byte per named row
    (a share is at most a row's size, below 256), eight to a word."""
    max_named = edge_x.shape[1]
    words = (max_named + 7) // 8
    edge_rec = np.zeros((edge_pred.shape[0], 1 + words), dtype=np.int64)
    edge_rec[:, 0] = edge_pred
    for j in range(max_named):
        edge_rec[:, 1 + j // 8] |= edge_x[:, j] << (8 * (j % 8))
    return edge_rec


def _limbs(weights_all) -> np.ndarray:
    """Exact integers as rows of 64-bit limbs, most significant first, as many as the
    largest needs."""
    big = int(max(weights_all)) if len(weights_all) else 1
    limbs = max(1, (big.bit_length() + 63) // 64)
    cum = np.zeros((len(weights_all), limbs), dtype=np.uint64)
    for i in range(limbs):
        part = (weights_all >> (64 * (limbs - 1 - i))) & 0xFFFFFFFFFFFFFFFF
        cum[:, i] = np.array([int(v) for v in part], dtype=np.uint64)
    return cum


def _check_tables(prog: Program, players: int, layouts, sides, values):
    """What the check reads besides its code: the deck positions of each holder for each
    dealer, the weights it sums, and the position of the trump card for each dealer."""
    hold_off, hold_pos = [0], []
    for dealer in range(players):
        layout = next((lay for lay in layouts if lay.dealer == dealer), None)
        for h in prog.holders:
            if layout is not None:
                slots = h.slots(layout, sides)
                hold_pos.extend(sorted(p for i in slots for p in layout.slots[i].positions))
            hold_off.append(len(hold_pos))
    weights = []
    for name in prog.weight_names:
        weights.extend(int(v) for v in values[name])
    trump_pos = [-1] * players
    for lay in layouts:
        if lay.trump is not None:
            trump_pos[lay.dealer] = lay.slots[lay.trump].positions[0]
    return hold_off, hold_pos, weights, trump_pos


def _one_array(head: list[int], sections) -> np.ndarray:
    """The header and the sections in one int64 array, each section's offset in the
    header."""
    parts = [np.array(head, dtype=np.int64)]
    at = S.N_HEAD
    for slot, sec in zip(range(S.O_NODE_COMP, S.O_TRUMP_POS + 1), sections, strict=True):
        sec = np.asarray(sec, dtype=np.int64).reshape(-1)
        parts[0][slot] = at
        parts.append(sec)
        at += sec.shape[0]
    return np.concatenate(parts)
