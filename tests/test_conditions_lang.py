"""The conditions language: what parses, what each name means, and the one-line errors."""
import pytest

from simcore.conditions import lang
from simcore.errors import TrunfoError
from simcore.games import get_game


def ctx(game="sueca", players=None, **rules):
    g = get_game(game)
    players = players or g.default_players
    return lang.context(g, players, g.rules.resolve(rules or None))


SUECA = ctx()


def holders(ir):
    return sorted(lang.holders_of(ir))


def the_atom(source, c=SUECA):
    ir = lang.check(source, c)
    assert ir[0] == "atom", ir
    return ir


# --- what parses ---------------------------------------------------------------------------
def test_precedence_not_binds_tighter_than_and_than_or():
    tree = lang.parse("not trumps(me) > 1 and length(me, 'S') == 2 or void(me, 'H')")
    assert tree.kind == "or"
    left, right = tree.args
    assert left.kind == "and" and right.kind == "call"
    assert left.args[0].kind == "not" and left.args[0].args[0].kind == "cmp"


def test_parentheses_group():
    tree = lang.parse("not (trumps(me) > 1 or void(me, 'H'))")
    assert tree.kind == "not" and tree.args[0].kind == "or"


def test_arithmetic_is_left_associative_and_unary_minus():
    lin = the_atom("trumps(me) - trumps(partner) - 1 > -2")[2]
    me, partner = lang.Holder("seat", "abs", 0), lang.Holder("seat", "abs", 2)
    assert dict(lin.terms) == {(me, ("trumps",)): 1, (partner, ("trumps",)): -1}
    assert lin.const == -1 + 2        # (a - b - 1) - (-2)


def test_comparison_chains_are_conjunctions():
    ir = lang.check("1 <= trumps(me) < 4", SUECA)
    assert ir[0] == "and" and [a[1] for a in ir[1]] == ["<=", "<"]


def test_holders_resolve_by_name():
    ir = lang.check("trumps(me) + trumps(partner) + trumps(dealer) + trumps(dealer+3) "
                    "+ trumps(lho) + trumps(rho) + trumps(2) + trumps(dealer-1) > 0", SUECA)
    got = {(h.base, h.value) for h in holders(ir)}
    assert got == {("abs", 0), ("abs", 2), ("dealer", 0), ("dealer", 3), ("abs", 1), ("abs", 3)}


def test_sides_and_opponents():
    ir = lang.check("trumps(team(me)) > trumps(opponents) and points(side(dealer)) > 60 "
                    "and trumps(opponents(partner)) >= 0", SUECA)
    kinds = {(h.kind, h.base, h.value) for h in holders(ir)}
    assert kinds == {("side", "abs", 0), ("opponents", "abs", 0), ("side", "dealer", 0),
                     ("opponents", "abs", 2)}


def test_holder_slots_follow_the_layout():
    g = get_game("sueca")
    rules = g.rules.resolve(None)
    layout = g.layout(4, 1, rules)              # dealer 1: holds positions 30..39
    sides = g.sides_of(4, rules)
    pos = lambda h: sorted(p for i in h.slots(layout, sides) for p in layout.slots[i].positions)
    assert pos(lang.Holder("seat", "dealer", 0)) == list(range(30, 40))
    assert pos(lang.Holder("seat", "dealer", 1)) == list(range(0, 10))       # seat 2
    assert pos(lang.Holder("seat", "abs", 0)) == list(range(20, 30))
    assert pos(lang.Holder("slot", slot="trump")) == [39]
    assert pos(lang.Holder("side", "abs", 1)) == sorted(list(range(30, 40)) + list(range(10, 20)))
    assert pos(lang.Holder("opponents", "abs", 1)) == sorted(list(range(0, 10)) + list(range(20, 30)))


def test_functions_read_the_deck_notation():
    deck = get_game("sueca").deck
    lin = the_atom("cards(me, 'AS 7S', 'KH') == 1")[2]
    ((_, fn), _), = lin.terms
    assert fn == ("set", frozenset(deck.parse_card(c) for c in ("AS", "7S", "KH")))
    lin = the_atom("length(me, 'S', 'H') > 3")[2]
    ((_, fn), _), = lin.terms
    assert fn[1] == frozenset(c for c in range(40) if deck.suit_of(c) in (2, 3))
    lin = the_atom("count(me, 'A') == 2")[2]
    ((_, fn), _), = lin.terms
    assert fn[1] == frozenset(deck.card("A", s) for s in deck.suits)


