"""Conformance of Versailles 1682 beyond the run every registered game gets
(``tests/games/test_games_conformance.py``): a longer negotiation, the default policy of the
bots, and how random games end.

A game ends when a family reaches the target or at the round cap (30 rounds by default: the
game ends in round 31); few random games reach the cap, and none goes past it.
"""

from __future__ import annotations

import pytest

from sunking.core import make
from sunking.games.versailles1682.heuristic import EVALUATOR
from sunking.testing import SPARSE_CHECKS, ConformanceReport, check_game

GAME = make("versailles1682")
COUNTS = (3, 4, 5, 6)
LAST_ROUND = 31
"""The round a game at the default cap (30 rounds) ends in."""
CAP_GAMES = 40
"""Random games per player count whose ends are looked at."""


@pytest.mark.parametrize("moves", [3, 10])
def test_conformance_with_a_longer_negotiation(moves: int) -> None:
    report = check_game(GAME, 5, 40, seed=200_000, view_every=200, legal_every=50,
                        rollouts=False, options={"negotiation_moves": moves})
    assert report.playouts == 40 and report.max_length <= GAME.spec.max_actions


def round_cap_hits(report: ConformanceReport) -> int:
    """How many of the report's games ended at the round cap; fails if a game ended any
    other way than at the target or the cap, or went past the cap's round."""
    ends = [(str(r.details["reason"]), int(r.details["round"])) for r in report.results]
    assert len(ends) == report.playouts
    assert all(reason in ("target", "round_limit") for reason, _ in ends)
    assert all(r <= LAST_ROUND for _, r in ends)
    return sum(1 for reason, _ in ends if reason == "round_limit")


@pytest.mark.parametrize("num_players", COUNTS)
def test_random_games_end_at_the_target_or_the_round_cap(num_players: int) -> None:
    report = check_game(GAME, num_players, CAP_GAMES, seed=0, **SPARSE_CHECKS)
    capped = round_cap_hits(report)
    print(f"{num_players} players: {capped}/{CAP_GAMES} random games hit the round cap")
    assert capped / CAP_GAMES < 0.1


def test_the_default_policy_plays_only_legal_actions() -> None:
    report = check_game(
        GAME, 4, 8, seed=7, view_every=400, legal_every=50, determinism_every=8,
        rollouts=False, policy=lambda state, rng: EVALUATOR.rollout_action(state, rng),
    )
    assert report.playouts == 8
