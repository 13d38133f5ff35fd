"""Brisca rematada, rule by rule (docs/games/brisca_rematada.md): each test is named after
the rule it checks, on the kernels' own records (replayed here independently) and on
strategies built to drive the auction where the evaluation never goes.

Kernels compiled here: the lineups random, greedy and greedy+random (shared with the parity
tests) and one of the two test strategies below (not cached on disk).

Test strategies (registered when this module is imported): ``rematada_probe`` decides by its
parameters: ``bid_mode`` 0 bids by the hand evaluation, 1 always passes, 2 always bids the
lowest bid allowed, 3 jumps to the highest bid, 4 bids one point above the lowest allowed
(not a legal bid when ``bid_step`` > 1); ``discard_mode`` 0 discards by the evaluation, 1 a
card it does not hold; ``trump_mode`` 0 names the best suit, 1..4 the suit ``mode - 1``, 5
the number 7 (no suit); ``play_mode`` 0 plays at random, 1 a card it does not hold, 2 a
card it holds that the rule ``follow`` forbids (at random when there is none).  With
``watch`` true it also checks its view at every decision and answers with an illegal
decision when the view shows what the seat cannot know (the talon before the auction is
over, the discards when it is not the declarer...).  ``rematada_plain`` defines ``play``
only (random): the game's defaults bid, discard and name trumps for it.  Every test that
uses them seats both (one kernel, compiled once per session: user strategies are not cached
on disk)."""
import functools
import json

import numpy as np
import pytest

import simcore
from reference_rng import shuffle, stream
from simcore.brisca_rematada import enums as E
from simcore.cards import LATIN32
from simcore.errors import TrunfoError
from simcore.bits import ctz, popcount, select_bit
from simcore.games import get_game
from simcore.strategy import Param, register
from strategies.brisca_rematada import estimate, eval_discard

G = "brisca_rematada"
POINTS = {"1": 11, "3": 10, "K": 4, "N": 3, "J": 2}
RANKS = "13KNJ765"


# --- the test strategies -------------------------------------------------------------------
_FULL = np.uint64(0xFFFFFFFF)


def probe_bid(v, lowest, u, p):
    lo = np.int64(lowest)
    if p.watch and (v.talon != 0 or v.discards != 0 or v.declarer != -1 or v.trump != -1
                    or v.phase != 0 or popcount(v.hand) != 10):
        return np.int64(1)
    m = p.bid_mode
    if m == 1:
        return np.int64(-1)
    if m == 2:
        return lo
    if m == 3:
        return np.int64(v.max_bid)
    if m == 4:
        return lo + 1
    return lo if estimate(v.hand, v.marriage_rule == 1)[0] >= lo else np.int64(-1)


def probe_discard(v, legal, u, p):
    if p.watch and (v.seat != v.declarer or v.phase != 1 or v.talon == 0
                    or (v.talon & ~(legal | v.discards)) != 0
                    or popcount(legal) + popcount(v.discards) != 12):
        return np.int64(40)
    if p.discard_mode == 1:
        return np.int64(ctz(~legal & _FULL))
    return np.int64(eval_discard(legal, v.discards, v.marriage_rule == 1))


def probe_trump(v, legal, u, p):
    if p.watch and (v.seat != v.declarer or v.phase != 2 or popcount(v.discards) != 2
                    or popcount(v.hand) != 10):
        return np.int64(9)
    m = p.trump_mode
    if 1 <= m <= 4:
        return np.int64(m - 1)
    if m == 5:
        return np.int64(7)
    return np.int64(estimate(v.hand | v.discards, v.marriage_rule == 1)[1])


def probe_play(v, legal, u, p):
    if p.watch:
        mine = v.seat == v.declarer
        if v.phase != 3 or v.trump < 0 or (legal & ~v.hand) != 0 or legal == 0 or \
                (v.trick_len == 0 and legal != v.hand) or v.talon == 0 or \
                (mine and popcount(v.discards) != 2) or (not mine and v.discards != 0):
            return np.int64(40)
    if p.play_mode == 1:
        return np.int64(ctz(~v.hand & _FULL))
    if p.play_mode == 2 and (v.hand & ~legal) != 0:
        return np.int64(ctz(v.hand & ~legal))
    n = popcount(legal)
    return np.int64(select_bit(legal, np.int64((u * n) >> np.uint64(32)), v.bmi2))


