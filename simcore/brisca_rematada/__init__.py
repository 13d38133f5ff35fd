"""Brisca rematada: the Chilean three-player Brisca with an auction.

The rulebook trunfo plays is ``docs/games/brisca_rematada.md``; in short:

- ``latin32`` (1 3 K N J 7 6 5; 1 11, 3 10, K 4, N 3, J 2: 120 points), three seats, ten
  cards each (positions 10k..10k+9 to seat dealer+1+k), positions 30 and 31 the talon.
- Auction from the seat after the dealer, passing for good: bids of at least 100, each
  above the last by ``bid_step`` or more; when two have passed the third is the declarer
  (the dealer at 100 when the first two pass).  The declarer takes and shows the talon,
  discards two cards (they count for it) and names trumps.
- The declarer leads; rule ``follow``: ``suit_trump`` (default) a player must follow suit
  when able, else trump when able; ``head`` also beat the trick when able (as Tute);
  ``none`` any card (as Brisca).  A king and knight of one
  suit held together are a marriage (40; ``twenty_forty``: 40 in trumps, 20 otherwise),
  declared automatically after winning a trick, one per trick; the last trick is worth 10.
- The declarer's total (tricks + marriages + last trick + discards) reaching the contract
  scores it the contract; otherwise each defender scores half of it, rounded up.  Matches
  are played to ``target``.

Files: ``enums``, ``scoring``, ``view`` (a seat's knowledge: the discards only for the
declarer), ``nb`` (kernels), ``game`` (the Game object), ``records``.
"""
