"""What a Brisca rematada seat knows when it decides: the view handed to every policy.

The kernel keeps one view record per table and updates it as the deal goes on; before
each decision it writes the deciding seat's own fields.  Nothing in it is hidden from that
seat: its hand, the auction, the contract, the talon once shown, trumps once named, the
public play and the marriages declared — and the discards only when it is the declarer.
Cards are indices ``suit * 8 + strength`` (``docs/rng.md``), card sets uint64 masks,
suits 0..3 = ``O C E B``; seats 0..2, each playing for itself.

Four decisions use the view (``docs/games/brisca_rematada.md``):

- ``bid(v, lowest, u, p)``: ``lowest`` is the lowest bid allowed; every bid
  ``lowest + k * bid_step`` up to ``max_bid`` is allowed too.  Return a bid, or -1 to pass
  (out of the auction for good).  A seat whose lowest bid is above ``max_bid`` passes
  without being asked.
- ``discard(v, legal, u, p)``: the declarer, twice: ``legal`` is its hand (twelve cards,
  then eleven).  Return the card to discard.
- ``trump(v, legal, u, p)``: the declarer: ``legal`` is 15 (bit ``s`` for suit ``s``).
  Return the suit, 0..3.
- ``play(v, legal, u, p)``: ``legal`` the cards of the hand the rule ``follow`` allows
  (the whole hand to the leader and under ``follow=none``).  Return one of them.

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to decide |
| `dealer` | int | the dealer |
| `hand` | uint64 | the seat's cards |
| `phase` | int | 0 auction, 1 discard, 2 trump, 3 play |
| `bid_step`, `max_bid` | int | the rule `bid_step` and the highest bid |
| `marriage_rule` | int | 0 `forty`, 1 `twenty_forty` |
| `auction` | int[193] | the turns of the auction in order: the bid, -1 a pass |
| `auction_len` | int | turns so far |
| `bids` | int[3] | by seat: its highest bid so far, 0 if none |
| `passed` | int | bit `s` set when seat `s` has passed |
| `high_bid`, `high_bidder` | int | the highest bid so far (0: none) and its seat (-1) |
| `declarer` | int | the declarer (-1 during the auction) |
| `contract` | int | its contract (0 during the auction) |
| `forced` | int | 1 when the dealer won the auction without bidding (contract 100) |
| `talon` | uint64 | the two talon cards, shown once the auction is over (0 before) |
| `discards` | uint64 | the declarer's discards, in the declarer's own view only (0 otherwise) |
| `trump` | int | the trump suit (-1 until named) |
| `trick` | int | the trick being played, 0..9 |
| `trick_len` | int | cards already on the table in this trick (0: the seat leads) |
| `leader` | int | who led this trick |
| `led` | int | the suit led (-1 when the seat leads) |
| `winner` | int | the seat winning the trick as it stands (-1 when leading) |
| `best` | int | the card winning it (-1 when leading) |
| `trick_points` | int | card points on the table |
| `trick_cards` | int[3] | the cards of this trick in play order (-1 after the last played) |
| `marriages` | int[3] | by seat: bit `s` set when it has declared the marriage of suit `s` |
| `played` | uint64 | every card played so far, this trick's included |
| `played_by` | uint64[3] | the cards each seat has played |
| `history` | int[10, 3] | every trick's cards in play order (-1: not played yet) |
| `leaders`, `winners` | int[10] | each finished trick's leader and winner (-1: not yet) |
| `points` | int[3] | by seat: card points of the tricks it won + its marriages (no discards) |
| `tricks` | int[3] | tricks won by each seat |
| `scratch` | int[3, 8] | memory of the seat's own, zero at the start of a deal |
| `bmi2` | bool | the machine has BMI2 (for `simcore.bits.select_bit`) |

The auction and exchange fields (`seat` to `trump`) are always kept up to date.  How much
of the play fields a kernel keeps follows the strategies at the table
(``simcore.strategy``): ``view="none"`` (only `legal` and the draw are used in play; `hand`
and `discards` are cleared once trumps are named), ``"trick"`` (`seat`, `hand`,
`discards`, the trick fields `trick` to `trick_cards`, and `marriages`), ``"full"`` (all).
"""
import numpy as np

from .._jit import njit
from ..auction import (default_bid, played_fields, record_fields, trick_fields, view_new_play,
                       view_speaker, view_trick, view_trick_done)
