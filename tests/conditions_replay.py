"""A conditioned deal replayed in plain Python from docs/conditioned-dealing.md ("Random
streams"): the stream of reference_rng, the draws and the plan's arrays read as the page
describes them.
Plans with a check are not replayed (only the tries' draws are documented, not the check)."""
from reference_rng import MASK32, Xoshiro


class Draws:
    """32-bit draws: hi then lo of each output; a fresh output at each deck order."""

    def __init__(self, gen: Xoshiro):
        self.gen = gen
        self.pending = None

    def fresh(self):
        self.pending = None

    def u32(self) -> int:
        if self.pending is not None:
            u, self.pending = self.pending, None
            return u
        x = self.gen.next()
        self.pending = x & MASK32
        return x >> 32

    def below(self, n: int) -> int:
        m = self.u32() * n
        if (m & MASK32) < n:
            t = ((1 << 32) - n) % n
            while (m & MASK32) < t:
                m = self.u32() * n
        return m >> 32

    def entry(self, weights: list[int], limbs: int) -> int:
        """Index of the entry drawn among cumulative weights (no draw for one entry)."""
        if len(weights) == 1:
            return 0
        total = weights[-1]
        parts = [(total >> (64 * (limbs - 1 - i))) & 0xFFFFFFFFFFFFFFFF for i in range(limbs)]
        i0 = next((i for i in range(limbs - 1) if parts[i] != 0), limbs - 1)
        mask = 0
        while mask < parts[i0]:
            mask = (mask << 1) | 1
        while True:
            r = 0
            for i in range(limbs):
                limb = 0
                if i >= i0:
                    limb = (self.u32() << 32) | self.u32()
                    if i == i0:
                        limb &= mask
                r = (r << 64) | limb
            if r < total:
                break
        return next(e for e, w in enumerate(weights) if w > r)


def replay(plan, gen: Xoshiro, n_cards: int) -> tuple[list[int], int]:
    """(deck order, dealer) of one deal of a plan without a check; ``gen`` is the deal's
    stream, left where the deal leaves it."""
    from simcore.conditions import sampler as S     # only the header's slot numbers
    ints = [int(x) for x in plan.ints]
    limbs = ints[S.H_LIMBS]
    ew = ints[S.H_EDGE_WORDS]
    cum = [sum(int(v) << (64 * (limbs - 1 - i)) for i, v in enumerate(row)) for row in plan.cum]
    sec = lambda slot, i: ints[ints[slot] + i]

    def edges(node):
        return range(sec(S.O_NODE_EDGE, node), sec(S.O_NODE_EDGE, node + 1))

    draws = Draws(gen)
    draws.fresh()
    es = list(edges(0))
    e = es[draws.entry([cum[x] for x in es], limbs)]
    node = sec(S.O_EDGE, e * ew)
    comp = sec(S.O_NODE_COMP, node)
    dealer = sec(S.O_COMP_DEALER, comp)
    c0, c1 = sec(S.O_COMP_CLASS, comp), sec(S.O_COMP_CLASS, comp + 1)
    r0, r1 = sec(S.O_COMP_ROW, comp), sec(S.O_COMP_ROW, comp + 1)
    rows = [[] for _ in range(r0, r1)]
    for cls in range(c1 - 1, c0 - 1, -1):
        es = list(edges(node))
        e = es[draws.entry([cum[x] for x in es], limbs)]
        a, b = sec(S.O_CLASS_OFF, cls), sec(S.O_CLASS_OFF, cls + 1)
        cards = [sec(S.O_CLASS_CARDS, i) for i in range(a, b)]
        s = len(cards)
        shares = [(sec(S.O_EDGE, e * ew + 1 + j // 8) >> (8 * (j % 8))) & 255
                  for j in range(len(rows) - 1)]
        shares.append(s - sum(shares))
        i = 0
        for j, t in enumerate(shares):
            if t == 0:
                continue
            if i + t == s:
                rows[j].extend(cards[i:])
                break
            for _ in range(t):
                pick = i + draws.below(s - i)
                cards[i], cards[pick] = cards[pick], cards[i]
                rows[j].append(cards[i])
                i += 1
        node = sec(S.O_EDGE, e * ew)
    deck = [None] * n_cards
    for j, row in enumerate(rows):
        lo, hi = sec(S.O_ROW_OFF, r0 + j), sec(S.O_ROW_OFF, r0 + j + 1)
        free = sec(S.O_ROW_FREE, r0 + j)
        for t in range(len(row) - 1, free - 1, -1):
            k = draws.below(t + 1)
            row[t], row[k] = row[k], row[t]
        for t, p in enumerate(range(lo, hi)):
            deck[sec(S.O_ROW_POS, p)] = row[t]
    return deck, dealer
