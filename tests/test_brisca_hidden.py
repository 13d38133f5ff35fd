"""No Brisca strategy plays on cards it cannot see.

For every strategy (random, greedy, expert), with 2, 4 and 6 players and with
``partners_show_hands`` off and on: pairs of deals that differ only in cards an observed
seat cannot see (one card swapped between two other seats' hands, or between another seat's
hand and the hidden part of the stock; never the face-up card; with shown hands, never a
teammate's card) are played from the same random stream (``simcore.deal.given``).  Until
something the observed seat sees differs (its own hand, a teammate's shown hand, or a play),
its decisions must be the same: the first play where the two deals differ is never the
observed seat's while its information was identical.
"""
import numpy as np
import pytest

from simcore.brisca import nb
from simcore.brisca.enums import HAND_SIZE, deck_for
from simcore.deal import given
from simcore.games import get_game
from simcore.rng import seed_base
from view_hash import view_hash

#: one lineup per player count seats every strategy (two players need two lineups)
LINEUPS = {2: [("expert", "greedy"), ("random", "expert")],
           4: [("expert", "greedy", "random", "expert")],
           6: [("expert", "greedy", "random", "random", "expert", "greedy")]}
DEALS = 24
SWAPS = 6


def play(setup, decks, dealer):
    n = len(decks)
    out = np.empty(n, get_game("brisca").record_dtype)
    tr = nb.trace_buffers(n)
    status = np.zeros(4, np.int64)
    nb.run_deals(seed_base(7), 0, out, setup.players, dealer, setup.lineup, setup.params,
                 setup.bmi2, status, source=given(decks), trace=tr)
    assert status[0] == 0
    return tr


