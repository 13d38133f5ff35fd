"""No Sueca strategy sees what its seat cannot see.

Pairs of deals that differ only in cards a seat cannot see (two cards swapped between the
hands of two other seats, never the dealer's face-up card) are played with the same random
draws (``simcore.deal.given``: the deck orders are given, the draws come from the same
streams).  As long as every play so far is the same in both deals, the observed seat has
seen exactly the same things, so its next decision must be the same too: the first play
that differs between the two deals is never the observed seat's.
"""
import numpy as np
import pytest

from simcore.deal import given
from simcore.rng import seed_base
from simcore.sueca import nb
from simcore.sueca.enums import DEAL_DTYPE
from simcore.sueca.game import SUECA
from view_hash import view_hash

SEATS = ("expert", "greedy", "random", "expert(lead_trumps_at=4,keep_seven=false)")
PAIRS = 400


def _plays(decks, dealer, setup, seed=7):
    n = len(decks)
    out = np.empty(n, DEAL_DTYPE)
    tr = nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(seed), 0, out, dealer, setup.lineup, setup.params, setup.bmi2,
                 status, source=given(decks), trace=tr)
    assert status[0] == 0
    cards, leaders = tr[2].astype(np.int64), tr[3].astype(np.int64)
    seats = (np.repeat(leaders, 4, axis=1) + np.tile(np.arange(4), 10)) % 4
    return seats, cards


def hidden_pairs(rng, dealer, n, observed=None):
    """``n`` deck orders, the seat observed in each (random unless given), and the same
    decks with two cards swapped between the hands of two seats other than the observed
    one (never the face-up card)."""
    base = np.array([rng.permutation(40) for _ in range(n)])
    if observed is None:
        observed = rng.integers(0, 4, n)
    other = base.copy()
    for i in range(n):
        s = observed[i]
        # deck positions 10k..10k+9 go to seat (dealer + 1 + k) % 4; 39 is the face-up card
        a, b = rng.choice([x for x in range(4) if x != s], 2, replace=False)
        pa = ((a - dealer - 1) % 4) * 10 + rng.integers(0, 10)
        pb = ((b - dealer - 1) % 4) * 10 + rng.integers(0, 10)
        pa, pb = (pa if pa != 39 else pa - 1), (pb if pb != 39 else pb - 1)
        other[i, pa], other[i, pb] = base[i, pb], base[i, pa]
    return base, other, observed


def first_differences(setup, dealer, base, other, observed, names):
    """Play both decks of each pair; assert that the first play that differs is never the
    observed seat's; the number of pairs whose play differs."""
    seats_a, cards_a = _plays(base, dealer, setup)
    seats_b, cards_b = _plays(other, dealer, setup)
    assert (seats_a[:, 0] == seats_b[:, 0]).all()
    differ = 0
    for i in range(len(observed)):
        d = np.flatnonzero(cards_a[i] != cards_b[i])
        if len(d) == 0:
            continue
        differ += 1
        j = d[0]
        assert seats_a[i, j] == seats_b[i, j]
        assert seats_a[i, j] != observed[i], (
            f"pair {i}: seat {observed[i]} ({names[observed[i]]}) played differently at play "
            f"{j} although everything it had seen was the same")
    return differ


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_no_strategy_sees_hidden_cards(dealer):
    setup = SUECA.setup({}, SEATS, dealer=dealer)
    rng = np.random.default_rng(100 + dealer)
    base, other, observed = hidden_pairs(rng, dealer, PAIRS)
    differ = first_differences(setup, dealer, base, other, observed, SEATS)
    assert differ > PAIRS // 2        # the swaps did change the play: the test has teeth


def test_a_strategy_reading_its_whole_view_sees_nothing_hidden():
    """A strategy of one's own that hashes every field and every element of its view and
    writes its memory into every scratch row (tests/view_hash.py), at two seats: each
    decides the same on identical observations (the other seat's scratch row, in
    particular, never reaches its view)."""
    view_hash("sueca")
    names = ("view_hash", "expert", "view_hash", "greedy")
    setup = SUECA.setup({}, names, dealer=1)
    rng = np.random.default_rng(8)
    base, other, observed = hidden_pairs(rng, 1, 120, np.array([0, 2] * 60))
    differ = first_differences(setup, 1, base, other, observed, names)
    assert differ > len(observed) // 2


def test_the_check_would_fail_for_a_seat_that_sees_the_difference():
    """The assertion above has teeth: when the swapped cards are in the observed seat's own
    hand (so it does see the difference), the first differing play is that seat's.  The same
    table as above (greedy at seat 1, random at seat 2): no kernel of its own."""
    setup = SUECA.setup({}, SEATS, dealer=0)
    rng = np.random.default_rng(5)
    base = np.array([rng.permutation(40) for _ in range(50)])
    other = base.copy()
    other[:, [0, 10]] = other[:, [10, 0]]          # a card of seat 1 swapped with seat 2's
    seats_a, cards_a = _plays(base, 0, setup)
    seats_b, cards_b = _plays(other, 0, setup)
    firsts = [seats_a[i, np.flatnonzero(cards_a[i] != cards_b[i])[0]]
              for i in range(50) if (cards_a[i] != cards_b[i]).any()]
    assert len(firsts) > 25 and set(firsts) <= {1, 2}
