"""Scopa's ``expert``, rule by rule (docs/games/scopa.md, "expert"), on positions built by
hand and decided with :func:`simcore.strategy.decide`.  Each position is built so that the
rule under test decides the move against the first move in canonical order (what a rule
missing would play), and the expected values are worked out in the comments from the
documented weights."""
import itertools

import numpy as np
import pytest

from simcore.scopa import enums as E
from simcore.scopa.moves import packed_counts
from simcore.scopa.view import VIEW_DTYPE
from simcore.strategy import decide

D = E.DECK
VALUES = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "N": 9, "K": 10}


def mask(cards):
    m = 0
    for c in cards:
        m |= 1 << D.parse_card(c)
    return np.uint64(m)


def names(m):
    return sorted(D.format_card(c) for c in range(40) if int(m) >> c & 1)


def legal_mask(hand, table, must_capture):
    """The hand's cards with a legal move, from the rules: under ``any_card`` the cards
    that can capture (an equal card, or two or more adding up to the value), if any."""
    def can(card):
        v = VALUES[card[0]]
        return any(VALUES[t[0]] == v for t in table) or any(
            sum(VALUES[t[0]] for t in s) == v
            for k in range(2, len(table) + 1) for s in itertools.combinations(table, k))
    capturing = [c for c in hand if can(c)]
    return mask(capturing if must_capture == "any_card" and capturing else hand)


def play(hand, table, seen=(), strategy="expert", must_capture="played_card", play=10,
         lps=False):
    """expert's move (sorted card names) for seat 0 of 2 holding ``hand``; ``seen``: cards
    played earlier and no longer on the table."""
    v = np.zeros(1, VIEW_DTYPE)[0]
    v["seat"], v["players"], v["sides"], v["dealer"] = 0, 2, 2, 1
    v["side"][:] = (0, 1, 0, 0)
    v["hand"] = mask(hand)
    v["table"] = mask(table)
    v["counts"] = packed_counts(mask(table))
    v["play"] = play
    v["played"] = mask(seen)
    v["public"] = mask(table) | mask(seen)
    v["must_capture"] = 1 if must_capture == "any_card" else 0
    v["last_play_scopa"] = lps
    mv = decide("scopa", strategy, v, legal_mask(hand, table, must_capture))
    return names(mv)


def test_expert_takes_a_scopa():
    # 3C must take the equal 3O: 2 cards + a coin (3) = 5, leaves 2E (an unseen 2 can
    # sweep it: -20); 5B takes 2E + 3O and sweeps: 3 cards + a coin + the scopa (30)
    assert play(["3C", "5B"], ["2E", "3O"]) == ["2E", "3O", "5B"]


def test_expert_takes_the_settebello():
    # 5E takes 5C (2) and leaves the settebello where an unseen seven takes it (sum 7
    # sweepable -20, settebello exposed -15); 7B takes 7O: 2 + coin 3 + settebello 15 +
    # two sevens 8, leaving 5C (-20)
    assert play(["5E", "7B"], ["7O", "5C"]) == ["7B", "7O"]


def test_expert_prefers_sevens_for_primiera():
    # KC takes 6C + 4B (first in canonical order: 3 cards + a six 2) or 7E + 3B (3 cards +
    # a seven 4); each leaves a sum of 10 an unseen king sweeps
    hand, table = ["KC"], ["7E", "3B", "6C", "4B"]
    assert play(hand, table) == ["3B", "7E", "KC"]
    assert play(hand, table, strategy="expert(seven=0)") == ["4B", "6C", "KC"]


def test_expert_prefers_coins():
    # KE takes 3C + 7E (first: 3 cards + a seven 4 = 7) or 6O + 4B (3 cards + a coin 3 +
    # a six 2 = 8); both leave 10 on the table
    hand, table = ["KE"], ["3C", "7E", "6O", "4B"]
    assert play(hand, table) == ["4B", "6O", "KE"]
    assert play(hand, table, strategy="expert(coin=0)") == ["3C", "7E", "KE"]


def test_expert_avoids_leaving_a_sum_an_unseen_card_sweeps():
    # played_card: neither card captures.  Laying 2C leaves 4B + 2C = 6 (an unseen six
    # sweeps: -1 - 20); laying 6E leaves 10: with every king seen nobody can sweep it (-1
    # card - 2 six = -3), with kings unseen -23
    hand, table = ["2C", "6E"], ["4B"]
    kings = ["KO", "KC", "KE", "KB"]
    assert play(hand, table, seen=kings) == ["6E"]
    assert play(hand, table) == ["2C"]
    # without card memory every card not in hand may be out: the kings count again
    assert play(hand, table, seen=kings, strategy="expert(memory=false)") == ["2C"]
    # without the risk, the cheapest card is laid (2C: -1; 6E: -3)
    assert play(hand, table, strategy="expert(risk=0)") == ["2C"]


def test_expert_lays_its_least_valuable_card_and_keeps_the_settebello():
    # nothing captures on KO: laying 7O (first in canonical order) gives away a coin, the
    # settebello and a seven; 2B is worth one card
    assert play(["7O", "2B"], ["KO"]) == ["2B"]


def test_expert_follows_must_capture():
    # 5C takes 5B and leaves 3O (an unseen 3 sweeps it: 2 - 20); KE cannot capture, and
    # laid leaves 18 (-1): under played_card expert lays KE, under any_card it must play
    # its capturing card 5C, which takes 5B
    hand, table = ["5C", "KE"], ["5B", "3O"]
    assert play(hand, table) == ["KE"]
    assert play(hand, table, must_capture="any_card") == ["5B", "5C"]


def test_expert_ignores_the_risk_on_the_last_play():
    # on the deal's last play nobody moves after: 2C laid (-1) beats 6E laid (-3)
    # although 2C leaves a sweepable 6 (and the kings are all seen)
    kings = ["KO", "KC", "KE", "KB"]
    assert play(["2C", "6E"], ["4B"], seen=kings, play=E.N_PLAYS - 1) == ["2C"]


@pytest.mark.parametrize("bad", ["expert(scopa=-1)", "expert(memory=maybe)",
                                 "expert(sweep=3)"])
def test_expert_parameters_are_checked(bad):
    from simcore.errors import TrunfoError
    from simcore.strategy import lineup
    with pytest.raises(TrunfoError):
        lineup("scopa", [bad], 2)
