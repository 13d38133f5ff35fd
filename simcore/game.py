"""What every game module provides to the runner and the facade.

A game is a :class:`Game` object (one per sub-package, in ``<game>/game.py``).
The runner and the facade only call these methods; they never branch on a
game's name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .bits import HAS_BMI2
from .cards import Deck
from .conditions.layout import DealingLaw, Layout
from .errors import TrunfoError, choices_text
from .odds_spec import OddsSpec, auction_estimates
from .rng import DOMAIN_CALL, DOMAIN_RUBBER, seed_base
from .rules import RuleSchema, Rules
from .summary import series_summary


@dataclass(frozen=True)
class Setup:
    """Everything a kernel needs, validated and converted once before a run."""
    game: str
    rules: Rules
    strategies: tuple[str, ...]
    codes: np.ndarray          # int8 strategy code per seat
    params: np.ndarray         # int64 rule vector
    players: int
    dealer: int | None         # None: rotates with the deal index
    bmi2: bool
    lineup: Any = None         # the seats' strategies (simcore.strategy.Lineup)
    #: conditioned deals (a ``simcore.conditions.Conditions``; None: shuffled decks)
    conditions: Any = None

    @property
    def dealer_arg(self) -> int:
        return -1 if self.dealer is None else self.dealer

    def describe(self) -> dict[str, Any]:
        d = {"game": self.game, "rules": self.rules.as_dict(), "rules_string": str(self.rules),
             "strategies": list(self.strategies), "players": self.players,
             "dealer": "rotating" if self.dealer is None else self.dealer}
        if self.conditions is not None:
            d["conditions"] = self.conditions.describe_text()
        return d


class Game:
    """Base class: subclasses fill the class attributes and kernels."""
    #: the game's ``enums.py``: the attributes it names the standard way are taken from it
    #: unless the class sets them (``_FROM_ENUMS``; ``params_of`` from ``params``)
    enums: Any = None
    _FROM_ENUMS = (("deck", "DECK"), ("rules", "RULES"), ("record_dtype", "DEAL_DTYPE"),
                   ("n_totals", "N_TOTALS"), ("outcome_names", "OUTCOME_LABELS"))

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        e = cls.__dict__.get("enums")
        if e is None:
            return
        for attr, name in cls._FROM_ENUMS:
            if attr not in cls.__dict__ and hasattr(e, name):
                setattr(cls, attr, getattr(e, name))
        if "params_of" not in cls.__dict__ and hasattr(e, "params"):
            cls.params_of = staticmethod(e.params)

    name: str
    title: str
    deck: Deck
    rules: RuleSchema
    players: tuple[int, ...]
    default_players: int
    record_dtype: np.dtype
    rubber_dtype: np.dtype      # one record per rubber / match / game (a SeriesGame)
    n_totals: int
    outcome_names: tuple[str, ...]   # label of each outcome code of a deal
    end_names: tuple[str, ...]       # how a rubber / match / game ended, by code
    view_dtype: np.dtype = None       # what a seat knows (simcore/<game>/view.py)
    decisions: tuple = ("play",)      # the kinds of decision its strategies make
    returns: str = "a card index"     # what a play policy returns (said in errors)
    #: the double-dummy solver's view of the game (``simcore.solver.config.GameSolver``,
    #: in ``<game>/solve.py``); None: the game has no solver (``trunfo solve``, ``--par``)
    solver = None
    #: ``trunfo check-records`` for a game registered from outside trunfo (whose records
    #: ``experiments/records_check.py`` does not know): ``check_record(record) -> [problem,
    #: ...]``, one line each, ``[]`` when the record is fine; written from the game's rules
    #: and record keys, not from its kernels.  None: its records are said to be unchecked.
    check_record = None

    def check_players(self, players: int | None) -> int:
        if players is None:
            return self.default_players
        if not (isinstance(players, (int, np.integer)) and not isinstance(players, (bool, np.bool_))
                and players in self.players):
            raise TrunfoError(f"{self.name} is played by {choices_text(self.players)} players, "
                              f"not {players!r}")
        return int(players)

    #: whether the kernels deal from the sources of ``simcore.deal`` (conditioned deals)
    conditioned_dealing: bool = False

    def conditions_with(self, players: int) -> bool:
        """Whether the conditions language (odds, exact holding odds, ``--hand``...) can
        describe deals with ``players`` players: always, unless a game leaves a player count
        out (Brisca's 3 players, whose 39 cards are not a whole deck)."""
        return True

    def setup(self, rules=None, strategies=("random",), players=None, dealer=None,
              conditions=None) -> Setup:
        """Validate everything once (rules even if unused, strategies per seat, players,
        dealer) and convert it to what the kernels take.  ``conditions``: deal only deals
        that satisfy them (docs/odds.md): a ``Conditions`` built for the same rules,
        players and dealer, or the keyword arguments of one (``hands``, ``trump``,
        ``trump_suit``, ``where``, ``predicate``...)."""
        resolved = rules if isinstance(rules, Rules) else self.rules.resolve(rules)
        players = self.check_players(players)
        self.check_rules(resolved, players)
        dealer = self.check_dealer(dealer, players)
        if conditions is not None:
            conditions = self._conditions(conditions, resolved, players, dealer)
        from .strategy import check_policies, lineup
        lu = lineup(self.name, strategies, players)
        if not lu.trusted:
            check_policies(lu, self.view_dtype, self.decisions, self.returns)
        return Setup(self.name, resolved, lu.names, lu.codes, self.params_of(resolved),
                     players, dealer, HAS_BMI2, lu, conditions)

    def _conditions(self, conditions, rules: Rules, players: int, dealer: int | None):
        if not self.conditioned_dealing:
            raise TrunfoError(f"{self.name} cannot deal conditioned deals yet")
        from .conditions import Conditions
        if isinstance(conditions, Conditions):
            c = conditions
            if c.game is not self or str(c.rules) != str(rules) or c.players != players \
                    or c.dealer != dealer:
                raise TrunfoError(f"these conditions were made for {c.game.name} with "
                                  f"{c.players} players, {c.rules}, dealer "
                                  f"{'rotating' if c.dealer is None else c.dealer}; the run "
                                  f"is {self.name} with {players} players, {rules}, dealer "
                                  f"{'rotating' if dealer is None else dealer}")
        else:
            c = Conditions(self, rules=rules, players=players, dealer=dealer, **dict(conditions))
        c.plan                      # counted and planned now: impossible conditions fail here
        return c

    # --- where a chunk's deals come from (simcore.deal) ---------------------------------
    def whole_series(self, play, trace_buffers, first_deal: int, width: int, cap: int = 64):
        """The deals of one whole rubber (match, game) for its records.  ``play(cap, deals,
        trace, before)`` runs the game's series kernel with room for ``cap`` deals and
        returns how many it played, or a negative number when they did not fit (the room
        then grows).  Returns the deals renumbered from ``first_deal``, the trace arrays
        (``trace_buffers(cap)``) and the ``before`` rows (``width`` columns) cut to them."""
        while True:
            deals = np.empty(cap, self.record_dtype)
            tr = trace_buffers(cap)
            before = np.zeros((cap, width), np.int64)
            n = play(cap, deals, tr, before)
            if n >= 0:
                break
            cap *= 4
        deals = deals[:n].copy()
        deals["deal"] = first_deal + np.arange(n)
        return deals, tuple(a[:n] for a in tr), before[:n]

    def deal_source(self, setup: Setup, seed: int, start: int, count: int):
        """The kernels' deal source for deals ``start .. start+count-1``: shuffled decks, or
        conditioned ones (a fresh source per chunk: threads share no mutable array).  Deals
        that a user's predicate must accept are dealt here, beforehand."""
        from .deal import SHUFFLED, conditioned
        c = setup.conditions
        if c is None:
            return SHUFFLED
        if c.predicate is not None:
            d = c.decks(seed, start, count)
            return conditioned(c.plan, d.decks, d.dealers, d.states, packed=c.packed)
        return conditioned(c.plan, packed=c.packed)

    def source_done(self, setup: Setup, source, start: int) -> None:
        """After a chunk: the one-line error if the sampler gave up on a deal."""
        from .deal import is_conditioned, source_info
        if setup.conditions is not None and is_conditioned(source):
            failed = source_info(source)[1]
            if failed >= 0:
                raise setup.conditions.gave_up(start + failed)

    def check_rules(self, rules: Rules, players: int) -> None:
        """Checks that involve several options or the player count (none by default)."""

    def check_dealer(self, dealer: int | str | None, players: int) -> int | None:
        """The fixed dealer's seat: an integer, or its digits as typed on the command line."""
        if dealer is None:
            return None
        seat = None
        if isinstance(dealer, (int, np.integer)) and not isinstance(dealer, (bool, np.bool_)):
            seat = int(dealer)
        elif isinstance(dealer, str) and dealer.strip().isdigit():
            seat = int(dealer.strip())
        if seat is None or not 0 <= seat < players:
            shown = seat if seat is not None else repr(dealer)
            raise TrunfoError(f"dealer {shown} is not a seat; valid seats: 0..{players - 1} "
                              f"(or no --dealer: it rotates)")
        return seat

    def outcome_categories(self, setup: Setup) -> tuple[str, ...]:
        """The outcome labels the setup's rules and players make possible, in code order:
        the categories of the deals frame's ``outcome`` column.  A label
        ``<team|side|seat><i>_<kind>`` is kept when side ``i`` plays at this table
        (``sides_of``) and, in a game that defines ``outcome_labels(setup)`` (the kinds
        of won deal the rules allow), when its kind is one of them."""
        import re
        kinds = self.outcome_labels(setup) if hasattr(self, "outcome_labels") else None
        n_sides = len(set(self.sides_of(setup.players, setup.rules)))
        out = []
        for label in self.outcome_names:
            m = re.match(r"^(?:team|side|seat)(\d+)_(.+)$", label)
            if m and (int(m.group(1)) >= n_sides or
                      (kinds is not None and m.group(2) not in kinds)):
                continue
            out.append(label)
        return tuple(out)

    def end_categories(self, setup: Setup) -> tuple[str, ...]:
        """How a whole game can end under the setup's rules (the categories of the whole
        games frame's ``end`` column; games whose ends depend on a rule override this)."""
        return tuple(getattr(self, "end_names", ()))

    def sides(self, setup: Setup) -> int:
        """How many sides score separately at this table (games override this; the default
        plays one deal to see)."""
        return self.side_results(self.run_chunk(setup, 0, 0, 1))[0].shape[1]

    # subclasses implement:
    @staticmethod
    def params_of(rules: Rules) -> np.ndarray: ...
    def summary(self, setup: Setup, totals: np.ndarray) -> dict: ...

    # --- the plumbing every game shares: its kernels called the same way ---------------
    #: the game's kernels (``<game>/nb.py``): ``run_deals``, ``trace_buffers`` and
    #: ``accumulate``.  A game that sets it gets the methods below; one that does not
    #: overrides them.
    kernels: Any = None
    #: the game's ``records.py``: ``deal_records(setup, seed, out, trace)`` (docs/records.md)
    records_module: Any = None

    def check_status(self, setup: Setup, status: np.ndarray) -> None:
        """Raise the one-line error of a kernel stopped by a strategy's illegal decision
        (``status``: code, seat, value, deal; code 0: none; by default code 1, the only
        one, is an illegal card)."""
        if status[0]:
            from .strategy import illegal_card
            illegal_card(setup, int(status[1]), int(status[2]), int(status[3]),
                         self.deck_of(setup.players))

    def table_args(self, setup: Setup) -> tuple:
        """What the kernels take after the seed, the first index and the output array."""
        return (setup.dealer_arg, setup.lineup, setup.params, setup.bmi2)

    def play_deals(self, setup: Setup, seed: int, start: int, count: int,
                   out: np.ndarray | None = None, trace=None, source=None) -> np.ndarray:
        """Deals ``start .. start+count-1`` played into ``out`` (and ``trace``: the arrays
        of the kernels' ``trace_buffers``), from ``source`` (None: ``deal_source``)."""
        out = np.empty(count, self.record_dtype) if out is None else out[:count]
        status = np.zeros(4, np.int64)
        src = self.deal_source(setup, seed, start, count) if source is None else source
        self.kernels.run_deals(seed_base(seed), start, out, *self.table_args(setup), status,
                               source=src, trace=trace)
        self.check_status(setup, status)
        self.source_done(setup, src, start)
        return out

    def run_chunk(self, setup: Setup, seed: int, start: int, count: int,
                  out: np.ndarray | None = None, source=None) -> np.ndarray:
        """Records of deals ``start .. start+count-1`` (into ``out`` when given: a
        buffer of at least ``count`` records, reused by callers that keep nothing).
        ``source``: where the deals come from (``simcore.deal``), given by ``trunfo odds``
        in a game with ``conditioned_dealing``; None: ``self.deal_source(...)``."""
        return self.play_deals(setup, seed, start, count, out, source=source)

    def accumulate(self, records: np.ndarray, totals: np.ndarray) -> None:
        self.kernels.accumulate(records, totals)

    def deal_records(self, setup: Setup, seed: int, out: np.ndarray, trace) -> list[dict]:
        """The game records of deals ``out`` played with ``trace``: ``deal_records`` of the
        game's ``records.py``, which its ``game.py`` names as ``records_module``."""
        return self.records_module.deal_records(setup, seed, out, trace)

    def records(self, setup: Setup, seed: int, start: int, count: int) -> list[dict]:
        tr = self.kernels.trace_buffers(count)
        out = self.play_deals(setup, seed, start, count, trace=tr)
        return self.deal_records(setup, seed, out, tr)

    # --- conditioned dealing (simcore.conditions, docs/odds.md) ------------------------
    #: how the trump suit is set: "dealt" (the suit of the face-up trump card), a fixed
    #: suit letter (Spades: "S"), or None (no trumps)
    trump_rule: str | None = None
    #: said after "GAME has no trumps" when ``trump_rule`` is None but the game has trumps
    #: that no deal fixes (named in an auction)
    no_trump_note: str = ""

    def deck_of(self, players: int) -> Deck:
        """The deck dealt with ``players`` players."""
        return self.deck

    def sides_of(self, players: int, rules: Rules) -> tuple[int, ...]:
        """The side of each seat (by default each seat is a side)."""
        return tuple(range(players))

    def layout(self, players: int, dealer: int, rules: Rules) -> Layout:
        """The slots of a deal's deck order for this dealer (see ``conditions.layout``)."""
        raise NotImplementedError

    def card_values(self, players: int, rules: Rules) -> dict[str, np.ndarray]:
        """Per-card values the conditions language sums (``points``, ``value``)."""
        return {}

    def outcome_notes(self, rules) -> dict[str, str]:
        """What an outcome's kind means where its name alone could be misread, by kind
        (``tie`` and the kinds of ``outcome_labels``; ``won``: any won deal): the CLI shows
        it beside the label, ``team0 single (61-90)``.  None by default."""
        return {}

    def dealing_law(self, players: int, rules: Rules) -> DealingLaw:
        """How a redeal rule in force changes the law of the dealt cards (none by default)."""
        return DealingLaw()

    #: scores worth reading off the score distribution, ``(score, what it means)``: the
    #: reports show ``P(score >= mark)`` with its interval at each (Sueca: 61, 91, 120)
    score_marks: tuple = ()
    #: the reports' "results by holding" tables (``simcore.holdings.HoldingTable``; Sueca:
    #: trumps and trump honours); the reports iterate over them, never over game names
    holding_tables: tuple = ()
    #: the marks the holding tables show P(score >= mark) at (default: all of
    #: ``score_marks``; Sueca leaves out 61, which is its win column)
    holding_marks: tuple | None = None

    @property
    def dealt_categories(self) -> tuple:
        """Per-side record categories fixed by the deal alone (Sueca: trumps held), those
        the holding tables read: with a rotating dealer they are equal on every side by
        symmetry, whatever the strategies."""
        from .holdings import dealt_categories
        return dealt_categories(self.holding_tables)

    #: the reports' contracts section, in a game with an auction
    #: (``simcore.holdings.ContractLevels``); None: no contracts
    contract_levels = None

    def side_results(self, records: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per deal and side: (score, result); score is the game's comparison score
        (``score_unit``), result 1 won / 0.5 tied / 0 lost.
        Both arrays have shape (len(records), number of sides)."""
        raise NotImplementedError

    #: what ``side_results``' score counts, as ``trunfo compare`` names it ("card points")
    score_unit: str = "points"

    #: what ``trunfo odds`` estimates and its standard tables (``simcore.odds_spec``;
    #: usually built in the game's ``odds.py``); by default won, tied, lost, mean points
    odds: OddsSpec = OddsSpec()


class SeriesGame(Game):
    """A game that also plays whole series (rubbers, matches, games: ``--rubbers``) with
    the whole-series kernel of its ``kernels`` named ``series_kernel``."""
    rubber_dtype: np.dtype
    _FROM_ENUMS = Game._FROM_ENUMS + (
        ("rubber_dtype", "RUBBER_DTYPE"), ("rubber_dtype", "MATCH_DTYPE"),
        ("end_names", "RUBBER_ENDS"), ("end_names", "MATCH_ENDS"))
    series_kernel: str = "run_rubbers"
    #: the stream domain of whole series (docs/rng.md): Sueca's "RUBB", each game its own
    series_domain: int = DOMAIN_RUBBER
    #: how summaries and records name a whole series, its sides and its deals
    series_words: tuple[str, str, str] = ("match", "side", "deal")
    #: the key under which ``rubber_records`` gives each deal the series' totals before it
    before_key: str = "game_points_before"
    #: the room ``rubber_records`` first gives one series' deals (it grows when short)
    series_cap: int = 64

    def check_series(self, setup: Setup) -> None:
        """Refuse rules that play no whole series (none by default)."""

    def series_args(self, setup: Setup, seed: int, first: int, out: np.ndarray,
                    status: np.ndarray) -> tuple:
        """The whole-series kernel's arguments for series ``first ..`` into ``out``."""
        return (seed_base(seed, self.series_domain), first, out, *self.table_args(setup),
                status)

    def run_rubber_chunk(self, setup: Setup, seed: int, start: int, count: int) -> np.ndarray:
        self.check_series(setup)
        out = np.empty(count, self.rubber_dtype)
        status = np.zeros(4, np.int64)
        getattr(self.kernels, self.series_kernel)(*self.series_args(setup, seed, start, out,
                                                                     status))
        self.check_status(setup, status)
        return out

    def play_series(self, setup: Setup, seed: int, series: int, cap: int, deals, trace,
                    before, out: np.ndarray | None = None) -> int:
        """One whole series traced into ``deals``, ``trace`` and ``before`` (room for
        ``cap`` deals) and its record into ``out`` (one row): the number of its deals,
        negative when they did not fit."""
        out = np.empty(1, self.rubber_dtype) if out is None else out
        status = np.zeros(4, np.int64)
        n = getattr(self.kernels, self.series_kernel)(
            *self.series_args(setup, seed, series, out, status), trace + (before,), cap, deals)
        self.check_status(setup, status)
        return n

    def series_width(self, setup: Setup) -> int:
        """The columns of the totals the series kernel writes before each deal."""
        return self.sides(setup)

    def mark_series_deal(self, setup: Setup, rec: dict, series: int, j: int,
                         before: np.ndarray) -> None:
        """Add to deal ``j``'s record of series ``series`` where it stands in the series."""
        unit, _, deal = self.series_words
        rec[unit] = series
        rec[f"{deal}_in_{unit}"] = j
        rec[self.before_key] = [int(x) for x in before[:self.sides(setup)]]

    def rubber_records(self, setup: Setup, seed: int, rubber: int, first_deal: int) -> list[dict]:
        """Game records of every deal of series ``rubber``; deals are numbered from
        ``first_deal``."""
        self.check_series(setup)

        def play(cap, deals, tr, before):
            return self.play_series(setup, seed, rubber, cap, deals, tr, before)

        deals, tr, before = self.whole_series(play, self.kernels.trace_buffers, first_deal,
                                              self.series_width(setup), cap=self.series_cap)
        recs = self.deal_records(setup, seed, deals, tr)
        for j, rec in enumerate(recs):
            self.mark_series_deal(setup, rec, rubber, j, before[j])
        return recs

    def series_summary(self, setup: Setup, rubbers: np.ndarray, head: dict,
                       sides: int) -> dict:
        """``head`` then the summary of whole series every game gives
        (``simcore.summary.series_summary``, in this game's ``series_words``)."""
        unit, side, deal = self.series_words
        out = dict(head)
        out.update(series_summary(rubbers, unit=unit, side=side, sides=sides,
                                  length_field=deal + "s", length_unit=deal,
                                  end_names=self.end_names))
        return out


class AuctionTrumpGame(SeriesGame):
    """A game whose trump suit is named in the auction, after the deal (Sueca Italiana,
    Briscola chiamata, Brisca rematada): conditioned deals fix cards, never the trump."""
    trump_rule = None
    no_trump_note = " dealt (the trump suit is named in the auction, after the deal)"
    conditioned_dealing = True
    odds = OddsSpec(auction_estimates)
    series_kernel = "run_matches"
    series_domain = DOMAIN_CALL
    series_words = ("match", "seat", "deal")

    def sides(self, setup: Setup) -> int:
        return setup.players        # each seat scores for itself: partnerships change

    def layout(self, players, dealer, rules):
        return self.enums.layout(dealer)

    def card_values(self, players, rules):
        return {"points": self.enums.POINTS}
