"""Vive le Roi's interactive tutorial (``sunking.presentation.tutorial``): seat 0's step B
(the named position ``step-b``), ending with an attack on a province."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Tutorial, TutorialStep
from .scenario import NAMED_POSITIONS


def _start() -> GameState:
    return NAMED_POSITIONS["step-b"]()


TUTORIAL = Tutorial(
    players=3,
    start=_start,
    steps=(
        TutorialStep("vive_le_roi.tutorial.hand", ".vlr-hand"),
        TutorialStep("vive_le_roi.tutorial.structures", ".vlr-structures"),
        TutorialStep("vive_le_roi.tutorial.attack", ".panel.prompt", "move",
                     {"type": "attack", "province": 10}),
    ),
    end="vive_le_roi.tutorial.end",
)
"""The hand, the structures, an attack."""
