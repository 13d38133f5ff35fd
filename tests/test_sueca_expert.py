"""Sueca ``expert``: each rule of docs/games/sueca.md ("expert") on a position built by hand.

A position is the view of the seat to play (simcore/sueca/view.py), filled here from card
strings with the trick's state worked out by the rules (not by the kernel); the card chosen
comes from ``simcore.strategy.decide``.
"""
import numpy as np
import pytest

from simcore.cards import FRENCH40 as D
from simcore.errors import TrunfoError
from simcore.strategy import decide
from simcore.sueca.view import VIEW_DTYPE

POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
ORDER = "23456QJK7A"            # low -> high


def mask(cards) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << D.parse_card(c)
    return m


def view(seat, hand, trump, trick=(), leader=None, dealer=3, trump_card=None, played="",
         voids=None, points=(0, 0)):
    """The view of ``seat`` holding ``hand``; ``trick`` are the cards already on the table
    (played by leader, leader+1, ...), ``played`` the cards of earlier tricks."""
    v = np.zeros(1, VIEW_DTYPE)[0]
    suit = "CDHS".index(trump)
    v["seat"], v["partner"], v["dealer"], v["trump"] = seat, (seat + 2) % 4, dealer, suit
    v["trump_card"] = D.parse_card(trump_card or "2" + trump)
    v["hand"] = np.uint64(mask(hand))
    k = len(trick)
    v["trick_len"] = k
    leader = (seat - k) % 4 if leader is None else leader
    v["leader"] = leader
    v["trick_cards"][:] = -1
    all_played = mask(played)
    if k:
        led = trick[0][1]
        best, winner, pts = trick[0], leader, 0
        for j, c in enumerate(trick):
            pts += POINTS.get(c[0], 0)
            b_trump, c_trump = best[1] == trump, c[1] == trump
            if (c[1] == best[1] and ORDER.index(c[0]) > ORDER.index(best[0])) or \
                    (c_trump and not b_trump):
                best, winner = c, (leader + j) % 4
            v["trick_cards"][j] = D.parse_card(c)
            all_played |= 1 << D.parse_card(c)
        v["led"], v["best"], v["winner"], v["trick_points"] = ("CDHS".index(led),
                                                              D.parse_card(best), winner, pts)
    else:
        v["led"], v["best"], v["winner"] = -1, -1, -1
    v["played"] = np.uint64(all_played)
    for s, suits in (voids or {}).items():
        v["voids"][s] = sum(1 << "CDHS".index(x) for x in suits)
    v["points"][:] = points
    v["bmi2"] = False
    return v


def legal_of(v, hand, trick):
    h = mask(hand)
    if not trick:
        return h
    led = mask(" ".join(r + trick[0][1] for r in ORDER))
    return (h & led) or h


def play(name, seat, hand, trump, trick=(), **kw):
    v = view(seat, hand, trump, trick, **kw)
    c = decide("sueca", name, v, legal_of(v, hand, trick))
    return D.format_card(c)


def test_expert_keeps_the_trump_seven_while_the_ace_is_out():
    # partner (seat 0) led 5H, an opponent took the lead with KH; seat 2, void in hearts,
    # can win only with the trump 7, and the opponent after it may hold the trump ace
    args = ("expert", 2, "7S 2D", "S", ("5H", "KH"))
    assert play(*args) == "2D"
    assert play("expert(keep_seven=false)", *args[1:]) == "7S"


def test_expert_plays_the_trump_seven_when_no_opponent_after_it_can_hold_the_ace():
    # last to play: the 7 cannot be caught any more
    assert play("expert", 3, "7S 2D", "S", ("5H", "3H", "KH")) == "7S"


def test_expert_draws_trumps_when_long_in_them():
    hand = "AS KS 5S 4S 2C 3C 4D 5D 6H 3H"
    assert play("expert", 0, hand, "S") == "AS"           # the master trump first
    assert play("expert(lead_trumps_at=5)", 0, hand, "S") != "AS"


def test_expert_leads_a_low_trump_when_it_does_not_hold_the_master_trump():
    hand = "KS 5S 4S 2C 3C 4D 5D 6H 3H JD"
    assert play("expert", 0, hand, "S") == "4S"           # the cheapest trump that is not the 7