def plain_play(v, legal, u, p):
    n = popcount(legal)
    return np.int64(select_bit(legal, np.int64((u * n) >> np.uint64(32)), v.bmi2))


register(G, "rematada_probe", probe_play, view="full", deterministic=False, params=[
    Param("bid_mode", 0, minimum=0, maximum=4), Param("discard_mode", 0, minimum=0, maximum=1),
    Param("trump_mode", 0, minimum=0, maximum=5), Param("play_mode", 0, minimum=0, maximum=2),
    Param("watch", True)], bid=probe_bid, discard=probe_discard, trump=probe_trump)
register(G, "rematada_plain", plain_play, view="none", deterministic=False)


def pts(c):
    return POINTS.get(c[0], 0)


def higher(a, b):
    """Is card ``a`` above card ``b`` of the same suit?"""
    return RANKS.index(a[0]) < RANKS.index(b[0])


@functools.lru_cache(maxsize=None)
def recs(n, seed=1, strategies=("greedy", "random", "greedy"), rules=(), dealer=None):
    return tuple(json.loads(json.dumps(r)) for r in simcore.game_records(
        G, deals=n, seed=seed, strategies=strategies, rules=dict(rules), dealer=dealer))


def probe(*seats, rules=(), n=60, seed=3):
    """Records with the probe strategies seated (always both of them: one kernel)."""
    return list(simcore.game_records(G, deals=n, seed=seed, strategies=seats,
                                     rules=dict(rules)))


def hands_in_play(rec):
    """Each seat's cards when the play starts."""
    hands = [set(h) for h in rec["hands"]]
    d = rec["declarer"]
    hands[d] = (hands[d] | set(rec["talon"])) - set(rec["discards"])
    return hands


# --- cards and the deal ---------------------------------------------------------------------
def test_latin32_is_the_latin_deck_without_twos_and_fours():
    assert LATIN32.n_cards == 32 and LATIN32.ranks == ("1", "3", "K", "N", "J", "7", "6", "5")
    assert LATIN32.format_card(0) == "5O" and LATIN32.format_card(7) == "1O"
    assert LATIN32.format_card(8) == "5C" and LATIN32.format_card(31) == "1B"
    assert sum(E.POINTS) == 120 and E.POINTS[LATIN32.parse_card("1E")] == 11
    assert E.POINTS[LATIN32.parse_card("3B")] == 10 and E.POINTS[LATIN32.parse_card("KO")] == 4
    assert E.POINTS[LATIN32.parse_card("NC")] == 3 and E.POINTS[LATIN32.parse_card("JC")] == 2
    assert all(E.POINTS[LATIN32.card(r, "O")] == 0 for r in "765")


def test_ten_cards_each_from_the_seat_after_the_dealer_and_a_talon_of_two():
    """The deck order of each deal, rebuilt from docs/rng.md, dealt by positions."""
    for rec in recs(12, seed=17):
        deck = list(range(32))
        shuffle(deck, stream(17, rec["deal"]))
        d = rec["dealer"]
        assert d == rec["deal"] % 3
        for k in range(3):
            got = sorted(LATIN32.format_card(c) for c in deck[10 * k:10 * k + 10])
            assert got == sorted(rec["hands"][(d + 1 + k) % 3])
        assert rec["talon"] == [LATIN32.format_card(deck[30]), LATIN32.format_card(deck[31])]


# --- the auction ----------------------------------------------------------------------------
def test_auction_starts_after_the_dealer_bids_at_least_100_and_above_the_last_by_steps():
    for rules, step in (((), 5), ((("bid_step", 1),), 1), ((("bid_step", 10),), 10)):
        raised = 0
        for rec in recs(300, seed=2, rules=rules):
            assert rec["bids"][0][0] == (rec["dealer"] + 1) % 3
            high = None
            for seat, b in rec["bids"]:
                if b is None:
                    continue
                assert b >= 100 and (b - 100) % step == 0
                assert high is None or b >= high + step
                raised += high is not None
                high = b
        assert raised > 100


def test_a_pass_is_for_good_and_two_passes_end_the_auction():
    seen_raise_after_pass = 0
    for rec in recs(400, seed=5):
        out = []
        for j, (seat, b) in enumerate(rec["bids"]):
            assert seat not in out, "a seat that passed spoke again"
            if b is None:
                out.append(seat)
            elif out:
                seen_raise_after_pass += 1
        assert len(out) == 2 and rec["bids"][-1][1] is None
        declarer = ({0, 1, 2} - set(out)).pop()
        assert rec["declarer"] == declarer
        bids = [b for s, b in rec["bids"] if s == declarer and b is not None]
        assert rec["contract"] == (max(bids) if bids else 100)
    assert seen_raise_after_pass > 20         # the auction goes on after a first pass


