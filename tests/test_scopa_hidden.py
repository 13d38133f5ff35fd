"""No Scopa strategy sees what its seat cannot see.

Pairs of deals that differ only in cards the observed seat never holds (two cards swapped
between positions of the deck dealt to other seats, in any dealing round; never the table
laid) are played with the same random draws (``simcore.deal.given``: the deck orders are
given, the draws come from the same streams).  As long as every move so far (card and
capture) is the same in both deals, the observed seat has seen exactly the same things: its
own hands, the table, every move.  So its next move must be the same too: the first move
that differs between the two deals is never the observed seat's.
"""
import numpy as np
import pytest

from simcore.deal import given
from simcore.rng import seed_base
from simcore.scopa import nb
from simcore.scopa.enums import DEAL_DTYPE, HAND_SIZE, N_CARDS, N_PLAYS, TABLE_SIZE
from simcore.scopa.game import SCOPA

PAIRS = 300
#: one lineup (expert, greedy, random) serves 3 and 4 players: one kernel; two players
#: playing expert at both seats take the two-player loop
TABLES = {
    4: ("expert", "greedy", "random", "expert(risk=0,memory=false,settebello=40)"),
    3: ("random", "expert(scopa=5,coin=9)", "greedy"),
    2: ("expert", "expert(risk=0,memory=false)"),
}


def positions(seat, players, dealer):
    """The deck positions dealt to ``seat`` in every dealing round (docs/games/scopa.md:
    round 0 from position 0, then from 3 * players + 4; three cards each from the seat
    after the dealer)."""
    k = (seat - dealer - 1) % players
    per_round = HAND_SIZE * players
    starts = [0] + [per_round + TABLE_SIZE + r * per_round
                    for r in range(N_PLAYS // per_round - 1)]
    return [s + HAND_SIZE * k + j for s in starts for j in range(HAND_SIZE)]


def _moves(decks, players, dealer, setup, seed=7):
    n = len(decks)
    out = np.empty(n, DEAL_DTYPE)
    tr = nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(seed), 0, out, players, dealer, setup.lineup, setup.params,
                 setup.bmi2, status, source=given(decks), trace=tr)
    assert status[0] == 0
    seats = (dealer + 1 + np.arange(N_PLAYS)) % players
    return seats, tr[2].astype(np.int64), tr[3]


@pytest.mark.parametrize("players,must_capture,dealer", [
    (4, "any_card", 0), (4, "played_card", 3), (3, "any_card", 1), (3, "played_card", 2),
    (2, "any_card", 0), (2, "played_card", 1)])
def test_no_strategy_sees_hidden_cards(players, must_capture, dealer):
    strategies = TABLES[players]
    setup = SCOPA.setup({"must_capture": must_capture}, strategies, players=players,
                        dealer=dealer)
    rng = np.random.default_rng(100 * players + dealer)
    base = np.array([rng.permutation(N_CARDS) for _ in range(PAIRS)])
    observed = rng.integers(0, players, PAIRS)
    other = base.copy()
    for i in range(PAIRS):
        hidden = [q for s in range(players) if s != observed[i]
                  for q in positions(s, players, dealer)]
        pa, pb = rng.choice(hidden, 2, replace=False)
        other[i, pa], other[i, pb] = base[i, pb], base[i, pa]
    seats, cards_a, capt_a = _moves(base, players, dealer, setup)
    _, cards_b, capt_b = _moves(other, players, dealer, setup)
    differ = 0
    for i in range(PAIRS):
        d = np.flatnonzero((cards_a[i] != cards_b[i]) | (capt_a[i] != capt_b[i]))
        if len(d) == 0:
            continue
        differ += 1
        j = d[0]
        assert seats[j] != observed[i], (
            f"pair {i}: seat {observed[i]} ({strategies[observed[i]]}) moved differently at "
            f"play {j} although everything it had seen was the same")
    assert differ > PAIRS // 2        # the swaps did change the play: the test has teeth


def test_positions_cover_the_deck_once():
    """The positions the test swaps are the hands' positions, every one once, never the
    table's."""
    for players in (2, 3, 4):
        got = sorted(q for s in range(players) for q in positions(s, players, 1))
        table = list(range(HAND_SIZE * players, HAND_SIZE * players + TABLE_SIZE))
        assert got == sorted(set(range(N_CARDS)) - set(table))


def test_the_check_would_fail_for_a_seat_that_sees_the_difference():
    """The assertion above has teeth: when a card of the observed seat's own first hand is
    swapped with another seat's, the first differing move is one of those two seats'."""
    setup = SCOPA.setup({}, TABLES[4], players=4, dealer=0)
    rng = np.random.default_rng(5)
    base = np.array([rng.permutation(N_CARDS) for _ in range(60)])
    other = base.copy()
    other[:, [0, 3]] = other[:, [3, 0]]          # a card of seat 1 swapped with seat 2's
    seats, cards_a, capt_a = _moves(base, 4, 0, setup)
    _, cards_b, capt_b = _moves(other, 4, 0, setup)
    firsts = [seats[np.flatnonzero((cards_a[i] != cards_b[i]) | (capt_a[i] != capt_b[i]))[0]]
              for i in range(60) if ((cards_a[i] != cards_b[i]) | (capt_a[i] != capt_b[i])).any()]
    assert len(firsts) > 30 and set(firsts) <= {1, 2}
