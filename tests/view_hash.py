"""A strategy that reads its whole view: for the hidden-information tests.

``view_hash(game)`` writes and loads a strategy file for ``game`` whose play
policy reads every field of the game's view and every element of each array field (all
of them in range), folds them into a 64-bit hash with its draw ``u``, and plays the card
of ``legal`` the hash picks.  It then writes the hash into every row of ``scratch`` and
into every element of the fields the engine clears per decision (``work``), as a policy
that keeps memory would.  Its decisions are a function of everything the view shows it,
so on identical observations it must decide the same: what reaches its view from another
seat (another seat's scratch row, another decision's working memory, cards it cannot see)
makes its decisions differ.  The file's text depends only on the game's view, so its
kernels are cached on disk like a package's (``cacheable=True``).
"""
import getpass
import os
import tempfile
from pathlib import Path

from simcore import strategy as S
from simcore.games import get_game
from simcore.stack import PER_DECISION, SEAT_ROWS


def source(game: str) -> str:
    """The strategy file's text for ``game``: one statement per field of its view."""
    dt = get_game(game).view_dtype
    body = []
    for name in dt.names:
        sub = dt.fields[name][0]
        shape = sub.shape
        if not shape:
            body.append(f"    h = mix(h, v.{name})")
        elif len(shape) == 1:
            body += [f"    for i in range({shape[0]}):",
                     f"        h = mix(h, v.{name}[i])"]
        else:
            assert len(shape) == 2, name
            body += [f"    for i in range({shape[0]}):",
                     f"        for j in range({shape[1]}):",
                     f"            h = mix(h, v.{name}[i, j])"]
    keep = []
    if SEAT_ROWS in dt.names:
        rows, cols = dt.fields[SEAT_ROWS][0].shape
        keep += [f"    for i in range({rows}):",
                 f"        for j in range({cols}):",
                 f"            v.{SEAT_ROWS}[i, j] = np.int64(h >> np.uint64(1)) + j"]
    for name in PER_DECISION:
        if name in dt.names:
            (n,) = dt.fields[name][0].shape
            keep += [f"    for i in range({n}):",
                     f"        v.{name}[i] = np.int64(h >> np.uint64(2)) + i"]
    return "\n".join([
        '"""Reads the whole view, decides from its hash (tests/view_hash.py)."""',
        "import numpy as np",
        "from simcore.bits import popcount, select_bit",
        "from simcore.strategy import register",
        "from simcore._jit import KERNEL_OPTIONS",
        "import numba",
        "",
        "",
        "@numba.njit(inline='always', **KERNEL_OPTIONS)",
        "def mix(h, x):",
        "    return (h ^ np.uint64(x)) * np.uint64(0x100000001B3)",
        "",
        "",
        "def view_hash(v, legal, u, p):",
        "    h = np.uint64(0xCBF29CE484222325)",
        "    h = mix(h, u)",
        *body,
        "    h ^= h >> np.uint64(29)",
        *keep,
        "    n = np.uint64(popcount(legal))",
        "    return select_bit(legal, ((h & np.uint64(0xFFFFFFFF)) * n) >> np.uint64(32), v.bmi2)",
        "",
        "",
        f"register({game!r}, 'view_hash', view_hash, cacheable=True,",
        "         doc='decides from a hash of its whole view')",
        "",
    ])


def view_hash(game: str) -> str:
    """Write and load the strategy file of :func:`source`; its name.  The file is kept at
    one place in the system's temporary folder: a kernel cached on disk with it imports its
    module by name (``simcore.strategy.load_file`` names it after the path)."""
    S.load_builtin()
    if "view_hash" in S.strategies_for(game):
        return "view_hash"
    folder = Path(tempfile.gettempdir()) / f"trunfo-tests-view-hash-{getpass.getuser()}"
    folder.mkdir(exist_ok=True)
    f = folder / f"view_hash_{game}.py"
    text = source(game)
    if not f.is_file() or f.read_text() != text:
        tmp = folder / f".{game}.{os.getpid()}.tmp"
        tmp.write_text(text)
        os.replace(tmp, f)              # another test worker may write it at once
    S.load_file(str(f))
    return "view_hash"
