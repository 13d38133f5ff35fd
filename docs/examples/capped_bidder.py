"""A Sueca Italiana strategy: bid the hand's estimate up to a cap, call the card it names,
win tricks cheaply unless a known friend is winning them."""
import numpy as np

from simcore.bits import bit, top_bit
from simcore.strategy import Param, strategy
from strategies.called import known_friend
from strategies.sueca import cheapest, winning_cards
from strategies.sueca_italiana import evaluate

CAP = Param("cap", 80, "never bid above this many points", minimum=61, maximum=120)


def bid(v, lowest, u, p):
    """the estimate of evaluate, at most cap; a pass (-1) below the lowest bid allowed"""
    b = min(evaluate(v.hand)[0], p.cap)
    return b if b >= 61 and b >= np.int64(lowest) else -1


def call(v, legal, u, p):
    """the card evaluate names (the highest it lacks of its best suit) when legal"""
    c = evaluate(v.hand)[2]
    return c if legal & bit(c) else top_bit(legal)


@strategy("sueca_italiana", deterministic=True, view="trick", params=[CAP], bid=bid,
          call=call)
def capped(v, legal, u, p):
    """wins the trick with its cheapest winning card unless a known friend is winning
    it; otherwise, and when leading, plays its cheapest card"""
    if v.trick_len > 0 and not known_friend(v.seat, v.winner, v.declarer, v.partner):
        win = winning_cards(legal, v.best, v.trump)
        if win:
            return cheapest(win, v.trump)
    return cheapest(legal, v.trump)
