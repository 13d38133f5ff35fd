"""No Brisca rematada strategy decides on what its seat cannot see.

Pairs of deals that differ by one swap of two cards between two of the four places (the
three hands and the talon) are played with the same random draws (``simcore.deal.given``:
the deck orders are given, the draws come from the same streams).  Then, for every seat,
the decisions of both deals are walked in order (the auction, the two discards, trumps,
the thirty plays): as long as the seat has seen nothing that differs — its own hand, every
public decision so far, the talon once the auction is over; the discards are seen by the
declarer only — its next decision must be the same in both deals.  A public decision that
differs ends the walk (everybody has seen it); discards that differ do not: the defenders
must go on deciding as before although the declarer holds other cards.
"""
import numpy as np
import pytest

from simcore.brisca_rematada import nb
from simcore.brisca_rematada.enums import DEAL_DTYPE, PASS
from simcore.brisca_rematada.game import BRISCA_REMATADA
from simcore.deal import given
from simcore.rng import seed_base

# greedy, random and expert at one table (one kernel compile: this lineup on given decks)
SEATS = ("greedy", "random(margin=-20)", "expert(margin=15)")
PAIRS = 600


def _decisions(decks, dealer, setup, seed=7):
    """Per deal: the initial hands (by seat), the talon, and the decisions in order as
    ``(seat, kind, value)``, kind 0 a bid, 1 a discard, 2 trumps, 3 a play."""
    n = len(decks)
    out = np.empty(n, DEAL_DTYPE)
    tr = nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(seed), 0, out, dealer, setup.lineup, setup.params, setup.bmi2,
                 status, source=given(decks), trace=tr)
    assert status[0] == 0
    hands, talon, auction, discards, cards, leaders = tr[:6]
    deals = []
    for i in range(n):
        seq = []
        seat, passed = (dealer + 1) % 3, set()
        for j in range(int(out[i]["turns"])):
            b = int(auction[i, j])
            seq.append((seat, 0, b))
            if b == PASS:
                passed.add(seat)
            seat = (seat + 1) % 3
            if seat in passed:
                seat = (seat + 1) % 3
        d = int(out[i]["declarer"])
        seq += [(d, 1, int(discards[i, 0])), (d, 1, int(discards[i, 1])),
                (d, 2, int(out[i]["trump_suit"]))]
        for t in range(10):
            for k in range(3):
                seq.append(((int(leaders[i, t]) + k) % 3, 3, int(cards[i, 3 * t + k])))
        deals.append(([int(h) for h in hands[i]], sorted(int(c) for c in talon[i]), seq))
    return deals


def _walk(a, b, blind=False):
    """Check every seat of the pair of deals ``a``, ``b``; returns ``(violations,
    decisions checked, defenders' decisions checked after discards that differ)``.  With
    ``blind`` the seats are taken not to see their own hands (the check must then fail)."""
    hands_a, talon_a, seq_a = a
    hands_b, talon_b, seq_b = b
    seen = [False if blind else hands_a[s] != hands_b[s] for s in range(3)]
    bad = checked = after_discards = 0
    hidden_diff = False
    for (sa, kind, va), (sb, kind_b, vb) in zip(seq_a, seq_b):
        assert sa == sb and kind == kind_b, "the walk left the common part of the deals"
        if kind == 1 and talon_a != talon_b:
            seen = [True] * 3                    # the talon is shown after the auction
        if not seen[sa]:
            checked += 1
            after_discards += hidden_diff
            if va != vb:
                bad += 1
        if va != vb:
            if kind == 1:                        # only the declarer sees its discards
                seen[sa] = True
                hidden_diff = True
            else:
                break
    return bad, checked, after_discards


def _pairs(dealer, seed):
    rng = np.random.default_rng(seed)
    base = np.array([rng.permutation(32) for _ in range(PAIRS)])
    other = base.copy()
    for i in range(PAIRS):
        # places: 0..2 the hands dealt from deck positions 10k.., 3 the talon (30, 31)
        x, y = rng.choice(4, 2, replace=False)
        px = 30 + rng.integers(0, 2) if x == 3 else 10 * x + rng.integers(0, 10)
        py = 30 + rng.integers(0, 2) if y == 3 else 10 * y + rng.integers(0, 10)
        other[i, px], other[i, py] = base[i, py], base[i, px]
    return base, other


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_no_strategy_decides_on_hidden_cards(dealer):
    setup = BRISCA_REMATADA.setup({}, SEATS, dealer=dealer)
    base, other = _pairs(dealer, 100 + dealer)
    da = _decisions(base, dealer, setup)
    db = _decisions(other, dealer, setup)
    checked = after = differ = 0
    for i in range(PAIRS):
        bad, c, ad = _walk(da[i], db[i])
        assert bad == 0, f"pair {i}: a seat decided differently on what it cannot see"
        checked += c
        after += ad
        differ += da[i][2] != db[i][2]
    assert differ > PAIRS // 2        # the swaps did change the deals: the test has teeth
    assert checked > PAIRS
    assert after > 25                 # defenders went on playing after hidden discards differed


def test_the_check_fails_for_seats_that_see_the_difference():
    """The walk has teeth: taking the seats not to see their own hands (which a swap does
    change), decisions that differ with nothing seen are found."""
    setup = BRISCA_REMATADA.setup({}, SEATS, dealer=0)
    base, other = _pairs(0, 5)
    da = _decisions(base, 0, setup)
    db = _decisions(other, 0, setup)
    found = sum(_walk(da[i], db[i], blind=True)[0] > 0 for i in range(PAIRS))
    assert found > PAIRS // 4
