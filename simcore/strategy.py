"""Strategies as the engine sees them: a registry, parameters, and the policy interface.

A strategy is a set of jitted *policies*, one per kind of decision a game asks for (every
game asks for ``play``; Spades also for ``bid``; some variants for more).  A policy is a
plain function, compiled by numba and inlined into the game's kernel::

    def play(v, legal, u, p) -> card

- ``v`` is the *view* of the seat to move: a numpy record holding what that seat can know
  and nothing else (its hand, the cards played, by whom and in which trick, the trick on the
  table, the voids shown, the points taken...).  Each game documents its view field by
  field (``simcore/<game>/view.py``) and keeps it up to date as cards are played.
- ``legal`` is the uint64 mask of the cards the seat may play (``bid`` gets the legal
  bids its game documents).
- ``u`` is the seat's 32-bit random draw for this decision (a uint64 below 2**32): the
  draws are taken whatever the strategies (docs/rng.md), so a strategy that uses them stays
  reproducible from the seed.
- ``p`` is the seat's parameter record: one field per declared :class:`Param`.

The engine defines this interface and the views; ``strategies/`` (the built-in ones),
users' files and installed packages (entry-point group ``trunfo.strategies``) register
their policies here with :func:`strategy`.  The engine never imports a strategy by name: a
run's strategies are gathered into a :class:`Lineup`, whose ``key`` (a compile-time
literal) lets a kernel's typing pick the policies with :func:`dispatcher`; only the
lineup's policies are compiled into it.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .errors import TrunfoError, choices_text

#: how much of the view a strategy reads; a kernel maintains the most any seat needs
VIEW_NONE = 0    # nothing but ``legal`` and ``u`` (``v`` may hold stale values)
VIEW_TRICK = 1   # the seat, its hand and the trick on the table
VIEW_FULL = 2    # everything the view documents (card memory)
_VIEW_LEVELS = {"none": VIEW_NONE, "trick": VIEW_TRICK, "full": VIEW_FULL}

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}
_INT64 = (-2 ** 63, 2 ** 63 - 1)     # a parameter reaches its policy as an int64


@dataclass(frozen=True)
class Param:
    """A named strategy parameter: an int (with a range), a bool, or one of some strings
    (passed to the policy as the index of the string in ``choices``)."""
    name: str
    default: Any
    doc: str = ""
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self):
        """Refused when defined (one line), not at the first run: a default of another type
        than int, bool or str, a str without choices, bounds that are not integers, a
        default outside its own bounds or choices."""
        where = f"strategy parameter {self.name!r}"
        if type(self.default) not in (int, bool, str):
            raise TrunfoError(f"{where}: the default {self.default!r} is a "
                              f"{type(self.default).__name__}; a parameter is an int, a bool "
                              "or a string of its choices")
        for b in (self.minimum, self.maximum):
            if b is not None and (type(b) is not int or not _INT64[0] <= b <= _INT64[1]):
                raise TrunfoError(f"{where}: minimum and maximum are integers of 64 bits, "
                                  f"not {b!r}")
        if self.kind is str and not self.choices:
            raise TrunfoError(f"{where}: a string parameter needs its choices")
        try:
            self.coerce("", self.default)
        except TrunfoError:
            raise TrunfoError(f"{where}: the default {_fmt(self.default)} is not allowed; "
                              f"allowed: {self.allowed_text()}") from None

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed_text(self) -> str:
        if self.choices:
            return choices_text(_fmt(c) for c in self.choices)
        if self.kind is bool:
            return "true, false"
        lo = f">= {_INT64[0] if self.minimum is None else self.minimum}"
        hi = f"<= {_INT64[1] if self.maximum is None else self.maximum}"
        return f"an integer {lo} and {hi}"

    def coerce(self, owner: str, value: Any) -> Any:
        bad = TrunfoError(f"parameter {self.name}={_fmt(value)} of strategy {owner} is not "
                          f"allowed; allowed: {self.allowed_text()}")
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise bad
        if self.kind is int:
            if isinstance(value, bool):
                raise bad
            try:
                v = value if isinstance(value, int) else int(str(value).strip())
            except ValueError:
                raise bad from None
            if (self.choices and v not in self.choices) or \
                    (self.minimum is not None and v < self.minimum) or \
                    (self.maximum is not None and v > self.maximum) or \
                    not _INT64[0] <= v <= _INT64[1]:
                raise bad
            return v
        v = str(value).strip()
        if self.choices and v not in self.choices:
            raise bad
        return v

    def encode(self, value: Any) -> int:
        """The value as the policy sees it (an int; strings by their index in choices)."""
        if isinstance(value, str):
            return self.choices.index(value)
        return int(value)

    @property
    def np_type(self):
        return np.bool_ if self.kind is bool else np.int64


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


@dataclass(frozen=True, eq=False)
class Strategy:
    """A registered strategy of one game."""
    game: str
    name: str
    policies: dict            # decision kind ("play", "bid", ...) -> jitted policy
    doc: str = ""
    params: tuple[Param, ...] = ()
    deterministic: bool = False
    view: int = VIEW_FULL
    origin: str = "built-in"  # "built-in", a file's path, or "entry point NAME"
    cacheable: bool = True    # kernels holding it may be cached on disk
    fingerprint: str = ""     # changes when the strategy's source changes
    players: tuple[int, ...] | None = None   # the player counts it plays (None: all)

    @property
    def param_dtype(self) -> np.dtype:
        fields = [(p.name, p.np_type) for p in self.params] or [("_", np.int8)]
        return np.dtype(fields)

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        valid = choices_text(p.name for p in self.params) or "(none)"
        raise TrunfoError(f"strategy {self.name} of {self.game} has no parameter {name!r}; "
                          f"valid parameters: {valid}")

    def resolve(self, given: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
        """Every parameter's value: the given ones validated, the others' defaults."""
        for k in given:
            self.param(k)
        return tuple((p.name, p.coerce(self.name, given[p.name]) if p.name in given
                      else p.default) for p in self.params)

    def describe(self) -> dict:
        d = {"name": self.name, "doc": self.doc, "origin": self.origin,
             "deterministic": self.deterministic,
             "params": [{"name": p.name, "default": p.default, "allowed": p.allowed_text(),
                         "doc": p.doc} for p in self.params]}
        if self.players is not None:
            d["players"] = list(self.players)
        return d

    def check_players(self, players: int) -> None:
        """One line when the strategy does not play with ``players`` players."""
        if self.players is not None and players not in self.players:
            raise TrunfoError(f"strategy {self.name} of {self.game} does not play with "
                              f"{players} players; it plays with "
                              f"{choices_text(self.players)} players")


# --- the registry ------------------------------------------------------------------------

_REGISTRY: dict[str, dict[str, Strategy]] = {}
_LOADED = {"builtin": False}
_LOADING_FILE: list[str] = []       # the user file being imported, if any
_LOADING: list[str] = []            # a file or an entry point being loaded, if any


def _fingerprint(fn: Callable) -> str:
    """A hash of the source file that defines ``fn`` (its module): a change there gives the
    strategy a new kernel cache key, so a cached kernel never holds an old policy."""
    py = getattr(fn, "py_func", fn)
    try:
        text = Path(inspect.getsourcefile(py)).read_bytes()
    except (TypeError, OSError):
        text = repr(getattr(py, "__code__", py)).encode()
    return hashlib.sha1(text).hexdigest()[:12]


def _module_fingerprint(module) -> str:
    """A hash of a module's source file (see :func:`_fingerprint`)."""
    return hashlib.sha1(Path(inspect.getsourcefile(module)).read_bytes()).hexdigest()[:12]


