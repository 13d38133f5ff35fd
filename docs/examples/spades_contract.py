"""A Spades strategy: bid the evaluation plus a margin, win tricks until the team's
contract is made, then duck."""
import numpy as np

from simcore.spades.bidding import evaluate
from simcore.spades.view import BLIND_NIL, BLIND_OFFER
from simcore.strategy import Param, strategy
from strategies.spades import cheapest, highest, winning_cards

OVER = Param("over", 0, "tricks bid above the evaluation (never nil)", minimum=-3, maximum=3)


def bid(v, legal, u, p):
    """evaluate's bid plus over, at least 1 and at most 13; blind nil when offered"""
    if legal & BLIND_OFFER:
        return BLIND_NIL
    return min(max(evaluate(v.hand) + p.over, 1), 13)


@strategy("spades", deterministic=True, view="trick", params=[OVER], bid=bid)
def contract_first(v, legal, u, p):
    """wins with its cheapest winning card until the team has its contract, then
    plays its highest card that loses"""
    team = v.seat & 1
    win = winning_cards(legal, v.best, v.led) if v.trick_len > 0 else np.uint64(0)
    if v.team_tricks[team] < v.contract[team]:
        return cheapest(win) if win else cheapest(legal)
    lose = legal & ~win
    return highest(lose) if lose else cheapest(legal)
