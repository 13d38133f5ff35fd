"""Self-checks of the plain-Python Brisca rematada reference (tests/brisca_rematada_reference.py)
against the written rules (docs/games/brisca_rematada.md), on hand-built cases whose
expected values are worked out by hand from the page's tables.  Nothing from the project is
imported: these check the reference itself, which the parity tests then hold the kernels to.
"""
import brisca_rematada_reference as ref

FORTY = ref.normalize_rules({})
TWENTY = ref.normalize_rules({"marriages": "twenty_forty"})
O, C, E, B = range(4)


def cs(names: str) -> list[int]:
    return [ref.card_index(n) for n in names.split()]


def name(c: int) -> str:
    return ref.card_name(c)


def test_card_indices_suit_times_eight_plus_strength():
    assert cs("5O 1O 5C 1B") == [0, 7, 8, 31]
    assert ref.points_of(ref.card_index("1E")) == 11 and ref.points_of(ref.card_index("3E")) == 10
    assert sum(ref.points_of(c) for c in range(32)) == 120


def test_highest_bid_and_auction_outputs_as_documented():
    assert ref.highest_bid(FORTY) == 290 and ref.highest_bid(TWENTY) == 230
    expected = {(5, "forty"): 21, (1, "forty"): 97, (10, "forty"): 11,
                (1, "twenty_forty"): 67, (5, "twenty_forty"): 15, (10, "twenty_forty"): 8}
    for (step, m), a in expected.items():
        assert ref.auction_outputs(ref.normalize_rules({"bid_step": step, "marriages": m})) == a


def test_marriage_points_forty_or_twenty_forty():
    assert ref.marriage_points(C, O, FORTY) == 40
    assert ref.marriage_points(O, O, TWENTY) == 40 and ref.marriage_points(C, O, TWENTY) == 20


HAND = cs("1O 3O KO NO 5O 7C 1C JE 5B 6B")


def test_hand_value_by_the_table():
    # O as trumps: 60 + (27 + 7 + 9 + 5 - 3) + 5 * (5 - 3) + (0 + 0 - 2 + 0 + 0) + 30 = 143
    assert ref.value(HAND, O, FORTY) == 143
    # C as trumps: 60 + (-2 + 27) + (0 + 1 + 2 + 1 + 0 - 2 + 0 + 0) + 30 (the O marriage) = 117
    assert ref.value(HAND, C, FORTY) == 117
    assert ref.value(HAND, E, FORTY) == 93 and ref.value(HAND, B, FORTY) == 86
    # twenty_forty: the O marriage is worth 20 outside trumps, so it adds 15
    assert ref.value(HAND, O, TWENTY) == 143 and ref.value(HAND, C, TWENTY) == 102
    assert ref.estimate(HAND, FORTY) == (143, O)


def test_estimate_ties_go_to_the_lowest_suit():
    low = cs("5O 6O 7O 5C 6C 7C 5E 6E 5B 6B")
    # O, C: 60 - 3 - 3 - 2 = 52; E, B: 60 - 3 - 3 = 54
    assert [ref.value(low, s, FORTY) for s in range(4)] == [52, 52, 54, 54]
    assert ref.estimate(low, FORTY) == (54, E)


def test_bid_the_lowest_while_the_estimate_minus_margin_reaches_it():
    assert ref.eval_bid(HAND, 140, 0, FORTY) == 140
    assert ref.eval_bid(HAND, 145, 0, FORTY) is None
    assert ref.eval_bid(HAND, 140, 5, FORTY) is None
    assert ref.eval_bid(HAND, 150, -10, FORTY) == 150


def test_discards_by_keep_value_and_trumps_the_best_suit_of_twelve():
    twelve = HAND + cs("3E 7B")
    # keep values with O trumps: 3E without 1E -100, JE -20, 5B 0, 6B 1, 7C 2, 7B 2, 1C 300
    first = ref.eval_discard(twelve, [], FORTY)
    assert name(first) == "3E"
    rest = [c for c in twelve if c != first]
    second = ref.eval_discard(rest, [first], FORTY)
    assert name(second) == "JE"
    assert ref.eval_trump([c for c in rest if c != second], [first, second], FORTY) == O
    held = set(cs("3C 1C KE NE 5O"))
    assert ref.keep_value(ref.card_index("3C"), held, O) == 200          # with its ace
    assert ref.keep_value(ref.card_index("KE"), held, O) == 505          # its marriage held
    assert ref.keep_value(ref.card_index("5O"), held, O) == 1000


