"""Louis XIV's interactive tutorial (``sunking.presentation.tutorial``) in three chapters, a
round's main phases at a court of three: placing influence (seat 0 plays two influence
cards, the others without cards, so only he moves), the evaluation of a tile (seat 0 second
on tile 4 bribes for its reward) and the mission phase (seat 0 lays a mission card)."""

from __future__ import annotations

from ...core.game import GameState
from ...presentation.tutorial import Chapter, Tutorial, TutorialStep
from .data import MISSIONS
from .scenario import position

ROUND_END = (("mission_turns",), ("mission_swaps",), ("end_round",))
"""The flow of a round after its evaluation."""
SCEPTRE_RING = next(m.id for m in MISSIONS if m.deck == 1 and m.needs == (0, 2))
"""A medium-blue mission paid with a sceptre and a ring."""
HELMET = next(m.id for m in MISSIONS if m.deck == 0 and m.needs == (3, -1))
"""A light-blue mission paid with a helmet and any chip."""


def _influence() -> GameState:
    """Four influence cards in seat 0's hand, Louis on tile 4, the influence phase begun."""
    return position(3, louis_tile=4, hands={0: [1, 2, 3, 4]}, phase="influence",
                    steps=[("influence_turns", 0)])


def _evaluation() -> GameState:
    """Tile 4 (a helmet, money 3) evaluated: seat 1 has the majority, seat 0 is there too
    with louis d'or to bribe; the rest of the round follows."""
    return position(3, money={0: 6, 1: 2, 2: 2}, stones={4: {1: 3, 0: 2}},
                    steps=[("tile", 4), *(("tile", t) for t in range(5, 13)), *ROUND_END])


def _missions() -> GameState:
    """Seat 0's mission turn with two sceptres, a ring and a crown, and two missions."""
    return position(3, chips={0: "SSRC"}, missions={0: [SCEPTRE_RING, HELMET]},
                    phase="missions", steps=list(ROUND_END))


TUTORIAL = Tutorial(
    players=3,
    chapters=(
        Chapter("louis14.tutorial.chapter_influence", _influence, (
            TutorialStep("louis14.tutorial.court", ".court-wrap"),
            TutorialStep("louis14.tutorial.hand", ".panel.you .hand"),
            TutorialStep("louis14.tutorial.place", ".panel.you .hand", "move",
                         {"type": "place", "card": 1, "stones": [[1, 1]], "boost": False}),
            TutorialStep("louis14.tutorial.free", ".court-wrap", "move"),
        )),
        Chapter("louis14.tutorial.chapter_evaluation", _evaluation, (
            TutorialStep("louis14.tutorial.evaluation", ".court-wrap"),
            TutorialStep("louis14.tutorial.bribe", ".panel.prompt", "move", {"type": "bribe"}),
        )),
        Chapter("louis14.tutorial.chapter_missions", _missions, (
            TutorialStep("louis14.tutorial.missions", ".panel.you .missions"),
            TutorialStep("louis14.tutorial.lay", ".panel.prompt", "move",
                         {"type": "lay_mission", "mission": SCEPTRE_RING,
                          "chips": ["S", "R"]}),
            TutorialStep("louis14.tutorial.draw", ".panel.prompt", "move"),
        )),
    ),
    end="louis14.tutorial.end",
)
"""Placing influence, the evaluation of a tile, the mission phase."""
