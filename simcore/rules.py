"""House rules as named, validated options (OpenSpiel-style game strings).

Each game declares a :class:`RuleSchema`: a tuple of :class:`RuleOption` with
defaults and allowed values.  ``schema.resolve({"pente": "true"})`` validates
(even options that a run will not use) and returns frozen :class:`Rules`;
``str(rules)`` is ``sueca(pente=true,trump_card=dealer_last,...)`` and
``schema.parse("sueca(pente=true)")`` reads it back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .errors import TrunfoError, choices_text

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: Any
    choices: tuple = ()       # allowed values; empty = any value of `kind`
    doc: str = ""
    minimum: int | None = None  # for free integers: the smallest allowed value

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed_text(self) -> str:
        if self.choices:
            return choices_text(_fmt(c) for c in self.choices)
        if self.kind is int and self.minimum is not None:
            return f"an integer >= {self.minimum}"
        return {bool: "true, false", int: "an integer"}.get(self.kind, "a string")

    def coerce(self, game: str, value: Any) -> Any:
        kind = self.kind
        raw = value
        try:
            if kind is bool:
                if isinstance(value, bool):
                    v = value
                elif str(value).strip().lower() in _TRUE:
                    v = True
                elif str(value).strip().lower() in _FALSE:
                    v = False
                else:
                    raise ValueError
            elif kind is int:
                if isinstance(value, bool):
                    raise ValueError
                if (value is None or isinstance(value, str) and value.strip().lower()
                        in ("off", "none")) and None in self.choices:
                    v = None
                else:
                    v = int(str(value).strip()) if not isinstance(value, int) else value
            elif self.default is None:
                v = None if str(value).strip().lower() in ("off", "none") else int(str(value))
            else:
                v = str(value).strip()
        except (ValueError, TypeError):
            raise TrunfoError(
                f"rule {self.name}={raw!r} for {game} is not valid; allowed: {self.allowed_text()}"
            ) from None
        if (self.choices and v not in self.choices) or (
                self.minimum is not None and v is not None and v < self.minimum):
            raise TrunfoError(
                f"rule {self.name}={_fmt(raw)} for {game} is not allowed; allowed: {self.allowed_text()}")
        return v


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "off"
    return str(v)


@dataclass(frozen=True)
class Rules(Mapping):
    """Validated rule options of one game, every option present."""
    game: str
    values: tuple[tuple[str, Any], ...]

    def __getitem__(self, key):
        for k, v in self.values:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self):
        return (k for k, _ in self.values)

    def __len__(self):
        return len(self.values)

    def as_dict(self) -> dict:
        return dict(self.values)

    def __str__(self) -> str:
        return f"{self.game}(" + ",".join(f"{k}={_fmt(v)}" for k, v in self.values) + ")"


@dataclass(frozen=True)
class RuleSchema:
    game: str
    options: tuple[RuleOption, ...] = field(default_factory=tuple)

    def option(self, name: str) -> RuleOption:
        for o in self.options:
            if o.name == name:
                return o
        valid = choices_text(o.name for o in self.options) or "(none)"
        raise TrunfoError(f"unknown rule {name!r} for {self.game}; valid rules: {valid}")

    def resolve(self, given: Mapping[str, Any] | Rules | None = None) -> Rules:
        given = dict(given or {})
        for name in given:
            self.option(name)  # unknown names are refused even if unused
        values = tuple((o.name, o.coerce(self.game, given[o.name]) if o.name in given else o.default)
                       for o in self.options)
        return Rules(self.game, values)

    def parse(self, text: str) -> Rules:
        """Read ``game(key=value,...)`` or a bare ``key=value,...`` list."""
        text = text.strip()
        if "(" in text:
            name, _, rest = text.partition("(")
            if name.strip() != self.game:
                raise TrunfoError(f"rule string {text!r} is for {name.strip()!r}, not {self.game}")
            if not rest.endswith(")"):
                raise TrunfoError(f"rule string {text!r} lacks its closing parenthesis")
            text = rest[:-1]
        return self.resolve(parse_assignments(p for p in text.split(",") if p.strip()))


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` -> ``{"a": "1", "b": "x"}``; a malformed item is an error."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise TrunfoError(f"bad rule {item!r}: write it as key=value")
        out[key.strip()] = value.strip()
    return out
