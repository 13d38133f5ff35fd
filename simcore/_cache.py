"""Numba's disk cache keyed by the whole engine's source (installed by :mod:`simcore._jit`).

Numba keeps a cached kernel while the source file that defines it is unchanged.  A trunfo
kernel compiles in code from many files (the game's rules and scoring, the dealing, the
strategies, the solver, the constants of ``enums.py``), so a change in one of them, after a
``git pull`` into an editable install, would leave a kernel compiled from the old code in
the cache: results silently from the old rules.  Here a kernel defined under ``simcore/``
or ``strategies/`` is stamped with a hash of every Python file of both packages as well:
any change there compiles every kernel again, once.  A kernel defined in a package folder
outside them (a game of its own, docs/adding-a-game.md: ``<pkg>/<game>/nb.py``) is stamped
with that hash and a hash of the Python files of its own folder (its enums, view,
scoring, strategies...).  Kernels in other files (a test module, a script) keep numba's
own stamp.
"""
from __future__ import annotations

import hashlib
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
ROOTS = (_HERE, os.path.join(os.path.dirname(_HERE), "strategies"))


def package_stamp(roots=ROOTS) -> str:
    """A hash of the path and content of every ``.py`` file under ``roots``."""
    h = hashlib.sha256()
    for root in roots:
        for d, dirs, files in sorted(os.walk(root)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py"):
                    p = os.path.join(d, f)
                    h.update(os.path.relpath(p, os.path.dirname(root)).encode())
                    with open(p, "rb") as fh:
                        h.update(hashlib.sha256(fh.read()).digest())
    return h.hexdigest()


def _inside(path: str) -> bool:
    path = os.path.abspath(path)
    return any(path.startswith(r + os.sep) for r in ROOTS)


_FOLDERS: dict[str, str] = {}


def folder_stamp(path: str) -> str | None:
    """A hash of the ``.py`` files of the package folder holding ``path`` (not of its
    sub-folders), or None when that folder is not a package (no ``__init__.py``)."""
    d = os.path.dirname(os.path.abspath(path))
    if d not in _FOLDERS:
        if not os.path.isfile(os.path.join(d, "__init__.py")):
            return None
        h = hashlib.sha256()
        for f in sorted(os.listdir(d)):
            if f.endswith(".py"):
                h.update(f.encode())
                with open(os.path.join(d, f), "rb") as fh:
                    h.update(hashlib.sha256(fh.read()).digest())
        _FOLDERS[d] = h.hexdigest()
    return _FOLDERS[d]


def forget_folders() -> None:
    """Hash the folders again (their stamps are kept for the process)."""
    _FOLDERS.clear()


def install() -> bool:
    """Put the stamped locators first in numba's list; True when in force."""
    from numba.core import caching
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    if impl is None:
        return False
    if getattr(impl, "_trunfo_stamped", False):
        return True
    mixin = getattr(caching, "_SourceFileBackedLocatorMixin", None)
    if mixin is None or not hasattr(impl, "_locator_classes"):
        return False
    stamp = package_stamp()
    stamped = []
    for base in impl._locator_classes:
        if not (isinstance(base, type) and issubclass(base, mixin)):
            continue

        class Stamped(base):
            @classmethod
            def from_function(cls, py_func, py_file):
                folder = None if _inside(py_file) else folder_stamp(py_file)
                if folder is None and not _inside(py_file):
                    return None
                self = super().from_function(py_func, py_file)
                if self is not None:
                    self._trunfo_folder = folder
                return self

            def get_source_stamp(self):
                folder = getattr(self, "_trunfo_folder", None)
                own = (super().get_source_stamp(), stamp)
                return own if folder is None else own + (folder,)

        Stamped.__name__ = Stamped.__qualname__ = f"Trunfo{base.__name__}"
        stamped.append(Stamped)
    impl._locator_classes = stamped + list(impl._locator_classes)
    impl._trunfo_stamped = True
    return True
