"""A Brisca rematada strategy: bid on the hand's estimate with a margin, keep undeclared
marriages, take points cheaply (discards and trumps: the game's defaults)."""
import numpy as np

from simcore.brisca_rematada.enums import SUIT_MASKS
from simcore.strategy import Param, strategy
from strategies.brisca_rematada import beaters, cheapest, estimate, kept_cards

MARGIN = Param("margin", 0, "bid only while the estimate minus margin reaches the bid",
               minimum=-200, maximum=200)


def bid(v, lowest, u, p):
    """the lowest bid allowed while estimate (marriages counted) minus margin reaches it"""
    lo = np.int64(lowest)
    return lo if estimate(v.hand, v.marriage_rule == 1)[0] - p.margin >= lo else -1


@strategy("brisca_rematada", deterministic=True, view="trick", params=[MARGIN], bid=bid)
def marriage_keeper(v, legal, u, p):
    """takes a trick holding points with its cheapest winning card; else plays its
    cheapest card; never a king or knight of a marriage it has not declared, if it can"""
    trumps = SUIT_MASKS[v.trump]
    keep = legal & ~kept_cards(v.hand, v.marriages[v.seat])
    cand = keep if keep else legal
    if v.trick_len > 0 and v.trick_points > 0:
        win = cand & beaters(v.best, trumps)
        if win:
            return cheapest(win, trumps)
    return cheapest(cand, trumps)
