"""Bit operations on uint64 card masks, through LLVM intrinsics.

``popcount`` and ``ctz`` compile to single instructions (``popcnt``, ``tzcnt``).
``select_bit(m, k, bmi2)`` returns the index of the k-th (0-based) set bit of
``m``: with ``bmi2`` true it is ``ctz(pdep(1 << k, m))`` using
``llvm.x86.bmi.pdep.64``; otherwise a portable loop that clears the k lowest
bits.  Both give identical results.  ``pext(src, mask, bmi2)`` packs the bits of ``src``
at the set bits of ``mask`` (``llvm.x86.bmi.pext.64``, or a portable loop).  ``bmi2`` is a *run-time* argument decided
once from the CPU's features (:data:`HAS_BMI2`): calling ``pdep`` on a CPU
without BMI2 kills the process, and fixing the choice at compile time was
measured to cost about 35%.
"""
import platform

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from ._jit import njit


def _cpu_has_bmi2() -> bool:
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return " bmi2" in line
    except OSError:
        pass
    try:  # other OSes: ask LLVM which features the host has
        import llvmlite.binding as llvm
        return "+bmi2" in llvm.get_host_cpu_features().flatten()
    except Exception:  # pragma: no cover - no way to tell: stay portable
        return False


#: True when this CPU has BMI2 (``pdep``).  Passed to kernels as an argument.
HAS_BMI2: bool = _cpu_has_bmi2()


@intrinsic
def clz(typingctx, x):
    """Leading zero bits of a non-zero uint64 (``llvm.ctlz.i64``)."""
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@intrinsic
def popcount(typingctx, x):
    """Number of set bits of a uint64 (``llvm.ctpop.i64``)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def ctz(typingctx, x):
    """Index of the lowest set bit of a non-zero uint64 (``llvm.cttz.i64``)."""
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@intrinsic
def _pdep(typingctx, src, mask):
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fnty = ir.FunctionType(i64, [i64, i64])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)

    return sig, codegen


@intrinsic
def _pext(typingctx, src, mask):
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fnty = ir.FunctionType(i64, [i64, i64])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.bmi.pext.64")
        return builder.call(fn, args)

    return sig, codegen


@njit(inline="always")
def pext(src, mask, bmi2):
    """The bits of ``src`` at the set bits of ``mask``, packed to the low end (BMI2 ``pext``
    or a portable loop over the bits of ``mask``)."""
    if bmi2:
        return _pext(src, mask)
    out = np.uint64(0)
    k = np.uint64(0)
    while mask:
        low = mask & (~mask + np.uint64(1))
        if src & low:
            out |= np.uint64(1) << k
        k += np.uint64(1)
        mask ^= low
    return out


@njit(inline="always")
def select_bit(m, k, bmi2):
    """Index of the k-th (0-based, from the lowest) set bit of ``m``."""
    if bmi2:
        return ctz(_pdep(np.uint64(1) << np.uint64(k), m))
    for _ in range(k):
        m &= m - np.uint64(1)
    return ctz(m)


@njit(inline="always")
def nth_bit(m, k, bmi2):
    """The mask of the k-th (0-based, from the lowest) set bit of ``m``; 0 if ``m`` is 0."""
    if bmi2:
        return _pdep(np.uint64(1) << np.uint64(k), m)
    for _ in range(k):
        m &= m - np.uint64(1)
    return m & (~m + np.uint64(1))


@njit(inline="always")
def top_bit(m):
    """Index of the highest set bit of a non-zero ``m``."""
    return 63 - clz(m)


@njit(inline="always")
def bit(i):
    """The mask with only bit ``i`` set."""
    return np.uint64(1) << np.uint64(i)


def mask_to_indices(m: int) -> list[int]:
    """Plain-Python helper: the indices of the set bits of ``m``, ascending."""
    m = int(m)
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out
