"""Game records of Twenty (the keys of docs/records.md's trick-taking games, no trumps)."""
from __future__ import annotations

from simcore.records import record_head, trick_plays

from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    hands, cards, leaders, winners, points = trace
    deck = E.DECK
    recs = []
    for i in range(len(out)):
        r = out[i]
        plays, tricks = trick_plays(deck, cards[i], leaders[i], winners[i], points[i],
                                    E.N_SEATS, E.N_TRICKS)
        oc = int(r["outcome"])
        recs.append({
            **record_head(setup, seed, E.N_SEATS, r, setup.rules.as_dict()),
            "hands": [deck.format_hand(h) for h in hands[i][:E.N_SEATS]],
            "trump": None,
            "stock": deck.format_hand(hands[i][E.N_SEATS]),     # set aside, never played
            "plays": plays,
            "tricks": tricks,
            "points": [int(r["points_seat0"]), int(r["points_seat1"])],
            "result": {"winner": None if oc == 0 else oc - 1,
                       "outcome": E.OUTCOME_LABELS[oc]},
        })
    return recs
