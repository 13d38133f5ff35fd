"""Spades ``expert``: the play of a good club player, with card memory.

Its rules are written one by one in ``docs/games/spades.md`` ("expert"), each with its
parameter; ``tests/test_spades_expert.py`` has a test per rule.  It reads only the view
(:mod:`simcore.spades.view`, ``view="full"``) and uses no draw (deterministic).
"""
import numpy as np

from simcore._jit import njit
from simcore.bits import clz, ctz, popcount
from simcore.spades.enums import N_TRICKS, NON_SPADES, SPADE_MASK, SPADES, SUIT, SUIT_MASKS
from simcore.spades.view import BLIND_NIL, BLIND_OFFER, SEE_CARDS
from simcore.strategy import Param, register

from .spades import cheapest, highest, winning_cards

GAME = "spades"
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_FULL = np.uint64((1 << 52) - 1)
_ONE = np.uint64(1)

# strengths (0 = 2 .. 12 = A)
_A, _K, _Q, _J = 12, 11, 10, 9

NIL_CHOICES = ("never", "safe", "loose")
NIL_NEVER, NIL_SAFE, NIL_LOOSE = range(3)


@njit(inline="always")
def _above(c):
    """The cards of higher index than ``c`` (within its suit: the higher cards)."""
    return _ONES << np.uint64(c + 1)


@njit(inline="always")
def _top(mask):
    """The highest card index of a non-empty mask."""
    return 63 - clz(mask)


@njit(inline="always")
def _has(mask, c):
    return (mask >> np.uint64(c)) & _ONE


# --- bidding -----------------------------------------------------------------------------
@njit(inline="always")
def sure_quarters(hand):
    """Sure and likely tricks of a hand, in quarter tricks (docs: "bid from sure tricks")."""
    q = 0
    spades = hand & SPADE_MASK
    n_sp = popcount(spades)
    for s in range(4):
        m = hand & SUIT_MASKS[s]
        n = popcount(m)
        base = s * 13
        a = _has(m, base + _A) != 0
        k = _has(m, base + _K) != 0
        qn = _has(m, base + _Q) != 0
        if s == SPADES:
            if a:
                q += 4
            if k and n >= 2:
                q += 4 if a else 3
            if qn and n >= 3:
                q += 3 if (a or k) else 2
            if n > 3:
                q += 4 * (n - 3)
        else:
            if a:
                q += 4 if n <= 6 else 2
            if k and n >= 2 and n <= 6:
                q += 4 if a else 2
            if qn and n >= 3 and n <= 5 and a and k:
                q += 2
            if n_sp >= 2 and n_sp <= 3:       # ruffs with spades not counted for length
                if n == 0:
                    q += 3
                elif n == 1:
                    q += 1
    return q


@njit(inline="always")
def nil_risk(hand):
    """Cards that may take a trick in a nil: every spade above 9, a fourth spade, and each
    side card of strength above ``6 + 3 i`` (``i`` its suit's lower cards held)."""
    risk = 0
    spades = hand & SPADE_MASK
    n_sp = popcount(spades)
    if n_sp > 3:
        risk += n_sp - 3
    for s in range(4):
        m = hand & SUIT_MASKS[s]
        i = 0
        while m:
            c = ctz(m)
            m &= m - _ONE
            st = c - s * 13
            if s == SPADES:
                if st >= 8:
                    risk += 1
            elif st > 5 + 3 * i:
                risk += 1
            i += 1
    return risk


@njit
def expert_bid_of(v, legal, p):
    if legal & BLIND_OFFER:
        return BLIND_NIL if p.blind_nil else SEE_CARDS
    hand = v.hand
    partner = (v.seat + 2) & 3
    if p.nil != NIL_NEVER and v.bids[partner] != 0:
        r = nil_risk(hand)
        if r == 0 or (p.nil == NIL_LOOSE and r <= 1):
            return 0
    b = (sure_quarters(hand) - p.shade + 2) // 4
    if b < 1:
        return 1
    if b > N_TRICKS:
        return N_TRICKS
    return b


# --- play ----------------------------------------------------------------------------------
@njit(inline="always")
def _can_beat(v, seat, q, c, led, unseen):
    """Whether seat ``q`` (still to play) may beat card ``c`` (winning a trick led in
    ``led``), from what ``seat`` knows: unseen higher cards it may hold, or a ruff."""
    vq = v.voids[q]
    spades_out = unseen & SPADE_MASK
    if (vq >> SPADES) & 1:
        spades_out = np.uint64(0)
    if SUIT[c] == SPADES:
        return (spades_out & _above(c)) != 0
    led_out = unseen & SUIT_MASKS[led]
    if ((vq >> led) & 1) or led_out == 0:       # q cannot follow: a ruff
        return spades_out != 0
    return (led_out & _above(c)) != 0


