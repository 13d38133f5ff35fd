"""Brisca ``expert``, rule by rule (docs/games/brisca.md, "expert"): each test puts a position
on the table in a hand-built view and checks the card chosen, with the default parameters and
with the parameter that changes the decision.

The expected cards are worked out in the comments from the documented rule (points: 1 11,
3 10, K 4, N 3, J 2; cards ``rank + suit``, suits O C E B).  Where the rule is an
expectation over the opponents' hands or a search, the test computes it independently, by
brute force (every opponent hand enumerated; plain minimax over the last tricks).
"""
from itertools import combinations

import pytest

import simcore

from simcore.brisca.enums import POINTS_TABLE, deck_for, points_row
from simcore.brisca.view import new_view
from simcore.errors import TrunfoError
from simcore.strategy import decide


# --- positions -------------------------------------------------------------------------------

def position(players=2, seat=0, hand=(), trump_card="6B", trick=(), played=(), stock_left=34,
             trump_drawn_by=-1, points=(0, 0), tricks=(0, 0), shown=False, partner_hands=None,
             trick_no=0):
    """A view record as the kernel leaves it for ``seat``: ``trick`` lists ``(seat, card)``
    in play order, ``played`` the cards of the finished tricks."""
    deck = deck_for(players)
    arr = new_view(players, shown=shown)
    v = arr[0]
    v["seat"] = seat
    v["side"] = seat % 2
    v["trump_card"] = deck.parse_card(trump_card)
    v["trump"] = deck.suit_of(v["trump_card"])
    v["stock_left"] = stock_left
    v["trump_drawn_by"] = trump_drawn_by
    v["hand"] = int(deck.parse_hand(list(hand)))
    v["trick"] = trick_no
    cards = [(s, deck.parse_card(c)) for s, c in trick]
    v["trick_len"] = len(cards)
    v["leader"] = cards[0][0] if cards else seat
    pts = POINTS_TABLE[points_row(players, "standard")]
    best = None                     # the highest trump, else the highest card of the suit led
    for s, c in cards:
        if best is None or (deck.suit_of(c) == deck.suit_of(best[1]) and c > best[1]) or \
                (deck.suit_of(c) == v["trump"] and deck.suit_of(best[1]) != v["trump"]):
            best = (s, c)
    everything = [deck.parse_card(c) for c in played] + [c for _, c in cards]
    v["played"] = sum(1 << c for c in everything)
    for k, (s, c) in enumerate(cards):
        v["trick_cards"][k] = c
    v["trick_mask"] = sum(1 << c for _, c in cards)
    v["trick_points"] = sum(int(pts[c]) for _, c in cards)
    if best:
        v["winner"], v["best"] = best
        r = deck.ranks_per_suit
        suit = ((1 << r) - 1) << (deck.suit_of(best[1]) * r)
        trumps = ((1 << r) - 1) << (int(v["trump"]) * r)
        v["beat"] = (suit & ~((1 << (best[1] + 1)) - 1)) | (0 if suit == trumps else trumps)
    v["points"][:len(points)] = points      # (a third side with 3 players)
    v["tricks"][:len(tricks)] = tricks
    for s, h in (partner_hands or {}).items():
        v["partner_hands"][s] = int(deck.parse_hand(h))
    return v


def chosen(v, name="expert"):
    players = int(v["players"])
    return deck_for(players).format_card(
        decide("brisca", name, v, int(v["hand"]), 0, players=players))


# --- independent references of the documented rules --------------------------------------------

D40 = deck_for(2)
PTS = [int(x) for x in POINTS_TABLE[0]]


def beats(x, c, trump):
    """``x`` played after ``c`` (winning the trick) takes it."""
    if D40.suit_of(x) == D40.suit_of(c):
        return x > c
    return D40.suit_of(x) == trump


def trump_cost(c, trump, base, out):
    if D40.suit_of(c) != trump:
        return 0
    return ((2 * base if PTS[c] >= 10 else base) * out) // 120


