"""The random streams of docs/rng.md in plain Python, shared by the reference games.

Written from docs/rng.md alone (never from simcore): splitmix64 ``mix``, xoshiro256**
with an output counter, multiply-shift draws, the stream domains, and the shuffle pass.
"""
MASK = 0xFFFFFFFFFFFFFFFF
MASK32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15
DOMAIN_TAGS = {"deal": None, "rubber": 0x52554242, "match": 0x4D415443, "game": 0x47414D45,
               "call": 0x43414C4C}


def mix(z: int) -> int:
    """splitmix64 finaliser."""
    z &= MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


class Xoshiro:
    """xoshiro256** with an output counter (``outputs``) for instrumentation."""

    __slots__ = ("s0", "s1", "s2", "s3", "outputs")

    def __init__(self, s0: int, s1: int, s2: int, s3: int):
        self.s0 = s0 & MASK
        self.s1 = s1 & MASK
        self.s2 = s2 & MASK
        self.s3 = s3 & MASK
        self.outputs = 0

    @property
    def state(self) -> tuple[int, int, int, int]:
        return (self.s0, self.s1, self.s2, self.s3)

    def next(self) -> int:
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        result = (_rotl((s1 * 5) & MASK, 7) * 9) & MASK
        t = (s1 << 17) & MASK
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3
        self.outputs += 1
        return result


def hi32(x: int) -> int:
    return x >> 32


def lo32(x: int) -> int:
    return x & MASK32


def below(u: int, n: int) -> int:
    """A draw below n from 32 random bits: multiply-shift."""
    return (u * n) >> 32


def domain_base(seed: int, domain: str = "deal") -> int:
    """``mix(seed)`` for deals; ``mix(mix(seed) ^ tag)`` for the other domains."""
    if domain not in DOMAIN_TAGS:
        raise ValueError(f"unknown domain {domain!r} (expected one of {sorted(DOMAIN_TAGS)})")
    tag = DOMAIN_TAGS[domain]
    return mix(seed) if tag is None else mix(mix(seed) ^ tag)


def stream(seed: int, key: int, domain: str = "deal") -> Xoshiro:
    """Stream `key` of a domain: s[j-1] = mix(base + (4*key + j) * GOLDEN), j = 1..4."""
    base = domain_base(seed, domain)
    s = [mix((base + (4 * key + j) * GOLDEN) & MASK) for j in range(1, 5)]
    return Xoshiro(*s)


def shuffle(deck: list[int], gen: Xoshiro) -> None:
    """In-place Fisher-Yates pass using both halves of each output (docs/rng.md)."""
    i = len(deck) - 1
    while i > 1:
        x = gen.next()
        j = (hi32(x) * (i + 1)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
        j = (lo32(x) * i) >> 32
        deck[i - 1], deck[j] = deck[j], deck[i - 1]
        i -= 2
    if i == 1:
        j = (hi32(gen.next()) * 2) >> 32
        deck[1], deck[j] = deck[j], deck[1]
