"""Louis XIV's interactive tutorial (``sunking.presentation.tutorial``): seat 0 plays two
influence cards at a court of three, the others without cards (so only he moves)."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Chapter, Tutorial, TutorialStep
from .scenario import position


def _start() -> GameState:
    """Four influence cards in seat 0's hand, Louis on tile 4, the influence phase begun."""
    return position(3, louis_tile=4, hands={0: [1, 2, 3, 4]}, phase="influence",
                    steps=[("influence_turns", 0)])


TUTORIAL = Tutorial(
    players=3,
    chapters=(
        Chapter("louis14.tutorial.chapter_influence", _start, (
            TutorialStep("louis14.tutorial.court", ".court-wrap"),
            TutorialStep("louis14.tutorial.hand", ".panel.you .hand"),
            TutorialStep("louis14.tutorial.place", ".panel.you .hand", "move",
                         {"type": "place", "card": 1, "stones": [[1, 1]], "boost": False}),
            TutorialStep("louis14.tutorial.free", ".court-wrap", "move"),
        )),
    ),
    end="louis14.tutorial.end",
)
"""Placing influence: the court, the hand, a scripted placement, a free one."""
