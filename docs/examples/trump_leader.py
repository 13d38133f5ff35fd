"""A Sueca strategy of one's own: lead trumps while long in them, else play like greedy."""
from simcore.bits import ctz, popcount, top_bit
from simcore.strategy import Param, strategy
from simcore.sueca.enums import SUIT_MASKS
from strategies.sueca import greedy_card

LEAD_AT = Param("lead_at", 4, "lead trumps while holding at least this many",
                minimum=1, maximum=10)


@strategy("sueca", deterministic=True, params=[LEAD_AT])
def trump_leader(v, legal, u, p):
    """leads trumps while holding at least lead_at of them; otherwise greedy"""
    trumps = legal & SUIT_MASKS[v.trump]
    if v.trick_len == 0 and popcount(trumps) >= p.lead_at:
        out = SUIT_MASKS[v.trump] & ~v.played & ~v.hand    # trumps someone else holds
        top = top_bit(trumps)
        if out == 0 or top > top_bit(out):
            return top            # the best trump still in play: it wins the trick
        return ctz(trumps)        # otherwise the lowest trump
    return greedy_card(v.seat, legal, v.trick_len, v.best, v.winner, v.trump)
