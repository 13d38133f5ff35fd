"""Hidden information: no Spades strategy decides on cards its seat cannot see.

Pairs of hands are played from given deck orders (``simcore.deal.given``) that differ only
in two cards swapped between the hands of two seats other than the observed one; both
hands of a pair have the same index, hence the same draws.  The observed seat sees the
same things in both until some decision (by anyone) differs, so the first decision that
differs may never be its own.  Every strategy (random, greedy, expert, with its default
and other parameters) sits in the observed seat, for its bids and its cards; the kernels'
trace mode gives every decision in order.
"""
import numpy as np
import pytest

from simcore.deal import given
from simcore.rng import seed_base
from simcore.spades import nb
from simcore.spades.game import SPADES

SEED = 5
#: one lineup (random, greedy and expert): every seating below runs the same kernel
SEATINGS = [
    ("random", "greedy", "expert", "expert"),
    ("expert", "random", "greedy", "random"),
    ("greedy", "expert(nil=loose,shade=-4)", "random", "expert(protect_nil=false)"),
]


def decisions(seats, decks, start):
    """Every decision of each hand in order: (seat, 'bid' or 'card', value)."""
    setup = SPADES.setup({}, seats)
    n = len(decks)
    out = np.empty(n, SPADES.record_dtype)
    tr = nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(SEED), start, out, -1, setup.lineup, setup.params, setup.bmi2,
                 status, source=given(decks), trace=tr)
    assert status[0] == 0
    _, played, leaders, _ = tr
    seqs = []
    for i in range(n):
        dealer = (start + i) % 4
        seq = [((dealer + 1 + k) % 4, "bid", int(out[i][f"bid_seat{(dealer + 1 + k) % 4}"]))
               for k in range(4)]
        for t in range(13):
            seq += [((int(leaders[i, t]) + k) % 4, "card", int(played[i, 4 * t + k]))
                    for k in range(4)]
        seqs.append(seq)
    return seqs


def pairs(n, observed, start, rng):
    """``n`` deck orders and the same with two cards swapped between two other seats."""
    a = np.array([rng.permutation(52) for _ in range(n)])
    b = a.copy()
    for i in range(n):
        dealer = (start + i) % 4
        block = {(dealer + 1 + k) % 4: k for k in range(4)}       # seat -> its 13 positions
        s1, s2 = rng.choice([s for s in range(4) if s != observed], 2, replace=False)
        p1 = 13 * block[s1] + rng.integers(13)
        p2 = 13 * block[s2] + rng.integers(13)
        b[i, p1], b[i, p2] = a[i, p2], a[i, p1]
    return a, b


@pytest.mark.parametrize("seats", SEATINGS, ids=lambda s: ",".join(s))
def test_no_strategy_decides_on_cards_it_cannot_see(seats):
    rng = np.random.default_rng(20)
    n, start = 120, 1000
    for observed in range(4):
        a, b = pairs(n, observed, start, rng)
        da, db = decisions(seats, a, start), decisions(seats, b, start)
        before = {"bid": 0, "card": 0}        # the observed seat's decisions before the first
        for i, (x, y) in enumerate(zip(da, db)):    # difference: the test is not vacuous
            j = next((j for j in range(len(x)) if x[j] != y[j]), None)
            assert j is not None, f"hand {start + i}: the swapped cards were never played?"
            assert x[j][0] == y[j][0]
            assert x[j][0] != observed, (
                f"{seats[observed]} in seat {observed}, hand {start + i}: its decision "
                f"{j} ({x[j][1]}) differs ({x[j][2]} / {y[j][2]}) while all it saw was the same")
            for s, kind, _ in x[:j]:
                before[kind] += s == observed
        assert before["bid"] > n // 2 and before["card"] > n // 2, (seats[observed], before)
