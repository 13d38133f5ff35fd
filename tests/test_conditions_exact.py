"""Exact odds: the counting against independent computations.

Tiny games: every deck order of 8 cards is enumerated and the conditions are evaluated by
plain Python on the dealt hands (conditions_tiny.py), under each dealing law.  Real games:
closed-form hypergeometric values written out by hand.
"""
from fractions import Fraction as F
from math import comb

import pytest

from simcore.conditions import Conditions
from simcore.errors import TrunfoError

from conditions_tiny import (TINY_BRISCA, TINY_SUECA, brisca_deal, card, law_weights, rank,
                             suit, sueca_deal, POINTS)


def hg(N, K, n, k):
    """P(k successes) drawing n of N with K successes."""
    return F(comb(K, k) * comb(N - K, n - k), comb(N, n))


def hg_at_least(N, K, n, k0):
    return sum((hg(N, K, n, k) for k in range(k0, min(K, n) + 1)), F(0))


# --- tiny games: brute force over every deck order -------------------------------------------------
_WEIGHTS = {}


def weights(game, law):
    """(dealer, the deal as read from the deck order, probability) for every deck order."""
    key = (game.name, law)
    if key not in _WEIGHTS:
        read = sueca_deal if game is TINY_SUECA else brisca_deal
        _WEIGHTS[key] = [(d, read(order, d), w) for d, order, w in law_weights(game, law)]
    return _WEIGHTS[key]


def test_tiny_brisca_relay_law_keeps_the_hands_uniform():
    # the relay keeps the hands: every (dealer, hands) has the same total weight
    by_hands = {}
    for d, deal, w in weights(TINY_BRISCA, True):
        key = (d, frozenset(deal[0][0]), frozenset(deal[0][1]))
        by_hands[key] = by_hands.get(key, 0) + w
    assert len(set(by_hands.values())) == 1


def brute(game, law, cond, predeal, dealer=None):
    """(P(predeal), P(cond | predeal)) by enumeration, under the law (dealer fixed or uniform)."""
    num = den = tot = 0
    for d, deal, w in weights(game, law):
        if dealer is not None and d != dealer:
            continue
        tot += w
        if predeal(deal, d):
            den += w
            if cond(deal, d):
                num += w
    return F(den, tot), (F(num, den) if den else None)


def trumps_of(cards, face):
    return sum(1 for c in cards if suit(c) == suit(face))


def pts(cards):
    return sum(POINTS[rank(c)] for c in cards)


ANY = lambda deal, d: True
SUECA_CASES = [
    ("trumps(me) >= 1", lambda D, d: trumps_of(D[0][0], D[1]) >= 1),
    ("holds(partner, 'AS') or void(dealer, 'C')",
     lambda D, d: card("AS") in D[0][2] or all(suit(c) != 0 for c in D[0][d])),
    ("points(team(me)) > points(opponents)",
     lambda D, d: pts(D[0][0] | D[0][2]) > pts(D[0][1] | D[0][3])),
    ("count(dealer+1, 'K') + length(me, 'S') == 2",
     lambda D, d: sum(rank(c) == "K" for c in D[0][(d + 1) % 4])
     + sum(suit(c) == 1 for c in D[0][0]) == 2),
    ("trump_is('S') and not holds(rho, 'KC')",
     lambda D, d: suit(D[1]) == 1 and card("KC") not in D[0][3]),
    ("cards(lho, 'AS', 'AC', 'KS') - trumps(team(dealer)) >= 0",
     lambda D, d: len(D[0][1] & {card("AS"), card("AC"), card("KS")})
     - trumps_of(D[0][d] | D[0][(d + 2) % 4], D[1]) >= 0),
    ("1 <= points(trump) + trumps(2) < 4",
     lambda D, d: 1 <= POINTS[rank(D[1])] + trumps_of(D[0][2], D[1]) < 4),
]
SUECA_PREDEALS = [
    ({}, ANY),
    ({"hands": {"me": "QS"}}, lambda D, d: card("QS") in D[0][0]),
    ({"trump": "KC"}, lambda D, d: D[1] == card("KC")),
    ({"trump_suit": "S"}, lambda D, d: suit(D[1]) == 1),
    ({"hands": {"dealer": "AS"}, "dealer": 2}, lambda D, d: card("AS") in D[0][d]),
    ({"hands": {"dealer": "JC", 1: "QC"}, "trump": "KS"},
     lambda D, d: card("JC") in D[0][d] and card("QC") in D[0][1] and D[1] == card("KS")),
]


