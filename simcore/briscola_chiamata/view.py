"""What a Briscola chiamata seat knows when it decides: the view handed to every policy.

The kernel keeps one view record per table and updates it as the deal goes on; before
each decision it writes the deciding seat's own fields.  Nothing in it is hidden from that
seat: its hand, the auction, the contract, the rank to call, the called card once called,
the public play — and the partner only when the seat knows who it is.  Cards are indices
``suit * 10 + strength`` (``docs/rng.md``), card sets uint64 masks, suits 0..3 = ``O C E B``.

Bids are numbers: 1..10 the rank bids `1 3 K N J 7 6 5 4 2` (bid ``b`` names the rank of
strength ``10 - b``), 61..120 point bids; a higher number is a higher bid; -1 a pass.
Three decisions use the view (``docs/games/briscola_chiamata.md``):

- ``bid(v, lowest, u, p)``: ``lowest`` is the lowest bid allowed; every bid from it up to
  10 (while ``lowest`` is a rank bid) or up to 120 (points) is allowed too.  Return a bid,
  or -1 to pass (out of the auction for good).  A seat with no bid left passes without
  being asked.
- ``call(v, legal, u, p)``: ``legal`` is the mask of the cards the declarer may call (the
  four cards of the rank to call; all 40 under ``points_only``).  Return a card.
- ``play(v, legal, u, p)``: ``legal`` is the hand (nobody must follow suit).  Return a card.

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to decide |
| `dealer` | int | the dealer |
| `hand` | uint64 | the seat's cards |
| `phase` | int | 0 auction, 1 call, 2 play |
| `points_only`, `buia` | int | the rules `points_only` and `chiamata_buia` (1: on) |
| `auction` | int[74] | the bids in the order made, -1 a pass, -2 not made yet |
| `auction_len` | int | turns so far |
| `bids` | int[5] | by seat: its last bid, -1 once it passed, -2 before it spoke |
| `out` | int | bit `s` set when seat `s` has passed |
| `high_bid`, `high_bidder` | int | the highest bid so far and its seat (-1: none) |
| `declarer` | int | the declarer (-1 during the auction) |
| `contract` | int | card points the declarer's side needs (-1 during the auction) |
| `called_rank` | int | strength of the rank to call (-1 during the auction and under `points_only`) |
| `called_card`, `trump` | int | the called card and its suit (-1 until the call) |
| `partner` | int | the declarer's partner if this seat knows it (it holds the called card, or the card has been played), else -1; equal to `declarer` when the declarer plays alone and this seat knows it |
| `revealed` | int | 1 once the called card has been played and called |
| `trick` | int | the trick being played, 0..7 |
| `trick_len` | int | cards already on the table in this trick (0: the seat leads) |
| `leader` | int | who led this trick |
| `led` | int | the suit led (-1 when the seat leads) |
| `winner` | int | the seat winning the trick as it stands (-1 when leading) |
| `best` | int | the card winning it (-1 when leading) |
| `trick_points` | int | card points on the table |
| `trick_cards` | int[5] | the cards of this trick in play order (-1 after the last played) |
| `played` | uint64 | every card played so far, this trick's included |
| `played_by` | uint64[5] | the cards each seat has played |
| `history` | int[8, 5] | every trick's cards in play order (-1: not played yet) |
| `leaders`, `winners` | int[8] | each finished trick's leader and winner (-1: not yet) |
| `points`, `tricks` | int[5] | card points and tricks taken by each seat |
| `scratch` | int[5, 8] | memory of the seat's own, zero at the start of a deal |
| `bmi2` | bool | the machine has BMI2 (for `simcore.bits.select_bit`) |

The auction and call fields (`seat` to `revealed`) are always kept up to date.  How much of
the play fields a kernel keeps follows the strategies at the table (``simcore.strategy``):
``view="none"`` (only `legal` and the draw are used in play), ``"trick"`` (`seat`, `hand`,
`partner`, `revealed` and the trick fields, `trick` to `trick_cards`), ``"full"`` (all).
"""
import numpy as np

from .._jit import njit
from ..auction import (default_bid, default_call, played_fields, record_fields, trick_fields,
                       view_new_play, view_speaker, view_trick_done, view_turn)
from ..auction import view_card as view_played
from .enums import AUCTION_DRAWS, N_SEATS, N_TRICKS, PASS, SUIT

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("dealer", np.int64), ("hand", np.uint64), ("phase", np.int64),
    ("points_only", np.int64), ("buia", np.int64),
    ("auction", np.int64, (AUCTION_DRAWS,)), ("auction_len", np.int64),
    ("bids", np.int64, (N_SEATS,)), ("out", np.int64),
    ("high_bid", np.int64), ("high_bidder", np.int64),
    ("declarer", np.int64), ("contract", np.int64), ("called_rank", np.int64),
    ("called_card", np.int64), ("trump", np.int64), ("partner", np.int64),
    ("revealed", np.int64),
] + trick_fields(N_SEATS) + played_fields(N_SEATS) + record_fields(N_SEATS, N_TRICKS))


@njit(inline="always")
def view_auction(v, dealer, points_only, buia):
    """A new deal: nobody has spoken."""
    v.dealer = dealer
    v.phase = 0
    v.points_only = points_only
    v.buia = buia
    for j in range(v.auction_len):         # the previous deal's bids (the rest is -2 already)
        v.auction[j] = -2
    v.auction_len = 0
    for s in range(N_SEATS):
        v.bids[s] = -2
    v.out = 0
    v.high_bid = -1
    v.high_bidder = -1
    v.declarer = -1
    v.contract = -1
    v.called_rank = -1
    v.called_card = -1
    v.trump = -1
    v.partner = -1
    v.revealed = 0


@njit(inline="always")
def view_bid(v, seat, b):
    v.auction[v.auction_len] = b
    v.auction_len += 1
    v.bids[seat] = b
    if b == PASS:
        v.out |= 1 << seat
    else:
        v.high_bid = b
        v.high_bidder = seat


@njit(inline="always")
def view_contract(v, declarer, contract, called_rank, level):
    """The auction is over: the play (or, first, the call) begins."""
    v.declarer = declarer
    v.contract = contract
    v.called_rank = called_rank
    v.phase = 2
    view_new_play(v, level)


@njit(inline="always")
def view_call(v, declarer, hand):
    """The declarer is to call a card."""
    v.phase = 1
    v.seat = declarer
    v.hand = hand


@njit(inline="always")
def view_called(v, called, revealed):
    v.phase = 2
    v.called_card = called
    v.trump = SUIT[called]
    v.revealed = revealed


__all__ = ["VIEW_DTYPE", "view_auction", "view_speaker", "view_bid", "view_contract",
           "view_call", "view_called", "view_turn", "view_played", "view_trick_done",
           "default_bid", "default_call"]
