"""Counts on the terminal's status line read right: "noch 1 Aktion", and no "noch 0 Aktionen"
while the turn's player still has a card to give (the decision tells that step)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sunking.core.registry import make
from sunking.core.rng import Rng
from sunking.tui.games.versailles1682 import VersaillesRenderer
from sunking.tui.render import Seating


def turn_views(seed: int) -> list[Mapping[str, Any]]:
    """The views of one seeded random game while a turn is under way."""
    state = make("versailles1682").new_game(4, seed)
    rng = Rng(seed)
    out = []
    while not state.is_terminal:
        view = state.view(0)
        if view["phase"] == "turns" and view.get("decision") and view.get("turn") is not None:
            out.append(view)
        actions = state.legal_actions()
        state = state.apply(actions[rng.below(len(actions))])
    return out


def test_the_status_line_counts_actions_only_while_the_player_acts() -> None:
    seating = Seating(("Ana", "Bruno", "Carla", "Dario"), 0, "versailles1682", "de")
    renderer = VersaillesRenderer()
    views = turn_views(1)
    giving = [v for v in views if v["decision"]["kind"] == "give" and v["actions_left"] == 0]
    acting = [v for v in views if v["decision"]["kind"] == "act" and v["actions_left"] == 1]
    assert giving and acting, "the seeded game has no card to give at the end of a turn"
    for view in giving:
        assert "Aktion" not in renderer.status(view, seating)
    assert "noch 1 Aktion ·" in renderer.status(acting[0], seating) + " ·"
    assert "noch 1 Aktionen" not in renderer.status(acting[0], seating)