def greedy(hand: str, trick, trump, declared):
    """``greedy`` with every card of the hand legal (as under ``follow=none``)."""
    return ref.choose_greedy(cs(hand), cs(hand), trick, trump, declared)


def test_greedy_as_documented():
    # leading: keeps the undeclared E marriage, the cheapest non-trump
    assert name(greedy("1O 5C 5B KE NE", [], B, set())) == "5C"
    # once declared, the pair is a candidate again: the cheapest non-trump is still 5C
    assert name(greedy("NE 5C 5B KE", [], B, {E})) == "5C"
    # points on the table: the cheapest winning non-trump
    assert name(greedy("1O 3O 5B 6C", cs("KO"), B, set())) == "3O"
    # no points: throw the cheapest blank non-trump
    assert name(greedy("6O 1B 7C", cs("5O"), B, set())) == "6O"
    # an ace led and no winning non-trump: the cheapest winning trump
    assert name(greedy("3C 5B KB", cs("1O"), B, set())) == "5B"
    # a king led (4 points, below 10) and only trumps win: no trump spent, throw a blank
    assert name(greedy("7C 5B", cs("KO"), B, set())) == "7C"


def test_trick_winner_trump_else_highest_of_the_suit_led():
    assert ref.trick_winner(cs("5O 1C 6O"), E) == 2          # the 1C is off suit
    assert ref.trick_winner(cs("5O 1C 5E"), E) == 2          # the lowest trump wins
    assert ref.trick_winner(cs("KO 3O 1O"), E) == 2
    assert ref.trick_winner(cs("3O KO 7B"), B) == 2
    assert ref.trick_winner(cs("JC 5C 6E"), O) == 0


def legal(hand: str, trick: str, trump: int, follow: str = "suit_trump") -> str:
    got = ref.legal_cards(cs(hand), cs(trick) if trick else [], trump, follow)
    return " ".join(sorted(name(c) for c in got))


def test_follow_suit_when_able_else_trump_when_able_else_any_card():
    # trumps B; 5O led
    assert legal("3O 1C 7B JE", "5O", B) == "3O"                # follows suit
    assert legal("1C 7B 5B JE", "5O", B) == "5B 7B"             # void in O: a trump
    assert legal("1C 3E JE", "5O 1B", B) == "1C 3E JE"          # no O, no trump: any card
    # a trump led: follow with a trump, whatever its rank
    assert legal("5B 1O", "1B", B) == "5B"
    # no duty under follow=none, and the leader plays any card
    assert legal("3O 1C 7B", "5O", B, "none") == "1C 3O 7B"
    assert legal("3O 1C 7B", "", B) == "1C 3O 7B"


def test_follow_head_beats_the_trick_when_able():
    # trumps B.  5O JO led-suit cards above and below the winning KO: only the higher ones
    assert legal("1O 3O 5O 7B", "KO", B, "head") == "1O 3O"
    assert legal("5O JO 7B", "KO", B, "head") == "5O JO"        # none higher: any of the suit
    # the trick is trumped: following suit cannot beat it, any card of the suit led
    assert legal("1O 5O", "KO 5B", B, "head") == "1O 5O"
    # void in the suit led: a trump that beats the trump already winning ...
    assert legal("6B 1B 3C", "KO 7B", B, "head") == "1B"
    # ... any trump while no trump is in the trick ...
    assert legal("6B 1B 3C", "KO 1O", B, "head") == "1B 6B"
    # ... and any card when its trumps cannot beat the winning trump (no duty to underruff)
    assert legal("5B 6B 3C", "KO 7B", B, "head") == "3C 5B 6B"
    # under suit_trump the same seat must play a trump
    assert legal("5B 6B 3C", "KO 7B", B) == "5B 6B"