def test_the_dealer_declares_at_100_when_the_first_two_pass():
    n = 0
    for rec in recs(400, seed=5):
        if [b for _, b in rec["bids"][:2]] == [None, None]:
            n += 1
            assert len(rec["bids"]) == 2
            assert rec["declarer"] == rec["dealer"] and rec["contract"] == 100
        else:
            assert any(b is not None for _, b in rec["bids"])
    assert n > 50


def test_a_seat_with_no_bid_left_passes_without_being_asked():
    """Three seats raising one step at a time reach the highest bid (290: the most a
    declarer can take); the two others then pass without a policy call."""
    for rules, top in ((("bid_step", 10),), 290), ((("bid_step", 10), ("marriages",
                                                                        "twenty_forty")), 230):
        for rec in probe("rematada_probe(bid_mode=2)", "rematada_probe(bid_mode=2)",
                         "rematada_plain", rules=rules, n=6):
            bids = rec["bids"]
            made = [b for _, b in bids if b is not None]
            d = rec["dealer"]
            # the plain seat passes at once (default bid); the two probes raise to the top
            assert made == list(range(100, top + 1, 10))
            assert bids[-1][1] is None and rec["contract"] == top
            assert len(bids) == len(made) + 2 <= (top - 100) // 10 + 1 + 2
            assert rec["declarer"] in (0, 1) and rec["declarer"] == bids[-2][0]
            assert d in (0, 1, 2)


def test_a_player_may_jump_to_any_higher_bid():
    for rec in probe("rematada_plain", "rematada_probe(bid_mode=3)", "rematada_plain", n=9):
        if rec["dealer"] == 0:                     # the probe speaks first: jumps to 290
            assert rec["bids"] == [[1, 290], [2, None], [0, None]]
        if rec["dealer"] == 1:                     # the two others pass: it declares at 100
            assert rec["bids"] == [[2, None], [0, None]] and rec["contract"] == 100
        else:
            assert rec["contract"] == 290
        assert rec["declarer"] == 1


def test_an_illegal_bid_is_one_line_naming_the_strategy():
    with pytest.raises(TrunfoError) as e:
        probe("rematada_probe(bid_mode=4)", "rematada_plain", "rematada_plain", n=3)
    msg = str(e.value)
    assert "\n" not in msg and "rematada_probe" in msg and "not a legal bid" in msg
    assert "steps of 5" in msg


# --- the exchange ---------------------------------------------------------------------------
def test_the_declarer_takes_the_talon_discards_two_and_names_trumps():
    for rec in recs(300, seed=6):
        d = rec["declarer"]
        twelve = set(rec["hands"][d]) | set(rec["talon"])
        assert len(twelve) == 12 and set(rec["discards"]) <= twelve
        assert len(set(rec["discards"])) == 2
        played = [c for s, c in rec["plays"] if s == d]
        assert sorted(played) == sorted(twelve - set(rec["discards"]))
        assert rec["trump"] in "OCEB"


def test_the_declarer_may_name_any_suit():
    for mode in (1, 2, 3, 4):
        for rec in probe(f"rematada_probe(trump_mode={mode})",
                         f"rematada_probe(trump_mode={mode})", "rematada_plain", n=6):
            if rec["declarer"] != 2:
                assert rec["trump"] == "OCEB"[mode - 1]


def test_the_defaults_pass_discard_the_cheapest_and_name_the_longest_suit():
    """A strategy with only a play policy: it never bids, so as dealer it declares at 100;
    it discards its cheapest card twice and names the suit where it holds the most cards."""
    n = 0
    for rec in probe("rematada_plain", "rematada_plain", "rematada_probe(bid_mode=1)", n=30):
        d = rec["dealer"]
        assert all(b is None for _, b in rec["bids"])
        assert rec["declarer"] == d and rec["contract"] == 100
        if d == 2:
            continue
        n += 1
        hand = set(rec["hands"][d]) | set(rec["talon"])
        for c in rec["discards"]:
            want = min(hand, key=lambda x: (RANKS[::-1].index(x[0]), "OCEB".index(x[1])))
            assert c == want
            hand.discard(c)
        counts = [sum(1 for c in hand if c[1] == s) for s in "OCEB"]
        assert rec["trump"] == "OCEB"[counts.index(max(counts))]
    assert n >= 15