# every condition with two of the predeals, under both laws (a full cross product is slow)
def _pairs(n_cases, n_predeals):
    return [(ci, (ci + k) % n_predeals, law) for ci in range(n_cases) for k, law in
            ((0, False), (1, True), (2, False))]


@pytest.mark.parametrize("ci,pi,law", _pairs(len(SUECA_CASES), len(SUECA_PREDEALS)))
def test_tiny_sueca_exact_matches_enumeration(ci, pi, law):
    where, cond = SUECA_CASES[ci]
    kwargs, predeal = SUECA_PREDEALS[pi]
    c = Conditions(TINY_SUECA, where=where, rules={"redraw": law}, **kwargs)
    p_pre, p_cond = brute(TINY_SUECA, law, cond, predeal, kwargs.get("dealer"))
    if p_cond in (None, 0):
        with pytest.raises(TrunfoError, match="no deal"):
            c.exact()
        return
    ex = c.exact()
    assert ex.predeal == p_pre
    assert ex.condition == p_cond
    assert ex.joint == p_pre * p_cond


BRISCA_CASES = [
    ("trumps(me) == 1", lambda D, d: trumps_of(D[0][0], D[1]) == 1),
    ("holds(stock, 'AS') and count(trump, 'K') == 1",
     lambda D, d: card("AS") in D[2] and rank(D[1]) == "K"),
    ("points(me) >= points(1) + 2", lambda D, d: pts(D[0][0]) >= pts(D[0][1]) + 2),
    ("length(stock, 'C') >= 2 or holds(trump, 'JS')",
     lambda D, d: sum(suit(c) == 0 for c in D[2]) >= 2 or D[1] == card("JS")),
    ("trumps(dealer) + trumps(opponents(dealer)) <= 1",
     lambda D, d: trumps_of(D[0][0] | D[0][1], D[1]) <= 1),
]
BRISCA_PREDEALS = [
    ({}, ANY),
    ({"hands": {"stock": "AC"}}, lambda D, d: card("AC") in D[2]),
    ({"trump": "KS", "hands": {0: "QS"}}, lambda D, d: D[1] == card("KS") and card("QS") in D[0][0]),
    ({"dealer": 1, "trump_suit": "C"}, lambda D, d: suit(D[1]) == 0),
]


@pytest.mark.parametrize("ci,pi,law", _pairs(len(BRISCA_CASES), len(BRISCA_PREDEALS)))
def test_tiny_brisca_exact_matches_enumeration(ci, pi, law):
    where, cond = BRISCA_CASES[ci]
    kwargs, predeal = BRISCA_PREDEALS[pi]
    c = Conditions(TINY_BRISCA, where=where, rules={"relay": law}, **kwargs)
    p_pre, p_cond = brute(TINY_BRISCA, law, cond, predeal, kwargs.get("dealer"))
    if p_cond in (None, 0):
        with pytest.raises(TrunfoError, match="no deal"):
            c.exact()
        return
    ex = c.exact()
    assert (ex.predeal, ex.condition) == (p_pre, p_cond)


# --- real games: closed forms --------------------------------------------------------------------
def test_issue_example_dealer_shows_2s_and_holds_as_7s():
    c = Conditions("sueca", trump="2S", hands={"dealer": "AS 7S"}, where="trumps(dealer) >= 5")
    ex = c.exact()
    # the dealer's 7 other cards come from the 37 unseen, 7 of them spades; 5 trumps = 2 more
    assert ex.condition == hg_at_least(37, 7, 7, 2)
    # P(the face-up card is 2S) * P(AS and 7S among the dealer's 9 other cards)
    assert ex.predeal == F(1, 40) * F(comb(37, 7), comb(39, 9))


