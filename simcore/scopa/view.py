"""What a Scopa seat knows when it plays: the view handed to every policy.

The kernel keeps one view record per table and updates it as cards are played (no
allocation per decision); before each decision it writes the deciding seat's own fields.
Nothing in it is hidden from that seat: its own hand, the table, the public play and what
follows from them.  Cards are indices ``suit * 10 + strength`` (suits ``O C E B`` = 0..3,
strength low to high ``2 4 5 6 7 J N K 3 1``: ``docs/rng.md``), card sets uint64 masks.

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to play |
| `players` | int | seats at the table (2, 3 or 4) |
| `sides` | int | sides that score apart: 2 teams with 4 players under `teams`, else one per seat |
| `side` | int[4] | the side of each seat (`seat % 2` for teams, else the seat; 0 past `players`) |
| `dealer` | int | the dealer; seat `(dealer + 1) % players` plays first |
| `hand` | uint64 | the seat's cards |
| `table` | uint64 | the cards on the table |
| `counts` | uint64 | the table's packed subset-sum counts (`simcore.scopa.moves`: five bits per sum 0..10; exact up to 7 table cards) |
| `play` | int | this play's index in the deal, 0..35 (play `i` is seat `(dealer + 1 + i) % players`'s; 35 is the deal's last) |
| `round` | int | the dealing round, 0 for the first three cards each (6 rounds with 2 players, 4 with 3, 3 with 4) |
| `stock` | int | cards left in the stock, not yet dealt |
| `played` | uint64 | every card played from a hand so far |
| `played_by` | uint64[4] | the cards each seat has played |
| `history` | int[36] | the card of each play (-1: not played yet) |
| `taken` | uint64[36] | the table cards each play captured (0: a lay, or not played yet) |
| `public` | uint64 | every card that has been face up in play: the table laid (after any kings relay) and every card played |
| `captured` | uint64[4] | per side, the cards it has taken (captured cards and the cards that took them) |
| `scope` | int[4] | per side, the scope made so far |
| `last_capture` | int | the seat that captured last (-1: nobody yet) |
| `must_capture` | int | the rule `must_capture`: 1 `any_card`, 0 `played_card` |
| `last_play_scopa` | bool | the rule `last_play_scopa` (a sweep on play 35 counts) |
| `scratch` | int[4, 8] | memory of the seat's own, zero at the start of a deal |
| `bmi2` | bool | the machine has BMI2 (for `simcore.bits.select_bit`) |

The cards a seat has not seen are ``ALL & ~public & ~hand`` (``ALL`` the 40 cards): the
other hands and the stock.  (The tables shown before a kings relay went back into the
stock and are not kept.)

A Scopa decision is a *move*: a card of the hand and what it captures.  A policy returns it
as one uint64 mask, ``bit(card) | captured`` (``captured`` a set of table cards; a lay is
the card's bit alone), so that ``move & hand`` is the card and ``move & table`` what it
takes.  ``legal`` is the mask of the hand's cards that have at least one legal move under
the rule ``must_capture`` in force: under ``any_card`` the cards that can capture when one
can (else the whole hand), under ``played_card`` the whole hand.  A card of ``legal`` must
capture when it can (one equal card if the table holds any, else a set of two or more
cards adding up to its value), and is laid otherwise (``simcore.scopa.moves``:
``n_captures``, ``nth_capture``).  The kernel checks the whole move
returned by a strategy that is not built in.

How much of it a kernel keeps up to date follows the strategies at the table
(``simcore.strategy``): ``view="trick"`` keeps `seat`, `hand`, `table`, `counts` and `play`
(and the fields fixed for a run: `players`, `sides`, `side`, `dealer`, `must_capture`,
`last_play_scopa`, `bmi2`); ``"full"`` keeps every field.  (``"none"`` keeps only the
fixed ones: a policy then reads ``legal`` and ``u`` alone.)
"""
import numpy as np

from .._jit import njit
from .enums import MAX_SIDES, N_PLAYS

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("players", np.int64), ("sides", np.int64),
    ("side", np.int64, (MAX_SIDES,)), ("dealer", np.int64),
    ("hand", np.uint64), ("table", np.uint64), ("counts", np.uint64), ("play", np.int64),
    ("round", np.int64), ("stock", np.int64),
    ("played", np.uint64), ("played_by", np.uint64, (MAX_SIDES,)),
    ("history", np.int64, (N_PLAYS,)), ("taken", np.uint64, (N_PLAYS,)),
    ("public", np.uint64),
    ("captured", np.uint64, (MAX_SIDES,)), ("scope", np.int64, (MAX_SIDES,)),
    ("last_capture", np.int64),
    ("must_capture", np.int64), ("last_play_scopa", np.bool_),
    ("scratch", np.int64, (MAX_SIDES, 8)),
    ("bmi2", np.bool_),
])

_ZERO = np.uint64(0)


@njit(inline="always")
def view_table(v, players, n_sides, side_of, anyc, lps, bmi2):
    """The fields fixed for a run: the table's seats and sides, the rules, the machine."""
    v.players = players
    v.sides = n_sides
    for s in range(MAX_SIDES):
        v.side[s] = side_of[s]
    v.must_capture = 1 if anyc else 0
    v.last_play_scopa = lps
    v.bmi2 = bmi2


@njit(inline="always")
def view_deal(v, dealer, table, stock, level):
    """A new deal: ``table`` laid, ``stock`` cards left to deal."""
    v.dealer = dealer
    if level >= 2:
        v.round = 0
        v.stock = stock
        v.played = _ZERO
        v.public = table
        v.last_capture = -1
        for s in range(MAX_SIDES):
            v.played_by[s] = _ZERO
            v.captured[s] = _ZERO
            v.scope[s] = 0
            for j in range(8):
                v.scratch[s, j] = 0
        for i in range(N_PLAYS):
            v.history[i] = -1
            v.taken[i] = _ZERO


@njit(inline="always")
def view_round(v, r, stock, level):
    """Dealing round ``r`` dealt: ``stock`` cards left."""
    if level >= 2:
        v.round = r
        v.stock = stock


@njit(inline="always")
def view_turn(v, i, seat, hand, table, g, level):
    """Play ``i`` is ``seat``'s, holding ``hand``; ``table`` and its packed counts ``g``."""
    if level >= 1:
        v.seat = seat
        v.hand = hand
        v.table = table
        v.counts = g
        v.play = i


@njit(inline="always")
def view_played(v, i, seat, side, c, cb, cap, swept, level):
    """Play ``i``: ``seat`` (of ``side``) played card ``c`` (``cb`` its bit) taking ``cap``
    (0: laid); ``swept``: the capture was a scopa that counts."""
    if level >= 2:
        v.played |= cb
        v.played_by[seat] |= cb
        v.public |= cb
        v.history[i] = c
        v.taken[i] = cap
        if cap:
            v.captured[side] |= cap | cb
            v.last_capture = seat
            if swept:
                v.scope[side] += 1


__all__ = ["VIEW_DTYPE", "view_table", "view_deal", "view_round", "view_turn",
           "view_played"]
