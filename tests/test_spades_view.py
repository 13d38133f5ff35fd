"""The kernels keep every field of the Spades view (simcore/spades/view.py) up to date.

A probe strategy, registered here (not built in: the kernel checks what it returns), plays
random cards and bids evaluate, but first re-derives what its view must say from the
view's own card memory (history, leaders, bids...) and from its own past decisions (kept
in ``scratch``), and returns the number of the first check that fails, negated — an
illegal card or bid, which stops the kernel with a one-line error naming it.  The same
strategy with ``fault=1`` / ``fault=2`` returns an illegal bid / card on purpose.

Its partners are the example strategy of docs/strategies-examples.md
(``contract_first``), played here in the same kernel (the checks are the probe's own).
"""
from pathlib import Path

import numpy as np
import pytest

import simcore
from simcore._jit import njit
from simcore.bits import ctz, popcount
from simcore.errors import TrunfoError
from simcore.spades.bidding import evaluate
from simcore.spades.enums import SUIT
from simcore.spades.view import BLIND_NIL, BLIND_OFFER, SEE_CARDS
from simcore.strategy import Param, load_file, register

FULL = np.uint64((1 << 52) - 1)
ONE = np.uint64(1)


@njit(cache=False)
def _winner_pos(v, t):
    """Position (0..3) of the winning card of finished trick ``t`` in ``v.history``."""
    lead = SUIT[v.history[t, 0]]
    best = 0
    key = -1
    for k in range(4):
        c = v.history[t, k]
        s = SUIT[c]
        kk = (s == 3) * 100 + (s == lead) * 50 + c
        if kk > key:
            key = kk
            best = k
    return best


@njit(cache=False)
def _check_play(v, legal):
    seat = v.seat
    if v.partner != ((seat + 2) & 3):
        return 1
    if legal == 0 or (legal & ~v.hand) != 0:
        return 2
    if popcount(v.hand) != 13 - v.trick:
        return 3
    pb = v.played_by[0] | v.played_by[1] | v.played_by[2] | v.played_by[3]
    if pb != v.played or popcount(v.played) != 4 * v.trick + v.trick_len:
        return 4
    if v.hand & v.played:
        return 5
    for k in range(4):
        if k < v.trick_len:
            c = v.trick_cards[k]
            if c != v.history[v.trick, k] or not ((v.played_by[(v.leader + k) & 3] >> c) & ONE):
                return 6
        elif v.trick_cards[k] != -1 or v.history[v.trick, k] != -1:
            return 6
    if v.bids_made != 4:
        return 7
    for t in range(2):
        if v.bids[t] < 0 or v.bids[t + 2] < 0 or v.contract[t] != v.bids[t] + v.bids[t + 2]:
            return 7
    won = np.zeros(4, np.int64)
    broken = 0
    voids = np.zeros(4, np.int64)
    for t in range(v.trick + 1):
        n = 4 if t < v.trick else v.trick_len
        if n == 0:
            continue
        lead = SUIT[v.history[t, 0]]
        lead_seat = v.leaders[t] if t < v.trick else v.leader
        for k in range(1, n):
            if SUIT[v.history[t, k]] != lead:
                voids[(lead_seat + k) & 3] |= 1 << lead
        if t < v.trick:
            w = (v.leaders[t] + _winner_pos(v, t)) & 3
            if w != v.winners[t]:
                return 9
            won[w] += 1
            next_leader = v.leaders[t + 1] if t + 1 < v.trick else v.leader
            if next_leader != w:
                return 9
            for k in range(4):
                if SUIT[v.history[t, k]] == 3:
                    broken = 1
    for s in range(4):
        if won[s] != v.tricks[s] or voids[s] != v.voids[s]:
            return 8 if won[s] != v.tricks[s] else 11
    if v.team_tricks[0] != won[0] + won[2] or v.team_tricks[1] != won[1] + won[3]:
        return 8
    if broken != v.broken:
        return 10
    first = v.leaders[0] if v.trick > 0 else v.leader
    if first != ((v.dealer + 1) & 3):
        return 13
    if v.trick_len > 0:
        if v.led != SUIT[v.trick_cards[0]]:
            return 12
        b = 0
        key = -1
        for k in range(v.trick_len):
            c = v.trick_cards[k]
            kk = (SUIT[c] == 3) * 100 + (SUIT[c] == v.led) * 50 + c
            if kk > key:
                key = kk
                b = k
        if v.best != v.trick_cards[b] or v.winner != ((v.leader + b) & 3):
            return 12
    elif v.led != -1 or v.winner != -1 or v.best != -1:
        return 12
    if v.scratch[seat, 0] != 1 + v.trick:          # one bid, then one card per trick
        return 14
    v.scratch[seat, 0] += 1
    return 0


