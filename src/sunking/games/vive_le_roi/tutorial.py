"""Vive le Roi's interactive tutorial (``sunking.presentation.tutorial``) in two chapters:
seat 0's step B (the named position ``step-b``), ending with an attack on a province; then a
duel between nobles (``duel-card``), where seat 0 lays his card first."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Chapter, Tutorial, TutorialStep
from .scenario import NAMED_POSITIONS


def _step_b() -> GameState:
    return NAMED_POSITIONS["step-b"]()


def _duel() -> GameState:
    return NAMED_POSITIONS["duel-card"]()


TUTORIAL = Tutorial(
    players=3,
    chapters=(
        Chapter("vive_le_roi.tutorial.chapter_turn", _step_b, (
            TutorialStep("vive_le_roi.tutorial.hand", ".vlr-hand"),
            TutorialStep("vive_le_roi.tutorial.structures", ".vlr-structures"),
            TutorialStep("vive_le_roi.tutorial.attack", ".panel.prompt", "move",
                         {"type": "attack", "province": 10}),
        )),
        Chapter("vive_le_roi.tutorial.chapter_duel", _duel, (
            TutorialStep("vive_le_roi.tutorial.duel", ".vlr-structures"),
            TutorialStep("vive_le_roi.tutorial.duel_card", ".vlr-hand", "move"),
        )),
    ),
    end="vive_le_roi.tutorial.end",
)
"""A turn (the hand, the structures, an attack), then a duel (a card laid down)."""
