"""trunfo's record checker (experiments/records_check.py) against docs/records.md.

Real records of every game, player count and rubber kind pass; each deliberately broken
record gets the message that names what was broken; the command prints one line per
problem and exits 0, 1 or 2.
"""
import copy
import functools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import simcore
from experiments.cli import main
from experiments.records_check import check_record, check_sequence

MIX = ("random", "greedy", "random", "greedy")


@functools.lru_cache(maxsize=None)
def recs(game, n, seed=1, players=None, strategies=("random",), rubbers=False, rules=()):
    """Records as a reader gets them: through JSON."""
    return tuple(json.loads(json.dumps(r)) for r in simcore.game_records(
        game, deals=n, seed=seed, players=players, strategies=strategies, rubbers=rubbers,
        rules=dict(rules)))


IT_MIX = ("random", "greedy", "random", "greedy", "random")
# a seat that never bids, one that plays alone when it declares: every branch of the rules
IT_ODD = ("greedy(margin=60)", "random(alone_at=0)", "greedy(margin=60)", "random(margin=60)",
          "greedy(alone_at=85)")
BC_BOLD = ("greedy(margin=-25)", "random(margin=-25)", "greedy", "random(margin=-10)",
           "greedy(margin=-25)")             # point bids after the 2
BC_SHY = ("greedy(margin=40)", "random(margin=40)", "greedy(margin=40)", "random(margin=30)",
          "greedy(margin=40)")               # passed-out deals
SUECA_VARIANTS = (("pente", True), ("tie_carry", True), ("triple_at_30", True),
                  ("bandeira_by_points", True))
SPADES_GAME_RULES = (("blind_nil", True), ("bag_limit", 3), ("bag_points", 1))
VALID = {
    "sueca deals": ("sueca", 30, 21, None, MIX, False, ()),
    "sueca deals, redraw_point_trump": ("sueca", 20, 2, None, MIX, False,
                                        (("redraw_point_trump", True),)),
    "sueca rubbers": ("sueca", 3, 1, None, ("random",), True, ()),
    "sueca rubbers, scoring variants": ("sueca", 30, 2, None, ("random",), True,
                                        SUECA_VARIANTS),
    "brisca 2 deals": ("brisca", 30, 2026, 2, ("random",), False, ()),
    "brisca 3 deals": ("brisca", 30, 2026, 3, ("random",), False, ()),
    "brisca 4 deals": ("brisca", 30, 2026, 4, ("random",), False, ()),
    "brisca 6 deals": ("brisca", 30, 2026, 6, ("random",), False, ()),
    "brisca 2 matches": ("brisca", 3, 4, 2, ("random",), True,
                         (("double_at", 100), ("values", "lombardy"))),
    "brisca 4 matches": ("brisca", 2, 4, 4, ("random",), True, (("tiebreak_cards", False),)),
    "brisca 6 matches": ("brisca", 2, 4, 6, ("random",), True, ()),
    # MIX: the four-player table the Brisca parity and rules tests play marriages with
    "brisca 4 deals, marriages": ("brisca", 30, 3, 4, MIX, False,
                                  (("marriages", True),)),
    "brisca 2 deals, mexican": ("brisca", 400, 3, 2, ("random",), False,
                                (("mexican", True),)),
    "brisca 2 matches, rotating_trump": ("brisca", 3, 4, 2, ("random",), True,
                                         (("rotating_trump", True), ("marriages", True))),
    "scopa 2 deals": ("scopa", 30, 2026, 2, ("random",), False, ()),
    "scopa 3 deals": ("scopa", 30, 2026, 3, ("random",), False, ()),
    "scopa 4 deals": ("scopa", 30, 2026, 4, ("random",), False, ()),
    "scopa 4 deals, no teams": ("scopa", 30, 2026, 4, ("random",), False,
                                (("teams", False),)),
    "scopa 2 matches": ("scopa", 1, 4, 2, ("random",), True, ()),
    "scopa 3 matches": ("scopa", 2, 4, 3, ("random",), True,
                        (("last_play_scopa", True), ("kings_relay", "off"))),
    "scopa 4 matches": ("scopa", 1, 4, 4, ("random",), True, ()),
    "spades hands": ("spades", 30, 11, None, MIX, False, ()),
    "spades hands, break_spades": ("spades", 30, 11, None, MIX, False,
                                   (("break_spades", True),)),
    "spades games": ("spades", 1, 11, None, ("greedy",), True, SPADES_GAME_RULES),
    "sueca_italiana deals": ("sueca_italiana", 30, 21, None, IT_MIX, False, ()),
    "sueca_italiana deals, alone and passes": ("sueca_italiana", 30, 3, None, IT_ODD, False, ()),
    "sueca_italiana deals, call_own_card false": ("sueca_italiana", 20, 3, None, IT_ODD, False,
                                                  (("call_own_card", False),)),
    "sueca_italiana matches": ("sueca_italiana", 3, 4, None, IT_MIX, True, (("target", 5),)),
    "briscola_chiamata deals": ("briscola_chiamata", 30, 21, None, IT_MIX, False, ()),
    "briscola_chiamata deals, bold": ("briscola_chiamata", 30, 21, None, BC_BOLD, False, ()),
    "briscola_chiamata deals, buia and points": ("briscola_chiamata", 30, 3, None, IT_MIX,
                                                 False, (("chiamata_buia", True),
                                                         ("points_only", True))),
    "briscola_chiamata deals, passed out": ("briscola_chiamata", 20, 3, None, BC_SHY, False,
                                            ()),
    "briscola_chiamata matches": ("briscola_chiamata", 2, 4, None, IT_MIX, True,
                                  (("chiamata_buia", True),)),
    "brisca_rematada deals": ("brisca_rematada", 30, 2026, None, ("random",), False, ()),
    "brisca_rematada deals, twenty_forty": ("brisca_rematada", 30, 3, None,
                                            ("greedy", "random", "greedy"), False,
                                            (("marriages", "twenty_forty"), ("bid_step", 1))),
    "brisca_rematada matches": ("brisca_rematada", 2, 4, None, ("random",), True,
                                (("target", 300),)),
    "brisca_rematada deals, follow head": ("brisca_rematada", 30, 5, None, ("random",), False,
                                           (("follow", "head"),)),
    "brisca_rematada deals, follow none": ("brisca_rematada", 30, 5, None, ("random",), False,
                                           (("follow", "none"),)),
}


