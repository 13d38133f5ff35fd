"""What a Brisca seat knows when it plays: the view handed to every policy.

The kernel keeps one view record per table and updates it as cards are played and drawn
(no allocation per decision); before each decision it writes the deciding seat's own
fields.  Nothing in it is hidden from that seat: its own hand, the public play, the face-up
trump card, and (rule ``partners_show_hands``) its teammates' hands.  Cards are indices
``suit * ranks + strength`` (``docs/rng.md``; ``ranks`` is 10 with the 40-card deck, 12 with
the 48-card deck of 6 players), card sets uint64 masks, suits 0..3 = ``O C E B``.  Sides are
``seat % 2`` (with 2 players each seat is a side; with 4 and 6 the teams are ``seat % 2``);
with 3 players each seat is its own side (``side == seat``, no partners: every other seat
is an opponent).
Brisca has no obligation to follow suit, so every card in hand is legal and there are no
voids to record.

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to play |
| `players` | int | 2, 3, 4 or 6 |
| `side` | int | the seat's side, `seat % 2` (3 players: the seat) |
| `partners` | int | bit `s` set for each teammate `s` of the seat (0 with 2 and 3 players) |
| `dealer` | int | the dealer |
| `layout` | int | the deck's bit layout: 0 latin40 (2 and 4 players), 1 latin48 (6 players); the index of the tables of `simcore.brisca.enums` (`SUIT_MASKS[layout]`, ...) |
| `ranks` | int | cards per suit, 10 or 12 |
| `n_cards` | int | cards dealt, 40, 39 (3 players: the 2 of coins, card 0, is out) or 48 |
| `values` | int | the rule `values`: 0 standard, 1 lombardy, 2 tuscan |
| `tiebreak` | bool | the rule `tiebreak_cards`: at 60-60 the side with more cards wins |
| `double_at` | int | the rule `double_at` (0: off) |
| `mexican` | bool | the rule `mexican`: a side that takes 11 card points or more loses |
| `open_hands` | bool | the rule `open_hands` (briscola scoperta): every hand is visible |
| `hands` | uint64[6] | with `open_hands`: every seat's hand (the seat's own included), kept with the view `"full"` |
| `card_points` | int[48] | the points of every card under the rules |
| `point_cards` | uint64 | the cards worth points |
| `high_cards` | uint64 | the cards worth 10 or more (aces and threes; lombardy: aces and sevens) |
| `trump` | int | the trump suit |
| `trump_card` | int | the face-up card: the stock's last card, visible while the stock lasts (-1 under `rotating_trump`: no card is turned; rule `trump_exchange`: the card left face up by the last exchange) |
| `stock_left` | int | cards left in the stock, the face-up card included (0: hands are played out) |
| `trump_drawn_by` | int | the seat that drew the face-up card, seen by all (-1 while it is in the stock) |
| `hand` | uint64 | the seat's cards |
| `trick` | int | the trick being played, from 0 |
| `trick_len` | int | cards already on the table in this trick (0: the seat leads) |
| `leader` | int | who led this trick |
| `winner` | int | the seat winning the trick as it stands (-1 when leading) |
| `best` | int | the card winning it (-1 when leading) |
| `beat` | uint64 | the cards that would beat `best`: its suit's higher cards and, unless it is a trump, every trump (0 when leading) |
| `trick_points` | int | card points on the table |
| `trick_mask` | uint64 | the cards on the table |
| `trick_cards` | int[6] | this trick's cards in play order (-1 after the last played) |
| `played` | uint64 | every card played so far, this trick's included |
| `played_by` | uint64[6] | the cards each seat has played |
| `history` | int[20, 6] | every trick's cards in play order (-1: not played yet) |
| `leaders`, `winners` | int[20] | each finished trick's leader and winner (-1: not yet) |
| `points`, `tricks` | int[3] | card points and tricks taken by each side (index 2: 3 players only) |
| `shown` | bool | the rule `partners_show_hands` is on (and the seat has teammates) |
| `partner_hands` | uint64[6] | with `shown`: the hand of each teammate of the seat (0 for every other seat, the seat's own included) |
| `scratch` | int[6, 8] | memory of the seat's own (row `seat`), zero at the start of a deal; a strategy not built in sees only its own row (``simcore.stack.seat_view``) |
| `work` | int[64] | free for a policy's use within one decision: a strategy not built in finds it zero (the 2-player `expert` computes its leads there) |
| `bmi2` | bool | the machine has BMI2 (for `simcore.bits.select_bit`) |
| `muerte` | bool | the rule `muerte_al_tres`: the trump ace may not be played before the trump 3 except in the last trick (`legal` says so; :func:`muerte_legal`), and its capture of the trump 3 wins the deal at once |

How much of it a kernel keeps up to date follows the strategies at the table
(``simcore.strategy``): the run's and the deal's constants (`players`, `dealer` to
`trump_card`, `shown`, `bmi2`) always; ``view="trick"`` adds the seat, its hand and the trick fields (`seat` to
`partners`, `hand`, `trick` to `trick_cards`); ``"full"`` everything.
"""
import numpy as np

