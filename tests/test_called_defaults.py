"""The engine's default bid and call of the five-player called-card games (used by
strategies from files that define only ``play``), on hand-built views, against the rule
their pages state: pass; call the highest card it may call and does not hold of the suit
in which it holds the most cards (the lowest suit on ties), else the highest card it may
call and does not hold, else the highest it may call."""
import numpy as np
import pytest

from simcore.briscola_chiamata import view as BV
from simcore.cards import FRENCH40, LATIN40
from simcore.sueca_italiana import view as SV


def by_rule(hand, legal):
    counts = [sum(1 for c in hand if c // 10 == s) for s in range(4)]
    s = counts.index(max(counts))
    for pool in ([c for c in legal if c // 10 == s and c not in hand],
                 [c for c in legal if c not in hand], list(legal)):
        if pool:
            return max(pool)


@pytest.mark.parametrize("module,deck", [(SV, FRENCH40), (BV, LATIN40)])
def test_default_call_and_bid(module, deck):
    rng = np.random.default_rng(8)
    v = np.zeros(1, module.VIEW_DTYPE)[0]
    for _ in range(300):
        hand = sorted(rng.choice(40, 8, replace=False).tolist())
        v["hand"] = np.uint64(sum(1 << c for c in hand))
        if rng.random() < 0.5:
            legal = list(range(40))
        else:                                          # the four cards of one rank
            st = int(rng.integers(0, 10))
            legal = [s * 10 + st for s in range(4)]
        mask = np.uint64(sum(1 << c for c in legal))
        assert module.default_call(v, mask, np.uint64(0), 0) == by_rule(hand, legal), \
            [deck.format_card(c) for c in hand]
        assert module.default_bid(v, np.uint64(61), np.uint64(0), 0) == -1
