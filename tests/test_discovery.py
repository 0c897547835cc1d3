"""One way to find a game: its entry point, then every surface's part of it by its id, falling
back to the generic one where the game has none."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from sunking import presentation
from sunking.bots.evaluator import DefaultEvaluator, evaluator
from sunking.core import registry
from sunking.core.errors import UnknownGame
from sunking.tui.render import GENERIC, renderer_for
from support import conformance_fakes, external_game

FAKE_ID = "test-fake"


@pytest.fixture
def entry_point_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fake game of the conformance tests, registered only through an entry point of
    the group the registry reads (as an installed distribution would declare it)."""
    installed = registry.entry_points(group=registry.GROUP)
    fake = EntryPoint(name=FAKE_ID, value=f"{conformance_fakes.__name__}:FAKE",
                      group=registry.GROUP)

    def points(group: str) -> list[EntryPoint]:
        assert group == registry.GROUP
        return [*installed, fake]

    monkeypatch.setattr(registry, "entry_points", points)
    registry.refresh()
    yield
    monkeypatch.undo()
    registry.refresh()


def test_the_games_are_the_entry_points() -> None:
    declared = {p.name: p.value for p in registry.entry_points(group=registry.GROUP)}
    assert registry.available_games() == tuple(sorted(declared))
    for game_id, path in declared.items():
        assert registry.package(game_id) == path.partition(":")[0]
        assert registry.make(game_id).spec.id == game_id


def test_a_game_registered_by_an_entry_point_is_found(entry_point_game: None) -> None:
    assert FAKE_ID in registry.available_games()
    assert registry.make(FAKE_ID) is conformance_fakes.FAKE
    assert registry.package(FAKE_ID) == conformance_fakes.__name__


def test_a_game_without_its_own_parts_gets_the_generic_ones(entry_point_game: None) -> None:
    assert isinstance(evaluator(FAKE_ID), DefaultEvaluator)
    assert renderer_for(FAKE_ID) is GENERIC
    with pytest.raises(NotImplementedError, match="declares no presentation"):
        presentation.of(FAKE_ID)


def test_a_part_that_exists_is_loaded_and_a_broken_one_is_an_error() -> None:
    assert registry.optional_module("sunking.tui.games.louis14") is not None
    assert registry.optional_module("sunking.tui.games.no_such_game") is None
    with pytest.raises(ModuleNotFoundError):
        registry.optional_module("no_such_package.module")  # the parent is what is missing
    with pytest.raises(UnknownGame):
        registry.game_part("no_such_game", "heuristic")


def test_an_installed_distribution_registers_its_game_and_only_while_installed(
    tmp_path: Path,
) -> None:
    """Oh Hell (``tests/external``) becomes a game by its distribution's entry point alone,
    and stops being one when the distribution is gone."""
    assert external_game.GAME_ID not in registry.available_games()
    with external_game.installed(tmp_path) as paths:
        assert external_game.GAME_ID in registry.available_games()
        assert registry.make(external_game.GAME_ID).spec.id == external_game.GAME_ID
        assert (tmp_path / "oh_hell-1.0.dist-info" / "entry_points.txt").is_file()
        assert paths[0] == str(tmp_path)
    assert external_game.GAME_ID not in registry.available_games()
    with pytest.raises(UnknownGame):
        registry.make(external_game.GAME_ID)
