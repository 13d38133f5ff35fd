"""Briscola chiamata: Briscola for five players, with an auction and a secret partner.

The rulebook trunfo plays is ``docs/games/briscola_chiamata.md``; in short:

- ``latin40`` (1 3 K N J 7 6 5 4 2; 1 11, 3 10, K 4, N 3, J 2), five seats, 8 cards each,
  every card dealt (positions 8k..8k+7 to seat dealer+1+k).
- Auction from the seat after the dealer, passing out for good: ranks in descending order
  (1 < 3 < ... < 2), then points 62..120 once the 2 is named (``points_only``: points
  61..120 alone).  All pass: the deal is passed out.
- The declarer calls a card of the last rank named in the suit it chooses (any card under
  ``points_only``): trumps, and its holder the secret partner (the declarer alone if it
  holds it).  ``chiamata_buia``: the call comes after a first trick without trumps.  The
  declarer leads; no obligation to follow; 8 tricks.
- The declarer's side needs 61 (or the points bid).  Zero-sum scores: declarer 2, partner
  1, defenders -1 each (alone: 4), signs reversed on a loss, doubled when the winners took
  all 120 points.  Matches of ``match_deals`` deals.

Files: ``enums``, ``scoring``, ``view`` (the partner stays hidden until the called card is
played), ``nb`` (kernels), ``game`` (the Game object), ``records``.
"""