def _outside_user_code() -> tuple[str, ...]:
    """The folders whose modules are not a user's own: the standard library, the
    site-packages folders, and trunfo's engine and built-in strategies (their code is in
    every kernel's source stamp already, :mod:`simcore._cache`)."""
    import site
    import sysconfig
    from ._cache import ROOTS
    dirs = set(ROOTS)
    for scheme in (sysconfig.get_paths(),
                   sysconfig.get_paths(vars={"base": sys.base_prefix,
                                             "platbase": sys.base_exec_prefix})):
        dirs.update(scheme[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")
                    if scheme.get(k))
    try:
        dirs.update(site.getsitepackages())
        dirs.add(site.getusersitepackages())
    except AttributeError:   # an old virtualenv's site module
        pass
    return tuple(os.path.realpath(d) + os.sep for d in dirs if d)


def _module_file(module) -> str | None:
    f = getattr(module, "__file__", None)
    return f if f and f.endswith(".py") and os.path.isfile(f) else None


def user_modules(module, new=(), package: str | None = None) -> list:
    """The user modules a strategy's module brings into its policies: the modules first
    imported while it loaded (``new``, names) and those its namespace names (a module, or
    a function or class defined in one), followed from module to module, whose files lie
    outside the standard library, site-packages and trunfo's own packages
    (``package``: an installed package's own modules count wherever they lie).  Sorted by
    name; ``module`` itself is not in the list."""
    outside = _outside_user_code()

    def own(m) -> bool:
        f = _module_file(m)
        if f is None:
            return False
        name = getattr(m, "__name__", "")
        if package and (name == package or name.startswith(package + ".")):
            return True
        return not os.path.realpath(f).startswith(outside)

    found: dict[str, Any] = {}
    todo = [module] + [sys.modules[n] for n in new if n in sys.modules]
    while todo:
        m = todo.pop()
        name = getattr(m, "__name__", None)
        if name in found or not own(m):
            continue
        found[name] = m
        for v in list(vars(m).values()):
            if inspect.ismodule(v):
                todo.append(v)
            else:
                src = getattr(getattr(v, "py_func", v), "__module__", None)
                if isinstance(src, str) and src in sys.modules:
                    todo.append(sys.modules[src])
    found.pop(getattr(module, "__name__", None), None)
    return [found[n] for n in sorted(found)]


def _with_modules(strategies, modules) -> list[Strategy]:
    """Fold the content of ``modules`` into the fingerprints of ``strategies`` (just
    loaded from a file or an entry point), register them so, and return them."""
    import dataclasses
    extra = "".join(f"{m.__name__}:{_module_fingerprint(m)};" for m in modules)
    if not extra:
        return list(strategies)
    out = []
    for s in strategies:
        fp = hashlib.sha1((s.fingerprint + "|" + extra).encode()).hexdigest()[:12]
        out.append(dataclasses.replace(s, fingerprint=fp))
        _REGISTRY[s.game][s.name] = out[-1]
    return out


def _jit_policy(fn: Callable):
    from numba.core.registry import CPUDispatcher
    if isinstance(fn, CPUDispatcher):
        return fn
    from ._jit import KERNEL_OPTIONS
    import numba
    return numba.njit(inline="always", **KERNEL_OPTIONS)(fn)


def register(game: str, name: str, play: Callable, *, doc: str = "", params=(),
             deterministic: bool = False, view: str = "full", origin: str | None = None,
             cacheable: bool | None = None, depends=(), players=None,
             **other_policies) -> Strategy:
    """Register a strategy of ``game``: ``play`` and any other decision's policy given by
    keyword (``bid=...``).  Plain functions are jitted (inlined into kernels).
    ``depends``: modules besides the policies' own whose code the policies compile in
    (e.g. the solver under ``pimc``): their sources join the kernel cache key, so that a
    change there is never hidden by a cached kernel.  ``cacheable``: whether kernels
    holding it may be cached on disk; by default the built-ins and the strategies of a
    file (:func:`load_file`) or an installed package's entry point are, their key also
    covering the user modules the file or package imports (:func:`user_modules`);
    strategies registered by other code are not, unless it says ``cacheable=True`` (its
    key then covers the policies' own files and ``depends``).  ``players``: the player counts it
    plays, when not all of the game's (a table of another count is refused in one line)."""
    if view not in _VIEW_LEVELS:
        raise ValueError(f"view must be one of {', '.join(_VIEW_LEVELS)}, not {view!r}")
    params = tuple(params.values()) if isinstance(params, dict) else tuple(params)
    if origin is None:
        module = getattr(getattr(play, "py_func", play), "__module__", "") or ""
        if _LOADING_FILE:
            origin = _LOADING_FILE[-1]
        elif module == "strategies" or module.startswith("strategies."):
            origin = "built-in"
        else:
            origin = module or "user code"
    if cacheable is None:
        cacheable = origin == "built-in" or bool(_LOADING)
    policies = {"play": _jit_policy(play)}
    for kind, fn in other_policies.items():
        if fn is not None:
            policies[kind] = _jit_policy(fn)
    # a kernel cached with a policy not built in imports the policy's module by name when
    # it is loaded (a file's module is named after its path): the name joins the key
    names = [] if origin == "built-in" else \
        [getattr(getattr(f, "py_func", f), "__module__", "") or "" for f in policies.values()]
    fp = hashlib.sha1("".join([_fingerprint(f) for f in policies.values()]
                              + [_module_fingerprint(m) for m in depends] + names).encode()
                      + repr([(p.name, p.default, p.choices) for p in params]).encode()
                      ).hexdigest()[:12]
    s = Strategy(game, name, policies, doc or " ".join((inspect.getdoc(play) or "").split()),
                 params, deterministic, _VIEW_LEVELS[view], origin, cacheable, fp,
                 None if players is None else tuple(int(n) for n in players))
    table = _REGISTRY.setdefault(game, {})
    old = table.get(name)
    if old is not None and old.origin != origin:
        raise TrunfoError(f"strategy {name!r} of {game} from {origin} is already defined by "
                          f"{old.origin}; choose another name")
    table[name] = s
    return s


def strategy(game: str, name: str | None = None, *, doc: str = "", params=(),
             deterministic: bool = False, view: str = "full", players=None,
             cacheable: bool | None = None, **other_policies):
    """Decorator registering a play policy ``f(v, legal, u, p) -> card`` as a strategy::

        @strategy("sueca", params=[Param("lead_at", 4, minimum=1, maximum=10)])
        def mine(v, legal, u, p): ...
    """
    def deco(fn):
        register(game, name or fn.__name__, fn, doc=doc, params=params,
                 deterministic=deterministic, view=view, players=players,
                 cacheable=cacheable, **other_policies)
        return fn
    return deco


def load_builtin() -> None:
    """Register the strategies of installed packages (entry-point group
    ``trunfo.strategies``; trunfo's own built-ins are one of them).  From a source tree
    that is not installed, the built-in package is imported directly."""
    if _LOADED["builtin"]:
        return
    _LOADED["builtin"] = True
    from importlib.metadata import entry_points
    found_own = False
    for ep in entry_points(group="trunfo.strategies"):
        target = ep.value.split(":")[0].strip()
        if target == "strategies":
            found_own = True
        before, mods = _registered(), set(sys.modules)
        _LOADING.append(f"entry point {ep.name}")
        try:
            ep.load()
        except Exception as e:  # an installed package's fault must say whose it is
            raise TrunfoError(f"strategies of entry point {ep.name!r} ({ep.value}) failed to "
                              f"load: {type(e).__name__}: {e}") from None
        finally:
            _LOADING.pop()
        new = [s for s in _new_since(before) if s.origin != "built-in"]
        if new and target in sys.modules:
            _with_modules(new, user_modules(sys.modules[target], set(sys.modules) - mods,
                                            package=target.split(".")[0]))
    if not found_own:
        importlib.import_module("strategies")


def _registered() -> dict:
    return {(g, n): s for g, t in _REGISTRY.items() for n, s in t.items()}


def _new_since(before: dict) -> list[Strategy]:
    return [s for (g, n), s in _registered().items() if before.get((g, n)) is not s]


def load_file(path: str) -> list[Strategy]:
    """Import a user's strategy file; returns the strategies it registered."""
    load_builtin()
    p = Path(path)
    if not p.is_file():
        raise TrunfoError(f"strategy file {path}: no such file")
    before, mods = _registered(), set(sys.modules)
    modname = "trunfo_user_" + hashlib.sha1(str(p.resolve()).encode()).hexdigest()[:10]
    if modname in sys.modules:
        return [s for t in _REGISTRY.values() for s in t.values() if s.origin == str(p)]
    spec = importlib.util.spec_from_file_location(modname, p)
    module = importlib.util.module_from_spec(spec)
    _LOADING_FILE.append(str(p))
    _LOADING.append(str(p))
    # the modules beside the file can be imported by it, as beside a script Python runs
    folder = str(p.resolve().parent)
    sys.path.insert(0, folder)
    try:
        sys.modules[modname] = module
        spec.loader.exec_module(module)
    except TrunfoError as e:
        sys.modules.pop(modname, None)
        raise TrunfoError(f"strategy file {path}: {e}") from None
    except SyntaxError as e:
        sys.modules.pop(modname, None)
        raise TrunfoError(f"strategy file {path}: syntax error at line {e.lineno}: "
                          f"{e.msg}") from None
    except Exception as e:
        sys.modules.pop(modname, None)
        raise TrunfoError(f"strategy file {path}: {type(e).__name__}: "
                          f"{str(e).splitlines()[0] if str(e) else ''}") from None
    finally:
        _LOADING_FILE.pop()
        _LOADING.pop()
        sys.path.remove(folder)
    new = _new_since(before)
    if not new:
        raise TrunfoError(f"strategy file {path} registers no strategy (decorate a policy "
                          f"with @simcore.strategy.strategy(GAME))")
    # the kernel cache key covers the helper modules the file brings in, not only the file
    return _with_modules(new, user_modules(module, set(sys.modules) - mods))


def strategies_for(game: str) -> dict[str, Strategy]:
    load_builtin()
    return dict(_REGISTRY.get(game, {}))


def get(game: str, name: str) -> Strategy:
    table = strategies_for(game)
    if name not in table:
        raise TrunfoError(f"unknown strategy {name!r} for {game}; valid strategies: "
                          f"{choices_text(table) or '(none)'}")
    return table[name]


# --- names with parameters: expert(lead_trumps_at=4,keep_seven=false) ---------------------

def split_names(text: str) -> list[str]:
    """``"expert(a=1,b=2),random"`` -> ``["expert(a=1,b=2)", "random"]`` (commas inside
    parentheses do not separate)."""
    out, depth, cur = [], 0, []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur).strip())
    return out


