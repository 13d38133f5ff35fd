"""The Brisca view as kernels keep it (simcore/brisca/view.py), seen from inside a strategy.

A strategy that is not built in (so the kernel checks its cards) checks the view it is given
against what the rules say it must hold, and returns a card it does not hold, numbered after
the broken check, when one fails: the run then stops with one line naming that card.
"""
from pathlib import Path

import numpy as np
import pytest

import simcore
from simcore.bits import popcount
from simcore.errors import TrunfoError
from simcore.strategy import Param, load_file, register
from strategies.brisca import pick_random

HERE = __file__


def spy(v, legal, u, p):
    if v.trick == p.fail_at:
        return 99
    n = v.players
    t = v.trick
    k = v.trick_len
    seat = v.seat
    if legal != v.hand or (v.hand & v.played) != 0:
        return 100
    if np.int64(popcount(v.played)) != t * n + k:
        return 101
    if (v.trick_mask & ~v.played) != 0 or np.int64(popcount(v.trick_mask)) != k:
        return 102
    taken = 0
    table = 0
    for c in range(4 * v.ranks):        # card indices (3 players: 39 of the 40 are dealt)
        if (v.played >> np.uint64(c)) & np.uint64(1):
            if (v.trick_mask >> np.uint64(c)) & np.uint64(1):
                table += v.card_points[c]
            else:
                taken += v.card_points[c]
    if taken != v.points[0] + v.points[1] + v.points[2] or table != v.trick_points:
        return 103
    if v.tricks[0] + v.tricks[1] + v.tricks[2] != t or (n != 3 and v.points[2] != 0):
        return 104
    left = v.n_cards - 3 * n - n * t
    if v.stock_left != (left if left > 0 else 0):
        return 105
    if (v.stock_left > 0) != (v.trump_drawn_by < 0) or v.trump_drawn_by >= n:
        return 106
    in_hand = v.n_cards // n - t
    if np.int64(popcount(v.hand)) != (3 if in_hand > 3 else in_hand):
        return 107
    union = np.uint64(0)
    for s in range(n):
        union |= v.played_by[s]
        if np.int64(popcount(v.played_by[s])) != t + (1 if (s - v.leader) % n < k else 0):
            return 108
    if union != v.played:
        return 108
    for j in range(k):
        if v.history[t, j] != v.trick_cards[j]:
            return 109
    if (k == 0) != (v.winner < 0) or v.leader != (seat - k) % n:
        return 110
    # three players: each seat its own side, no partners
    if v.side != (seat if n == 3 else seat % 2) or (n <= 3 and v.partners != 0):
        return 111
    for s in range(n):
        mate = n != 3 and s != seat and (s - seat) % 2 == 0
        if v.shown and mate:
            if v.partner_hands[s] & (v.hand | v.played):
                return 112
            if v.stock_left > 0 and np.int64(popcount(v.partner_hands[s])) < 2:
                return 112
        elif v.partner_hands[s] != 0:
            return 113
        if ((v.partners >> s) & 1) != (1 if mate else 0):
            return 111
    # rule open_hands: every seat's hand, disjoint, with the played cards and the stock the
    # whole deck; nothing without the rule
    every = np.uint64(0)
    count = 0
    for s in range(n):
        if not v.open_hands:
            if v.hands[s] != 0:
                return 114
            continue
        if v.hands[s] & v.played:
            return 114
        every |= v.hands[s]
        count += np.int64(popcount(v.hands[s]))
    if v.open_hands:
        if v.hands[seat] != v.hand or count != np.int64(popcount(every)):
            return 115
        if count + np.int64(popcount(v.played)) + v.stock_left != v.n_cards:
            return 115
    return pick_random(legal, u, v.bmi2)


# cacheable: the kernels holding the spy are kept on disk like the built-ins (this file is its
# fingerprint), so the suite compiles them once; the cards it returns are still checked
register("brisca", "view_spy", spy, origin=HERE, view="full", cacheable=True,
         params=[Param("fail_at", -1, "the trick in which to return 99, a card not in hand")])


load_file(str(Path(HERE).resolve().parents[1] / "docs" / "examples" / "trump_saver.py"))
TWO = ("view_spy", "trump_saver")


@pytest.mark.parametrize("players,shown,open_hands", [
    (2, False, False), (4, False, False), (4, True, False), (6, True, False),
    (2, False, True), (4, True, True), (6, False, True), (3, False, True)])
def test_the_view_holds_what_the_rules_say(players, shown, open_hands):
    """(with open_hands: test_open_hands_view)  With 2 players the spy's opponent is the
    example strategy of docs/strategies-examples.md (one kernel for both tests)."""
    r = simcore.simulate("brisca", deals=300, seed=3, players=players, threads=1,
                         strategies=TWO if players == 2 else ("view_spy",), rules={"partners_show_hands": shown,
                                                           "open_hands": open_hands},
                         progress=False)
    assert r.done == 300


def test_a_card_not_in_hand_stops_the_run_with_one_line():
    with pytest.raises(TrunfoError) as e:
        simcore.simulate("brisca", deals=50, seed=1, players=4, threads=1, progress=False,
                         strategies=("view_spy", "view_spy(fail_at=3)", "view_spy", "view_spy"))
    msg = str(e.value)
    assert "\n" not in msg
    assert msg == (f"strategy view_spy ({HERE}) returned 99, not a legal card, for seat 1 in "
                   "deal 0 of brisca; the card was not played")


def test_the_brisca_example_trumps_only_a_trick_worth_it():
    """docs/examples/trump_saver.py against the spy (its 2-player kernel): its cards are
    legal (the kernel checks them) and its threshold changes the play: with trump_at=0 it
    spends a trump on any trick an opponent wins that no plain card of its own takes,
    with 30 (more than two cards hold) on none."""
    def run(at):
        return simcore.simulate("brisca", deals=200, seed=4, players=2, threads=1,
                                progress=False,
                                strategies=("view_spy", f"trump_saver(trump_at={at})")).summary
    assert str(run(0)) != str(run(30))
