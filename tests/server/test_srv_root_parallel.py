"""Root-parallel search for the server's hard bots: a decision searched in parts at once,
their root statistics summed; the same move wherever the parts ran."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
from typing import Any

import pytest

import sunking
from sunking.bots import LEVELS, IsmctsConfig
from sunking.bots.ismcts import merge_choices
from sunking.core import Rng
from sunking.envs.learned import shipped_model
from sunking.server.config import Settings
from sunking.server.workers.bots import (
    ROOT_PARALLEL,
    BotRunner,
    choose_action,
    merged_move,
    part_rng,
    search_part,
)


def _position(game_id: str = "louis14", seed: int = 4) -> dict[str, Any]:
    """A state (as JSON) where the seat to move has several choices."""
    state = sunking.make(game_id).new_game(4, seed)
    rng = Rng(seed)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 3:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.to_json()


def test_a_budget_is_shared_out_and_the_time_cap_kept() -> None:
    hard = IsmctsConfig(iterations=1000, horizon=8, seconds=1.0)  # the hard level's budget
    assert hard.split(1) is hard
    assert hard.split(2).iterations == 500 and hard.split(2).seconds == 1.0
    assert hard.split(3).iterations == 334  # rounded up: never fewer iterations in all
    assert IsmctsConfig(iterations=None, seconds=0.5).split(4).seconds == 0.5
    with pytest.raises(ValueError, match="at least one part"):
        hard.split(0)


def test_root_statistics_are_summed_per_action() -> None:
    game = sunking.make("louis14")
    a, b, c = game.new_game(4, 1).legal_actions()[:3]
    merged = merge_choices([[(a, 6, 0.5), (b, 4, 0.25)], [(b, 5, 0.6), (c, 1, 1.0)]])
    assert [(x, n) for x, n, _ in merged] == [(b, 9), (a, 6), (c, 1)]
    assert merged[0][2] == pytest.approx((4 * 0.25 + 5 * 0.6) / 9)
    # Equal visits: the larger total reward first, as a single search chooses.
    tied = merge_choices([[(a, 3, 0.2)], [(b, 3, 0.9)]])
    assert tied[0][0] == b


@pytest.fixture(autouse=True)
def _iterations_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searches run in this process count iterations only: the hard level's one-second
    cap would let a loaded machine end two searches that are compared at different points.
    (Searches in worker processes keep the cap.)"""
    uncapped = dataclasses.replace(LEVELS["hard"], seconds=None)
    monkeypatch.setitem(LEVELS, "hard", uncapped)
    monkeypatch.setitem(ROOT_PARALLEL, "ismcts:hard", uncapped)
    expert = dataclasses.replace(LEVELS["expert"], seconds=None)
    monkeypatch.setitem(LEVELS, "expert", expert)
    monkeypatch.setitem(ROOT_PARALLEL, "ismcts:expert", expert)

def test_a_part_is_a_pure_function_of_its_arguments() -> None:
    position = _position()
    first = search_part("louis14", position, "ismcts:hard", 7, 0, 2)
    assert first == search_part("louis14", position, "ismcts:hard", 7, 0, 2)
    assert sum(n for _, n, _ in first) == 500
    other = search_part("louis14", position, "ismcts:hard", 7, 1, 2)
    assert part_rng(7, 0, 3, 0).next64() != part_rng(7, 0, 3, 1).next64()
    assert first != other  # another generator, another tree


