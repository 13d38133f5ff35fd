"""The conditions language: a tokenizer, a recursive-descent parser and a checker.

An expression such as ``trumps(me) >= 4 and holds(me, 'AS') and not void(partner, 'H')``
is parsed by the grammar below (never by Python's ``eval`` or ``ast``), then checked
against a game (its deck notation, seats, sides, trumps and table) into a small
intermediate form: integer *linear forms* (sums of card counts held by holders) compared
with each other, joined by and/or/not.  Everything the language can say is a function of
how many cards of given kinds each holder has: that is what lets ``counting`` compute
exact probabilities and deal conditioned hands directly.

Grammar (docs/odds.md)::

    expr    := and ('or' and)*
    and     := not ('and' not)*
    not     := 'not' not | compare
    compare := sum (('==' | '!=' | '<' | '<=' | '>' | '>=') sum)*
    sum     := unary (('+' | '-') unary)*
    unary   := '-' unary | atom
    atom    := INTEGER | 'true' | 'false' | STRING | NAME | NAME '(' [expr (',' expr)*] ')'
             | '(' expr ')'

A malformed or ill-typed expression raises :class:`~simcore.errors.TrunfoError` with one
line that quotes the expression and names the column of the error and what was expected.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import TrunfoError

# --- tokens --------------------------------------------------------------------------------
KEYWORDS = ("and", "or", "not", "true", "false")
COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
_TWO_CHAR = ("==", "!=", "<=", ">=", "&&", "||")
_ONE_CHAR = "(),+-<>=!&|"
_DIGITS = "0123456789"

#: the documented limits of the language (docs/odds.md, "Limits"): a condition longer,
#: nested deeper or with a bigger number is refused in one line
MAX_LENGTH = 2000      # characters
MAX_NESTING = 50       # '(', calls, 'not' and '-' inside one another
MAX_DEPTH = 100        # levels of the syntax tree (a sum of n terms takes n)
MAX_DIGITS = 9         # digits of an integer


@dataclass(frozen=True)
class Token:
    kind: str      # "int", "str", "name", "op", "end"
    text: str
    pos: int       # 0-based offset in the expression
    value: Any = None


def fail(source: str, pos: int, message: str, what: str = "condition") -> TrunfoError:
    """The one-line error: the expression (an excerpt when long), the column (1-based) and
    what was wrong."""
    col = pos + 1
    where = f"column {col}" if pos < len(source.rstrip()) else f"column {col} (the end)"
    shown = repr(source) if len(source) <= 80 else repr(source[:60]) + f"... ({len(source):,} characters)"
    return TrunfoError(f"bad {what} {shown} at {where}: {message}")


def tokenize(source: str) -> list[Token]:
    toks: list[Token] = []
    i, n = 0, len(source)
    while i < n:
        ch = source[i]
        if ch.isspace():
            i += 1
            continue
        if ch in _DIGITS:
            j = i
            while j < n and source[j] in _DIGITS:
                j += 1
            if j < n and (source[j].isalnum() or source[j] == "_"):
                raise fail(source, i, f"{source[i:j + 1]!r} is not a number nor a name "
                                      "(cards are quoted: '7S')")
            if j - i > MAX_DIGITS:
                raise fail(source, i, f"a number has at most {MAX_DIGITS} digits")
            toks.append(Token("int", source[i:j], i, int(source[i:j])))
            i = j
            continue
        if ch.isalpha() or ch == "_":
            j = i
            while j < n and (source[j].isalnum() or source[j] == "_"):
                j += 1
            toks.append(Token("name", source[i:j], i))
            i = j
            continue
        if ch in "'\"":
            j = source.find(ch, i + 1)
            if j < 0:
                raise fail(source, i, f"the string opened here is not closed with {ch}")
            toks.append(Token("str", source[i:j + 1], i, source[i + 1:j]))
            i = j + 1
            continue
        two = source[i:i + 2]
        if two in _TWO_CHAR:
            if two == "&&":
                raise fail(source, i, "'&&' is written 'and'")
            if two == "||":
                raise fail(source, i, "'||' is written 'or'")
            toks.append(Token("op", two, i))
            i += 2
            continue
        if ch in _ONE_CHAR:
            if ch == "=":
                raise fail(source, i, "'=' is not a comparison; equality is '=='")
            if ch == "!":
                raise fail(source, i, "'!' is written 'not'")
            if ch in "&|":
                raise fail(source, i, f"{ch!r} is written {'and' if ch == '&' else 'or'!r}")
            toks.append(Token("op", ch, i))
            i += 1
            continue
        raise fail(source, i, f"unexpected character {ch!r}")
    toks.append(Token("end", "", n))
    return toks


# --- syntax tree -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Node:
    kind: str                 # int bool str name call neg add sub cmp and or not
    pos: int
    value: Any = None         # int / bool / str / name / call name / comparison operators
    args: tuple = ()

    def __str__(self) -> str:
        return unparse(self)


def unparse(n: Node) -> str:
    k = n.kind
    if k == "int":
        return str(n.value)
    if k == "bool":
        return "true" if n.value else "false"
    if k == "str":
        return repr(n.value)
    if k == "name":
        return n.value
    if k == "call":
        return f"{n.value}({', '.join(unparse(a) for a in n.args)})"
    if k == "neg":
        return f"-{unparse(n.args[0])}"
    if k in ("add", "sub"):
        return f"{unparse(n.args[0])} {'+' if k == 'add' else '-'} {unparse(n.args[1])}"
    if k == "cmp":
        out = unparse(n.args[0])
        for op, a in zip(n.value, n.args[1:]):
            out += f" {op} {unparse(a)}"
        return out
    if k == "not":
        return f"not {_paren(n.args[0])}"
    return f" {k} ".join(_paren(a) for a in n.args)


def _paren(n: Node) -> str:
    return f"({unparse(n)})" if n.kind in ("and", "or") else unparse(n)


class Parser:
    def __init__(self, source: str, what: str = "condition"):
        self.source = source
        self.what = what
        if len(source) > MAX_LENGTH:
            raise fail(source, 0, f"a {what} has at most {MAX_LENGTH:,} characters", what)
        self.toks = tokenize(source)
        self.i = 0
        self.nesting = 0

    def deeper(self, tok: Token) -> None:
        """One more '(', call, 'not' or '-' inside the others (refused past MAX_NESTING)."""
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise fail(self.source, tok.pos, f"nested more than {MAX_NESTING} deep "
                                             "(parentheses, calls, 'not' and '-')", self.what)

    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def error(self, message: str, tok: Token | None = None) -> TrunfoError:
        tok = tok or self.tok
        found = "the end" if tok.kind == "end" else repr(tok.text)
        return fail(self.source, tok.pos, f"{message}, found {found}", self.what)

    def take(self) -> Token:
        t = self.tok
        self.i += 1
        return t

    def is_op(self, *ops: str) -> bool:
        return self.tok.kind == "op" and self.tok.text in ops

    def is_kw(self, kw: str) -> bool:
        return self.tok.kind == "name" and self.tok.text == kw

    def parse(self) -> Node:
        if self.tok.kind == "end":
            raise self.error("expected an expression")
        node = self.expr()
        if self.tok.kind != "end":
            if self.tok.kind == "op" and self.tok.text == ")":
                raise self.error("unbalanced ')': no '(' to close")
            raise self.error("expected 'and', 'or', a comparison or the end")
        return node

    def expr(self) -> Node:
        first = self.and_()
        items = [first]
        while self.is_kw("or"):
            self.take()
            items.append(self.and_("or"))
        return first if len(items) == 1 else Node("or", first.pos, None, tuple(items))

    def and_(self, after: str | None = None) -> Node:
        first = self.not_(after)
        items = [first]
        while self.is_kw("and"):
            self.take()
            items.append(self.not_("and"))
        return first if len(items) == 1 else Node("and", first.pos, None, tuple(items))

    def not_(self, after: str | None = None) -> Node:
        if self.is_kw("not"):
            t = self.take()
            self.deeper(t)
            node = Node("not", t.pos, None, (self.not_("not"),))
            self.nesting -= 1
            return node
        return self.compare(after)

    def compare(self, after: str | None = None) -> Node:
        first = self.sum_(after)
        ops, items = [], [first]
        while self.tok.kind == "op" and self.tok.text in COMPARISONS:
            ops.append(self.take().text)
            items.append(self.sum_(ops[-1]))
        if not ops:
            return first
        return Node("cmp", first.pos, tuple(ops), tuple(items))

    def sum_(self, after: str | None = None) -> Node:
        node = self.unary(after)
        while self.is_op("+", "-"):
            t = self.take()
            right = self.unary(t.text)
            node = Node("add" if t.text == "+" else "sub", t.pos, None, (node, right))
        return node

    def unary(self, after: str | None = None) -> Node:
        if self.is_op("-"):
            t = self.take()
            self.deeper(t)
            node = Node("neg", t.pos, None, (self.unary("-"),))
            self.nesting -= 1
            return node
        return self.atom(after)

    def atom(self, after: str | None = None) -> Node:
        t = self.tok
        if t.kind == "int":
            self.take()
            return Node("int", t.pos, t.value)
        if t.kind == "str":
            self.take()
            return Node("str", t.pos, t.value)
        if t.kind == "name":
            if t.text in ("and", "or", "not"):
                raise self.error("expected an expression" + (f" after {after!r}" if after else ""))
            self.take()
            if t.text in ("true", "false"):
                return Node("bool", t.pos, t.text == "true")
            if self.is_op("("):
                self.deeper(self.take())
                args = []
                if not self.is_op(")"):
                    args.append(self.expr())
                    while self.is_op(","):
                        self.take()
                        args.append(self.expr())
                if not self.is_op(")"):
                    raise self.error(f"expected ',' or ')' in the arguments of {t.text}(")
                self.take()
                self.nesting -= 1
                return Node("call", t.pos, t.text, tuple(args))
            return Node("name", t.pos, t.text)
        if t.kind == "op" and t.text == "(":
            self.deeper(self.take())
            if self.is_op(")"):
                raise self.error("expected an expression inside '( )'")
            node = self.expr()
            if not self.is_op(")"):
                raise self.error("expected ')' to close the '(' at column "
                                 f"{t.pos + 1}")
            self.take()
            self.nesting -= 1
            return node
        raise self.error("expected an expression" + (f" after {after!r}" if after else ""))


def parse(source: str, what: str = "condition") -> Node:
    """The syntax tree of ``source`` (raises a one-line :class:`TrunfoError`)."""
    if not isinstance(source, str):
        raise TrunfoError(f"a {what} is a string in the conditions language, "
                          f"not {type(source).__name__}")
    node = Parser(source, what).parse()
    _check_depth(source, node, what)
    return node


def _check_depth(source: str, node: Node, what: str) -> None:
    """Refuse a syntax tree deeper than MAX_DEPTH (the passes after parsing recurse)."""
    todo = [(node, 1)]
    while todo:
        n, d = todo.pop()
        if d > MAX_DEPTH:
            raise fail(source, n.pos, f"more than {MAX_DEPTH} levels deep (a sum of n terms "
                                      "takes n)", what)
        todo.extend((c, d + 1) for c in n.args if isinstance(c, Node))


# --- holders, card functions, linear forms, the checked condition ----------------------------
@dataclass(frozen=True, order=True)
class Holder:
    """Who holds cards: one seat, a seat's side, its opponents, or a slot of the deal.

    Seats are ``(value + dealer) % players`` when ``base == "dealer"``, else ``value``."""
    kind: str                 # "seat", "side", "opponents", "slot"
    base: str = "abs"         # "abs" or "dealer" (seat kinds)
    value: int = 0            # seat number, or offset from the dealer
    slot: str = ""            # "trump", "table", "stock" (kind "slot")

    def seat(self, dealer: int, players: int) -> int:
        return (self.value + (dealer if self.base == "dealer" else 0)) % players

    def slots(self, layout, sides: tuple[int, ...]) -> frozenset[int]:
        """The slot indices of ``layout`` (one dealer's deal) that this holder holds."""
        if self.kind == "slot":
            idx = getattr(layout, self.slot)
            return frozenset() if idx is None else frozenset((idx,))
        s = self.seat(layout.dealer, layout.players)
        if self.kind == "seat":
            seats = (s,)
        elif self.kind == "side":
            seats = tuple(t for t in range(layout.players) if sides[t] == sides[s])
        else:
            seats = tuple(t for t in range(layout.players) if sides[t] != sides[s])
        return frozenset(i for t in seats for i in layout.seats[t])

    def describe(self) -> str:
        if self.kind == "slot":
            return self.slot
        if self.base == "dealer":
            seat = "dealer" if self.value == 0 else f"dealer+{self.value}"
        else:
            seat = f"seat {self.value}"
        return {"seat": seat, "side": f"side({seat})", "opponents": f"opponents({seat})"}[self.kind]


# a card function: ("set", frozenset of cards) counts them; ("weights", name) sums a per-card
# value table of the game; ("trumps",) counts the cards of the trump suit; ("trump_cards",
# frozenset of ranks) the trump suit's cards of those ranks ('A*'), which
# :func:`expand_trump_cards` turns into sets, one per trump suit
CardFn = tuple


@dataclass(frozen=True)
class Linear:
    """``const + sum(coef * cardfn(holder))`` over integer coefficients."""
    terms: tuple = ()         # ((Holder, CardFn), coef), sorted, no zero coefficients
    const: int = 0

    @staticmethod
    def of(holder: Holder, fn: CardFn) -> "Linear":
        return Linear((((holder, fn), 1),), 0)

    def __add__(self, other: "Linear") -> "Linear":
        d: dict = dict(self.terms)
        for k, c in other.terms:
            d[k] = d.get(k, 0) + c
        return Linear(tuple(sorted(((k, c) for k, c in d.items() if c), key=_term_key)),
                      self.const + other.const)

    def __neg__(self) -> "Linear":
        return Linear(tuple((k, -c) for k, c in self.terms), -self.const)

    def __sub__(self, other: "Linear") -> "Linear":
        return self + (-other)


def _term_key(item):
    (holder, fn), _ = item
    return (holder, fn[0], tuple(sorted(fn[1])) if fn[0] in ("set", "trump_cards") else fn[1:])


# boolean nodes: ("atom", op, Linear) means ``linear op 0``; ("and", items), ("or", items),
# ("not", item), ("const", bool), ("trump_is", suit index)
BoolIR = tuple

TRUE: BoolIR = ("const", True)


def conjuncts(ir: BoolIR) -> list[BoolIR]:
    """The top-level conjuncts of a condition."""
    if ir[0] == "and":
        return [c for item in ir[1] for c in conjuncts(item)]
    if ir == TRUE:
        return []
    return [ir]


def conjoin(items) -> BoolIR:
    items = [c for it in items for c in conjuncts(it)]
    if any(it == ("const", False) for it in items):
        return ("const", False)
    if not items:
        return TRUE
    return items[0] if len(items) == 1 else ("and", tuple(items))


def simplify(ir: BoolIR) -> BoolIR:
    """Fold constants: comparisons of numbers, and/or/not of true and false."""
    k = ir[0]
    if k == "atom" and not ir[2].terms:
        v = ir[2].const
        return ("const", {"==": v == 0, "!=": v != 0, "<": v < 0, "<=": v <= 0, ">": v > 0,
                          ">=": v >= 0}[ir[1]])
    if k == "not":
        inner = simplify(ir[1])
        return ("const", not inner[1]) if inner[0] == "const" else ("not", inner)
    if k in ("and", "or"):
        stop = k == "or"                 # the value that decides: true for or, false for and
        items = []
        for it in ir[1]:
            it = simplify(it)
            if it[0] == "const":
                if it[1] == stop:
                    return ("const", stop)
                continue
            items.append(it)
        if not items:
            return ("const", not stop)
        return items[0] if len(items) == 1 else (k, tuple(items))
    return ir


def walk(ir: BoolIR):
    """Every node of a condition, depth first."""
    yield ir
    if ir[0] in ("and", "or"):
        for it in ir[1]:
            yield from walk(it)
    elif ir[0] == "not":
        yield from walk(ir[1])


def holders_of(ir: BoolIR) -> set[Holder]:
    out: set[Holder] = set()
    for node in walk(ir):
        if node[0] == "atom":
            out.update(h for (h, _), _ in node[2].terms)
    return out


#: the suit letter that names the trump suit in a card ('A*': the trump ace, whatever the
#: trump suit); a condition that names one holds for every trump suit
TRUMP_SUIT = "*"


def expand_trump_cards(ir: BoolIR, ctx: "Context") -> BoolIR:
    """``ir`` with every comparison that names cards of the trump suit ('A*') split by the
    trump suit: ``(trump_is(s) and <the comparison with the cards of s>) or ...`` over the
    suits the trump may be (the one suit of a game whose trump is fixed), so that counting,
    the dealing plan and the check need no notion of their own of such cards: the counts
    run one case per trump suit, as ``trumps(X)`` makes them."""
    deck = ctx.deck
    fixed = ctx.trump_rule not in (None, "dealt")
    suits = [deck.suits.index(ctx.trump_rule)] if fixed else range(len(deck.suits))

    def resolve(lin: Linear, suit: int) -> Linear:
        out = Linear((), lin.const)
        for (h, fn), c in lin.terms:
            if fn[0] == "trump_cards":
                fn = ("set", frozenset(deck.card(r, deck.suits[suit]) for r in fn[1]))
            out = out + Linear((((h, fn), c),), 0)
        return out

    def fix(node):
        if node[0] != "atom" or not any(fn[0] == "trump_cards" for (_, fn), _ in node[2].terms):
            return node
        parts = [("atom", node[1], resolve(node[2], s)) for s in suits]
        if fixed:
            return parts[0]
        return ("or", tuple(("and", (("trump_is", s), part)) for s, part in zip(suits, parts)))
    return map_leaves(ir, fix)


def map_leaves(ir: BoolIR, fn) -> BoolIR:
    """``ir`` with ``fn`` applied to each leaf (atom, trump_is, const), and/or/not kept."""
    k = ir[0]
    if k in ("and", "or"):
        return (k, tuple(map_leaves(x, fn) for x in ir[1]))
    if k == "not":
        return ("not", map_leaves(ir[1], fn))
    return fn(ir)


def uses_trump(ir: BoolIR) -> bool:
    for node in walk(ir):
        if node[0] == "trump_is":
            return True
        if node[0] == "atom" and any(fn[0] == "trumps" for (_, fn), _ in node[2].terms):
            return True
    return False


# --- the checker ----------------------------------------------------------------------------
@dataclass
class Context:
    """What the checker needs to know of a game (built by :func:`context`)."""
    game: str
    deck: Any                      # simcore.cards.Deck
    players: int
    sides: tuple[int, ...]
    trump_rule: str | None         # "dealt", a suit letter, or None
    slots: tuple[str, ...]         # special slots the game has: trump, table, stock
    values: tuple[str, ...]        # per-card value tables: points, value
    partner_offset: int | None = None
    extra: dict = field(default_factory=dict)
    #: why a game without dealt trumps has none (``Game.no_trump_note``)
    trump_note: str = ""


def context(game, players: int, rules) -> Context:
    """The checker's view of ``game`` played by ``players`` under ``rules``."""
    layout = game.layout(players, 0, rules)
    sides = game.sides_of(players, rules)
    mates = [t for t in range(players) if t != 0 and sides[t] == sides[0]]
    slots = tuple(n for n in ("trump", "table", "stock") if getattr(layout, n) is not None)
    return Context(game.name, game.deck_of(players), players, sides, game.trump_rule, slots,
                   tuple(game.card_values(players, rules)),
                   mates[0] if len(mates) == 1 else None,
                   trump_note=getattr(game, "no_trump_note", ""))


SEAT_WORDS = ("me", "partner", "dealer", "lho", "rho")
SIDE_FUNCS = ("team", "side", "opponents")
SEAT_FUNCS = ("partner", "lho", "rho")
FUNCTIONS = {
    # name: (argument kinds after the holder, result type, help)
    "trumps": ((), "int", "trumps(X): trumps X holds"),
    "holds": (("cards",), "bool", "holds(X, 'AS', ...): X holds every card named"),
    "cards": (("cards",), "int", "cards(X, 'AS', ...): how many of the cards named X holds"),
    "points": ((), "int", "points(X): card points X holds"),
    "value": ((), "int", "value(X): capture values X holds"),
    "length": (("suits",), "int", "length(X, 'S', ...): cards of the suits X holds"),
    "void": (("suits",), "bool", "void(X, 'H', ...): X holds no card of the suits"),
    "count": (("ranks",), "int", "count(X, 'A', ...): cards of the ranks X holds"),
    "trump_is": (None, "bool", "trump_is('S'): the trump suit is S"),
}


class Checker:
    """Turns a syntax tree into the checked form, against a :class:`Context`."""

    def __init__(self, source: str, ctx: Context, what: str = "condition"):
        self.source = source
        self.ctx = ctx
        self.what = what

    def error(self, node: Node, message: str) -> TrunfoError:
        return fail(self.source, node.pos, message, self.what)

    # typed evaluation: ("int", Linear) or ("bool", BoolIR)
    def check(self, node: Node) -> BoolIR:
        kind, value = self.eval(node)
        if kind != "bool":
            raise self.error(node, f"a condition must be true or false, not the number "
                                   f"{unparse(node)!r} (compare it: {unparse(node)} >= 1)")
        return expand_trump_cards(value, self.ctx)

    def eval(self, n: Node):
        k = n.kind
        if k == "int":
            return "int", Linear((), n.value)
        if k == "bool":
            return "bool", ("const", bool(n.value))
        if k == "str":
            raise self.error(n, f"a string ({n.value!r}) stands only as an argument of holds, "
                                "cards, length, void, count or trump_is")
        if k == "name":
            if n.value in SEAT_WORDS or n.value in self.ctx.slots or n.value == "opponents" \
                    or n.value in ("table", "stock", "trump"):
                raise self.error(n, f"{n.value!r} is a holder: use it inside a function, "
                                    f"e.g. trumps({n.value})")
            raise self.error(n, f"unknown name {n.value!r}; functions: "
                                f"{', '.join(self.functions())}")
        if k == "neg":
            return "int", -self.int_of(n.args[0])
        if k in ("add", "sub"):
            a, b = self.int_of(n.args[0]), self.int_of(n.args[1])
            return "int", a + b if k == "add" else a - b
        if k == "cmp":
            vals = [self.int_of(a) for a in n.args]
            atoms = [("atom", op, vals[i] - vals[i + 1]) for i, op in enumerate(n.value)]
            return "bool", atoms[0] if len(atoms) == 1 else ("and", tuple(atoms))
        if k == "not":
            return "bool", ("not", self.bool_of(n.args[0]))
        if k in ("and", "or"):
            return "bool", (k, tuple(self.bool_of(a) for a in n.args))
        if k == "call":
            return self.call(n)
        raise AssertionError(k)

    def int_of(self, n: Node) -> Linear:
        kind, v = self.eval(n)
        if kind != "int":
            raise self.error(n, f"expected a number, found the condition {unparse(n)!r}")
        return v

    def bool_of(self, n: Node) -> BoolIR:
        kind, v = self.eval(n)
        if kind != "bool":
            raise self.error(n, f"expected a condition, found the number {unparse(n)!r}")
        return v

    def functions(self) -> list[str]:
        out = []
        for name in FUNCTIONS:
            if name in ("trumps", "trump_is") and not self.ctx.trump_rule:
                continue
            if name in ("points", "value") and name not in self.ctx.values:
                continue
            out.append(name)
        return out

    def call(self, n: Node):
        name = n.value
        if name in SIDE_FUNCS or name in SEAT_FUNCS:
            raise self.error(n, f"{name}(...) is a holder: use it inside a function, "
                                f"e.g. trumps({unparse(n)})")
        if name not in FUNCTIONS or name not in self.functions():
            if name in FUNCTIONS:
                why = (f"has no trumps{self.ctx.trump_note}" if name in ("trumps", "trump_is")
                       else f"has no card {name}")
                raise self.error(n, f"{self.ctx.game} {why}; functions: "
                                    f"{', '.join(self.functions())}")
            raise self.error(n, f"unknown function {name!r}; functions: "
                                f"{', '.join(self.functions())}")
        kinds, result, usage = FUNCTIONS[name]
        if name == "trump_is":
            if len(n.args) != 1:
                raise self.error(n, f"trump_is takes one suit: {usage}")
            suits = self.tokens_of(n.args[0], "suits")
            if len(suits) != 1:
                raise self.error(n.args[0], "trump_is takes one suit")
            return "bool", ("trump_is", suits[0])
        if not n.args:
            raise self.error(n, f"{name} needs a holder: {usage}")
        holder = self.holder(n.args[0])
        rest = n.args[1:]
        if not kinds and rest:
            raise self.error(rest[0], f"{name} takes only a holder: {usage}")
        if kinds and not rest:
            raise self.error(n, f"{name} needs {kinds[0]} after the holder: {usage}")
        deck = self.ctx.deck
        if name == "trumps":
            return "int", Linear.of(holder, ("trumps",))
        if name in ("points", "value"):
            return "int", Linear.of(holder, ("weights", name))
        items = [x for a in rest for x in self.tokens_of(a, kinds[0])]
        if kinds[0] == "cards":
            if len(set(items)) != len(items):
                raise self.error(rest[0], "a card is named twice")
            fixed = frozenset(c for c in items if isinstance(c, int))
            ranks = frozenset(c[1] for c in items if not isinstance(c, int))
            lin = Linear()
            if fixed:
                lin = lin + Linear.of(holder, ("set", fixed))
            if ranks:
                lin = lin + Linear.of(holder, ("trump_cards", ranks))
            if name == "cards":
                return "int", lin
            return "bool", ("atom", "==", lin - Linear((), len(items)))
        if kinds[0] == "suits":
            cards = frozenset(c for c in range(deck.n_cards) if deck.suit_of(c) in items)
        else:
            cards = frozenset(c for c in range(deck.n_cards) if deck.rank_of(c) in items)
        lin = Linear.of(holder, ("set", cards))
        if name == "void":
            return "bool", ("atom", "==", lin)
        return "int", lin

    def tokens_of(self, n: Node, kind: str) -> list:
        """Cards (indices), suits (indices) or ranks (letters) named by a string argument."""
        deck = self.ctx.deck
        if n.kind != "str":
            example = {"cards": f"'{deck.ranks[0]}{deck.suits[-1]}'", "suits": f"'{deck.suits[-1]}'",
                       "ranks": f"'{deck.ranks[0]}'"}[kind]
            raise self.error(n, f"expected {kind[:-1]} in quotes, e.g. {example}")
        words = n.value.replace(",", " ").split()
        if not words:
            raise self.error(n, f"an empty string names no {kind}")
        out = []
        for w in words:
            if kind == "cards":
                if len(w) == 2 and w[0] in deck.ranks and w[1] in deck.suits:
                    out.append(deck.card(w[0], w[1]))
                    continue
                if len(w) == 2 and w[0] in deck.ranks and w[1] == TRUMP_SUIT:
                    if not self.ctx.trump_rule:
                        raise self.error(n, f"{w!r} names a card of the trump suit; "
                                            f"{self.ctx.game} has no trumps{self.ctx.trump_note}")
                    out.append((TRUMP_SUIT, w[0]))
                    continue
                trump = f", or {TRUMP_SUIT} for the trump suit" if self.ctx.trump_rule else ""
                raise self.error(n, f"bad card {w!r} for deck {deck.name}: a card is a rank "
                                    f"({' '.join(deck.ranks)}) then a suit "
                                    f"({' '.join(deck.suits)}{trump}), e.g. "
                                    f"{deck.ranks[0]}{deck.suits[-1]}")
            elif kind == "suits":
                if w in deck.suits:
                    out.append(deck.suits.index(w))
                    continue
                raise self.error(n, f"bad suit {w!r} for deck {deck.name}; suits: "
                                    f"{' '.join(deck.suits)}")
            else:
                if w in deck.ranks:
                    out.append(w)
                    continue
                raise self.error(n, f"bad rank {w!r} for deck {deck.name}; ranks: "
                                    f"{' '.join(deck.ranks)}")
        return out

    # --- holders ---------------------------------------------------------------------------
    def holder(self, n: Node) -> Holder:
        if n.kind == "name" and n.value in ("table", "stock", "trump"):
            if n.value not in self.ctx.slots:
                what = {"trump": "face-up trump card", "table": "table", "stock": "stock"}[n.value]
                raise self.error(n, f"{self.ctx.game} has no {what}; holders: "
                                    f"{', '.join(self.holder_words())}")
            return Holder("slot", slot=n.value)
        if n.kind == "call" and n.value in SIDE_FUNCS:
            if len(n.args) != 1:
                raise self.error(n, f"{n.value}(X) takes one seat, e.g. {n.value}(me)")
            base, value = self.seat(n.args[0])
            kind = "opponents" if n.value == "opponents" else "side"
            return Holder(kind, base, value)
        if n.kind == "name" and n.value == "opponents":
            return Holder("opponents", "abs", 0)
        base, value = self.seat(n)
        return Holder("seat", base, value)

    def holder_words(self) -> list[str]:
        words = ["a seat 0.." + str(self.ctx.players - 1), "me", "dealer", "dealer+k"]
        if self.ctx.partner_offset is not None:
            words.append("partner")
        words += ["lho", "rho", "team(X)", "side(X)", "opponents"]
        return words + list(self.ctx.slots)

    def seat(self, n: Node) -> tuple[str, int]:
        """A seat expression: (base, value) with base "abs" or "dealer"."""
        p = self.ctx.players
        if n.kind == "int":
            if not 0 <= n.value < p:
                raise self.error(n, f"seat {n.value} is not a seat of {p} players "
                                    f"(0..{p - 1})")
            return "abs", n.value
        if n.kind in ("add", "sub"):
            base, value = self.seat(n.args[0])
            off = n.args[1]
            if off.kind != "int":
                raise self.error(off, "a seat is offset by a whole number, e.g. dealer+1")
            return base, (value + (off.value if n.kind == "add" else -off.value)) % p
        if n.kind == "name":
            if n.value == "me":
                return "abs", 0
            if n.value == "dealer":
                return "dealer", 0
            if n.value in SEAT_FUNCS:
                return self.seat_func(n.value, ("abs", 0), n)
        if n.kind == "call" and n.value in SEAT_FUNCS:
            if len(n.args) != 1:
                raise self.error(n, f"{n.value}(X) takes one seat, e.g. {n.value}(dealer)")
            return self.seat_func(n.value, self.seat(n.args[0]), n)
        raise self.error(n, f"expected a holder ({', '.join(self.holder_words())})")

    def seat_func(self, name: str, seat: tuple[str, int], n: Node) -> tuple[str, int]:
        base, value = seat
        p = self.ctx.players
        if name == "partner":
            if self.ctx.partner_offset is None:
                raise self.error(n, f"{self.ctx.game} with {p} players has no single partner; "
                                    "use team(X) for a side")
            return base, (value + self.ctx.partner_offset) % p
        return base, (value + (1 if name == "lho" else -1)) % p


def check(source: str, ctx: Context, what: str = "condition") -> BoolIR:
    """Parse and check ``source`` against ``ctx``: the condition's checked form."""
    return Checker(source, ctx, what).check(parse(source, what))


def check_holder(source: str, ctx: Context, what: str = "seat") -> Holder:
    """A holder written alone (the seat of a predealt hand: ``0``, ``dealer+1``, ``me``)."""
    if isinstance(source, int):
        source = str(source)
    return Checker(source, ctx, what).holder(parse(source, what))


def check_int(source: str, ctx: Context, what: str = "expression") -> Linear:
    """An integer expression (``count(table, 'K') + count(stock, 'K')``)."""
    return Checker(source, ctx, what).int_of(parse(source, what))
