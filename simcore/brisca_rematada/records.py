"""Game records for Brisca rematada, as ``docs/records.md`` describes them."""
from __future__ import annotations

from ..records import record_head
from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    hands, talon, auction, discards, cards, leaders, winners, points, marriage = trace
    deck = E.DECK
    n = E.N_SEATS
    rules = setup.rules.as_dict()
    forty = rules["marriages"] == "forty"
    recs = []
    for i in range(len(out)):
        r = out[i]
        dealer = int(r["dealer"])
        trump = int(r["trump_suit"])
        bids = []
        seat = (dealer + 1) % n
        passed = set()
        for j in range(int(r["turns"])):
            b = int(auction[i, j])
            bids.append([seat, None if b == E.PASS else b])
            if b == E.PASS:
                passed.add(seat)
            seat = (seat + 1) % n
            if seat in passed:
                seat = (seat + 1) % n
        plays, tricks, marriages = [], [], []
        for t in range(E.N_TRICKS):
            lead = int(leaders[i, t])
            for k in range(n):
                plays.append([(lead + k) % n, deck.format_card(cards[i, n * t + k])])
            w = int(winners[i, t])
            tricks.append({"leader": lead, "winner": w, "points": int(points[i, t])})
            ms = int(marriage[i, t])
            if ms >= 0:
                marriages.append({"seat": w, "suit": deck.suits[ms], "trick": t,
                                  "points": 40 if forty or ms == trump else 20})
        made = bool(r["made"])
        recs.append({
            **record_head(setup, seed, n, r, rules),
            "hands": [deck.format_hand(h) for h in hands[i]],
            "bids": bids,
            "declarer": int(r["declarer"]),
            "contract": int(r["contract"]),
            "talon": [deck.format_card(c) for c in talon[i]],
            "discards": [deck.format_card(c) for c in discards[i]],
            "trump": deck.suits[trump],
            "plays": plays,
            "tricks": tricks,
            "marriages": marriages,
            "points": [int(r[f"points_seat{s}"]) for s in range(n)],
            "score": [int(r[f"score_seat{s}"]) for s in range(n)],
            "result": {"made": made, "outcome": E.OUTCOME_LABELS[int(r["outcome"])]},
        })
    return recs
