"""The solver's Python API: positions, workspaces, :func:`solve`, :func:`best_line`.

The jitted functions of :mod:`simcore.solver.nb` do the work; this module only converts
a :class:`Position` to their arrays and their answers back.  Jitted callers (a PIMC
strategy) use :func:`workspace` once per thread and then :func:`simcore.solver.nb.solve_value`
and friends directly with ``position_arrays``' layout.
"""
from __future__ import annotations

import mmap
from dataclasses import dataclass, field

import numpy as np

from ..errors import TrunfoError
from . import enums as E
from . import nb
from .config import GameSolver, SolverConfig


def workspace(tt_bits: int = E.DEFAULT_TT_BITS):
    """A per-thread workspace: the search stack and a transposition table of ``2**tt_bits``
    entries (``tt_bits=20``: 1,048,576 entries of 58 bytes, 58 MiB).  Reuse it for every solve on
    that thread: each solve starts a new generation of the table, so no clearing is needed
    and results never depend on what the workspace solved before."""
    if not 4 <= tt_bits <= 28:
        raise TrunfoError(f"tt_bits={tt_bits} is outside 4..28")
    ws = nb.new_workspace(tt_bits)
    tables = (_prefault(_in_huge_pages(ws[4])), _prefault(_in_huge_pages(ws[5])))
    return ws[:4] + tables + ws[6:]


def _prefault(a: np.ndarray) -> np.ndarray:
    """Touch every page of ``a`` now: fresh zeroed memory is only mapped (and cleared by
    the OS) on first write, which here costs about 0.5 s of CPU for the 58 MiB of a
    20-bit table; done now, it falls to making the workspace instead of to its first
    solves (benchmarks/bench_solver.py times solves)."""
    flat = a.reshape(-1).view(np.uint8)
    flat[::4096] = 0
    return a


_HUGE = 2 << 20


def _in_huge_pages(a: np.ndarray) -> np.ndarray:
    """A zeroed array like ``a`` in memory the kernel is asked to back with 2 MiB pages
    (Linux transparent huge pages, ``madvise``), else ``a`` itself.  Every table probe is a
    random access to tens of MiB: with 4 KiB pages nearly each one also misses the TLB
    (docs/solver.md, "Speed")."""
    flags = getattr(mmap, "MAP_PRIVATE", None), getattr(mmap, "MAP_ANONYMOUS", None)
    advice = getattr(mmap, "MADV_HUGEPAGE", None)
    if a.nbytes < _HUGE or None in flags or advice is None:
        return a
    try:
        mm = mmap.mmap(-1, a.nbytes + _HUGE, flags=flags[0] | flags[1])
        mm.madvise(advice)
    except (OSError, ValueError):
        return a
    raw = np.frombuffer(mm, np.uint8)          # anonymous memory: zero-filled
    off = -raw.ctypes.data % _HUGE
    # the array keeps the mapping alive (its base)
    return np.frombuffer(mm, a.dtype, a.size, off).reshape(a.shape)


@dataclass
class Position:
    """A position with every card visible, of the game ``config`` describes.

    ``hands``: a card mask per seat (card = suit * ranks_per_suit + strength, as in the
    configuration's deck); ``trump``: the trump suit (a trump the configuration fixes wins
    over it); ``leader``: the seat that led the trick in progress, whose cards so far are
    ``trick`` (in playing order), or that leads next; ``taken``: the value (points or
    tricks, the configuration's unit) already won by side 0 and side 1; ``stock`` (a game
    with a stock): the cards still to be drawn, first drawn first; ``broken`` (the break
    rule): a trump was played before this position.
    """
    config: SolverConfig
    hands: list[int]
    trump: int
    leader: int
    trick: list[int] = field(default_factory=list)
    taken: tuple[int, int] = (0, 0)
    stock: list[int] = field(default_factory=list)
    broken: bool = False

    @property
    def players(self) -> int:
        return len(self.hands)

    def tables(self) -> tuple[np.ndarray, np.ndarray]:
        """``(cfg, tab)`` of the position's game, with its trump."""
        cfg, tab = self.config.tables()
        if self.config.trump is None:
            cfg = E.with_trump(cfg, self.trump)
        return cfg, tab

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        hands = np.zeros(E.MAX_SEATS, np.uint64)
        hands[:self.players] = [int(h) for h in self.hands]
        pos = np.zeros(E.POS_LEN, np.int64)
        pos[E.P_LEADER] = self.leader
        pos[E.P_NTRICK] = len(self.trick)
        pos[E.P_TRICK:E.P_TRICK + len(self.trick)] = self.trick
        pos[E.P_BROKEN] = bool(self.broken)
        pos[E.P_TAKEN0], pos[E.P_TAKEN1] = self.taken
        pos[E.P_NSTOCK] = len(self.stock)
        pos[E.P_STOCK:E.P_STOCK + len(self.stock)] = self.stock
        return hands, pos

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players


