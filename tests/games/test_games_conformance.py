"""Conformance of every registered game: 2,000 seeded random games per player count through
:func:`sunking.testing.check_game`, in chunks of 250 seeds so that pytest-xdist spreads them
over its workers.

Every action of every game is checked (turn, legal actions, invariants, the checked apply,
the JSON round trip of the action, the replay of the record). The first 500 seeds of each
player count also sample views (no hidden fact leaks under determinization), the state JSON
round trip, determinizations and rollouts from them with ``check_game``'s default settings;
the other chunks sample them sparsely (:data:`~sunking.testing.SPARSE_CHECKS`). A game is
taken at every player count its spec allows. Each chunk prints its report (``-rP`` shows
it):

    .venv/bin/pytest tests/games/test_games_conformance.py -n 2 -rP -k "vive_le_roi and 4p"

What a game checks beyond this (its options, its policy, how its games end) lives in its own
folder, ``tests/games/<id>/``.
"""

from __future__ import annotations

import pytest

from sunking.core import available_games, make
from sunking.testing import SPARSE_CHECKS, check_game

PLAYOUTS = 2000
CHUNK = 250
DENSE_PLAYOUTS = 500
"""The first seeds of each player count, sampled densely (``check_game``'s defaults)."""
DENSE_DETERMINISM_EVERY = 5
"""``check_game``'s default: every fifth game of a dense chunk is played twice."""


def _counts(game_id: str) -> range:
    spec = make(game_id).spec
    return range(spec.min_players, spec.max_players + 1)


# Seed-major, most players first, so that the longest chunks (densely sampled, many
# players) come first.
CHUNKS = [
    (game_id, n, start)
    for start in range(0, PLAYOUTS, CHUNK)
    for game_id in available_games()
    for n in reversed(_counts(game_id))
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "num_players", "start"), CHUNKS,
    ids=[f"{g}-{n}p-seeds{s}-{s + CHUNK - 1}" for g, n, s in CHUNKS],
)
def test_conformance(game_id: str, num_players: int, start: int) -> None:
    game = make(game_id)
    dense = start < DENSE_PLAYOUTS
    report = check_game(game, num_players, CHUNK, seed=start, **({} if dense else SPARSE_CHECKS))
    print(report)
    n = num_players
    assert (report.game, report.num_players, report.playouts) == (game_id, n, CHUNK)
    assert report.states_checked == report.actions + CHUNK
    assert 0 < report.mean_length <= report.max_length <= game.spec.max_actions
    assert report.replays == CHUNK
    assert report.actions_round_tripped >= report.actions
    assert report.legal_sets_checked >= CHUNK
    # The first and the last state of every game are sampled, plus some in between; at each,
    # every seat's view and the spectator's, twice determinized.
    assert report.states_sampled >= 2 * CHUNK
    assert report.views_checked == report.states_sampled * (4 * n + 1)
    assert report.determinizations == report.states_sampled * 2 * n
    assert report.rollouts == (report.states_sampled if dense else 0)
    every = DENSE_DETERMINISM_EVERY if dense else SPARSE_CHECKS["determinism_every"]
    assert report.determinism_checks == -(-CHUNK // every)
    if game.spec.imperfect_information:
        assert 0 < report.resampled <= report.determinizations

