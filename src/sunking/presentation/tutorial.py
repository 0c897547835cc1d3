"""The shape of a game's interactive tutorial (``docs/web-client.md``, *Tutorials*).

A game that teaches itself has a ``tutorial`` module in its package with a ``TUTORIAL``: a
named scenario position to start from and the steps the browser walks through on the real
board. A step names its text (a key of the game's catalog), the board element it points at
(a CSS selector of the game's board, or ``""`` for none) and what ends it: ``"next"`` (the
reader presses Next), ``"move"`` with an ``expect``-ed action (only that move is accepted)
or ``"move"`` without one (any legal move, the step only explains).
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
class Tutorial:
    """A game's tutorial: where it starts and its steps, the reader at seat 0."""

    players: int
    start: Callable[[], GameState]
    """Builds the starting position (a named scenario position) with seat 0 to move."""
    steps: tuple[TutorialStep, ...] = field(default=())
    end: str = ""
    """The catalog key of the last bubble (before the offer of a match against bots)."""

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
        """The tutorial as the browser reads it."""
        return {"players": self.players, "steps": [s.to_json() for s in self.steps],
                "end": self.end}
