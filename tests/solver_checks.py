"""Shared checks of the solver against the plain brute force (tests/solver_brute.py)."""
from __future__ import annotations

import random

from simcore.games import get_game
from simcore.solver.api import Position, best_line, solve, value
from solver_brute import Rules, par_value

N_CARDS = {"sueca": 40, "spades": 52}


def config(game: str, players: int = 4, rules=None):
    """The solver's configuration of ``game``, as the game hands it (``game.solver``)."""
    return get_game(game).solver.config(players, rules)


def random_ending(game: str, players: int, tricks: int, rng: random.Random):
    """A random position with ``tricks`` tricks left (cards in hands, the trick in progress
    and, for Brisca, the stock), half the time with a trick already started."""
    n_cards = N_CARDS.get(game, 48 if players == 6 else 40)
    deck = list(range(n_cards))
    rng.shuffle(deck)
    trump = 3 if game == "spades" else rng.randrange(4)
    in_hand = min(3, tricks) if game == "brisca" else tricks
    hands = [deck[i * in_hand:(i + 1) * in_hand] for i in range(players)]
    stock = deck[players * in_hand:players * tricks] if game == "brisca" else []
    rules = Rules(game, players, trump, break_spades=(game == "spades" and rng.random() < 0.5))
    broken = rng.random() < 0.3
    leader = rng.randrange(players)
    trick: list[int] = []
    for k in range(rng.randrange(players) if rng.random() < 0.5 else 0):
        seat = (leader + k) % players
        card = rng.choice(rules.legal(tuple(sorted(hands[seat])), tuple(trick), broken))
        hands[seat].remove(card)
        trick.append(card)
    taken = (rng.randrange(30), rng.randrange(30))
    pos = Position(config(game, players, {"break_spades": rules.break_spades}),
                   [sum(1 << c for c in h) for h in hands], trump, leader, trick, taken, stock,
                   broken)
    return pos, rules, hands, trick, stock, broken


def in_play(rules: Rules, hands, trick, stock) -> int:
    cards = [c for h in hands for c in h] + list(trick) + list(stock)
    return sum(rules.points[c] for c in cards) + rules.trick_value * (len(cards) // rules.players)


def check_ending(game: str, players: int, tricks: int, rng: random.Random,
                 moves: bool = True, line: bool = True) -> None:
    pos, rules, hands, trick, stock, broken = random_ending(game, players, tricks, rng)
    t0, t1 = pos.taken
    total = in_play(rules, hands, trick, stock)
    brute = par_value(rules, hands, pos.leader, trick, stock, broken)
    what = f"{game} {players}p {tricks} tricks: {pos}"
    # the par, per side; the two sides share what is in play
    par = value(pos)
    assert par == (t0 + brute, t1 + total - brute), what
    if moves:
        sol = solve(pos)
        assert sol.par == par, what
        seat = pos.to_move
        legal = rules.legal(tuple(sorted(hands[seat])), tuple(trick), broken)
        assert sorted(sol.moves) == sorted(legal), what
        for card, v in sol.moves.items():
            b = par_value(rules, hands, pos.leader, trick, stock, broken, first=card)
            assert v == (t0 + b, t1 + total - b), (what, card)
        assert sol.best and all(sol.moves[c] == par for c in sol.best), what
    if line:
        got, play = best_line(pos)
        assert got == par, what
        replay_line(rules, hands, pos.leader, trick, stock, broken, play, t0 + brute - t0)


def replay_line(rules: Rules, hands, leader, trick, stock, broken, play, want0: int) -> None:
    """Play ``play`` by the reference rules: every card legal and in turn, and side 0 takes
    exactly ``want0`` from the cards in play."""
    n = rules.players
    hands = [sorted(h) for h in hands]
    trick, stock = list(trick), list(stock)
    got0 = 0
    for seat, card in play:
        assert seat == (leader + len(trick)) % n
        assert card in rules.legal(tuple(hands[seat]), tuple(trick), broken), (seat, card)
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) == n:
            win = (leader + rules.winner(trick)) % n
            if win % 2 == 0:
                got0 += sum(rules.points[c] for c in trick) + rules.trick_value
            broken = broken or any(rules.is_trump(c) for c in trick)
            for k in range(n if stock else 0):
                hands[(win + k) % n].append(stock.pop(0))
                hands[(win + k) % n].sort()
            trick, leader = [], win
    assert not trick and all(not h for h in hands), "the line does not reach the end"
    assert got0 == want0
