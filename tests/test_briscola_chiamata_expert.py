"""Briscola chiamata ``expert``: each rule of docs/games/briscola_chiamata.md ("expert") on
a position built by hand.

A position is the view of the seat to play (simcore/briscola_chiamata/view.py), filled here
from card strings, with each trick's winner worked out here by the rules (not by the
kernel); the card chosen comes from ``simcore.strategy.decide``.
"""
import numpy as np

from simcore.briscola_chiamata.view import VIEW_DTYPE
from simcore.cards import LATIN40 as D
from simcore.strategy import decide

POINTS = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
ORDER = "24567JNK31"            # low -> high
SUITS = "OCEB"
TRUMPS_GONE = "1O 3O KO NO JO 7O 6O 5O 4O 2O"


def mask(cards) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << D.parse_card(c)
    return m


def winner_of(cards, leader, trump):
    best, win = cards[0], leader
    for j, c in enumerate(cards):
        if (c[1] == best[1] and ORDER.index(c[0]) > ORDER.index(best[0])) or \
                (trump and c[1] == trump and best[1] != trump):
            best, win = c, (leader + j) % 5
    return best, win


def view(seat, hand, trump="O", declarer=0, partner=-1, tricks=(), trick=(), leader=None,
         gone="", buia=False):
    """The view of ``seat`` holding ``hand`` in play: ``tricks`` the finished tricks as
    (leader, "cards in play order"), ``trick`` the cards on the table (led by ``leader``),
    ``gone`` more cards shown as played (in no trick).  ``trump`` None: not called yet
    (chiamata buia, first trick).  ``partner`` as the seat sees it (-1: it does not know)."""
    v = np.zeros(1, VIEW_DTYPE)[0]
    v["seat"], v["declarer"], v["partner"], v["buia"] = seat, declarer, partner, int(buia)
    v["trump"] = SUITS.index(trump) if trump else -1
    v["called_card"] = D.parse_card("1" + trump) if trump else -1
    v["contract"], v["phase"] = 61, 2
    v["hand"] = np.uint64(mask(hand))
    v["history"][:] = -1
    v["leaders"][:] = -1
    v["winners"][:] = -1
    v["trick_cards"][:] = -1
    played = mask(gone)
    for t, (ld, cards) in enumerate(tricks):
        cs = cards.split()
        v["leaders"][t] = ld
        v["winners"][t] = winner_of(cs, ld, None if (buia and t == 0) else trump)[1]
        for j, c in enumerate(cs):
            v["history"][t, j] = D.parse_card(c)
            played |= 1 << D.parse_card(c)
    t = len(tricks)
    v["trick"] = t
    k = len(trick)
    v["trick_len"] = k
    if leader is None:
        leader = v["winners"][t - 1] if tricks else declarer
    v["leader"] = leader
    v["led"], v["best"], v["winner"] = -1, -1, -1
    if k:
        best, win = winner_of(list(trick), leader, trump)
        v["led"], v["best"], v["winner"] = SUITS.index(trick[0][1]), D.parse_card(best), win
        v["trick_points"] = sum(POINTS.get(c[0], 0) for c in trick)
        for j, c in enumerate(trick):
            v["trick_cards"][j] = v["history"][t, j] = D.parse_card(c)
            played |= 1 << D.parse_card(c)
    v["played"] = np.uint64(played)
    return v


def play(name, seat, hand, **kw):
    v = view(seat, hand, **kw)
    return D.format_card(decide("briscola_chiamata", name, v, mask(hand)))


def test_expert_leads_the_cheapest_blank_non_trump():
    assert play("expert", 1, "1O 2C 4E KB", leader=1) == "2C"
    # no blank non-trump: the cheapest non-trump worth less than 10
    assert play("expert", 1, "2O 3C KE", leader=1) == "KE"
    # only aces and threes besides trumps: the cheapest of them
    assert play("expert", 1, "2O 3C 1E", leader=1) == "3C"
    assert play("expert", 1, "2O 4O", leader=1) == "2O"


def test_expert_loads_points_on_a_trick_its_side_is_sure_to_win():
    # the partner (it knows it) plays last on the declarer's winning 1C: its richest
    # non-trump that does not overtake
    trick = ("1C", "2C", "4C", "5C")
    assert play("expert", 4, "3E KB 2O", partner=4, trick=trick) == "3E"
    # the declarer's 1O (the highest trump) cannot be beaten: load at once
    assert play("expert", 1, "3E 2B 5C", partner=1, trick=("1O",)) == "3E"