@pytest.mark.parametrize("what,seats,needle", [
    ("discard", ("rematada_probe(discard_mode=1,bid_mode=1)",) * 2 + ("rematada_plain",),
     "not a card of its hand"),
    ("trump", ("rematada_probe(trump_mode=5,bid_mode=1)",) * 2 + ("rematada_plain",),
     "named trumps 7"),
    ("play", ("rematada_plain", "rematada_probe(play_mode=1)", "rematada_plain"),
     "not a legal card"),
    ("play", ("rematada_plain", "rematada_probe(play_mode=2)", "rematada_plain"),
     "not a legal card"),
])
def test_an_illegal_discard_trump_or_card_is_one_line(what, seats, needle):
    with pytest.raises(TrunfoError) as e:
        probe(*seats, n=6)
    msg = str(e.value)
    assert "\n" not in msg and needle in msg and "rematada_probe" in msg


def test_a_seat_sees_the_talon_only_after_the_auction_and_the_discards_only_as_declarer():
    """The probe checks its view at every decision (``watch``) and would make an illegal
    decision on seeing what it cannot know: 300 deals run through."""
    rs = probe("rematada_probe", "rematada_probe", "rematada_plain", n=300, seed=8)
    assert len(rs) == 300


# --- the play -------------------------------------------------------------------------------
def test_the_declarer_leads_the_first_trick_and_the_winner_the_next():
    for rec in recs(200, seed=7):
        assert rec["tricks"][0]["leader"] == rec["declarer"]
        for a, b in zip(rec["tricks"], rec["tricks"][1:]):
            assert b["leader"] == a["winner"]


def allowed(hand, trick, trump, follow):
    """The cards of ``hand`` the rule ``follow`` lets a seat play to ``trick`` (the cards
    already in it): the records checker's reading of docs/records.md, which the tests of
    experiments/records_check.py pin on broken records."""
    from experiments.records_check import _Deck, rematada_allowed
    return rematada_allowed(set(hand), list(trick), trump, follow, _Deck("latin32"))


def turns(rec):
    """``(seat, hand before the play, trick so far, card)`` for every play of a record."""
    hands = hands_in_play(rec)
    for t in range(10):
        trick = []
        for seat, c in rec["plays"][3 * t:3 * t + 3]:
            yield seat, set(hands[seat]), list(trick), c
            hands[seat].discard(c)
            trick.append(c)


def follow_records(follow, n=300, seed=7):
    return recs(n, seed=seed, rules=(("follow", follow),) if follow else ())


def test_follow_suit_when_able():
    """Default rules (``follow=suit_trump``): a seat holding the suit led plays it."""
    held = 0
    for rec in follow_records(None):
        for seat, hand, trick, c in turns(rec):
            if trick and any(x[1] == trick[0][1] for x in hand):
                held += 1
                assert c[1] == trick[0][1], (rec["deal"], seat, c, trick)
    assert held > 3000


def test_void_in_the_suit_led_trump_when_able_else_any_card():
    forced = free = 0
    for rec in follow_records(None):
        for seat, hand, trick, c in turns(rec):
            if not trick or any(x[1] == trick[0][1] for x in hand):
                continue
            if any(x[1] == rec["trump"] for x in hand):
                forced += 1
                assert c[1] == rec["trump"], (rec["deal"], seat, c, trick)
            else:
                free += c[1] != trick[0][1]
    assert forced > 500 and free > 500


def test_no_boarding_a_void_defender_trumps_when_the_other_defender_leads():
    """The defenders are not partners: a defender void in the suit led who holds a trump
    trumps even when the other defender led the trick and is winning it."""
    seen = 0
    for rec in follow_records(None, n=600):
        d = rec["declarer"]
        for t in range(10):
            trick = rec["plays"][3 * t:3 * t + 3]
            lead_seat, led = trick[0][0], trick[0][1][1]
            if lead_seat == d or trick[1][0] == d:
                continue                       # the defender plays right after its partner
            seat, c = trick[1]
            hand = {x for s, x in rec["plays"][3 * t:] if s == seat}
            if not any(x[1] == led for x in hand) and any(x[1] == rec["trump"] for x in hand):
                seen += 1
                assert c[1] == rec["trump"], (rec["deal"], t)
    assert seen > 30


