"""Pieces of game records (docs/records.md) common to several games."""
from __future__ import annotations


def trick_plays(deck, cards, leaders, winners, points, players: int, tricks: int):
    """``plays`` and ``tricks`` of a trick-taking deal from its trace row.

    ``cards[players * t + k]`` is the k-th card of trick t, played by seat
    ``(leaders[t] + k) % players``; ``points`` is None for games whose tricks carry
    no card points (Spades writes 0).
    """
    plays, out = [], []
    for t in range(tricks):
        lead = int(leaders[t])
        for k in range(players):
            plays.append([(lead + k) % players, deck.format_card(cards[players * t + k])])
        out.append({"leader": lead, "winner": int(winners[t]),
                    "points": 0 if points is None else int(points[t])})
    return plays, out


def record_head(setup, seed: int, players: int, r, rules: dict) -> dict:
    """The keys every record starts with (docs/records.md): ``game``, ``rules``,
    ``players``, ``seed``, ``deal``, ``dealer`` and ``strategies``; ``r`` is the deal's
    row of the kernel's records."""
    return {"game": setup.game, "rules": rules, "players": players, "seed": int(seed),
            "deal": int(r["deal"]), "dealer": int(r["dealer"]),
            "strategies": list(setup.strategies)}
