"""Double-dummy solver for the trick games — what it computes (full text: docs/solver.md).

- Games: Sueca (4 players, teams seat % 2, must follow suit, card points 0..120), Spades
  (4 players, teams seat % 2, must follow suit, spades trump, value = tricks; bids ignored;
  ``break_spades``: spades are not led before a spade was played unless the leader holds
  only spades), Brisca with the stock's order known (2 players: side = seat; 4 and 6:
  side = seat % 2; no obligation to follow or to win; after each trick, while the stock
  lasts, the winner draws first, then the others in playing order; the face-up trump card
  is the stock's last card).
- The trick: the highest trump wins, else the highest card of the suit led; its winner
  leads the next.
- Par: what each side ends with when both play their best with every card visible
  (side 0 maximises its total, side 1 minimises it): points already taken plus the
  exact minimax value of the cards still in play.  Also: the value of every legal card of
  the seat to move, and one line of best play.
- Positions: hands by seat, the trick in progress and its leader, the trump suit, the
  points (tricks) taken by side, Brisca's stock; see ``enums.py`` for the array layout.
"""
