"""Scratch arrays in a kernel's own stack frame (numba intrinsics), and the seat's own copy
of the view a strategy not built in decides on.

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


# --- the seat's own view: what a strategy not built in decides on ---------------------------

#: a view field holding one row per seat, memory of that seat's own (``scratch``): a strategy
#: not built in sees only its seat's row (the others are zero) and keeps what it writes there
SEAT_ROWS = "scratch"
#: view fields free for a policy's use within one decision (Brisca's ``work``): zero when a
#: strategy not built in starts deciding (what another seat's policy left there is not seen)
PER_DECISION = ("work",)


def _field_span(rec, name):
    """``(offset, bytes, rows)`` of the view field ``name`` (rows: its first dimension, 1 for
    a scalar), or None."""
    if name not in rec.fields:
        return None
    ty = rec.typeof(name)
    if isinstance(ty, types.NestedArray):
        return rec.offset(name), ty.size * ty.nitems, ty.shape[0]
    return rec.offset(name), ty.bitwidth // 8, 1


@intrinsic
def seat_view(typingctx, v, seat):
    """A copy of the view record ``v`` in the calling function's stack frame for ``seat`` to
    decide on (a strategy not built in): every field as in ``v``, except that of the rows of
    :data:`SEAT_ROWS` only ``seat``'s is copied (the others are zero) and the fields of
    :data:`PER_DECISION` are zero.  What the policy writes into the copy stays there (see
    :func:`keep_seat_row`): it never reaches the view the other seats are shown.  One
    copy per call site, allocated once in the function's entry block."""
    if not isinstance(v, types.Record) or not isinstance(seat, types.Integer):
        return None
    rows = _field_span(v, SEAT_ROWS)
    clear = [f for f in (_field_span(v, n) for n in PER_DECISION) if f is not None]

    def codegen(context, builder, signature, args):
        src, s = args
        lty = context.get_data_type(v)
        ptr = _entry_alloca(builder, lty, 1)
        i8p = ir.IntType(8).as_pointer()
        dst = builder.bitcast(ptr, i8p)
        srcp = builder.bitcast(src, i8p)
        size = context.get_constant(types.intp, v.size)
        cgutils.raw_memcpy(builder, dst, srcp, size, 1)
        for off, nbytes, _ in clear:
            cgutils.memset(builder, cgutils.pointer_add(builder, dst, ir.Constant(
                ir.IntType(64), off)), ir.Constant(ir.IntType(64), nbytes), 0)
        if rows is not None:
            off, nbytes, n = rows
            row = nbytes // n
            cgutils.memset(builder, cgutils.pointer_add(builder, dst, ir.Constant(
                ir.IntType(64), off)), ir.Constant(ir.IntType(64), nbytes), 0)
            s64 = context.cast(builder, s, seat, types.int64)
            # (a game whose scratch has fewer rows than seats: those seats see none)
            with builder.if_then(builder.icmp_unsigned("<", s64, ir.Constant(s64.type, n))):
                at = builder.add(ir.Constant(ir.IntType(64), off),
                                 builder.mul(s64, ir.Constant(ir.IntType(64), row)))
                cgutils.raw_memcpy(builder, cgutils.pointer_add(builder, dst, at),
                                   cgutils.pointer_add(builder, srcp, at),
                                   context.get_constant(types.intp, row), 1)
        return builder.bitcast(ptr, context.get_value_type(v))
    return v(v, seat), codegen


@intrinsic
def keep_seat_row(typingctx, v, own, seat):
    """After ``seat``'s decision on its copy ``own`` (:func:`seat_view`): its row of
    :data:`SEAT_ROWS` back into the view ``v``, the one thing of the copy that is kept."""
    if not (isinstance(v, types.Record) and own == v and isinstance(seat, types.Integer)):
        return None
    rows = _field_span(v, SEAT_ROWS)

    def codegen(context, builder, signature, args):
        dst, src, s = args
        if rows is not None:
            off, nbytes, n = rows
            row = nbytes // n
            i8p = ir.IntType(8).as_pointer()
            s64 = context.cast(builder, s, seat, types.int64)
            with builder.if_then(builder.icmp_unsigned("<", s64, ir.Constant(s64.type, n))):
                at = builder.add(ir.Constant(ir.IntType(64), off),
                                 builder.mul(s64, ir.Constant(ir.IntType(64), row)))
                cgutils.raw_memcpy(builder,
                                   cgutils.pointer_add(builder, builder.bitcast(dst, i8p), at),
                                   cgutils.pointer_add(builder, builder.bitcast(src, i8p), at),
                                   context.get_constant(types.intp, row), 1)
        return context.get_dummy_value()
    return types.none(v, own, seat), codegen
