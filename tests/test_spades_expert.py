"""Spades ``expert``, rule by rule (docs/games/spades.md, "expert").

Each test puts a position on the table — a view record built by hand here, from the
cards played so far — and checks the bid or the card ``expert`` chooses, and where a
parameter governs the rule, that changing it changes the decision.  Expected values are
worked out by hand from the documented rules (the arithmetic is written out in comments).
"""
import pytest

from experiments.cli import main
from simcore.cards import FRENCH52 as D
from simcore.errors import TrunfoError
from simcore.spades.view import ALL_BIDS, BLIND_NIL, BLIND_OFFER, SEE_CARDS, new_view
from simcore.strategy import decide

SPADES = 3


def cards(text):
    return [D.parse_card(t) for t in text.split()]


def mask(cs):
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def suit(c):
    return c // 13


def winner_pos(trick):
    """Position in ``trick`` of the card winning it: the highest spade, else the highest
    card of the suit led (card index order is strength order within a suit)."""
    spades = [i for i, c in enumerate(trick) if suit(c) == SPADES]
    pool = spades or [i for i, c in enumerate(trick) if suit(c) == suit(trick[0])]
    return max(pool, key=lambda i: trick[i])


def position(seat, hand, bids=(3, 3, 3, 3), earlier=(), trick=(), leader=None, taken=None,
             trick_no=None, in_game=0, bags=(0, 0), bag_points=0, bag_limit=10):
    """The view of ``seat`` and its legal cards.

    ``earlier``: finished tricks as ``(leader, "c1 c2 c3 c4")``; ``trick``: the cards on the
    table in play order, led by ``leader``; ``taken``: tricks by seat (default: counted
    from ``earlier``); ``trick_no``: the trick being played (default: ``sum(taken)``)."""
    v = new_view()[0]
    h = cards(hand)
    v["seat"] = seat
    v["partner"] = (seat + 2) % 4
    v["hand"] = mask(h)
    v["bids"] = list(bids)
    v["bids_made"] = 4
    v["contract"] = [bids[0] + bids[2], bids[1] + bids[3]]
    won = [0, 0, 0, 0]
    played, played_by, voids = 0, [0] * 4, [0] * 4
    for t, (lead, text) in enumerate(earlier):
        cs = cards(text)
        for k, c in enumerate(cs):
            s = (lead + k) % 4
            played |= 1 << c
            played_by[s] |= 1 << c
            v["history"][t, k] = c
            if k and suit(c) != suit(cs[0]):
                voids[s] |= 1 << suit(cs[0])
        w = (lead + winner_pos(cs)) % 4
        v["leaders"][t] = lead
        v["winners"][t] = w
        won[w] += 1
        if any(suit(c) == SPADES for c in cs):
            v["broken"] = 1
    taken = won if taken is None else list(taken)
    v["tricks"] = taken
    v["team_tricks"] = [taken[0] + taken[2], taken[1] + taken[3]]
    t = sum(taken) if trick_no is None else trick_no
    v["trick"] = t
    on = cards(" ".join(trick) if isinstance(trick, (list, tuple)) else trick)
    if leader is None:
        leader = (seat - len(on)) % 4
    v["leader"] = leader
    v["trick_len"] = len(on)
    for k, c in enumerate(on):
        s = (leader + k) % 4
        v["trick_cards"][k] = c
        played |= 1 << c
        played_by[s] |= 1 << c
        if t < 13:
            v["history"][t, k] = c
        if k and suit(c) != suit(on[0]):
            voids[s] |= 1 << suit(on[0])
    v["played"] = played
    v["played_by"] = played_by
    v["voids"] = voids
    if on:
        w = winner_pos(on)
        v["led"] = suit(on[0])
        v["winner"] = (leader + w) % 4
        v["best"] = on[w]
        follow = [c for c in h if suit(c) == suit(on[0])]
        legal = mask(follow or h)
    else:
        legal = mask(h)
    v["in_game"] = in_game
    v["bags"] = list(bags)
    v["bag_points"] = bag_points
    v["bag_limit"] = bag_limit
    return v, legal


def play(name, v, legal):
    c = int(decide("spades", name, v, legal, 0, kind="play"))
    assert legal >> c & 1, f"{name} played {c}, not a legal card"
    return D.format_card(c)


