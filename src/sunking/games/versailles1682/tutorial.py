"""Versailles 1682's interactive tutorial (``sunking.presentation.tutorial``): seat 0's turn
of the named position ``requests-turn``, a request for a Baron to the Queen."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Tutorial, TutorialStep
from .scenario import NAMED_POSITIONS


def _start() -> GameState:
    return NAMED_POSITIONS["requests-turn"]()


TUTORIAL = Tutorial(
    players=3,
    start=_start,
    steps=(
        TutorialStep("versailles1682.tutorial.court", ".v-court-wrap"),
        TutorialStep("versailles1682.tutorial.hand", ".v-hand-panel"),
        TutorialStep("versailles1682.tutorial.request", ".v-hand", "move",
                     {"type": "request", "card": 9, "beneficiary": 0, "queen": True}),
    ),
    end="versailles1682.tutorial.end",
)
"""The court, the hand, a request to the Queen."""
