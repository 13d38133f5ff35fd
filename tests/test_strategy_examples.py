"""The example strategies of docs/strategies-examples.md, one per game: each file the page
shows is the file here, plays a few deals through the API (the kernel checks every card,
bid and call it returns, so a run that finishes played only legal ones), and does what its
docstring says on a position built by hand (``simcore.strategy.decide``: the policy alone,
no kernel).  Each game's table seats its example alone: one kernel per game."""
import re
from pathlib import Path

import numpy as np
import pytest

import simcore
from simcore import strategy as S
from simcore.bits import bit
from simcore.games import get_game

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
PAGE = ROOT / "docs" / "strategies-examples.md"


def load(name: str):
    (s,) = S.load_file(str(EXAMPLES / name))
    return s


def view(game: str):
    return np.zeros(1, get_game(game).view_dtype)[0]


def play(game, seats, deals=30, **kw):
    return simcore.simulate(game, deals=deals, seed=5, strategies=seats, threads=1,
                            progress=False, **kw)


@pytest.mark.parametrize("name", ["trump_leader.py", "trump_saver.py", "spades_contract.py",
                                  "settebello_first.py", "capped_bidder.py",
                                  "ace_counter.py", "marriage_keeper.py"])
def test_the_page_shows_each_example_file_as_it_is(name):
    text = (EXAMPLES / name).read_text()
    pages = PAGE.read_text() + (ROOT / "docs" / "strategies.md").read_text()
    assert f"`{name}`" in pages or f"docs/examples/{name}" in pages
    assert "```python\n" + text + "```" in pages


def test_brisca_trump_saver_trumps_only_a_trick_worth_it():
    from simcore.brisca.enums import SUIT_MASKS
    from simcore.cards import LATIN40 as D
    load("trump_saver.py")
    v = view("brisca")
    v["players"], v["seat"], v["partners"], v["trump"] = 2, 1, 0, 1     # cups are trumps
    three = D.card("3", "O")                  # an opponent leads the 3 of coins, 10 points
    v["trick_len"], v["winner"], v["best"], v["trick_points"] = 1, 0, three, 10
    v["beat"] = bit(D.card("1", "O")) | SUIT_MASKS[0, 1]
    low_trump, blank = D.card("4", "C"), D.card("2", "E")
    hand = bit(low_trump) | bit(blank)
    v["hand"] = hand
    assert S.decide("brisca", "trump_saver", v, hand, players=2) == low_trump
    assert S.decide("brisca", "trump_saver(trump_at=11)", v, hand, players=2) == blank
    ace = D.card("1", "O")                    # a plain card that wins: it, not a trump
    assert S.decide("brisca", "trump_saver", v, hand | bit(ace), players=2) == ace


def test_spades_contract_first_bids_the_evaluation_plus_over():
    from simcore.cards import FRENCH52 as D
    from simcore.spades.bidding import evaluate
    from simcore.spades.view import ALL_BIDS, BLIND_NIL, BLIND_OFFER
    load("spades_contract.py")
    v = view("spades")
    hand = 0
    for c in ("AS", "KS", "QS", "JS", "AH", "KH", "2H", "3D", "4D", "5D", "6C", "7C", "8C"):
        hand |= bit(D.card(c[:-1], c[-1]))
    v["hand"] = hand
    base = evaluate(np.uint64(hand))
    assert 1 <= base <= 10
    assert S.decide("spades", "contract_first", v, ALL_BIDS, kind="bid") == base
    assert S.decide("spades", "contract_first(over=3)", v, ALL_BIDS, kind="bid") == base + 3
    assert S.decide("spades", "contract_first", v, BLIND_OFFER, kind="bid") == BLIND_NIL


def test_scopa_settebello_first_takes_the_settebello_with_a_seven():
    from simcore.scopa.enums import DECK as D
    from simcore.scopa.moves import packed_counts
    load("settebello_first.py")
    v = view("scopa")
    settebello, seven, five = D.card("7", "O"), D.card("7", "C"), D.card("5", "E")
    table = bit(settebello) | bit(D.card("3", "B")) | bit(D.card("4", "E"))
    v["players"], v["hand"], v["table"] = 2, bit(seven) | bit(five), table
    v["counts"] = packed_counts(np.uint64(table))
    move = S.decide("scopa", "settebello_first", v, bit(seven) | bit(five), players=2)
    assert move == bit(seven) | bit(settebello)