def bid(name, hand, bids=(-1, -1, -1, -1), seat=0, legal=int(ALL_BIDS)):
    v = new_view()[0]
    v["seat"] = seat
    v["partner"] = (seat + 2) % 4
    v["hand"] = mask(cards(hand)) if hand else 0
    v["bids"] = list(bids)
    return int(decide("spades", name, v, legal, 0, kind="bid"))


# --- bidding ---------------------------------------------------------------------------
def test_bid_blind_nil_when_offered():
    assert bid("expert", "", legal=int(BLIND_OFFER)) == BLIND_NIL
    assert bid("expert(blind_nil=false)", "", legal=int(BLIND_OFFER)) == SEE_CARDS


def test_bid_from_sure_tricks():
    # spades A K Q 4 3: A 4 + K (with the A) 4 + Q (with A or K, 3+ spades) 3 + 2 long 8 = 19
    # hearts A K 5: A 4 + K with the A 4 = 8; clubs A 9: 4; diamonds 7 5 2: 0 -> 31 quarters
    hand = "AS KS QS 4S 3S AH KH 5H AC 9C 7D 5D 2D"
    assert bid("expert", hand) == (31 + 2) // 4 == 8
    assert bid("expert(shade=4)", hand) == (31 - 4 + 2) // 4 == 7
    assert bid("expert(shade=-8)", hand) == (31 + 8 + 2) // 4 == 10


def test_bid_from_sure_tricks_counts_ruffs_and_long_suits():
    # spades A 5 4 (3 spades): 4; hearts A K Q + 4 small (7 cards): the A only 2, K and Q 0;
    # clubs K 3 2: K without the A 2; diamonds void with 2-3 spades: a ruff 3 -> 11 quarters
    hand = "AS 5S 4S AH KH QH 5H 4H 3H 2H KC 3C 2C"
    assert bid("expert", hand) == (11 + 2) // 4 == 3


def test_bid_nil_with_a_hand_that_risks_no_trick():
    # three low spades; in each side suit the i-th lowest card has strength <= 5 + 3i
    hand = "5S 3S 2S 9H 5H 2H JC 6C 3C TD 7D 4D 2D"
    assert bid("expert", hand) == 0
    assert bid("expert(nil=never)", hand) == 1          # no sure trick: the least bid, 1
    assert bid("expert", hand, bids=(-1, -1, 0, -1)) == 1   # never two nils in a team
    # 8H is the lowest heart (strength 6 > 5): one card at risk
    risky = "5S 3S 2S 9H 8H 5C 4C 3C 6D 5D 4D 3D 2D"
    assert bid("expert", risky) == 1
    assert bid("expert(nil=loose)", risky) == 0


# --- play: rule 1, my own nil ------------------------------------------------------------
def test_own_nil_leads_the_card_most_likely_to_lose():
    # clubs 2..T held: only J Q K A above 2C; 3H has 11 unseen hearts above it
    v, legal = position(0, "2C 3C 4C 5C 6C 7C 8C 9C TC 3H 4D 5D 6D", bids=(0, 3, 4, 3))
    assert play("expert", v, legal) == "3H"
    assert play("greedy", v, legal) == "2C"             # greedy leads its cheapest card


def test_own_nil_follows_with_the_highest_card_that_loses():
    v, legal = position(0, "AH QH 3H 9C", bids=(0, 3, 4, 3), trick=["KH"], trick_no=9)
    assert play("expert", v, legal) == "QH"


def test_own_nil_discards_its_highest_card_when_void():
    v, legal = position(0, "AH KC 2C 3S", bids=(0, 3, 4, 3), trick=["5D"], trick_no=9)
    assert play("expert", v, legal) == "AH"


def test_own_nil_when_every_card_wins():
    # last to play: the trick is lost anyway, so out goes the highest card
    v, legal = position(0, "9H KH 2C", bids=(0, 3, 4, 3), trick=["2H", "3H", "4H"],
                        trick_no=10)
    assert play("expert", v, legal) == "KH"
    # second to play: the lowest, and the players after may still overtake it
    v, legal = position(0, "9H KH 2C", bids=(0, 3, 4, 3), trick=["2H"], trick_no=10)
    assert play("expert", v, legal) == "9H"


