"""Game records for Sueca, as ``docs/records.md`` describes them."""
from __future__ import annotations

from ..records import record_head, trick_plays
from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    hands, trump_card, cards, leaders, winners, points = trace
    deck = E.DECK
    rules = setup.rules.as_dict()
    rules["scoring"] = E.scoring_name(setup.rules)
    recs = []
    for i in range(len(out)):
        r = out[i]
        plays, tricks = trick_plays(deck, cards[i], leaders[i], winners[i], points[i],
                                    E.N_SEATS, E.N_TRICKS)
        g0, g1 = int(r["games_team0"]), int(r["games_team1"])
        winner = 0 if g0 > 0 else (1 if g1 > 0 else None)
        kind = E.OUTCOME_LABELS[int(r["outcome"])]
        recs.append({
            **record_head(setup, seed, E.N_SEATS, r, rules),
            "hands": [deck.format_hand(h) for h in hands[i]],
            "trump": deck.format_card(trump_card[i]),
            "stock": [],
            "plays": plays,
            "tricks": tricks,
            "points": [int(r["points_team0"]), int(r["points_team1"])],
            "result": {"winner": winner, "games": max(g0, g1),
                       "bandeira": kind.endswith("_bandeira") and "points" not in kind,
                       "outcome": kind},
        })
    return recs
