"""Sueca Italiana strategies written outside the engine: a strategy without ``bid`` or
``call`` gets the game's defaults (pass; the highest card it lacks of its longest suit),
and an illegal bid, call or card stops the run with one line naming the strategy.
One lineup (both strategies of the file) is compiled for the whole module."""
import textwrap

import pytest

import simcore
from simcore import strategy as S
from simcore.cards import FRENCH40 as D
from simcore.errors import TrunfoError

SOURCE = '''
from simcore.bits import ctz, top_bit
from simcore.strategy import Param, strategy


def bid(v, lowest, u, p):
    return 50 if p.kind == 1 else -1          # 50 is never a bid


def call(v, legal, u, p):
    return 99 if p.kind == 2 else ctz(legal)  # 99 is not a card


@strategy("sueca_italiana", params=[Param("kind", 0, minimum=0, maximum=3)], bid=bid,
          call=call, deterministic=True, view="none")
def cheat(v, legal, u, p):
    """passes, names the lowest card, plays the lowest legal card (or breaks a rule)"""
    return 45 if p.kind == 3 else ctz(legal)


@strategy("sueca_italiana", deterministic=True, view="none")
def probe(v, legal, u, p):
    """plays the highest legal card; bids and calls by the game's defaults"""
    return top_bit(legal)
'''


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    f = tmp_path_factory.mktemp("user") / "cheats.py"
    f.write_text(textwrap.dedent(SOURCE))
    S.load_file(str(f))
    return str(f)


def seats(kind0=0, kind_all=0):
    return (f"cheat(kind={kind0})", "probe", f"cheat(kind={kind_all})", "probe",
            f"cheat(kind={kind_all})")


def default_call(hand):
    """The engine's default, from docs/games/sueca_italiana.md: the highest card it does
    not hold of the suit in which it holds the most cards (the lowest suit on ties)."""
    counts = [sum(1 for c in hand if c[1] == s) for s in "CDHS"]
    s = "CDHS"[counts.index(max(counts))]
    return max((D.card(r, s) for r in D.ranks if r + s not in hand))


def test_without_bid_and_call_a_strategy_passes_and_calls_by_default(loaded):
    recs = list(simcore.game_records("sueca_italiana", deals=20, seed=1, strategies=seats()))
    for r in recs:
        assert r["bids"] == [None] * 5 and (r["declarer"], r["contract"]) == (r["dealer"], 0)
        hand = r["hands"][r["declarer"]]
        if r["declarer"] % 2:                                     # a probe seat declares
            assert D.parse_card(r["called_card"]) == default_call(hand)
        else:                                                     # cheat: the lowest card
            assert r["called_card"] == "2C"


@pytest.mark.parametrize("kinds, message", [
    ((1, 0), "strategy cheat ({f}) returned 50, not a legal bid, for seat 0 in deal 0"),
    ((2, 2), "strategy cheat ({f}) returned 99, not a legal called card, for seat 0 in deal 0"),
    ((3, 0), "strategy cheat ({f}) returned 45, not a legal card, for seat 0 in deal 0"),
])
def test_an_illegal_decision_is_one_line_naming_the_strategy(loaded, kinds, message):
    with pytest.raises(TrunfoError) as e:
        simcore.simulate("sueca_italiana", deals=50, seed=1, strategies=seats(*kinds),
                         threads=1)
    assert str(e.value).startswith(message.format(f=loaded)), str(e.value)
    assert "\n" not in str(e.value)
