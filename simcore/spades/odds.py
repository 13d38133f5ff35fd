"""What ``trunfo odds spades`` estimates and its standard table (``simcore.odds_spec``)."""
from __future__ import annotations

import numpy as np

from ..odds_spec import Estimate, OddsSpec, Table, pick, side_estimates
from .enums import BLIND_MADE, NIL_MADE, NIL_NONE


def estimates(recs, seat, setup):
    """Won, tied, lost and the mean score of the seat's team, then its contract made or
    set, the seat's nil bid and nil made, the team's bags and tricks."""
    team = seat & 1
    bids = np.stack([recs[f"bid_seat{s}"].astype(np.int64) for s in range(4)], axis=1)
    tricks = np.stack([recs[f"tricks_seat{s}"].astype(np.int64) for s in range(4)], axis=1)
    ar = np.arange(len(recs))
    contract = bids[ar, team] + bids[ar, team + 2]
    taken = tricks[ar, team] + tricks[ar, team + 2]
    nil = pick(recs, "nil_seat{}", seat, 4)
    out = side_estimates(recs, seat, setup, "score")
    out += [(Estimate("made", "contract made", "share"), taken >= contract),
            (Estimate("set", "contract set", "share"), taken < contract),
            (Estimate("nil_bid", "bid nil", "share"), nil != NIL_NONE),
            (Estimate("nil_made", "nil made", "share"), (nil == NIL_MADE) | (nil == BLIND_MADE)),
            (Estimate("bags", "mean bags", "mean"), pick(recs, "bags_team{}", team, 2)),
            (Estimate("tricks", "mean tricks (team)", "mean"), taken)]
    return out


def tables(deck):
    """By spades held by the seat."""
    spades = deck.suit_masks[deck.suits.index("S")]

    def spades_seat(h):
        return h.count(h.of_seat(h.seat), np.full(len(h.seat), spades, np.uint64))
    return [Table("spades", "by spades held by {X}", spades_seat,
                  lambda k, x: f"length({x}, 'S') == {k}", tuple(range(14)))]


ODDS = OddsSpec(estimates, tables, ("made", "set", "nil_made", "bags"))
