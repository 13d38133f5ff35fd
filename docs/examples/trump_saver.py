"""A Brisca strategy: spend a trump only on a trick worth it, else play the cheapest card."""
from simcore.brisca.enums import SUIT_MASKS
from simcore.strategy import Param, strategy
from strategies.brisca import cheapest

TRUMP_AT = Param("trump_at", 10, "trump a trick only when it holds this many points",
                 minimum=0, maximum=30)


@strategy("brisca", deterministic=True, view="trick", params=[TRUMP_AT])
def trump_saver(v, legal, u, p):
    """takes an opponent's trick with its cheapest winning card, a trump only when the
    trick holds trump_at points or more; otherwise plays its cheapest card"""
    d = v.layout                              # the deck's layout: 40 or 48 cards
    trumps = SUIT_MASKS[d, v.trump]
    if v.trick_len > 0 and (v.partners >> v.winner) & 1 == 0:   # an opponent wins it
        win = legal & v.beat                  # the cards that would beat v.best
        if win & ~trumps:
            return cheapest(win & ~trumps, trumps, d)
        if win and v.trick_points >= p.trump_at:
            return cheapest(win, trumps, d)
    return cheapest(legal, trumps, d)
