"""What a Sueca seat knows when it plays: the view handed to every policy.

The kernel keeps one view record per table and updates it as cards are played (no
allocation per decision); before each decision it writes the deciding seat's own fields.
Nothing in it is hidden from that seat: its own hand, the public play, and what follows from
them.  Cards are indices ``suit * 10 + strength`` (``docs/rng.md``), card sets uint64
masks, suits 0..3 = ``C D H S``; teams are ``seat % 2``.

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to play |
| `partner` | int | its partner, `(seat + 2) % 4` |
| `dealer` | int | the dealer |
| `trump` | int | the trump suit |
| `trump_card` | int | the dealer's face-up card (it stays in the dealer's hand until played) |
| `hand` | uint64 | the seat's cards |
| `trick` | int | the trick being played, 0..9 |
| `trick_len` | int | cards already on the table in this trick (0: the seat leads) |
| `leader` | int | who led this trick |
| `led` | int | the suit led (-1 when the seat leads) |
| `winner` | int | the seat winning the trick as it stands (-1 when leading) |
| `best` | int | the card winning it (-1 when leading) |
| `trick_points` | int | card points on the table |
| `trick_cards` | int[4] | the cards of this trick in play order (-1 after the last played) |
| `played` | uint64 | every card played so far, this trick's included |
| `played_by` | uint64[4] | the cards each seat has played |
| `voids` | int[4] | per seat, bit `s` set when it has shown a void in suit `s` |
| `history` | int[10, 4] | every trick's cards in play order (-1: not played yet) |
| `leaders`, `winners` | int[10] | each finished trick's leader and winner (-1: not yet) |
| `points`, `tricks` | int[2] | card points and tricks taken by each team |
| `scratch` | int[4, 8] | memory of the seat's own, zero at the start of a deal |
| `bmi2` | bool | the machine has BMI2 (for `simcore.bits.select_bit`) |

How much of it a kernel keeps up to date follows the strategies at the table
(``simcore.strategy``): ``view="none"`` (only `legal` and the draw are used), ``"trick"``
(the seat, its hand and the trick fields, `trick` to `trick_cards`), ``"full"`` (all).
"""
import numpy as np

from .._jit import njit
from ..bits import bit
from .enums import N_SEATS, N_TRICKS, POINTS, SUIT

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("partner", np.int64), ("dealer", np.int64), ("trump", np.int64),
    ("trump_card", np.int64), ("hand", np.uint64),
    ("trick", np.int64), ("trick_len", np.int64), ("leader", np.int64), ("led", np.int64),
    ("winner", np.int64), ("best", np.int64), ("trick_points", np.int64),
    ("trick_cards", np.int64, (N_SEATS,)),
    ("played", np.uint64), ("played_by", np.uint64, (N_SEATS,)),
    ("voids", np.int64, (N_SEATS,)),
    ("history", np.int64, (N_TRICKS, N_SEATS)),
    ("leaders", np.int64, (N_TRICKS,)), ("winners", np.int64, (N_TRICKS,)),
    ("points", np.int64, (2,)), ("tricks", np.int64, (2,)),
    ("scratch", np.int64, (N_SEATS, 8)),
    ("bmi2", np.bool_),
])


def new_view(bmi2: bool) -> np.ndarray:
    """A one-record array holding a fresh view (kernels index it with ``[0]``)."""
    v = np.zeros(1, VIEW_DTYPE)
    v[0]["bmi2"] = bmi2
    return v


@njit(inline="always")
def view_deal(v, dealer, trump, card, level):
    """A new deal: ``card`` (of suit ``trump``) is the dealer's face-up card."""
    v.dealer = dealer
    v.trump = trump
    v.trump_card = card
    if level >= 2:
        v.played = np.uint64(0)
        for s in range(N_SEATS):
            v.played_by[s] = np.uint64(0)
            v.voids[s] = 0
            for j in range(8):
                v.scratch[s, j] = 0
        for t in range(N_TRICKS):
            v.leaders[t] = -1
            v.winners[t] = -1
            for k in range(N_SEATS):
                v.history[t, k] = -1
        v.points[0] = 0
        v.points[1] = 0
        v.tricks[0] = 0
        v.tricks[1] = 0


@njit(inline="always")
def view_turn(v, t, k, seat, hand, leader, led, winner, best, points, level):
    """The seat to play and the trick as it stands (``k`` cards in it)."""
    if level >= 1:
        v.seat = seat
        v.partner = (seat + 2) & 3
        v.hand = hand
        v.trick = t
        v.trick_len = k
        v.leader = leader
        v.led = led if k > 0 else -1
        v.winner = winner if k > 0 else -1
        v.best = best if k > 0 else -1
        v.trick_points = points if k > 0 else 0
        if k == 0:
            for j in range(N_SEATS):
                v.trick_cards[j] = -1


@njit(inline="always")
def view_played(v, t, k, seat, c, led, level):
    """Seat ``seat`` played card ``c``, the ``k``-th of trick ``t`` (suit ``led`` led)."""
    if level >= 1:
        v.trick_cards[k] = c
    if level >= 2:
        b = bit(c)
        v.played |= b
        v.played_by[seat] |= b
        v.history[t, k] = c
        if k > 0 and SUIT[c] != led:
            v.voids[seat] |= 1 << led


@njit(inline="always")
def view_trick_done(v, t, leader, winner, points, level):
    if level >= 2:
        v.leaders[t] = leader
        v.winners[t] = winner
        v.points[winner & 1] += points
        v.tricks[winner & 1] += 1


__all__ = ["VIEW_DTYPE", "new_view", "view_deal", "view_turn", "view_played",
           "view_trick_done", "POINTS"]
