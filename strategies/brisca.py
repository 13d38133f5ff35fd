"""Brisca play policies over the view of :mod:`simcore.brisca.view`.

Each policy is ``f(v, legal, u, p) -> card`` (see :mod:`simcore.strategy`); in Brisca
``legal`` is the whole hand.  The exact definitions of ``random`` and ``greedy`` are in
``docs/games/brisca.md`` ("Strategies").

Card sets are uint64 masks over ``card = suit * ranks + strength``; ``d`` (the view's
``layout``) selects the deck's bit layout (0: 40 cards, 1: 48 cards) in the tables of
:mod:`simcore.brisca.enums`.
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import bit, ctz, popcount, select_bit
from simcore.brisca.enums import FIELDS, RANKS, STRENGTH_OF, STRIDES, SUIT_MASKS, SUIT_OF
from simcore.strategy import register

GAME = "brisca"
_ONE = np.uint64(1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(inline="always")
def pick_random(hand, u32, bmi2):
    """The card at position (u32 * n) >> 32 of the hand in ascending card order."""
    n = popcount(hand)
    return select_bit(hand, np.int64((u32 * n) >> np.uint64(32)), bmi2)


@njit(inline="always")
def cheapest(mask, tmask, d):
    """Lowest strength; on equal strength a non-trump first, then the lowest suit.

    The four suit fields are folded onto one: its lowest bit is the lowest
    strength present; the cards of that strength are then the mask's bits at
    that offset of every field."""
    r = np.uint64(RANKS[d])
    fold = (mask | (mask >> r) | (mask >> (r + r)) | (mask >> (r + r + r))) & FIELDS[d]
    cand = mask & (STRIDES[d] << np.uint64(ctz(fold)))
    plain = cand & ~tmask
    return ctz(plain) if plain else ctz(cand)


@njit(inline="always")
def most_points(feed, points, d):
    """The card of ``feed`` with the most points; on equal points the cheapest
    (lowest strength, then lowest suit; ``feed`` holds no trump)."""
    pick = -1
    pick_key = -1
    m = feed
    while m:
        c = ctz(m)
        m &= m - _ONE
        key = points[c] * 4096 + (255 - STRENGTH_OF[d, c]) * 16 + (15 - SUIT_OF[d, c])
        if key > pick_key:
            pick_key = key
            pick = c
    return pick


@njit(inline="always")
def pick_greedy(seat, hand, k, win_mask, winner, tmask, trick_points, high, players,
                points, point_mask, d):
    """``win_mask`` is :func:`beaters` of the card winning the trick (unused when leading).

    Each rule narrows the hand to the set whose cheapest card is played."""
    plain = hand & ~tmask
    if k == 0:                                       # 1. leading
        m = plain if plain else hand
    else:
        win = hand & win_mask
        m = hand
        if players > 3 and (winner & 1) == (seat & 1):   # 2. a teammate is winning (3: none)
            keep = hand & ~win
            feed = keep & ~tmask
            if feed:
                return most_points(feed, points, d)
            if keep:
                m = keep
        else:
            # 3. points on the table: a winning non-trump, else (a 10 or 11 there,
            # which implies points) a winning trump
            w = win & ~tmask if trick_points > 0 else np.uint64(0)
            if w == 0 and high:
                w = win & tmask
            if w:
                m = w
            else:                                    # 4. throw away
                blank = plain & ~point_mask
                m = blank if blank else (plain if plain else hand)
    return cheapest(m, tmask, d)


@njit(inline="always")
def fewest_points(m, points, tmask, d):
    """Rule ``mexican``: the card of ``m`` with the fewest points; on equal points the
    lowest strength, a non-trump before a trump, then the lowest suit."""
    pick = -1
    pick_key = 1 << 30
    while m:
        c = ctz(m)
        m &= m - _ONE
        key = points[c] * 4096 + STRENGTH_OF[d, c] * 16 + \
            (8 if (tmask >> np.uint64(c)) & _ONE else 0) + SUIT_OF[d, c]
        if key < pick_key:
            pick_key = key
            pick = c
    return pick


@njit(inline="always")
def dump_points(m, points, d):
    """Rule ``mexican``: the card of ``m`` with the most points; on equal points the highest
    strength, then the lowest suit."""
    pick = -1
    pick_key = -1
    while m:
        c = ctz(m)
        m &= m - _ONE
        key = points[c] * 4096 + STRENGTH_OF[d, c] * 16 + (15 - SUIT_OF[d, c])
        if key > pick_key:
            pick_key = key
            pick = c
    return pick


@njit(inline="always")
def pick_greedy_mexican(seat, hand, k, win_mask, winner, tmask, players, points, d):
    """``greedy`` under the rule ``mexican`` (points lose): following a trick that no
    teammate is winning, the card with the most points among those that would not win it;
    otherwise (leading, a teammate winning, or every card would win) the card with the
    fewest points."""
    if k > 0 and not (players > 3 and (winner & 1) == (seat & 1)):
        safe = hand & ~win_mask
        if safe:
            return dump_points(safe, points, d)
    return fewest_points(hand, points, tmask, d)


@njit(inline="always")
def muerte_greedy(hand, held, trump, ranks, trick_mask, k, players):
    """Rule ``muerte_al_tres``, before greedy's rules: ``(card, hand)``: the trump ace when
    it may capture the trump 3 on the table (the deal is won at once), else -1 and the
    cards greedy's rules choose from (``hand``, the legal cards): without the trump 3 when
    the seat does not hold the trump ace (``held``: its whole hand), a player is still to
    play to the trick (it may hold the ace) and another card is left."""
    ace = bit(trump * ranks + ranks - 1)
    three = bit(trump * ranks + ranks - 2)
    if (hand & ace) != 0 and (trick_mask & three) != 0:
        return np.int64(ctz(ace)), hand
    if (hand & three) != 0 and (held & ace) == 0 and k < players - 1 and (hand & ~three) != 0:
        return np.int64(-1), hand & ~three
    return np.int64(-1), hand


def random_play(v, legal, u, p):
    """uniform over the cards in hand"""
    return pick_random(legal, u, v.bmi2)


def greedy_play(v, legal, u, p):
    """take points with the cheapest winning card (a trump only for a 10 or 11), feed a
    winning partner, else throw the cheapest blank card (rule mexican: unload points on
    tricks it cannot win, else play its card with the fewest points)"""
    d = v.layout
    if v.mexican:
        return pick_greedy_mexican(v.seat, legal, v.trick_len, v.beat, v.winner,
                                   SUIT_MASKS[d, v.trump], v.players, v.card_points, d)
    return pick_greedy(v.seat, legal, v.trick_len, v.beat, v.winner, SUIT_MASKS[d, v.trump],
                       v.trick_points, (v.trick_mask & v.high_cards) != 0, v.players,
                       v.card_points, v.point_cards, d)


def random_exchange(v, legal, u, p):
    """rule trump_exchange: exchange when the lowest bit of the seat's draw for this turn is 1"""
    return np.int64(u & _ONE)


def random_arrastro(v, legal, u, p):
    """rule arrastro: call when bit 1 of the seat's draw for this turn is 1"""
    return np.int64((u >> _ONE) & _ONE)


def greedy_arrastro(v, legal, u, p):
    """rule arrastro: always call"""
    return np.int64(1)


def greedy_muerte(v, legal, u, p):
    """rule muerte_al_tres: the trump ace when it captures the trump 3 on the table; else
    without the trump 3 while a later player of the trick may hold the trump ace"""
    c, m = muerte_greedy(legal, v.hand, v.trump, v.ranks, v.trick_mask, v.trick_len,
                         v.players)
    return np.int64(bit(c)) if c >= 0 else np.int64(m)


def greedy_exchange(v, legal, u, p):
    """rule trump_exchange: always exchange (the card taken ranks above the one given)"""
    return np.int64(1)


register(GAME, "random", random_play, deterministic=False, view="none",
         exchange=random_exchange, arrastro=random_arrastro)
register(GAME, "greedy", greedy_play, deterministic=True, view="trick",
         exchange=greedy_exchange, arrastro=greedy_arrastro, muerte=greedy_muerte)