def parse_name(text: str) -> tuple[str, dict[str, str]]:
    """``"expert(a=1, b=false)"`` -> ``("expert", {"a": "1", "b": "false"})``."""
    text = text.strip()
    if "(" not in text:
        if ")" in text or "=" in text:
            raise TrunfoError(f"bad strategy {text!r}: write it as NAME or NAME(key=value,...)")
        return text, {}
    name, _, rest = text.partition("(")
    if not rest.endswith(")") or "(" in rest:
        raise TrunfoError(f"bad strategy {text!r}: write it as NAME or NAME(key=value,...)")
    given: dict[str, str] = {}
    for item in (x for x in rest[:-1].split(",") if x.strip()):
        k, sep, v = item.partition("=")
        if not sep or not k.strip():
            raise TrunfoError(f"bad strategy parameter {item.strip()!r} in {text!r}: "
                              f"write it as key=value")
        if k.strip() in given:
            raise TrunfoError(f"strategy parameter {k.strip()} is given twice in {text!r}: "
                              "give it once")
        given[k.strip()] = v.strip()
    return name.strip(), given


@dataclass(frozen=True)
class SeatStrategy:
    strategy: Strategy
    values: tuple[tuple[str, Any], ...]

    @property
    def label(self) -> str:
        """The name as typed back: parameters that differ from their defaults only."""
        changed = [(k, v) for (k, v), p in zip(self.values, self.strategy.params)
                   if v != p.default]
        if not changed:
            return self.strategy.name
        return f"{self.strategy.name}(" + ",".join(f"{k}={_fmt(v)}" for k, v in changed) + ")"


