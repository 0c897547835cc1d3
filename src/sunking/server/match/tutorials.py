"""Tutorial matches (``docs/web-api.md``, *Tutorials*): a practice match started from the
named position of a chapter of a game's tutorial (``sunking.presentation.tutorial``) instead
of a new game, the reader at seat 0 and bots elsewhere; each chapter is a match of its own.
The match's options carry ``"tutorial": true`` and the ``"chapter"`` (from 1; left out: 1),
so every replay of it starts from the same position; while it runs, the reader's moves are
held to the chapter's script and refused after its last step (the position is not a whole
game: it must never be played out)."""

from __future__ import annotations

from typing import Any

from ...core.game import GameState
from ...core.registry import game_part, make
from ...presentation.tutorial import Chapter, Tutorial
from ..errors import ApiError
from ..storage import MatchRecord
from .request import MatchRequest

OPTION = "tutorial"
"""The key of a tutorial match's options."""
CHAPTER = "chapter"
"""The key of a tutorial match's options naming its chapter (from 1)."""


def tutorial_of(game_id: str) -> Tutorial | None:
    """The tutorial of the game ``game_id`` (its package's ``tutorial.TUTORIAL``), or None.

    Raises:
        UnknownGame: no game has that id.
    """
    module = game_part(game_id, "tutorial")
    tutorial = getattr(module, "TUTORIAL", None) if module is not None else None
    return tutorial if isinstance(tutorial, Tutorial) else None


def is_tutorial(options: Any) -> bool:
    """Whether a match's options mark a tutorial match."""
    return bool(options.get(OPTION)) if hasattr(options, "get") else False


def chapter_of(options: Any, game_id: str) -> Chapter | None:
    """The chapter a tutorial match plays (None for another match or an unknown chapter)."""
    tutorial = tutorial_of(game_id) if is_tutorial(options) else None
    number = options.get(CHAPTER, 1) if tutorial is not None else None
    if tutorial is None or not isinstance(number, int) or isinstance(number, bool):
        return None
    return tutorial.chapter(number)


def start_state(record: MatchRecord) -> GameState:
    """The state a match starts from: its tutorial's position, or a new game.

    Raises:
        RulesError: the stored setup is not a valid game; ``UnknownGame`` for a tutorial
            match of a game without a tutorial.
    """
    if is_tutorial(record.options):
        chapter = chapter_of(record.options, record.game)
        if chapter is None:
            raise ValueError(f"the game {record.game!r} has no such tutorial chapter")
        return chapter.position()
    game = make(record.game)
    return game.new_game(record.players, record.seed, **record.options)


def check_request(request: MatchRequest) -> Tutorial:
    """The tutorial a tutorial match asks for, once its setup is one the tutorial plays.

    Raises:
        ApiError: ``invalid_options`` (422): the game has no tutorial, or the match is not a
            practice match of the tutorial's player count with the creator at seat 0 and
            bots at every other seat, or it asks for game options, or for a chapter the
            tutorial does not have.
    """
    tutorial = tutorial_of(request.game)
    if tutorial is None:
        raise ApiError("invalid_options", f"the game {request.game!r} has no tutorial", 422)
    if not request.practice:
        raise ApiError("invalid_options", "a tutorial match must be a practice match", 422)
    if request.players != tutorial.players:
        raise ApiError("invalid_options",
                       f"the tutorial of {request.game!r} is for {tutorial.players} players",
                       422)
    kinds = [seat.kind for seat in request.seats]
    if kinds[:1] != ["human"] or any(kind != "bot" for kind in kinds[1:]):
        raise ApiError("invalid_options",
                       "a tutorial match seats its reader at seat 0 and bots elsewhere", 422)
    if request.options:
        raise ApiError("invalid_options", "a tutorial match takes no game options", 422)
    if tutorial.chapter(request.chapter) is None:
        raise ApiError("invalid_options",
                       f"the tutorial of {request.game!r} has no chapter {request.chapter} "
                       f"(its chapters are 1 to {len(tutorial.chapters)})", 422)
    return tutorial


def check_move(options: Any, game_id: str, moves_made: int, action: dict[str, Any]) -> None:
    """Refuse a move of a tutorial match off its script (nothing to check otherwise).

    Raises:
        ApiError: ``tutorial_move`` (409) for another move than the step expects (an undo
            included: the script goes one way),
            ``tutorial_over`` (409) for a move after the last step.
    """
    if not is_tutorial(options):
        return
    if action.get("type") == "undo":
        raise ApiError("tutorial_move", "a tutorial's moves are not taken back", 409)
    chapter = chapter_of(options, game_id)
    moves = chapter.moves() if chapter is not None else ()
    if moves_made >= len(moves):
        raise ApiError("tutorial_over", "the tutorial's chapter is over: go on to the next one, "
                       "or start a match to play on", 409)
    expected = moves[moves_made].expect
    if expected is not None and action != expected:
        raise ApiError("tutorial_move",
                       f"the tutorial's step asks for the move {expected}, not {action}", 409)