def valid(name):
    return recs(*VALID[name])


@pytest.mark.parametrize("name", list(VALID))
def test_records_of_every_game_pass(name):
    rs = valid(name)
    assert rs
    for r in rs:
        assert check_record(r) == [], (name, r["deal"])
    assert check_sequence(rs) == []


def test_the_valid_records_reach_the_rules_the_checker_checks():
    """The records above are not all plain: they hold the cases the arithmetic must get right."""
    outcomes = {r["result"]["outcome"] for r in valid("sueca rubbers, scoring variants")}
    assert {"tie", "team0_pente", "team0_triple"} <= outcomes
    assert any(r["carry"] > 0 and r["result"]["winner"] is not None
               for r in valid("sueca rubbers, scoring variants"))
    assert any(r["result"]["outcome"].endswith("double") for r in valid("brisca 2 matches"))
    assert any(r["result"]["outcome"] == "tie" for r in valid("scopa 3 deals"))
    assert any(e["scope"] for r in valid("scopa 2 deals") for e in r["score"])
    games = valid("spades games")
    assert any(any(r["blind_nil"]) for r in games)
    assert any(max(r["bag_penalty"]) > 0 for r in games)
    assert any("nil_made" in r["nil"] for r in valid("spades hands"))
    odd = valid("sueca_italiana deals, alone and passes")
    assert {"made", "failed", "alone_made", "alone_failed"} <= {r["result"]["outcome"]
                                                               for r in odd}
    assert any(r["bids"] == [None] * 5 for r in odd)
    assert any(r["declarer"] is None for r in valid("briscola_chiamata deals, passed out"))
    assert any(isinstance(b, int) for r in valid("briscola_chiamata deals, bold")
               for b in r["bids"])
    assert any(r["partner"] == r["declarer"] for r in valid("briscola_chiamata deals"))
    rem = valid("brisca_rematada deals, twenty_forty")
    assert any(m["points"] == 20 for r in rem for m in r["marriages"])
    assert {r["result"]["outcome"] for r in rem} == {"made", "failed"}
    assert any(r["contract"] % 5 for r in rem)
    assert any(max(r["marriages"]) > 0 for r in valid("brisca 4 deals, marriages"))
    assert any(r["result"]["winner"] is not None for r in valid("brisca 2 deals, mexican"))


# --- broken records: each mutation and the message it must give ---------------------------
def first(name):
    return copy.deepcopy(valid(name)[0])


def set_key(r, key, value):
    r[key] = value


def card_twice(r):
    kept, lost = r["hands"][1][0], r["hands"][0][0]
    r["hands"][0][0] = kept
    return [f"deal: {kept} is dealt twice (hands[0] and hands[1])", f"deal: {lost} is missing"]


def card_missing(r):
    gone = r["hands"][2].pop()
    return ["hands[2]: holds 9 cards, 10 expected", f"deal: {gone} is missing"]


def foreign_card(r):
    r["hands"][3][4] = "TS"                    # a ten: not in the 40-card Sueca deck
    return ['hands[3][4]: "TS" is not a card of french40']


def wrong_winner(r):
    w = r["tricks"][0]["winner"]
    r["tricks"][0]["winner"] = (w + 1) % r["players"]
    return [f"tricks[0].winner: seat {(w + 1) % r['players']}, but seat {w} wins with"]


