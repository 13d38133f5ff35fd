"""docs/columns.md documents every per-deal column of every game: the columns listed for a
game are exactly the columns of its deals frame, with the types given; the outcome
column's categories are only the outcomes the run's rules make possible."""
from __future__ import annotations

import os
import re

import pytest

import simcore
from simcore.facade import deals_frame
from simcore.games import all_games, get_game

DOC = os.path.join(os.path.dirname(__file__), os.pardir, "docs", "columns.md")
PLAYERS = {"sueca_italiana": 5, "briscola_chiamata": 5}


def documented() -> dict[str, dict[str, str]]:
    """{game: {column: type}} from the doc's tables, ``x{0..3}`` expanded."""
    out, game = {}, None
    for line in open(DOC, encoding="utf-8"):
        m = re.match(r"^## (\w+)\s*$", line)
        if m:
            game = m.group(1)
            out[game] = {}
            continue
        m = re.match(r"^\| `([^`]+)` \| (\w+) \|", line)
        if m and game:
            name, typ = m.groups()
            r = re.search(r"\{(\d+)\.\.(\d+)\}", name)
            names = [name[:r.start()] + str(i) + name[r.end():]
                     for i in range(int(r.group(1)), int(r.group(2)) + 1)] if r else [name]
            for n in names:
                assert n not in out[game], f"{game}: {n} documented twice"
                out[game][n] = typ
    return out


def test_every_game_has_its_table():
    assert set(documented()) == set(all_games())


@pytest.mark.parametrize("game", sorted(all_games()))
def test_documented_columns_are_the_frame_columns(game):
    g = get_game(game)
    import numpy as np
    frame = deals_frame(game, np.zeros(3, g.record_dtype))       # the frame of three deals
    doc = documented()[game]
    assert set(doc) == set(frame.columns), "docs/columns.md lists other columns"
    assert doc == {c: str(t) for c, t in frame.dtypes.items()}, "docs/columns.md: other types"


def test_outcome_categories_are_those_the_rules_allow():
    """Sueca's default rules exclude triples, pentes and bandeiras by points: those outcomes
    are not categories of the frame; with the rules on, they are."""
    base = simcore.simulate("sueca", deals=200, seed=1, keep_deals=True, threads=1,
                            progress=False).frame
    cats = list(base["outcome"].cat.categories)
    assert cats == ["tie", "team0_single", "team1_single", "team0_double", "team1_double",
                    "team0_bandeira", "team1_bandeira"]
    g = get_game("sueca")
    on = g.setup({"pente": True, "triple_at_30": True, "bandeira_by_points": True}, ["random"])
    assert list(g.outcome_categories(on)) == list(g.outcome_names)
    ita = get_game("sueca_italiana")
    alone = ita.setup({}, ["random"] * 5)
    assert "alone_made" in ita.outcome_categories(alone)
    assert "alone_made" not in ita.outcome_categories(ita.setup({"call_own_card": False},
                                                                ["random"] * 5))
    brisca = get_game("brisca")
    assert "side1_muerte" not in brisca.outcome_categories(brisca.setup({}, ["random"]))
    assert brisca.outcome_categories(brisca.setup({"muerte_al_tres": True}, ["random"])) == (
        "tie", "side0_single", "side1_single", "side0_tiebreak", "side1_tiebreak", "side0_muerte",
        "side1_muerte")
    scopa = get_game("scopa")
    two = scopa.setup({}, ["random"] * 2, players=2)
    assert scopa.outcome_categories(two) == ("tie", "side0_win", "side1_win")


@pytest.mark.parametrize("game", ["sueca", "brisca", "scopa", "spades"])
def test_observed_outcomes_are_among_the_categories(game):
    r = simcore.simulate(game, deals=300, seed=2, keep_deals=True, threads=1, progress=False)
    g = get_game(game)
    setup = g.setup({}, ["random"] * g.default_players)
    col = r.frame["outcome"]
    assert list(col.cat.categories) == list(g.outcome_categories(setup))
    assert col.notna().all()
    # the labels are the kernel's codes' labels
    import numpy as np
    recs = g.run_chunk(setup, 2, 0, 300)
    assert list(col.astype(str)) == [g.outcome_names[c] for c in recs["outcome"]]


def test_labelled_deals_name_seats_and_suits_and_count_from_the_dealer():
    import numpy as np
    r = simcore.simulate("sueca", deals=200, seed=4, keep_deals=True, threads=1, progress=False)
    f = r.frame
    lab = simcore.labelled_deals(f, "sueca", seat=2)
    assert list(lab["dealer"].cat.categories) == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert (lab["dealer"].cat.codes.to_numpy() == f["dealer"].to_numpy()).all()
    assert list(lab["trump_suit"].cat.categories) == ["C", "D", "H", "S"]
    ace = f["trump_ace_seat"].to_numpy(int)
    d = f["dealer"].to_numpy(int)
    want = [("dealer" if k == 0 else f"dealer+{k}") for k in (ace - d) % 4]
    assert list(lab["trump_ace_seat_from_dealer"].astype(str)) == want
    want2 = [("seat 2" if k == 0 else f"seat 2+{k}") for k in (ace - 2) % 4]
    assert list(lab["trump_ace_seat_from_seat"].astype(str)) == want2
    assert "dealer_from_dealer" not in lab and "dealer_from_seat" in lab
    # -1 (nobody) stays missing: Briscola Chiamata's declarer when passed out
    fake = f.head(3).copy()
    fake["declarer"] = np.array([-1, 0, 3], np.int8)
    got = simcore.labelled_deals(fake, "sueca")["declarer"]
    assert got.isna().tolist() == [True, False, False]


def test_brisca_three_players_outcome_categories_name_the_third_seat():
    """Brisca with 3 players (each seat a side) has the side2 outcomes; with 2 it has not."""
    g = get_game("brisca")
    three = g.outcome_categories(g.setup({}, ["random"] * 3, players=3))
    assert three == ("tie", "side0_single", "side1_single", "side0_tiebreak", "side1_tiebreak",
                     "side2_single", "side2_tiebreak")
    assert not any(c.startswith("side2") for c in g.outcome_categories(g.setup({}, ["random"])))