def seat_strategy(game: str, text: str) -> SeatStrategy:
    name, given = parse_name(text)
    s = get(game, name)
    return SeatStrategy(s, s.resolve(given))


# --- lineups: the strategies of one table -------------------------------------------------

@dataclass(frozen=True, eq=False)
class Lineup:
    """The strategies of a table, resolved, as kernels take them.

    ``strategies`` holds each distinct strategy once (sorted by name, so that tables that
    seat the same strategies differently share one compiled kernel); ``codes[seat]`` is the
    index of the seat's strategy there, and ``params[i]`` is strategy ``i``'s parameter
    records, one row per seat.  ``key`` identifies the compiled policies."""
    game: str
    seats: tuple[SeatStrategy, ...]
    strategies: tuple[Strategy, ...]
    codes: np.ndarray
    params: tuple
    key: str
    view: int
    deterministic: bool
    cacheable: bool
    trusted: bool           # built-in only: kernels need not check the cards returned

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.label for s in self.seats)

    def strategy_of(self, seat: int) -> SeatStrategy:
        return self.seats[seat]


_LINEUPS: dict[str, Lineup] = {}


def lineup(game: str, names, players: int) -> Lineup:
    """Validate one strategy per seat (or one for every seat) and build the lineup."""
    if isinstance(names, str):
        names = split_names(names)
    names = list(names)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise TrunfoError(f"{game} with {players} players needs 1 or {players} strategies "
                          f"(one per seat), got {len(names)}: {','.join(names)}")
    seats = tuple(seat_strategy(game, n) for n in names)
    own = {id(s.strategy): s.strategy for s in seats}
    for s in own.values():
        s.check_players(players)
    distinct = sorted(own.values(), key=lambda s: (s.name, s.origin))
    index = {id(s): i for i, s in enumerate(distinct)}
    codes = np.array([index[id(s.strategy)] for s in seats], dtype=np.int8)
    params = []
    for s in distinct:
        rows = np.zeros(players, s.param_dtype)
        for seat, ss in enumerate(seats):
            if ss.strategy is s:
                for (k, v), p in zip(ss.values, s.params):
                    rows[seat][k] = p.encode(v)
            else:
                for p in s.params:
                    rows[seat][p.name] = p.encode(p.default)
        params.append(rows)
    view = max(s.view for s in distinct)
    key = f"{game}|v{view}|" + "+".join(f"{s.name}@{s.fingerprint}" for s in distinct)
    lu = Lineup(game, seats, tuple(distinct), codes, tuple(params), key, view,
                all(s.deterministic for s in own.values()),
                all(s.cacheable for s in distinct),
                all(s.origin == "built-in" for s in distinct))
    _LINEUPS[key] = lu
    return lu


