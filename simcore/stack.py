"""Scratch arrays in a kernel's own stack frame (numba intrinsics).

A chunk loop's scratch arrays (the random state, the deck, the hands) and its copy of the
view, when they live in the loop function's frame instead of the heap, need no allocation
and no reference counting, and the compiler knows that nothing else reads or writes them:
it keeps small ones in registers, drops stores nobody reads and folds constants written
into them.  Such an array must not outlive the function that made it (never return it or
store it in another array).
"""
from llvmlite import ir
from numba import types
from numba.core import cgutils, ir_utils
from numba.extending import intrinsic


def _entry_alloca(builder, lty, count):
    """``count`` items of LLVM type ``lty`` on the stack, allocated once in the function's
    entry block and aligned on 64 bytes (as numba aligns arrays' data)."""
    with builder.goto_entry_block():
        ptr = builder.alloca(lty, size=ir.Constant(ir.IntType(64), count))
        ptr.align = 64
    return ptr


@intrinsic
def stack_empty(typingctx, n, dtype):
    """An uninitialised 1-d array of ``n`` (a literal) items of ``dtype`` in the calling
    function's stack frame (no allocation, no reference counting; it must not outlive the
    function): the compiler can keep a small one, as the random state, in registers."""
    if not isinstance(n, types.IntegerLiteral):
        return None
    dt = dtype.dtype if isinstance(dtype, types.DType) else getattr(dtype, "instance_type", None)
    if not isinstance(dt, types.Number):
        return None
    count = n.literal_value
    arrty = types.Array(dt, 1, "C")

    def codegen(context, builder, signature, args):
        lty = context.get_data_type(dt)
        ptr = _entry_alloca(builder, lty, count)
        ary = context.make_array(arrty)(context, builder)
        size = context.get_abi_sizeof(lty)
        context.populate_array(ary, data=ptr,
                               shape=[context.get_constant(types.intp, count)],
                               strides=[context.get_constant(types.intp, size)],
                               itemsize=context.get_constant(types.intp, size), meminfo=None)
        return ary._getvalue()
    return arrty(n, dtype), codegen


@intrinsic
def stack_copy(typingctx, arr):
    """A copy of the first item of the 1-d array ``arr`` in the calling function's stack
    frame, as a one-item array (no allocation, no reference counting; it must not outlive
    the function).  Kernels play on such a copy of the view: the compiler then knows that
    nothing else writes it, keeps its fields in registers across the play and drops the
    stores no policy reads."""
    if not isinstance(arr, types.Array) or arr.ndim != 1:
        return None
    dt = arr.dtype
    arrty = types.Array(dt, 1, "C")

    def codegen(context, builder, signature, args):
        lty = context.get_data_type(dt)
        ptr = _entry_alloca(builder, lty, 1)
        src = context.make_array(arr)(context, builder, args[0])
        size = context.get_abi_sizeof(lty)
        cgutils.raw_memcpy(builder, ptr, src.data, context.get_constant(types.intp, 1), size)
        ary = context.make_array(arrty)(context, builder)
        context.populate_array(ary, data=ptr,
                               shape=[context.get_constant(types.intp, 1)],
                               strides=[context.get_constant(types.intp, size)],
                               itemsize=context.get_constant(types.intp, size), meminfo=None)
        return ary._getvalue()
    return arrty(arr), codegen


def _copy_aliases(lhs, args, alias_map, arg_aliases):
    """For numba's dead-code elimination, the copy stands for its source: writes to it, and
    to the nested arrays of its records (a temporary array per access), are kept.  Without
    this, a copy of an argument is a fresh local, and every ``v.field[i] = x`` into it looks
    dead."""
    ir_utils._add_alias(lhs, args[0].name, alias_map, arg_aliases)


ir_utils.alias_func_extensions[("stack_copy", __name__)] = _copy_aliases