def test_sueca_trumps_of_seat_zero_with_the_dealer_rotating():
    ex = Conditions("sueca", where="trumps(me) >= 4").exact()
    # seat 0 is the dealer one deal in four: its face-up card is then a trump
    not_dealer = hg_at_least(39, 9, 10, 4)
    dealer = hg_at_least(39, 9, 9, 3)
    assert ex.condition == (3 * not_dealer + dealer) / 4
    assert Conditions("sueca", where="trumps(me) >= 4", dealer=0).exact().condition == dealer
    assert Conditions("sueca", where="trumps(me) >= 4", dealer=3).exact().condition == not_dealer


def test_sueca_trump_card_first_rule():
    # dealer_first: the face-up card is deck[30], still the dealer's: the same odds
    for rule in ("dealer_first", "dealer_last"):
        ex = Conditions("sueca", where="trumps(dealer) == 3", rules={"trump_card": rule}).exact()
        assert ex.condition == hg(39, 9, 9, 2)


def test_sueca_team_and_ace_seven():
    ex = Conditions("sueca", where="trumps(team(me)) >= 6", dealer=1).exact()
    # dealer 1 is an opponent: seats 0 and 2 hold 20 of the 39 cards that are not face up
    assert ex.condition == hg_at_least(39, 9, 20, 6)
    ex = Conditions("sueca", trump_suit="H", where="holds(me, 'AH', '7H')", dealer=1).exact()
    # the face-up heart is neither AH nor 7H (8 in 10), then both among seat 0's 10 of 39
    assert ex.condition == F(8, 10) * F(comb(37, 8), comb(39, 10))
    assert ex.predeal == F(1, 4)


def test_sueca_redraw_point_trump():
    plain = Conditions("sueca", where="holds(dealer, 'AS')").exact()
    assert plain.condition == F(10, 40)
    redraw = Conditions("sueca", where="holds(dealer, 'AS')",
                        rules={"redraw_point_trump": True}).exact()
    # the face-up card is never AS: AS is among the dealer's 9 other cards out of 39
    assert redraw.condition == F(9, 39)
    face = Conditions("sueca", where="count(trump, 'A', '7', 'K', 'J', 'Q') > 0",
                      rules={"redraw_point_trump": True})
    with pytest.raises(TrunfoError, match="no deal satisfies"):
        face.exact()


def test_spades():
    assert Conditions("spades", where="length(me, 'S') == 5").exact().condition == \
        hg(52, 13, 13, 5)
    assert Conditions("spades", where="trumps(team(me)) >= 7").exact().condition == \
        hg_at_least(52, 13, 26, 7)
    ex = Conditions("spades", hands={"me": "AS KS"}, where="trumps(me) >= 4").exact()
    assert ex.condition == hg_at_least(50, 11, 11, 2)
    assert ex.predeal == F(13 * 12, 52 * 51)


def test_brisca_trumps_in_the_first_hand():
    for k in range(4):
        ex = Conditions("brisca", where=f"trumps(me) == {k}").exact()
        assert ex.condition == hg(39, 9, 3, k)       # the face-up card is no one's
    ex = Conditions("brisca", players=4, where="trumps(team(me)) >= 2").exact()
    assert ex.condition == hg_at_least(39, 9, 6, 2)
    ex = Conditions("brisca", players=6, trump="1O", where="count(team(me), '3') >= 2").exact()
    assert ex.condition == hg_at_least(47, 4, 9, 2)


def test_scopa_sevens_and_the_kings_relay():
    ex = Conditions("scopa", where="count(me, '7') >= 2").exact()
    assert ex.condition == hg_at_least(40, 4, 3, 2)          # the relay keeps the hands
    # the table under the relay (3 kings): the hands are uniform; the 34 other cards are
    # laid uniformly among the orders whose table shows fewer than 3 kings
    for a in range(3):
        for j in range(3):
            want = F(0)
            for b in range(min(3, 4 - a) + 1):
                left = 4 - a - b
                valid = sum(hg(34, left, 4, i) for i in range(min(3, left + 1)))
                if j <= left:
                    want += hg(40, 4, 3, a) * hg(37, 4 - a, 3, b) * hg(34, left, 4, j) / valid
            ex = Conditions("scopa", where=f"count(me, 'K') == {a} and count(table, 'K') == {j}")
            assert ex.exact().condition == want
    none = Conditions("scopa", where="count(table, 'K') >= 3")
    with pytest.raises(TrunfoError, match="no deal satisfies"):
        none.exact()
    off = Conditions("scopa", where="count(table, 'K') >= 3", rules={"kings_relay": None})
    assert off.exact().condition == hg_at_least(40, 4, 4, 3)


