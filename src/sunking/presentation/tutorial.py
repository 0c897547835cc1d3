"""The shape of a game's interactive tutorial (``docs/web-client.md``, *Tutorials*).

A game that teaches itself has a ``tutorial`` module in its package with a ``TUTORIAL``: a
short guided game in chapters, each from a named scenario position of its own, walked
through on the real board one after the other. A chapter has a title (a key of the game's
catalog) and steps; a step names its text (a key of the game's catalog), the board element
it points at (a CSS selector of the game's board, or ``""`` for none) and what ends it:
``"next"`` (the reader presses Next), ``"move"`` with an ``expect``-ed action (only that move
is accepted) or ``"move"`` without one (any legal move, the step only explains). A chapter
ends with its last step; the last chapter ends with the tutorial's ``end`` bubble and the
offer of a match against bots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.game import GameState


@dataclass(frozen=True, slots=True)
class TutorialStep:
    """One bubble of a tutorial."""

    text: str
    """The catalog key of what the bubble says."""
    target: str = ""
    """A CSS selector of the board element the bubble points at ("" for none)."""
    wait: Literal["next", "move"] = "next"
    """What ends the step: the Next button, or a move of the reader's seat."""
    expect: dict[str, Any] | None = None
    """The one action (its JSON) a ``"move"`` step accepts; None: any legal move."""

    def to_json(self) -> dict[str, Any]:
        """The step as the browser reads it."""
        return {"text": self.text, "target": self.target, "wait": self.wait,
                "expect": self.expect}


@dataclass(frozen=True, slots=True)
class Chapter:
    """One chapter of a tutorial: a named position and the steps played from it."""

    title: str
    """The catalog key of the chapter's title."""
    start: Callable[[], GameState]
    """Builds the chapter's position (a named scenario position) with seat 0 to move."""
    steps: tuple[TutorialStep, ...] = field(default=())

    def position(self) -> GameState:
        """The starting position at version 0, the log of its setup left out: a match's
        moves are counted from version 0 (storage numbers them so)."""
        state = self.start()
        state.version = 0
        state._events = None
        return state

    def moves(self) -> tuple[TutorialStep, ...]:
        """The steps ended by a move, in order: the n-th is the reader's n-th move."""
        return tuple(step for step in self.steps if step.wait == "move")

    def to_json(self) -> dict[str, Any]:
        """The chapter as the browser reads it."""
        return {"title": self.title, "steps": [s.to_json() for s in self.steps]}


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's tutorial: its chapters in order, the reader at seat 0."""

    players: int
    chapters: tuple[Chapter, ...]
    end: str = ""
    """The catalog key of the last bubble (before the offer of a match against bots)."""

    def chapter(self, number: int) -> Chapter | None:
        """Chapter ``number`` (counted from 1), or None when there is none."""
        return self.chapters[number - 1] if 1 <= number <= len(self.chapters) else None

    def to_json(self) -> dict[str, Any]:
        """The tutorial as the browser reads it."""
        return {"players": self.players, "chapters": [c.to_json() for c in self.chapters],
                "end": self.end}