from .._jit import njit
from ..bits import bit
from .enums import (HAND_SIZE, HIGH_MASKS, MAX_CARDS, MAX_TRICKS, N_VALUES, P_DOUBLE_AT, P_MEXICAN, P_OPEN, P_VALUES,
                    P_SHOW_HANDS, P_TIEBREAK, POINT_MASKS, POINTS_TABLE, RANKS, P_MUERTE)

MAX_SEATS = 6

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("players", np.int64), ("side", np.int64), ("partners", np.int64),
    ("dealer", np.int64),
    ("layout", np.int64), ("ranks", np.int64), ("n_cards", np.int64), ("values", np.int64),
    ("tiebreak", np.bool_), ("double_at", np.int64),
    ("card_points", np.int64, (MAX_CARDS,)),
    ("point_cards", np.uint64), ("high_cards", np.uint64),
    ("trump", np.int64), ("trump_card", np.int64), ("stock_left", np.int64),
    ("trump_drawn_by", np.int64),
    ("hand", np.uint64),
    ("trick", np.int64), ("trick_len", np.int64), ("leader", np.int64), ("winner", np.int64),
    ("best", np.int64), ("beat", np.uint64), ("trick_points", np.int64),
    ("trick_mask", np.uint64), ("trick_cards", np.int64, (MAX_SEATS,)),
    ("played", np.uint64), ("played_by", np.uint64, (MAX_SEATS,)),
    ("history", np.int64, (MAX_TRICKS, MAX_SEATS)),
    ("leaders", np.int64, (MAX_TRICKS,)), ("winners", np.int64, (MAX_TRICKS,)),
    ("points", np.int64, (3,)), ("tricks", np.int64, (3,)),
    ("shown", np.bool_), ("partner_hands", np.uint64, (MAX_SEATS,)),
    ("scratch", np.int64, (MAX_SEATS, 8)),
    ("work", np.int64, (64,)),
    ("bmi2", np.bool_),
    # the regional variants a policy must know
    ("mexican", np.bool_),
    ("open_hands", np.bool_), ("hands", np.uint64, (MAX_SEATS,)),
    # rule muerte_al_tres
    ("muerte", np.bool_),
], align=True)


def new_view(players: int = 2, values: int = 0, shown: bool = False, tiebreak: bool = True,
             double_at: int = 0, bmi2: bool = False, mexican: bool = False,
             open_hands: bool = False, muerte: bool = False) -> np.ndarray:
    """A one-record array holding a fresh view for ``players`` (what tests build positions
    on; kernels keep their own)."""
    v = np.zeros(1, VIEW_DTYPE)
    r = v[0]
    d = 1 if players == 6 else 0
    prow = N_VALUES * d + int(values)
    r["players"] = players
    r["layout"] = d
    r["ranks"] = RANKS[d]
    r["n_cards"] = 4 * RANKS[d] - (players == 3)
    r["values"] = values
    r["tiebreak"] = tiebreak
    r["double_at"] = double_at
    r["card_points"][:] = POINTS_TABLE[prow]
    r["point_cards"] = POINT_MASKS[prow]
    r["high_cards"] = HIGH_MASKS[prow]
    r["shown"] = bool(shown) and players > 2
    r["bmi2"] = bmi2
    r["mexican"] = mexican
    r["open_hands"] = open_hands
    r["muerte"] = muerte
    r["trick_cards"][:] = -1
    r["history"][:] = -1
    r["leaders"][:] = -1
    r["winners"][:] = -1
    r["winner"] = -1
    r["best"] = -1
    r["trump_drawn_by"] = -1
    r["stock_left"] = r["n_cards"] - HAND_SIZE * players
    return v


