"""simcore._cache: a cached kernel of simcore/ or strategies/ is stamped with the source of
both packages, so an edit of any file a kernel compiles in (rules, scoring, strategies,
constants) is never hidden by a kernel compiled from the old code."""
from simcore import _cache, _jit
from simcore.sueca import nb as sueca_nb


def test_package_stamp_follows_every_file(tmp_path):
    a = tmp_path / "simcore"
    (a / "game").mkdir(parents=True)
    (a / "game" / "scoring.py").write_text("POINTS = 10\n")
    (a / "nb.py").write_text("def kernel(): pass\n")
    roots = (str(a),)
    first = _cache.package_stamp(roots)
    assert _cache.package_stamp(roots) == first
    (a / "game" / "scoring.py").write_text("POINTS = 11\n")     # a file the kernel inlines
    assert _cache.package_stamp(roots) != first
    (a / "game" / "scoring.py").write_text("POINTS = 10\n")
    assert _cache.package_stamp(roots) == first
    (a / "game" / "notes.txt").write_text("not code\n")
    assert _cache.package_stamp(roots) == first


def test_engine_kernels_carry_the_package_stamp():
    assert _jit.SOURCE_STAMP
    locator = sueca_nb._run_deals._cache._impl.locator
    assert type(locator).__name__.startswith("Trunfo")
    assert locator.get_source_stamp()[1] == _cache.package_stamp()



def test_a_game_folder_outside_the_package_is_stamped_with_its_files(tmp_path):
    """A kernel in a package folder of its own (a game registered from outside,
    docs/adding-a-game.md) is stamped with the engine's sources and its folder's: an edit
    of its enums recompiles its kernels too.  A file outside a package keeps numba's stamp."""
    game = tmp_path / "mygame"
    game.mkdir()
    (game / "__init__.py").write_text("")
    (game / "enums.py").write_text("POINTS = 10\n")
    (game / "nb.py").write_text("def kernel(): pass\n")
    first = _cache.folder_stamp(str(game / "nb.py"))
    assert first is not None
    (game / "enums.py").write_text("POINTS = 11\n")
    _cache.forget_folders()
    assert _cache.folder_stamp(str(game / "nb.py")) not in (None, first)
    (tmp_path / "script.py").write_text("")
    assert _cache.folder_stamp(str(tmp_path / "script.py")) is None
