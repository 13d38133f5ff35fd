"""Game records for Spades, as ``docs/records.md`` describes them.

Besides the keys of every trick-taking game: ``bids``, ``blind_nil`` (by seat), ``score``
and ``bags`` (by team), ``nil`` (what each nil bid came to) and ``result``; hands of a game
(added by ``game.rubber_records``) also carry ``game_number``, ``hand_in_game``,
``scores_before``/``bags_before`` (the game's totals before the hand), ``bag_penalty``
(points lost to bags after it) and ``scores_after``.
"""
from __future__ import annotations

from ..records import record_head, trick_plays
from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    hands, cards, leaders, winners = trace
    deck = E.DECK
    rules = setup.rules.as_dict()
    recs = []
    for i in range(len(out)):
        r = out[i]
        plays, tricks = trick_plays(deck, cards[i], leaders[i], winners[i], None,
                                    E.N_SEATS, E.N_TRICKS)
        nil = [E.NIL_RESULTS[int(r[f"nil_seat{s}"])] for s in range(E.N_SEATS)]
        outcome = E.OUTCOME_LABELS[int(r["outcome"])]
        recs.append({
            **record_head(setup, seed, E.N_SEATS, r, rules),
            "hands": [deck.format_hand(h) for h in hands[i]],
            "bids": [int(r[f"bid_seat{s}"]) for s in range(E.N_SEATS)],
            "blind_nil": [n.startswith("blind") for n in nil],
            "trump": None,
            "stock": [],
            "plays": plays,
            "tricks": tricks,
            "points": [int(r[f"tricks_seat{s}"]) for s in range(E.N_SEATS)],
            "score": [int(r["score_team0"]), int(r["score_team1"])],
            "bags": [int(r["bags_team0"]), int(r["bags_team1"])],
            "nil": nil,
            "result": {"winner": None if outcome == "tie" else int(outcome[4]),
                       "outcome": outcome},
        })
    return recs