def test_expert_gives_nothing_to_an_ally_it_cannot_be_sure_of():
    # the declarer's KC may still be beaten (1C, trumps): no points, no overtaking
    assert play("expert", 1, "3C 2B 1E", partner=1, trick=("KC",)) == "2B"
    # and without load_points not even on a sure trick: the cheapest card that does not
    # overtake (every one has points here)
    trick = ("1C", "2C", "4C", "5C")
    assert play("expert(load_points=false)", 4, "3E KB 2O", partner=4, trick=trick) == "KB"


def test_expert_takes_points_with_a_sure_winner():
    # KC led by the declarer: with trumps out 3C and 1C are not sure, and 4 points do not
    # call for a trump: throw the blank 2B
    assert play("expert", 1, "3C 1C 2B", trick=("KC",)) == "2B"
    # every trump gone: 3C is sure (1C is in hand) and the cheapest sure winner
    assert play("expert", 1, "3C 1C 2B", trick=("KC",), gone=TRUMPS_GONE) == "3C"
    # last to play: the cheapest winner is sure
    assert play("expert", 4, "3C 1C 2B", trick=("KC", "2C", "4C", "5C")) == "3C"


def test_expert_trumps_only_for_ruff_at_points():
    assert play("expert", 1, "2O 4B", trick=("1C",)) == "2O"
    assert play("expert(ruff_at=12)", 1, "2O 4B", trick=("1C",)) == "4B"
    assert play("expert", 1, "2O 4B", trick=("KC",)) == "4B"


def test_expert_plays_the_first_trick_of_chiamata_buia_without_trumps():
    # before the call nothing is a trump: 2O is the cheapest blank card
    assert play("expert", 1, "2O 4B 3C", trick=("KC",), trump=None, buia=True) == "2O"
    assert play("expert", 1, "2O 4B 3C", trick=("KC",)) == "4B"


# trick 0: the declarer (seat 0) leads KC, seat 2 throws 1E on it (11 points, not winning):
# seat 2 is taken for the partner
FED = ((0, "KC 2C 1E 4C 5C"),)


def test_expert_infers_the_partner_as_a_defender():
    # trick 1: seat 1 beats the declarer's 2E with KE; seat 3, taking seat 1 and seat 4
    # for fellow defenders, loads KB instead of throwing the blank 6B
    trick = ("2E", "KE", "4E")
    assert play("expert", 3, "3E KB 6B", tricks=FED, trick=trick) == "KB"
    assert play("expert(infer=false)", 3, "3E KB 6B", tricks=FED, trick=trick) == "6B"
    assert play("expert(signal_at=12)", 3, "3E KB 6B", tricks=FED, trick=trick) == "6B"


def test_expert_infers_the_partner_as_the_declarer():
    # trick 1: seat 1 beats the declarer; trick 2, led by seat 1: seat 2 (the suspect)
    # wins with NC and the declarer, last, loads KE on it instead of taking it with 3C
    tricks = FED + ((0, "2B KB 4B 5B 6B"),)
    trick = ("6C", "NC", "7C", "JC")
    assert play("expert", 0, "3C KE 6E", tricks=tricks, trick=trick) == "KE"
    assert play("expert(infer=false)", 0, "3C KE 6E", tricks=tricks, trick=trick) == "3C"


def test_expert_infers_the_partner_from_the_others_beating_the_declarer():
    # seat 1 beats the declarer's 5E in trick 0, seat 4 its 7B in trick 2: for seat 3 (a
    # defender) the partner can only be seat 2, so seat 4, winning trick 3 as it stands
    # with KC, is a fellow defender: seat 3, last, loads 3E on it instead of taking the
    # trick with 1C
    tricks = ((0, "5E 6E 2E 4E 2B"), (1, "2C 4C 5C 6C 7C"), (0, "7B 4B 5B 6B JB"))
    trick = ("KC", "NC", "JC", "7E")
    assert play("expert", 3, "3E 1C JE", tricks=tricks, trick=trick) == "3E"
    assert play("expert(infer=false)", 3, "3E 1C JE", tricks=tricks, trick=trick) == "1C"