def plays_of(tr, i, players, n_cards):
    """The deal's plays as (seat, card), in order (trace: hands, face-up card, stock, cards,
    leaders, winners, points)."""
    cards, leaders = tr[3][i], tr[4][i]
    return [((int(leaders[t]) + k) % players, int(cards[players * t + k]))
            for t in range(n_cards // players) for k in range(players)]


def hands_before_each_play(deck, plays, winners, players, dealer):
    """Every seat's hand before each play, replayed from the rules (the deck's positions
    3k..3k+2 to seat dealer+1+k, the stock deck[3n+1:] then the face-up deck[3n], the trick's
    winner drawing first)."""
    hands = [set() for _ in range(players)]
    for k in range(players):
        hands[(dealer + 1 + k) % players] = set(deck[3 * k:3 * k + 3])
    stock = list(deck[HAND_SIZE * players + 1:]) + [deck[HAND_SIZE * players]]
    out = []
    for j, (seat, card) in enumerate(plays):
        out.append([frozenset(h) for h in hands])
        hands[seat].discard(card)
        if (j + 1) % players == 0 and stock:
            w = int(winners[j // players])
            for k in range(players):
                hands[(w + k) % players].add(stock.pop(0))
    return out


def hidden_swaps(rng, deck, players, dealer, seat, shown):
    """Deck orders differing from ``deck`` by one swap of cards ``seat`` cannot see."""
    n = HAND_SIZE * players
    owner = {}
    for k in range(players):
        for j in range(3):
            owner[3 * k + j] = (dealer + 1 + k) % players

    def hidden_hand(pos):
        s = owner[pos]
        return s != seat and not (shown and (s - seat) % 2 == 0)
    hand_pos = [p for p in range(n) if hidden_hand(p)]
    stock_pos = list(range(n + 1, len(deck)))      # not n: the face-up card
    out = []
    while len(out) < SWAPS:
        a = int(rng.choice(hand_pos))
        b = int(rng.choice(hand_pos + stock_pos))
        if b in owner and owner[b] == owner[a]:
            continue
        d = list(deck)
        d[a], d[b] = d[b], d[a]
        out.append(d)
    return out


def decisions_on_equal_information(setup, lineup, seats, players, shown, rng, checked):
    """Play pairs of deals differing only in cards seat ``s`` (each of ``seats``) cannot see;
    assert that ``s`` never decides differently while its information is the same, and count
    its decisions taken on identical information in ``checked[strategy]``."""
    n_cards = deck_for(players).n_cards
    for seat in seats:
        strategy = lineup[seat]
        base, pairs, dealers = [], [], []
        for _ in range(DEALS):
            deck = [int(x) for x in rng.permutation(n_cards)]
            dealer = int(rng.integers(players))
            for other in hidden_swaps(rng, deck, players, dealer, seat, shown):
                base.append(deck)
                pairs.append(other)
                dealers.append(dealer)
        for dealer in range(players):       # one kernel call per dealer
            rows = [i for i, d in enumerate(dealers) if d == dealer]
            if not rows:
                continue
            ta = play(setup, np.array([base[i] for i in rows]), dealer)
            tb = play(setup, np.array([pairs[i] for i in rows]), dealer)
            for j, i in enumerate(rows):
                pa = plays_of(ta, j, players, n_cards)
                pb = plays_of(tb, j, players, n_cards)
                first = next((x for x in range(len(pa)) if pa[x] != pb[x]), None)
                upto = len(pa) if first is None else first
                ha = hands_before_each_play(base[i], pa, ta[5][j], players, dealer)
                hb = hands_before_each_play(pairs[i], pb, tb[5][j], players, dealer)
                seen = [x for x in range(upto + 1 if first is not None else upto)
                        if pa[x][0] == seat and ha[x][seat] == hb[x][seat] and
                        (not shown or all(ha[x][s] == hb[x][s]
                                          for s in range(seat % 2, players, 2)))]
                if first is not None and pa[first][0] == seat:
                    assert first not in seen, (
                        f"{strategy} (seat {seat}, {players} players, shown={shown}) "
                        f"played {pa[first][1]} / {pb[first][1]} at play {first} on "
                        f"identical information")
                checked[strategy] = checked.get(strategy, 0) + len(seen)


@pytest.mark.parametrize("shown", [False, True])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_decisions_depend_only_on_what_the_seat_sees(players, shown):
    if shown and players == 2:
        pytest.skip("partners_show_hands needs partners")
    g = get_game("brisca")
    rng = np.random.default_rng(1000 * players + shown)
    checked = {}                     # strategy -> decisions compared while its view was equal
    for lineup in LINEUPS[players]:
        setup = g.setup({"partners_show_hands": shown}, lineup, players=players)
        seats = [seat for seat, s in enumerate(lineup) if s not in lineup[:seat]]
        decisions_on_equal_information(setup, lineup, seats, players, shown, rng, checked)
    # the check had something to bite on: many decisions taken on identical information
    assert set(checked) == {"random", "greedy", "expert"}
    assert all(n >= 3 * DEALS for n in checked.values()), checked


@pytest.mark.parametrize("players, lineup", [
    (2, ("view_hash", "expert")),                         # expert's `work`: 2 players
    (4, ("view_hash", "expert", "view_hash", "greedy")),  # two seats' scratch rows
])
def test_a_strategy_reading_its_whole_view_sees_nothing_hidden(players, lineup):
    """A strategy of one's own that hashes every field and every element of its view (and
    writes its memory into scratch and `work`: tests/view_hash.py) decides the same on
    identical observations: nothing another seat computed or remembers reaches its view
    (the 2-player expert's lead computation in `work`, the other seat's scratch row)."""
    view_hash("brisca")
    setup = get_game("brisca").setup({}, lineup, players=players)
    checked = {}
    seats = [s for s in range(players) if lineup[s] == "view_hash"]
    decisions_on_equal_information(setup, lineup, seats, players, False,
                                   np.random.default_rng(77 + players), checked)
    assert checked["view_hash"] >= 3 * DEALS * len(seats), checked
