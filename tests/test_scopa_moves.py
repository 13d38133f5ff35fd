"""Scopa's packed subset-sum counts (simcore/scopa/moves.py), against brute force.

The kernels never recount the table: each play multiplies the packed counts by per-card
factors (``ADD_MUL`` in, ``REMOVE_MUL`` out).  These tests check the factors and the
kernel's update (``nb.apply_move``) against subset sums counted by enumeration, over
long random sequences of lays, single captures and sum captures.
"""
import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.scopa import enums as E
from simcore.scopa.moves import (ADD_MUL, LANE, LANE_BITS, PACK_MASK, PACK_MAX_TABLE,
                                 REMOVE_MUL, packed_counts)
from simcore.scopa.nb import apply_move

MASK64 = (1 << 64) - 1


def brute_counts(table: int) -> list[int]:
    """c[s]: the number of subsets of the table's cards whose values add up to s (0..10)."""
    cards = [c for c in range(E.N_CARDS) if table >> c & 1]
    counts = [0] * (E.MAX_VALUE + 1)
    for k in range(len(cards) + 1):
        for sub in itertools.combinations(cards, k):
            s = sum(int(E.VALUE[c]) for c in sub)
            if s <= E.MAX_VALUE:
                counts[s] += 1
    return counts


def lanes(g) -> list[int]:
    return [(int(g) >> (LANE_BITS * s)) & int(LANE) for s in range(E.MAX_VALUE + 1)]


def test_remove_factor_is_the_inverse_of_the_add_factor():
    for c in range(E.N_CARDS):
        assert int(ADD_MUL[c]) == 1 + (1 << (LANE_BITS * int(E.VALUE[c])))
        assert (int(ADD_MUL[c]) * int(REMOVE_MUL[c])) & MASK64 == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, E.N_CARDS - 1), min_size=0, max_size=PACK_MAX_TABLE,
                unique=True))
def test_packed_counts_are_the_subset_sum_counts(cards):
    table = sum(1 << c for c in cards)
    assert lanes(packed_counts(np.uint64(table))) == brute_counts(table)


def legal_captures(table: int, card: int) -> list[int]:
    """The table cards equal in value to ``card`` one by one, else its sums (brute force)."""
    v = int(E.VALUE[card])
    on = [c for c in range(E.N_CARDS) if table >> c & 1]
    equal = [1 << c for c in on if int(E.VALUE[c]) == v]
    if equal:
        return equal
    low = [c for c in on if int(E.VALUE[c]) < v]
    return [sum(1 << c for c in sub) for k in range(2, len(low) + 1)
            for sub in itertools.combinations(low, k) if sum(int(E.VALUE[c]) for c in sub) == v]


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(range(E.N_CARDS))), st.lists(st.integers(0, 1 << 30),
                                                          min_size=E.N_CARDS,
                                                          max_size=E.N_CARDS))
def test_play_updates_keep_the_packed_counts_exact(order, picks):
    """Play a shuffled deck card by card (capturing when possible, the capture chosen by
    ``picks``): after every play the updated counts equal the table's counts from scratch,
    and the brute-force counts whenever the table is small enough."""
    table, g = 0, packed_counts(np.uint64(0))
    for card, pick in zip(order, picks):
        caps = legal_captures(table, card)
        cap = caps[pick % len(caps)] if caps else 0
        t, g, taken = apply_move(card, np.uint64(cap), np.uint64(table), g)
        table = (table & ~cap) | (0 if cap else 1 << card)
        assert int(t) == table
        assert int(taken) == (cap | 1 << card if cap else 0)
        assert int(g) == int(packed_counts(np.uint64(table))) & int(PACK_MASK)
        if bin(table).count("1") <= PACK_MAX_TABLE:
            assert lanes(g) == brute_counts(table)


def test_counts_are_exact_again_after_a_table_overflows_the_lanes():
    """Tables of more than PACK_MAX_TABLE cards (rare in play) can overflow a five-bit
    lane; the updates stay exact modulo 2^55, so the lanes are right again once the table
    is small.  Lay the 1 to 4 of three suits (12 cards: 68 subsets add up to 10), then
    take cards back with the fourth suit's ace and 2 (single captures) and with sevens
    (sum captures, 3 + 4)."""
    def card(value, suit):
        return int(np.flatnonzero(E.VALUE == value)[suit])

    laid = [card(v, s) for s in range(3) for v in range(1, 5)]
    table, g = 0, packed_counts(np.uint64(0))
    for c in laid:
        t, g, taken = apply_move(c, np.uint64(0), np.uint64(table), g)
        table |= 1 << c
        assert int(t) == table and int(taken) == 0
        assert int(g) == int(packed_counts(np.uint64(table)))
    assert max(brute_counts(table)) > int(LANE)                  # a lane overflowed
    takes = [(card(1, 3), 1 << card(1, 0)), (card(2, 3), 1 << card(2, 0))]
    takes += [(card(7, s), (1 << card(3, s)) | (1 << card(4, s))) for s in range(3)]
    for c, cap in takes:
        t, g, taken = apply_move(c, np.uint64(cap), np.uint64(table), g)
        table &= ~cap
        assert int(t) == table and int(taken) == cap | 1 << c
        assert int(g) == int(packed_counts(np.uint64(table)))
    assert bin(table).count("1") == 4
    assert lanes(g) == brute_counts(table)
