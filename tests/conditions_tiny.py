"""Two tiny games (8 cards) whose every deck order can be enumerated, for the tests of exact
counting and of the sampler; and plain-Python readers of a deck order written from the
layouts described in docs/conditioned-dealing.md, not from simcore.conditions."""
from fractions import Fraction
from itertools import permutations

from simcore.cards import Deck
from simcore.conditions.layout import DealingLaw, hands_in_order, simple_layout
from simcore.game import Game
from simcore.rules import RuleOption, RuleSchema

TINY_DECK = Deck("tiny", ("A", "K", "Q", "J"), ("C", "S"))      # card = suit * 4 + strength
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 0}


class TinySueca(Game):
    """4 players, 2 cards each, partners 0&2 and 1&3; the face-up trump card is the dealer's
    last card (deck[7]); rule ``redraw``: redeal everything while the face-up card is an A."""
    name = "tinysueca"
    deck = TINY_DECK
    rules = RuleSchema("tinysueca", (RuleOption("redraw", False, (True, False), "redeal on A"),))
    players = (4,)
    default_players = 4
    trump_rule = "dealt"

    def sides_of(self, players, rules):
        return (0, 1, 0, 1)

    def layout(self, players, dealer, rules):
        return simple_layout(8, 4, dealer, hands_in_order(4, dealer, 2), trump=(7,),
                             trump_seat=dealer)

    def card_values(self, players, rules):
        return {"points": self.deck.table(POINTS)}

    def dealing_law(self, players, rules):
        if rules["redraw"]:
            return DealingLaw(where="count(trump, 'A') == 0")
        return DealingLaw()


class TinyBrisca(Game):
    """2 players, 2 cards each; deck[4] the face-up trump card (not in a hand); the stock
    deck[5..7], drawn in order.  Rule ``relay``: keep the hands and shuffle the trump card
    and the stock again while the face-up card is an A (as Scopa's kings relay)."""
    name = "tinybrisca"
    deck = TINY_DECK
    rules = RuleSchema("tinybrisca", (RuleOption("relay", False, (True, False), "relay on A"),))
    players = (2,)
    default_players = 2
    trump_rule = "dealt"

    def layout(self, players, dealer, rules):
        return simple_layout(8, 2, dealer, hands_in_order(2, dealer, 2), trump=(4,),
                             stock=(5, 6, 7))

    def card_values(self, players, rules):
        return {"points": self.deck.table(POINTS)}

    def dealing_law(self, players, rules):
        if rules["relay"]:
            # a uniform deal keeps its hands; the 4 other cards hold ``a`` aces; the face-up
            # card is one of them, valid with probability (4 - a) / 4
            return DealingLaw(where="count(trump, 'A') == 0",
                              weight_of="count(trump, 'A') + count(stock, 'A')",
                              weight=lambda a: Fraction(4, 4 - a))
        return DealingLaw()


TINY_SUECA = TinySueca()
TINY_BRISCA = TinyBrisca()


# --- plain readers of a deck order --------------------------------------------------------------
def sueca_deal(order, dealer):
    """Hands by seat (sets; the dealer's includes the face-up card) and the face-up card."""
    hands = [set() for _ in range(4)]
    for k in range(4):
        hands[(dealer + 1 + k) % 4] |= {order[2 * k], order[2 * k + 1]}
    return hands, order[7]


def brisca_deal(order, dealer):
    """Hands by seat, the face-up card, the stock in drawing order."""
    hands = [set(), set()]
    for k in range(2):
        hands[(dealer + 1 + k) % 2] |= {order[2 * k], order[2 * k + 1]}
    return hands, order[4], tuple(order[5:])


def suit(c):
    return c // 4


def rank(c):
    return TINY_DECK.rank_of(c)


def card(text):
    return TINY_DECK.parse_card(text)


def law_weights(game, relay_or_redraw: bool):
    """Each (dealer, deck order) with an integer proportional to its probability under the
    game's dealing law (dealer uniform), written from the rules in the class docstrings:
    without the rule every order weighs the same; TinySueca's redraw makes the orders whose
    face-up card is an A impossible and the others equally likely; under TinyBrisca's relay
    a valid order whose 4 non-hand cards hold ``a`` aces weighs 1 / P(valid | a) =
    4 / (4 - a), here times 12."""
    out = []
    for dealer in range(game.default_players):
        for order in permutations(range(8)):
            if not relay_or_redraw:
                out.append((dealer, order, 1))
                continue
            if rank(order[7 if game is TINY_SUECA else 4]) == "A":
                continue
            if game is TINY_SUECA:
                out.append((dealer, order, 1))
            else:
                aces_left = sum(1 for c in order[4:] if rank(c) == "A")
                out.append((dealer, order, 12 * 4 // (4 - aces_left)))
    return out