def wrong_trick_points(r):
    r["tricks"][4]["points"] += 1
    return [f"tricks[4].points: {r['tricks'][4]['points']}, but"]


def points_not_120(r):
    p0, p1 = r["points"]
    r["points"] = [p0 + 1, p1]
    return [f"points: [{p0 + 1}, {p1}] add up to 121, not 120",
            f"points: [{p0 + 1}, {p1}], but the replayed tricks give [{p0}, {p1}]"]


def points_by_the_wrong_team(r):
    p0, p1 = r["points"]
    assert p0 != p1
    r["points"] = [p1, p0]
    return [f"points: [{p1}, {p0}], but the replayed tricks give [{p0}, {p1}]"]


def out_of_turn(r):
    r["plays"][0], r["plays"][1] = r["plays"][1], r["plays"][0]
    return [f"plays[0]: seat {r['plays'][0][0]} plays, but it is seat {r['plays'][1][0]}'s turn"]


def not_following_suit(r):
    """Swap two cards of one seat so that it keeps the suit led and plays another suit."""
    n = r["players"]
    plays = r["plays"]
    for i, (seat, card) in enumerate(plays):
        if i % n == 0 or card[1] != plays[i - i % n][1][1]:
            continue                                   # a lead, or not following
        for j in range(i + n, len(plays)):
            if plays[j][0] == seat and plays[j][1][1] != card[1]:
                plays[i][1], plays[j][1] = plays[j][1], card
                return [f"plays[{i}]: seat {seat} plays {plays[i][1]} but holds the suit led",
                        "must follow suit"]
    raise AssertionError("no swap found")


def trump_not_the_dealers(r):
    other = r["hands"][(r["dealer"] + 1) % 4][0]
    r["trump"] = other
    return [f"trump: {other} is not one of the dealer's (seat {r['dealer']}) cards"]


def wrong_games(r):
    r["result"]["games"] += 1
    return [f"result.games: {r['result']['games']}, but the rules give {r['result']['games'] - 1}"]


def float_seed(r):
    r["seed"] = 1.0
    return ["seed: expected an integer, got a number written with a decimal point (1.0)"]


def bool_deal(r):
    r["deal"] = True
    return ["deal: expected an integer, got a boolean (true)"]


def string_players(r):
    r["players"] = "4"
    return ['players: "4" is not a player count of sueca (4)']


def float_trick_points(r):
    r["tricks"][0]["points"] = float(r["tricks"][0]["points"])
    return ["tricks[0].points: expected an integer, got a number written with a decimal point"]


def dealer_out_of_range(r):
    r["dealer"] = 4
    return ["dealer: seat 4 does not exist with 4 players (seats 0..3)"]


def play_seat_out_of_range(r):
    r["plays"][6][0] = 5
    return ["plays[6][0]: seat 5 does not exist with 4 players"]


def leader_negative(r):
    r["tricks"][3]["leader"] = -1
    return ["tricks[3].leader: seat -1 does not exist"]


def rule_not_allowed(r):
    r["rules"]["rubber_games"] = 6
    return ["rules.rubber_games: 6 is not allowed; allowed: 4, 5, 10"]


def scoring_name_wrong(r):
    r["rules"]["pente"] = True
    return ['rules.scoring: "standard", but the options in force give "pente"']


def missing_key(r):
    del r["tricks"]
    return ["missing key tricks"]


def unknown_game(r):
    r["game"] = "poker"
    return ['game: unknown game "poker"; known games: sueca, brisca, scopa, spades, '
            'sueca_italiana, briscola_chiamata, brisca_rematada']


def brisca_draw_order(r):
    r["stock"][0], r["stock"][1] = r["stock"][1], r["stock"][0]
    return ["which it does not hold"]


def brisca_trump_not_last(r):
    r["trump"] = r["stock"][0]
    return [f"trump: {r['stock'][0]}, but the face-up trump is the last card of the stock "
            f"({r['stock'][-1]})"]


def brisca_cards(r):
    c0, c1 = r["cards"]
    r["cards"] = [c0 + 2, c1]
    return [f"cards: [{c0 + 2}, {c1}] add up to {c0 + c1 + 2}, not {c0 + c1}"]


def brisca_outcome(r):
    r["result"]["outcome"] = "tie"
    return ['result.outcome: "tie", but the rules give']


def brisca_three_two_of_coins(r):
    """Three players: the 2 of coins is not dealt."""
    r["stock"][0] = "2O"
    return ["2O"]


def brisca_three_points_by_seat(r):
    p = r["points"]
    r["points"] = [p[1], p[2], p[0]]
    return [f"points: {json.dumps(r['points'], separators=(', ', ': '))}, but the replayed "
            f"tricks give {json.dumps(p)}"]


