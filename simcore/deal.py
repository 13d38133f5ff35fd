"""Steps shared by every game's dealing: the documented shuffle pass (docs/rng.md), and
where a kernel's deals come from (:func:`fill_deck`)."""
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload, typeof_impl

from ._jit import KERNEL_OPTIONS, njit
from .rng import MASK32, next64, seed_stream
from .stack import stack_empty

_32 = np.uint64(32)


@njit(inline="always")
def shuffle(state, deck, n):
    """The documented Fisher-Yates pass: two draws per 64-bit output."""
    i = n - 1
    while i > 1:
        x = next64(state)
        j = np.int64(((x >> _32) * np.uint64(i + 1)) >> _32)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
        j = np.int64(((x & MASK32) * np.uint64(i)) >> _32)
        t = deck[i - 1]
        deck[i - 1] = deck[j]
        deck[j] = t
        i -= 2
    if i == 1:
        j = np.int64(((next64(state) >> _32) * np.uint64(2)) >> _32)
        t = deck[1]
        deck[1] = deck[j]
        deck[j] = t


def fill_deck(state, deck, n, source, i):
    """Put the ``i``-th deal of a chunk into ``deck[:n]``.  Jitted code only.

    ``source`` says where deals come from.  Every source is the same four integers
    ``(kind, a, b, entry)``, so one compiled kernel serves them all (``trunfo simulate``,
    ``trunfo odds`` and the tests' given decks run the same kernel of a table); the kind
    is read at run time, once a deal:

    - :data:`SHUFFLED` (kind 0): the identity deck shuffled by the documented pass
      (docs/rng.md), 20 outputs for 40 cards;
    - :func:`given` (kind 1): deck ``decks[i]`` of an int64 array of shape (count, b) at
      address ``a``, as it is, no output used (the play's draws start at the stream's
      first output);
    - :func:`conditioned` (kind 2): a deck order drawn by
      ``simcore.conditions.sampler.deal_from_plan`` from the deal's stream, which then goes
      on with the play (docs/conditioned-dealing.md): the sampler is called through its C
      entry point ``entry`` with the plan at ``a`` and the chunk's work array at ``b``; the
      dealer it drew is :func:`source_dealer`'s.  When the chunk was dealt beforehand (from
      Python, e.g. for a predicate), its decks, dealers and the stream states after each
      deal are copied as they are.

    Every kernel then deals ``deck`` by its game's documented positions.
    """
    raise NotImplementedError("fill_deck is called from jitted code only")


K_SHUFFLED, K_GIVEN, K_CONDITIONED = 0, 1, 2

#: the source of ordinary deals: shuffled decks
SHUFFLED = (K_SHUFFLED, 0, 0, 0)


class DealSource(tuple):
    """A deal source that is not :data:`SHUFFLED`: to the kernels, its four integers
    (addresses, not arrays: no reference counting when kernels copy it); the arrays they
    point into are attributes of this object, alive as long as it is (``blob`` for given
    decks; ``pblob`` and ``wblob`` for a conditioned source)."""

    blob: np.ndarray
    pblob: np.ndarray
    wblob: np.ndarray


@typeof_impl.register(DealSource)
def _typeof_source(val, c):
    return types.UniTuple(types.int64, 4)


def given(decks) -> DealSource:
    """The source of deals whose deck order is given: one row per deal of the chunk."""
    blob = np.ascontiguousarray(decks, dtype=np.int64)
    if blob.ndim != 2:
        raise ValueError(f"given decks must be a 2-d array (one row per deal), not "
                         f"{blob.ndim}-d")
    src = DealSource((K_GIVEN, int(blob.ctypes.data), int(blob.shape[1]), 0))
    src.blob = blob
    return src


def conditioned(plan, decks=None, dealers=None, states=None, packed=None) -> DealSource:
    """The source of conditioned deals for one chunk (docs/odds.md), over the plan packed
    in one flat array (``packed``: :func:`~simcore.conditions.sampler.pack_plan` of it,
    computed once and shared, read only) and the chunk's own work array, which also
    receives the dealer drawn, the deck orders drawn and the deal the sampler gave up on
    (see :func:`source_info`): threads never share a mutable array.  ``decks``,
    ``dealers`` and ``states`` (the stream states after each deal): the chunk's deals,
    dealt beforehand."""
    from .conditions.sampler import deal_source_address, new_source_work, pack_plan
    pblob = np.ascontiguousarray(pack_plan(plan) if packed is None else packed, np.int64)
    wblob = new_source_work(plan, decks, dealers, states)
    src = DealSource((K_CONDITIONED, int(pblob.ctypes.data), int(wblob.ctypes.data),
                      deal_source_address()))
    src.pblob = pblob
    src.wblob = wblob
    return src


def source_info(source) -> tuple[int, int]:
    """After a chunk from a :func:`conditioned` source: ``(deck orders drawn, the chunk
    index of the deal the sampler gave up on or -1)``."""
    from .conditions.sampler import W_FAILED, W_TRIES
    w = source.wblob
    return int(w[W_TRIES]), int(w[W_FAILED]) - 1