def lineup_of(key: str) -> Lineup:
    return _LINEUPS[key]


_DISPATCH: dict[tuple[str, str], Any] = {}


def dispatcher(key: str, kind: str = "play", default: Callable | None = None):
    """The jitted ``f(code, seat, v, legal, u, params) -> decision`` of a lineup for one
    kind of decision: strategy number ``code`` of the lineup decides for ``seat`` with the
    seat's own parameter record (``params[code][seat]``).  A strategy without a policy for ``kind`` uses
    ``default(v, legal, u, p)`` (the game's default for that decision)."""
    got = _DISPATCH.get((key, kind))
    if got is not None:
        return got
    lu = _LINEUPS[key]
    fns = []
    for s in lu.strategies:
        fn = s.policies.get(kind)
        own = fn is not None and s.origin != "built-in"
        if fn is None:
            fn = default
        if fn is None:
            raise TrunfoError(f"strategy {s.name} of {lu.game} has no {kind!r} policy")
        fns.append((bounded(fn) if own else fn, own))
    d = _chain(fns, 0)
    _DISPATCH[(key, kind)] = d
    return d


_BOUNDED: dict = {}


def bounded(fn):
    """A policy of a strategy not built in as its kernels run it: compiled on its own (a
    call, not inlined) with bounds checks, so that an index out of a view array's range
    (``v.played_by[-150]``; a negative index counts from the end, as in Python, and must
    land inside the array too) raises ``IndexError`` instead of reading the kernel's frame,
    where the other seats' hands are.  The built-in strategies' policies stay inlined and
    unchecked."""
    got = _BOUNDED.get(fn)
    if got is None:
        from ._jit import KERNEL_OPTIONS
        import numba
        py = getattr(fn, "py_func", fn)
        got = _BOUNDED[fn] = numba.njit(**{**KERNEL_OPTIONS, "boundscheck": True})(py)
    return got


