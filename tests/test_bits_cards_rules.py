"""Bit intrinsics, deck data and card notation, rule options."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from simcore import bits
from simcore.cards import DECKS, FRENCH40, FRENCH52, LATIN40, LATIN48
from simcore.errors import TrunfoError
from simcore.sueca import enums as E
from simcore._jit import njit


@njit
def _select_all(m, bmi2):
    n = bits.popcount(m)
    out = np.empty(n, np.int64)
    for k in range(n):
        out[k] = bits.select_bit(m, k, bmi2)
    return out


@njit
def _pc_ctz(m):
    return bits.popcount(m), bits.ctz(m)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=2**64 - 1))
def test_select_bit_portable_equals_pdep_and_python(m):
    expect = bits.mask_to_indices(m)
    assert list(_select_all(np.uint64(m), False)) == expect
    if bits.HAS_BMI2:
        assert list(_select_all(np.uint64(m), True)) == expect
    pc, tz = _pc_ctz(np.uint64(m))
    assert pc == len(expect) and tz == expect[0]


def test_decks_as_data():
    assert FRENCH40.n_cards == 40 and FRENCH52.n_cards == 52
    assert LATIN40.n_cards == 40 and LATIN48.n_cards == 48
    assert FRENCH40.parse_card("AS") == 39 and FRENCH40.parse_card("2C") == 0
    assert FRENCH40.parse_card("7H") == 2 * 10 + 8
    # the highest card of a suit is the highest set bit of its field
    for d in DECKS.values():
        for s, suit in enumerate(d.suits):
            top = int(d.suit_masks[s]).bit_length() - 1
            assert d.format_card(top) == d.ranks[0] + suit


def test_sueca_tables_are_derived_from_the_deck():
    assert E.POINTS.sum() == 120
    assert E.POINTS[FRENCH40.parse_card("AC")] == 11
    assert E.POINTS[FRENCH40.parse_card("7D")] == 10
    assert E.POINTS[FRENCH40.parse_card("QS")] == 2


@pytest.mark.parametrize("deck", list(DECKS.values()))
def test_format_and_parse_round_trip(deck):
    for c in range(deck.n_cards):
        assert deck.parse_card(deck.format_card(c)) == c
    hand = deck.parse_hand(" ".join(deck.format_card(c) for c in range(0, deck.n_cards, 3)))
    assert deck.format_hand(hand) == [deck.format_card(c) for c in
                                      deck.cards_of(hand)]


def test_bad_card_token_is_named():
    with pytest.raises(TrunfoError, match="'1S'"):
        FRENCH40.parse_card("1S")
    with pytest.raises(TrunfoError, match="'XX'"):
        LATIN40.parse_hand("1O XX")
    with pytest.raises(TrunfoError, match="twice"):
        FRENCH40.parse_hand("AS AS")


def test_rules_validated_with_valid_choices_named():
    with pytest.raises(TrunfoError, match="valid rules: trump_card"):
        E.RULES.resolve({"nope": 1})
    with pytest.raises(TrunfoError, match="allowed: 4, 5, 10"):
        E.RULES.resolve({"rubber_games": "7"})
    with pytest.raises(TrunfoError, match="dealer_last, dealer_first"):
        E.RULES.resolve({"trump_card": "middle"})


def test_rules_string_round_trip():
    r = E.RULES.resolve({"pente": "true", "rubber_games": "5"})
    assert str(r).startswith("sueca(trump_card=dealer_last,")
    assert E.RULES.parse(str(r)) == r
    assert E.RULES.parse("sueca(pente=true,rubber_games=5)") == r
