"""An observation holds nothing of another seat's hidden information.

For every game, at steps of random games, each seat's observation is compared with the
observation of the same seat in states the core's determinization draws for that seat
(every card the seat has not seen dealt again): it must never change.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from sunking.core.game import GameState
from sunking.core.registry import available_games, make
from sunking.core.rng import Rng
from sunking.envs.table import Table, observation_vector

Observe = Callable[[GameState, int, tuple[int, ...]], np.ndarray]


def changes(observe: Observe, state: GameState, seat: int, prefix: tuple[int, ...],
            samples: int, seed: int) -> int:
    """How many of ``samples`` determinizations for ``seat`` change its observation."""
    real = observe(state, seat, prefix)
    deal = state.determinizer(seat)
    return sum(
        not np.array_equal(real, observe(deal(Rng(seed + k)), seat, prefix))
        for k in range(samples)
    )


def scan(game: str, n: int, observe: Observe, every: int = 7) -> tuple[int, int]:
    """(observations compared, observations that changed) over one random game."""
    table = Table(game, n, seed=31 + n)
    rng = np.random.default_rng(n)
    compared = changed = 0
    step = 0
    while table.to_move is not None:
        if step % every == 0:
            prefix = table.decision.prefix if table.decision else ()
            for seat in range(n):
                own = prefix if seat == table.to_move else ()
                changed += changes(observe, table.state, seat, own, 3, step)
                compared += 3
        table.step(int(rng.choice(table.legal_tokens())))
        step += 1
    return compared, changed


def honest(game: str) -> Observe:
    table = Table(game, make(game).spec.min_players)
    return lambda state, seat, prefix: observation_vector(
        table.adapter, state, seat, prefix).array()


@pytest.mark.parametrize("game", available_games())
def test_observations_never_change_when_hidden_cards_are_dealt_again(game: str) -> None:
    n = make(game).spec.max_players
    compared, changed = scan(game, n, honest(game))
    assert compared > 100
    assert changed == 0


@pytest.mark.parametrize("game", available_games())
def test_the_leak_test_catches_an_observation_of_another_seat(game: str) -> None:
    """A broken adapter that encodes the next seat's view is caught."""
    table = Table(game, make(game).spec.min_players)

    def leaky(state: GameState, seat: int, prefix: tuple[int, ...]) -> np.ndarray:
        other = (seat + 1) % state.num_players
        return observation_vector(table.adapter, state, other, prefix).array()

    _, changed = scan(game, make(game).spec.min_players, leaky, every=11)
    assert changed > 0
