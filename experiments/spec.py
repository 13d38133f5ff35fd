"""Experiment specs: a TOML file describing one study, validated on load.

::

    title = "Sueca: outcome odds by trumps held"
    game = "sueca"
    strategies = ["random"]          # one for every seat, or one per seat
    deals = 1_000_000
    seed = 2026
    [rules]                          # see `trunfo rules GAME`
    trump_card = "dealer_last"
    [report]
    sections = ["outcomes", "scores", "sides", "holdings", "metadata"]

Any unknown key, game, strategy, rule, section or output is refused with one
line naming the file, the key and the valid choices (``TrunfoError``: exit 2).
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from typing import Any

from simcore import limits
from simcore.errors import TrunfoError, choices_text
from simcore.games import get_game

TOP_KEYS = ("title", "description", "game", "rules", "strategies", "strategy_files",
            "players", "dealer",
            "deals", "rubbers", "matches", "games", "seed", "chunk", "conditions", "outputs",
            "report")
WHOLE_UNITS = ("rubbers", "matches", "games")
OUTPUT_KEYS = ("formats", "figures")
OUTPUT_FORMATS = ("html", "markdown", "csv")
FIGURE_FORMATS = ("png", "svg")
REPORT_KEYS = ("sections",)
#: deal conditions (docs/odds.md): predealt hands, the face-up trump card or suit, the dealer,
#: a condition of the conditions language
CONDITIONS: tuple[str, ...] = ("hands", "trump", "trump_suit", "dealer", "where")
DEFAULT_CHUNK = 1 << 16


@dataclass(frozen=True)
class Spec:
    path: str
    title: str
    game: str
    rules: dict[str, Any]              # every rule option, resolved
    rules_string: str
    strategies: tuple[str, ...]        # one per seat
    players: int
    dealer: int | None
    deals: int
    seed: int
    chunk: int = DEFAULT_CHUNK
    description: str = ""
    conditions: dict = field(default_factory=dict)
    formats: tuple[str, ...] = OUTPUT_FORMATS
    figures: tuple[str, ...] = FIGURE_FORMATS
    sections: tuple[str, ...] = ()
    source: str = ""
    unit: str = "deals"                # or the game's whole-game unit: rubbers, matches, games
    ref: str = ""                      # how the user named it (a path, or a catalog name)
    strategy_files: tuple[str, ...] = ()   # users' strategy files, loaded before the run
    strategy_hashes: tuple[str, ...] = ()  # their SHA-256 when the spec was read

    @property
    def name(self) -> str:
        return os.path.splitext(os.path.basename(self.path))[0]

    def identity(self) -> dict:
        """What decides the data: two runs with equal identities hold equal deals."""
        ident = {"game": self.game, "rules": dict(self.rules),
                 "strategies": list(self.strategies), "players": self.players,
                 "dealer": self.dealer, "conditions": dict(self.conditions),
                 "unit": self.unit, "deals": self.deals, "seed": self.seed}
        if self.strategy_files:        # a user's strategy is its source: an edit is new data
            ident["strategy_files"] = {os.path.basename(f): h for f, h in
                                       zip(self.strategy_files, self.strategy_hashes)}
        return ident

    def to_dict(self) -> dict:
        return {**self.identity(), "name": self.name, "path": self.path,
                "ref": self.ref or self.path, "title": self.title,
                "description": self.description, "rules_string": self.rules_string,
                "chunk": self.chunk, "formats": list(self.formats), "figures": list(self.figures),
                "sections": list(self.sections)}

    def with_overrides(self, deals: int | None = None, seed: int | None = None,
                       chunk: int | None = None) -> "Spec":
        return replace(self, deals=self.deals if deals is None else _count(self.path, "deals", deals),
                       seed=self.seed if seed is None else _seed(self.path, seed),
                       chunk=self.chunk if chunk is None else _count(self.path, "chunk", chunk))


def _fail(path: str, key: str, msg: str):
    raise TrunfoError(f"{path}: {key}: {msg}")


def _count(path: str, key: str, v) -> int:
    try:
        return limits.check("chunk" if key == "chunk" else "count", v, key)
    except TrunfoError as e:
        _fail(path, key, str(e).removeprefix(key + " "))


def _seed(path: str, v) -> int:
    try:
        return limits.check("seed", v)
    except TrunfoError as e:
        _fail(path, "seed", str(e).removeprefix("seed "))


def _unknown(path: str, table: dict, valid, where: str = "") -> None:
    for k in table:
        if k not in valid:
            _fail(path, f"{where}{k}", f"unknown key; valid keys{' in [' + where.rstrip('.') + ']' if where else ''}: "
                  f"{choices_text(valid) or '(none)'}")


def _list_of(path: str, key: str, v, valid) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        _fail(path, key, f"must be a list of strings from: {choices_text(valid)}")
    for x in v:
        if x not in valid:
            _fail(path, key, f"unknown value {x!r}; valid choices: {choices_text(valid)}")
    return tuple(dict.fromkeys(v))


def parse_spec(text: str, path: str = "<spec>") -> Spec:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TrunfoError(f"{path}: not valid TOML: {e}") from None
    _unknown(path, data, TOP_KEYS)
    if "game" not in data:
        _fail(path, "game", "missing; say which game the study plays")
    if not isinstance(data["game"], str):
        from simcore.games import all_games
        _fail(path, "game", f"must be a game's name, one of: {choices_text(all_games())}")
    try:
        g = get_game(data["game"])
    except TrunfoError as e:
        _fail(path, "game", str(e))
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        _fail(path, "title", "missing or empty; give the study a title")
    description = data.get("description", "")
    if not isinstance(description, str):
        _fail(path, "description", "must be a string")

    rules_in = data.get("rules", {})
    if not isinstance(rules_in, dict):
        _fail(path, "rules", "must be a table: [rules] key = value")
    for name, value in rules_in.items():      # one by one, to name the key at fault
        try:
            g.rules.resolve({name: value}, strict=True)
        except TrunfoError as e:
            _fail(path, f"rules.{name}", str(e))
    rules = g.rules.resolve(rules_in, strict=True)

    players = data.get("players")
    if players is not None and not limits.is_integer(players):
        _fail(path, "players", f"must be an integer, one of {choices_text(g.players)}; "
              f"not {players!r}")
    try:
        players = g.check_players(players)
    except TrunfoError as e:
        _fail(path, "players", str(e))
    dealer = data.get("dealer")
    if dealer is not None and not limits.is_integer(dealer):
        _fail(path, "dealer", f"must be an integer seat 0..{players - 1} (or no dealer key: it "
              f"rotates); not {dealer!r}")
    try:
        dealer = g.check_dealer(dealer, players)
    except TrunfoError as e:
        _fail(path, "dealer", str(e))

    files = _strategy_files(path, data.get("strategy_files", []))
    strategies = data.get("strategies", ["random"])
    if not isinstance(strategies, list) or not strategies or \
            not all(isinstance(s, str) for s in strategies):
        _fail(path, "strategies", f"must be a list of strategy names, one or one per seat, "
              f"e.g. [\"greedy\"]; not {strategies!r}")
    from simcore.strategy import lineup
    try:
        lineup(g.name, strategies, players)
    except TrunfoError as e:
        _fail(path, "strategies", str(e))
    if len(strategies) == 1:
        strategies = strategies * players

    whole = whole_unit(g.name)
    given = [k for k in ("deals",) + WHOLE_UNITS if k in data]
    if not given:
        _fail(path, "deals", f"missing; how many deals{' (or ' + whole + ')' if whole else ''} "
              f"does the study play?")
    if len(given) > 1:
        _fail(path, given[1], f"give only one of {choices_text(given)}")
    unit = given[0]
    if unit != "deals" and unit != whole:
        _fail(path, unit, f"{g.name} plays whole {whole or '(none)'}, not {unit}; valid: deals"
              f"{', ' + whole if whole else ''}")
    deals = _count(path, unit, data[unit])
    seed = _seed(path, data.get("seed", 0))
    chunk = _count(path, "chunk", data.get("chunk", DEFAULT_CHUNK))

    conditions = data.get("conditions", {})
    if not isinstance(conditions, dict):
        _fail(path, "conditions", "must be a table")
    conditions, dealer = _conditions(path, g, conditions, data, rules, players, dealer, unit)

    outputs = data.get("outputs", {})
    if not isinstance(outputs, dict):
        _fail(path, "outputs", "must be a table")
    _unknown(path, outputs, OUTPUT_KEYS, "outputs.")
    formats = _list_of(path, "outputs.formats", outputs.get("formats", list(OUTPUT_FORMATS)),
                       OUTPUT_FORMATS)
    figures = _list_of(path, "outputs.figures", outputs.get("figures", list(FIGURE_FORMATS)),
                       FIGURE_FORMATS)

    from reports.tables import sections_for
    valid_sections = sections_for(g.name, unit)
    report = data.get("report", {})
    if not isinstance(report, dict):
        _fail(path, "report", "must be a table")
    _unknown(path, report, REPORT_KEYS, "report.")
    from reports.tables import canonical_sections
    asked = report.get("sections", list(valid_sections))
    if isinstance(asked, list) and "holdings" in valid_sections:
        asked = canonical_sections(asked)     # trumps, honours, standard: now "holdings"
    sections = _list_of(path, "report.sections", asked, valid_sections)
    return Spec(path=path, title=title.strip(), game=g.name, rules=rules.as_dict(),
                rules_string=str(rules), strategies=tuple(strategies), players=players,
                dealer=dealer, deals=deals, seed=seed, chunk=chunk, description=description.strip(),
                conditions=dict(conditions), formats=formats, figures=figures,
                sections=sections, source=text, unit=unit, strategy_files=files,
                strategy_hashes=tuple(_sha256(f) for f in files))


def _sha256(path: str) -> str:
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _strategy_files(path: str, v) -> tuple[str, ...]:
    """``strategy_files = ["mine.py"]``: users' strategy files, relative to the spec's
    folder, imported now so that the strategies they register can be named."""
    if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
        _fail(path, "strategy_files", f"must be a list of file paths, e.g. [\"mine.py\"]; "
              f"not {v!r}")
    from simcore.strategy import load_file
    base = os.path.dirname(os.path.abspath(path)) if not path.startswith("<") else os.getcwd()
    out = []
    for f in v:
        full = f if os.path.isabs(f) else os.path.join(base, f)
        try:
            load_file(full)
        except TrunfoError as e:
            _fail(path, "strategy_files", str(e))
        out.append(full)
    return tuple(out)


def _conditions(path, g, table: dict, data: dict, rules, players: int, dealer, unit: str):
    """The ``[conditions]`` table, type-checked and checked against the game (a condition no
    deal satisfies is refused here); returns it (without ``dealer``) and the dealer."""
    for k in table:
        if k not in CONDITIONS:
            _fail(path, f"conditions.{k}", f"unknown deal condition; valid conditions: "
                  f"{choices_text(CONDITIONS)}")
    if not table:
        return {}, dealer
    if unit != "deals":
        _fail(path, "conditions", f"conditions apply to single deals, not {unit}")
    out = {}
    for k in ("trump", "trump_suit", "where"):
        if k in table:
            if not isinstance(table[k], str):
                _fail(path, f"conditions.{k}", f"must be a string, not {table[k]!r}")
            out[k] = table[k]
    if "hands" in table:
        hands = table["hands"]
        if not isinstance(hands, dict):
            _fail(path, "conditions.hands", 'must be a table of seat = "cards", e.g. '
                  'hands = { dealer = "AS 7S", me = "KH" }')
        for seat, cards in hands.items():
            if not isinstance(cards, str):
                _fail(path, f"conditions.hands.{seat}", f'must be a string of cards such as '
                      f'"AS 7S", not {cards!r}')
        out["hands"] = dict(hands)
    if "dealer" in table:
        d = table["dealer"]
        if not limits.is_integer(d):
            _fail(path, "conditions.dealer", f"must be an integer seat 0..{players - 1}; "
                  f"not {d!r}")
        if "dealer" in data and data["dealer"] != d:
            _fail(path, "conditions.dealer", f"is {d} but the top-level dealer is "
                  f"{data['dealer']}; give one")
        try:
            dealer = g.check_dealer(d, players)
        except TrunfoError as e:
            _fail(path, "conditions.dealer", str(e))
    try:
        g.setup(rules, ("random",), players=players, dealer=dealer, conditions=out)
    except TrunfoError as e:
        _fail(path, "conditions", str(e))
    return out, dealer


def whole_unit(game: str) -> str | None:
    """The plural name of a game's whole-game unit (rubbers, matches, games), if it has one."""
    from simcore.facade import whole_unit as unit_of
    return unit_of(game)