def lead_value(c, pool, pinned, r, trump, base=6, lead_cost=1, out=120):
    """Two players' lead value by brute force: every hand of ``r`` pool cards (plus the
    pinned ones) alike, the opponent answering with the card worst for the leader."""
    def value(x):
        tp = PTS[c] + PTS[x]
        v = (lead_cost - tp) if beats(x, c, trump) else (tp - lead_cost)
        return v + trump_cost(x, trump, base, out)
    hands = list(combinations(sorted(pool), r))
    return (sum(min(value(x) for x in h + tuple(pinned)) for h in hands) / len(hands)
            - trump_cost(c, trump, base, out))


def leaf(pm, tm, goal):
    """The deal's value at its end for the side with ``pm`` points and ``tm`` of 20 tricks."""
    if goal == "points":
        return pm
    res = 3 if pm > 60 else 1 if pm < 60 else (3 if tm > 10 else 1 if tm < 10 else 2)
    return res * 1000 + pm


def minimax(mine, theirs, me_lead, stock, pm, tm, trump, goal):
    """Plain minimax of two players' last tricks, every card known; after this trick the
    winner draws ``stock[0]`` and the loser ``stock[1]`` (if any)."""
    if not mine:
        return leaf(pm, tm, goal)
    lead, follow = (mine, theirs) if me_lead else (theirs, mine)
    outer = []
    for a in lead:
        inner = []
        for b in follow:
            me_win = beats(b, a, trump) != me_lead
            m = [x for x in mine if x not in (a, b)]
            t = [x for x in theirs if x not in (a, b)]
            if stock:
                m.append(stock[0] if me_win else stock[1])
                t.append(stock[1] if me_win else stock[0])
            inner.append(minimax(m, t, me_win, (), pm + (PTS[a] + PTS[b]) * me_win,
                                 tm + me_win, trump, goal))
        outer.append(min(inner) if me_lead else max(inner))
    return max(outer) if me_lead else min(outer)


def endgame_values(hand, hidden, face_up, trump, pm, tm, goal, led=None):
    """Per card of ``hand``: the sum over the stock's possible hidden card (each of
    ``hidden`` in turn, the others in the opponent's hand) of the minimax value."""
    out = {}
    for c in hand:
        total = 0
        for s in hidden:
            opp = [x for x in hidden if x != s]
            if led is not None:
                me_win = beats(c, led, trump)
                m = [x for x in hand if x != c] + [s if me_win else face_up]
                total += minimax(m, opp + [face_up if me_win else s], me_win, (),
                                 pm + (PTS[c] + PTS[led]) * me_win, tm + me_win, trump, goal)
                continue
            vals = []
            for b in opp:
                me_win = not beats(b, c, trump)
                m = [x for x in hand if x != c] + [s if me_win else face_up]
                t = [x for x in opp if x != b] + [face_up if me_win else s]
                vals.append(minimax(m, t, me_win, (), pm + (PTS[c] + PTS[b]) * me_win,
                                    tm + me_win, trump, goal))
            total += min(vals)
        out[D40.format_card(c)] = total
    return out


def names(*cards):
    return [D40.parse_card(c) for c in cards]


# --- the rules ---------------------------------------------------------------------------------

