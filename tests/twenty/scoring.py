"""Twenty's deal scoring: one pure function (jitted, callable from Python too)."""
from simcore._jit import njit


@njit
def outcome(points0, points1):
    """The outcome code of a deal: 0 tie, 1 seat 0 won, 2 seat 1 won."""
    if points0 == points1:
        return 0
    return 1 if points0 > points1 else 2