# --- play: rule 2, protect a partner who bid nil ---------------------------------------------
def test_protect_nil_partner_overtakes_a_winning_partner():
    v, legal = position(0, "TH AH 3H 2C", bids=(4, 3, 0, 3), trick=["4H", "9H", "5H"],
                        trick_no=9)
    assert play("expert", v, legal) == "TH"


def test_protect_nil_partner_plays_high_before_the_partner():
    # seat 3 led; the nil partner (seat 2) plays last: win with the highest card
    v, legal = position(0, "TH KH 3H 2C", bids=(4, 3, 0, 3), trick=["4H"], trick_no=9)
    assert play("expert", v, legal) == "KH"
    assert play("expert(protect_nil=false)", v, legal) == "3H"   # rule 4: second hand low
    assert play("greedy", v, legal) == "TH"


def test_protect_nil_partner_leads_high():
    v, legal = position(0, "AH 3H KD 4D 2C", bids=(4, 3, 0, 3), trick_no=8)
    assert play("expert", v, legal) == "AH"              # a master: it wins the trick
    v, legal = position(0, "KH 3H QD 2C 5S", bids=(4, 3, 0, 3), trick_no=8)
    assert play("expert", v, legal) == "KH"              # no master: the highest plain card
    assert play("expert(protect_nil=false)", v, legal) == "2C"


# --- play: rule 3, set an opponent who bid nil -----------------------------------------------
def test_set_nil_opponent_ducks_under_a_winning_nil():
    v, legal = position(0, "TH 8H 2H 4C", bids=(3, 0, 4, 4), trick=["9H", "3H", "5H"],
                        leader=1, trick_no=9)
    assert play("expert", v, legal) == "8H"
    assert play("expert(set_nil=false)", v, legal) == "TH"      # rule 4: take the trick


def test_set_nil_opponent_plays_low_before_the_nil():
    # seat 3 led 5H; the nil opponent (seat 1) plays right after me
    v, legal = position(0, "AH 9H 2H 4C", bids=(3, 0, 4, 4), trick=["5H"], trick_no=9)
    assert play("expert", v, legal) == "2H"
    assert play("greedy", v, legal) == "9H"


def test_set_nil_opponent_leads_low_in_a_suit_the_nil_holds():
    # seat 1 (nil) showed a void in clubs in the first trick, which I won with the ace
    v, legal = position(0, "2C 3C 4H 9H KD 5D 7D 8D 9D TD JD QD",
                        bids=(3, 0, 4, 4), earlier=[(0, "AC 2D 5C 6C")])
    assert play("expert", v, legal) == "4H"
    assert play("greedy", v, legal) == "2C"


# --- play: rule 4, take tricks --------------------------------------------------------------
def test_take_cashes_a_master():
    # AH went in the first trick: KH is now the highest heart
    v, legal = position(0, "KH 3H 2C 5D 4S", earlier=[(0, "AH 5H 6H 7H")], trick_no=8)
    assert play("expert", v, legal) == "KH"
    assert play("expert(cash_masters=false)", v, legal) == "2C"


def test_take_does_not_cash_into_a_ruff():
    # seat 1 showed a void in hearts (and none in spades): it may ruff the master
    v, legal = position(0, "KH 3H 2C 5D 4S", earlier=[(0, "AH 2D 5H 6H")], trick_no=8)
    assert play("expert", v, legal) == "2C"


def test_take_leads_to_a_partner_void():
    # the partner (seat 2) showed a void in clubs: it can ruff a club
    v, legal = position(0, "9C 4D 3H 7S", bids=(2, 3, 2, 3), earlier=[(3, "5C AC 6C 2D")],
                        trick_no=9)
    assert play("expert", v, legal) == "9C"
    assert play("expert(partner_ruffs=false)", v, legal) == "3H"


def test_take_second_hand_low():
    # KH could lose to an unseen AH in seat 1's hand: low, the partner plays last
    v, legal = position(0, "KH 3H 2C", trick=["5H"], taken=(2, 2, 2, 4), trick_no=10)
    assert play("expert", v, legal) == "3H"
    assert play("greedy", v, legal) == "KH"


