"""The search's exchange prunings (nb.alphabeta): two cards of one hand, next to each other in
rank among the cards in play, meet every other card alike, so playing one rather than the
other changes only which trick holds which one's points.

- near-equivalent cards (both worth points): the second is not searched while the first's
  value, moved by their points' difference, stays out of the window;
- dominated cards (one at least worth points): when the side taking the trick is sure
  whatever the later seats play, the richer card on the side's own trick (the poorer on the
  other side's) is played and the other not searched.

Each is switched off through ``meta[M_NOEXCH]``: the values must not change, the nodes must
fall.  The brute-force tests (test_solver_sueca.py, test_solver_brisca.py) check the values
with both on."""
from __future__ import annotations

import random

import pytest

from simcore.solver import enums as E
from simcore.solver import nb
from simcore.solver.api import Position, solve, workspace
from solver_brute import Rules, par_value
from solver_checks import config, random_ending

TT_BITS = 14
OFF = {"both on": 0, "near off": E.NOEXCH_NEAR, "dominance off": E.NOEXCH_DOM,
       "both off": E.NOEXCH_NEAR | E.NOEXCH_DOM}


def _solve(pos, ws, noexch):
    """The value side 0 takes from the cards in play at ``pos`` (``nb.solve_value``) and the
    search's nodes, with the prunings of ``noexch`` off."""
    cfg, tab = pos.tables()
    hands, p = pos.arrays()
    meta = ws[6]
    meta[E.M_NOEXCH] = noexch
    try:
        n0 = meta[E.M_NODES]
        v = nb.solve_value(hands, p, cfg, tab, ws)
        return int(v), int(meta[E.M_NODES] - n0)
    finally:
        meta[E.M_NOEXCH] = 0


@pytest.mark.parametrize("game, players, tricks, count", [
    ("sueca", 4, 4, 30), ("sueca", 4, 6, 6), ("brisca", 2, 5, 30), ("brisca", 4, 4, 8)])
def test_exchange_prunings_keep_every_value_and_save_nodes(game, players, tricks, count):
    rng = random.Random(700 + 10 * players + tricks)
    ws = workspace(TT_BITS)
    nodes = dict.fromkeys(OFF, 0)
    for _ in range(count):
        pos = random_ending(game, players, tricks, rng)[0]
        got = {k: _solve(pos, ws, off) for k, off in OFF.items()}
        values = {k: v for k, (v, _) in got.items()}
        assert len(set(values.values())) == 1, (pos, values)
        for k, (_, n) in got.items():
            nodes[k] += n
    # each pruning on its own takes nodes off, and so do both together
    assert nodes["near off"] < nodes["both off"], nodes
    assert nodes["dominance off"] < nodes["both off"], nodes
    assert nodes["both on"] < nodes["both off"], nodes


def test_dominated_card_on_a_sure_trick_is_not_searched():
    """The last seat's side takes the trick whichever of two neighbouring cards it plays: the
    richer one (the ace, 11 points) goes on it and the seven (10) is not searched; its
    value, solved on its own, is no better for the side."""
    deck = config("sueca").deck
    c = deck.card
    trump = deck.suits.index("H")
    # seat 0 led the queen of clubs, seats 1 and 2 followed low; seat 3 to play
    hands = [[c("2", "D")], [c("3", "D")], [c("2", "H")], [c("A", "C"), c("7", "C")]]
    trick = [c("Q", "C"), c("4", "C"), c("5", "C")]
    pos = Position(config("sueca"), [sum(1 << x for x in h) for h in hands], trump, 0, trick)
    ws = workspace(TT_BITS)
    on = _solve(pos, ws, E.NOEXCH_NEAR)             # dominance alone
    off = _solve(pos, ws, E.NOEXCH_NEAR | E.NOEXCH_DOM)
    assert on[0] == off[0]
    assert on[1] < off[1]                   # the seven's child was not entered
    # by the reference rules: seat 3 takes the trick with either card, then leads the other,
    # which seat 2 ruffs with the two of hearts: the ace now keeps 11 points, the seven 10
    rules = Rules("sueca", 4, trump)
    ace = par_value(rules, hands, 0, trick, first=c("A", "C"))
    seven = par_value(rules, hands, 0, trick, first=c("7", "C"))
    assert ace < seven                      # side 0's points: the ace is better for side 1
    sol = solve(pos)
    assert sol.moves[c("A", "C")][1] > sol.moves[c("7", "C")][1]
    assert sol.best == [c("A", "C")]
