"""What the strategies of the called-partner games share (Sueca Italiana and Briscola
chiamata, :mod:`simcore.auction`): who a seat knows or takes to be on its side.

The partner is the holder of the called card: the view shows it to that seat from the
start and to everybody once the card is played (``v.partner``, -1 while the seat does not
know it).  Until then ``expert`` infers it from the play (``suspect_partner``, inlined
where ``expert`` plays, as the scan was before it moved here: called, it took 1.08-1.20
times the CPU a deal in Briscola chiamata).  The other helpers take scalars only:
compiled once, not copied into a kernel at each call site.
"""
import numpy as np

from simcore._jit import njit
from simcore.auction import N_SEATS, POINTS, SUIT
from simcore.bits import ctz

_ONE = np.uint64(1)


@njit(inline="always")
def known_friend(seat, other, declarer, partner):
    """Whether ``seat`` knows ``other`` to be on its side, from ``partner`` as the view
    shows it (-1 while the seat does not know it; the view shows it to the partner itself
    from the start and to everybody once the called card is played)."""
    if partner < 0:
        return False
    if seat == declarer:
        return partner != declarer and other == partner
    if partner == seat:
        return other == declarer
    return other != declarer and other != partner


@njit
def beats(c, best, tmask):
    """Would card ``c`` beat ``best``, the card winning a trick, with trumps ``tmask``?"""
    if SUIT[c] == SUIT[best]:
        return c > best
    return ((tmask >> np.uint64(c)) & _ONE) != 0


@njit
def infer_partner(seat, declarer, fed, beat):
    """The seat ``seat`` takes for the declarer's partner (-1: none), from ``fed`` (bit s:
    seat s threw a card worth ``signal_at`` or more, that did not win, on a trick the
    declarer was winning) and ``beat`` (bit s: seat s beat the declarer's winning card):
    the one seat that fed the declarer and never beat it; else, when all but one of the
    seats that may be the partner have beaten the declarer, that one."""
    may = 31 & ~(1 << seat) & ~(1 << declarer)
    cand = fed & ~beat & may
    if cand != 0 and (cand & (cand - 1)) == 0:
        return ctz(np.uint64(cand))
    rest = may & ~beat
    if rest != 0 and (rest & (rest - 1)) == 0:
        return ctz(np.uint64(rest))
    return -1


@njit(inline="always")
def suspect_partner(v, signal_at, first_trumps, trumps):
    """The seat ``v.seat`` takes for the declarer's partner from the tricks so far
    (:func:`infer_partner`): who fed the declarer's winning card ``signal_at`` points or
    more, who beat it.  ``trumps`` the trump cards, ``first_trumps`` those of the first
    trick."""
    declarer = v.declarer
    fed = 0
    beat = 0
    for t in range(v.trick + 1):
        n = N_SEATS if t < v.trick else v.trick_len
        lead = v.leaders[t] if t < v.trick else v.leader
        tm = first_trumps if t == 0 else trumps
        b = -1
        w = -1
        for j in range(n):
            c = v.history[t, j]
            s = (lead + j) % N_SEATS
            if j == 0 or beats(c, b, tm):
                if j > 0 and w == declarer:
                    beat |= 1 << s
                b = c
                w = s
            elif w == declarer and POINTS[c] >= signal_at:
                fed |= 1 << s
    return infer_partner(v.seat, declarer, fed, beat)


@njit
def is_ally(seat, other, declarer, partner, suspect):
    """Whether ``seat`` counts ``other`` on its side: what it knows (``partner`` >= 0),
    else what it infers (``suspect``): for the declarer, the suspect; for a defender, the
    seats other than the declarer and the suspect, once there is a suspect."""
    if other == seat:
        return True
    if partner >= 0:
        return known_friend(seat, other, declarer, partner)
    if seat == declarer:
        return other == suspect
    if other == declarer:
        return False
    return suspect >= 0 and other != suspect
