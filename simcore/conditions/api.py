"""The Python face of conditioned dealing: :class:`Conditions`.

::

    from simcore.conditions import Conditions
    c = Conditions("sueca", trump="2S", hands={"dealer": "AS 7S"},
                   where="trumps(dealer) >= 5")
    c.exact().condition            # Fraction: P(where | the predealt cards)
    d = c.decks(seed=1, start=0, count=1000)   # conditioned deck orders
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

import numpy as np

from ..errors import TrunfoError, choices_text
from ..rng import seed_base
from ..rules import Rules
from . import counting, lang
from .lang import TRUE, conjoin
from .plan import Plan, build_plan
from .sampler import H_HOLDERS, O_NODE_COMP, O_NODE_EDGE

#: the most deck orders drawn for one deal when a condition is dealt by rejection
MAX_TRIES = 1_000_000
#: stream domain of acceptance estimates ("CPIL"): never the deals' own streams
DOMAIN_PILOT = 0x4350494C


def fraction_dict(p: Fraction | None) -> dict | None:
    """An exact probability as JSON shows it: the fraction as a string, and a float."""
    if p is None:
        return None
    return {"fraction": f"{p.numerator}/{p.denominator}", "float": float(p)}


@dataclass(frozen=True)
class ExactOdds:
    """Exact probabilities under the game's dealing law (dealer uniform when it rotates).

    ``predeal``: P(the predealt cards, trump and trump suit); ``condition``: P(where | the
    predealt cards); ``joint``: their product.  ``condition`` and ``joint`` are None when
    the condition could not be counted (dealt by rejection, or a user's predicate)."""
    predeal: Fraction
    condition: Fraction | None
    joint: Fraction | None

    def to_dict(self) -> dict:
        return {"predeal": fraction_dict(self.predeal), "condition": fraction_dict(self.condition),
                "joint": fraction_dict(self.joint)}


@dataclass
class Decks:
    """Conditioned deck orders of consecutive deals ``start .. start + count - 1``."""
    start: int
    decks: np.ndarray      # int64 (count, n_cards): each a permutation of the card indices
    dealers: np.ndarray    # int64 (count,)
    tries: np.ndarray      # int64 (count,): deck orders drawn for each deal (1: dealt directly)
    states: np.ndarray | None = None   # uint64 (count, 4): each stream's state after the deal

    @property
    def acceptance(self) -> float:
        return float(len(self.tries) / self.tries.sum()) if len(self.tries) else float("nan")


def _game(game):
    if isinstance(game, str):
        from ..games import get_game
        return get_game(game)
    return game


class Conditions:
    """Conditions on a deal, checked against a game, its rules and player count.

    ``hands``: predealt cards by holder (``{0: "AS 7S", "dealer+1": ["KH"], "partner":
    ...}``; a seat as the language writes it, or ``table``/``stock`` where the game has
    them); ``trump``: the face-up trump card (in Sueca one of the dealer's ten cards);
    ``trump_suit``: only its suit; ``dealer``: a fixed dealer (None: it rotates, and the
    dealer of each conditioned deal is drawn with its exact weight); ``where``: an
    expression of the conditions language (docs/odds.md), or a predicate; ``predicate``: a
    Python or numba-jitted function ``f(hands, trump, dealer) -> bool`` over the dealt
    cards, ``hands`` a uint64 array of card masks (the seats' hands, then the face-up trump
    card, the table and the stock), ``trump`` the face-up card (-1: none).
    """

    def __init__(self, game, hands: Mapping | None = None, trump: str | None = None,
                 trump_suit: str | None = None, dealer: int | None = None,
                 where: str | Callable | None = None, predicate: Callable | None = None,
                 rules=None, players: int | None = None,
                 max_steps: int = counting.MAX_STEPS, max_tries: int = MAX_TRIES):
        self.game = _game(game)
        g = self.game
        self.rules = rules if isinstance(rules, Rules) else g.rules.resolve(rules)
        self.players = g.check_players(players)
        g.check_rules(self.rules, self.players)
        self.dealer = g.check_dealer(dealer, self.players)
        self.deck = g.deck_of(self.players)
        self.sides = g.sides_of(self.players, self.rules)
        self.values = g.card_values(self.players, self.rules)
        self.ctx = lang.context(g, self.players, self.rules)
        self.max_steps = int(max_steps)
        self.max_tries = int(max_tries)
        dealers = range(self.players) if self.dealer is None else (self.dealer,)
        self.layouts = [g.layout(self.players, d, self.rules) for d in dealers]
        if callable(where):
            if predicate is not None:
                raise TrunfoError("give a predicate either as where or as predicate, not both")
            where, predicate = None, where
        self.where_text = where.strip() if isinstance(where, str) else None
        #: the top-level conjuncts of ``where``: (text, checked form)
        self.where_items: list[tuple[str, tuple]] = []
        if where is not None:
            tree = lang.parse(where)
            checker = lang.Checker(where, self.ctx)
            for node in (tree.args if tree.kind == "and" else (tree,)):
                self.where_items.append((lang.unparse(node), checker.check(node)))
        self.where = conjoin([ir for _, ir in self.where_items])
        self.predicate = predicate
        if predicate is not None and not callable(predicate):
            raise TrunfoError(f"a predicate must be callable, not {type(predicate).__name__}")
        self._predeal(hands or {}, trump, trump_suit)
        law = g.dealing_law(self.players, self.rules)
        self.law_note = law.note
        law_where = lang.check(law.where, self.ctx, "dealing rule") if law.where else TRUE
        law_weight = (lang.check_int(law.weight_of, self.ctx, "dealing rule"), law.weight) \
            if law.weight_of else None
        self.law = (law_where, law_weight)
        self._exact: ExactOdds | None = None
        self._plan: Plan | None = None
        self._method: dict | None = None

    # --- predealt cards ---------------------------------------------------------------------
    def _predeal(self, hands: Mapping, trump, trump_suit) -> None:
        deck = self.deck
        g = self.game
        self.hands: dict[lang.Holder, list[int]] = {}
        self.hand_text: dict[str, list[str]] = {}
        named: dict[int, lang.Holder] = {}
        for key, cards in hands.items():
            holder = lang.check_holder(str(key), self.ctx, "seat")
            if holder.kind == "slot" and holder.slot == "trump":
                raise TrunfoError("give the face-up trump card with trump=, not as a hand")
            if isinstance(cards, str):
                cards = cards.replace(",", " ").split()
            cards = [str(t).strip() for t in cards]
            relative = [t for t in cards if len(t) == 2 and t[1] == lang.TRUMP_SUIT]
            if relative:
                # cards of the trump suit ('A*'): not one set of cards to deal, but a
                # condition that holds for every trump suit, counted exactly over them all
                text = f"holds({key}, '{' '.join(relative)}')"
                self.where_items.append((text, lang.check(text, self.ctx)))
                self.where = conjoin([ir for _, ir in self.where_items])
                cards = [t for t in cards if t not in relative]
            idx = []
            for tok in cards:
                c = deck.parse_card(str(tok))
                if c in named:
                    if named[c] == holder:
                        raise TrunfoError(f"card {tok} is given twice to {key}")
                    if holder.kind == named[c].kind == "seat" and holder.base == named[c].base:
                        raise TrunfoError(f"card {tok} is given to two seats, "
                                          f"{named[c].describe()} and {holder.describe()}")
                named[c] = holder
                idx.append(c)
            if holder in self.hands:
                raise TrunfoError(f"the hand of {key} is given twice")
            self.hands[holder] = idx
            self.hand_text[str(key)] = [deck.format_card(c) for c in idx] + relative
            cap = sum(len(self.layouts[0].slots[i].positions)
                      for i in holder.slots(self.layouts[0], self.sides))
            if len(idx) > cap:
                raise TrunfoError(f"{len(idx)} cards given to {key}, which holds {cap} in "
                                  f"{g.name}")
        self.trump_card = None
        self.trump_suit = None
        if trump is not None or trump_suit is not None:
            if g.trump_rule is None:
                raise TrunfoError(f"{g.name} has no trumps{getattr(g, 'no_trump_note', '')}: "
                                  f"--trump and --trump-suit do not apply")
        if trump is not None:
            if g.trump_rule != "dealt":
                raise TrunfoError(f"{g.name} has no face-up trump card (trumps are always "
                                  f"{g.trump_rule}); use --trump-suit {g.trump_rule} or nothing")
            self.trump_card = deck.parse_card(str(trump))
        if trump_suit is not None:
            s = str(trump_suit).strip()
            if s not in deck.suits:
                raise TrunfoError(f"bad trump suit {trump_suit!r}; suits: {choices_text(deck.suits)}")
            self.trump_suit = deck.suits.index(s)
            if g.trump_rule != "dealt" and s != g.trump_rule:
                raise TrunfoError(f"trumps are always {g.trump_rule} in {g.name}, not {s}")
            if self.trump_card is not None and deck.suit_of(self.trump_card) != self.trump_suit:
                raise TrunfoError(f"the trump card {trump} is not of the trump suit {s}")
        if self.trump_card is not None:
            self.cases = [deck.suit_of(self.trump_card)]
        elif self.trump_suit is not None:
            self.cases = [self.trump_suit]
        else:
            self.cases = None

    def restrictions(self, layout) -> dict[int, frozenset]:
        """Card -> the slots it may go to, for one dealer's layout."""
        out: dict[int, frozenset] = {}
        every = frozenset(range(len(layout.slots)))

        def add(card, slots):
            out[card] = out.get(card, every) & slots
        for holder, cards in self.hands.items():
            slots = holder.slots(layout, self.sides)
            for c in cards:
                add(c, slots)
        if self.trump_card is not None and layout.trump is not None:
            add(self.trump_card, frozenset((layout.trump,)))
        if self.trump_suit is not None and layout.trump is not None and self.trump_card is None:
            for c in range(self.deck.n_cards):
                if self.deck.suit_of(c) != self.trump_suit:
                    add(c, every - {layout.trump})
        return out

    # --- counting -------------------------------------------------------------------------------
    def _count(self, cond, restricted=True, keep=False, normaliser=None, cases="auto",
               max_steps=None):
        """Count ``cond`` (``max_steps``: the limit, by default the one given for the
        condition; the predealt cards and the dealing law alone use the package's)."""
        restrict_of = self.restrictions if restricted else (lambda layout: {})
        return counting.count(self.layouts, self.sides, self.deck, self.values,
                              self.game.trump_rule, cond, restrict_of, self.law, normaliser,
                              keep, max_steps or self.max_steps,
                              self.cases if cases == "auto" else cases)

    def _normaliser(self) -> dict[int, Fraction]:
        if not hasattr(self, "_norm"):
            if self.law[0] == TRUE and self.law[1] is None:
                self._norm = {lay.dealer: Fraction(1) for lay in self.layouts}
            else:
                self._norm = self._count(TRUE, restricted=False, cases=None,
                                         max_steps=counting.MAX_STEPS).per_dealer
        return self._norm

    def _build(self) -> None:
        """Count what can be counted, and build the sampler's plan."""
        if self._plan is not None:
            return
        norm = self._normaliser()
        pre = self._count(TRUE, normaliser=norm, max_steps=counting.MAX_STEPS)
        if pre.probability == 0:
            raise TrunfoError(f"no deal has these predealt cards: {self._predeal_text()}")
        direct, rest = [], []
        full = None
        try:
            full = self._count(self.where, keep=True, normaliser=norm)
            direct = list(self.where_items)
        except counting.TooBig:
            for item in self.where_items:
                try:
                    self._count(conjoin([ir for _, ir in direct + [item]]), normaliser=norm)
                    direct.append(item)
                except counting.TooBig:
                    rest.append(item)
        if full is not None:
            if full.probability == 0:
                raise TrunfoError(f"no deal satisfies {self.where_text!r} with "
                                  f"{self._predeal_text()}" if self.where_text else
                                  f"no deal satisfies these conditions: {self._predeal_text()}")
            counted = full
        else:
            counted = self._count(conjoin([ir for _, ir in direct]), keep=True, normaliser=norm,
                                  max_steps=None if direct else counting.MAX_STEPS)
        cond_p = None
        if full is not None and self.predicate is None:
            cond_p = full.probability / pre.probability
        self._exact = ExactOdds(pre.probability, cond_p,
                                None if cond_p is None else cond_p * pre.probability)
        self._counted = counted
        self._plan = self._plan_of(counted, conjoin([ir for _, ir in rest]) if rest else None,
                                   self.max_tries)
        self._method = {
            "dealt_directly": [text for text, _ in direct],
            "checked": [text for text, _ in rest] + (["predicate"] if self.predicate else []),
            "steps": counted.steps,
            "components": sum(1 for c in counted.components if c.finals),
            "states": int(self._plan.ints[O_NODE_EDGE] - self._plan.ints[O_NODE_COMP] - 1),
            "edges": int(self._plan.cum.shape[0]),
        }

    def _plan_of(self, counted, check_ir, max_tries) -> Plan:
        norm = self._normaliser()
        trump_fixed = self.deck.suits.index(self.game.trump_rule) \
            if self.game.trump_rule not in (None, "dealt") else -1
        return build_plan(counted.components, self.layouts, self.sides, self.deck, self.values,
                          check_ir, lambda comp: Fraction(1, comp.total) / norm[comp.dealer],
                          max_tries, trump_fixed)

    def probability_with(self, extra: str) -> Fraction | None:
        """P(where and ``extra`` | the predealt cards), exactly; None when it cannot be
        counted (a predicate, or a count too big)."""
        self._build()
        if self.predicate is not None or self._exact.condition is None:
            return None
        ir = lang.check(extra, self.ctx)
        try:
            full = self._count(conjoin([self.where, ir]), normaliser=self._normaliser())
        except counting.TooBig:
            return None
        return full.probability / self._exact.predeal

    def exact(self) -> ExactOdds:
        """The exact probabilities (Fractions) under the game's dealing law."""
        self._build()
        return self._exact

    @property
    def plan(self) -> Plan:
        """The arrays the jitted sampler deals from (see ``sampler.deal_from_plan``)."""
        self._build()
        return self._plan

    @property
    def packed(self):
        """The plan in one flat array, as the kernels' deal source takes it."""
        if getattr(self, "_packed", None) is None:
            from .sampler import pack_plan
            self._packed = pack_plan(self.plan)
        return self._packed

    @property
    def direct(self) -> bool:
        """True when every condition is dealt directly (no deck order is ever rejected)."""
        self._build()
        return not self._method["checked"]

    # --- dealing ----------------------------------------------------------------------------------
    def decks(self, seed: int, start: int = 0, count: int = 1) -> Decks:
        """Conditioned deck orders of deals ``start .. start + count - 1``, each drawn from its
        own stream ``(seed, deal index)`` (docs/odds.md): the same deal gets the same cards
        whatever the chunking."""
        from .sampler import conditioned_decks
        plan = self.plan
        n = self.deck.n_cards
        decks = np.empty((count, n), dtype=np.int64)
        dealers = np.empty(count, dtype=np.int64)
        tries = np.empty(count, dtype=np.int64)
        states = np.empty((count, 4), dtype=np.uint64)
        base = seed_base(seed)
        if self.predicate is None:
            bad = conditioned_decks(base, start, decks, dealers, tries, states, plan)
        else:
            bad = self._predicate_decks(base, start, decks, dealers, tries, states)
        if bad >= 0:
            raise self.gave_up(start + bad)
        return Decks(start, decks, dealers, tries, states)

    def gave_up(self, deal: int) -> TrunfoError:
        """The one-line error for a deal on which the sampler gave up."""
        return TrunfoError(f"deal {deal}: no deal satisfying the conditions in "
                           f"{self.max_tries:,} tries (acceptance below "
                           f"{1 / self.max_tries:.0e}); {self.describe_text()}")

    def _predicate_decks(self, base, start, decks, dealers, tries, states) -> int:
        import numba
        from .sampler import new_work_py, one_deal, seed_one
        pred = self.predicate
        plan = self.plan
        nh = self.players + 3
        if isinstance(pred, numba.core.dispatcher.Dispatcher):
            return _predicate_entry(base, start, decks, dealers, tries, states, plan)(
                base, start, decks, dealers, tries, states, plan, pred)
        state = np.empty(4, dtype=np.uint64)
        iwork, uwork = new_work_py(plan)
        masks = np.empty(plan.ints[H_HOLDERS], dtype=np.uint64)
        for i in range(decks.shape[0]):
            seed_one(state, base, start + i)
            t = 0
            while True:
                d, k, trump = one_deal(state, decks[i], plan, iwork, uwork, masks)
                t += k
                if d < 0:
                    tries[i] = t
                    return i
                if pred(masks[:nh].copy(), int(trump), int(d)):
                    break
                if t >= self.max_tries:
                    tries[i] = t
                    return i
            dealers[i] = d
            tries[i] = t
            states[i] = state
        return -1

    def acceptance(self, seed: int = 0, proposals: int = 20_000) -> float:
        """The share of deck orders drawn from the count that pass the check and the
        predicate, estimated on ``proposals`` orders of the pilot stream domain (never the
        deals' own streams).  1 when every condition is dealt directly."""
        self._build()
        if self.direct:
            return 1.0
        from .sampler import H_CHECK, check_decks, conditioned_decks
        plan = self.plan
        ints = plan.ints.copy()
        ints[H_CHECK] = 0                     # the proposals themselves: the count alone
        n = self.deck.n_cards
        decks = np.empty((proposals, n), dtype=np.int64)
        dealers = np.empty(proposals, dtype=np.int64)
        tries = np.empty(proposals, dtype=np.int64)
        conditioned_decks(seed_base(seed, DOMAIN_PILOT), 0, decks, dealers, tries,
                          np.empty((proposals, 4), dtype=np.uint64),
                          Plan(ints, plan.cum, plan.bits))
        ok = np.empty(proposals, dtype=np.bool_)
        masks = np.empty((proposals, plan.ints[H_HOLDERS]), dtype=np.uint64)
        trumps = np.empty(proposals, dtype=np.int64)
        check_decks(decks, dealers, plan, ok, masks, trumps)
        if self.predicate is not None:
            p = self.players + 3
            for i in range(proposals):
                if ok[i]:
                    ok[i] = bool(self.predicate(masks[i, :p].copy(), int(trumps[i]),
                                                int(dealers[i])))
        return float(ok.mean())

    # --- describing ------------------------------------------------------------------------------
    def _predeal_text(self) -> str:
        parts = [f"{k}={' '.join(v)}" for k, v in self.hand_text.items()]
        if self.trump_card is not None:
            parts.append(f"trump={self.deck.format_card(self.trump_card)}")
        if self.trump_suit is not None:
            parts.append(f"trump suit={self.deck.suits[self.trump_suit]}")
        parts.append("dealer rotating" if self.dealer is None else f"dealer={self.dealer}")
        return ", ".join(parts)

    def describe(self) -> dict[str, Any]:
        """What is conditioned and how it is dealt, with the exact probabilities."""
        self._build()
        ex = self._exact
        return {
            "game": self.game.name, "players": self.players, "rules": str(self.rules),
            "dealer": "rotating" if self.dealer is None else self.dealer,
            "hands": dict(self.hand_text),
            "trump": None if self.trump_card is None else self.deck.format_card(self.trump_card),
            "trump_suit": None if self.trump_suit is None else self.deck.suits[self.trump_suit],
            "where": self.where_text, "predicate": self.predicate is not None,
            "dealing_rule": self.law_note or None,
            "method": "direct" if self.direct else "rejection",
            **self._method,
            "exact": ex.to_dict(),
        }

    def describe_text(self) -> str:
        return self._predeal_text() + (f", where {self.where_text}" if self.where_text else "")

    def __repr__(self) -> str:
        return f"Conditions({self.game.name}: {self.describe_text()})"


# --- a user's jitted predicate: one cached loop takes any predicate as a first-class function
_ENTRIES: dict = {}


def _predicate_entry(*args):
    import numba
    from .sampler import PREDICATE, predicate_decks
    sig = tuple(numba.typeof(a) for a in args) + (PREDICATE,)
    if sig not in _ENTRIES:
        _ENTRIES[sig] = predicate_decks.compile(sig)
    return _ENTRIES[sig]
