"""The foresight bench's measuring sticks search copies of the true state, never the state."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import sunking
from sunking.bots import Observation
from sunking.core import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_foresight


@pytest.mark.parametrize("knowledge", ["cards", "dice"])
@pytest.mark.parametrize("game_id", ["louis14", "versailles1682"])
def test_a_foresighted_search_leaves_the_true_state_as_it_was(game_id: str,
                                                              knowledge: str) -> None:
    state = sunking.make(game_id).new_game(4, seed=5)
    rng = Rng(1)
    while len(state.legal_actions()) < 2:
        state = state.apply(rng.choice(state.legal_actions()))
    before = json.dumps(state.to_json(), sort_keys=True)
    seat = state.to_move
    assert seat is not None
    bot = bench_foresight.ForesightBot(knowledge)
    action = bot.act(Observation(state, seat), Rng(2))
    assert action in state.legal_actions()
    assert bot.last is not None and bot.last.iterations > 1
    assert json.dumps(state.to_json(), sort_keys=True) == before