@pytest.mark.parametrize("follow", ["suit_trump", "head", "none"])
def test_every_strategy_plays_only_the_cards_the_rule_follow_allows(follow):
    """greedy, random and expert at one table (the kernel of the hidden-cards test, on
    given decks), under each value of ``follow``; the records pass the records checker."""
    from experiments.records_check import check_record
    from simcore.brisca_rematada import nb
    from simcore.brisca_rematada.game import BRISCA_REMATADA
    from simcore.brisca_rematada.records import deal_records
    from simcore.deal import given
    from simcore.rng import seed_base
    setup = BRISCA_REMATADA.setup({"follow": follow},
                                  ("greedy", "random(margin=-20)", "expert(margin=15)"))
    decks = np.array([np.random.default_rng(i).permutation(32) for i in range(150)])
    out = np.empty(len(decks), E.DEAL_DTYPE)
    tr = nb.trace_buffers(len(decks))
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(5), 0, out, -1, setup.lineup, setup.params, setup.bmi2, status,
                 source=given(decks), trace=tr)
    assert status[0] == 0
    narrowed = 0
    for rec in json.loads(json.dumps(deal_records(setup, 5, out, tr))):
        assert rec["rules"]["follow"] == follow and check_record(rec) == []
        for seat, hand, trick, c in turns(rec):
            ok = allowed(hand, trick, rec["trump"], follow)
            assert c in ok, (follow, rec["deal"], seat, c, trick, sorted(ok))
            narrowed += ok != hand
    assert (narrowed == 0) == (follow == "none") and (follow == "none" or narrowed > 500)


def test_follow_head_beats_the_trick_when_able():
    """``follow=head``: a seat that can beat the trick with a card it must play does so
    (heading); a void seat whose trumps are all below a trump in the trick plays any card."""
    headed = free = 0
    for rec in follow_records("head"):
        for seat, hand, trick, c in turns(rec):
            ok = allowed(hand, trick, rec["trump"], "head")
            assert c in ok, (rec["deal"], seat, c, trick, sorted(ok))
            plain = allowed(hand, trick, rec["trump"], "suit_trump")
            headed += ok < plain
            free += ok > plain
    assert headed > 300 and free > 20


def test_follow_none_any_card_as_in_brisca():
    """``follow=none`` (trunfo's rule before the option): cards off the suit led while
    holding it, and discards by a seat void in the suit led that holds a trump."""
    off = kept = 0
    for rec in follow_records("none", n=200):
        for seat, hand, trick, c in turns(rec):
            if trick and c[1] != trick[0][1]:
                off += any(x[1] == trick[0][1] for x in hand)
                kept += c[1] != rec["trump"] and any(x[1] == rec["trump"] for x in hand) \
                    and not any(x[1] == trick[0][1] for x in hand)
    assert off > 500 and kept > 50


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led():
    trumped = 0
    for rec in recs(200, seed=7):
        for t in range(10):
            trick = rec["plays"][3 * t:3 * t + 3]
            best = trick[0]
            for item in trick[1:]:
                c, b = item[1], best[1]
                if (c[1] == b[1] and higher(c, b)) or (c[1] == rec["trump"] != b[1]):
                    best = item
            assert rec["tricks"][t]["winner"] == best[0]
            assert rec["tricks"][t]["points"] == sum(pts(c) for _, c in trick)
            trumped += best[1][1] == rec["trump"] != trick[0][1][1]
    assert trumped > 100


# --- marriages ------------------------------------------------------------------------------
def expected_marriages(rec, rules):
    """The marriages the rules declare, from the play alone."""
    hands = hands_in_play(rec)
    trump = rec["trump"]
    done, out = set(), []
    for t in range(10):
        for seat, c in rec["plays"][3 * t:3 * t + 3]:
            hands[seat].discard(c)
        w = rec["tricks"][t]["winner"]
        if t == 9:
            break
        for s in [trump] + [x for x in "OCEB" if x != trump]:
            if s not in done and "K" + s in hands[w] and "N" + s in hands[w]:
                done.add(s)
                worth = 40 if rules.get("marriages", "forty") == "forty" or s == trump else 20
                out.append({"seat": w, "suit": s, "trick": t, "points": worth})
                break
    return out