def brisca_three_marriages(r):
    r["rules"]["marriages"] = True
    return ["rules.marriages: true, but it is not played with 3 players"]


def brisca_marriage_invented(r):
    m0, m1 = r["marriages"]
    r["marriages"] = [m0 + 20, m1]
    return [f"marriages: [{m0 + 20}, {m1}] add up to"]


def brisca_rotating_suit(r):
    r["trump_suit"] = "B" if r["trump_suit"] != "B" else "O"
    return [f'trump_suit: "{r["trump_suit"]}", but deal 0 of the rotation has trump suit']


def scopa_lays_a_card_that_captures(r):
    j = next(j for j, p in enumerate(r["plays"]) if p[2])
    card = r["plays"][j][1]
    r["plays"][j][2] = []
    return [f"plays[{j}]: {card} is laid on the table, but it can capture",
            "a card that can capture must capture"]


def scopa_captures_what_is_not_there(r):
    j = next(j for j, p in enumerate(r["plays"]) if p[2])
    later = r["plays"][-1][1]                  # still in a hand at play j
    r["plays"][j][2] = [later]
    return [f"plays[{j}]: {r['plays'][j][1]} captures {later}, but the table holds only"]


def scopa_primiera(r):
    v = r["score"][0]["primiera"]
    r["score"][0]["primiera"] = v + 1
    return [f"score[0].primiera: {v + 1}, but the replayed plays give {v}"]


def scopa_points(r):
    v = r["score"][1]["points"]
    r["score"][1]["points"] = v + 1
    return [f"score[1].points: {v + 1}, but the replayed plays give {v}"]


def scopa_last_capture(r):
    was = r["last_capture"]
    r["last_capture"] = None
    return [f"last_capture: null, but the last capture was made by seat {was}"]


def scopa_short_hand(r):
    r["hands"][1][0] = r["hands"][1][0][:2]
    return ["hands[1][0]: holds 2 cards, 3 expected", "is missing"]


def spades_bid_out_of_range(r):
    r["bids"][2] = 14
    return ["bids[2]: 14 is outside 0..13"]


def spades_score(r):
    s0, s1 = r["score"]
    r["score"] = [s0 + 10, s1]
    return [f"score: [{s0 + 10}, {s1}], but bids"]


def spades_tricks_by_seat(r):
    t = r["points"]
    r["points"] = [t[1], t[0], t[2], t[3]]
    return ["points:", "(tricks taken by each seat)"]


def spades_trump(r):
    r["trump"] = "AS"
    return ['trump: spades are always trump: trump is null, got "AS"']


def spades_blind_nil_without_rule(r):
    r["blind_nil"][0] = True
    return ["blind_nil[0]: a blind nil, but rules.blind_nil is off"]


def it_bid_not_above(r):
    j = next(j for j, b in enumerate(r["bids"]) if b is not None)
    r["bids"] = [None] * 5
    r["bids"][j], r["bids"][(j + 1) % 5] = 90, 90
    seat = (r["dealer"] + (j + 1) % 5) % 5
    return [f"bids[{(j + 1) % 5}]: seat {seat} bids 90, not above the highest bid 90"]


def it_zero_after_a_bid(r):
    r["bids"] = [75, 0, None, None, None]
    return [f"bids[1]: seat {(r['dealer'] + 1) % 5} bids 0, but 0 is allowed only while "
            f"nobody has bid"]


def it_declarer(r):
    d = r["declarer"]
    r["declarer"] = (d + 1) % 5
    return [f"declarer: seat {(d + 1) % 5}, but seat {d} declares"]


def it_contract(r):
    r["contract"] += 1
    return [f"contract: {r['contract']}, but the auction gives {r['contract'] - 1}"]


def it_partner(r):
    p = r["partner"]
    r["partner"] = (p + 1) % 5
    return [f"partner: seat {(p + 1) % 5}, but seat {p} holds the called card"]


def it_trump(r):
    r["trump"] = r["hands"][0][0] if r["hands"][0][0] != r["called_card"] else r["hands"][0][1]
    return ["trump:", "but the trump card is the called card"]


def it_first_leader(r):
    r["tricks"][0]["leader"] = (r["declarer"] + 1) % 5
    return [f"tricks[0].leader: seat {(r['declarer'] + 1) % 5}, but seat {r['declarer']} "
            f"leads (the declarer)"]


def it_game_points(r):
    gp = r["result"]["game_points"]
    r["result"]["game_points"] = [g + 1 for g in gp]
    return ["result.game_points:", "but the rules give"]


def it_made(r):
    r["result"]["made"] = not r["result"]["made"]
    return ["result.made:"]


def it_own_card_forbidden(r):
    r["rules"]["call_own_card"] = False
    return [f"called_card: {r['called_card']} is the declarer's own card, which "
            f"rules.call_own_card false forbids"]


