"""Vive le Roi's interactive tutorial (``sunking.presentation.tutorial``), in two chapters:
seat 0's step B (the named position ``step-b``), ending with an attack on a province; then
the fight it opens (``attack-opening``), where seat 0 commits a musketeer."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Chapter, Tutorial, TutorialStep
from .scenario import NAMED_POSITIONS


def _step_b() -> GameState:
    return NAMED_POSITIONS["step-b"]()


def _fight() -> GameState:
    return NAMED_POSITIONS["attack-opening"]()


TUTORIAL = Tutorial(
    players=3,
    chapters=(
        Chapter(_step_b, (
            TutorialStep("vive_le_roi.tutorial.hand", ".vlr-hand"),
            TutorialStep("vive_le_roi.tutorial.structures", ".vlr-structures"),
            TutorialStep("vive_le_roi.tutorial.attack", ".panel.prompt", "move",
                         {"type": "attack", "province": 10}),
        ), "vive_le_roi.tutorial.chapter.turn"),
        Chapter(_fight, (
            TutorialStep("vive_le_roi.tutorial.fight", ".vlr-fight"),
            TutorialStep("vive_le_roi.tutorial.builder", ".vlr-builder"),
            TutorialStep("vive_le_roi.tutorial.commit", ".vlr-builder", "move",
                         {"type": "commit", "cards": [59]}),
        ), "vive_le_roi.tutorial.chapter.fight"),
    ),
    end="vive_le_roi.tutorial.end",
)
"""Step B (the hand, the structures, an attack), then the fight (the exchange, the builder,
a musketeer committed)."""
