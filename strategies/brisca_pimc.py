"""Brisca ``pimc``: perfect-information Monte Carlo over the double-dummy solver.

At each card with more than one legal choice, the seat deals the cards it cannot see
``samples`` times, consistent with its view: each other seat gets as many cards as it
holds, the rest go to the stock in a random order with the face-up trump card last (it is
the stock's last card while the stock lasts); once an opponent has drawn the face-up card,
it stays in that seat's hand until played; teammates' shown hands (rule
``partners_show_hands``) are theirs.  Each sampled deal, stock order included, is solved
with every card visible (:mod:`simcore.solver`, limited to ``depth`` tricks:
:mod:`strategies.pimc`), and the card of the most points for its side over the samples is
played (ties: the lowest card).

Its samples come from a generator seeded by the seat's own draw for the decision (from the
deal's stream) and the decision's number: reproducible whatever the threads, and blind to
the cards the seat cannot see (``tests/test_pimc_games.py``).
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount
from simcore.brisca.enums import N_VALUES, VALUES
from simcore.brisca.solve import SOLVER
from simcore.solver import enums as _SV
from simcore.strategy import Param, register
from strategies.pimc import DEPENDS, best_of, pimc_totals, solver_position

GAME = "brisca"
_FULL = np.array([(1 << 40) - 1, (1 << 48) - 1], dtype=np.uint64)
# the solver's tables: _CFGS[players // 2 - 1, trump]; _TABS[rows of POINTS_TABLE] (the
# 40-card deck's padded to 48 cards: its last eight never appear)
_CFGS = np.zeros((3, 4, _SV.N_CFG), np.int64)
_TABS = np.zeros((2 * N_VALUES, 3, 48), np.int64)
for _i, _n in enumerate((2, 4, 6)):
    for _t in range(4):
        _CFGS[_i, _t] = _SV.with_trump(SOLVER.config(_n).tables()[0], _t)
for _d, _n in enumerate((2, 6)):
    for _v, _name in enumerate(VALUES):
        _tab = SOLVER.config(_n, {"values": _name}).tables()[1]
        _TABS[N_VALUES * _d + _v, :, :_tab.shape[1]] = _tab
del _i, _n, _t, _d, _v, _name, _tab


@njit
def pimc_card(v, legal, u, samples, tt_bits, depth):
    if popcount(legal) == 1:
        return ctz(legal)
    seat = v.seat
    n = v.players
    k = v.trick_len
    h = popcount(v.hand)
    unseen = _FULL[v.layout] & ~v.played & ~v.hand
    need = np.zeros(8, np.int64)
    voids = np.zeros(8, np.int64)
    shown = np.zeros(8, np.uint64)
    for j in range(n):
        s = v.leader + j
        if s >= n:
            s -= n
        need[s] = h - 1 if j < k else h          # seats that played to this trick hold one less
    if v.shown:
        for s in range(n):
            if v.partner_hands[s] != 0:
                shown[s] = v.partner_hands[s]
                unseen &= ~v.partner_hands[s]
                need[s] = 0
    n_stock = v.stock_left
    known = -1
    if n_stock > 0:
        unseen &= ~bit(v.trump_card)
    elif v.trump_drawn_by >= 0 and v.trump_drawn_by != seat and (unseen & bit(v.trump_card)):
        known = v.trump_card
    hands, pos = solver_position(seat, v.leader, k, v.trick_cards, v.points[0], v.points[1])
    left = h + n_stock // n                      # tricks left, this one included
    horizon = left - depth if 0 < depth < left else 0
    util = np.zeros(256, np.int64)
    mine = (seat & 1) == 0
    for x in range(256):
        util[x] = x if mine else -x
    total = np.zeros(64, np.int64)
    pimc_totals(v.hand, seat, n, unseen, need, voids, known,
                v.trump_drawn_by if known >= 0 else 0, shown, n_stock, v.trump_card, hands,
                pos, _CFGS[n // 2 - 1, v.trump], _TABS[N_VALUES * v.layout + v.values], u,
                v.trick * n + k, samples, tt_bits, horizon, util, total)
    return best_of(legal, total)


def pimc_play(v, legal, u, p):
    """perfect-information Monte Carlo: solves `samples` deals of the unseen cards and the
    stock's order consistent with the view, plays the card best on average (docs/solver.md)"""
    return pimc_card(v, legal, u, p.samples, p.tt_bits, p.depth)


register(GAME, "pimc", pimc_play, deterministic=False, view="full", params=[
    Param("samples", 16, "deals of the unseen cards (and stock orders) solved per decision",
          minimum=1, maximum=4096),
    Param("tt_bits", 16, "the solver's transposition table: 2**tt_bits entries", minimum=10,
          maximum=24),
    Param("depth", 3, "tricks searched from the current one, the rest estimated (0: to the "
          "end of the deal)", minimum=0, maximum=20),
], depends=DEPENDS, players=(2, 4, 6))      # 3 players: the solver scores two sides
