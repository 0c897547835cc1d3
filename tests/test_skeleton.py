"""One skeleton for every game: no import cycle inside any package, the same module names for
the same roles, a rule-section citation at the top of every rules module (the checks are in
``tests/support/skeleton.py``, which a game from outside the package runs on itself too).

The import graph is computed statically (with :mod:`ast`; import-linter checks the layers,
see ``test_architecture.py``) for every package under ``src/sunking``: its nodes are the
package's own modules and subpackages, an edge is an import of one by another, those under
``if TYPE_CHECKING:`` included (a cycle of types is a cycle of meaning all the same).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sunking import available_games
from support.skeleton import (
    citation_problems,
    cyclic_members,
    game_dir,
    import_graph,
    module_name,
    role_problems,
    state_problems,
)

SRC_ROOT = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "sunking"
ON_THE_SKELETON = available_games()
"""Every registered game: the test below checks that no game package is left out."""

GAMES_DIR = SRC_ROOT / PACKAGE / "games"


PACKAGES = sorted(p.parent for p in (SRC_ROOT / PACKAGE).rglob("__init__.py"))


@pytest.mark.parametrize(
    "package_dir", PACKAGES, ids=[module_name(p / "__init__.py", SRC_ROOT)[0] for p in PACKAGES]
)
def test_no_import_cycle_inside_a_package(package_dir: Path) -> None:
    package, _ = module_name(package_dir / "__init__.py", SRC_ROOT)
    cycle = cyclic_members(import_graph(package_dir, SRC_ROOT))
    assert not cycle, f"{package}: the modules on an import cycle are {sorted(cycle)}"


def test_an_import_under_type_checking_closes_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE / "part"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "game.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .texts import T\n",
        encoding="utf-8")
    (package / "texts.py").write_text("from .game import G\n", encoding="utf-8")
    assert cyclic_members(import_graph(package, tmp_path)) == {"game", "texts"}


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cyclic_members(graph) == {"a", "b", "c"}
    assert cyclic_members({"a": {"b"}, "b": set()}) == set()


def test_every_game_is_on_the_skeleton() -> None:
    games = {p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file()}
    assert games == set(ON_THE_SKELETON)


@pytest.mark.parametrize("game", ON_THE_SKELETON)
def test_a_game_has_every_role_module(game: str) -> None:
    assert game_dir(game) == GAMES_DIR / game
    assert role_problems(game) == []


@pytest.mark.parametrize("game", ON_THE_SKELETON)
def test_every_rules_module_cites_its_rulebook_section(game: str) -> None:
    assert citation_problems(game) == []


@pytest.mark.parametrize("game", ON_THE_SKELETON)
def test_the_state_module_imports_no_rules_module(game: str) -> None:
    assert state_problems(game) == []