def test_sueca_italiana_capped_bids_its_estimate_up_to_the_cap():
    from simcore.cards import FRENCH40 as D
    from strategies.sueca_italiana import evaluate
    load("capped_bidder.py")
    r = play("sueca_italiana", ("capped", "capped(cap=61)") * 2 + ("capped",))
    assert r.done == 30
    v = view("sueca_italiana")
    hand = 0
    for c in ("AC", "7C", "KC", "JC", "QC", "AH", "7H", "AD"):
        hand |= bit(D.card(c[:-1], c[-1]))
    v["hand"] = hand
    est, _, called = evaluate(np.uint64(hand))
    assert est > 70
    assert S.decide("sueca_italiana", "capped(cap=70)", v, 0, kind="bid") == 70
    assert S.decide("sueca_italiana", "capped(cap=120)", v, 0, kind="bid") == min(est, 120)
    assert S.decide("sueca_italiana", "capped(cap=70)", v, 71, kind="bid") == -1
    anything = np.uint64((1 << 40) - 1)
    assert S.decide("sueca_italiana", "capped", v, anything, kind="call") == called


def test_briscola_chiamata_ace_counter_calls_in_its_longest_suit():
    from simcore.briscola_chiamata.enums import DECK as D
    load("ace_counter.py")
    r = play("briscola_chiamata", ("ace_counter",))
    assert r.done == 30
    v = view("briscola_chiamata")
    hand = 0
    for r_, s in (("3", "E"), ("K", "E"), ("5", "E"), ("2", "O"), ("N", "B"), ("7", "C"),
                  ("6", "C"), ("4", "B")):
        hand |= bit(D.card(r_, s))
    v["hand"] = hand                          # three swords: the longest suit
    aces = sum(bit(D.card("1", s)) for s in "OCEB")
    assert S.decide("briscola_chiamata", "ace_counter", v, aces, kind="call") == \
        D.card("1", "E")
    assert S.decide("briscola_chiamata", "ace_counter(strong=1)", v, 1, kind="bid") == 1
    assert S.decide("briscola_chiamata", "ace_counter(strong=2)", v, 1, kind="bid") == -1


def test_brisca_rematada_marriage_keeper_keeps_a_marriage_it_has_not_declared():
    from simcore.brisca_rematada.enums import DECK as D
    load("marriage_keeper.py")
    r = play("brisca_rematada", ("marriage_keeper",))
    assert r.done == 30
    v = view("brisca_rematada")
    king, knight, five = D.card("K", "O"), D.card("N", "O"), D.card("5", "C")
    hand = bit(king) | bit(knight) | bit(five) | bit(D.card("1", "E"))
    v["hand"], v["trump"], v["trick_len"] = hand, 3, 0
    assert S.decide("brisca_rematada", "marriage_keeper", v, hand, players=3) == five
    ace = D.card("1", "E")
    assert S.decide("brisca_rematada", "marriage_keeper", v, hand & ~bit(five),
                    players=3) == ace          # its dearest card rather than the marriage
    v["marriages"][0] = 1                     # the marriage of coins declared: free to play
    assert S.decide("brisca_rematada", "marriage_keeper", v, hand & ~bit(five),
                    players=3) == knight


def test_the_page_names_the_helpers_each_example_imports():
    """A reader finds every name an example imports from trunfo in the example's section
    of the page (or in the page's introduction, for the helpers all of them use)."""
    intro, *sections = PAGE.read_text().split("\n## ")
    for f in ("trump_saver.py", "spades_contract.py", "settebello_first.py",
              "capped_bidder.py", "ace_counter.py", "marriage_keeper.py"):
        (section,) = [s for s in sections if f"`{f}`" in s.splitlines()[0]]
        src = (EXAMPLES / f).read_text()
        names = re.findall(r"^from (?:simcore|strategies)\S* import (.+)$", src, re.M)
        for n in ", ".join(names).split(", "):
            assert re.search(rf"`{n.strip()}\b", intro + section), (f, n)