def load_spec(path: str) -> Spec:
    """Read and validate a spec file; a bare catalog name (``sueca_trump_odds``) also works."""
    real = resolve_path(path)
    try:
        with open(real, "rb") as f:
            data = f.read()
    except OSError as e:
        raise TrunfoError(f"{path}: cannot read: {e.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TrunfoError(f"{real}: not UTF-8 text (byte {e.start}); save the spec as UTF-8"
                          ) from None
    return replace(parse_spec(text, real), ref=path)


def catalog_dir() -> str:
    return os.path.join(os.path.dirname(__file__), "catalog")


def catalog() -> list[str]:
    """Paths of the shipped studies, sorted by name."""
    d = catalog_dir()
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".toml"))


def resolve_path(path: str) -> str:
    """The spec file ``path`` names: the file itself if it exists; a bare name (no
    directory in it) that is no file here names a catalog study."""
    if os.path.isfile(path):
        return path
    names = choices_text(os.path.splitext(os.path.basename(p))[0] for p in catalog())
    if os.path.exists(path):
        raise TrunfoError(f"{path}: not a spec file (a directory?)")
    if os.sep in path or (os.altsep and os.altsep in path):
        raise TrunfoError(f"{path}: no such spec file (only a bare name refers to the catalog; "
                          f"catalog studies: {names})")
    cand = os.path.join(catalog_dir(), path if path.endswith(".toml") else path + ".toml")
    if os.path.isfile(cand):
        return cand
    raise TrunfoError(f"{path}: no such spec file or catalog study; catalog studies: {names}")
