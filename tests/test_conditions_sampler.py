"""The conditioned deck sampler: exact laws (chi-square with fixed seeds, bounds from the
sample sizes), predealt cards in place, permutations, streams keyed by (seed, deal index)."""
import math
from collections import Counter
from fractions import Fraction as F
from math import comb

import numba
import numpy as np
import pytest

from simcore.bits import popcount
from simcore.conditions import Conditions
from simcore.errors import TrunfoError

from conditions_tiny import TINY_BRISCA, TINY_SUECA, brisca_deal, card, law_weights, sueca_deal


def chi2_bound(df: int, z: float = 3.72) -> float:
    """The chi-square quantile at p = 1e-4 (z = 3.72), Wilson-Hilferty."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def chi2_test(observed: Counter, expected: dict, n: int):
    """Statistic and degrees of freedom, cells of expected count < 5 pooled together; a cell
    observed but impossible fails at once."""
    assert set(observed) <= set(expected), set(observed) - set(expected)
    stat, df, pool_o, pool_e = 0.0, -1, 0, 0.0
    for key, p in expected.items():
        e = float(p) * n
        if e < 5:
            pool_o += observed.get(key, 0)
            pool_e += e
            continue
        stat += (observed.get(key, 0) - e) ** 2 / e
        df += 1
    if pool_e > 0:
        stat += (pool_o - pool_e) ** 2 / max(pool_e, 1e-9)
        df += 1
    return stat, df


def assert_law(observed: Counter, expected: dict, n: int):
    total = sum(expected.values())
    expected = {k: v / total for k, v in expected.items()}
    stat, df = chi2_test(observed, expected, n)
    assert df >= 1
    assert stat < chi2_bound(df), (stat, df)


def hg(N, K, n, k):
    return F(comb(K, k) * comb(N - K, n - k), comb(N, n))


def seat_cards(c, d, i, seat):
    layout = c.layouts[[lay.dealer for lay in c.layouts].index(d.dealers[i])]
    return [int(x) for x in d.decks[i][list(layout.seat_positions(seat))]]


# --- the example -------------------------------------------------------------------------
def test_sueca_dealer_shows_2s_holds_as_7s_trumps_follow_the_exact_law():
    c = Conditions("sueca", trump="2S", hands={"dealer": "AS 7S"}, where="trumps(dealer) >= 5")
    n = 20_000
    d = c.decks(seed=11, start=0, count=n)
    deck = c.deck
    two, ace, seven = (deck.parse_card(x) for x in ("2S", "AS", "7S"))
    assert (np.sort(d.decks, axis=1) == np.arange(40)).all()          # permutations
    assert (d.decks[:, 39] == two).all()                               # the face-up card
    assert (d.tries == 1).all()
    held = Counter()
    for i in range(n):
        hand = seat_cards(c, d, i, int(d.dealers[i]))
        assert ace in hand and seven in hand and two in hand
        held[sum(1 for x in hand if deck.suit_of(x) == 3)] += 1
    # 3 spades known; 7 more cards from 37 holding 7 spades; at least 2 of them
    law = {3 + k: hg(37, 7, 7, k) for k in range(2, 8)}
    assert_law(held, law, n)
    assert_law(Counter(d.dealers.tolist()), {s: 1 for s in range(4)}, n)


def test_trump_cards_are_dealt_over_every_trump_suit_with_the_exact_law():
    """The dealer holds the trump ace and 7 ('A* 7*'), whatever the trump: every deal has
    them, each trump suit comes one time in four, and the face-up card is itself the ace or
    the 7 with probability (8/40 * 9/39) / (21/247)."""
    c = Conditions("sueca", hands={"dealer": "A* 7*"})
    n = 8_000
    d = c.decks(seed=5, start=0, count=n)
    deck = c.deck
    assert (d.tries == 1).all()                                      # dealt directly
    suits, face = Counter(), Counter()
    for i in range(n):
        turned = int(d.decks[i, 39])
        s = deck.suits[deck.suit_of(turned)]
        hand = seat_cards(c, d, i, int(d.dealers[i]))
        assert deck.card("A", s) in hand and deck.card("7", s) in hand
        suits[s] += 1
        face[deck.rank_of(turned) in "A7"] += 1
    assert_law(suits, {s: 1 for s in deck.suits}, n)
    ace_or_7 = F(8, 40) * F(9, 39)
    assert_law(face, {True: ace_or_7, False: F(21, 247) - ace_or_7}, n)


def test_rotating_dealer_is_drawn_with_its_exact_weight():
    c = Conditions("sueca", where="trumps(me) >= 4")
    n = 20_000
    d = c.decks(seed=5, start=0, count=n)
    # P(dealer d and seat 0 holds 4+ trumps): seat 0 is the dealer (its face-up card is a
    # trump) or not
    as_dealer = sum(hg(39, 9, 9, k) for k in range(3, 10))
    not_dealer = sum(hg(39, 9, 10, k) for k in range(4, 10))
    assert_law(Counter(d.dealers.tolist()),
               {0: as_dealer, 1: not_dealer, 2: not_dealer, 3: not_dealer}, n)
    trumps = Counter()
    for i in range(n):
        layout = c.layouts[int(d.dealers[i])]
        suit = d.decks[i][layout.slots[layout.trump].positions[0]] // 10
        k = sum(1 for x in seat_cards(c, d, i, 0) if x // 10 == suit)
        assert k >= 4
        trumps[(int(d.dealers[i]) == 0, k)] += 1
    law = {}
    for k in range(4, 11):
        law[(True, k)] = hg(39, 9, 9, k - 1) if k >= 4 else 0
        law[(False, k)] = 3 * hg(39, 9, 10, k)
    assert_law(trumps, law, n)


# --- tiny games: the whole deal against the enumerated law ---------------------------------------
def exact_law(game, law, cond, key, dealer=None):
    out = {}
    read = sueca_deal if game is TINY_SUECA else brisca_deal
    for d, order, w in law_weights(game, law):
        if dealer is not None and d != dealer:
            continue
        deal = read(order, d)
        if cond(deal, d):
            k = key(deal, d)
            out[k] = out.get(k, 0) + w
    return out


def observed(c, dk, read, key):
    return Counter(key(read(tuple(int(x) for x in dk.decks[i]), int(dk.dealers[i])),
                       int(dk.dealers[i])) for i in range(len(dk.dealers)))


@pytest.mark.parametrize("max_steps", [None, 1])        # 1: every condition by rejection
def test_tiny_brisca_relay_deals_follow_the_exact_law(max_steps):
    kw = {} if max_steps is None else {"max_steps": max_steps}
    c = Conditions(TINY_BRISCA, rules={"relay": True}, hands={0: "AS"},
                   where="trumps(me) == 1 or holds(stock, 'KC')", **kw)
    assert c.direct == (max_steps is None)
    n = 30_000
    d = c.decks(seed=3, start=0, count=n)
    key = lambda D, dl: (dl, frozenset(D[0][0]), D[1], D[2][0])
    cond = lambda D, dl: card("AS") in D[0][0] and (
        sum(1 for x in D[0][0] if x // 4 == D[1] // 4) == 1 or card("KC") in D[2])
    law = exact_law(TINY_BRISCA, True, cond, key)
    assert_law(observed(c, d, brisca_deal, key), law, n)
    if max_steps is not None:
        # the share of the proposals accepted estimates P(condition | predeal)
        p = sum(law.values()) / sum(w for dl, o, w in law_weights(TINY_BRISCA, True)
                                    if card("AS") in brisca_deal(o, dl)[0][0])
        assert abs(d.acceptance - float(p)) < 5 * math.sqrt(float(p) * (1 - float(p)) / n)


def test_tiny_brisca_stock_order_is_uniform():
    c = Conditions(TINY_BRISCA, hands={0: "AS AC", 1: "KS KC"}, trump="QS", dealer=0)
    n = 6_000
    d = c.decks(seed=9, start=0, count=n)
    stocks = Counter(tuple(int(x) for x in d.decks[i, 5:]) for i in range(n))
    rest = sorted({0, 1, 2, 3, 4, 5, 6, 7} - {card(x) for x in ("AS", "AC", "KS", "KC", "QS")})
    from itertools import permutations
    assert_law(stocks, {p: 1 for p in permutations(rest)}, n)


def test_tiny_sueca_redraw_deals_follow_the_exact_law():
    c = Conditions(TINY_SUECA, rules={"redraw": True}, where="points(team(me)) >= 7")
    n = 30_000
    d = c.decks(seed=4, start=0, count=n)
    pts = {"A": 4, "K": 3, "Q": 2, "J": 0}
    from conditions_tiny import rank
    cond = lambda D, dl: sum(pts[rank(x)] for x in D[0][0] | D[0][2]) >= 7
    key = lambda D, dl: (dl, frozenset(D[0][0]), D[1])
    law = exact_law(TINY_SUECA, True, cond, key)
    assert_law(observed(c, d, sueca_deal, key), law, n)


# --- a real relay: Scopa's kings ---------------------------------------------------------------
def test_scopa_kings_on_the_table_under_the_relay():
    c = Conditions("scopa", where="count(me, 'K') <= 1")
    n = 20_000
    d = c.decks(seed=2, start=0, count=n)
    deck = c.deck
    kings = {deck.card("K", s) for s in deck.suits}
    got = Counter()
    for i in range(n):
        me = seat_cards(c, d, i, 0)
        layout = c.layouts[int(d.dealers[i])]
        table = [int(x) for x in d.decks[i][list(layout.slots[layout.table].positions)]]
        got[(sum(x in kings for x in me), sum(x in kings for x in table))] += 1
    law = {}
    for a in range(2):
        for j in range(3):
            p = F(0)
            for b in range(min(3, 4 - a) + 1):
                left = 4 - a - b
                valid = sum(hg(34, left, 4, i) for i in range(min(3, left + 1)))
                if j <= left:
                    p += hg(40, 4, 3, a) * hg(37, 4 - a, 3, b) * hg(34, left, 4, j) / valid
            law[(a, j)] = p
    assert_law(got, law, n)


# --- streams ---------------------------------------------------------------------------------------
def test_a_deal_depends_only_on_seed_and_index():
    c = Conditions("spades", hands={"partner": "AS"}, where="length(me, 'S') >= 4")
    whole = c.decks(seed=21, start=100, count=60)
    parts = [c.decks(seed=21, start=100 + a, count=b) for a, b in ((0, 17), (17, 1), (18, 42))]
    assert (np.concatenate([p.decks for p in parts]) == whole.decks).all()
    assert (np.concatenate([p.dealers for p in parts]) == whole.dealers).all()
    other = c.decks(seed=22, start=100, count=60)
    assert (other.decks != whole.decks).any()
    # the same conditions built again deal the same cards
    again = Conditions("spades", hands={"partner": "AS"}, where="length(me, 'S') >= 4")
    assert (again.decks(seed=21, start=130, count=30).decks == whole.decks[30:]).all()


def test_rejection_streams_do_not_depend_on_chunking():
    c = Conditions("sueca", where="trumps(me) >= 5 and void(me, 'H')", max_steps=1)
    whole = c.decks(seed=8, start=0, count=40)
    parts = [c.decks(seed=8, start=a, count=20) for a in (0, 20)]
    assert (np.concatenate([p.decks for p in parts]) == whole.decks).all()
    assert (np.concatenate([p.tries for p in parts]) == whole.tries).all()
    assert whole.tries.max() > 1


# --- predicates ----------------------------------------------------------------------------------
def python_pred(hands, trump, dealer):
    t = trump // 10
    return bin(int(hands[0]) & (1023 << (10 * t))).count("1") >= 4


@numba.njit
def jitted_pred(hands, trump, dealer):
    t = trump // 10
    return popcount(hands[0] & (np.uint64(1023) << np.uint64(10 * t))) >= 4


def test_python_and_jitted_predicates_deal_the_same_cards():
    a = Conditions("sueca", predicate=python_pred, hands={"me": "AH"}).decks(seed=1, count=300)
    b = Conditions("sueca", predicate=jitted_pred, hands={"me": "AH"}).decks(seed=1, count=300)
    assert (a.decks == b.decks).all() and (a.tries == b.tries).all()
    c = Conditions("sueca", where="trumps(me) >= 4", hands={"me": "AH"}, max_steps=1)
    d = c.decks(seed=1, count=300)
    assert (d.decks == a.decks).all() and (d.tries == a.tries).all()


def test_predicate_and_where_together():
    c = Conditions("sueca", where="holds(me, 'AS')", predicate=python_pred)
    d = c.decks(seed=2, count=200)
    assert c.exact().condition is None and c.exact().predeal == 1
    for i in range(200):
        assert card_in(c, d, i, 0, "AS")
        layout = c.layouts[int(d.dealers[i])]
        t = d.decks[i][layout.slots[layout.trump].positions[0]] // 10
        assert sum(1 for x in seat_cards(c, d, i, 0) if x // 10 == t) >= 4
    assert 0 < c.acceptance(seed=1, proposals=4000) < 1


def card_in(c, d, i, seat, text):
    return c.deck.parse_card(text) in seat_cards(c, d, i, seat)


def test_a_condition_too_rare_for_rejection_is_refused():
    c = Conditions("sueca", where="trumps(me) == 10", max_steps=1, max_tries=1000)
    with pytest.raises(TrunfoError, match="no deal satisfying the conditions in 1,000 tries"):
        c.decks(seed=1, count=5)
    # counted, it is dealt directly: rarity costs nothing
    d = Conditions("sueca", where="trumps(me) == 10").decks(seed=1, count=5)
    assert (d.tries == 1).all()


# --- two evaluators agree: every deal dealt directly passes the check bytecode ------------------
@pytest.mark.parametrize("game,players,where", [
    ("sueca", 4, "trumps(team(dealer)) >= 6 or holds(lho, 'AS')"),
    ("sueca", 4, "length(me, 'H') - length(partner, 'H') >= 2 and count(trump, '2', '3') == 1"),
    ("brisca", 4, "trumps(team(me)) + count(opponents, '1') >= 3 and points(trump) == 0"),
    ("brisca", 6, "points(side(dealer)) > 25 and trump_is('O')"),
    ("scopa", 3, "value(table) >= 20 and not holds(table, '7O')"),
    ("spades", 4, "void(me, 'H') or cards(partner, 'AS', 'KS', 'QS') >= 2"),
])
def test_deals_dealt_directly_pass_the_check(game, players, where):
    from simcore.conditions.sampler import conditioned_decks
    from simcore.rng import seed_base
    c = Conditions(game, players=players, where=where)
    assert c.direct
    plan = c._plan_of(c._counted, c.where, max_tries=1)     # check every deal, no retry
    n = 2000
    decks = np.empty((n, c.deck.n_cards), np.int64)
    dealers = np.empty(n, np.int64)
    tries = np.empty(n, np.int64)
    states = np.empty((n, 4), np.uint64)
    assert conditioned_decks(seed_base(6), 0, decks, dealers, tries, states, plan) == -1
    assert (tries == 1).all()
    # and the check refuses deals that fail: the negated condition fails every deal
    bad = c._plan_of(c._counted, ("not", c.where), max_tries=1)
    assert conditioned_decks(seed_base(6), 0, decks[:5], dealers[:5], tries[:5], states[:5],
                             bad) == 0


# --- the documented stream use: a plain-Python replay (docs/conditioned-dealing.md) -----------
@pytest.mark.parametrize("game,players,kw", [
    ("sueca", 4, dict(trump="2S", hands={"dealer": "AS 7S"}, where="trumps(dealer) >= 5")),
    ("sueca", 4, dict(where="trumps(me) >= 4 and holds(me, 'AS') and not void(partner, 'H')")),
    ("brisca", 2, dict(where="trumps(me) >= 2 or holds(stock, '1O')")),
    ("scopa", 3, dict(where="count(table, 'K') == 2")),
    ("spades", 4, dict(where="length(me, 'S') >= 6", dealer=2)),
])
def test_deals_replay_from_the_documented_streams(game, players, kw):
    from conditions_replay import replay
    from reference_rng import stream
    from simcore.conditions.sampler import new_work_py, one_deal, seed_one
    from simcore.rng import seed_base
    c = Conditions(game, players=players, **kw)
    assert c.direct
    iwork, uwork = new_work_py(c.plan)
    state = np.empty(4, np.uint64)
    deck = np.empty(c.deck.n_cards, np.int64)
    masks = np.empty(64, np.uint64)
    for d in range(30):
        gen = stream(5, d)
        want, dealer = replay(c.plan, gen, c.deck.n_cards)
        seed_one(state, seed_base(5), d)
        got_dealer, tries, _ = one_deal(state, deck, c.plan, iwork, uwork, masks)
        assert (got_dealer, tries) == (dealer, 1)
        assert deck.tolist() == want
        assert tuple(int(x) for x in state) == gen.state       # the play continues from here
