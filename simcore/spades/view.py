"""What a Spades seat knows when it bids or plays: the view handed to every policy.

The kernel keeps one view record per table and updates it as bids are made and cards
played (no allocation per decision); before each decision it writes the deciding seat's own
fields.  Nothing in it is hidden from that seat: its own hand, the bids, the public play,
the game's standing, and what follows from them.  Cards are indices ``suit * 13 + strength``
(strength 0 = ``2`` .. 12 = ``A``), card sets uint64 masks, suits 0..3 = ``C D H S``
(spades, 3, always trump); teams are ``seat % 2`` (partners 0&2 against 1&3).

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to decide |
| `partner` | int | its partner, `(seat + 2) % 4` |
| `dealer` | int | the dealer (seat `dealer + 1` bids first and leads the first trick) |
| `hand` | uint64 | the seat's cards (0 while it is offered blind nil: it has not seen them) |
| `bids_made` | int | bids made so far in this hand, 0..4 (4 during the play) |
| `bids` | int[4] | each seat's bid: -1 not bid yet, 0 nil (blind nil too), 1..13 tricks |
| `blind` | int[4] | 1 where the seat bid blind nil (its `bids` entry is 0) |
| `contract` | int[2] | each team's contract: the sum of its bids made so far (a nil counts 0) |
| `trick` | int | the trick being played, 0..12 |
| `trick_len` | int | cards already on the table in this trick (0: the seat leads) |
| `leader` | int | who led this trick |
| `led` | int | the suit led (-1 when the seat leads) |
| `winner` | int | the seat winning the trick as it stands (-1 when leading) |
| `best` | int | the card winning it (-1 when leading) |
| `trick_cards` | int[4] | the cards of this trick in play order (-1 after the last played) |
| `broken` | int | 1 once a spade has been played to an earlier trick (spades broken) |
| `tricks` | int[4] | tricks taken so far in this hand, by seat |
| `team_tricks` | int[2] | tricks taken so far in this hand, by team |
| `played` | uint64 | every card played so far, this trick's included |
| `played_by` | uint64[4] | the cards each seat has played |
| `history` | int[13, 4] | every trick's cards in play order (-1: not played yet) |
| `leaders`, `winners` | int[13] | each finished trick's leader and winner (-1: not yet) |
| `voids` | int[4] | per seat, bit `s` set when it has shown a void in suit `s` |
| `in_game` | int | 1 when the hand is part of a game to `target`, 0 for a single hand |
| `hand_no` | int | hands of the game played before this one (0 for a single hand) |
| `score` | int[2] | each team's game score before this hand (0, 0 for a single hand) |
| `bags` | int[2] | each team's bags carried in the game before this hand (0, 0 for a single hand) |
| `target` | int | the rule `target`: the score that ends a game |
| `bag_points` | int | the rule `bag_points`: points per overtrick of a made contract |
| `bag_limit`, `bag_penalty` | int | the rules: bags that cost `bag_penalty` points each time they reach `bag_limit` |
| `break_spades` | int | the rule `break_spades` (1: spades may not be led before they are broken) |
| `scratch` | int[4, 8] | memory of the seat's own, zero at the start of a hand |
| `bmi2` | bool | the machine has BMI2 (for `simcore.bits.select_bit`) |

How much of it a kernel keeps up to date follows the strategies at the table
(``simcore.strategy``):

- ``view="none"``: before each bid only `seat`, `partner` and `hand` are written (a bid is a
  judgement of the hand: four decisions a hand); during the play nothing (only `legal` and
  the draw are used).  `bmi2` is always set.
- ``"trick"``: also `dealer`, the bids (`bids_made` to `contract`), the trick fields
  (`trick` to `trick_cards`), `broken`, the tricks taken (`tricks`, `team_tricks`), the
  game's standing (`in_game` to `bags`) and the rules (`target` to `break_spades`).
- ``"full"``: everything, the card memory too (`played` to `voids`, `scratch`).

Bids (the ``bid`` policy, ``f(v, legal, u, p) -> bid``) are numbers: ``0`` nil, ``1..13``
tricks, :data:`BLIND_NIL` (14) blind nil, :data:`SEE_CARDS` (15) "no blind nil: let me see
my cards".  ``legal`` has bit ``b`` set for every bid ``b`` allowed:

- an ordinary bid: :data:`ALL_BIDS` (0..13), with the hand in ``v.hand``;
- blind nil offered (rule ``blind_nil``, in a game, the seat's team trailing by 200 or more
  at the start of the hand): first :data:`BLIND_OFFER` = ``{BLIND_NIL, SEE_CARDS}``, with
  ``v.hand == 0``; ``SEE_CARDS`` then asks the ordinary bid, with the hand and the same draw.
"""
import numpy as np

