"""``pimc`` in Spades, Brisca and Scopa: legal play, no use of hidden cards, reproducible.

As tests/test_<game>_hidden.py: pairs of deals that differ only in cards an observed seat
cannot see are played from the same random stream (``simcore.deal.given``); until a play it
saw differs, its decisions must be the same, so the first decision that differs is never
its own.  One small pimc (few samples, shallow search) per game, seated with ``expert``:
one kernel per game serves every test here.
"""
import numpy as np
import pytest

from simcore.brisca import nb as brisca_nb
from simcore.brisca.enums import deck_for
from simcore.deal import given
from simcore.games import get_game
from simcore.rng import seed_base
from simcore.scopa import nb as scopa_nb
from simcore.scopa.enums import DEAL_DTYPE as SCOPA_DTYPE
from simcore.scopa.enums import N_CARDS as SCOPA_CARDS
from simcore.scopa.enums import N_PLAYS
from simcore.scopa.game import SCOPA
from simcore.spades import nb as spades_nb
from simcore.spades.game import SPADES
import scopa_reference as CR
import spades_reference as PR
from test_brisca_hidden import hands_before_each_play, hidden_swaps, plays_of
from test_scopa_hidden import positions
from test_spades_hidden import pairs

SPADES_PIMC = "pimc(samples=4,depth=2,tt_bits=12)"
BRISCA_PIMC = "pimc(samples=4,depth=2,tt_bits=12)"
SCOPA_PIMC = "pimc(samples=6)"


# --- Spades ------------------------------------------------------------------------------
def spades_run(decks, start, rules=None, seed=5):
    setup = SPADES.setup(rules or {}, (SPADES_PIMC, "expert") * 2)
    n = len(decks)
    out = np.empty(n, SPADES.record_dtype)
    tr = spades_nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    spades_nb.run_deals(seed_base(seed), start, out, -1, setup.lineup, setup.params,
                        setup.bmi2, status, source=given(decks), trace=tr)
    assert status[0] == 0
    return out, tr


def spades_plays(tr, i):
    hands, played, leaders, _ = tr
    return [((int(leaders[i, t]) + k) % 4, int(played[i, 4 * t + k]))
            for t in range(13) for k in range(4)]


def test_spades_pimc_plays_only_legal_cards():
    """Every card follows suit when it can and, with ``break_spades``, no spade is led
    before one was played unless the leader holds only spades (tests/spades_reference.py)."""
    rng = np.random.default_rng(3)
    decks = np.array([rng.permutation(52) for _ in range(6)])
    out, tr = spades_run(decks, 0, {"break_spades": True})
    for i in range(len(decks)):
        held = [sorted(c for c in range(52) if int(tr[0][i, s]) >> c & 1) for s in range(4)]
        broken = False
        plays = spades_plays(tr, i)
        for t in range(13):
            trick = []
            for seat, c in plays[4 * t:4 * t + 4]:
                assert c in PR.legal_cards(held[seat], trick, broken, True), (i, t, seat, c)
                held[seat].remove(c)
                trick.append(c)
            broken = broken or any(PR.SUIT_OF[c] == PR.SPADES for c in trick)
        assert not any(held)


def test_spades_pimc_never_uses_cards_its_seat_cannot_see():
    rng = np.random.default_rng(21)
    n, start = 16, 100
    checked = 0
    for observed in (0, 2):
        a, b = pairs(n, observed, start, rng)
        (_, ta), (_, tb) = spades_run(a, start), spades_run(b, start)
        for i in range(n):
            # bids first: the deck orders differ in other seats' cards, so do their bids
            oa, ob = spades_plays(ta, i), spades_plays(tb, i)
            j = next((j for j in range(52) if oa[j] != ob[j]), None)
            upto = 52 if j is None else j
            if j is not None:
                assert oa[j][0] == ob[j][0]
                assert oa[j][0] != observed, (observed, i, j, oa[j], ob[j])
            checked += sum(s == observed for s, _ in oa[:upto])
    assert checked > 2 * n * 3, checked       # decisions compared on identical views


