"""The registry of games: ``make("louis14")`` and ``available_games()``.

A game registers once, through a packaging entry point of the group ``sunking.games``
(``[project.entry-points."sunking.games"]`` in ``pyproject.toml``: its id, and where its game
object is, ``"package:ATTRIBUTE"``). The registry reads the entry points, never imports a game
until it is asked for, and never imports one to list them; :func:`register` adds a game from
code (a test's, say). Every surface finds its part of a game from the game's package
(:func:`package`) by one rule: its ``presentation``, its ``heuristic``, and the front ends'
``<front end>.games.<id>``.
"""

from __future__ import annotations

import functools
import importlib
from importlib.metadata import entry_points
from types import ModuleType

from .errors import UnknownGame
from .game import Game

GROUP = "sunking.games"
"""The entry-point group games register in."""

_PATHS: dict[str, str] = {}
_LOADED: dict[str, Game] = {}


@functools.cache
def _entry_points() -> dict[str, str]:
    return {point.name: point.value for point in entry_points(group=GROUP)}


def _paths() -> dict[str, str]:
    return {**_entry_points(), **_PATHS}


def register(game_id: str, path: str) -> None:
    """Register the game object found at ``path`` (``"package:ATTRIBUTE"``) from code, beside
    the games of the entry points (and before them, under the same id)."""
    _PATHS[game_id] = path
    _LOADED.pop(game_id, None)


def refresh() -> None:
    """Read the entry points again (after a distribution was installed or removed)."""
    _entry_points.cache_clear()
    _LOADED.clear()


def available_games() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    return tuple(sorted(_paths()))


def package(game_id: str) -> str:
    """The package of the game registered under ``game_id`` (the module its registration
    names), where the surfaces found by the game's id look for their part of it: its
    ``presentation``, its ``heuristic``.

    Raises:
        UnknownGame: no game has that id.
    """
    path = _paths().get(game_id)
    if path is None:
        raise _unknown(game_id)
    return path.partition(":")[0]


def optional_module(name: str) -> ModuleType | None:
    """The module ``name`` imported, or None where it does not exist (the one rule by which a
    surface looks for a game's part: a missing part is no error, a broken one is).

    Raises:
        ImportError: the module exists but an import inside it fails.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def game_part(game_id: str, role: str) -> ModuleType | None:
    """The module ``role`` of the game's package (``presentation``, ``heuristic``), or None.

    Raises:
        UnknownGame: no game has that id.
    """
    return optional_module(f"{package(game_id)}.{role}")


def _unknown(game_id: str) -> UnknownGame:
    return UnknownGame(f"no game {game_id!r}; available: {', '.join(available_games()) or 'none'}")


def make(game_id: str) -> Game:
    """Return the game registered under ``game_id``.

    Raises:
        UnknownGame: no game has that id.
    """
    game = _LOADED.get(game_id)
    if game is not None:
        return game
    path = _paths().get(game_id)
    if path is None:
        raise _unknown(game_id)
    module_name, _, attribute = path.partition(":")
    game = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(game, Game) or game.spec.id != game_id:
        raise UnknownGame(f"{path} is not the game {game_id!r}")
    _LOADED[game_id] = game
    return game
