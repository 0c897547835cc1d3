"""Conformance of Vive le Roi: 2,000 seeded random games per player count (seeds 0–1999)
through :func:`sunking.testing.check_game`, in chunks of 250 seeds so that pytest-xdist
spreads them evenly over its workers.

Every action of every game is checked (turn, legal actions, invariants — each of the 114
cards in exactly one place —, the checked apply, the JSON round trip of the action, the
replay of the record). The first 500 seeds of each player count also sample views (no hand
or face-down card leaks under determinization), the state JSON round trip and rollouts from
determinized states densely; the other chunks sample them sparsely to keep the run
affordable.
"""

from __future__ import annotations

from typing import Any

import pytest

from sunking.core import make
from sunking.testing import SPARSE_CHECKS, check_game

PLAYOUTS = 2000
CHUNK = 250
DENSE_PLAYOUTS = 500
"""The first seeds of each player count, sampled densely."""
DENSE: dict[str, Any] = {"view_every": 60, "legal_every": 20, "determinism_every": 25}
# Seed-major, so that the densely sampled chunks (the longest) come first.
CHUNKS = [(n, start) for start in range(0, PLAYOUTS, CHUNK) for n in (3, 4, 5, 6)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("num_players", "start"), CHUNKS, ids=[f"{n}p-seeds{s}-{s + CHUNK - 1}" for n, s in CHUNKS]
)
def test_vive_le_roi_conformance(num_players: int, start: int) -> None:
    game = make("vive_le_roi")
    dense = start < DENSE_PLAYOUTS
    report = check_game(game, num_players, CHUNK, seed=start, **(DENSE if dense else SPARSE_CHECKS))
    print(report)
    assert report.game == "vive_le_roi"
    assert report.playouts == CHUNK
    assert report.states_checked == report.actions + CHUNK
    assert report.actions_round_tripped >= report.actions
    assert report.replays == CHUNK
    assert report.max_length <= game.spec.max_actions
    assert report.views_checked == report.states_sampled * (4 * num_players + 1)
    if dense:
        assert report.resampled > 0 and report.rollouts > 0


def test_points_limit_variant_conformance() -> None:
    report = check_game("vive_le_roi", 4, 6, seed=3, view_every=150, legal_every=30,
                        options={"points_limit": 250})
    assert report.playouts == 6 and report.max_length > 400
