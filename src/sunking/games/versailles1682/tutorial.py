"""Versailles 1682's interactive tutorial (``sunking.presentation.tutorial``) in two
chapters: seat 0's turn of the named position ``requests-turn``, a request for a Baron to
the Queen; then the negotiation (``negotiation-floor``), where seat 0 has the floor."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Chapter, Tutorial, TutorialStep
from .scenario import NAMED_POSITIONS

NEGOTIATION = "[data-testid=v-negotiation-panel]"
"""The negotiation's panel of the board."""


def _requests() -> GameState:
    return NAMED_POSITIONS["requests-turn"]()


def _negotiation() -> GameState:
    return NAMED_POSITIONS["negotiation-floor"]()


TUTORIAL = Tutorial(
    players=3,
    chapters=(
        Chapter("versailles1682.tutorial.chapter_turn", _requests, (
            TutorialStep("versailles1682.tutorial.court", ".v-court-wrap"),
            TutorialStep("versailles1682.tutorial.hand", ".v-hand-panel"),
            TutorialStep("versailles1682.tutorial.request", ".v-hand", "move",
                         {"type": "request", "card": 9, "beneficiary": 0, "queen": True}),
        )),
        Chapter("versailles1682.tutorial.chapter_negotiation", _negotiation, (
            TutorialStep("versailles1682.tutorial.negotiation", NEGOTIATION),
            TutorialStep("versailles1682.tutorial.floor", ".panel.prompt", "move"),
        )),
    ),
    end="versailles1682.tutorial.end",
)
"""A turn (the court, the hand, a request), then the negotiation (the floor taken)."""
