"""Game records for Brisca, as ``docs/records.md`` describes them."""
from __future__ import annotations

from ..records import record_head, trick_plays
from . import enums as E


def deal_records(setup, seed: int, out, trace) -> list[dict]:
    hands, trump_card, stock, cards, leaders, winners, points, events = trace
    n = setup.players
    deck = E.deck_for(n)
    n_tricks = E.n_cards_for(n) // n
    n_stock = E.n_cards_for(n) - E.HAND_SIZE * n
    sides = range(E.sides_for(n))       # three players: each seat a side
    rules = setup.rules.as_dict()
    rot = rules["rotating_trump"]
    recs = []
    for i in range(len(out)):
        r = out[i]
        claims = [e for e in events[i] if e[0] == E.EV_CLAIM]
        kills = [e for e in events[i] if e[0] == E.EV_MUERTE]    # the deal ended after it
        played = int(claims[0][1]) if claims else (int(kills[0][1]) + 1 if kills
                                                   else n_tricks)
        plays, tricks = trick_plays(deck, cards[i], leaders[i], winners[i], points[i], n,
                                    played)
        games = [int(r[f"game_points_side{s}"]) for s in sides]
        winner = next((s for s in sides if games[s] > 0), None)
        recs.append({
            **record_head(setup, seed, n, r, rules),
            "hands": [deck.format_hand(h) for h in hands[i, :n]],
            "trump": None if rot else deck.format_card(trump_card[i]),
            "stock": [deck.format_card(c) for c in stock[i, :n_stock]],
            "plays": plays,
            "tricks": tricks,
            "points": [int(r[f"points_side{s}"]) for s in sides],
            "cards": [int(r[f"cards_side{s}"]) for s in sides],
            "result": {"winner": winner, "game_points": max(games),
                       "outcome": E.OUTCOME_LABELS[int(r["outcome"])]},
        })
        if rot:
            recs[-1]["trump_suit"] = "OCEB"[int(r["trump_suit"])]
        if rules["marriages"]:
            recs[-1]["marriages"] = [int(r["marriages_side0"]), int(r["marriages_side1"])]
        _variant_keys(recs[-1], rules, deck, events[i])
    return recs


def _variant_keys(rec: dict, rules: dict, deck, events) -> None:
    """The keys of the play variants that add events, when their rule is on."""
    if rules.get("trump_exchange"):
        rec["exchanges"] = [{"trick": int(e[1]), "seat": int(e[2]),
                             "gave": deck.format_card(int(e[3])),
                             "took": deck.format_card(int(e[4]))}
                            for e in events if e[0] == E.EV_EXCHANGE]
    if rules.get("arrastro"):
        rec["arrastro"] = [{"trick": int(e[1]), "seat": int(e[2])}
                           for e in events if e[0] == E.EV_ARRASTRO]
    if rules.get("claim_top_trumps"):
        rec["claim"] = next(({"trick": int(e[1]), "side": int(e[2])}
                             for e in events if e[0] == E.EV_CLAIM), None)
    if rules.get("muerte_al_tres"):
        rec["muerte"] = next(({"trick": int(e[1]), "seat": int(e[2])}
                              for e in events if e[0] == E.EV_MUERTE), None)