@njit(inline="always")
def view_constants(v, players, params, bmi2):
    """The run's constants: player count, deck layout and the rules (``params``, the
    kernels' rule vector; ``shown`` is meaningful with partners only)."""
    values = params[P_VALUES]
    shown = params[P_SHOW_HANDS] != 0
    v.tiebreak = params[P_TIEBREAK] != 0
    v.double_at = params[P_DOUBLE_AT]
    d = 1 if players == 6 else 0
    prow = N_VALUES * d + values
    v.players = players
    v.layout = d
    v.ranks = RANKS[d]
    v.n_cards = 4 * RANKS[d] - (1 if players == 3 else 0)
    v.values = values
    for c in range(MAX_CARDS):
        v.card_points[c] = POINTS_TABLE[prow, c]
    v.point_cards = POINT_MASKS[prow]
    v.high_cards = HIGH_MASKS[prow]
    v.shown = shown and players > 2
    v.bmi2 = bmi2
    v.mexican = params[P_MEXICAN] != 0
    v.open_hands = params[P_OPEN] != 0
    v.muerte = params[P_MUERTE] != 0


@njit(inline="always")
def view_deal(v, players, dealer, trump, card, n_cards, level):
    """A new deal: ``card`` (of suit ``trump``) is the face-up card under the stock."""
    v.dealer = dealer
    v.trump = trump
    v.trump_card = card
    if level >= 2:
        v.stock_left = n_cards - HAND_SIZE * players
        v.trump_drawn_by = -1
        v.played = np.uint64(0)
        for s in range(MAX_SEATS):
            v.played_by[s] = np.uint64(0)
            v.partner_hands[s] = np.uint64(0)
            for j in range(8):
                v.scratch[s, j] = 0
        for t in range(MAX_TRICKS):
            v.leaders[t] = -1
            v.winners[t] = -1
            for k in range(MAX_SEATS):
                v.history[t, k] = -1
        v.points[0] = 0
        v.points[1] = 0
        v.points[2] = 0
        v.tricks[0] = 0
        v.tricks[1] = 0
        v.tricks[2] = 0


@njit(inline="always")
def view_trick(v, t, leader, players, level):
    """Trick ``t`` starts, led by ``leader``: the table is empty."""
    if level >= 1:
        v.trick = t
        v.trick_len = 0
        v.leader = leader
        v.winner = -1
        v.best = -1
        v.beat = np.uint64(0)
        v.trick_points = 0
        v.trick_mask = np.uint64(0)
        for k in range(players):
            v.trick_cards[k] = -1


@njit(inline="always")
def view_turn(v, seat, hand, players, level):
    """``seat`` (holding ``hand``) is to play."""
    if level >= 1:
        v.seat = seat
        if players == 3:        # each for themselves
            v.side = seat
            v.partners = 0
        else:
            v.side = seat & 1
            v.partners = ((0x15 << (seat & 1)) & ((1 << players) - 1)) & ~(1 << seat)
        v.hand = hand


@njit(inline="always")
def view_partners(v, seat, hands, players, level):
    """With ``shown`` (``partners_show_hands``), the hands of ``seat``'s teammates."""
    if level >= 2:
        if v.shown:
            for s in range(players):
                v.partner_hands[s] = hands[s] if s != seat and ((s ^ seat) & 1) == 0 \
                    else np.uint64(0)
        if v.open_hands:                # briscola scoperta: every hand
            for s in range(players):
                v.hands[s] = hands[s]


