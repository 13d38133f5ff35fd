"""House rules as named, validated options (OpenSpiel-style game strings).

Each game declares a :class:`RuleSchema`: a tuple of :class:`RuleOption` with
defaults and allowed values.  ``schema.resolve({"pente": "true"})`` validates
(even options that a run will not use) and returns frozen :class:`Rules`;
``str(rules)`` is ``sueca(pente=true,trump_card=dealer_last,...)`` and
``schema.parse("sueca(pente=true)")`` reads it back.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import numpy as np

from .errors import TrunfoError, choices_text

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: Any
    choices: tuple = ()       # allowed values; empty = any value of `kind` in the range
    doc: str = ""
    minimum: int | None = None  # for free integers: the smallest allowed value
    maximum: int | None = None  # for free integers: the largest allowed value

    def __post_init__(self):
        if self.kind is int and not self.choices and (self.minimum is None or self.maximum is None):
            raise ValueError(f"rule {self.name}: a free integer needs a minimum and a maximum")

    @property
    def kind(self) -> type:
        if self.default is None:      # an option that is off by default: the type of its values
            return next(type(c) for c in self.choices if c is not None)
        return type(self.default)

    def allowed_text(self) -> str:
        if self.choices:
            return choices_text(value_text(c) for c in self.choices)
        if self.kind is int:
            return f"an integer from {self.minimum} to {self.maximum}"
        return {bool: "true, false"}.get(self.kind, "a string")

    def _bad(self, game: str, raw: Any, why: str = "is not valid",
             typed: bool = False) -> TrunfoError:
        if isinstance(raw, str):
            shown = json.dumps(raw) if typed else raw
        else:
            shown = value_text(raw) if isinstance(raw, (bool, type(None))) else repr(raw)
        return TrunfoError(f"rule {self.name}={shown} for {game} {why}; allowed: "
                           f"{self.allowed_text()}")

    def coerce(self, game: str, value: Any, strict: bool = False) -> Any:
        """The option's value from ``value``.

        A string is read as on the command line (``true``, ``5``, ``off``) unless
        ``strict``; otherwise the value must already have the option's type: a bool
        for true/false options, an integer (not a bool, not a float) for numbers, a
        string for names (``off`` for an option that can be off).  ``strict`` is how
        spec files are read: TOML has types, and a value of the wrong one is refused.
        """
        kind = self.kind
        nullable = None in self.choices
        if nullable and (value is None or isinstance(value, str)
                         and value.strip().lower() in ("off", "none")):
            return None
        if kind is bool:
            if isinstance(value, (bool, np.bool_)):
                v = bool(value)
            elif isinstance(value, str) and not strict:
                t = value.strip().lower()
                if t not in _TRUE | _FALSE:
                    raise self._bad(game, value)
                v = t in _TRUE
            else:
                raise self._bad(game, value, f"is not true or false ({_type_name(value)})", True)
        elif kind is int:
            if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
                v = int(value)
            elif isinstance(value, str) and not strict:
                t = value.strip().replace("_", "")
                if not re.fullmatch(r"[+-]?[0-9]+", t):
                    raise self._bad(game, value)
                v = int(t)
            else:
                raise self._bad(game, value, f"is not an integer ({_type_name(value)})", True)
        else:
            if not isinstance(value, str):
                raise self._bad(game, value, f"is not a name ({_type_name(value)})", True)
            v = value.strip()
        if (self.choices and v not in self.choices) or (
                not self.choices and kind is int and not self.minimum <= v <= self.maximum):
            raise self._bad(game, value, "is not allowed")
        return v


def _type_name(v: Any) -> str:
    if isinstance(v, (bool, np.bool_)):
        return "a boolean"
    if isinstance(v, (int, np.integer)):
        return "an integer"
    if isinstance(v, (float, np.floating)):
        return "a number with a fraction or exponent"
    if isinstance(v, str):
        return "a string"
    return f"a {type(v).__name__}"


def value_text(v: Any) -> str:
    """An option value as the user types it: true, false, off (None), or the value as it is."""
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
        return f"{self.game}(" + ",".join(f"{k}={value_text(v)}" for k, v in self.values) + ")"


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

    def resolve(self, given: Mapping[str, Any] | Rules | None = None,
                strict: bool = False) -> Rules:
        """Every option, validated; ``strict``: values must have their option's type
        (spec files), else strings are read as on the command line."""
        given = dict(given or {})
        for name in given:
            self.option(name)  # unknown names are refused even if unused
        values = tuple((o.name, o.coerce(self.game, given[o.name], strict) if o.name in given
                        else o.default) for o in self.options)
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
