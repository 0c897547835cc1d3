"""The registry of games: ``make("louis14")`` and ``available_games()``.

Games register themselves lazily by import path, so that importing the core never imports a
game and a game's module is loaded only when it is asked for.
"""

from __future__ import annotations

import importlib

from .errors import UnknownGame
from .game import Game

_PATHS: dict[str, str] = {}
_LOADED: dict[str, Game] = {}


def register(game_id: str, path: str) -> None:
    """Register the game object found at ``path`` (``"package.module:ATTRIBUTE"``)."""
    _PATHS[game_id] = path


def available_games() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    return tuple(sorted(_PATHS))


def package(game_id: str) -> str:
    """The package of the game registered under ``game_id`` (the module its registration
    names), where the surfaces found by the game's id look for their part of it: its
    ``presentation``, its ``heuristic``.

    Raises:
        UnknownGame: no game has that id.
    """
    path = _PATHS.get(game_id)
    if path is None:
        raise _unknown(game_id)
    return path.partition(":")[0]


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
    path = _PATHS.get(game_id)
    if path is None:
        raise _unknown(game_id)
    module_name, _, attribute = path.partition(":")
    game = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(game, Game) or game.spec.id != game_id:
        raise UnknownGame(f"{path} is not the game {game_id!r}")
    _LOADED[game_id] = game
    return game