@njit(inline="always")
def view_open2(v, leader, hl, ho, level):
    """Two players, ``open_hands``: the leader holds ``hl``, the other ``ho``."""
    if level >= 2:
        if v.open_hands:
            v.hands[leader] = hl
            v.hands[1 - leader] = ho


@njit(inline="always")
def view_played(v, t, k, seat, c, points, level):
    """``seat`` played ``c``, the ``k``-th card of trick ``t``; ``points`` are now on the
    table."""
    b = bit(c)
    if level >= 1:
        v.trick_len = k + 1
        v.trick_cards[k] = c
        v.trick_mask |= b
        v.trick_points = points
    if level >= 2:
        v.played |= b
        v.played_by[seat] |= b
        v.history[t, k] = c


@njit(inline="always")
def view_best(v, winner, best, beat, level):
    """The card just played wins the trick as it stands: ``winner`` with ``best``, beaten
    by the cards ``beat``."""
    if level >= 1:
        v.winner = winner
        v.best = best
        v.beat = beat


@njit(inline="always")
def view_trick_done(v, t, leader, winner, points, level):
    if level >= 2:
        v.leaders[t] = leader
        v.winners[t] = winner
        side = winner if v.players == 3 else winner & 1
        v.points[side] += points
        v.tricks[side] += 1


@njit(inline="always")
def view_drawn(v, left, last_seat, level):
    """The draw after a trick leaves ``left`` cards in the stock; ``last_seat`` drew last
    (the face-up card, when ``left`` is 0)."""
    if level >= 2:
        v.stock_left = left
        if left == 0:
            v.trump_drawn_by = last_seat


# --- the play variants (they add decisions) --------------------------------
@njit(inline="always")
def view_exchange(v, seat, gave, level):
    """``trump_exchange``: ``seat`` took the face-up card and left ``gave`` (its trump 7 or
    2) face up in its place; everyone sees it."""
    v.trump_card = gave


@njit(inline="always")
def default_exchange(v, legal, u, p):
    """the game's default ``exchange`` policy (rule ``trump_exchange``): always exchange
    (``legal`` is the card the seat would give, ``v.trump_card`` the one it would take)"""
    return 1


@njit(inline="always")
def default_arrastro(v, legal, u, p):
    """the game's default ``arrastro`` policy (rule ``arrastro``): always call (``legal``
    is the trump ace just played; the trick so far is in the view)"""
    return 1


# --- rule muerte_al_tres ------------------------------------------------------
@njit(inline="always")
def trump_ace_three(trump, ranks):
    """``(ace, three)``: the trump ace and the trump 3 (the two strongest cards of the
    trump suit; ``ranks`` cards a suit)."""
    return trump * ranks + ranks - 1, trump * ranks + ranks - 2


@njit(inline="always")
def muerte_legal(legal, trump, ranks, three_out, last):
    """Rule ``muerte_al_tres``: the cards of ``legal`` the seat may play: all of them but
    the trump ace while the trump 3 has not been played (``three_out``: played in an earlier
    trick or earlier in this one), except in the last trick (``last``).  The kernels pass
    policies this mask; a strategy's own search may call it (the view's ``played`` tells
    ``three_out``)."""
    if three_out or last:
        return legal
    return legal & ~bit(trump * ranks + ranks - 1)


@njit(inline="always")
def default_muerte(v, legal, u, p):
    """the game's default ``muerte`` policy (rule ``muerte_al_tres``): the play policy
    chooses among every legal card (``legal`` as it comes, the trump ace left out while it is
    a prisoner)"""
    return np.int64(legal)


__all__ = ["VIEW_DTYPE", "MAX_SEATS", "new_view", "view_constants", "view_deal", "view_trick",
           "view_turn", "view_partners", "view_open2", "view_played", "view_best", "view_trick_done",
           "view_drawn", "view_exchange", "default_exchange", "default_arrastro",
           "trump_ace_three", "muerte_legal", "default_muerte"]