def test_holds_and_void_are_counts_compared():
    assert the_atom("holds(me, 'AS', '7S')")[1:] == ("==", lang.Linear(
        (((lang.Holder("seat", "abs", 0), ("set", frozenset({39, 38}))), 1),), -2))
    ir = the_atom("void(partner, 'H')")
    assert ir[1] == "==" and ir[2].const == 0


def test_scopa_table_and_latin_cards():
    c = ctx("scopa", 2)
    ir = lang.check("count(table, 'K') >= 2 and holds(table, '7O') and value(me) > 10", c)
    assert {h.slot for h in holders(ir) if h.kind == "slot"} == {"table"}


def test_spades_trumps_are_spades_and_trump_is():
    c = ctx("spades")
    ir = lang.check("trumps(me) >= 5 and trump_is('S')", c)
    assert ir[1][1] == ("trump_is", 3)


def test_true_false_constants():
    assert lang.check("true", SUECA) == ("const", True)
    assert lang.check("not false", SUECA) == ("not", ("const", False))


def test_no_python_is_ever_evaluated():
    # names that Python would resolve are plain unknown names here
    for source in ("open('x') > 0", "exec('1')", "eval('1') == 1"):
        with pytest.raises(TrunfoError, match="unknown function"):
            lang.check(source, SUECA)
    for source in ("__import__('os').system('true')", "trumps(me).__class__ > 1"):
        with pytest.raises(TrunfoError, match="unexpected character '.'"):
            lang.check(source, SUECA)


# --- the one-line errors: (expression, column, what the message names) ------------------------
MALFORMED = [
    ("", 1, "expected an expression"),
    ("trumps(me) >= 4 and", 20, "expected an expression after 'and'"),
    ("holds(me 'AS')", 10, "expected ',' or ')' in the arguments of holds("),
    ("trumps(me", 10, "expected ',' or ')'"),
    ("trumps(me) = 4", 12, "'=' is not a comparison; equality is '=='"),
    ("trumps(me) >= 4 && void(me, 'H')", 17, "'&&' is written 'and'"),
    ("trumps(me) > 1 || true", 16, "'||' is written 'or'"),
    ("!void(me, 'H')", 1, "'!' is written 'not'"),
    ("(trumps(me) > 1", 16, "expected ')' to close the '(' at column 1"),
    ("trumps(me) > 1)", 15, "unbalanced ')'"),
    ("trumps(me) >", 13, "expected an expression after '>'"),
    ("trumps(me) > 1 trumps(me)", 16, "expected 'and', 'or', a comparison or the end"),
    ("holds(me, 'AS)", 11, "not closed"),
    ("trumps(me) # 2", 12, "unexpected character '#'"),
    ("holds(me, 7S)", 11, "'7S' is not a number nor a name"),
    ("trumps(me)", 1, "a condition must be true or false"),
    ("trumps(me) > void(me, 'H')", 14, "expected a number"),
    ("trumps(me) and void(me, 'H')", 1, "expected a condition"),
    ("foo(me) > 1", 1, "unknown function 'foo'; functions: trumps, holds"),
    ("me > 1", 1, "'me' is a holder"),
    ("trumps(5) > 1", 8, "seat 5 is not a seat of 4 players (0..3)"),
    ("trumps(everyone) > 1", 8, "expected a holder"),
    ("holds(me, 'AX')", 11, "bad card 'AX' for deck french40"),
    ("holds(me, 'TS')", 11, "a card is a rank (A 7 K J Q 6 5 4 3 2)"),
    ("void(me, 'X')", 10, "bad suit 'X' for deck french40; suits: C D H S"),
    ("count(me, 'T')", 11, "bad rank 'T' for deck french40"),
    ("holds(me)", 1, "holds needs cards after the holder"),
    ("trumps(me, 'S') > 1", 12, "trumps takes only a holder"),
    ("holds(me, 'AS', 'AS')", 11, "a card is named twice"),
    ("length(me, 2) > 1", 12, "expected suit in quotes, e.g. 'S'"),
    ("count(table, 'K') > 1", 7, "sueca has no table"),
    ("value(me) > 1", 1, "sueca has no card value"),
    ("trumps(dealer+x) > 1", 15, "a seat is offset by a whole number"),
    ("'AS' == 1", 1, "a string ('AS') stands only as an argument"),
    ("trump_is('S', 'H')", 1, "trump_is takes one suit"),
]


