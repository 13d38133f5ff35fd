"""Par results of simulated deals: every deal's initial position, solved.

``par_values`` is what ``trunfo simulate ... --par`` and ``trunfo odds ... --par`` call per
chunk (see :func:`par_values` and :func:`par_summary`): it needs only a game's
``initial_positions`` method and its ``solver`` (``config.GameSolver``).
"""
from __future__ import annotations

import threading

import numpy as np

from ..stats import mean_interval
from . import enums as E
from . import nb
from .api import workspace

_local = threading.local()

#: deals per chunk when solving: a solve takes milliseconds to seconds, not microseconds
PAR_CHUNK = 4


def warm_up(game, setup) -> None:
    """Compile (or load from the cache) the batch solver without solving anything."""
    cfg, tab = game.solver.config(setup.players, setup.rules.as_dict()).tables()
    nb.solve_batch(np.zeros((0, E.MAX_SEATS), np.uint64), np.zeros((0, E.POS_LEN), np.int64),
                   np.zeros((0, E.N_CFG), np.int64), tab, _thread_ws(), np.zeros(0, np.int64))


def _thread_ws():
    ws = getattr(_local, "ws", None)
    if ws is None:
        ws = _local.ws = workspace()
    return ws


def positions(game, setup, initial: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(hands, pos, cfgs, tab)`` arrays for the solver from ``game.initial_positions(...)``,
    as the game's solver turns them into opening positions (``openings``)."""
    n = setup.players
    config = game.solver.config(n, setup.rules.as_dict())
    cfg, tab = config.tables()
    dealt, leader, trump, stock = game.solver.openings(initial, n)
    count = len(leader)
    hands = np.zeros((count, E.MAX_SEATS), np.uint64)
    hands[:, :n] = dealt[:, :n]
    pos = np.zeros((count, E.POS_LEN), np.int64)
    pos[:, E.P_LEADER] = leader
    cfgs = np.repeat(cfg[None, :], count, axis=0)
    if config.trump is None:
        cfgs[:, E.C_TRUMP] = trump
    if stock is not None:
        pos[:, E.P_NSTOCK] = stock.shape[1]
        pos[:, E.P_STOCK:E.P_STOCK + stock.shape[1]] = stock
    return hands, pos, cfgs, tab


def par_values(game, setup, seed: int, start: int, count: int, ws=None) -> np.ndarray:
    """Side 0's par (in the game's unit, ``game.solver.unit``) of deals ``start ..
    start+count-1`` from the opening lead, as dealt by ``game`` under ``setup`` (one int64
    per deal).  Uses this thread's workspace; call it from several threads for parallel
    chunks."""
    initial = game.initial_positions(setup, seed, start, count)
    hands, pos, cfgs, tab = positions(game, setup, initial)
    out = np.zeros(count, np.int64)
    nb.solve_batch(hands, pos, cfgs, tab, _thread_ws() if ws is None else ws, out)
    return out


def par_summary(values: np.ndarray, total: int, unit: str = "points") -> dict:
    """Mean of side 0's par with its 95% interval, side 1's mean, and the distribution
    (a count for every value 0..total)."""
    values = np.asarray(values, np.int64)
    n = len(values)
    m, lo, hi = mean_interval(float(values.sum()), float((values * values).sum()), n)
    return {"deals": n, "unit": unit, "mean_side0": m, "mean_side0_ci95": [lo, hi],
            "mean_side1": total - m if n else float("nan"),
            "distribution_side0": [int(x) for x in np.bincount(values, minlength=total + 1)]}
