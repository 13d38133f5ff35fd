"""Quasi-symmetry in the solver's transposition table (simcore/solver/nb.py, ``_shift``).

Two Sueca positions whose hands differ only in which cards worth points each suit has in
play (the same number per suit, held by the same seats rank for rank) are the same game up
to the points, since every card worth points ranks above the cards worth nothing.  The table
lets an entry of one serve the other with its bounds moved by the most the points can change.
"""
import random

import numpy as np
from numba import njit

from simcore.solver import enums as E
from simcore.solver import nb
from simcore.solver.api import Position, value, workspace
from solver_brute import Rules, par_value
from solver_checks import config

TAB = config("sueca").tables()[1]
POINTS = TAB[E.T_POINTS]
RPS = 10
FIELD = np.uint64((1 << RPS) - 1)


@njit(cache=True)
def shift(sa, sb, tab, field, rps):
    return nb._shift(sa, sb, tab, field, rps)


def _point_cards(suit):
    return sorted((c for c in range(suit * RPS, (suit + 1) * RPS) if POINTS[c] > 0),
                  key=lambda c: TAB[E.T_STRENGTH, c])


def random_twins(rng, tricks):
    """A random Sueca ending with ``tricks`` tricks left, and its twin: in every suit the
    cards worth points in play replaced by another set of as many, the k-th highest going to
    the seat that held the k-th highest."""
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [deck[i * tricks:(i + 1) * tricks] for i in range(4)]
    owner = {c: s for s, h in enumerate(hands) for c in h}
    twin = [list(h) for h in hands]
    for suit in range(4):
        pts = _point_cards(suit)
        live = [c for c in pts if c in owner]
        new = sorted(rng.sample(pts, len(live)), key=lambda c: TAB[E.T_STRENGTH, c])
        for old_card, new_card in zip(live, new):   # both in rank order
            seat = owner[old_card]
            twin[seat][twin[seat].index(old_card)] = new_card
    return hands, twin


def _mask(cards):
    return np.uint64(sum(1 << c for c in cards))


def test_shift_bounds_the_change_of_value_between_twins():
    """The par of the twin lies within the bounds _shift gives (brute force, 3 tricks)."""
    rng = random.Random(5)
    moved = 0
    for _ in range(60):
        hands, twin = random_twins(rng, 3)
        trump, leader = rng.randrange(4), rng.randrange(4)
        rules = Rules("sueca", 4, trump)
        va = par_value(rules, hands, leader)
        vb = par_value(rules, twin, leader)
        sa = _mask(c for h in hands for c in h if POINTS[c] > 0)
        sb = _mask(c for h in twin for c in h if POINTS[c] > 0)
        dneg, dpos = shift(sa, sb, TAB, FIELD, RPS)
        assert -dneg <= vb - va <= dpos, (hands, twin, trump, leader, va, vb, dneg, dpos)
        moved += va != vb
    assert moved > 10            # the sample does compare positions of different values


def _nodes_after(ws, first, second, quasi):
    """Nodes of the solve of ``second`` right after ``first`` on one table generation, and
    its value; ``quasi=False`` turns the quasi-symmetric use of entries off."""
    st, hs, mv, sm, tk, tv, meta = ws
    nb.new_generation(tv, meta)
    out = []
    for p in (first, second):
        cfg, tab = p.tables()
        if not quasi:
            cfg[E.C_PTOP] = 0
        hands, pos = p.arrays()
        rem = nb.set_root(hands, pos, cfg, tab, st, hs, sm, meta)
        n0 = meta[E.M_NODES]
        v = nb._bisect(0, rem, hands, pos, cfg, tab, ws)
        out.append((int(meta[E.M_NODES] - n0), int(v)))
    return out[1]


def test_a_table_entry_serves_the_twin_position():
    """Solved after its twin, a position takes fewer nodes with quasi-symmetry than without
    (in all, and for most twins: the shifted bounds also change the fail-soft values, so the
    bisection's probes can differ and one twin come out dearer), and the same value as
    solved alone."""
    rng = random.Random(11)
    ws = workspace(16)
    fewer = 0
    total_on = total_off = 0
    for _ in range(6):
        hands, twin = random_twins(rng, 6)
        trump, leader = rng.randrange(4), rng.randrange(4)
        a = Position(config("sueca"), [int(_mask(h)) for h in hands], trump, leader)
        b = Position(config("sueca"), [int(_mask(h)) for h in twin], trump, leader)
        alone = value(b, ws)[0]                          # b's par solved on its own
        n_on, v_on = _nodes_after(ws, a, b, quasi=True)
        n_off, v_off = _nodes_after(ws, a, b, quasi=False)
        assert v_on == v_off == alone
        fewer += n_on < n_off
        total_on += n_on
        total_off += n_off
    assert total_on < total_off
    assert fewer >= 5
