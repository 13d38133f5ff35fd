"""Double-dummy solver for trick games — what it computes (full text: docs/solver.md).

The solver knows no game: a game hands it a neutral configuration (``config.SolverConfig``:
the cards and their values, the side of each seat, the trump, whether a seat must follow
suit, the break rule, the stock, the value's unit and total) and positions in its terms;
the games that have it expose that as ``game.solver`` (``simcore/<game>/solve.py``).

- Seats: 2 to 6, two sides, side = seat % 2.  The trick: the highest trump wins, else the
  highest card of the suit led; its winner leads the next.  Follow rule: a seat must
  follow the suit led when it can, or may play any card.  Break rule: trumps are not led
  before a trump has been played unless the leader holds only trumps.  Stock: after each
  trick, while the stock lasts, the winner draws first, then the others in playing order.
- Value: the card values of the tricks taken plus a value per trick (points or tricks).
- Par: what each side ends with when both play their best with every card visible
  (side 0 maximises its total, side 1 minimises it): value already taken plus the exact
  minimax value of the cards still in play.  Also: the value of every legal card of the
  seat to move, and one line of best play.
- Positions: hands by seat, the trick in progress and its leader, the trump suit, the
  value taken by side, the stock; see ``enums.py`` for the array layout.
"""
