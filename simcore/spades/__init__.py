"""Spades — the rulebook trunfo plays (full text: docs/games/spades.md).

- 4 players, partners 0&2 (team 0) against 1&3; deck french52, rank high to low
  A K Q J T 9 8 7 6 5 4 3 2; 13 cards each.  Dealer ``deal % 4`` (or fixed); the documented
  shuffle (26 outputs); positions 13k..13k+12 to seat dealer+1+k.
- Bidding from seat dealer+1: 0-13 tricks, 0 being nil; two outputs are drawn before bidding.
  ``evaluate`` counts aces, protected kings and queens and spade length; ``random`` adds
  -1/0/+1 to a non-nil bid.  ``blind_nil`` (off): worth 200 either way; bid by a player whose
  team trails by 200 or more at the start of a hand of a game.
- Play: seat dealer+1 leads; spades are always trump; players must follow suit; with
  ``break_spades`` spades may not be led before a spade has been played (unless the leader
  holds only spades).  Two outputs are drawn before each trick.
- Scoring a hand: contract = sum of the partners' bids, counting both partners' tricks.
  Made: +10 x contract, plus ``bag_points`` (0; common rule 1) per overtrick, every overtrick a
  bag.  Set: -10 x contract.  Nil +-100, blind nil +-200.
- Games: bags accumulate; each time they reach ``bag_limit`` (10) the team loses
  ``bag_penalty`` (100).  A game ends when a team has ``target`` (500) at the end of a hand
  (both: the higher; equal: play on); ``mercy`` (off): a team at -200 or below loses;
  after ``max_hands`` (200) undecided hands the higher total wins (equal: a tie).
  Game g uses stream g of the domain ``mix(mix(seed) ^ 0x47414D45)``.
"""