def test_take_a_sure_trick():
    # AH has gone: KH beats every unseen heart and no one is known to ruff
    v, legal = position(0, "KH 3H 2C", earlier=[(1, "AH 5H 6H 7H")], trick=["8H"],
                        leader=3, taken=(2, 3, 2, 3), trick_no=10)
    assert play("expert", v, legal) == "KH"
    # third hand (the partner led): the sure winner, not the cheapest winning card
    v, legal = position(0, "AH TH 3H", trick=["5H", "9H"], leader=2, taken=(2, 3, 2, 3),
                        trick_no=10)
    assert play("expert", v, legal) == "AH"
    assert play("greedy", v, legal) == "TH"


def test_take_tricks_to_set_the_opponents():
    # our contract (2 + 2) is made with 4 tricks; they bid 8 and have 3, 6 tricks left
    kw = dict(bids=(2, 4, 2, 4), trick=["5H", "2H", "9H"], leader=1, taken=(3, 2, 1, 1),
              trick_no=7)
    v, legal = position(0, "TH 3H 4C 5C 6C 7C", **kw)
    assert play("expert", v, legal) == "TH"
    assert play("expert(set_contract=false)", v, legal) == "3H"


def test_avoid_bags_once_the_contract_is_made():
    # both contracts made (4 of 4; they bid 4 and have 4): duck with the highest losing card
    kw = dict(bids=(2, 2, 2, 2), trick=["5H", "2H", "9H"], leader=1, taken=(3, 2, 1, 2),
              trick_no=8)
    v, legal = position(0, "TH 3H 4C 5C 6C", **kw)
    assert play("expert", v, legal) == "3H"
    assert play("expert(avoid_bags=false)", v, legal) == "TH"
    # a single hand where every bag scores bag_points: take it
    v, legal = position(0, "TH 3H 4C 5C 6C", bag_points=1, **kw)
    assert play("expert", v, legal) == "TH"
    # leading: the card most likely to lose (4C: 8 unseen clubs above it; 3H: 6, since
    # A K Q J of hearts have gone)
    v, legal = position(0, "TH 3H 4C 5C 6C", bids=(2, 2, 2, 2), taken=(3, 2, 1, 2),
                        trick_no=8, earlier=[(1, "AH KH QH JH")])
    assert play("expert", v, legal) == "4C"


def test_bag_margin_stops_setting_in_a_game():
    # in a game, setting them (they need 5 of 6) costs bags: 8 carried, limit 10
    kw = dict(bids=(2, 4, 2, 4), trick=["5H", "2H", "9H"], leader=1, taken=(3, 2, 1, 1),
              trick_no=7, in_game=1)
    v, legal = position(0, "TH 3H 4C 5C 6C 7C", bags=(8, 0), **kw)
    assert play("expert", v, legal) == "TH"               # 8 < 10 - 1: still sets
    v, legal = position(0, "TH 3H 4C 5C 6C 7C", bags=(9, 0), **kw)
    assert play("expert", v, legal) == "3H"               # the next bag costs 100
    assert play("expert(bag_margin=0)", v, legal) == "TH"


# --- parameters ------------------------------------------------------------------------------
@pytest.mark.parametrize("name,needle", [
    ("expert(shade=99)", "allowed: an integer >= -8 and <= 12"),
    ("expert(nil=always)", "allowed: never, safe, loose"),
    ("expert(protect_nil=maybe)", "allowed: true, false"),
    ("expert(colour=1)", "valid parameters: shade, nil, blind_nil, protect_nil, set_nil, "
                         "set_contract, avoid_bags, bag_margin, cash_masters, partner_ruffs"),
])
def test_bad_parameter_is_one_line_naming_the_valid_ones(name, needle):
    v, legal = position(0, "KH 3H 2C", trick=["5H"], trick_no=10)
    with pytest.raises(TrunfoError) as e:
        decide("spades", name, v, legal)
    assert needle in str(e.value) and "\n" not in str(e.value)


def test_bad_parameter_on_the_command_line(capsys):
    code = main(["compare", "spades", "--strategies", "expert(nil=always),greedy", "-n", "10"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "nil=always" in err and "never, safe, loose" in err
