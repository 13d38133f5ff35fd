"""Sueca Italiana ``expert``: each rule of docs/games/sueca_italiana.md ("expert") on a
position built by hand.

A position is the view of the seat to play (simcore/sueca_italiana/view.py), filled here
from card strings, with each trick's winner worked out here by the rules (not by the
kernel); the card chosen comes from ``simcore.strategy.decide``.
"""
import numpy as np

from simcore.cards import FRENCH40 as D
from simcore.strategy import decide
from simcore.sueca_italiana.view import VIEW_DTYPE

POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
ORDER = "23456QJK7A"            # low -> high


def mask(cards) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << D.parse_card(c)
    return m


def winner_of(cards, leader, trump):
    best, win = cards[0], leader
    for j, c in enumerate(cards):
        if (c[1] == best[1] and ORDER.index(c[0]) > ORDER.index(best[0])) or \
                (c[1] == trump and best[1] != trump):
            best, win = c, (leader + j) % 5
    return best, win


def view(seat, hand, trump="C", declarer=0, partner=-1, tricks=(), trick=(), leader=None,
         gone=""):
    """The view of ``seat`` holding ``hand`` in play: ``tricks`` the finished tricks as
    (leader, "cards in play order"), ``trick`` the cards on the table (led by ``leader``),
    ``gone`` more cards shown as played (in no trick: positions that need them only).
    ``partner`` is the field as the seat sees it (-1: it does not know)."""
    v = np.zeros(1, VIEW_DTYPE)[0]
    v["seat"], v["declarer"], v["partner"] = seat, declarer, partner
    v["trump"] = "CDHS".index(trump)
    v["called_card"] = D.parse_card("A" + trump)
    v["contract"], v["target"], v["phase"] = 61, 61, 2
    v["hand"] = np.uint64(mask(hand))
    v["history"][:] = -1
    v["leaders"][:] = -1
    v["winners"][:] = -1
    v["trick_cards"][:] = -1
    played = mask(gone)
    for t, (ld, cards) in enumerate(tricks):
        cs = cards.split()
        v["leaders"][t] = ld
        v["winners"][t] = winner_of(cs, ld, trump)[1]
        for j, c in enumerate(cs):
            v["history"][t, j] = D.parse_card(c)
            played |= 1 << D.parse_card(c)
    t = len(tricks)
    v["trick"] = t
    k = len(trick)
    v["trick_len"] = k
    if leader is None:
        leader = winner_of(tricks[-1][1].split(), tricks[-1][0], trump)[1] if tricks else \
            declarer
    v["leader"] = leader
    v["led"], v["best"], v["winner"] = -1, -1, -1
    if k:
        best, win = winner_of(list(trick), leader, trump)
        v["led"], v["best"], v["winner"] = "CDHS".index(trick[0][1]), D.parse_card(best), win
        v["trick_points"] = sum(POINTS.get(c[0], 0) for c in trick)
        for j, c in enumerate(trick):
            v["trick_cards"][j] = v["history"][t, j] = D.parse_card(c)
            played |= 1 << D.parse_card(c)
    v["played"] = np.uint64(played)
    return v


def play(name, seat, hand, **kw):
    v = view(seat, hand, **kw)
    h = mask(hand)
    trick = kw.get("trick", ())
    legal = h
    if trick:
        legal = (h & mask(" ".join(r + trick[0][1] for r in ORDER))) or h
    return D.format_card(decide("sueca_italiana", name, v, legal))


HAND = "AC KC 2C 5H 6S QD 3D 4H"


def test_expert_draws_trumps_on_the_declarers_side():
    # the declarer, 3 trumps: the master trump first, else the lowest trump
    assert play("expert", 0, HAND) == "AC"
    assert play("expert", 0, "KC 2C 5C 5H 6S QD 3D 4H") == "2C"
    # the partner (it knows it: partner == its seat) draws too
    assert play("expert", 2, HAND, partner=2, leader=2) == "AC"
    # not with fewer trumps than lead_trumps_at, nor as a defender: lead low (3D)
    assert play("expert(lead_trumps_at=4)", 0, HAND) == "3D"
    assert play("expert", 2, HAND, leader=2) == "3D"
    # nor once no trump is out
    assert play("expert", 0, HAND, gone="7C JC QC 6C 5C 4C 3C") == "3D"


def test_expert_cashes_a_master_worth_points():
    hand = "AH 5H 7S 2D 3D"
    assert play("expert", 1, hand, leader=1) == "AH"
    # with the ace of spades gone the 7 of spades is a master too: the most points first
    assert play("expert", 1, "KH 5H 7S 2D 3D", leader=1, gone="AS AH") == "7S"
    # KH is a master once AH and 7H are gone; a master without points is not cashed
    assert play("expert", 1, "KH 6S 2D", leader=1, gone="AH 7H") == "KH"
    assert play("expert", 1, "6S 2D", leader=1, gone="AS 7S KS JS QS") == "2D"
    assert play("expert(cash_masters=false)", 1, hand, leader=1) == "2D"