def test_expert_loads_points_on_a_trick_the_partner_is_sure_to_win():
    # seat 3 plays last; its partner (seat 1) wins with the AH: feed the ace of clubs
    trick = ("2H", "AH", "3H")
    assert play("expert", 3, "AC 2C 4D", "S", trick) == "AC"
    assert play("expert(load_points=false)", 3, "AC 2C 4D", "S", trick) == "2C"


def test_expert_does_not_load_points_when_the_partner_may_still_be_beaten():
    # seat 2's partner led KH; the opponent after seat 2 may hold the AH: no points fed
    assert play("expert", 2, "AC 2C 4D", "S", ("KH", "4H")) == "2C"


def test_expert_avoids_leading_point_cards_an_opponent_can_ruff():
    # seat 0 holds the master ace of hearts, but the next seat has shown a void in hearts
    # and may still trump; leading low in clubs is safe
    hand = "AH 2C 3C 4D 5D 6D"
    kw = dict(voids={1: "H"}, played="AC KC 7C")
    assert play("expert", 0, hand, "S", **kw) != "AH"
    assert play("expert(avoid_voids=false)", 0, hand, "S", **kw) == "AH"


def test_expert_leads_its_cheapest_blank_card_even_into_a_suit_an_opponent_can_ruff():
    # no master with points: the cheapest side card without points, 2H, although the next
    # seat has shown a void in hearts and may trump (the ruff takes no points)
    kw = dict(voids={1: "H"})
    assert play("expert", 0, "2H 3C 4C 6D", "S", **kw) == "2H"
    # with no such card, a side card of a suit no opponent can ruff: QC, not KH
    assert play("expert", 0, "KH QC", "S", **kw) == "QC"


def test_expert_cashes_a_master_card_with_points():
    # the ace of diamonds is the highest diamond still out and nobody has shown a void
    assert play("expert", 0, "AD 2C 3C 4H 5H 6D", "S") == "AD"


def test_expert_plays_safe_once_its_team_has_61_points():
    hand = "AS KS 5S 4S 2C 3C 4D 5D"
    assert play("expert", 0, hand, "S", points=(40, 20)) == "AS"    # draws trumps
    assert play("expert", 0, hand, "S", points=(61, 20)) != "AS"    # no trump drawing
    assert play("expert(safe_at=121)", 0, hand, "S", points=(61, 20)) == "AS"


def test_expert_ruffs_an_opponents_trick_only_for_points_enough():
    # seat 1 (second to play, partner still to come) is void in hearts; the opponent's
    # 3H trick holds no points: no trump; on 5 points (KH + ...) it trumps with the master
    assert play("expert", 1, "AS 2D", "S", ("3H",), played="7S") == "2D"
    assert play("expert", 1, "AS 2D", "S", ("KH",), played="7S") == "AS"
    assert play("expert(ruff_at=5)", 1, "AS 2D", "S", ("KH",), played="7S") == "2D"


def test_expert_wins_an_opponents_trick_with_its_cheapest_sure_winner():
    # the opponent leads KD; seat 1 holds the AD (the highest diamond out) and QD; the
    # opponent after it has shown a void in trumps, so the ace is sure to win
    assert play("expert", 1, "AD QD 2C", "S", ("KD",), voids={2: "S"}) == "AD"


def test_expert_plays_second_hand_low_when_no_card_is_sure_to_win():
    # the same, but the next opponent may trump: no ace into a possible ruff
    assert play("expert", 1, "AD QD 2C", "S", ("KD",)) == "QD"


def test_expert_parameters_are_checked():
    v = view(0, "AS 2C", "S")
    with pytest.raises(TrunfoError, match="valid parameters: lead_trumps_at, keep_seven"):
        decide("sueca", "expert(colour=1)", v, mask("AS 2C"))
    with pytest.raises(TrunfoError, match="lead_trumps_at=0 .*allowed: an integer >= 1"):
        decide("sueca", "expert(lead_trumps_at=0)", v, mask("AS 2C"))
    with pytest.raises(TrunfoError, match="keep_seven=maybe .*allowed: true, false"):
        decide("sueca", "expert(keep_seven=maybe)", v, mask("AS 2C"))
