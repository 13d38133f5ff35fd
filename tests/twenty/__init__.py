"""Twenty: a small two-player trick game, the worked example of docs/adding-a-game.md.

The whole game is this folder: it is registered from outside trunfo (the test
``tests/test_game_in_a_folder.py`` calls ``simcore.games.register_game``; an installed
package would name ``twenty.game:TWENTY`` in the entry-point group ``trunfo.games`` and
``twenty.strategies`` in ``trunfo.strategies``), and every command plays it by name.

The rules
---------
- Two players, seats 0 and 1; each seat is a side.  The dealer of deal ``d`` is seat
  ``d % 2`` (unless a dealer is fixed).
- The deck: 20 cards, suits ``C D H S``, ranks ``A K Q J 7`` from the highest to the lowest
  (deck ``french20``).  Card points: A 4, K 3, Q 2, J 1, 7 nothing (40 in the deck).
- The deal: the deck is shuffled by the pass of docs/rng.md (20 cards); deck positions
  0..4 go to the seat after the dealer, 5..9 to the dealer, and 10..19 are set aside
  unseen (the ``stock``: never drawn, never played).
- The play: five tricks without trumps.  The seat after the dealer leads the first; the
  other must follow suit when it can, else plays any card; the higher card of the suit
  led wins the trick, and its winner leads the next.
- The score: each seat scores the card points of the tricks it took, and rule
  ``last_trick`` (0 or 5, default 0) more for the last trick.  More points win the deal;
  equal points are a tie.
- The draws (docs/rng.md): after the shuffle, each trick takes one 64-bit output ``x`` of
  the deal's stream before its first card: the leader decides with ``x >> 32``, the
  follower with ``x & 0xFFFFFFFF``.

Strategies (``strategies.py``): ``random`` plays the legal card at position
``(u * n) >> 32`` of the ``n`` legal cards in ascending card order; ``greedy`` leads its
lowest card (lowest rank, then the first suit in ``C D H S``) and follows with the lowest
card of the suit led that beats the card led, else its lowest legal card.
"""
