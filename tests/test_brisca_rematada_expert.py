"""Brisca rematada ``expert``, rule by rule (docs/games/brisca_rematada.md, "expert"): each
test puts a position in a hand-built view and checks the decision, with the default
parameters and with the parameter that changes it.

Cards are ``rank + suit`` (suits O C E B); points 1 11, 3 10, K 4, N 3, J 2.  The expected
cards are worked out in the comments from the documented rules.  The expert chooses among
the cards the rule ``follow`` allows (the default ``suit_trump``, unless a test says
``follow="none"``: there a seat void in the suit led may keep its trumps).
"""
import numpy as np
import pytest

from simcore.brisca_rematada.enums import FOLLOW_RULES, PASS, SUIT_MASKS
from simcore.brisca_rematada.nb import legal_cards
from simcore.brisca_rematada.view import new_view
from simcore.cards import LATIN32 as DECK
from simcore.strategy import decide

SUITS = "OCEB"
PTS = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}


def card(c):
    return DECK.parse_card(c)


def mask(cards):
    return sum(1 << card(c) for c in cards)


def position(seat=0, declarer=0, hand=(), trump="B", trick=(), played=(), trick_no=0,
             discards=(), marriages=(0, 0, 0)):
    """The view the kernel leaves for ``seat`` in the play: ``trick`` lists ``(seat, card)``
    in play order, ``played`` the cards of the finished tricks."""
    v = new_view(False)[0]
    v["phase"] = 3
    v["seat"] = seat
    v["declarer"] = declarer
    v["contract"] = 100
    v["hand"] = mask(hand)
    v["discards"] = mask(discards) if seat == declarer else 0
    t = SUITS.index(trump)
    v["trump"] = t
    v["trick"] = trick_no
    v["trick_len"] = len(trick)
    v["leader"] = trick[0][0] if trick else seat
    v["led"] = card(trick[0][1]) // 8 if trick else -1
    best = None          # the highest trump, else the highest card of the suit led
    for s, c in trick:
        x = card(c)
        if best is None or (x // 8 == best[1] // 8 and x > best[1]) or \
                (x // 8 == t and best[1] // 8 != t):
            best = (s, x)
    v["winner"], v["best"] = best if best else (-1, -1)
    v["trick_points"] = sum(PTS.get(c[0], 0) for _, c in trick)
    for k in range(3):
        v["trick_cards"][k] = card(trick[k][1]) if k < len(trick) else -1
    v["played"] = mask(list(played) + [c for _, c in trick])
    for s in range(3):
        v["marriages"][s] = marriages[s]
    return v


def play(v, name="expert", follow="suit_trump"):
    legal = int(v["hand"])
    if v["trick_len"] > 0:
        legal = int(legal_cards(np.uint64(legal), v["led"], v["best"],
                                SUIT_MASKS[v["trump"]], FOLLOW_RULES.index(follow)))
    return DECK.format_card(decide("brisca_rematada", name, v, legal))


ALL_TRUMPS = [r + "B" for r in "567JNK31"]


# --- 1. leading ------------------------------------------------------------------------------

def test_leading_plays_the_cheapest_non_trump():
    # JO (strength 3) is cheaper than 1C (7); 5B is a trump
    assert play(position(hand=["1C", "JO", "5B"])) == "JO"


# --- 2. the defenders are a side ------------------------------------------------------------

def test_defender_feeds_the_partner_once_the_declarer_has_played():
    # declarer 0 led 5O, partner 1 wins with 1O, seat 2 plays last and must follow in O:
    # the trick is the defenders', 3O (10) is the O card worth most
    v = position(seat=2, declarer=0, hand=["3O", "6O", "7B"], trick=[(0, "5O"), (1, "1O")])
    assert play(v) == "3O"
    # feed=false: the cheapest blank card it may play
    assert play(v, "expert(feed=false)") == "6O"
    # void in O and free to keep its trump (follow=none): 3C, the non-trump worth most
    v = position(seat=2, declarer=0, hand=["3C", "5E", "7B"], trick=[(0, "5O"), (1, "1O")])
    assert play(v, follow="none") == "3C"
    # under the default rule the void seat must trump: 7B, whatever the partner holds
    assert play(v) == "7B"


def test_defender_feeds_a_partner_no_card_still_out_can_beat():
    # defender 1 leads 1O, seat 2 (defender) plays, the declarer 0 plays last: 1O is the
    # highest O, so only a trump beats it, and all eight trumps are played: the partner's
    # card is safe, feed 3C
    v = position(seat=2, declarer=0, hand=["3C", "5E", "6C"], trick=[(1, "1O")],
                 played=ALL_TRUMPS + ["5O"], trick_no=3)
    assert play(v) == "3C"
    # memory=false: the played trumps are forgotten and may be out: throw the cheapest blank
    assert play(v, "expert(memory=false)") == "5E"


def test_defender_throws_when_the_declarer_may_still_beat_the_partner():
    # as above with trumps still out: 1O is not safe, the cheapest blank non-trump goes
    v = position(seat=2, declarer=0, hand=["3C", "5E", "6C"], trick=[(1, "1O")])
    assert play(v) == "5E"


def test_declarer_keeps_its_marriage_and_defenders_do_not():
    # leading with KC NC 1E (trumps B): the declarer keeps its undeclared marriage and leads
    # 1E; a defender keeps nothing and leads its cheapest non-trump, NC (strength 4)
    assert play(position(seat=0, declarer=0, hand=["KC", "NC", "1E"])) == "1E"
    assert play(position(seat=1, declarer=0, hand=["KC", "NC", "1E"])) == "NC"
    # once declared (bit 1: suit C), the declarer's KC NC are free cards again
    assert play(position(seat=0, declarer=0, hand=["KC", "NC", "1E"],
                         marriages=(2, 0, 0))) == "NC"


# --- 3. trumps kept for tricks with points ------------------------------------------------------

def test_trumps_kept_for_tricks_with_points():
    # the declarer 0 plays last on KO 5O (4 points) with 5B 6C 7E.  Cards still out: the 32
    # minus its 3 and the 2 on the table; their points: 120 - 4 = 116.  The threshold is
    # trump_at * 116 // 120 = 10 * 116 // 120 = 9: a 4-point trick is not worth a trump.
    # (follow=none: void in O, it may keep its trump)
    v = position(hand=["5B", "6C", "7E"], trick=[(1, "KO"), (2, "5O")])
    assert play(v, follow="none") == "6C"
    # trump_at=4: 4 * 116 // 120 = 3 <= 4: trump it
    assert play(v, "expert(trump_at=4)", follow="none") == "5B"
    # on 3O 5O (10 points; still out 110 points, threshold 10 * 110 // 120 = 9) the trump goes
    v = position(hand=["5B", "6C", "7E"], trick=[(1, "3O"), (2, "5O")])
    assert play(v, follow="none") == "5B"


def test_trumps_kept_for_tricks_with_points_overtrumping():
    # the default rule: void in O, the declarer must trump KO 6B (4 points; 6B wins).  Of
    # its trumps 5B and 7B only 7B wins; the threshold is 10 * 116 // 120 = 9 > 4: it keeps
    # 7B and plays the cheapest, 5B
    v = position(hand=["5B", "7B", "6C"], trick=[(1, "KO"), (2, "6B")])
    assert play(v) == "5B"
    # trump_at=4 (threshold 3): it overtrumps
    assert play(v, "expert(trump_at=4)") == "7B"


def test_trump_threshold_shrinks_with_the_points_still_out():
    # KO 5O (4 points) again, but the 1 and 3 of C, E, B and the 1 of O are played: the points
    # still out are 116 - (11 + 10) * 3 - 11 = 42; the threshold 10 * 42 // 120 = 3 <= 4:
    # the trump goes
    played = ["1C", "3C", "1E", "3E", "1B", "3B", "1O"]
    v = position(hand=["5B", "6C", "7E"], trick=[(1, "KO"), (2, "5O")], played=played,
                 trick_no=3)
    assert play(v, follow="none") == "5B"
    # memory=false: every unseen card counts as out again (threshold 9): no trump
    assert play(v, "expert(memory=false)", follow="none") == "6C"


# --- 4. the last to play banks points ------------------------------------------------------------

def test_last_to_play_banks_points():
    # the declarer plays last on KO 5C: 3O and 1O both win; it banks the 1O (11)
    v = position(hand=["3O", "1O", "5E"], trick=[(1, "KO"), (2, "5C")])
    assert play(v) == "1O"


def test_not_last_takes_with_the_cheapest_winner_when_none_is_safe():
    # the declarer plays second on KO, seat 2 still to play, trumps out: neither 3O nor 1O is
    # safe, so the cheapest winning non-trump (3O) takes the 4 points
    v = position(seat=0, declarer=0, hand=["3O", "1O", "5E"], trick=[(2, "KO")])
    assert play(v) == "3O"
    # with every trump played, the 1O is safe (nothing out beats it): bank it
    v = position(seat=0, declarer=0, hand=["3O", "1O", "5E"], trick=[(2, "KO")],
                 played=ALL_TRUMPS, trick_no=3)
    assert play(v) == "1O"


# --- 5. the last tricks --------------------------------------------------------------------------

def test_last_tricks_trump_any_trick_with_points():
    # trick 7 of 0..9 with last_tricks=3: KO 5O (4 points) is trumped although the threshold
    # (9, as in test_trumps_kept_for_tricks_with_points) is above 4
    # (follow=none, as in test_trumps_kept_for_tricks_with_points)
    v = position(hand=["5B", "6C", "7E"], trick=[(1, "KO"), (2, "5O")], trick_no=7)
    assert play(v, follow="none") == "5B"
    # last_tricks=2: trick 7 is not one of the last two, the trump is kept
    assert play(v, "expert(last_tricks=2)", follow="none") == "6C"
    # a trick without points is never trumped
    v = position(hand=["5B", "6C", "7E"], trick=[(1, "5O"), (2, "6O")], trick_no=8)
    assert play(v, follow="none") == "6C"


# --- 6. bidding ----------------------------------------------------------------------------------

def bid_view(hand):
    v = new_view(False)[0]
    v["seat"] = 1
    v["hand"] = mask(hand)
    v["bid_step"] = 5
    v["max_bid"] = 250
    v["trump"] = -1
    v["declarer"] = -1
    return v


@pytest.mark.parametrize("name, lowest, expected", [
    ("expert", 150, 150), ("expert", 155, PASS), ("expert(margin=5)", 150, PASS),
    ("expert(margin=-5)", 155, 155)])
def test_bids_by_the_hand_evaluation_with_margin(name, lowest, expected):
    # all eight O and 1C 1E: value(H, O) = 60 + (-3-3-2-1+5+9+7+27) + 5 * (8 - 3) + 30 (the
    # marriage of O, 40 points) + SIDE[1] * 2 (0) = 154; any other suit as trumps is lower
    hand = [r + "O" for r in "567JNK31"] + ["1C", "1E"]
    assert decide("brisca_rematada", name, bid_view(hand), lowest, kind="bid") == expected
