"""Twenty's own checker of game records, for ``trunfo check-records`` (``Game.check_record``).

Written from the rules (``__init__.py``) and the record keys (``records.py``'s docstring and
docs/records.md's trick-taking keys) alone, with its own tables and the standard library
only: it replays each deal from the record and compares every recorded number.
"""
from __future__ import annotations

RANKS = "AKQJ7"                          # high to low
SUITS = "CDHS"
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1, "7": 0}
DECK = [r + s for s in SUITS for r in RANKS]
KEYS = ("game", "rules", "players", "seed", "deal", "dealer", "strategies", "hands",
        "trump", "stock", "plays", "tricks", "points", "result")


def _beats(card: str, best: str) -> bool:
    return card[1] == best[1] and RANKS.index(card[0]) < RANKS.index(best[0])


def check_record(rec: dict) -> list[str]:
    """The problems of one record, as one-line messages (``[]``: the record is fine)."""
    missing = [k for k in KEYS if k not in rec]
    if missing:
        return [f"missing key{'s' if len(missing) > 1 else ''} {', '.join(missing)}"]
    out = []
    bonus = rec["rules"].get("last_trick") if isinstance(rec["rules"], dict) else None
    if bonus not in (0, 5):
        out.append(f"rules.last_trick: {bonus!r} is not allowed; allowed: 0, 5")
    if rec["players"] != 2 or rec["dealer"] not in (0, 1):
        out.append(f"players {rec['players']!r}, dealer {rec['dealer']!r}: two seats, 0 and 1")
    if rec["trump"] is not None:
        out.append(f"trump: {rec['trump']!r}, but twenty has no trumps (null)")
    if out:
        return out
    hands = rec["hands"]
    dealt = [c for h in hands for c in h] + list(rec["stock"])
    if len(hands) != 2 or any(len(h) != 5 for h in hands) or sorted(dealt) != sorted(DECK):
        return ["deal: two hands of five and ten cards set aside must be the 20 cards"]
    held = [set(h) for h in hands]
    plays, tricks = rec["plays"], rec["tricks"]
    if len(plays) != 10 or len(tricks) != 5:
        return [f"{len(plays)} plays and {len(tricks)} tricks; a deal is 10 and 5"]
    points = [0, 0]
    leader = (rec["dealer"] + 1) % 2
    for t in range(5):
        (s0, c0), (s1, c1) = plays[2 * t], plays[2 * t + 1]
        if s0 != leader or s1 != 1 - leader:
            out.append(f"plays[{2 * t}]: trick {t} is led by seat {leader}")
            return out
        if c0 not in held[s0]:
            out.append(f"plays[{2 * t}]: seat {s0} does not hold {c0}")
            return out
        held[s0].discard(c0)
        if c1 not in held[s1]:
            out.append(f"plays[{2 * t + 1}]: seat {s1} does not hold {c1}")
            return out
        if c1[1] != c0[1] and any(c[1] == c0[1] for c in held[s1]):
            out.append(f"plays[{2 * t + 1}]: seat {s1} plays {c1} but holds {c0[1]}: it must "
                       f"follow suit")
        held[s1].discard(c1)
        winner = s1 if _beats(c1, c0) else s0
        pts = POINTS[c0[0]] + POINTS[c1[0]]
        want = {"leader": leader, "winner": winner, "points": pts}
        if tricks[t] != want:
            out.append(f"tricks[{t}]: {tricks[t]}, but the play gives {want}")
        points[winner] += pts
        leader = winner
    points[leader] += bonus
    if rec["points"] != points:
        out.append(f"points: {rec['points']}, but the tricks give {points}")
    win = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    want = {"winner": win, "outcome": "tie" if win is None else f"seat{win}_win"}
    if rec["result"] != want:
        out.append(f"result: {rec['result']}, but the points give {want}")
    return out
