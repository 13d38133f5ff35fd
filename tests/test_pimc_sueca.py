"""``pimc`` in Sueca: legal play, no use of hidden cards, and better than random.

One kernel serves every test here (lineup pimc + random, deck orders given, traced), with
few deals and small samples: the solver's searches are limited to ``depth`` tricks.
"""
import math

import numpy as np

from simcore.deal import given
from simcore.rng import seed_base
from simcore.sueca import nb
from simcore.sueca.enums import DEAL_DTYPE
from simcore.sueca.game import SUECA
import sueca_reference as SR

PIMC = "pimc(samples=4,depth=2,tt_bits=12)"
SIDE0 = (PIMC, "random", PIMC, "random")
SIDE1 = ("random", PIMC, "random", PIMC)


def _run(decks, dealer, seats, seed=7):
    setup = SUECA.setup({}, seats, dealer=dealer)
    n = len(decks)
    out = np.empty(n, DEAL_DTYPE)
    tr = nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(seed), 0, out, dealer, setup.lineup, setup.params, setup.bmi2,
                 status, source=given(decks), trace=tr)
    assert status[0] == 0
    cards, leaders = tr[2].astype(np.int64), tr[3].astype(np.int64)
    seats_of = (np.repeat(leaders, 4, axis=1) + np.tile(np.arange(4), 10)) % 4
    return out, tr[0], seats_of, cards


def test_pimc_plays_only_legal_cards():
    rng = np.random.default_rng(11)
    decks = np.array([rng.permutation(40) for _ in range(3)])
    _, hands, seats, cards = _run(decks, 0, (PIMC,) * 2 + ("random",) * 2)
    for i in range(len(decks)):
        held = [sorted(c for c in range(40) if int(hands[i, s]) >> c & 1) for s in range(4)]
        for t in range(10):
            trick = []
            for k in range(4):
                j = 4 * t + k
                s, c = seats[i, j], cards[i, j]
                lead = SR.SUIT_OF[trick[0]] if trick else None
                assert c in SR.legal_cards(held[s], lead), (i, j, s, c)
                held[s].remove(c)
                trick.append(c)
        assert all(not h for h in held)


def test_pimc_never_uses_cards_its_seat_cannot_see():
    """As tests/test_sueca_hidden.py: deals that differ only in two cards swapped between two
    other seats (never the face-up card) give the observed seat the same plays until a play
    it saw differs."""
    dealer = 1
    rng = np.random.default_rng(23)
    pairs = 6
    base = np.array([rng.permutation(40) for _ in range(pairs)])
    observed = rng.integers(0, 4, pairs)
    observed[:3] = (0, 2, 0)                   # pimc seats observed at least 3 times
    other = base.copy()
    for i in range(pairs):
        s = observed[i]
        a, b = rng.choice([x for x in range(4) if x != s], 2, replace=False)
        pa = ((a - dealer - 1) % 4) * 10 + rng.integers(0, 10)
        pb = ((b - dealer - 1) % 4) * 10 + rng.integers(0, 10)
        pa, pb = (pa if pa != 39 else pa - 1), (pb if pb != 39 else pb - 1)
        other[i, pa], other[i, pb] = base[i, pb], base[i, pa]
    _, _, seats_a, cards_a = _run(base, dealer, SIDE0)
    _, _, seats_b, cards_b = _run(other, dealer, SIDE0)
    differ = 0
    for i in range(pairs):
        d = np.flatnonzero(cards_a[i] != cards_b[i])
        if len(d) == 0:
            continue
        differ += 1
        j = d[0]
        assert seats_a[i, j] == seats_b[i, j]
        assert seats_a[i, j] != observed[i], (i, j, observed[i])
    assert differ >= pairs // 2           # the swaps did change the play: the test has teeth


def test_pimc_beats_random_in_duplicate():
    """Each deck played twice, pimc on side 0 then on side 1 (same dealer, same draws): the
    per-deck difference of pimc's points minus random's has a mean above zero by more than
    3.50 standard errors (Student's t with n - 1 = 7 degrees of freedom: one-sided 0.5%
    level; the standard error from the sample)."""
    rng = np.random.default_rng(31)
    n = 8
    decks = np.array([rng.permutation(40) for _ in range(n)])
    a = _run(decks, 0, SIDE0)[0]
    b = _run(decks, 0, SIDE1)[0]
    diff = (a["points_team0"].astype(float) - a["points_team1"]
            + b["points_team1"].astype(float) - b["points_team0"]) / 2
    se = diff.std(ddof=1) / math.sqrt(n)
    assert diff.mean() > 3.50 * se, (diff.mean(), se, diff)