def bc_points_before_the_two(r):
    j = next(j for j, b in enumerate(r["bids"]) if isinstance(b, str))
    r["bids"][j] = 70
    return [f"bids[{j}]:", "bids 70 points before the 2 has been named"]


def bc_rank_not_lower(r):
    js = [j for j, b in enumerate(r["bids"]) if isinstance(b, str)]
    j = js[1] if len(js) > 1 else js[0]
    r["bids"][j] = "1"
    return [f"bids[{j}]:", "not above the highest bid"]


def bc_auction_too_long(r):
    r["bids"].append(None)
    return [f"bids: {len(r['bids'])} entries, but the auction ended after "
            f"{len(r['bids']) - 1}"]


def bc_called_rank(r):
    rank = [b for b in r["bids"] if b is not None][-1]
    rank = rank if isinstance(rank, str) else "2"
    other = "K" if rank != "K" else "N"
    r["called_card"] = other + r["called_card"][1]
    r["trump"] = r["called_card"]
    return [f"called_card: {r['called_card']}, but the card called is of the last rank named "
            f"({rank})"]


def bc_scores(r):
    r["result"]["scores"][0] += 1
    return ["result.scores:", "but the rules give"]


def bc_cappotto(r):
    r["result"]["cappotto"] = not r["result"]["cappotto"]
    return ["result.cappotto:"]


def bc_contract(r):
    r["contract"] = 62 if r["contract"] == 61 else 61
    return ["contract:", "but the auction gives"]


def rematada_bid_off_step(r):
    j = next(j for j, (_, b) in enumerate(r["bids"]) if b is not None)
    r["bids"][j][1] += 1
    return [f"bids[{j}]: seat {r['bids'][j][0]} bids {r['bids'][j][1]}; allowed:",
            "by steps of 5"]


def rematada_wrong_declarer(r):
    d = r["declarer"]
    r["declarer"] = (d + 1) % 3
    return [f"declarer: {(d + 1) % 3}, but the auction leaves seat {d}"]


def rematada_discard_not_held(r):
    d = r["declarer"]
    other = r["hands"][(d + 1) % 3][0]
    r["discards"][0] = other
    return [f"discards: {other} is neither in the declarer's hand nor in the talon"]


def rematada_trump_a_card(r):
    r["trump"] = "1" + r["trump"]
    return [f'trump: a suit letter (O C E B), got "{r["trump"]}"']


def rematada_marriage_invented(r):
    r["marriages"].append({"seat": 0, "suit": "O", "trick": 9, "points": 40})
    return ["marriages: ", "but the replayed play declares"]


def rematada_not_following(r):
    """A seat that followed suit plays instead a card of another suit it held then."""
    plays = r["plays"]
    for i, (seat, c) in enumerate(plays):
        led = plays[i - i % 3][1][1]
        if i % 3 == 0 or c[1] != led:
            continue
        for j in range(i + 1, len(plays)):
            if plays[j][0] == seat and plays[j][1][1] != led:
                c2 = plays[j][1]
                plays[i][1], plays[j][1] = c2, c
                return [f"plays[{i}]: seat {seat} plays {c2} to ",
                        "(rules.follow suit_trump: it must follow suit, else trump); it may play"]
    raise AssertionError("no play to swap")


def rematada_not_heading(r):
    """Under follow=head, a seat that headed the trick plays instead a lower card of the suit
    led that it held then (the trick not trumped)."""
    order = "13KNJ765"
    plays = r["plays"]
    for i, (seat, c) in enumerate(plays):
        trick = [x for _, x in plays[i - i % 3:i]]
        if not trick or any(x[1] == r["trump"] != trick[0][1] for x in trick) or \
                c[1] != trick[0][1]:
            continue
        top = min((x for x in trick if x[1] == c[1]), key=lambda x: order.index(x[0]))
        if order.index(c[0]) > order.index(top[0]):
            continue
        for j in range(i + 1, len(plays)):
            c2 = plays[j][1]
            if plays[j][0] == seat and c2[1] == c[1] and order.index(c2[0]) > order.index(top[0]):
                plays[i][1], plays[j][1] = c2, c
                return [f"plays[{i}]: seat {seat} plays {c2} to ", "(rules.follow head: it must "
                        "follow suit, else trump, and beat the trick when able); it may play"]
    raise AssertionError("no play to swap")


def rematada_score(r):
    s = r["score"]
    r["score"] = [s[1], s[2], s[0]]
    return [f"score: {r['score']}, but the rules give {s}"]


