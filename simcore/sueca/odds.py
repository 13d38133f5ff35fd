"""What ``trunfo odds sueca`` estimates and its standard tables (``simcore.odds_spec``)."""
from __future__ import annotations

import numpy as np

from ..odds_spec import Estimate, OddsSpec, Table, pick, trump_suit


def estimates(recs, seat, setup):
    """The seat's team: won (61+), tied, lost, 91+, every trick, 29 or fewer, no trick,
    mean card points and the expected games (won - lost)."""
    team = seat & 1
    p = pick(recs, "points_team{}", team, 2)
    t = pick(recs, "tricks_team{}", team, 2)
    g = pick(recs, "games_team{}", team, 2) - pick(recs, "games_team{}", 1 - team, 2)
    return [(Estimate("win", "won (61+ points)", "share"), p >= 61),
            (Estimate("tie", "tie (60-60)", "share"), p == 60),
            (Estimate("loss", "lost (59 or fewer)", "share"), p <= 59),
            (Estimate("points_91", "91+ points", "share"), p >= 91),
            (Estimate("bandeira", "every trick (bandeira)", "share"), t == 10),
            (Estimate("points_29", "29 or fewer points", "share"), p <= 29),
            (Estimate("no_trick", "no trick", "share"), t == 0),
            (Estimate("points", "mean card points", "mean"), p),
            (Estimate("games", "expected games (won - lost)", "mean"), g)]


def tables(deck):
    """By trumps held by the seat, by its team, and by who holds the trump ace and 7."""
    suits = deck.suits
    ace = np.array([deck.card("A", s) for s in suits], np.int64)
    seven = np.array([deck.card("7", s) for s in suits], np.int64)
    places = ("seat", "partner", "opponents")

    def trumps_seat(h):
        return h.count(h.of_seat(h.seat), h.suit_mask(trump_suit(h)))

    def trumps_team(h):
        m = h.of_seat(h.seat) | h.of_seat(h.partner())
        return h.count(m, h.suit_mask(trump_suit(h)))

    def place_of(h, cards):
        bit = np.left_shift(np.uint64(1), cards.astype(np.uint64))
        mine = (h.of_seat(h.seat) & bit) != 0
        mate = (h.of_seat(h.partner()) & bit) != 0
        return np.where(mine, 0, np.where(mate, 1, 2))

    def honours(h):
        t = trump_suit(h)
        return place_of(h, ace[t]) * 3 + place_of(h, seven[t])

    def who(p, x):
        return {"seat": x, "partner": f"partner({x})", "opponents": f"opponents({x})"}[p]

    def honours_where(k, x):
        a, b = places[k // 3], places[k % 3]
        return " or ".join(f"(trump_is('{s}') and holds({who(a, x)}, 'A{s}') and "
                           f"holds({who(b, x)}, '7{s}'))" for s in suits)

    names = {"seat": "{X}", "partner": "partner", "opponents": "opponents"}
    return [
        Table("trumps", "by trumps held by {X}", trumps_seat,
              lambda k, x: f"trumps({x}) == {k}", tuple(range(11))),
        Table("team_trumps", "by trumps held by {X}'s team", trumps_team,
              lambda k, x: f"trumps(team({x})) == {k}", tuple(range(11))),
        Table("honours", "by who holds the trump ace and 7", honours, honours_where,
              tuple(f"A {names[a]}, 7 {names[b]}" for a in places for b in places)),
    ]


ODDS = OddsSpec(estimates, tables, ("win", "tie", "points_91", "points", "games"))
