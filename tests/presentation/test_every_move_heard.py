"""Every move is heard: each action a seat takes leaves, for every other seat, at least one
line of that seat's log in words, so that a person who cannot see the board (the live region
of the play page reads the described log) hears every move of the bots and of the other
players, passes and refusals included."""

from __future__ import annotations

import random

import pytest

from sunking import available_games, make
from sunking.presentation import describe_events

CASES = [
    (game, players, seed)
    for game in sorted(available_games())
    for players in range(make(game).spec.min_players, make(game).spec.max_players + 1)
    for seed in (1, 2)
]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_every_move_leaves_a_line_for_every_other_seat(game: str, players: int,
                                                      seed: int) -> None:
    rng = random.Random(seed)
    state = make(game).new_game(players, seed)
    movers: dict[int, int] = {}
    while not state.is_terminal:
        actions = state.legal_actions()
        movers[state.version + 1] = state.to_move
        state = state.apply(actions[rng.randrange(len(actions))])
    names = [f"P{seat}" for seat in range(players)]
    for seat in range(players):
        heard = {entry["n"] for entry in describe_events(
            game, state.events(seat), "en", names, players, you=seat) if entry["text"]}
        unheard = [v for v, mover in movers.items() if mover != seat and v not in heard]
        history = state.history
        assert not unheard, (
            f"{game} {players}p seed {seed}: seat {seat} hears nothing of "
            f"{len(unheard)} moves, e.g. "
            + "; ".join(f"v{v} by seat {movers[v]}: {history[v - 1]!r}" for v in unheard[:6]))
