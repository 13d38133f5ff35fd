"""A Scopa strategy: take the settebello whenever a seven can, else play like greedy."""
from simcore.bits import bit, ctz
from simcore.scopa.enums import N_PLAYS, SETTEBELLO, SEVENS
from simcore.strategy import strategy
from strategies.scopa import greedy_move


@strategy("scopa", deterministic=True, view="trick")
def settebello_first(v, legal, u, p):
    """takes the settebello (the 7 of coins) from the table with a seven of its hand
    when it can; otherwise the move greedy plays"""
    sevens = legal & SEVENS & ~bit(SETTEBELLO)       # the seven's bit, its index by ctz
    if v.table & bit(SETTEBELLO) and sevens:
        return bit(ctz(sevens)) | bit(SETTEBELLO)    # a move: the card | what it takes
    return greedy_move(v.hand, v.table, v.counts, v.play == N_PLAYS - 1,
                       v.last_play_scopa, v.must_capture != 0)
