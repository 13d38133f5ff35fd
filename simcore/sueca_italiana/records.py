"""Game records for Sueca Italiana, as ``docs/records.md`` describes them."""
from __future__ import annotations

from ..records import record_head, trick_plays
from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    hands, cards, leaders, winners, points = trace
    deck = E.DECK
    rules = setup.rules.as_dict()
    recs = []
    for i in range(len(out)):
        r = out[i]
        plays, tricks = trick_plays(deck, cards[i], leaders[i], winners[i], points[i],
                                    E.N_SEATS, E.N_TRICKS)
        dealer = int(r["dealer"])
        by_seat = [int(r[f"seat{s}_bid"]) for s in range(E.N_SEATS)]
        bids = [by_seat[(dealer + j) % E.N_SEATS] for j in range(E.N_SEATS)]
        called = deck.format_card(int(r["called_card"]))
        recs.append({
            **record_head(setup, seed, E.N_SEATS, r, rules),
            "hands": [deck.format_hand(h) for h in hands[i]],
            "bids": [None if b < 0 else b for b in bids],
            "declarer": int(r["declarer"]),
            "contract": int(r["contract"]),
            "called_card": called,
            "partner": int(r["partner"]),
            "trump": called,
            "stock": [],
            "plays": plays,
            "tricks": tricks,
            "points": [int(r[f"points_seat{s}"]) for s in range(E.N_SEATS)],
            "result": {"made": bool(r["made"]), "declarer_points": int(r["declarer_points"]),
                       "game_points": [int(r[f"score_seat{s}"]) for s in range(E.N_SEATS)],
                       "outcome": E.OUTCOME_LABELS[int(r["outcome"])]},
        })
    return recs
