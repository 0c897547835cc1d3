"""Conformance of Versailles 1682 through :func:`sunking.testing.check_game`, and the round
cap (the golden playthroughs are checked in ``tests/test_golden.py``).

Each player count, 3 to 6, plays a small sample with every check (views, leaks,
determinization, rollouts, JSON round trips) and a larger one with the cheap checks. The full
run plays 2,000 seeded random games per count (seeds 0–1999) in chunks of 250 seeds, so that
pytest-xdist spreads them evenly over its workers: every action is checked (turn, legal
actions, invariants, the checked apply, the action's JSON round trip) and every game is
replayed from its record; views, leaks, determinizations and the state JSON are sampled
densely in the first 500 seeds and sparsely after. The same games measure the round cap: few
random games may reach it, none may go past it. Each chunk prints its count (``-rP`` shows
it):

    .venv/bin/pytest tests/versailles1682/test_v1682_conformance.py -n 2 -rP -k full
"""

from __future__ import annotations

from typing import Any

import pytest

from sunking.core import make
from sunking.games.versailles1682.heuristic import EVALUATOR
from sunking.testing import SPARSE_CHECKS, ConformanceReport, check_game

GAME = make("versailles1682")
COUNTS = (3, 4, 5, 6)
FULL_GAMES = 2000
CHUNK = 250
DENSE_GAMES = 500
"""The first seeds of each count, sampled densely."""
LAST_ROUND = 31
"""The round a game at the default cap (30 rounds) ends in."""


@pytest.mark.parametrize("num_players", COUNTS)
def test_conformance_every_check(num_players: int) -> None:
    report = check_game(GAME, num_players, 6, seed=0)
    print(report)
    assert report.playouts == 6 and report.replays == 6
    assert report.resampled > 0 and report.rollouts == report.states_sampled
    assert report.max_length <= GAME.spec.max_actions


@pytest.mark.parametrize("num_players", COUNTS)
def test_conformance_cheap_checks(num_players: int) -> None:
    report = check_game(
        GAME, num_players, 12, seed=100_000, view_every=400, legal_every=50,
        determinism_every=6, rollouts=False,
    )
    print(report)
    assert report.playouts == 12 and report.determinism_checks == 2


@pytest.mark.parametrize("moves", [3, 10])
def test_conformance_with_a_longer_negotiation(moves: int) -> None:
    report = check_game(GAME, 5, 40, seed=200_000, view_every=200, legal_every=50,
                        rollouts=False, options={"negotiation_moves": moves})
    assert report.playouts == 40 and report.max_length <= GAME.spec.max_actions


# Seed-major, most players first, so that the longest chunks (densely sampled, many
# players) come first.
FULL_CHUNKS = [(n, start) for start in range(0, FULL_GAMES, CHUNK) for n in reversed(COUNTS)]

DENSE: dict[str, Any] = {"view_every": 150, "legal_every": 40, "determinism_every": 20,
                         "rollouts": False}


def round_cap_hits(report: ConformanceReport) -> int:
    """How many of the report's games ended at the round cap; fails if a game ended any
    other way than at the target or the cap, or went past the cap's round."""
    ends = [(str(r.details["reason"]), int(r.details["round"])) for r in report.results]
    assert len(ends) == report.playouts
    assert all(reason in ("target", "round_limit") for reason, _ in ends)
    assert all(r <= LAST_ROUND for _, r in ends)
    return sum(1 for reason, _ in ends if reason == "round_limit")


@pytest.mark.slow
@pytest.mark.parametrize(("num_players", "start"), FULL_CHUNKS,
                         ids=[f"{n}p-seeds{s}-{s + CHUNK - 1}" for n, s in FULL_CHUNKS])
def test_conformance_full(num_players: int, start: int) -> None:
    # Every state: turn, legal actions, invariants, apply; every game: the record's JSON
    # round trip (every action) and the replay; sampled states: views, leaks,
    # determinization, state JSON.
    settings = DENSE if start < DENSE_GAMES else SPARSE_CHECKS
    report = check_game(GAME, num_players, CHUNK, seed=start, **settings)
    print(report)
    assert report.playouts == CHUNK and report.replays == CHUNK
    assert report.states_checked == report.actions + CHUNK
    assert report.actions_round_tripped >= report.actions
    capped = round_cap_hits(report)
    print(f"{num_players} players, seeds {start}-{start + CHUNK - 1}: "
          f"{capped}/{CHUNK} random games hit the round cap")
    assert capped / CHUNK < 0.1


def test_the_default_policy_plays_only_legal_actions() -> None:
    report = check_game(
        GAME, 4, 8, seed=7, view_every=400, legal_every=50, determinism_every=8,
        rollouts=False, policy=lambda state, rng: EVALUATOR.rollout_action(state, rng),
    )
    assert report.playouts == 8
