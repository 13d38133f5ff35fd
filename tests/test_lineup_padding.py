"""TRUNFO_LINEUP_PAD (simcore.strategy._padding): the suite compiles one kernel for the
tables of built-in strategies that seat greedy or random, and TRUNFO_VARIANT_PAD one
Brisca kernel for every set of variants; the padding must change no result and nothing a
run reports about its seats."""
import numpy as np
import pytest

import simcore
from simcore import strategy as S
from simcore.brisca.nb import VARIANT_PAD_ENV, variant_of
from simcore.games import get_game


def test_a_padded_lineup_seats_only_its_own_strategies(monkeypatch):
    monkeypatch.setenv(S.PAD_ENV, "greedy,random")
    lu = S.lineup("sueca", ["greedy"], 4)
    assert [s.name for s in lu.strategies] == ["greedy", "random"]
    assert list(lu.codes) == [0, 0, 0, 0]
    assert lu.names == ("greedy",) * 4
    assert lu.deterministic          # random is compiled in, it decides for no seat
    assert "random@" in lu.key and lu.view == S.VIEW_TRICK
    mixed = S.lineup("sueca", ["random", "expert", "random", "expert"], 4)
    assert [s.name for s in mixed.strategies] == ["expert", "greedy", "random"]
    assert list(mixed.codes) == [2, 0, 2, 0]
    assert not mixed.deterministic


def test_padding_leaves_other_tables_alone(monkeypatch):
    monkeypatch.setenv(S.PAD_ENV, "greedy,random")
    # no seat plays a padded strategy
    assert [s.name for s in S.lineup("sueca", ["expert"], 4).strategies] == ["expert"]
    monkeypatch.delenv(S.PAD_ENV)
    assert [s.name for s in S.lineup("sueca", ["greedy"], 4).strategies] == ["greedy"]
    assert S.lineup("sueca", ["random"], 4).view == S.VIEW_NONE


@pytest.mark.parametrize("game,players,rules", [("sueca", 4, {}), ("scopa", 2, {}),
                                                ("brisca", 2, {"mexican": True})])
def test_padding_changes_no_record(game, players, rules, monkeypatch):
    """Scopa with two players of one strategy runs another play loop (``play2``) unpadded;
    Brisca's mexican without the padding of variants compiles the play variants' code out."""
    monkeypatch.setenv(S.PAD_ENV, "greedy,random")
    monkeypatch.setenv(VARIANT_PAD_ENV, "1")
    assert len(S.lineup(game, ["random"], players).strategies) == 2
    padded = list(simcore.game_records(game, deals=40, seed=9, strategies=("random",),
                                       players=players, rules=rules))
    monkeypatch.delenv(S.PAD_ENV)
    monkeypatch.delenv(VARIANT_PAD_ENV)
    assert len(S.lineup(game, ["random"], players).strategies) == 1
    natural = list(simcore.game_records(game, deals=40, seed=9, strategies=("random",),
                                        players=players, rules=rules))
    assert padded == natural


def test_brisca_variant_padding_compiles_every_variant(monkeypatch):
    params = np.asarray(get_game("brisca").setup({"mexican": True}, ("random",),
                                                 players=2).params)
    monkeypatch.delenv(VARIANT_PAD_ENV, raising=False)
    assert variant_of(params) == 1
    monkeypatch.setenv(VARIANT_PAD_ENV, "1")
    assert variant_of(params) == 3
    plain = np.asarray(get_game("brisca").setup({}, ("random",), players=2).params)
    assert variant_of(plain) == 0            # the default game keeps its own kernel


def test_decide_asks_the_strategy_alone(monkeypatch):
    """A policy only the strategy has (greedy's ``muerte`` in Brisca; random has none): a
    padded table would have no dispatcher for it, so ``decide`` never pads, whatever was
    compiled before in the process."""
    from test_brisca_rules import muerte_choice
    monkeypatch.setenv(S.PAD_ENV, "greedy,random")
    monkeypatch.setattr(S, "_DISPATCH", {})
    monkeypatch.setattr(S, "_DECIDERS", {})
    assert muerte_choice("greedy", "1B 5C 2O", trick=[(0, "3B")]) == "1B"
