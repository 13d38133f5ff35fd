"""Cheaper compilation of ``inline="always"`` functions (installed by :mod:`simcore._jit`).

Every kernel of trunfo is one large function into which the play loop, the policies and
the view's hooks are inlined (``@njit(inline="always")``).  Numba inlines such a call in
its untyped pass ``InlineInlinables`` through ``InlineWorker.inline_function``, which for
*every call site*:

1. runs the whole untyped front end on the callee (bytecode, IR, and recursively the
   inlining of the callee's own callees), although the result depends only on the callee;
2. deep-copies the callee's IR twice: once to splice it in (needed: the copy is
   mutated), once as an "unmutated original" that this pass throws away;
3. deep-copies each block of the callee with a memo of its own, so every block's copy
   copies the callee's whole scope again (each variable of the function: quadratic in the
   callee's size).

Profiled on a cold Scopa kernel, these two make up about half of the compile time.  Here
``inline_function`` keeps each callee's front-end IR (per callee and compiler flags, for
the life of the process), skips the second copy and copies the blocks of one call site
with one memo (the scope and each variable once, shared by the blocks as in the
original); what is spliced into the caller is the same IR as before, so the compiled code
is the same (checked on the LLVM of whole kernels: identical).

It is an optimisation of numba's internals, so it is applied only where it was checked
(``_CHECKED``: the numba versions whose ``InlineWorker`` is the one described above) and
can be switched off with the environment variable ``TRUNFO_NUMBA_INLINE_CACHE=0``; then
numba compiles as it always does, only more slowly.
"""
import copy as _copy
import os

import numba

#: numba versions (major, minor) whose InlineWorker.inline_function / inline_ir this was
#: written against and checked with (tests/test_inline_cache.py, and every parity test)
_CHECKED = {(0, 60), (0, 61), (0, 62), (0, 63), (0, 64), (0, 65), (0, 66), (0, 67), (0, 68)}


class _SkipSecondCopy:
    """Stands in for the ``copy`` module inside ``numba.core.inline_closurecall`` during one
    ``inline_ir`` call: deep copies with one memo for the whole call (numba passes none:
    a fresh one per block), except that a block this very call has just copied is
    returned as it is (the second, discarded copy of ``inline_ir``)."""

    def __init__(self):
        self.made = set()
        self.memo = {}

    def deepcopy(self, x, memo=None):
        if id(x) in self.made:
            return x
        y = _copy.deepcopy(x, self.memo if memo is None else memo)
        self.made.add(id(y))
        return y

    def __getattr__(self, name):
        return getattr(_copy, name)


def _same(x, memo):
    return x


def install() -> bool:
    """Install the cache; True when it is in force."""
    if os.environ.get("TRUNFO_NUMBA_INLINE_CACHE", "1") == "0":
        return False
    version = tuple(int(x) for x in numba.__version__.split(".")[:2] if x.isdigit())
    if version not in _CHECKED:
        return False
    from numba.core import inline_closurecall as icc
    from numba.core import ir
    worker = icc.InlineWorker
    if getattr(worker, "_trunfo_inline_cache", False):
        return True
    original = worker.inline_function
    loc = ir.Loc
    if "__deepcopy__" in vars(loc):
        return False
    front_ends: dict = {}

    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        if arg_typs is not None:        # the typed path (not numba's InlineInlinables)
            return original(self, caller_ir, block, i, function, arg_typs)
        flags = self.flags.copy()
        flags.enable_ssa = False          # what run_untyped_passes sets (and keys on)
        key = (function, self._compiler_pipeline, flags, repr(self.locals))
        callee_ir = front_ends.get(key)
        if callee_ir is None:
            callee_ir = self.run_untyped_passes(function)
            front_ends[key] = callee_ir   # never mutated: inline_ir works on a copy
        else:
            self.flags.enable_ssa = False  # run_untyped_passes' side effect on the caller
        freevars = function.__code__.co_freevars
        icc.copy = _SkipSecondCopy()
        loc.__deepcopy__ = _same       # a Loc is a value: shared, not copied, by the copy
        try:
            return self.inline_ir(caller_ir, block, i, callee_ir, freevars)
        finally:
            icc.copy = _copy
            del loc.__deepcopy__

    worker.inline_function = inline_function
    worker._trunfo_inline_cache = True
    return True
