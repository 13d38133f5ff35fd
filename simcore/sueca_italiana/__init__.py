"""Sueca Italiana: Sueca for five players, with an auction and a secret partner.

The rulebook trunfo plays is ``docs/games/sueca_italiana.md``; in short:

- ``french40`` (A 7 K J Q 6 5 4 3 2; A 11, 7 10, K 4, J 3, Q 2), five seats, 8 cards each,
  every card dealt (positions 8k..8k+7 to seat dealer+1+k).
- One round of bidding from the dealer: pass, or 0 (only while nobody has bid) or 61..120
  above the highest bid.  All pass: the dealer declares at 0.
- The declarer names a card: its suit is trumps, its holder the secret partner (the
  declarer alone if it holds it).  The declarer leads; must follow suit; 8 tricks.
- The declarer's side makes the contract with at least the bid (61 for 0) card points;
  each player of the winning side scores 1 (0, 61-70), 2, 3, 4, 5 (101-119) or 6 (120).
- Matches: to ``target`` game points, a seat strictly ahead.

Files: ``enums`` (tables, rule schema, outcome codes, record dtypes), ``scoring`` (pure
jitted scoring), ``view`` (what a seat knows: the partner stays hidden until the called
card is played), ``nb`` (kernels), ``game`` (the Game object), ``records``.
"""
