"""The per-deal columns behind the reports' holding tables (simcore.holdings): the trumps of
each seat's first hand (Brisca), the spades dealt (Spades), the sevens and coins of each
seat's first hand (Scopa), checked against the hands of the game records of the same deals
(counted here from the card names, not by the kernels' code)."""
import numpy as np
import pytest

import simcore
from simcore.games import get_game


def count(cards, pred) -> int:
    return sum(1 for c in cards if pred(c))


@pytest.mark.parametrize("game,players", [("brisca", 2), ("brisca", 4), ("spades", 4),
                                          ("scopa", 2), ("scopa", 4)])
def test_first_hand_columns_match_the_dealt_hands(game, players):
    g = get_game(game)
    seed, n = 11, 12
    setup = g.setup({}, "random", players=players)
    recs = g.run_chunk(setup, seed, 0, n)
    games = list(simcore.game_records(game, deals=n, seed=seed, players=players))
    assert len(games) == n
    for r, rec in zip(recs, games):
        assert r["dealer"] == rec["dealer"]
        if game == "brisca":
            hands = rec["hands"]
            suit = rec["trump"][-1]
            want = [count(hands[s], lambda c: c[-1] == suit) for s in range(players)]
            got = [int(r[f"trumps_seat{s}"]) for s in range(6)]
        elif game == "spades":
            hands = rec["hands"]
            want = [count(hands[s], lambda c: c[-1] == "S") for s in range(4)]
            got = [int(r[f"spades_seat{s}"]) for s in range(4)]
        else:
            hands = rec["hands"][0]                   # the first hand of each seat
            want = [count(hands[s], lambda c: c[:-1] == "7") for s in range(players)] + \
                [count(hands[s], lambda c: c[-1] == "O") for s in range(players)]
            got = [int(r[f"dealt_sevens_seat{s}"]) for s in range(players)] + \
                [int(r[f"dealt_coins_seat{s}"]) for s in range(players)]
            assert all(int(r[f"dealt_{k}_seat{s}"]) == 0 for k in ("sevens", "coins")
                       for s in range(players, 4))
        assert got[:len(want)] == want, (game, rec["deal"])
        assert all(x == 0 for x in got[len(want):])


def test_holding_tables_name_the_odds_tables_and_read_their_columns():
    for name in ("brisca", "spades", "scopa"):
        g = get_game(name)
        odds = {t.name: t for t in g.odds.tables(g.deck_of(g.default_players))}
        assert g.holding_tables
        for t in g.holding_tables:
            assert t.name in odds
            assert len(t.labels) == len(odds[t.name].labels)
            assert set(t.columns) <= set(g.record_dtype.names)
            recs = np.zeros(3, g.record_dtype)
            col = t.columns[1]
            recs[col] = [1, 2, 3]
            assert list(t.values(recs, np.array([1, 1, 0]))) == [1, 2, 0]