def test_expert_leads_the_cheapest_blank_card():
    # no trump drawing (defender), no master: the lowest non-trump without points
    assert play("expert", 3, "KC 7D 5S 4H 3H", leader=3) == "3H"
    # no blank non-trump: a trump without points before a point card
    assert play("expert", 3, "2C QS KH", leader=3) == "2C"
    # only point cards: the cheapest non-trump
    assert play("expert", 3, "AC QS KH", leader=3) == "QS"


def test_expert_loads_points_on_a_trick_its_side_is_sure_to_win():
    # the partner plays last on the declarer's winning trick: the most points it may play
    trick = ("AH", "2H", "3H", "4H")
    assert play("expert", 4, "7H 2H KS", partner=4, trick=trick) == "7H"
    # the declarer's master trump cannot be beaten: a void partner loads the 7 of spades
    assert play("expert", 1, "KH 2D 7S", partner=1, trick=("AC",)) == "7S"
    # without load_points: nothing given
    assert play("expert(load_points=false)", 4, "7H 2H KS", partner=4, trick=trick) == "2H"


def test_expert_does_not_overtake_an_ally_it_cannot_be_sure_of():
    # the declarer's KH may be beaten by 7H (unseen): the partner keeps its AH, gives 3H
    assert play("expert", 1, "AH 3H 2S", partner=1, trick=("KH",)) == "3H"
    # and gives no points when it has to discard
    assert play("expert", 1, "KS 2S 4D", partner=1, trick=("KH",)) == "2S"


def test_expert_takes_points_with_a_sure_winner():
    # QH led by the declarer; the defender holds KH and AH; 7H is out
    trumps_gone = "AC 7C KC JC QC 6C 5C 4C 3C 2C"
    assert play("expert", 1, "KH AH 2S", trick=("QH",), gone=trumps_gone) == "AH"
    # with trumps out nothing is sure: the cheapest winner
    assert play("expert", 1, "KH AH 2S", trick=("QH",)) == "KH"
    # last to play: the cheapest winner is sure
    assert play("expert", 4, "KH AH 2S", trick=("QH", "2H", "3H", "4H")) == "KH"


def test_expert_trumps_only_for_ruff_at_points():
    # void in hearts, KH (4 points) winning for the declarer
    assert play("expert", 1, "2C 4S", trick=("KH",)) == "2C"
    assert play("expert(ruff_at=5)", 1, "2C 4S", trick=("KH",)) == "4S"
    # nothing to take: no trump for a trick without points
    assert play("expert", 1, "2C 4S", trick=("2H",)) == "4S"


# trick 0: the declarer (seat 0) leads KH, seat 2 throws AS on it (11 points, not winning):
# seat 2 is taken for the partner
FED = ((0, "KH 2H AS 3H 4H"),)


def test_expert_infers_the_partner_as_a_defender():
    # trick 1: the declarer leads 2D, seat 1 wins with KD.  Seat 3 (a defender that does
    # not know the partner) takes seat 1 for a fellow defender: it does not overtake, it
    # gives 5D (the trick is sure: seat 4, after it, is taken for a defender too)
    trick = ("2D", "KD", "3D")
    assert play("expert", 3, "AD 5D 6S", tricks=FED, trick=trick) == "5D"
    # without the inference seat 1 is a stranger: take the trick with AD
    assert play("expert(infer=false)", 3, "AD 5D 6S", tricks=FED, trick=trick) == "AD"
    # a signal below signal_at marks nobody
    assert play("expert(signal_at=12)", 3, "AD 5D 6S", tricks=FED, trick=trick) == "AD"


def test_expert_infers_the_partner_as_the_declarer():
    # trick 1: seat 1 beats the declarer; trick 2, led by seat 1: seat 2 (the suspect) wins
    # with KS and the declarer, last, leaves it the trick (3S) instead of taking it (7S)
    tricks = FED + ((0, "2D KD 3D 4D 5D"),)
    trick = ("2S", "KS", "4S", "5S")
    assert play("expert", 0, "7S 3S 6H", tricks=tricks, trick=trick) == "3S"
    assert play("expert(infer=false)", 0, "7S 3S 6H", tricks=tricks, trick=trick) == "7S"


def test_expert_infers_the_partner_from_the_others_beating_the_declarer():
    # seat 1 beats the declarer's 5H in trick 0, seat 4 its 5S in trick 2: for seat 3 (a
    # defender) the partner can only be seat 2, so seat 4 is a fellow defender.  Seat 4
    # leads KD in trick 3 and wins it as it stands; seat 3, last, loads its AD on it (no
    # card of its would not overtake) instead of taking it with the cheaper 7D
    tricks = ((0, "5H 6H 2H 3H 4H"), (1, "2D 3D 4D 5D 6D"), (0, "5S 2S 3S 4S 6S"))
    trick = ("KD", "QD", "JD", "QH")
    assert play("expert", 3, "AD 7D JS", tricks=tricks, trick=trick) == "AD"
    assert play("expert(infer=false)", 3, "AD 7D JS", tricks=tricks, trick=trick) == "7D"