@njit
def _sure(v, seat, c, led, k, unseen):
    """Card ``c`` (winning the trick now) holds against every opponent after position k."""
    leader = v.leader if k > 0 else seat
    for j in range(k + 1, 4):
        q = (leader + j) & 3
        if ((q ^ seat) & 1) != 0 and _can_beat(v, seat, q, c, led, unseen):
            return False
    return True


@njit(inline="always")
def _sure_cards(v, seat, cards, led, k, unseen):
    out = np.uint64(0)
    m = cards
    while m:
        c = ctz(m)
        m &= m - _ONE
        if _sure(v, seat, c, led, k, unseen):
            out |= _ONE << np.uint64(c)
    return out


@njit(inline="always")
def _low_lead(legal, unseen):
    """The lead most likely to lose: the lowest card of the suit with the most unseen
    cards above it (non-spades first; ties: the lower card)."""
    best = -1
    score = -1
    plain = legal & NON_SPADES
    pool = plain if plain else legal
    for s in range(4):
        m = pool & SUIT_MASKS[s]
        if m == 0:
            continue
        c = ctz(m)
        higher = popcount(unseen & SUIT_MASKS[s] & _above(c))
        sc = higher * 16 + (12 - (c - s * 13))
        if sc > score:
            score = sc
            best = c
    return best


@njit(inline="always")
def _masters(hand, unseen, s):
    """The seat's cards of suit ``s`` that beat every unseen card of the suit."""
    m = hand & SUIT_MASKS[s]
    o = unseen & SUIT_MASKS[s]
    if m == 0 or o == 0:
        return m
    return m & _above(_top(o))


@njit(inline="always")
def _safe_to_cash(v, seat, s, unseen):
    """No opponent is known (or bound) to ruff a lead of suit ``s``."""
    out_s = unseen & SUIT_MASKS[s]
    spades_out = unseen & SPADE_MASK
    if spades_out == 0:
        return True
    if popcount(out_s) < 2:
        return False
    for q in ((seat + 1) & 3, (seat + 3) & 3):
        vq = v.voids[q]
        if ((vq >> s) & 1) and not ((vq >> SPADES) & 1):
            return False
    return True


@njit(inline="always")
def _nil_card(v, legal, win, k, unseen):
    """Rule 1: my own nil."""
    if k == 0:
        return _low_lead(legal, unseen)
    lose = legal & ~win
    if lose:
        return highest(lose)
    if k == 3:
        return highest(legal)
    return cheapest(legal)


@njit(inline="always")
def _take_card(v, seat, legal, win, k, unseen, p):
    """Rule 4: play to take tricks (make the contract, or set the opponents')."""
    hand = v.hand
    partner = (seat + 2) & 3
    if k == 0:
        if p.cash_masters:
            for s in range(3):
                m = _masters(hand, unseen, s) & legal
                if m and _safe_to_cash(v, seat, s, unseen):
                    return ctz(m)
            m = _masters(hand, unseen, SPADES) & legal
            if m:
                return ctz(m)
        if p.partner_ruffs:
            vp = v.voids[partner]
            if not ((vp >> SPADES) & 1):
                for s in range(3):
                    m = legal & SUIT_MASKS[s]
                    if m and ((vp >> s) & 1):
                        return ctz(m)
        return cheapest(legal)
    led = v.led
    if v.winner == partner:
        if k == 3 or _sure(v, seat, v.best, led, k, unseen):
            lose = legal & ~win
            return cheapest(lose) if lose else cheapest(legal)
        sure = _sure_cards(v, seat, win, led, k, unseen)
        if sure:
            return cheapest(sure)
        return cheapest(legal)
    if win == 0:
        return cheapest(legal)
    if k == 3:
        return cheapest(win)
    sure = _sure_cards(v, seat, win, led, k, unseen)
    if sure:
        return cheapest(sure)
    if (legal & SUIT_MASKS[led]) == 0:        # void: ruff low
        return cheapest(win)
    if k == 1:                                # second hand low: partner plays last
        return cheapest(legal)
    return cheapest(win)