def _chain(fns, i):
    """``if code == i: fns[i](...) else: <the rest>`` as inlined closures (numba freezes
    ``f`` and ``I`` as constants, so ``params[I]`` indexes the tuple statically).  A policy
    of a strategy not built in (``own``: :func:`bounded`) decides on the seat's own copy of
    the view (:func:`simcore.stack.seat_view`: no other seat's scratch row, no other
    decision's working memory); its scratch row is kept afterwards, and nothing else it
    writes reaches the view the other seats are shown."""
    from ._jit import KERNEL_OPTIONS
    from .stack import keep_seat_row, seat_view
    import numba
    f, own = fns[i]
    I = i  # noqa: E741
    jit = numba.njit(inline="always", **KERNEL_OPTIONS)
    if own:
        g = f

        def on_own_view(seat, v, legal, u, p):
            mine = seat_view(v, seat)
            c = g(mine, legal, u, p)
            keep_seat_row(v, mine, seat)
            return c
        f = jit(on_own_view)
    if i == len(fns) - 1:
        if own:
            def last(code, seat, v, legal, u, params):
                return f(seat, v, legal, u, params[I][seat])
        else:
            def last(code, seat, v, legal, u, params):
                return f(v, legal, u, params[I][seat])
        return jit(last)
    rest = _chain(fns, i + 1)

    if own:
        def step(code, seat, v, legal, u, params):
            if code == I:
                return f(seat, v, legal, u, params[I][seat])
            return rest(code, seat, v, legal, u, params)
    else:
        def step(code, seat, v, legal, u, params):
            if code == I:
                return f(v, legal, u, params[I][seat])
            return rest(code, seat, v, legal, u, params)
    return jit(step)