@pytest.mark.parametrize("rules", [(), (("marriages", "twenty_forty"),)])
def test_a_marriage_is_declared_after_winning_a_trick_one_per_trick_trump_first(rules):
    waited = two = trump_first = twenty = 0
    for rec in recs(600, seed=9, rules=rules):
        want = expected_marriages(rec, dict(rules))
        assert rec["marriages"] == want
        hands = hands_in_play(rec)
        pairs = [s for s in "OCEB" if "K" + s in hands[rec["declarer"]]
                 and "N" + s in hands[rec["declarer"]]]
        if len(pairs) >= 2 and rec["trump"] in pairs:
            first = [m for m in want if m["seat"] == rec["declarer"]]
            if first and first[0]["suit"] == rec["trump"] and pairs[0] != rec["trump"]:
                trump_first += 1
        by_seat = {}
        for m in want:
            by_seat.setdefault(m["seat"], []).append(m["trick"])
            twenty += m["points"] == 20
        two += sum(1 for ts in by_seat.values() if len(ts) >= 2)
        # the declarer holding a marriage from the start declares it only after a trick won
        for m in want:
            if m["seat"] == rec["declarer"] and m["trick"] > 0:
                waited += rec["tricks"][0]["winner"] != rec["declarer"]
    assert two > 20 and trump_first > 5 and waited > 5
    assert (twenty > 50) == (rules != ())


def test_no_marriage_is_declared_before_the_first_trick_nor_after_the_last():
    for rec in recs(600, seed=9):
        assert all(0 <= m["trick"] <= 8 for m in rec["marriages"])
        assert len({m["trick"] for m in rec["marriages"]}) == len(rec["marriages"])


# --- scoring --------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [(), (("marriages", "twenty_forty"),)])
def test_totals_are_tricks_marriages_last_trick_and_the_declarers_discards(rules):
    for rec in recs(600, seed=9, rules=rules):
        total = [0, 0, 0]
        for t in rec["tricks"]:
            total[t["winner"]] += t["points"]
        total[rec["tricks"][9]["winner"]] += 10                    # the last trick
        for m in rec["marriages"]:
            total[m["seat"]] += m["points"]
        total[rec["declarer"]] += sum(pts(c) for c in rec["discards"])
        assert rec["points"] == total
        assert sum(total) == 130 + sum(m["points"] for m in rec["marriages"])


def test_a_made_contract_scores_the_bid_a_failed_one_half_to_each_defender_rounded_up():
    made = failed = odd = 0
    for rec in recs(600, seed=10, rules=(("bid_step", 1),)):
        d, c = rec["declarer"], rec["contract"]
        ok = rec["points"][d] >= c
        assert rec["result"] == {"made": ok, "outcome": "made" if ok else "failed"}
        want = [0, 0, 0]
        if ok:
            want[d] = c
            made += 1
        else:
            for s in range(3):
                if s != d:
                    want[s] = c // 2 + c % 2
            failed += 1
            odd += c % 2
        assert rec["score"] == want
    assert made > 50 and failed > 50 and odd > 10


# --- random play: invariants ----------------------------------------------------------------
@pytest.mark.parametrize("follow", ["suit_trump", "head", "none"])
def test_random_play_every_card_once_points_add_up_every_move_legal(follow):
    """Random play (and the records checker, written from docs/records.md alone): every
    card is played by the seat whose turn it is, from its hand, and is one the rule
    ``follow`` allows."""
    from experiments.records_check import check_record
    for rec in recs(500, seed=12, strategies=("random",), rules=(("follow", follow),)):
        assert check_record(rec) == []
        seen = [c for _, c in rec["plays"]] + rec["discards"]
        assert sorted(seen) == sorted(LATIN32.format_hand(LATIN32.full_mask))
        hands = hands_in_play(rec)
        for t in range(10):
            trick = []
            for k, (seat, c) in enumerate(rec["plays"][3 * t:3 * t + 3]):
                assert seat == (rec["tricks"][t]["leader"] + k) % 3 and c in hands[seat]
                assert c in allowed(hands[seat], trick, rec["trump"], follow)
                hands[seat].discard(c)
                trick.append(c)
        assert sum(t["points"] for t in rec["tricks"]) + \
            sum(pts(c) for c in rec["discards"]) == 120


