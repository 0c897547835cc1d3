"""States share unchanged piles copy-on-write: no later action may change an earlier state."""

from __future__ import annotations

import json

import pytest

import sunking
from sunking.core import GameState, Rng


@pytest.mark.parametrize("players", [2, 3, 4])
def test_earlier_states_never_change(players: int) -> None:
    game = sunking.make("louis14")
    for seed in range(40):
        state: GameState = game.new_game(players, seed)
        rng = Rng(seed + 7)
        kept = [(state, json.dumps(state.snapshot()))]
        while not state.is_terminal:
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
            if state.version % 5 == 0:
                state.determinize(state.version % players, Rng(3)).legal_actions()
            kept.append((state, json.dumps(state.snapshot())))
        for earlier, snapshot in kept:
            assert json.dumps(earlier.snapshot()) == snapshot, (seed, earlier.version)