def test_card_memory():
    """Trump O.  Every trump but the face-up 6O (in the stock) has been played, and so has
    1C: no unseen card can beat the seat's 3C.  With card
    memory it leads it (10 points, less lead_cost, plus the opponent's cheapest card);
    without, the 3C may meet 1C or any of nine trumps and a blank cups card is led."""
    hand = ["3C", "4C", "5C"]
    unseen = ["2E", "4E", "JB", "NB", "7C", "2B"]
    played = [D40.format_card(c) for c in range(40)
              if D40.format_card(c) not in hand + unseen + ["6O"]]
    taken = sum(PTS[D40.parse_card(c)] for c in played)
    v = position(seat=0, hand=hand, trump_card="6O", played=played, stock_left=4,
                 points=(taken // 2, taken - taken // 2), trick_no=15)
    assert chosen(v) == "3C"
    assert chosen(v, "expert(memory=false)") == "4C"
    # the brute-force values of the documented rule agree (out = 120 - points taken)
    out = 120 - taken
    mem = {c: lead_value(D40.parse_card(c), names(*unseen), [], 3, 0, out=out) for c in hand}
    everything = [x for x in range(40) if x not in names(*hand, "6O")]
    blind = {c: lead_value(D40.parse_card(c), everything, [], 3, 0, out=out) for c in hand}
    assert max(mem, key=mem.get) == "3C" and mem["3C"] == 9.0
    assert blind["4C"] == blind["5C"] > blind["3C"]     # equal: the cheapest, 4C, is led


def test_leads_by_the_odds():
    """Two players, leading: the card with the best expected trick value over every hand the
    opponent may hold (brute force here), the opponent answering with its best card; the
    face-up card drawn by the opponent is in its hand for sure."""
    # mid-deal: trump C (face-up 4C in the stock); the seat holds 1E, JO, 2C.  3E is gone:
    # only a trump takes the 1E (expected -2.05, against -3.27 for JO and -4.73 for 2C)
    hand = ["1E", "JO", "2C"]
    played = ["3E", "KE", "2E", "5O", "6O", "7B", "1B", "JC", "NO", "5B"]
    v = position(seat=1, hand=hand, trump_card="4C", played=played, stock_left=24,
                 points=(11, 21), trick_no=5)
    pool = [x for x in range(40) if x not in names(*hand, *played, "4C")]
    values = {c: lead_value(D40.parse_card(c), pool, [], 3, 1, out=120 - 32) for c in hand}
    best = max(values, key=values.get)
    assert sorted(values.values())[-2] < values[best] - 0.01
    assert chosen(v) == best == "1E"
    # stock out, the opponent (seat 0) drew the face-up 1B: it holds it for sure, with 6O and
    # KC (the last unseen cards).  Leading 3O gives it 21 points (-18 with the trump's cost); 4E and 5C lose
    # 8 each: the cheaper, 4E
    hand = ["3O", "4E", "5C"]
    opp = ["1B", "6O", "KC"]
    played = [D40.format_card(c) for c in range(40) if D40.format_card(c) not in hand + opp]
    taken = sum(PTS[D40.parse_card(c)] for c in played)
    v = position(seat=1, hand=hand, trump_card="1B", played=played, stock_left=0,
                 trump_drawn_by=0, points=(taken - 50, 50), tricks=(9, 8), trick_no=17)
    values = {c: lead_value(D40.parse_card(c), names("6O", "KC"), names("1B"), 2, 3,
                            out=120 - taken) for c in hand}
    assert values == {"3O": -18.0, "4E": -8.0, "5C": -8.0}
    assert chosen(v, "expert(endgame=off)") == "4E"


def test_trumps_kept_for_tricks_with_points():
    """Two players, trump B (face-up 6B), first trick: the opponent leads and the seat holds
    2B, 4O, 5C.  Spending the 2B costs trump_cost (6) * 118 // 120 = 5 points (120 less the
    trick's points still out).  A JE (2 points): taking it is worth 2 - lead_cost 1 - 5 = -4,
    throwing 4O loses 2: 4O.  A 1E (11): 11 - 1 - 5 = 5 against -11: 2B.  With trump_cost=0
    the JE is worth taking (1 against -2)."""
    def v(led):
        return position(seat=1, hand=["2B", "4O", "5C"], trick=[(0, led)], trump_card="6B")
    assert chosen(v("JE")) == "4O"
    assert chosen(v("1E")) == "2B"
    assert chosen(v("JE"), "expert(trump_cost=0)") == "2B"
    # four players: team_trump_cost (20 * 116 // 120 = 19) applies, trump_cost does not.
    # The seat (3) plays last; opponent 0 leads KE and wins: 2B takes 4 points for 4 - 1 - 19
    four = position(players=4, seat=3, hand=["2B", "4O", "5O"], trump_card="6B", stock_left=28,
                    trick=[(0, "KE"), (1, "4C"), (2, "5C")])
    assert chosen(four) == "4O"
    assert chosen(four, "expert(trump_cost=0)") == "4O"
    assert chosen(four, "expert(team_trump_cost=0)") == "2B"


def test_lead_cost():
    """Two players: the opponent leads 2C; the seat's 4C takes it for 0 points and the lead,
    worth -lead_cost = -1; throwing 5E or 6E is worth 0: 5E (the cheaper).  With
    lead_cost=-2 taking is worth 2: 4C."""
    v = position(seat=1, hand=["4C", "5E", "6E"], trick=[(0, "2C")], trump_card="6B")
    assert chosen(v) == "5E"
    assert chosen(v, "expert(lead_cost=-2)") == "4C"


def test_last_player_banks_points():
    """The last to play knows what each card brings: on a led 2C, 3C takes 10 points (9 after
    lead_cost), KC 4 (3), 5E none: the 3C is banked (greedy, seeing no points on the table,
    throws the blank)."""
    v = position(seat=1, hand=["3C", "KC", "5E"], trick=[(0, "2C")], trump_card="6B")
    assert chosen(v) == "3C"
    assert chosen(v, "greedy") == "5E"


def test_winning_teammate_fed_when_safe():
    """Four players, trump O (face-up 6O), first trick; the seat holds 1E, 5B, 7O.
    Last to play (seat 3), teammate 1 winning with KC: the 1E is fed (sure: 4 + 11 points).
    Third (seat 2), teammate 0 winning with KC and opponent 3 still to play: with the ace on
    the table (15 points >= opponent_trumps_at 10) the opponent takes it with 3C, 1C or any
    of 8 unseen trumps, which 3 cards of the 34 unseen miss with chance C(24,3)/C(34,3) =
    0.34: feeding is worth (2*0.34 - 1)(15 + later_points 2) < 0; throwing 5B (4 points on the
    table, trumps not expected) is worth (2*C(32,3)/C(34,3) - 1)(4 + 2) = 3.9 > 0: 5B (greedy
    feeds the ace).  With opponent_trumps_at=20 no trump is feared for 15 points either: the
    ace is fed."""
    last = position(players=4, seat=3, hand=["1E", "5B", "7O"], trump_card="6O", stock_left=28,
                    trick=[(0, "2C"), (1, "KC"), (2, "4E")])
    assert chosen(last) == "1E"
    third = position(players=4, seat=2, hand=["1E", "5B", "7O"], trump_card="6O",
                     stock_left=28, trick=[(0, "KC"), (1, "4E")])
    assert chosen(third) == "5B"
    assert chosen(third, "greedy") == "1E"
    assert chosen(third, "expert(opponent_trumps_at=20)") == "1E"


def test_later_points():
    """Four players, trump E (face-up 2E); opponent 2 leads the 3E, the seat (3) holds 7C, 1E,
    KE; opponent 0 and teammate 1 play after.  Taking with the trump ace is sure and costs
    2 * 20 * 110 // 120 = 36: worth 10 + 11 + 2 * later_points 2 - 1 - 36 = -12; throwing 7C
    (nothing unseen beats the 3E but the seat's own ace) loses 10 + 2 * 2 = 14: the ace
    takes.  With later_points=0: -16 against -10: 7C."""
    v = position(players=4, seat=3, hand=["7C", "1E", "KE"], trump_card="2E", stock_left=28,
                 trick=[(2, "3E")])
    assert chosen(v) == "1E"
    assert chosen(v, "expert(later_points=0)") == "7C"


def test_teammate_still_to_play():
    """Four players, trump O (face-up 6O); opponent 0 leads 1C; the seat (1) holds 3E, 5B, 2O,
    then opponent 2 and teammate 3 play.  Only a trump beats 1C: 8 of the 35 unseen cards,
    which the teammate's 3 cards hold with chance 1 - C(27,3)/C(35,3) = 0.553; an opponent
    plays after, so teammate_share (75%) of it counts: 0.415 < 1/2, and the 3E is not risked
    (5B loses less).  With teammate_share=100: 0.553 > 1/2, and the 3E is fed."""
    v = position(players=4, seat=1, hand=["3E", "5B", "2O"], trump_card="6O", stock_left=28,
                 trick=[(0, "1C")])
    assert chosen(v) == "5B"
    assert chosen(v, "expert(teammate_share=100)") == "3E"


def test_partner_hands():
    """The position of test_teammate_still_to_play with partners_show_hands: teammate 3 holds
    1O, which nothing beats, and plays last: the trick is the side's, and the 3E is fed.
    With partner_hands=false the hand is not looked at: 5B."""
    v = position(players=4, seat=1, hand=["3E", "5B", "2O"], trump_card="6O", stock_left=28,
                 trick=[(0, "1C")], shown=True, partner_hands={3: ["1O", "4C", "5C"]})
    assert chosen(v) == "3E"
    assert chosen(v, "expert(partner_hands=false)") == "5B"


def test_exact_endgame():
    """Two players, trump E, the last draw to come: the stock holds one hidden card and the
    face-up 1E, which the trick's loser draws.  The seat (46 points, 11 tricks) leads from
    4O, NE, JB; the opponent holds three of NO, 4C, 3B, 3C and the fourth is the hidden
    card.  Leading JB loses the trick and draws the trump ace: a win in every case (the
    brute-force minimax agrees); the rules of thumb alone (endgame=off) lead the NE."""
    hand, hidden = ["4O", "NE", "JB"], ["NO", "4C", "3B", "3C"]
    played = [D40.format_card(c) for c in range(40)
              if D40.format_card(c) not in hand + hidden + ["1E"]]
    taken = sum(PTS[D40.parse_card(c)] for c in played)
    v = position(seat=0, hand=hand, trump_card="1E", played=played, stock_left=2,
                 points=(46, taken - 46), tricks=(11, 5), trick_no=16)
    values = endgame_values(names(*hand), names(*hidden), D40.parse_card("1E"), 2, 46, 11,
                            "win")
    assert max(values, key=values.get) == "JB" == chosen(v)
    assert values["JB"] >= 4 * 3000            # a win (3) in each of the four cases
    assert all(values[c] < values["JB"] for c in ("4O", "NE"))
    assert chosen(v, "expert(endgame=off)") == "NE"


def test_endgame_goal():
    """Two players, trump B, the last draw to come (face-up NB); the seat (46 points, 2
    tricks) leads from NO, 3B, JE against three of 7O, 4O, 4B, NE.  For the most wins
    (endgame=win) JE wins in every case; for the most points (endgame=points) NO brings one
    point more over the four cases and loses one of them."""
    hand, hidden = ["NO", "3B", "JE"], ["7O", "4O", "4B", "NE"]
    played = [D40.format_card(c) for c in range(40)
              if D40.format_card(c) not in hand + hidden + ["NB"]]
    taken = sum(PTS[D40.parse_card(c)] for c in played)
    v = position(seat=0, hand=hand, trump_card="NB", played=played, stock_left=2,
                 points=(46, taken - 46), tricks=(2, 14), trick_no=16)
    wins = endgame_values(names(*hand), names(*hidden), D40.parse_card("NB"), 3, 46, 2, "win")
    pts = endgame_values(names(*hand), names(*hidden), D40.parse_card("NB"), 3, 46, 2, "points")
    assert max(wins, key=wins.get) == "JE" == chosen(v)
    assert max(pts, key=pts.get) == "NO" == chosen(v, "expert(endgame=points)")


def test_bad_parameter_is_one_line_naming_the_valid_ones():
    v = position(seat=1, hand=["2B", "4O", "5C"], trick=[(0, "JE")])
    with pytest.raises(TrunfoError) as e:
        chosen(v, "expert(trump_costs=3)")
    msg = str(e.value)
    assert "\n" not in msg and "trump_costs" in msg
    assert all(p in msg for p in ("trump_cost", "team_trump_cost", "lead_cost", "memory",
                                  "endgame", "partner_hands", "later_points",
                                  "opponent_trumps_at", "teammate_share"))
    with pytest.raises(TrunfoError) as e:
        chosen(v, "expert(endgame=maybe)")
    assert "\n" not in str(e.value) and "win, points, off" in str(e.value).replace(" or", ",")
    with pytest.raises(TrunfoError) as e:
        chosen(v, "expert(trump_cost=-1)")
    assert "\n" not in str(e.value) and ">= 0" in str(e.value)


def test_rotating_trump_expert():
    """rule rotating_trump: no face-up card (trump_card -1); expert plays a card of its hand
    through the whole stock, the last two (hidden) stock cards included, and still takes an
    ace led with its trump three when the trick is worth it."""
    for stock_left in (34, 2, 0):
        v = position(2, seat=1, hand=("3B", "2O", "4C"), trick=[(0, "1O")],
                     stock_left=stock_left)
        v["trump_card"] = -1
        v["trump"] = 3
        assert chosen(v) in ("3B", "2O", "4C")
    v = position(2, seat=1, hand=("3B", "2O", "4C"), trick=[(0, "1O")], stock_left=20)
    v["trump_card"] = -1
    assert chosen(v) == "3B"


def test_open_hands_expert():
    """rule open_hands (briscola scoperta): expert reads the opponent's shown hand instead of
    the odds of the pool: with nothing over there to beat its three, the three is led for
    its 10 points, which the odds (the ace or a trump may come) advise against."""
    v = position(2, seat=0, hand=("3O", "KC", "2E"), stock_left=28)
    hidden = chosen(v)
    v["open_hands"] = True
    v["hands"][0] = v["hand"]
    v["hands"][1] = int(deck_for(2).parse_hand(["4C", "5E", "6O"]))
    assert chosen(v) == "3O" != hidden
    # the opponent holds the ace of the suit: the three is not led any more
    v["hands"][1] = int(deck_for(2).parse_hand(["4C", "5E", "1O"]))
    assert chosen(v) != "3O"


def test_muerte_al_tres_expert():
    """11. rule muerte_al_tres: the trump ace captures the trump 3 on the table, a partner's
    too (the deal is won at once); the trump 3 is kept back while the trump ace is unseen
    and a player is still to play."""
    def muerte(v, legal, name="expert"):
        v["muerte"] = True
        players = int(v["players"])
        d = deck_for(players)
        return d.format_card(decide("brisca", name, v, int(d.parse_hand(legal.split())), 0,
                                    players=players))
    # two players, the trump 3 led: the ace (legal now) kills it
    assert muerte(position(seat=1, hand=("1B", "5C", "2O"), trick=[(0, "3B")]),
                  "1B 5C 2O") == "1B"
    # four players: the partner's 3 winning the trick; without the rule expert would not
    # beat its partner
    v = position(players=4, seat=3, hand=("1B", "5C", "2O"), trick=[(1, "3B"), (2, "4C")],
                 stock_left=20)
    assert chosen(v) != "1B"
    assert muerte(v, "1B 5C 2O") == "1B"
    # four players, seat 0's ace of coins led, two players still to play: with trumps free
    # to spend (team_trump_cost=0) the trump 3 takes the 21 points; under the rule, the
    # trump ace unseen, the 3 is kept back
    free = "expert(team_trump_cost=0)"
    v = position(players=4, seat=1, hand=("3B", "2O", "4C"), trick=[(0, "1O")],
                 stock_left=20)
    assert chosen(v, free) == "3B"
    assert muerte(v, "3B 2O 4C", free) != "3B"
    # the trump ace already played: the 3 is safe again
    v = position(players=4, seat=1, hand=("3B", "2O", "4C"), trick=[(0, "1O")],
                 stock_left=20, played=("1B", "5B", "6B", "7B"))
    assert muerte(v, "3B 2O 4C", free) == "3B"


def test_three_players_every_other_seat_is_an_opponent():
    """Three players, each for themselves, trump O (face-up 6O), first trick: seat 1 led 2C,
    seat 2 is winning with KC, the seat (0, last) holds 1E, 5B, 7O.  Seat 2 has the parity a
    teammate would have with 4 players, where the ace would be fed (sure: worth 4 + 11); with
    3 it is an opponent: the ace would lose 15, taking with the 7O wins 4 less lead_cost 1
    less the trump's cost 20 * 116 // 120 = 19, throwing 5B loses 4: 5B."""
    v = position(players=3, seat=0, hand=["1E", "5B", "7O"], trump_card="6O", stock_left=30,
                 trick=[(1, "2C"), (2, "KC")])
    v["side"] = 0
    assert chosen(v) == "5B"
    four = position(players=4, seat=3, hand=["1E", "5B", "7O"], trump_card="6O",
                    stock_left=28, trick=[(0, "2C"), (1, "KC"), (2, "4E")])
    assert chosen(four) == "1E"


def test_three_players_expert_beats_random():
    r = simcore.simulate("brisca", deals=400, seed=6, players=3, threads=1,
                         strategies=("expert", "random", "random"), progress=False)
    w = r.summary["winners"]
    assert w["side0"]["count"] > 1.5 * max(w["side1"]["count"], w["side2"]["count"])