BROKEN = [
    ("sueca deals", card_twice), ("sueca deals", card_missing), ("sueca deals", foreign_card),
    ("sueca deals", wrong_winner), ("sueca deals", wrong_trick_points),
    ("sueca deals", points_not_120), ("sueca deals", points_by_the_wrong_team),
    ("sueca deals", out_of_turn), ("sueca deals", not_following_suit),
    ("sueca deals", trump_not_the_dealers), ("sueca deals", wrong_games),
    ("sueca deals", float_seed), ("sueca deals", bool_deal), ("sueca deals", string_players),
    ("sueca deals", float_trick_points), ("sueca deals", dealer_out_of_range),
    ("sueca deals", play_seat_out_of_range), ("sueca deals", leader_negative),
    ("sueca deals", rule_not_allowed), ("sueca deals", scoring_name_wrong),
    ("sueca deals", missing_key), ("sueca deals", unknown_game),
    ("brisca 4 deals", brisca_draw_order), ("brisca 2 deals", brisca_trump_not_last),
    ("brisca 6 deals", brisca_cards), ("brisca 2 deals", brisca_outcome),
    ("brisca 3 deals", brisca_outcome), ("brisca 3 deals", brisca_three_two_of_coins),
    ("brisca 3 deals", brisca_three_points_by_seat), ("brisca 3 deals", brisca_three_marriages),
    ("brisca 3 deals", wrong_winner),
    ("brisca 6 deals", wrong_winner), ("brisca 4 deals, marriages", brisca_marriage_invented),
    ("brisca 2 matches, rotating_trump", brisca_rotating_suit),
    ("scopa 2 deals", scopa_lays_a_card_that_captures),
    ("scopa 3 deals", scopa_captures_what_is_not_there), ("scopa 4 deals", scopa_primiera),
    ("scopa 2 deals", scopa_points), ("scopa 3 deals", scopa_last_capture),
    ("scopa 2 deals", scopa_short_hand),
    ("spades hands", spades_bid_out_of_range), ("spades hands", spades_score),
    ("spades hands", spades_tricks_by_seat), ("spades hands", spades_trump),
    ("spades hands", spades_blind_nil_without_rule), ("spades hands", not_following_suit),
    ("spades hands", wrong_winner),
    ("sueca_italiana deals", it_bid_not_above), ("sueca_italiana deals", it_zero_after_a_bid),
    ("sueca_italiana deals", it_declarer), ("sueca_italiana deals", it_contract),
    ("sueca_italiana deals", it_partner), ("sueca_italiana deals", it_trump),
    ("sueca_italiana deals", it_first_leader), ("sueca_italiana deals", it_game_points),
    ("sueca_italiana deals", it_made), ("sueca_italiana deals", not_following_suit),
    ("sueca_italiana deals", wrong_winner), ("sueca_italiana deals", card_twice),
    ("briscola_chiamata deals", bc_points_before_the_two),
    ("briscola_chiamata deals", bc_rank_not_lower),
    ("briscola_chiamata deals", bc_auction_too_long), ("briscola_chiamata deals", bc_called_rank),
    ("briscola_chiamata deals", bc_scores), ("briscola_chiamata deals", bc_cappotto),
    ("briscola_chiamata deals", bc_contract), ("briscola_chiamata deals", it_declarer),
    ("briscola_chiamata deals", it_partner), ("briscola_chiamata deals", it_first_leader),
    ("briscola_chiamata deals", wrong_winner), ("briscola_chiamata deals", card_twice),
    ("brisca_rematada deals", rematada_bid_off_step),
    ("brisca_rematada deals", rematada_wrong_declarer),
    ("brisca_rematada deals", rematada_discard_not_held),
    ("brisca_rematada deals", rematada_trump_a_card),
    ("brisca_rematada deals", rematada_marriage_invented),
    ("brisca_rematada deals", rematada_score), ("brisca_rematada deals", wrong_winner),
    ("brisca_rematada deals", rematada_not_following),
    ("brisca_rematada deals, follow head", rematada_not_heading),
]


@pytest.mark.parametrize("name,broken", BROKEN, ids=[f"{n}-{f.__name__}" for n, f in BROKEN])
def test_a_broken_record_gets_the_message_naming_it(name, broken):
    r = first(name)
    assert check_record(r) == []
    expected = broken(r)
    problems = check_record(r)
    assert problems and all(isinstance(p, str) and "\n" not in p for p in problems)
    for text in expected:
        assert any(text in p for p in problems), (text, problems)


def test_a_declarer_calling_its_own_card_under_call_own_card_false():
    r = copy.deepcopy(next(r for r in valid("sueca_italiana deals, alone and passes")
                           if r["partner"] == r["declarer"]))
    assert check_record(r) == []
    for text in it_own_card_forbidden(r):
        assert any(text in p for p in check_record(r)), check_record(r)


def test_a_passed_out_deal_with_plays():
    r = copy.deepcopy(next(r for r in valid("briscola_chiamata deals, passed out")
                           if r["declarer"] is None))
    assert check_record(r) == []
    r["declarer"], r["result"]["scores"][0] = 2, 1
    problems = check_record(r)
    assert any(p.startswith("declarer: 2, but all passed: the deal is passed out")
               for p in problems), problems
    assert any(p.startswith("result.scores:") for p in problems), problems


