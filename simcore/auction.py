"""What the auction games share: Sueca Italiana, Briscola chiamata and Brisca rematada
keep the same fields of their views and the same default policies, and Sueca Italiana and
Briscola chiamata, the called-partner games (a card called names the trump suit and the
declarer's secret partner), deal the same forty cards: ten a suit, Briscola's points.
Each game's folder keeps what is its own.

The view functions here are inlined into the kernels (``inline="always"``), as a game's
own are.
"""
import numpy as np

from ._jit import njit
from .bits import bit, popcount, top_bit
from .cards import LATIN40

PASS = -1


# --- the views' shared fields ----------------------------------------------------------------

def trick_fields(n_seats: int) -> list:
    """The view's fields of the trick being played (kept from view ``"trick"`` up)."""
    return [("trick", np.int64), ("trick_len", np.int64), ("leader", np.int64),
            ("led", np.int64), ("winner", np.int64), ("best", np.int64),
            ("trick_points", np.int64), ("trick_cards", np.int64, (n_seats,))]


def played_fields(n_seats: int) -> list:
    """The view's cards played so far, all and by seat (view ``"full"``)."""
    return [("played", np.uint64), ("played_by", np.uint64, (n_seats,))]


def record_fields(n_seats: int, n_tricks: int) -> list:
    """The view's record of the tricks (view ``"full"``), the seats' own memory and
    ``bmi2``: the fields every auction game's view ends with."""
    return [("history", np.int64, (n_tricks, n_seats)),
            ("leaders", np.int64, (n_tricks,)), ("winners", np.int64, (n_tricks,)),
            ("points", np.int64, (n_seats,)), ("tricks", np.int64, (n_seats,)),
            ("scratch", np.int64, (n_seats, 8)),
            ("bmi2", np.bool_)]


@njit(inline="always")
def view_speaker(v, seat, hand):
    v.seat = seat
    v.hand = hand


@njit(inline="always")
def view_new_play(v, level):
    """The play starts: the public record of the play is cleared (view ``"full"``)."""
    if level >= 2:
        v.played = np.uint64(0)
        for s in range(v.played_by.shape[0]):
            v.played_by[s] = np.uint64(0)
            v.points[s] = 0
            v.tricks[s] = 0
            for j in range(8):
                v.scratch[s, j] = 0
        for t in range(v.leaders.shape[0]):
            v.leaders[t] = -1
            v.winners[t] = -1
            for k in range(v.history.shape[1]):
                v.history[t, k] = -1


@njit(inline="always")
def view_trick(v, t, k, seat, hand, leader, led, winner, best, points):
    """The seat to play and the trick as it stands (``k`` cards in it); view ``"trick"``."""
    v.seat = seat
    v.hand = hand
    v.trick = t
    v.trick_len = k
    v.leader = leader
    v.led = led if k > 0 else -1
    v.winner = winner if k > 0 else -1
    v.best = best if k > 0 else -1
    v.trick_points = points if k > 0 else 0
    if k == 0:
        for j in range(v.trick_cards.shape[0]):
            v.trick_cards[j] = -1


@njit(inline="always")
def view_card(v, t, k, seat, c, level):
    """Seat ``seat`` played card ``c``, the ``k``-th of trick ``t``."""
    if level >= 1:
        v.trick_cards[k] = c
    if level >= 2:
        b = bit(c)
        v.played |= b
        v.played_by[seat] |= b
        v.history[t, k] = c


@njit(inline="always")
def view_trick_done(v, t, leader, winner, points, level):
    if level >= 2:
        v.leaders[t] = leader
        v.winners[t] = winner
        v.points[winner] += points
        v.tricks[winner] += 1


@njit(inline="always")
def default_bid(v, lowest, u, p):
    """Pass."""
    return PASS


# --- the called-partner games: five seats, eight tricks of forty cards -----------------------
# Sueca Italiana's French 40 cards and Briscola's Latin 40 share indices (suit * 10 +
# strength), suits and points.

N_SEATS = 5
N_CARDS = 40
POINTS = LATIN40.table({"1": 11, "3": 10, "K": 4, "N": 3, "J": 2})
SUIT = LATIN40.suit_of_card
SUIT_MASKS = LATIN40.suit_masks
FULL = np.uint64((1 << N_CARDS) - 1)


@njit(inline="always")
def view_turn(v, t, k, seat, hand, leader, led, winner, best, points, partner, revealed,
              level):
    """The seat to play and the trick as it stands (``k`` cards in it).  ``partner`` is the
    true partner (-1 before the call): the view shows it only when the seat knows it (it
    holds the called card, or the card has been played)."""
    if level >= 1:
        view_trick(v, t, k, seat, hand, leader, led, winner, best, points)
        v.revealed = revealed
        v.partner = partner if (revealed or seat == partner) else -1


@njit(inline="always")
def default_call(v, legal, u, p):
    """The highest legal card not held, of the suit in which the seat holds the most cards
    (the lowest suit on ties); if there is none, the highest legal card not held; if none,
    the highest legal card."""
    hand = v.hand
    best_s = 0
    best_n = -1
    for s in range(4):
        n = popcount(hand & SUIT_MASKS[s])
        if n > best_n:
            best_n = n
            best_s = s
    m = SUIT_MASKS[best_s] & legal & ~hand
    if m == 0:
        m = legal & ~hand
    if m == 0:
        m = legal & FULL
    return top_bit(m)