from .._jit import njit
from ..bits import bit
from .enums import N_SEATS, N_TRICKS, SPADES, SUIT

#: bid numbers besides 0..13 (0 = nil)
BLIND_NIL = 14
SEE_CARDS = 15
#: ``legal`` of an ordinary bid (bits 0..13) and of a blind nil offer (bits 14, 15)
ALL_BIDS = np.uint64((1 << 14) - 1)
BLIND_OFFER = np.uint64((1 << BLIND_NIL) | (1 << SEE_CARDS))

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("partner", np.int64), ("dealer", np.int64), ("hand", np.uint64),
    ("bids_made", np.int64), ("bids", np.int64, (N_SEATS,)), ("blind", np.int64, (N_SEATS,)),
    ("contract", np.int64, (2,)),
    ("trick", np.int64), ("trick_len", np.int64), ("leader", np.int64), ("led", np.int64),
    ("winner", np.int64), ("best", np.int64), ("trick_cards", np.int64, (N_SEATS,)),
    ("broken", np.int64),
    ("tricks", np.int64, (N_SEATS,)), ("team_tricks", np.int64, (2,)),
    ("played", np.uint64), ("played_by", np.uint64, (N_SEATS,)),
    ("history", np.int64, (N_TRICKS, N_SEATS)),
    ("leaders", np.int64, (N_TRICKS,)), ("winners", np.int64, (N_TRICKS,)),
    ("voids", np.int64, (N_SEATS,)),
    ("in_game", np.int64), ("hand_no", np.int64),
    ("score", np.int64, (2,)), ("bags", np.int64, (2,)),
    ("target", np.int64), ("bag_points", np.int64), ("bag_limit", np.int64),
    ("bag_penalty", np.int64), ("break_spades", np.int64),
    ("scratch", np.int64, (N_SEATS, 8)),
    ("bmi2", np.bool_),
])


def new_view(bmi2: bool = True) -> np.ndarray:
    """A one-record array holding a fresh view (as a kernel starts it: nothing bid, nothing
    played, no trick on the table); tests fill in what a position needs."""
    v = np.zeros(1, VIEW_DTYPE)
    r = v[0]
    r["bmi2"] = bmi2
    r["bids"] = -1
    r["led"] = r["winner"] = r["best"] = -1
    r["trick_cards"] = -1
    r["history"] = -1
    r["leaders"] = -1
    r["winners"] = -1
    r["bag_limit"] = 10
    r["bag_penalty"] = 100
    r["target"] = 500
    return v


@njit(inline="always")
def view_hand(v, dealer, in_game, hand_no, sc0, sc1, bg0, bg1, level):
    """A new hand: nothing bid, nothing played; the game's standing before it."""
    if level >= 1:
        v.dealer = dealer
        v.bids_made = 0
        for s in range(N_SEATS):
            v.bids[s] = -1
            v.blind[s] = 0
            v.tricks[s] = 0
        for t in range(2):
            v.contract[t] = 0
            v.team_tricks[t] = 0
        v.broken = 0
        v.in_game = in_game
        v.hand_no = hand_no
        v.score[0] = sc0
        v.score[1] = sc1
        v.bags[0] = bg0
        v.bags[1] = bg1
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


@njit(inline="always")
def view_rules(v, target, bag_points, bag_limit, bag_penalty, break_spades, level):
    if level >= 1:
        v.target = target
        v.bag_points = bag_points
        v.bag_limit = bag_limit
        v.bag_penalty = bag_penalty
        v.break_spades = break_spades


@njit(inline="always")
def view_bidder(v, seat, hand):
    """The seat to bid (every level: a bid is a judgement of the hand)."""
    v.seat = seat
    v.partner = (seat + 2) & 3
    v.hand = hand


@njit(inline="always")
def view_bid(v, seat, b, blind, level):
    """Seat ``seat`` bid ``b`` (0..13; ``blind`` for a blind nil)."""
    if level >= 1:
        v.bids[seat] = b
        v.blind[seat] = 1 if blind else 0
        v.contract[seat & 1] += b
        v.bids_made += 1


@njit(inline="always")
def view_turn(v, t, k, seat, hand, leader, led, winner, best, level):
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
def view_trick_done(v, t, leader, winner, spade, level):
    if level >= 1:
        v.tricks[winner] += 1
        v.team_tricks[winner & 1] += 1
        if spade:
            v.broken = 1
    if level >= 2:
        v.leaders[t] = leader
        v.winners[t] = winner


__all__ = ["VIEW_DTYPE", "BLIND_NIL", "SEE_CARDS", "ALL_BIDS", "BLIND_OFFER", "new_view",
           "view_hand", "view_rules", "view_bidder", "view_bid", "view_turn", "view_played",
           "view_trick_done", "SPADES"]