def test_an_expert_search_shares_out_the_budget_its_model_ships_with() -> None:
    model = shipped_model("louis14", 4)
    assert model is not None
    iterations = int(model.meta["search"]["iterations"])
    position = _position()
    parts = [search_part("louis14", position, "ismcts:expert", 7, p, 2) for p in range(2)]
    assert [sum(n for _, n, _ in part) for part in parts] == [-(-iterations // 2)] * 2
    assert merged_move(parts) in [a.to_json() for a in
                                  sunking.make("louis14").state_from_json(position)
                                  .legal_actions()]


def test_only_the_listed_bots_are_searched_in_parts() -> None:
    with pytest.raises(ValueError, match="'ismcts:easy' is not searched in parts"):
        search_part("louis14", _position(), "ismcts:easy", 7, 0, 2)


def test_a_forced_move_needs_no_search() -> None:
    game = sunking.make("louis14")
    state = game.new_game(4, 2)
    rng = Rng(2)
    while len(state.legal_actions()) != 1:
        state = state.apply(rng.choice(state.legal_actions()))
    only = state.legal_actions()[0].to_json()
    assert search_part("louis14", state.to_json(), "ismcts:hard", 1, 1, 2) == [(only, 1, 0.0)]


def test_the_runner_plays_the_merged_move_of_its_parts() -> None:
    position = _position()
    reports = [search_part("louis14", position, "ismcts:hard", 11, p, 2) for p in range(2)]
    expected = merged_move(reports)
    runner = BotRunner(0, parts=2)
    try:
        move = asyncio.run(runner.choose("louis14", position, "ismcts:hard", 11))
    finally:
        runner.close()
    assert move == expected
    game = sunking.make("louis14")
    state = game.state_from_json(position)
    assert game.parse_action(move) in state.legal_actions()


def test_processes_and_threads_agree() -> None:
    position = _position("versailles1682", 3)
    runners = [BotRunner(2, parts=2), BotRunner(0, parts=2)]
    try:
        moves = [asyncio.run(r.choose("versailles1682", position, "ismcts:hard", 5))
                 for r in runners]
    finally:
        for r in runners:
            r.close()
    assert moves[0] == moves[1]


def test_one_part_is_the_single_search_and_other_bots_are_never_split() -> None:
    position = _position()
    runner = BotRunner(0, parts=1)
    split = BotRunner(0, parts=2)
    try:
        single = asyncio.run(runner.choose("louis14", position, "ismcts:hard", 3))
        medium = asyncio.run(split.choose("louis14", position, "ismcts:medium", 3))
    finally:
        runner.close()
        split.close()
    assert single == choose_action("louis14", position, "ismcts:hard", 3)
    assert medium == choose_action("louis14", position, "ismcts:medium", 3)


def test_the_parts_follow_the_workers_unless_set() -> None:
    assert BotRunner(3).parts == 2 and BotRunner(2).parts == 2
    assert BotRunner(1).parts == 1 and BotRunner(0).parts == 1
    assert BotRunner(4, parts=4).parts == 4
    assert BotRunner(3, parts=1).parts == 1
    with pytest.raises(ValueError, match="at least one part"):
        BotRunner(2, parts=0)
    assert Settings.from_env({"SUNKING_ROOT_PARALLEL": "2"}).root_parallel == 2
    assert Settings.from_env({}).root_parallel is None



class _BrokenPool(concurrent.futures.Executor):
    """A pool that has died under the calls already given to it: each fails later."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.set_exception(concurrent.futures.BrokenExecutor("a worker died"))
        return future


def test_a_broken_pool_is_replaced_once_when_parts_fail_together() -> None:
    position = _position()
    runner = BotRunner(0, parts=2)
    broken = _BrokenPool()
    runner._pool = broken
    pools: list[object] = [broken]
    executor = runner._executor

    def counted() -> concurrent.futures.Executor:
        pool = executor()
        if all(pool is not p for p in pools):
            pools.append(pool)
        return pool

    runner._executor = counted  # type: ignore[method-assign]
    try:
        move = asyncio.run(runner.choose("louis14", position, "ismcts:hard", 5))
    finally:
        runner.close()
    reports = [search_part("louis14", position, "ismcts:hard", 5, p, 2) for p in range(2)]
    assert move == merged_move(reports)
    assert len(pools) == 2  # both parts failed on the dead pool; one new pool served both