def test_chiamata_buia_first_trick_is_won_without_trumps():
    """Give the first trick's win to the highest trump: under chiamata buia it is wrong."""
    for r in valid("briscola_chiamata deals, buia and points"):
        cards = [c for _, c in r["plays"][:5]]
        trump = r["trump"][1]
        if any(c[1] == trump for c in cards[1:]) and cards[0][1] != trump:
            r = copy.deepcopy(r)
            t = max((c for c in cards if c[1] == trump), key=lambda c: "42567JNK31".index(c[0]))
            seat = r["plays"][cards.index(t)][0]
            if seat == r["tricks"][0]["winner"]:
                continue
            r["tricks"][0]["winner"] = seat
            assert any("trumps none" in p for p in check_record(r)), check_record(r)
            return
    pytest.fail("no first trick where a trump would have changed the winner")


def test_unknown_keys_are_ignored_inside_tricks_result_and_marriages():
    """docs/records.md: a reader ignores the keys it does not know, in the record and in its
    objects; a known key missing from a marriage is still a problem."""
    r = copy.deepcopy(next(r for r in valid("brisca_rematada deals, twenty_forty")
                           if r["marriages"]))
    r["later"] = 1
    r["tricks"][0]["later"] = [1]
    r["result"]["later"] = "x"
    r["marriages"][0]["later"] = {"a": 1}
    assert check_record(r) == []
    del r["marriages"][0]["points"]
    assert any(p.startswith("marriages[0]: expected an object with seat, suit, trick and "
                            "points") for p in check_record(r)), check_record(r)


def test_a_rematada_record_without_rules_follow_is_read_as_follow_none():
    """Records written before the rule follow existed have no rules.follow: any card."""
    rs = copy.deepcopy(valid("brisca_rematada deals, follow none"))
    for r in rs:
        del r["rules"]["follow"]
        assert check_record(r) == []
    # the same plays break the default rule: off-suit cards while holding the suit led
    bad = 0
    for r in rs:
        r["rules"]["follow"] = "suit_trump"
        bad += any("it must follow suit, else trump" in p for p in check_record(r))
        r["rules"]["follow"] = "trump"
        assert any(p.startswith('rules.follow: "trump" is not allowed') for p in
                   check_record(r)), check_record(r)
    assert bad == len(rs)


def test_a_record_that_is_not_an_object():
    assert check_record([1, 2]) == ["a record is a JSON object, got a list"]
    assert check_record(None) == ["a record is a JSON object, got null"]


def test_a_spade_led_before_spades_are_broken():
    """Played without the rule, some hands lead a spade early; declared under it, they fail."""
    flagged = 0
    for r in valid("spades hands"):
        r = copy.deepcopy(r)
        r["rules"]["break_spades"] = True
        problems = check_record(r)
        assert all("before spades are broken" in p for p in problems)
        flagged += bool(problems)
    assert flagged > 0


def test_a_rubber_record_out_of_its_run():
    rubbers = [r for r in valid("sueca rubbers") if r["rubber"] == 0]
    assert len(rubbers) >= 3
    gap = rubbers[:1] + rubbers[2:]
    assert check_sequence(gap) == [(1, "deal 2 of rubber 0 follows deal 0")]
    cut = rubbers[:-1]
    assert check_sequence(cut) == [(len(cut) - 1, f"rubber 0 stops after deal {len(cut) - 1} "
                                                  f"without a winner")]
    moved = copy.deepcopy(rubbers)
    moved[1]["games_before"][1] += 1
    g = rubbers[1]["games_before"]
    assert (1, f"games_before [{g[0]}, {g[1] + 1}], but the deal before leaves {g}") in \
        check_sequence(moved)
    games = [copy.deepcopy(r) for r in valid("spades games")[:3]]
    games[2]["dealer"] = games[1]["dealer"]
    assert (2, f"dealer {games[1]['dealer']}, but the deal passes to seat "
               f"{(games[1]['dealer'] + 1) % 4}") in check_sequence(games[:3])


def test_a_rubber_record_that_contradicts_its_own_totals():
    r = copy.deepcopy(valid("spades games")[1])
    r["scores_after"][0] += 1
    assert any(p.startswith("scores_after: ") for p in check_record(r))
    r = copy.deepcopy(valid("sueca rubbers")[0])
    r["games_before"] = [0, 4]                   # 4 games already won the rubber
    assert check_record(r) == ["games_before[1]: 4 is outside 0..3"]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.floats(0, 2) |
                    st.sampled_from(["AS", "7O", "KB", "x", ""]),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=3), c,
                                                                        max_size=3),
                    max_leaves=8)


