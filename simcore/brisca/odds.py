"""What ``trunfo odds brisca`` estimates and its standard table (``simcore.odds_spec``):
won, tied, lost and mean points of the seat's side (the default estimates), by trumps in
the seat's first hand."""
from __future__ import annotations

from ..odds_spec import OddsSpec, Table, side_estimates, trump_suit


def tables(deck):
    def trumps_seat(h):
        return h.count(h.of_seat(h.seat), h.suit_mask(trump_suit(h)))
    return [Table("trumps", "by trumps in {X}'s first hand", trumps_seat,
                  lambda k, x: f"trumps({x}) == {k}", tuple(range(4)))]


ODDS = OddsSpec(side_estimates, tables, ("win", "tie", "points"))