def illegal_card(setup, seat: int, card: int, deal: int, deck, shown: str | None = None,
                 what: str = "card") -> None:
    """Raise the one-line error for a strategy that returned an illegal card (the kernel
    stopped before playing it).  ``shown`` and ``what`` name another kind of decision
    (Scopa's moves: ``what="move"``)."""
    ss = setup.lineup.strategy_of(seat)
    if shown is None:
        shown = deck.format_card(card) if 0 <= card < deck.n_cards else str(card)
    raise TrunfoError(f"strategy {ss.strategy.name} ({ss.strategy.origin}) returned "
                      f"{shown}, not a legal {what}, for seat {seat} in deal {deal} of "
                      f"{setup.game}; the {what} was not played")


def policies_of(key, *kinds, defaults=None):
    """For a kernel's ``overload`` typed with the lineup ``key``: ``None`` unless ``key``
    is a string literal, else ``(view level, check cards?, dispatcher of each kind)``
    (see :func:`dispatcher`; ``defaults`` maps a kind to the game's default policy)."""
    from numba import types
    if not isinstance(key, types.StringLiteral):
        return None
    lu = lineup_of(key.literal_value)
    defaults = defaults or {}
    return (lu.view, not lu.trusted) + tuple(dispatcher(lu.key, k, defaults.get(k))
                                              for k in kinds)