def _paths(o, pre=()):
    yield pre
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, pre + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _paths(v, pre + (i,))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["sueca deals", "brisca 6 deals", "brisca 3 deals", "scopa 3 deals",
                        "spades games",
                        "sueca_italiana matches", "briscola_chiamata matches"]),
       st.data(), JSON)
def test_any_damage_gives_messages_never_an_exception(name, data, junk):
    r = copy.deepcopy(valid(name)[0])
    path = data.draw(st.sampled_from(list(_paths(r))[1:]))
    parent = r
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = junk
    problems = check_record(r)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)


# --- the command ---------------------------------------------------------------------------
def write(path, records):
    path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
    return str(path)


def test_check_records_command(tmp_path, capsys):
    good = write(tmp_path / "good.jsonl", valid("brisca 4 deals")[:5])
    rubbers = write(tmp_path / "rubbers.jsonl", valid("scopa 3 matches"))
    assert main(["check-records", good, rubbers]) == 0
    out = capsys.readouterr().out.splitlines()
    n = 5 + len(valid("scopa 3 matches"))
    assert out == [f"{n} records in 2 files: all fine"]

    bad = [copy.deepcopy(r) for r in valid("sueca deals")[:3]]
    bad[1]["dealer"] = 9
    path = tmp_path / "bad.jsonl"
    lines = [json.dumps(r) for r in bad]
    path.write_text(lines[0] + "\n\n" + lines[1] + "\n{not json\n" + lines[2] + "\n")
    assert main(["check-records", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{path}:3: dealer: seat 9 does not exist with 4 players (seats 0..3)",
                   f"{path}:4: not JSON (Expecting property name enclosed in double quotes, "
                   f"column 2)",
                   "4 records in 1 file: 2 problems"]


def test_check_records_on_what_trunfo_records_writes(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    assert main(["records", "sueca", "-n", "4", "--seed", "3", "--seats",
                 ",".join(MIX), "--out", str(path)]) == 0
    capsys.readouterr()
    assert main(["check-records", str(path)]) == 0
    assert capsys.readouterr().out == "4 records in 1 file: all fine\n"


@pytest.mark.parametrize("make", ["missing", "directory"])
def test_check_records_unreadable_input_exits_2_with_one_line(tmp_path, capsys, make):
    target = tmp_path / "nothing.jsonl" if make == "missing" else tmp_path
    assert main(["check-records", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"trunfo: error: cannot read {target}: ")


def test_check_records_an_empty_file_is_a_problem(tmp_path, capsys):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    assert main(["check-records", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{path}: no records",
                                                   "0 records in 1 file: 1 problem"]


def test_sueca_outcomes_say_single_double_bandeira_and_old_names_are_told():
    """A record names the one-game win ``single`` (61-90), the two-game win ``double`` (91+
    without every trick), every trick ``bandeira``; never ``win``, which is any of them.  A
    record with the one-game win's old name ``team{t}_win`` gets one line naming the new one."""
    rs = valid("sueca deals")
    seen = set()
    for r in rs:
        out = r["result"]["outcome"]
        kind = out.split("_", 1)[1] if out != "tie" else "tie"
        seen.add(kind)
        won = max(r["points"])
        all_tricks = len({t["winner"] % 2 for t in r["tricks"]}) == 1
        want = ("bandeira" if all_tricks else "tie" if won == 60 else
                "single" if won <= 90 else "double")
        assert kind == want, (r["deal"], r["points"], out)
    assert {"single", "double"} <= seen
    r = copy.deepcopy(next(r for r in rs if r["result"]["outcome"].endswith("_single")))
    new = r["result"]["outcome"]
    r["result"]["outcome"] = new.replace("_single", "_win")
    problems = check_record(r)
    assert len(problems) == 1, problems
    assert problems[0].startswith("result.outcome:") and f'now "{new}"' in problems[0]
    assert "docs/records.md" in problems[0]
    r["result"]["games"] = 2                       # the rest is still checked
    assert len(check_record(r)) == 2


@pytest.mark.parametrize("name", ["brisca 2 deals", "brisca 3 deals"])
def test_brisca_one_point_win_is_single_and_its_old_name_is_told(name):
    """Brisca's deal won on points for one game point is ``side{s}_single`` (never ``win``,
    which is any won deal); its old name gets the one line naming the new one."""
    rs = valid(name)
    singles = [r for r in rs if r["result"]["outcome"].endswith("_single")]
    assert singles and not any(r["result"]["outcome"].endswith("_win") for r in rs)
    assert all(r["result"]["game_points"] == 1 and r["points"][r["result"]["winner"]]
               == max(r["points"]) for r in singles)
    r = copy.deepcopy(singles[0])
    new = r["result"]["outcome"]
    r["result"]["outcome"] = new.replace("_single", "_win")
    problems = check_record(r)
    assert len(problems) == 1 and f'now "{new}"' in problems[0], problems