@njit
def expert_card(v, legal, p):
    seat = v.seat
    k = v.trick_len
    partner = (seat + 2) & 3
    team = seat & 1
    unseen = _FULL & ~v.played & ~v.hand
    led = v.led
    win = winning_cards(legal, v.best, led) if k > 0 else legal
    # 1. my own nil, while it stands
    if v.bids[seat] == 0 and v.tricks[seat] == 0:
        return _nil_card(v, legal, win, k, unseen)
    # 2. protect a partner who bid nil, while it stands
    if p.protect_nil and v.bids[partner] == 0 and v.tricks[partner] == 0:
        if k >= 2:
            if v.winner == partner:
                return cheapest(win) if win else cheapest(legal)
        elif k == 1:
            if win:
                return highest(win) if (legal & SUIT_MASKS[led]) else cheapest(win)
            return cheapest(legal)
        else:
            plain = legal & NON_SPADES
            m = np.uint64(0)
            for s in range(3):
                m |= _masters(v.hand, unseen, s)
            m &= legal
            if m:
                return highest(m)
            return highest(plain) if plain else highest(legal)
    # 3. set an opponent who bid nil, while it stands
    if p.set_nil:
        for j in range(2):
            q = (seat + 1 + 2 * j) & 3
            if v.bids[q] != 0 or v.tricks[q] != 0:
                continue
            if k == 0:
                vq = v.voids[q]
                pool = np.uint64(0)
                for s in range(4):
                    if not ((vq >> s) & 1):
                        pool |= legal & SUIT_MASKS[s]
                plain = pool & NON_SPADES
                if plain:
                    return cheapest(plain)
                return cheapest(pool) if pool else cheapest(legal)
            pos = (q - v.leader) & 3
            if pos < k:
                if v.winner == q:
                    lose = legal & ~win
                    if lose:
                        return highest(lose)
            else:
                lose = legal & ~win
                return cheapest(lose) if lose else cheapest(legal)
    # 4. take tricks while the contract is to make, or the opponents' can be set (unless,
    #    in a game, the bags come within bag_margin of the limit)
    left = N_TRICKS - v.trick
    need = v.contract[team] - v.team_tricks[team]
    opp_need = v.contract[1 - team] - v.team_tricks[1 - team]
    bags_free = v.in_game == 0 and v.bag_points > 0      # a single hand: bags only score
    take = need > 0 and need <= left
    if not take and p.set_contract and opp_need > 0 and opp_need <= left:
        over = -need if need < 0 else 0
        take = v.in_game == 0 or v.bags[team] + over < v.bag_limit - p.bag_margin
    if take or not p.avoid_bags or bags_free:
        return _take_card(v, seat, legal, win, k, unseen, p)
    # 5. otherwise avoid bags: lose the trick
    if k == 0:
        return _low_lead(legal, unseen)
    lose = legal & ~win
    return highest(lose) if lose else cheapest(legal)


def expert_bid(v, legal, u, p):
    """bids its sure tricks (quarter tricks, less shade), nil with a hand that risks no trick"""
    return expert_bid_of(v, legal, p)


def expert_play(v, legal, u, p):
    """card memory: cashes masters, protects a nil partner, sets a nil opponent, makes the
    contract then sets the opponents', then avoids bags"""
    return expert_card(v, legal, p)


PARAMS = [
    Param("shade", 0, "quarter tricks taken off the sure-trick count before rounding the bid",
          minimum=-8, maximum=12),
    Param("nil", "safe", "when to bid nil: never; safe (no card at risk); loose (one)",
          choices=NIL_CHOICES),
    Param("blind_nil", True, "bid blind nil when it is offered"),
    Param("protect_nil", True, "protect a partner who bid nil (cover, lead high)"),
    Param("set_nil", True, "set an opponent who bid nil (duck under, lead low)"),
    Param("set_contract", True, "once the contract is made, take tricks while the "
          "opponents' contract can still be set"),
    Param("avoid_bags", True, "once nothing is left to make or set, lose tricks (no bags; "
          "not in a single hand where bags score bag_points)"),
    Param("bag_margin", 1, "in a game, stop setting the opponents' contract once the "
          "team's bags come this close to bag_limit", minimum=0, maximum=20),
    Param("cash_masters", True, "lead the highest unseen card of a suit (a sure trick) when "
          "no opponent is known to ruff it"),
    Param("partner_ruffs", True, "lead a suit the partner has shown void in (it can ruff)"),
]

register(GAME, "expert", expert_play, bid=expert_bid, deterministic=True, view="full",
         params=PARAMS,
         doc="bids sure tricks (nil with a hand that risks no trick); card memory: cashes "
             "masters, protects a nil partner, sets a nil opponent, makes the contract, sets "
             "the opponents', then avoids bags")
