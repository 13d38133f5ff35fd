"""Game records for Briscola chiamata, as ``docs/records.md`` describes them."""
from __future__ import annotations

from ..records import record_head, trick_plays
from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    hands, auction, cards, leaders, winners, points = trace
    deck = E.DECK
    rules = setup.rules.as_dict()
    recs = []
    for i in range(len(out)):
        r = out[i]
        passed = int(r["outcome"]) == E.O_PASSED
        if passed:
            plays, tricks = [], []
        else:
            plays, tricks = trick_plays(deck, cards[i], leaders[i], winners[i], points[i],
                                        E.N_SEATS, E.N_TRICKS)
        called = None if passed else deck.format_card(int(r["called_card"]))
        scores = [int(r[f"score_seat{s}"]) for s in range(E.N_SEATS)]
        recs.append({
            **record_head(setup, seed, E.N_SEATS, r, rules),
            "hands": [deck.format_hand(h) for h in hands[i]],
            "bids": [E.bid_name(int(b)) for b in auction[i][:int(r["turns"])]],
            "declarer": None if passed else int(r["declarer"]),
            "contract": None if passed else int(r["contract"]),
            "called_card": called,
            "partner": None if passed else int(r["partner"]),
            "trump": called,
            "stock": [],
            "plays": plays,
            "tricks": tricks,
            "points": [int(r[f"points_seat{s}"]) for s in range(E.N_SEATS)],
            "result": {"made": None if passed else bool(r["made"]),
                       "declarer_points": None if passed else int(r["declarer_points"]),
                       "scores": scores, "cappotto": bool(r["cappotto"]),
                       "outcome": E.OUTCOME_LABELS[int(r["outcome"])]},
        })
    return recs