@pytest.mark.parametrize("source,column,message", MALFORMED)
def test_malformed_expression_one_line_with_column(source, column, message):
    with pytest.raises(TrunfoError) as err:
        lang.check(source, SUECA)
    text = str(err.value)
    assert "\n" not in text
    assert text.startswith(f"bad condition {source!r} at column {column}")
    assert message in text


@pytest.mark.parametrize("game,players,source,message", [
    ("scopa", 2, "trumps(me) > 1", "scopa has no trumps; functions: holds"),
    ("scopa", 2, "points(me) > 1", "scopa has no card points"),
    ("scopa", 2, "trump_is('O')", "scopa has no trumps"),
    ("scopa", 3, "holds(partner, '7O')", "scopa with 3 players has no single partner"),
    ("brisca", 6, "trumps(partner) > 1", "brisca with 6 players has no single partner"),
    ("brisca", 2, "count(table, '1') > 0", "brisca has no table"),
    ("spades", 4, "points(me) > 1", "spades has no card points"),
    ("spades", 4, "holds(trump, 'AS')", "spades has no face-up trump card"),
    ("spades", 4, "holds(me, '1O')", "bad card '1O' for deck french52"),
    ("brisca", 6, "holds(me, '9O') and count(me, '9') > 0", None),
])
def test_game_specific_names(game, players, source, message):
    c = ctx(game, players)
    if message is None:
        lang.check(source, c)
        return
    with pytest.raises(TrunfoError, match=message.replace("(", r"\(").replace(")", r"\)")):
        lang.check(source, c)


def test_unparse_round_trip():
    source = "not (trumps(me) >= 4 or void(partner, 'H')) and points(dealer + 1) - 2 < 30"
    once = lang.unparse(lang.parse(source))
    assert lang.unparse(lang.parse(once)) == once
    assert lang.check(once, SUECA) == lang.check(source, SUECA)


@pytest.mark.parametrize("source,column,message", [
    ("trumps(me) >= \u00b2", 15, "unexpected character '\u00b2'"),
    ("trumps(me) >= \u0664", 15, "unexpected character"),         # an Arabic-Indic 4
    ("trumps(me) >= 12345678901234567890123", 15, "a number has at most 9 digits"),
    ("(" * 51 + "trumps(me) > 1" + ")" * 51, 51, "nested more than 50 deep"),
    ("not " * 51 + "trumps(me) > 1", 201, "nested more than 50 deep"),
    ("-" * 51 + "trumps(me) > 1", 51, "nested more than 50 deep"),
    ("+".join(["trumps(me)"] * 101) + " > 1", None, "more than 100 levels deep"),
    ("(" * 3000 + "1" + ")" * 3000, 1, "a condition has at most 2,000 characters"),
])
def test_the_language_limits_are_one_line(source, column, message):
    """Past a documented limit (docs/odds.md, "Limits"): one line, no traceback, the
    expression shown as an excerpt when long."""
    with pytest.raises(TrunfoError) as err:
        lang.check(source, SUECA)
    text = str(err.value)
    assert "\n" not in text and len(text) < 300
    assert message in text
    if column is not None:
        assert f"at column {column}" in text


def test_the_language_limits_leave_room_for_real_conditions():
    lang.check("(" * 49 + "trumps(me) >= 123456789" + ")" * 49, SUECA)   # the call: 50
    lang.check("not " * 49 + "trumps(me) > 1", SUECA)
    lang.check(" + ".join(["trumps(me)"] * 90) + " > 1", SUECA)
