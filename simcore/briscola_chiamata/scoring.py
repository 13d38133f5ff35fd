"""Briscola chiamata deal scoring: pure jitted functions (callable from Python too).

The table is in ``docs/games/briscola_chiamata.md`` and is tested case by case in
``tests/test_briscola_chiamata_scoring.py``.
"""
from .._jit import njit
from .enums import O_ALONE_FAILED, O_ALONE_MADE, O_FAILED, O_MADE, TOTAL_POINTS


@njit
def score_deal(contract, declarer_points, alone):
    """``(made, cappotto, declarer's score, partner's, each defender's, outcome code)``.

    ``contract``: the card points needed (61 or the points bid); ``declarer_points``: the
    card points of the declarer's side; ``alone``: the declarer has no partner.  Scores add
    up to zero: 2, 1 and -1 each (alone 4 and -1 each), signs reversed when the contract
    fails, doubled when the winning side took all the points (cappotto)."""
    made = declarer_points >= contract
    cappotto = declarer_points == TOTAL_POINTS if made else declarer_points == 0
    sign = 1 if made else -1
    mult = 2 if cappotto else 1
    if alone:
        oc = O_ALONE_MADE if made else O_ALONE_FAILED
        return made, cappotto, 4 * sign * mult, 0, -sign * mult, oc
    oc = O_MADE if made else O_FAILED
    return made, cappotto, 2 * sign * mult, sign * mult, -sign * mult, oc