# --- summaries and matches ------------------------------------------------------------------
def test_summary_counts_contracts_made_and_declarers():
    g = get_game(G)
    r = simcore.simulate(G, deals=6000, seed=3, strategies=("greedy", "random", "greedy"),
                         threads=1, keep_deals=True)
    s, df = r.summary, r.frame
    assert s["deals"] == 6000
    assert s["declarer"]["made"]["count"] == int(df["made"].sum())
    for level, e in s["contract"].items():
        at = df[df["contract"] == int(level)]
        assert e["count"] == len(at) > 0
        assert s["made_by_contract"][level]["count"] == int(at["made"].sum())
    assert sum(e["count"] for e in s["contract"].values()) == 6000
    rel = (df["declarer"].astype(int) - df["dealer"].astype(int)) % 3
    for k, name in ((1, "dealer+1"), (2, "dealer+2"), (0, "dealer")):
        assert s["declarer_position"][name]["count"] == int((rel == k).sum())
    assert s["won_without_bidding"]["dealer at 100"]["count"] == int(df["forced"].sum())
    assert s["mean_points_declarer"] == pytest.approx(df["declarer_points"].mean())
    assert s["mean_contract"] == pytest.approx(df["contract"].mean())
    score, result = g.side_results(r.frame.to_records(index=False))
    assert (result.sum(axis=1) == 1).all()


def test_a_match_ends_when_one_seat_alone_has_the_highest_total_at_the_target():
    from simcore.brisca_rematada.scoring import match_winner
    rs = list(simcore.game_records(G, deals=8, seed=4, rules={"target": 300}, rubbers=True))
    by_match = {}
    for rec in rs:
        by_match.setdefault(rec["match"], []).append(rec)
    assert len(by_match) == 8
    for m, deals in by_match.items():
        totals = [0, 0, 0]
        for j, rec in enumerate(deals):
            assert rec["scores_before"] == totals and rec["deal_in_match"] == j
            assert rec["dealer"] == (m + j) % 3
            totals = [a + b for a, b in zip(totals, rec["score"])]
            top = max(totals)
            over = top >= 300 and totals.count(top) == 1
            assert over == (j == len(deals) - 1)
            assert (match_winner(*totals, 300) >= 0) == over


# --- command line -----------------------------------------------------------------------------
def cli(capsys, *argv):
    from experiments.cli import main
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_brisca_rematada(capsys, tmp_path):
    from experiments.records_check import check_record
    code, out, _ = cli(capsys, "simulate", G, "-n", "3000", "--threads", "1", "--seats",
                       "greedy,random,greedy", "--rule", "bid_step=10")
    assert code == 0 and "made by contract" in out and "dealer at 100" in out
    assert "bid_step=10" in out and "\n  110 " in out and "\n  105 " not in out
    code, out, _ = cli(capsys, "simulate", G, "--matches", "-n", "30", "--threads", "1",
                       "--rule", "target=300")
    assert code == 0 and "matches won by seat 2" in out
    f = tmp_path / "r.jsonl"
    code, _, _ = cli(capsys, "records", G, "-n", "5", "--strategy", "greedy", "--dealer", "1",
                     "--out", str(f))
    lines = f.read_text().splitlines()
    assert code == 0 and len(lines) == 5
    assert all(check_record(json.loads(x)) == [] and json.loads(x)["dealer"] == 1
               for x in lines)
    code, out, _ = cli(capsys, "rules", G)
    assert code == 0 and "bid_step" in out and "twenty_forty" in out and "300, 500, 1000" in out
    assert "suit_trump, head, none" in out
    code, out, _ = cli(capsys, "strategies", G)
    assert code == 0 and "greedy" in out and "margin" in out and "expert" in out
    code, out, _ = cli(capsys, "simulate", G, "-n", "500", "--json", "--threads", "1")
    s = json.loads(out)
    assert s["deals"] == 500 and sum(e["count"] for e in s["contract"].values()) == 500


@pytest.mark.parametrize("argv", [
    ["--players", "4"],
    ["--rule", "bid_step=3"],
    ["--rule", "marriages=twenty"],
    ["--rule", "target=400"],
    ["--rule", "follow=tute"],
    ["--strategy", "oracle"],
    ["--strategy", "greedy(margin=500)"],
    ["--seats", "random,random"],
    ["--dealer", "3"],
])
def test_cli_errors_exit_2_with_one_line(capsys, argv):
    code, out, err = cli(capsys, "simulate", G, "-n", "10", *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("trunfo: error:")
