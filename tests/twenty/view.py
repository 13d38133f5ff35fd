"""What a Twenty seat knows when it plays: the view handed to every policy.

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to play |
| `dealer` | int | the dealer |
| `hand` | uint64 | the seat's cards |
| `trick` | int | the trick being played, 0..4 |
| `trick_len` | int | cards already on the table (0: the seat leads) |
| `lead_card` | int | the card led (-1 when the seat leads) |
| `played` | uint64 | every card played so far |
| `points` | int[2] | card points taken by each seat |
| `bmi2` | bool | the machine has BMI2 (for `simcore.bits.select_bit`) |

Levels (``simcore.strategy``): ``"none"`` keeps `bmi2` only, ``"trick"`` the seat, its hand
and the trick (`seat` to `lead_card`), ``"full"`` all.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("dealer", np.int64), ("hand", np.uint64), ("trick", np.int64),
    ("trick_len", np.int64), ("lead_card", np.int64), ("played", np.uint64),
    ("points", np.int64, (2,)), ("bmi2", np.bool_),
])


@njit(inline="always")
def view_deal(v, dealer, level):
    v.dealer = dealer
    if level >= 2:
        v.played = np.uint64(0)
        v.points[0] = 0
        v.points[1] = 0


@njit(inline="always")
def view_turn(v, t, k, seat, hand, lead_card, level):
    if level >= 1:
        v.seat = seat
        v.hand = hand
        v.trick = t
        v.trick_len = k
        v.lead_card = lead_card


@njit(inline="always")
def view_played(v, c, level):
    if level >= 2:
        v.played |= bit(c)


@njit(inline="always")
def view_trick_done(v, winner, points, level):
    if level >= 2:
        v.points[winner] += points