def is_conditioned(source) -> bool:
    """From Python: whether ``source`` is a :func:`conditioned` one."""
    return isinstance(source, DealSource) and source[0] == K_CONDITIONED


@njit(inline="always")
def is_shuffled(source):
    """In a kernel: the deal comes shuffled (:data:`SHUFFLED`), so rules that deal again
    (a redraw, a relay) may shuffle again; a given or conditioned deck is dealt as it is."""
    return source[0] == K_SHUFFLED


@njit(inline="always")
def is_given(source):
    """In a kernel: the deck order of the deal is given (:func:`given`), dealt as it is."""
    return source[0] == K_GIVEN


def _is_source(source) -> bool:
    return isinstance(source, types.UniTuple) and source.count == 4 and \
        isinstance(source.dtype, types.Integer)


@overload(fill_deck, inline="always", jit_options=KERNEL_OPTIONS)
def _fill_deck(state, deck, n, source, i):
    if not _is_source(source):
        return None
    from .conditions.sampler import SOURCE_DECK, _array_at

    def fill(state, deck, n, source, i):
        kind = source[0]
        if kind == K_SHUFFLED:
            for j in range(n):
                deck[j] = j
            shuffle(state, deck, n)
        elif kind == K_GIVEN:
            row = _array_at(source[1] + 8 * i * source[2], n, np.int64)
            for j in range(n):
                deck[j] = row[j]
        else:
            # the sampler is called through its C entry point (compiled once, not in every
            # kernel: sampler.deal_source_address), on its own copy of the stream state, so
            # that the kernel's state (in its frame) does not escape and stays in registers
            # through the play, and of the deck (int64 slots, whatever the kernel's deck)
            s = stack_empty(4, np.uint64)
            for j in range(4):
                s[j] = state[j]
            d = stack_empty(SOURCE_DECK, np.int64)
            _call_source(source[3], s, d, np.int64(source[1]), np.int64(source[2]),
                         np.int64(i))
            for j in range(n):
                deck[j] = d[j]
            for j in range(4):
                state[j] = s[j]
    return fill


@intrinsic
def _call_source(typingctx, faddr, state, deck, paddr, waddr, i):
    """Call the sampler's C entry point at ``faddr`` with the data of ``state`` (uint64[4])
    and ``deck`` (int64 slots): ``int64 f(uint64*, int64*, int64, int64, int64)``."""
    sig = types.int64(faddr, state, deck, types.int64, types.int64, types.int64)

    def codegen(context, builder, signature, args):
        f, st, dk, pa, wa, ix = args
        sp = context.make_array(signature.args[1])(context, builder, st).data
        dp = context.make_array(signature.args[2])(context, builder, dk).data
        i64 = ir.IntType(64)
        fnty = ir.FunctionType(i64, [i64.as_pointer(), i64.as_pointer(), i64, i64, i64])
        fp = builder.inttoptr(context.cast(builder, f, signature.args[0], types.int64),
                              fnty.as_pointer())
        return builder.call(fp, [builder.bitcast(sp, i64.as_pointer()),
                                 builder.bitcast(dp, i64.as_pointer()), pa, wa, ix])

    return sig, codegen


def source_dealer(source, i, dealer):
    """The dealer of the ``i``-th deal of a chunk once :func:`fill_deck` has filled it:
    ``dealer`` itself for shuffled and given decks; a source that draws the dealer with the
    cards (conditioned deals, docs/odds.md) returns the one it drew.  Jitted code only."""
    raise NotImplementedError("source_dealer is called from jitted code only")


@overload(source_dealer, inline="always", jit_options=KERNEL_OPTIONS)
def _source_dealer(source, i, dealer):
    if not _is_source(source):
        return None
    from .conditions.sampler import source_dealer_at

    def drawn(source, i, dealer):
        if source[0] == K_CONDITIONED:
            return source_dealer_at(np.int64(source[2]))
        return dealer
    return drawn


@njit(inline="always")
def first_dealer(state, seed_base, k, players, dealer_fixed):
    """Seed ``state`` with the stream of deal (or whole series) ``k`` (docs/rng.md) and
    return its dealer: ``dealer_fixed``, or ``k % players`` when it is negative (the
    dealer rotates with the index).  Every game's chunk loops start a deal or a series
    so."""
    seed_stream(state, seed_base, k)
    return k % players if dealer_fixed < 0 else dealer_fixed


@njit(inline="always")
def deal_deck(state, deck, n, source, i, dealer):
    """``deck[:n]`` filled for the ``i``-th deal of a chunk from ``source``
    (:func:`fill_deck`); returns its dealer: ``dealer``, or the one a conditioned source
    drew with the cards (:func:`source_dealer`)."""
    fill_deck(state, deck, n, source, i)
    return source_dealer(source, i, dealer)
