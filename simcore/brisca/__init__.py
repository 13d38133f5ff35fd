"""Brisca / Briscola — the rulebook trunfo plays (full text: docs/games/brisca.md).

- 2 players (each a side), 3 (each a side: every player for themselves; the 2 of coins is
  out, 39 cards), 4 (partners 0&2 vs 1&3) or 6 players (latin48, side = seat % 2).
  Deck latin40 (latin48 for 6); rank high to low 1 3 K N J (9 8) 7 6 5 4 2;
  points 1 11, 3 10, K 4, N 3, J 2 (120 a deal); ``values=lombardy``: 7 scores 10, 3 scores 0;
  ``values=tuscan``: J 3, N 2.
- Deal: dealer ``deal % players`` (or fixed); documented shuffle; positions 3k..3k+2 to seat
  dealer+1+k; ``deck[3n]`` is the face-up trump and the last card of the stock.
- Play: seat dealer+1 leads; no obligation to follow suit or to win; highest trump wins, else
  the highest card of the suit led.  After each trick, while the stock lasts, the winner draws
  first, then the others in playing order.  ``ceil(n/2)`` outputs are drawn before each trick.
- Scoring: more than 60 points wins; 60-60 goes to the side with more cards
  (``tiebreak_cards``) else is a tie (3 players: the most points wins; seats level at the
  top, the one of them with strictly the most cards); a won deal counts 1 game point, 2 with at least
  ``double_at`` points.  Matches run until a side has ``target`` game points.
- Variants that change play (off by default): ``trump_exchange`` (the trump 7 / 2 taken
  for the face-up card at the seat's turn, once it won a trick, while the card is in the stock);
  ``arrastro`` (the trump ace's player may call: the later players of the trick play their
  highest trump, else a card of their highest rank); ``claim_top_trumps`` (once the stock
  is out, the side holding the 3 (2) best trumps left with 3 (2) cards a hand takes the rest).
- ``muerte_al_tres`` (off by default): the trump ace may not be played before the trump 3,
  except in the last trick; a trick holding both ends the deal at once, won by the ace's side
  (outcome ``side{s}_muerte``, one game point; the points are those of the tricks played).
"""
