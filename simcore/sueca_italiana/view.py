"""What a Sueca Italiana seat knows when it decides: the view handed to every policy.

The kernel keeps one view record per table and updates it as the deal goes on; before
each decision it writes the deciding seat's own fields.  Nothing in it is hidden from that
seat: its hand, the auction, the contract, the called card, the public play — and the
partner only when the seat knows who it is.  Cards are indices ``suit * 10 + strength``
(``docs/rng.md``), card sets uint64 masks, suits 0..3 = ``C D H S``.

Three decisions use it (``docs/games/sueca_italiana.md``):

- ``bid(v, lowest, u, p)``: ``lowest`` is the lowest legal bid (0 while nobody has bid, 61
  after a 0, else the highest bid + 1); every bid from it to 120 is legal too (but nothing
  between 1 and 60).  Return the bid, or -1 to pass.  A seat with no legal bid (after a
  bid of 120) passes without being asked.
- ``call(v, legal, u, p)``: ``legal`` is the mask of the cards the declarer may name (all
  40, or those it does not hold under ``call_own_card=false``).  Return a card.
- ``play(v, legal, u, p)``: ``legal`` is the mask of the legal cards.  Return a card.

| field | type | meaning |
|---|---|---|
| `seat` | int | the seat to decide |
| `dealer` | int | the dealer |
| `hand` | uint64 | the seat's cards |
| `phase` | int | 0 auction, 1 call, 2 play |
| `bids` | int[5] | by seat: its bid, -1 a pass, -2 not spoken yet |
| `high_bid`, `high_bidder` | int | the highest bid so far and its seat (-1: none) |
| `declarer`, `contract` | int | the declarer and its bid (-1 during the auction) |
| `target` | int | card points the declarer's side needs (the contract; 61 for 0) |
| `called_card`, `trump` | int | the called card and its suit (-1 before the call) |
| `partner` | int | the declarer's partner if this seat knows it (it holds the called card, or the card has been played), else -1; equal to `declarer` when the declarer plays alone and this seat knows it |
| `revealed` | int | 1 once the called card has been played |
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
| `voids` | int[5] | per seat, bit `s` set when it has shown a void in suit `s` |
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
                       view_card, view_new_play, view_speaker, view_trick_done, view_turn)
from .enums import N_SEATS, N_TRICKS, PASS, RANKS_PER_SUIT, SUIT

VIEW_DTYPE = np.dtype([
    ("seat", np.int64), ("dealer", np.int64), ("hand", np.uint64), ("phase", np.int64),
    ("bids", np.int64, (N_SEATS,)), ("high_bid", np.int64), ("high_bidder", np.int64),
    ("declarer", np.int64), ("contract", np.int64), ("target", np.int64),
    ("called_card", np.int64), ("trump", np.int64), ("partner", np.int64),
    ("revealed", np.int64),
] + trick_fields(N_SEATS) + played_fields(N_SEATS) + [("voids", np.int64, (N_SEATS,))]
    + record_fields(N_SEATS, N_TRICKS))


@njit(inline="always")
def view_auction(v, dealer):
    """A new deal: nobody has spoken."""
    v.dealer = dealer
    v.phase = 0
    for s in range(N_SEATS):
        v.bids[s] = -2
    v.high_bid = -1
    v.high_bidder = -1
    v.declarer = -1
    v.contract = -1
    v.target = -1
    v.called_card = -1
    v.trump = -1
    v.partner = -1
    v.revealed = 0


@njit(inline="always")
def view_bid(v, seat, b):
    v.bids[seat] = b
    if b != PASS:
        v.high_bid = b
        v.high_bidder = seat


@njit(inline="always")
def view_contract(v, declarer, contract, hand):
    """The auction is over: ``declarer`` is to name a card."""
    v.phase = 1
    v.seat = declarer
    v.hand = hand
    v.declarer = declarer
    v.contract = contract
    v.target = 61 if contract == 0 else contract


@njit(inline="always")
def view_deal(v, called, level):
    """The card is named: the play begins."""
    v.phase = 2
    v.called_card = called
    v.trump = SUIT[called]
    view_new_play(v, level)
    if level >= 2:
        for s in range(N_SEATS):
            v.voids[s] = 0


@njit(inline="always")
def view_played(v, t, k, seat, c, led, level):
    """Seat ``seat`` played card ``c``, the ``k``-th of trick ``t`` (suit ``led`` led)."""
    view_card(v, t, k, seat, c, level)
    if level >= 2 and k > 0 and SUIT[c] != led:
        v.voids[seat] |= 1 << led


__all__ = ["VIEW_DTYPE", "view_auction", "view_speaker", "view_bid", "view_contract",
           "view_deal", "view_turn", "view_played", "view_trick_done", "default_bid",
           "default_call", "RANKS_PER_SUIT"]
