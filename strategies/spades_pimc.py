"""Spades ``pimc``: perfect-information Monte Carlo over the double-dummy solver.

At each card with more than one legal choice, the seat deals the cards it cannot see to the
other seats ``samples`` times, consistent with its view (each seat's number of cards, the
voids it has shown), solves each deal with every card visible (:mod:`simcore.solver`,
limited to ``depth`` tricks: :mod:`strategies.pimc`) and plays the card of the best total
utility.  The utility of a deal's outcome is the hand's score difference (its team's score
minus the other team's, by the contracts bid, bags counted against ``bag_limit`` in a game)
times 16, plus its team's tricks (so that among equal scores more tricks are preferred).
The solver counts tricks by team: it cannot play for a nil bid, so while any seat's bid is
nil (or blind nil) ``pimc`` plays ``expert``'s card.  It bids as ``expert`` does (the same
parameters), so that a comparison with ``expert`` compares the play.

Its samples come from a generator seeded by the seat's own draw for the decision (from the
deal's stream) and the decision's number: reproducible whatever the threads, and blind to
the cards the seat cannot see (``tests/test_pimc_games.py``).
"""
import sys

import numpy as np

from simcore._jit import njit
from simcore.bits import ctz, popcount
from simcore.solver import enums as _SV
from simcore.spades.enums import N_TRICKS
from simcore.spades.solve import SOLVER
from simcore.strategy import Param, register
from strategies.pimc import DEPENDS, best_of, pimc_totals, solver_position
from strategies.spades_expert import PARAMS as EXPERT_PARAMS
from strategies.spades_expert import expert_bid_of, expert_card

GAME = "spades"
_FULL = np.uint64((1 << 52) - 1)
_CFG, _TAB = SOLVER.config(4, {"break_spades": False}).tables()
_CFG_BREAK, _ = SOLVER.config(4, {"break_spades": True}).tables()
_CFGS = np.stack([_CFG, _CFG_BREAK])


@njit
def team_score(contract, tricks, bags, in_game, bag_points, bag_limit, bag_penalty):
    """A team's score for the hand (no nil bid): made, +10 a trick bid and ``bag_points``
    per overtrick (a game: ``bag_penalty`` when the bags reach ``bag_limit``); set, -10 a
    trick bid."""
    if tricks < contract:
        return -10 * contract
    over = tricks - contract
    s = 10 * contract + bag_points * over
    if in_game and bags + over >= bag_limit:
        s -= bag_penalty
    return s


@njit
def pimc_card(v, legal, u, samples, tt_bits, depth):
    if popcount(legal) == 1:
        return ctz(legal)
    seat = v.seat
    team = seat & 1
    unseen = _FULL & ~v.played & ~v.hand
    need = np.zeros(8, np.int64)
    voids = np.zeros(8, np.int64)
    shown = np.zeros(8, np.uint64)
    for s in range(4):
        need[s] = N_TRICKS - popcount(v.played_by[s])
        voids[s] = v.voids[s]
    k = v.trick_len
    hands, pos = solver_position(seat, v.leader, k, v.trick_cards, v.team_tricks[0],
                                 v.team_tricks[1])
    pos[_SV.P_BROKEN] = v.broken
    left = N_TRICKS - v.trick
    horizon = left - depth if 0 < depth < left else 0
    # util[x]: x = team 0's tricks still to take; 16 * (score difference) + own tricks
    util = np.zeros(N_TRICKS + 2, np.int64)
    for x in range(left + 1):
        t0 = v.team_tricks[0] + x
        t = (t0, N_TRICKS - t0)
        sc0 = team_score(v.contract[0], t[0], v.bags[0], v.in_game, v.bag_points,
                         v.bag_limit, v.bag_penalty)
        sc1 = team_score(v.contract[1], t[1], v.bags[1], v.in_game, v.bag_points,
                         v.bag_limit, v.bag_penalty)
        d = sc0 - sc1 if team == 0 else sc1 - sc0
        util[x] = 16 * d + t[team]
    total = np.zeros(64, np.int64)
    pimc_totals(v.hand, seat, 4, unseen, need, voids, -1, 0, shown, 0, -1, hands, pos,
                _CFGS[1 if v.break_spades else 0], _TAB, u, v.trick * 4 + k, samples,
                tt_bits, horizon, util, total)
    return best_of(legal, total)


@njit
def pimc_play_of(v, legal, u, p):
    for s in range(4):
        if v.bids[s] == 0:
            return expert_card(v, legal, p)
    return pimc_card(v, legal, u, p.samples, p.tt_bits, p.depth)


def pimc_bid(v, legal, u, p):
    """expert's bid"""
    return expert_bid_of(v, legal, p)


def pimc_play(v, legal, u, p):
    """perfect-information Monte Carlo: solves `samples` deals of the unseen cards
    consistent with the view, plays the card of the best mean score (expert's card while a
    nil bid is on; docs/solver.md)"""
    return pimc_play_of(v, legal, u, p)


PIMC_PARAMS = [
    Param("samples", 16, "deals of the unseen cards solved per decision", minimum=1,
          maximum=4096),
    Param("tt_bits", 16, "the solver's transposition table: 2**tt_bits entries", minimum=10,
          maximum=24),
    Param("depth", 2, "tricks searched from the current one, the rest estimated (0: to the "
          "end of the hand)", minimum=0, maximum=13),
]

register(GAME, "pimc", pimc_play, bid=pimc_bid, deterministic=False, view="full",
         depends=DEPENDS + (sys.modules["strategies.spades_expert"],),
         params=PIMC_PARAMS + EXPERT_PARAMS,
         doc="perfect-information Monte Carlo over the double-dummy solver (expert's bids, "
             "and expert's play while a nil bid is on)")
