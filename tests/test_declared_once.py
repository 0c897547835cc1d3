"""A game's decision kinds and phases are declared once, in its flow, and read by its
presentation (and its environments: ``tests/envs/test_envs_mask.py``); played games show no
other."""

from __future__ import annotations

import pytest

from sunking import available_games, make, presentation
from sunking.core.agenda import AgendaGame, Flow
from sunking.core.rng import Rng


def _flow(game_id: str) -> Flow:
    game = make(game_id)
    assert isinstance(game, AgendaGame), f"{game_id} is not run by the core's flow"
    return game.flow


@pytest.mark.parametrize("game_id", available_games())
def test_the_presentation_reads_the_flows_declarations(game_id: str) -> None:
    flow = _flow(game_id)
    shown = presentation.of(game_id)
    assert flow.phases, f"{game_id} declares no phase"
    assert shown.decision_kinds == flow.decision_kinds == tuple(flow.handlers)
    assert shown.phases == flow.phases
    assert len(set(flow.phases)) == len(flow.phases)


@pytest.mark.parametrize("game_id", available_games())
def test_played_games_show_only_declared_kinds_and_phases(game_id: str) -> None:
    flow = _flow(game_id)
    game = make(game_id)
    kinds: set[str] = set()
    phases: set[str] = set()
    for seed in range(3):
        state = game.new_game(game.spec.max_players, seed)
        rng = Rng(seed)
        while True:
            view = state.view(None)
            phases.add(str(view["phase"]))
            decision = view["decision"]
            if not isinstance(decision, dict):
                break
            kinds.add(str(decision["kind"]))
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
    assert phases <= set(flow.phases), sorted(phases - set(flow.phases))
    assert kinds <= set(flow.decision_kinds), sorted(kinds - set(flow.decision_kinds))
