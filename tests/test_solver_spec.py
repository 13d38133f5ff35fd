"""The search's specialized copy (nb.search_spec): Sueca gets the copy built for its
constants, any other game the generic one, and the specialized copy searches exactly as the
generic copy does (same value, same nodes) on random endings."""
from __future__ import annotations

import random

import pytest

from simcore.solver import enums as E
from simcore.solver import nb
from simcore.solver.api import workspace
from solver_checks import config, random_ending

TT_BITS = 12


def _root(pos, ws):
    cfg, tab = pos.tables()
    hands, p = pos.arrays()
    st, hs, mv, sm, tk, tv, meta = ws
    nb.new_generation(tv, meta)
    rem = nb.set_root(hands, p, cfg, tab, st, hs, sm, meta)
    return cfg, tab, p, rem


@pytest.mark.parametrize("game, players, rules, want", [
    ("sueca", 4, {}, nb.SPEC_POINTS4),
    ("spades", 4, {"break_spades": False}, nb.SPEC_ANY),
    ("spades", 4, {"break_spades": True}, nb.SPEC_ANY),
    ("brisca", 2, {}, nb.SPEC_ANY),
    ("brisca", 4, {}, nb.SPEC_ANY),
    ("brisca", 6, {}, nb.SPEC_ANY),
])
def test_search_spec_picks_the_copy_built_for_the_game(game, players, rules, want):
    rng = random.Random(5)
    ws = workspace(TT_BITS)
    for _ in range(3):
        pos = random_ending(game, players, 3, rng)[0]
        pos.config = config(game, players, rules)
        cfg, tab, p, rem = _root(pos, ws)
        assert nb.search_spec(cfg, ws[6]) == want


@pytest.mark.parametrize("game, players, spec, tricks", [
    ("sueca", 4, nb.SPEC_POINTS4, 4),
    ("sueca", 4, nb.SPEC_POINTS4, 5),
])
def test_specialized_search_matches_the_generic_one(game, players, spec, tricks):
    rng = random.Random(11 + tricks)
    ws = workspace(TT_BITS)
    st, hs, mv, sm, tk, tv, meta = ws
    checked = 0
    while checked < 6:
        pos = random_ending(game, players, tricks, rng)[0]
        pos.config = config(game, players)
        cfg, tab, p, rem = _root(pos, ws)
        assert nb.search_spec(cfg, meta) == spec
        for t in (1, rem // 3, rem // 2 + 1, rem):
            got = []
            for which in (spec, nb.SPEC_ANY):
                _root(pos, ws)                      # a fresh table generation each time
                n0 = meta[E.M_NODES]
                v = nb.alphabeta_spec(which, t - 1, t, cfg, tab, p, st, hs, mv, sm, tk, tv, meta)
                got.append((v, int(meta[E.M_NODES] - n0)))
            assert got[0] == got[1], (pos, t, got)
        checked += 1
