"""No Briscola chiamata strategy sees what its seat cannot see — above all, not the secret
partner before the called card is played (the method of tests/test_sueca_italiana_hidden.py):
pairs of deals that differ only in two cards swapped between two seats other than the
observed one (mostly the called card itself, so that the partnership changes) are played
with the same draws; the first decision that differs is never the observed seat's."""
import numpy as np
import pytest

from simcore.deal import given
from simcore.rng import seed_base
from simcore.briscola_chiamata import nb
from simcore.briscola_chiamata.enums import DEAL_DTYPE
from simcore.briscola_chiamata.game import BRISCOLA_CHIAMATA

SEATS = ("greedy", "random", "greedy(margin=-10)", "random", "expert")
PAIRS = 300


def decisions(decks, dealer, setup, buia, seed=7):
    """Per deal: the decisions in the order made as (seat, value), the partner and the
    called card (-1 when passed out)."""
    n = len(decks)
    out = np.empty(n, DEAL_DTYPE)
    tr = nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(seed), 0, out, dealer, setup.lineup, setup.params, setup.bmi2,
                 status, source=given(decks), trace=tr)
    assert status[0] == 0
    deals = []
    for i in range(n):
        r = out[i]
        seq, gone, seat = [], set(), (dealer + 1) % 5
        for b in tr[1][i, :int(r["turns"])]:
            while seat in gone:
                seat = (seat + 1) % 5
            seq.append((seat, int(b)))
            if b < 0:
                gone.add(seat)
            seat = (seat + 1) % 5
        if r["declarer"] >= 0:
            call = (int(r["declarer"]), int(r["called_card"]))
            for t in range(8):
                if t == (1 if buia else 0):
                    seq.append(call)
                lead = int(tr[3][i, t])
                seq += [((lead + k) % 5, int(tr[2][i, 5 * t + k])) for k in range(5)]
        deals.append((seq, int(r["partner"]), int(r["called_card"])))
    return deals


@pytest.mark.parametrize("buia", [False, True])
def test_no_strategy_sees_hidden_cards_or_the_secret_partner(buia):
    dealer = 3
    setup = BRISCOLA_CHIAMATA.setup({"chiamata_buia": buia}, SEATS, dealer=dealer)
    rng = np.random.default_rng(400 + buia)
    base = np.array([rng.permutation(40) for _ in range(PAIRS)])
    observed = rng.integers(0, 5, PAIRS)
    other = base.copy()
    for i, (seq, partner, called) in enumerate(decisions(base, dealer, setup, buia)):
        others = [x for x in range(5) if x != observed[i]]
        # deck positions 8k..8k+7 go to seat (dealer + 1 + k) % 5; mostly the called card
        # moves from the partner to another seat the observed seat cannot see
        if partner >= 0 and partner != observed[i] and i % 3:
            pa = int(np.flatnonzero(base[i] == called)[0])
            b = rng.choice([x for x in others if x != partner])
        else:
            a, b = rng.choice(others, 2, replace=False)
            pa = ((a - dealer - 1) % 5) * 8 + rng.integers(0, 8)
        pb = ((b - dealer - 1) % 5) * 8 + rng.integers(0, 8)
        other[i, pa], other[i, pb] = base[i, pb], base[i, pa]
    deals_a = decisions(base, dealer, setup, buia)
    deals_b = decisions(other, dealer, setup, buia)
    differ = partner_moved = 0
    for i in range(PAIRS):
        (sa, pa_, ca), (sb, pb_, cb) = deals_a[i], deals_b[i]
        if pa_ != pb_ and ca == cb >= 0:
            partner_moved += 1
        d = next((j for j in range(min(len(sa), len(sb))) if sa[j] != sb[j]), None)
        if d is None:
            continue
        differ += 1
        assert sa[d][0] == sb[d][0]
        assert sa[d][0] != observed[i], (
            f"pair {i}: seat {observed[i]} ({SEATS[observed[i]]}) decided differently at "
            f"decision {d} although everything it had seen was the same")
    assert differ > PAIRS // 2              # the swaps did change the deals: it has teeth
    assert partner_moved > 30               # and often the partnership behind the same call
