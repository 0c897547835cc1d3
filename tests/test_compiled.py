"""The rule modules compiled with mypyc: the same rules as their sources, never stale."""

from __future__ import annotations

import ast
import importlib.machinery
import os
import sys
from pathlib import Path

import pytest

from sunking import compiled

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "benchmarks"))
import compile_engine  # noqa: E402
import compiled_vs_source  # noqa: E402

GAMES = 240
"""Random games a game compared compiled and from source (the seeds spread over every player
count)."""
SEARCHES = 6
"""ISMCTS decisions a game compared."""

EXT = importlib.machinery.EXTENSION_SUFFIXES[0]

def _class_defs(path: Path) -> list[ast.ClassDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]


def _base_name(base: ast.expr) -> str:
    base = base.value if isinstance(base, ast.Subscript) else base  # Game[S]
    return base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")


def test_every_compiled_class_that_interpreted_code_extends_allows_it() -> None:
    # mypyc turns a compiled module's classes into native ones, which an interpreted class may
    # extend only when marked so (the games' and the tests' own states extend the core's).
    listed = compile_engine.modules()
    assert listed and len(set(listed)) == len(listed)
    native: dict[str, bool] = {}
    for module in listed:
        path = compile_engine.source(module)
        assert path.exists(), f"{module} is listed but {path} does not exist"
        for cls in _class_defs(path):
            native[cls.name] = "allow_interpreted_subclasses=True" in ast.unparse(
                cls.decorator_list) if cls.decorator_list else False
    compiled_paths = {compile_engine.source(m) for m in listed}
    extended = {
        (_base_name(base), str(path.relative_to(ROOT)))
        for folder in ("src", "tests", "benchmarks", "scripts")
        for path in (ROOT / folder).rglob("*.py")
        if path not in compiled_paths
        for cls in _class_defs(path) for base in cls.bases
    }
    refused = sorted((name, where) for name, where in extended
                     if name in native and not native[name])
    assert not refused, f"interpreted classes extend native classes that forbid it: {refused}"


def test_compiled_modules_play_and_search_exactly_as_their_sources() -> None:
    """Random games of every game (every step's legal actions, final states, logs) and ISMCTS
    decisions (moves and root statistics), compiled and from source: the same digests
    (``benchmarks/compiled_vs_source.py`` is the full version)."""
    built = compiled.extensions()
    if not built:
        if os.environ.get("CI"):
            pytest.fail("make test compiles the rule modules, but none is compiled")
        pytest.skip("no compiled module here (no C compiler): nothing to compare")
    with_extensions, from_source = compiled_vs_source.compare(GAMES, SEARCHES, 100)
    assert with_extensions["compiled"], "the compiled modules were not the ones imported"
    assert "sunking.core.rng" in with_extensions["compiled"]
    assert "sunking.bots.ismcts" in with_extensions["compiled"]
    assert from_source["compiled"] == []
    assert with_extensions["digests"] == from_source["digests"]


def _one_compiled_module(tmp_path: Path, text: str) -> tuple[Path, Path, Path]:
    """A package with one module, ``games/legal``, its source ``text`` and an (empty)
    extension beside it: (package, source, extension)."""
    package = tmp_path / "sunking"
    (package / "games").mkdir(parents=True)
    source = package / "games" / "legal.py"
    ext = package / "games" / f"legal{EXT}"
    ext.write_bytes(b"")
    source.write_text(text)
    return package, source, ext


def test_an_extension_older_than_its_source_is_refused(tmp_path: Path) -> None:
    package, source, ext = _one_compiled_module(tmp_path, "# changed after compiling\n")
    os.utime(ext, (1_000_000, 1_000_000))
    assert compiled.stale(package) == [ext]
    with pytest.raises(ImportError, match="make compile") as caught:
        compiled.check(package)
    assert "sunking/games/legal" in str(caught.value)
    os.utime(ext, None)
    os.utime(source, (1_000_000, 1_000_000))
    assert compiled.stale(package) == []
    compiled.check(package)


def test_an_installed_wheel_judges_its_extensions_by_the_digests_of_their_sources(
        tmp_path: Path) -> None:
    # An installer gives every file the time of installation, a source often after its
    # extension: the wheel's record of the sources' digests decides instead.
    package, source, ext = _one_compiled_module(tmp_path, "# as compiled\n")
    (package / compiled.SOURCES).write_text(compiled.digests(package))
    assert "sunking/games/legal.py" in compiled.digests(package)
    os.utime(ext, (1_000_000, 1_000_000))
    assert compiled.stale(package) == []
    source.write_text("# changed after compiling\n")
    os.utime(source, (1_000, 1_000))
    assert compiled.stale(package) == [ext]
    with pytest.raises(ImportError, match="Install the wheel again") as caught:
        compiled.check(package)
    assert "sunking/games/legal" in str(caught.value)


def test_the_core_abstract_classes_keep_their_own_isinstance_answers() -> None:
    # Native classes share abc.ABC's cache unless given their own (sunking.core.native).
    from sunking import make
    from sunking.core import Game, GameState

    game = make("louis14")
    state = game.new_game(4, 0)
    assert isinstance(game, Game) and isinstance(state, GameState)
    assert not isinstance(game, GameState) and not isinstance(state, Game)


def test_a_cython_module_is_judged_by_its_pyx_and_the_declarations_beside_it(
        tmp_path: Path) -> None:
    """A ``.pyx`` module has no ``.py``: its extension is older than its source when the
    ``.pyx``, or a ``.pxd`` it may ``cimport``, changed after it was built (``make compile``
    renews it); the wheel's record names the ``.pyx``."""
    package = tmp_path / "sunking"
    folder = package / "envs"
    folder.mkdir(parents=True)
    source, declared = folder / "fast_x.pyx", folder / "cwrite.pxd"
    source.write_text("# the encoder\n")
    declared.write_text("# the helpers\n")
    ext = folder / f"fast_x{EXT}"
    ext.write_bytes(b"")
    for path in (source, declared):
        os.utime(path, (1_000, 1_000))
    assert compiled.stale(package) == []
    assert "sunking/envs/fast_x.pyx" in compiled.digests(package)
    os.utime(declared, None)
    assert compiled.stale(package) == [ext]