def test_scopa_predealt_hand_and_table():
    ex = Conditions("scopa", players=3, hands={"me": "7O 7C", "table": "1O"},
                    where="count(team(me), '7') == 3", rules={"kings_relay": None}).exact()
    # 7O and 7C among my 3 cards; then 1O among the table's 4 of the 38 others
    assert ex.predeal == F(comb(38, 1), comb(40, 3)) * F(4, 38)
    # my third card is one of the 37 cards left (1O is on the table), 2 of them sevens
    assert ex.condition == F(2, 37)


def test_impossible_predeals_are_refused():
    with pytest.raises(TrunfoError, match="11 cards given to 0, which holds 10"):
        Conditions("sueca", hands={0: "AS 7S KS JS QS 6S 5S 4S 3S 2S AH"})
    with pytest.raises(TrunfoError, match="card AS is given to two seats"):
        Conditions("sueca", hands={0: "AS", 2: "AS"})
    with pytest.raises(TrunfoError, match="the trump card 2S is not of the trump suit H"):
        Conditions("sueca", trump="2S", trump_suit="H")
    with pytest.raises(TrunfoError, match="scopa has no trumps"):
        Conditions("scopa", trump="7O")
    with pytest.raises(TrunfoError, match="trumps are always S in spades"):
        Conditions("spades", trump_suit="H")
    with pytest.raises(TrunfoError, match="bad card 'ZZ'"):
        Conditions("sueca", hands={0: "ZZ"})
    with pytest.raises(TrunfoError, match="no deal has these predealt cards"):
        Conditions("sueca", hands={1: "AS"}, trump="AS", dealer=0).exact()
    # the face-up card is one of the dealer's ten
    ex = Conditions("sueca", hands={"dealer": "2S AS"}, trump="2S").exact()
    assert ex.predeal == F(1, 40) * F(9, 39)


# --- cards named by their rank in the trump suit ('A*') -------------------------------------------
def test_trump_cards_are_exact_over_every_trump_suit():
    """The dealer holds the trump ace and the trump 7, whatever the trump: the face-up card
    (the dealer's last) is an ace or a 7 one time in 5, and the dealer's 9 other cards are
    9 of the 39 left."""
    want = F(8, 40) * F(9, 39) + F(32, 40) * F(9 * 8, 39 * 38)
    assert want == F(21, 247)
    assert Conditions("sueca", where="holds(dealer, 'A* 7*')").exact().condition == want
    assert Conditions("sueca", hands={"dealer": "A* 7*"}).exact().condition == want
    spelled = " or ".join(f"(trump_is('{s}') and holds(dealer, 'A{s} 7{s}'))" for s in "CDHS")
    assert Conditions("sueca", where=spelled).exact().condition == want


def test_trump_cards_with_a_trump_suit_given_and_in_a_fixed_trump_game():
    # the trump suit known: the trump ace and 7 are AS and 7S
    assert Conditions("sueca", trump_suit="S", where="holds(me, 'A* 7*')").exact().condition \
        == Conditions("sueca", trump_suit="S", where="holds(me, 'AS 7S')").exact().condition
    assert Conditions("spades", where="holds(me, 'A*')").exact().condition == F(13, 52)
    # a count of them, beside other terms
    c = Conditions("sueca", where="cards(me, 'A* 7*') + trumps(partner) >= 4")
    spelled = " or ".join(f"(trump_is('{s}') and cards(me, 'A{s} 7{s}') + trumps(partner) >= 4)"
                          for s in "CDHS")
    assert c.exact().condition == Conditions("sueca", where=spelled).exact().condition


def test_trump_cards_need_a_game_with_trumps_dealt():
    with pytest.raises(TrunfoError, match="'A\\*' names a card of the trump suit; "
                                          "sueca_italiana has no trumps"):
        Conditions("sueca_italiana", where="holds(me, 'A*')")
    with pytest.raises(TrunfoError, match=r"or \* for the trump suit"):
        Conditions("sueca", where="holds(me, 'AX')")
