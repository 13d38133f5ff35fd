"""Counter-based random streams: a deal's randomness depends only on (seed, key).

The exact stream is specified in ``docs/rng.md`` and pinned by
``tests/test_rng_golden.py``; do not change it without a major version.

* ``seed_base = mix(seed)`` where ``mix`` is the splitmix64 finaliser; other
  domains (rubbers) use ``mix(mix(seed) ^ tag)``.
* Stream ``key`` (a deal index, or a rubber index in the rubber domain) is a
  xoshiro256** generator whose four state words are
  ``mix(seed_base + (4*key + j) * GOLDEN)`` for ``j = 1..4`` (uint64 wrap).
* ``next64`` is xoshiro256**.  A draw below ``n`` from 32 bits ``u`` is
  ``(u * n) >> 32`` (multiply-shift); each 64-bit output gives two 32-bit draws,
  the high half first.
"""
import numpy as np

from ._jit import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
MASK32 = np.uint64(0xFFFFFFFF)

#: Domain tags xor-ed into ``seed_base`` so that different kinds of streams of
#: the same seed never coincide (deals use the plain ``seed_base``).
DOMAIN_DEAL = 0
DOMAIN_RUBBER = 0x52554242  # "RUBB"
DOMAIN_CALL = 0x43414C4C    # "CALL": matches of the called-card games (Sueca Italiana, ...)


@njit(inline="always")
def mix(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(inline="always")
def rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(inline="always")
def seed_stream(state, seed_base, key):
    """Fill ``state`` (uint64[4]) with the xoshiro state of stream ``key``."""
    x = seed_base + np.uint64(4) * np.uint64(key) * GOLDEN
    for j in range(4):
        x += GOLDEN
        state[j] = mix(x)


@njit(inline="always")
def next64(s):
    """xoshiro256** step on the uint64[4] state ``s``; returns 64 random bits."""
    result = rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return result


@njit(inline="always")
def below(u32, n):
    """Uniform draw in [0, n) from 32 random bits (multiply-shift)."""
    return np.int64((u32 * np.uint64(n)) >> np.uint64(32))


def seed_base(seed: int, domain: int = DOMAIN_DEAL) -> np.uint64:
    """The stream base for a user seed (0 <= seed < 2**64)."""
    seed = int(seed)
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed {seed} is out of range: it must be an integer in [0, 2**64)")
    base = _py_mix(seed)
    if domain:
        base = _py_mix(base ^ domain)
    return np.uint64(base)


# --- plain-Python mirror, used by docs examples and the golden test ----------
_U64 = (1 << 64) - 1


def _py_mix(z: int) -> int:
    z &= _U64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _U64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _U64
    return z ^ (z >> 31)