def decide(game: str, name: str, view, legal, u: int = 0, kind: str = "play",
           players: int | None = None, seat: int | None = None):
    """One decision of strategy ``name`` (parameters allowed: ``"expert(a=1)"``) on a
    view built by hand (a record of the game's view dtype), from Python: what tests use to
    check a strategy's rules position by position.  Compiled once per strategy and kind
    (not cached on disk)."""
    from .games import get_game
    g = get_game(game)
    players = players or g.default_players
    seat = int(view["seat"]) if seat is None else seat
    lu = lineup(game, [name], players)
    fn = _DECIDERS.get((lu.key, kind))
    if fn is None:
        import numba
        d = dispatcher(lu.key, kind)

        def one(codes, seat, views, legal, u, sp):
            return d(codes[seat], seat, views[0], legal, u, sp)
        fn = _DECIDERS[(lu.key, kind)] = numba.njit(one)
    arr = np.zeros(1, view.dtype)
    arr[0] = view
    return fn(lu.codes, seat, arr, np.uint64(legal), np.uint64(u), lu.params)


_DECIDERS: dict = {}


def check_policies(lu: Lineup, view_dtype: np.dtype, kinds=("play",),
                   returns: str = "a card index") -> None:
    """Type every policy of the lineup's strategies that are not built in, on the game's
    view, as the kernels run it (:func:`bounded`): a policy that does not compile, or does
    not return an integer, is one line naming its strategy and file (instead of an error
    from inside a kernel)."""
    import numba
    from numba.core.errors import NumbaError
    vt = numba.from_dtype(view_dtype)
    for s in lu.strategies:
        if s.origin == "built-in" or getattr(s, "_checked", False):
            continue
        pt = numba.from_dtype(s.param_dtype)
        for kind in kinds:
            fn = s.policies.get(kind)
            if fn is None:
                continue
            fn = bounded(fn)            # as the kernels call it (compiled once for both)
            where = f"strategy {s.name} ({s.origin})"
            try:
                sig = (vt, numba.types.uint64, numba.types.uint64, pt)
                fn.compile(sig)
            except NumbaError as e:
                raise TrunfoError(f"{where}: its {kind} policy does not compile: "
                                  f"{_numba_reason(e)}") from None
            except KeyError as e:
                raise TrunfoError(f"{where}: its {kind} policy reads {e}, which is not a "
                                  f"field of the view (see docs/strategies.md)") from None
            except Exception as e:
                raise TrunfoError(f"{where}: its {kind} policy does not compile: "
                                  f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
                                  ) from None
            rt = fn.overloads[sig].signature.return_type
            if not isinstance(rt, numba.types.Integer):
                raise TrunfoError(f"{where}: its {kind} policy returns {rt}, not an integer "
                                  f"({returns})")
        object.__setattr__(s, "_checked", True)


def _numba_reason(e: Exception) -> str:
    """The line of a numba error that says what is wrong, without numba's boilerplate."""
    skip = ("Failed in", "During:", "File ", "Enable logging", "This error may", "<source",
            "^", "- Resolution failure", "No implementation of function",
            "There are", "Known signatures", "- Of which", "Rejected as",
            "* ", "raised from", "Invalid use of")
    lines = [ln.strip() for ln in str(e).splitlines()]
    useful = [ln for ln in lines if ln and not ln.startswith(skip)]
    text = useful[0] if useful else (lines[0] if lines else type(e).__name__)
    import re
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    return text[:200]
