"""Louis XIV's interactive tutorial (``sunking.presentation.tutorial``), in two chapters:
the influence phase (seat 0 plays two influence cards at a court of three, the others
without cards, so only he moves), then the mission phase (seat 0 lays a mission with the
chips it asks for)."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Chapter, Tutorial, TutorialStep
from .scenario import position

SCEPTRE_HELMET = 24
"""The mission "sceptre + helmet: a blazon and a stone on tile 5"."""


def _influence() -> GameState:
    """Four influence cards in seat 0's hand, Louis on tile 4, the influence phase begun."""
    return position(3, louis_tile=4, hands={0: [1, 2, 3, 4]}, phase="influence",
                    steps=[("influence_turns", 0)])


def _missions() -> GameState:
    """The mission phase of round 1: seat 0 holds a sceptre, a helmet and the mission that
    asks for them."""
    return position(3, louis_tile=4, chips={0: "SH"}, missions={0: [SCEPTRE_HELMET]},
                    phase="missions", steps=[("mission_turn", 0)])


TUTORIAL = Tutorial(
    players=3,
    chapters=(
        Chapter(_influence, (
            TutorialStep("louis14.tutorial.court", ".court-wrap"),
            TutorialStep("louis14.tutorial.hand", ".panel.you .hand"),
            TutorialStep("louis14.tutorial.place", ".panel.you .hand", "move",
                         {"type": "place", "card": 1, "stones": [[1, 1]], "boost": False}),
            TutorialStep("louis14.tutorial.free", ".court-wrap", "move"),
        ), "louis14.tutorial.chapter.influence"),
        Chapter(_missions, (
            TutorialStep("louis14.tutorial.chips", ".panel.you .chips"),
            TutorialStep("louis14.tutorial.missions", ".panel.you .missions"),
            TutorialStep("louis14.tutorial.lay", ".panel.prompt", "move",
                         {"type": "lay_mission", "mission": SCEPTRE_HELMET,
                          "chips": ["S", "H"]}),
        ), "louis14.tutorial.chapter.missions"),
    ),
    end="louis14.tutorial.end",
)
"""Influence (the court, the hand, a scripted placement, a free one), then missions (the
chips, the mission cards, a mission laid)."""
