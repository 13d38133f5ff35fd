"""Each game's layout (the slots of a deck order) against the game's own dealing: the deck
order of a deal is rebuilt from its documented stream (reference_rng) and read through the
layout; the game records of the same deal (dealt by the kernels) must show the same cards."""
import pytest

import simcore
from simcore.games import get_game

from reference_rng import shuffle, stream


def deck_order(game, seed, deal, players):
    n = get_game(game).deck_of(players).n_cards
    deck = list(range(n))
    shuffle(deck, stream(seed, deal))
    return deck


def names(deck, cards):
    return sorted(deck.format_card(c) for c in cards)


#: the cards dealt do not depend on the strategies: random, the default, except for the two
#: five-player games, whose tests all seat this mixed table (one compiled kernel for the suite)
STRATEGIES = {"sueca_italiana": ("random", "greedy", "random", "greedy", "random"),
              "briscola_chiamata": ("random", "greedy", "random", "greedy", "random")}


@pytest.mark.parametrize("game,players,rules", [
    ("sueca", 4, {}), ("sueca", 4, {"trump_card": "dealer_first"}),
    ("brisca", 2, {}), ("brisca", 4, {}), ("brisca", 6, {}),
    ("scopa", 2, {}), ("scopa", 3, {}), ("scopa", 4, {}),
    ("spades", 4, {}),
    ("sueca_italiana", 5, {}), ("briscola_chiamata", 5, {}), ("brisca_rematada", 3, {}),
])
def test_layout_reads_the_cards_the_kernels_deal(game, players, rules):
    g = get_game(game)
    resolved = g.rules.resolve(rules or None)
    deck = g.deck_of(players)
    seed = 17
    records = list(simcore.game_records(game, deals=8, seed=seed, players=players, rules=rules,
                                        strategies=STRATEGIES.get(game, ("random",))))
    checked = 0
    for rec in records:
        if rec.get("relays", 0):
            continue                      # the kings relay dealt the table again
        dealer = rec["dealer"]
        layout = g.layout(players, dealer, resolved)
        order = deck_order(game, seed, rec["deal"], players)
        assert sorted(p for s in layout.slots for p in s.positions) == list(range(deck.n_cards))
        hands = rec["hands"][0] if game == "scopa" else rec["hands"]
        for seat in range(players):
            got = [order[p] for p in layout.seat_positions(seat)]
            assert names(deck, got) == sorted(hands[seat]), (seat, dealer)
        if layout.trump is not None:
            face = order[layout.slots[layout.trump].positions[0]]
            assert deck.format_card(face) == rec["trump"]
            if game == "sueca":
                assert layout.trump in layout.seats[dealer]
                assert rec["trump"] in rec["hands"][dealer]
        if layout.table is not None:
            table = [order[p] for p in layout.slots[layout.table].positions]
            assert [deck.format_card(c) for c in table] == rec["table"]
        if game == "brisca_rematada":
            talon = [deck.format_card(order[p]) for p in layout.slots[layout.stock].positions]
            assert rec["talon"] == talon
        if game == "brisca":
            stock = [deck.format_card(order[p]) for p in layout.slots[layout.stock].positions]
            assert rec["stock"] == stock + [rec["trump"]]      # the face-up card is drawn last
        checked += 1
    assert checked >= 4


def test_sides_and_slots_of_each_game():
    rules = lambda name: get_game(name).rules.resolve(None)
    assert get_game("sueca").sides_of(4, rules("sueca")) == (0, 1, 0, 1)
    assert get_game("brisca").sides_of(6, rules("brisca")) == (0, 1, 0, 1, 0, 1)
    assert get_game("scopa").sides_of(3, rules("scopa")) == (0, 1, 2)
    assert get_game("scopa").sides_of(4, rules("scopa")) == (0, 1, 0, 1)
    scopa_solo = get_game("scopa").rules.resolve({"teams": False})
    assert get_game("scopa").sides_of(4, scopa_solo) == (0, 1, 2, 3)
    lay = get_game("brisca").layout(6, 2, rules("brisca"))
    assert lay.slots[lay.trump].positions == (18,)
    assert lay.slots[lay.stock].positions == tuple(range(19, 48))
    lay = get_game("scopa").layout(4, 3, rules("scopa"))
    assert lay.slots[lay.table].positions == (12, 13, 14, 15)
    assert [s.ordered for s in lay.slots] == [False] * 4 + [True, True]