@dataclass
class Solution:
    """``par``: what each side ends with under best play (taken plus the rest);
    ``moves``: for every legal card of the seat to move, the pair each side then ends with;
    ``best``: the legal cards reaching the par."""
    par: tuple[int, int]
    to_move: int
    moves: dict[int, tuple[int, int]]

    @property
    def best(self) -> list[int]:
        return [c for c, v in self.moves.items() if v == self.par]


_WS: dict = {}


def _ws():
    import threading
    key = threading.get_ident()
    ws = _WS.get(key)
    if ws is None:
        ws = _WS[key] = workspace()
    return ws


def solve(position: Position, ws=None, horizon: int = 0) -> Solution:
    """The par result of ``position`` and the value of every legal move.

    ``horizon`` > 0: a depth-limited search (as ``pimc(depth=...)`` uses): a position at a
    trick boundary with ``horizon`` tricks left or fewer is not searched; the rest of the deal
    is valued by an estimate, the middle of the points of the sure trumps of side 0 (trumps
    above every trump of side 1) and the points in play less those of side 1's sure trumps.
    The values are then those of that limited game, not the par."""
    cfg, tab = position.tables()
    hands, pos = position.arrays()
    ws = _ws() if ws is None else ws
    cards = np.zeros(E.MAX_MOVES, np.int64)
    vals = np.zeros(E.MAX_MOVES, np.int64)
    ws[6][E.M_HORIZON] = horizon
    try:
        k, par = nb.move_values(hands, pos, cfg, tab, ws, cards, vals)
    finally:
        ws[6][E.M_HORIZON] = 0
    in_play = int(nb.set_root(hands, pos, cfg, tab, ws[0], ws[1], ws[3], ws[6]))
    t0, t1 = position.taken
    side = lambda v: (t0 + int(v), t1 + in_play - int(v))  # noqa: E731
    return Solution(side(par), position.to_move, {int(cards[i]): side(vals[i]) for i in range(k)})


def value(position: Position, ws=None, horizon: int = 0) -> tuple[int, int]:
    """Only the par result: (side 0, side 1); ``horizon`` as in :func:`solve`."""
    cfg, tab = position.tables()
    hands, pos = position.arrays()
    ws = _ws() if ws is None else ws
    ws[6][E.M_HORIZON] = horizon
    try:
        v = int(nb.solve_value(hands, pos, cfg, tab, ws))
    finally:
        ws[6][E.M_HORIZON] = 0
    in_play = int(nb.set_root(hands, pos, cfg, tab, ws[0], ws[1], ws[3], ws[6]))
    return position.taken[0] + v, position.taken[1] + in_play - v