def test_spades_pimc_is_reproducible_chunk_by_chunk():
    """Deals 0..5 in one call and in two: the same plays (the samples come from the deal's
    stream, not from the chunk or thread).  The deals are given (the kernel of the tests
    above), the stream is the deal index's."""
    rng = np.random.default_rng(9)
    decks = np.array([rng.permutation(52) for _ in range(6)])
    whole, tw = spades_run(decks, 0, seed=9)
    (a, ta), (b, tb) = spades_run(decks[:3], 0, seed=9), spades_run(decks[3:], 3, seed=9)
    assert (whole == np.concatenate([a, b])).all()
    for i in range(6):
        assert spades_plays(tw, i) == spades_plays(ta if i < 3 else tb, i % 3)


# --- Brisca ------------------------------------------------------------------------------
def brisca_play(setup, decks, dealer):
    n = len(decks)
    out = np.empty(n, get_game("brisca").record_dtype)
    tr = brisca_nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    brisca_nb.run_deals(seed_base(7), 0, out, setup.players, dealer, setup.lineup,
                        setup.params, setup.bmi2, status, source=given(decks), trace=tr)
    assert status[0] == 0
    return out, tr


@pytest.mark.parametrize("players,shown", [(2, False), (4, True)])
def test_brisca_pimc_never_uses_cards_its_seat_cannot_see(players, shown):
    """Swaps of cards the pimc seat cannot see (another seat's hand, the hidden stock; with
    ``partners_show_hands``, never a teammate's): its decisions on identical information
    are the same.  The stock's order is hidden too, so this also checks the sampled stock."""
    g = get_game("brisca")
    n_cards = deck_for(players).n_cards
    lineup = (BRISCA_PIMC, "expert") * (players // 2)
    setup = g.setup({"partners_show_hands": shown}, lineup, players=players)
    rng = np.random.default_rng(77 + players)
    seat, dealer, deals = 0, 1, 8
    base, other = [], []
    for _ in range(deals):
        deck = [int(x) for x in rng.permutation(n_cards)]
        for d in hidden_swaps(rng, deck, players, dealer, seat, shown):
            base.append(deck)
            other.append(d)
    (_, ta), (_, tb) = brisca_play(setup, np.array(base), dealer), \
        brisca_play(setup, np.array(other), dealer)
    checked = 0
    for i in range(len(base)):
        pa, pb = plays_of(ta, i, players, n_cards), plays_of(tb, i, players, n_cards)
        first = next((x for x in range(len(pa)) if pa[x] != pb[x]), None)
        upto = len(pa) if first is None else first
        ha = hands_before_each_play(base[i], pa, ta[5][i], players, dealer)
        hb = hands_before_each_play(other[i], pb, tb[5][i], players, dealer)
        same = [x for x in range(upto + (first is not None))
                if pa[x][0] == seat and ha[x][seat] == hb[x][seat]
                and (not shown or all(ha[x][s] == hb[x][s] for s in range(0, players, 2)))]
        if first is not None and pa[first][0] == seat:
            assert first not in same, (i, first, pa[first], pb[first])
        checked += len(same)
    assert checked >= 3 * deals, checked


def test_brisca_pimc_plays_cards_it_holds():
    """Every play is a card of the player's hand (Brisca has no other rule of play), the
    hands replayed from the deck (tests/test_brisca_hidden.py), and the deal ends with every
    card played once."""
    g = get_game("brisca")
    setup = g.setup({}, (BRISCA_PIMC, "expert"), players=2)
    rng = np.random.default_rng(4)
    decks = [[int(x) for x in rng.permutation(40)] for _ in range(4)]
    _, tr = brisca_play(setup, np.array(decks), 0)
    for i, deck in enumerate(decks):
        plays = plays_of(tr, i, 2, 40)
        hands = hands_before_each_play(deck, plays, tr[5][i], 2, 0)
        for (seat, card), h in zip(plays, hands):
            assert card in h[seat]
        assert sorted(c for _, c in plays) == list(range(40))


# --- Scopa -------------------------------------------------------------------------------
def scopa_moves(decks, players, dealer, rules=None):
    setup = SCOPA.setup(rules or {}, (SCOPA_PIMC, "expert") * (players // 2),
                        players=players, dealer=dealer)
    n = len(decks)
    out = np.empty(n, SCOPA_DTYPE)
    tr = scopa_nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    scopa_nb.run_deals(seed_base(7), 0, out, players, dealer, setup.lineup, setup.params,
                       setup.bmi2, status, source=given(decks), trace=tr)
    assert status[0] == 0
    seats = (dealer + 1 + np.arange(N_PLAYS)) % players
    return seats, tr


@pytest.mark.parametrize("players,must_capture", [(2, "any_card"), (4, "played_card")])
def test_scopa_pimc_never_uses_cards_its_seat_cannot_see(players, must_capture):
    dealer, n = 1, 40
    rng = np.random.default_rng(300 + players)
    base = np.array([rng.permutation(SCOPA_CARDS) for _ in range(n)])
    other = base.copy()
    observed = 0                                   # a pimc seat
    for i in range(n):
        hidden = [q for s in range(players) if s != observed
                  for q in positions(s, players, dealer)]
        pa, pb = rng.choice(hidden, 2, replace=False)
        other[i, pa], other[i, pb] = base[i, pb], base[i, pa]
    rules = {"must_capture": must_capture}
    seats, ta = scopa_moves(base, players, dealer, rules)
    _, tb = scopa_moves(other, players, dealer, rules)
    differ = 0
    for i in range(n):
        d = np.flatnonzero((ta[2][i] != tb[2][i]) | (ta[3][i] != tb[3][i]))
        if len(d) == 0:
            continue
        differ += 1
        assert seats[d[0]] != observed, (i, d[0])
    assert differ > n // 2


def test_scopa_pimc_moves_are_legal():
    """Each pimc move is one of the reference's legal moves (tests/scopa_reference.py) in
    the position replayed from the trace (table laid, hands by round, moves)."""
    players, dealer = 2, 0
    rng = np.random.default_rng(8)
    decks = np.array([rng.permutation(SCOPA_CARDS) for _ in range(4)])
    seats, tr = scopa_moves(decks, players, dealer)
    t_table, t_hands, t_cards, t_capt = tr
    for i in range(len(decks)):
        table = [int(c) for c in t_table[i]]
        hands = [set() for _ in range(players)]
        for j in range(N_PLAYS):
            if j % (3 * players) == 0:
                for s in range(players):
                    m = int(t_hands[i, j // (3 * players), s])
                    hands[s] = {c for c in range(SCOPA_CARDS) if m >> c & 1}
            seat, card = int(seats[j]), int(t_cards[i, j])
            cap = tuple(c for c in range(SCOPA_CARDS) if int(t_capt[i, j]) >> c & 1)
            legal = CR.legal_moves(sorted(hands[seat]), table, "any_card")
            assert (card, cap) in legal, (i, j, seat, card, cap)
            hands[seat].remove(card)
            table = CR.apply_move(table, card, cap)


def test_scopa_pimc_enumerates_the_reference_legal_moves():
    """pimc tries every legal move of the reference (card, capture), in canonical order,
    given the cards that have one (the kernels' ``legal``)."""
    from strategies.scopa_pimc import moves_of
    rng = np.random.default_rng(12)
    out = np.zeros(64, np.uint64)
    for _ in range(300):
        cards = [int(c) for c in rng.permutation(SCOPA_CARDS)]
        k = int(rng.integers(0, 9))
        hand, table = cards[:3], cards[3:3 + k]
        for rule in ("any_card", "played_card"):
            hm = np.uint64(sum(1 << c for c in hand))
            tm = np.uint64(sum(1 << c for c in table))
            want = CR.legal_moves(sorted(hand), table, rule)
            legal = np.uint64(sum(1 << c for c in {c for c, _ in want}))
            n = moves_of(hm, tm, legal, out)
            got = [(int(out[j]) & int(hm)).bit_length() - 1 for j in range(n)]
            caps = [tuple(c for c in range(SCOPA_CARDS) if (int(out[j]) & int(tm)) >> c & 1)
                    for j in range(n)]
            assert list(zip(got, caps)) == want, (hand, table, rule)