from ..auction import view_card as view_played
from ..bits import ctz, popcount
from .enums import MAX_TURNS, N_SEATS, N_TRICKS, PASS, RANKS_PER_SUIT, STRIDE, SUIT_MASKS

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("dealer", np.int64), ("hand", np.uint64), ("phase", np.int64),
    ("bid_step", np.int64), ("max_bid", np.int64), ("marriage_rule", np.int64),
    ("auction", np.int64, (MAX_TURNS,)), ("auction_len", np.int64),
    ("bids", np.int64, (N_SEATS,)), ("passed", np.int64),
    ("high_bid", np.int64), ("high_bidder", np.int64),
    ("declarer", np.int64), ("contract", np.int64), ("forced", np.int64),
    ("talon", np.uint64), ("discards", np.uint64), ("trump", np.int64),
] + trick_fields(N_SEATS) + [("marriages", np.int64, (N_SEATS,))] + played_fields(N_SEATS)
    + record_fields(N_SEATS, N_TRICKS))

_ZERO = np.uint64(0)
_FIELD = np.uint64((1 << RANKS_PER_SUIT) - 1)


def new_view(bmi2: bool) -> np.ndarray:
    """A one-record array holding a fresh view (kernels index it with ``[0]``)."""
    v = np.zeros(1, VIEW_DTYPE)
    v[0]["bmi2"] = bmi2
    return v


@njit(inline="always")
def view_deal(v, dealer, step, top, marriage_rule):
    """A new deal: the auction starts."""
    v.dealer = dealer
    v.phase = 0
    v.bid_step = step
    v.max_bid = top
    v.marriage_rule = marriage_rule
    v.auction_len = 0
    for s in range(N_SEATS):
        v.bids[s] = 0
    v.passed = 0
    v.high_bid = 0
    v.high_bidder = -1
    v.declarer = -1
    v.contract = 0
    v.forced = 0
    v.talon = _ZERO
    v.discards = _ZERO
    v.trump = -1


@njit(inline="always")
def view_bid(v, seat, b):
    v.auction[v.auction_len] = b
    v.auction_len += 1
    if b == PASS:
        v.passed |= 1 << seat
    else:
        v.bids[seat] = b
        v.high_bid = b
        v.high_bidder = seat


@njit(inline="always")
def view_contract(v, declarer, contract, forced, talon):
    """The auction is over: the declarer shows the talon."""
    v.phase = 1
    v.declarer = declarer
    v.contract = contract
    v.forced = forced
    v.talon = talon


@njit(inline="always")
def view_exchange(v, declarer, hand, discards, phase):
    """The declarer decides (a discard, phase 1; trumps, phase 2)."""
    v.phase = phase
    v.seat = declarer
    v.hand = hand
    v.discards = discards


@njit(inline="always")
def view_trump(v, trump, level):
    """Trumps are named: the play starts (the declarer's hand and discards leave the view)."""
    v.trump = trump
    v.phase = 3
    v.hand = _ZERO
    v.discards = _ZERO
    if level >= 1:
        for s in range(N_SEATS):
            v.marriages[s] = 0
    view_new_play(v, level)


@njit(inline="always")
def view_turn(v, t, k, seat, hand, leader, led, winner, best, points, declarer, discards,
              level):
    """The seat to play and the trick as it stands (``k`` cards in it)."""
    if level >= 1:
        view_trick(v, t, k, seat, hand, leader, led, winner, best, points)
        v.discards = discards if seat == declarer else _ZERO


@njit(inline="always")
def view_marriage(v, seat, suit, points, level):
    if level >= 1:
        v.marriages[seat] |= 1 << suit
    if level >= 2:
        v.points[seat] += points


# --- the defaults of a strategy that lacks a policy --------------------------------------
@njit(inline="always")
def _cheapest(mask):
    r = np.uint64(RANKS_PER_SUIT)
    fold = (mask | (mask >> r) | (mask >> (r + r)) | (mask >> (r + r + r))) & _FIELD
    return ctz(mask & (STRIDE << np.uint64(ctz(fold))))


@njit(inline="always")
def default_discard(v, legal, u, p):
    """the cheapest card: the lowest strength, then the lowest suit"""
    return _cheapest(legal)


@njit(inline="always")
def default_trump(v, legal, u, p):
    """the suit with the most cards in hand (the lowest on ties)"""
    best = 0
    n = -1
    for s in range(4):
        k = popcount(v.hand & SUIT_MASKS[s])
        if k > n:
            n = k
            best = s
    return best


__all__ = ["VIEW_DTYPE", "new_view", "view_deal", "view_speaker", "view_bid",
           "view_contract", "view_exchange", "view_trump", "view_turn", "view_played",
           "view_trick_done", "view_marriage", "default_bid", "default_discard",
           "default_trump"]