def best_line(position: Position, ws=None) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """The par and one line of best play to the end: ``[(seat, card), ...]``."""
    cfg, tab = position.tables()
    hands, pos = position.arrays()
    ws = _ws() if ws is None else ws
    out = np.zeros(64, np.int64)
    k, par = nb.best_line(hands, pos, cfg, tab, ws, out)
    in_play = int(nb.set_root(hands, pos, cfg, tab, ws[0], ws[1], ws[3], ws[6]))
    # replay to name the seats
    line = []
    h, p = hands.copy(), pos.copy()
    ch, cp = np.empty_like(h), np.empty_like(p)
    n = position.players
    for i in range(k):
        seat = (int(p[E.P_LEADER]) + int(p[E.P_NTRICK])) % n
        line.append((seat, int(out[i])))
        nb.child_position(h, p, cfg, tab, out[i], ch, cp)
        h[:], p[:] = ch, cp
    t0, t1 = position.taken
    return (t0 + int(par), t1 + in_play - int(par)), line


# --- game records --------------------------------------------------------------------------
def position_from_record(solver: GameSolver, rec: dict) -> Position:
    """The opening position of a game record (``trunfo records GAME --out FILE``) of the
    game whose ``solver`` this is (``game.solver``)."""
    try:
        o = solver.record_opening(rec)
    except (KeyError, TypeError, ValueError) as e:
        raise TrunfoError(f"record of deal {rec.get('deal')!r} is incomplete or malformed: "
                          f"{e!r}") from None
    return Position(solver.config(o["players"], o["rules"]), o["hands"], o["trump"],
                    o["leader"], stock=o["stock"])


def play_line(position: Position, line: list[tuple[int, int]]) -> list[dict]:
    """The tricks of a line of play from ``position``: leader, winner, value taken."""
    cfg, tab = position.tables()
    h, p = position.arrays()
    ch, cp = np.empty_like(h), np.empty_like(p)
    tricks, cards = [], []
    for seat, card in line:
        if not cards:
            lead = int(p[E.P_LEADER])
        got0, got1 = nb.child_position(h, p, cfg, tab, card, ch, cp)
        cards.append((seat, card))
        h[:], p[:] = ch, cp
        if int(p[E.P_NTRICK]) == 0:
            tricks.append({"leader": lead, "winner": int(p[E.P_LEADER]),
                           "value": int(got0 + got1), "cards": cards})
            cards = []
    return tricks


def position_after(position: Position, cards) -> Position:
    """The position after ``cards`` (card indices, in playing order) are played from
    ``position``, each by the seat to move: a card the seat does not hold, or may not play
    there (the follow and break rules), is a one-line ``TrunfoError``.  The value of the
    tricks completed joins ``taken``; a game with a stock draws from it as the play does."""
    cfg, tab = position.tables()
    h, p = position.arrays()
    ch, cp = np.empty_like(h), np.empty_like(p)
    fc = position.config.deck.format_card
    n = position.players
    taken = list(position.taken)
    for k, card in enumerate(cards, 1):
        seat = (int(p[E.P_LEADER]) + int(p[E.P_NTRICK])) % n
        held = int(h[seat])
        if held == 0:
            raise TrunfoError(f"card {k} of the cards played ({fc(card)}): the deal is over, "
                              f"no seat has a card left")
        if not held >> int(card) & 1:
            raise TrunfoError(f"card {k} of the cards played: seat {seat}, to play, does not "
                              f"hold {fc(card)}; it holds "
                              f"{' '.join(position.config.deck.format_hand(held))}")
        legal = int(nb.legal_moves(h, p, cfg, tab))
        if not legal >> int(card) & 1:
            raise TrunfoError(f"card {k} of the cards played: seat {seat} may not play "
                              f"{fc(card)} there (the follow and break rules); legal: "
                              f"{' '.join(position.config.deck.format_hand(legal))}")
        got0, got1 = nb.child_position(h, p, cfg, tab, int(card), ch, cp)
        taken[0] += int(got0)
        taken[1] += int(got1)
        h[:], p[:] = ch, cp
    nt, ns = int(p[E.P_NTRICK]), int(p[E.P_NSTOCK])
    return Position(position.config, [int(x) for x in h[:n]], position.trump,
                    int(p[E.P_LEADER]), [int(c) for c in p[E.P_TRICK:E.P_TRICK + nt]],
                    (taken[0], taken[1]), [int(c) for c in p[E.P_STOCK:E.P_STOCK + ns]],
                    bool(p[E.P_BROKEN]))