def probe_play(v, legal, u, p):
    """plays a random card after checking its view"""
    bad = _check_play(v, legal)
    if bad:
        return -bad
    if p.fault == 2:
        return ctz(~v.hand & FULL)                 # a card it does not hold
    n = popcount(legal)
    m = legal
    for _ in range(np.int64((u * np.uint64(n)) >> np.uint64(32))):
        m &= m - ONE
    c = 0
    while not ((m >> np.uint64(c)) & ONE):
        c += 1
    return c


def probe_bid(v, legal, u, p):
    """bids evaluate after checking its view"""
    seat = v.seat
    if v.scratch[seat, 0] > 1 or v.played != 0 or v.partner != ((seat + 2) & 3):
        return -20
    made = 0
    for k in range(4):
        s = (v.dealer + 1 + k) & 3
        if s == seat:
            break
        if v.bids[s] < 0:
            return -21
        made += 1
    if v.bids_made != made or v.bids[seat] != -1:
        return -22
    if v.contract[0] != max(v.bids[0], 0) + max(v.bids[2], 0) or \
            v.contract[1] != max(v.bids[1], 0) + max(v.bids[3], 0):
        return -23
    if legal == BLIND_OFFER:
        if v.hand != 0 or v.in_game != 1 or v.score[1 - (seat & 1)] - v.score[seat & 1] < 200:
            return -24
        v.scratch[seat, 0] = 1                     # asked once already
        return BLIND_NIL if (u & ONE) else SEE_CARDS
    if popcount(v.hand) != 13:
        return -25
    if v.in_game == 0 and (v.score[0] != 0 or v.bags[0] != 0 or v.hand_no != 0):
        return -26
    v.scratch[seat, 0] = 1
    if p.fault == 1:
        return 20
    return evaluate(v.hand)


register("spades", "probe", probe_play, bid=probe_bid, view="full",
         origin="tests/test_spades_view.py", params=[Param("fault", 0, minimum=0, maximum=2)])


load_file(str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "spades_contract.py"))


def table(probe="probe", example="contract_first"):
    return (probe, example) * 2


def test_view_fields_follow_the_play_of_single_hands():
    r = simcore.simulate("spades", deals=400, seed=3, strategies=table(), threads=1,
                         rules={"break_spades": True}, progress=False)
    assert r.done == 400


def test_view_fields_follow_the_hands_of_a_game():
    """Blind nil offers too (the hand hidden), the scores and bags before each hand."""
    r = simcore.simulate_rubbers("spades", rubbers=20, seed=3, strategies=table(),
                                 rules={"blind_nil": True, "mercy": True, "target": 300},
                                 threads=1, keep_rubbers=True, progress=False)
    assert r.done == 20


@pytest.mark.parametrize("fault,needle", [(1, "returned the bid 20, not a legal bid"),
                                          (2, "not a legal card")])
def test_an_illegal_decision_stops_with_one_line(fault, needle):
    with pytest.raises(TrunfoError) as e:
        simcore.simulate("spades", deals=50, seed=3, strategies=table(f"probe(fault={fault})"),
                         threads=1, progress=False)
    msg = str(e.value)
    assert needle in msg and "strategy probe" in msg and "\n" not in msg


def test_the_spades_example_makes_its_contract_then_ducks():
    """docs/examples/spades_contract.py in the probe's table (one kernel): its bids and
    cards are legal (the kernel checks them) and bidding more (over=3) changes the play."""
    def run(over):
        return simcore.simulate("spades", deals=60, seed=8, threads=1, progress=False,
                                strategies=table(example=f"contract_first(over={over})")
                                ).summary
    assert str(run(0)) != str(run(3))
