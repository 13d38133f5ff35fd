"""A Briscola chiamata strategy: bid while holding enough aces and threes, call in its
longest suit, feed a known friend, take points cheaply."""
import numpy as np

from simcore.bits import ctz, popcount
from simcore.briscola_chiamata.enums import HIGH_CARDS, N_RANK_BIDS, SUIT, SUIT_MASKS
from simcore.strategy import Param, strategy
from strategies.briscola_chiamata import beaters, cheapest, most_points
from strategies.called import known_friend

STRONG = Param("strong", 3, "bid while holding this many aces and threes", minimum=0,
               maximum=8)


def bid(v, lowest, u, p):
    """the lowest bid allowed while it holds strong aces and threes and the auction is
    on ranks (lowest <= 10); else a pass"""
    lo = np.int64(lowest)
    return lo if popcount(v.hand & HIGH_CARDS) >= p.strong and lo <= N_RANK_BIDS else -1


def call(v, legal, u, p):
    """of the cards it may call, the one of the suit it holds most of"""
    pick, most, m = ctz(legal), -1, legal
    while m:
        c = ctz(m)
        m &= m - np.uint64(1)
        n = popcount(v.hand & SUIT_MASKS[SUIT[c]])
        if n > most:
            pick, most = c, n
    return pick


@strategy("briscola_chiamata", deterministic=True, view="trick", params=[STRONG], bid=bid,
          call=call)
def ace_counter(v, legal, u, p):
    """feeds its richest non-trump to a known friend winning the trick; takes a trick
    holding points with its cheapest winning card; else plays its cheapest card"""
    trumps = SUIT_MASKS[v.trump]
    if v.trick_len > 0:
        if known_friend(v.seat, v.winner, v.declarer, v.partner):
            feed = legal & ~trumps
            if feed:
                return most_points(feed)
        win = legal & beaters(v.best, trumps)
        if win and v.trick_points > 0:
            return cheapest(win, trumps)
    return cheapest(legal, trumps)
