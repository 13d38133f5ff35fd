"""Scopa — the rulebook trunfo plays (full text: docs/games/scopa.md).

- 2, 3 or 4 players, deck latin40; with 2 or 3 players each seat is a side, with 4 two teams
  (side = seat % 2) or, with ``teams=false``, four individual sides.
- Card index = suit * 10 + strength, strength low to high ``2 4 5 6 7 J N K 3 1``.
  Capture values 1-7 face value, J 8, N 9, K 10.
- Deal: dealer ``deal % players`` (or fixed); documented shuffle; positions 3k..3k+2 to seat
  dealer+1+k, the next 4 face up on the table, the rest is the stock.  Kings relay
  (``kings_relay`` 3, 4 or off): while the table shows that many kings, table + stock are
  shuffled again by the same pass.  When every hand is empty, 3 more cards each.
- Play: seat dealer+1 first.  A card takes a single table card of equal value if there is one
  (never a sum then), else a set of two or more table cards adding up to its value; a card
  that can capture must capture; otherwise it is laid.  ``must_capture``: ``any_card`` (the
  default) lays a card only when no card of the hand can capture; ``played_card`` lets any
  card be played, only its own captures forced.  Emptying the table is a scopa (1
  point), except on the last play unless ``last_play_scopa``.  Leftovers go to the last
  capturer.  ``ceil(players / 2)`` outputs are drawn at the start of each round of turns.
- Points per deal: strictly most cards 1, most coins 1, settebello (7O) 1, best primiera 1
  (a side missing a suit has none), plus one per scopa; ties score nobody.  The deal's
  outcome is ``side{s}_win`` for the side with strictly the most points, else ``tie``.
- Matches: deal after deal, the deal passing on, until a side has ``target`` points; if
  several reach it in the same deal the highest wins, a tie at the top plays another deal.
"""
