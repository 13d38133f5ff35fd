"""Game records for Scopa, as ``docs/records.md`` describes them."""
from __future__ import annotations

from ..bits import mask_to_indices
from ..records import record_head
from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    tables, hands, cards, captures = trace
    n = setup.players
    deck = E.DECK
    k = E.n_sides(n, setup.rules["teams"])
    rounds = E.N_PLAYS // (E.HAND_SIZE * n)
    rules = setup.rules.as_dict()
    fmt = deck.format_card
    recs = []
    for i in range(len(out)):
        r = out[i]
        dealer = int(r["dealer"])
        plays = []
        for j in range(E.N_PLAYS):
            seat = (dealer + 1 + j) % n
            plays.append([seat, fmt(cards[i, j]),
                          [fmt(c) for c in mask_to_indices(captures[i, j])]])
        last = int(r["last_capture"])
        oc = int(r["outcome"])
        recs.append({
            **record_head(setup, seed, n, r, rules),
            "table": [fmt(c) for c in tables[i]],
            "hands": [[deck.format_hand(hands[i, rd, s]) for s in range(n)]
                      for rd in range(rounds)],
            "plays": plays,
            "last_capture": None if last < 0 else last,
            "score": [{f: int(r[f"{f}_side{s}"]) for f in E.SIDE_FIELDS} for s in range(k)],
            "relays": int(r["relays"]),
            "result": {"winner": None if oc == 0 else oc - 1, "outcome": E.OUTCOME_LABELS[oc]},
        })
    return recs
