"""The games in PettingZoo, Gymnasium and OpenSpiel, checked by those libraries' own tests."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import sunking.envs.gymnasium as sk_gym
from sunking.core.errors import InvalidOptions, UnknownGame
from sunking.core.registry import available_games, make
from sunking.envs.actions import ActionSchemeError
from sunking.envs.pettingzoo import env
from sunking.envs.table import Table

EDGES = [
    (game, n)
    for game in available_games()
    for n in sorted({make(game).spec.min_players, make(game).spec.max_players})
]
"""Every game at its smallest and largest player count (``benchmarks/bench_envs.py
--suites`` runs the suites longer, at every count)."""


# A Dict of observation and mask is how PettingZoo's own classic games give masks; the
# test warns about it all the same.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "n"), EDGES)
def test_pettingzoo_api(game: str, n: int) -> None:
    api_test(env(game, n, seed=n), num_cycles=300)


@pytest.mark.parametrize(("game", "n"), EDGES)
def test_pettingzoo_seeding_and_rendering(game: str, n: int,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    seed_test(lambda: env(game, n), num_cycles=100)
    render_test(lambda render_mode=None: env(game, n, render_mode=render_mode))
    printed = capsys.readouterr().out
    assert printed.count(make(game).spec.name) >= 5  # five boards printed in words


def test_pettingzoo_truncates_every_agent_after_max_cycles() -> None:
    aec = env("vive_le_roi", 4, seed=1, max_cycles=30)
    aec.reset()
    rng = np.random.default_rng(0)
    chosen = 0
    for _agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        if truncated:
            assert chosen == 30 and reward == 0.0 and not terminated
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        chosen += 1
    assert chosen == 30
    assert aec.agents == []
    assert aec.unwrapped.table.to_move is not None  # the game itself is not over
    aec.reset()
    assert aec.truncations == dict.fromkeys(aec.possible_agents, False)
    with pytest.raises(ValueError, match="max_cycles must be at least 1"):
        env("vive_le_roi", 4, max_cycles=0)


def test_pettingzoo_state_is_every_seats_observation() -> None:
    aec = env("louis14", 3, seed=2)
    aec.reset()
    table = aec.unwrapped.table
    state = aec.unwrapped.state()
    assert state.shape == aec.unwrapped.state_space.shape
    assert np.array_equal(state, np.concatenate([table.observe(p) for p in range(3)]))


def test_pettingzoo_plays_a_whole_game_and_rewards_the_winner() -> None:
    aec = env("louis14", 3, seed=4)
    aec.reset()
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    table = aec.unwrapped.table
    winners = table.state.result().winners
    assert totals == {f"seat_{p}": (1 / len(winners) if p in winners else 0.0)
                      for p in range(3)}


def test_pettingzoo_renders_the_board_in_words() -> None:
    aec = env("versailles1682", 3, seed=2, render_mode="ansi")
    aec.reset()
    text = aec.render()
    assert text is not None
    assert text.splitlines()[:2] == [
        "Versailles 1682 · Round 1 (steward: seat 1) · Setting up (action 0)",
        "seat 1 to decide",
    ]
    assert "Cards in hand: 6" in text
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi' or 'human'"):
        env("versailles1682", 3, render_mode="rgb_array")


def test_pettingzoo_refuses_bad_setups() -> None:
    with pytest.raises(UnknownGame):
        env("chess", 2)
    with pytest.raises(InvalidOptions, match="2–4 players"):
        env("louis14", 7)
    with pytest.raises(ValueError, match="reward must be one of"):
        env("louis14", 2, reward="glory")  # type: ignore[arg-type]


def test_score_difference_reward() -> None:
    table = Table("vive_le_roi", 3, seed=2, reward="score_difference")
    rng = np.random.default_rng(1)
    while table.to_move is not None:
        assert table.rewards() == [0.0, 0.0, 0.0]
        table.step(int(rng.choice(table.legal_tokens())))
    scores = table.state.result().scores
    assert table.rewards() == [s - (sum(scores) - s) / 2 for s in scores]


# Fortunes and scores have no bound: the observation box is unbounded on purpose.
@pytest.mark.filterwarnings("ignore:.*A Box observation space m.* value is")
@pytest.mark.parametrize(("game", "n"), EDGES)
def test_gymnasium_check_env(game: str, n: int) -> None:
    env_id = next(i for i, g in sk_gym.ENV_IDS.items() if g == game)
    check_env(gymnasium.make(env_id, num_players=n, opponents="heuristic").unwrapped)


def test_gymnasium_episode_against_bots() -> None:
    e = gymnasium.make("sunking/ViveLeRoi-v2", num_players=4, opponents="random,heuristic,random",
                       seat=None)
    obs, info = e.reset(seed=9)
    seat = e.unwrapped.seat
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    rng = np.random.default_rng(2)
    done = False
    while not done:
        assert e.unwrapped.table.to_move == seat
        obs, reward, done, _truncated, info = e.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = e.unwrapped.table.state.result().winners
    assert reward == (1 / len(winners) if seat in winners else 0.0)


def test_gymnasium_illegal_token_loses_or_raises() -> None:
    e = gymnasium.make("sunking/Louis14-v2")
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = gymnasium.make("sunking/Louis14-v2", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ActionSchemeError, match="not allowed here"):
        strict.step(illegal)
    with pytest.raises(ValueError, match="opponent specs"):
        gymnasium.make("sunking/Versailles1682-v2", num_players=4, opponents="random,random")


def test_gymnasium_refuses_opponents_that_search_for_a_time() -> None:
    with pytest.raises(ValueError, match=r"ismcts:0.02s, ismcts:hard search for a time"):
        gymnasium.make("sunking/Louis14-v2", num_players=3, opponents="ismcts:hard,ismcts:0.02s")
    with pytest.warns(UserWarning, match="not only on its seed"):
        e = gymnasium.make("sunking/Louis14-v2", opponents="ismcts:0.02s", timed_opponents=True)
    assert e.unwrapped.bots[0].config.seconds == 0.02
    gymnasium.make("sunking/Louis14-v2", opponents="ismcts:easy")  # iterations only: reproducible


@pytest.mark.filterwarnings("ignore:.*is out of date")
def test_the_ids_name_version_2_and_the_old_ids_are_gone() -> None:
    assert sorted(sk_gym.env_ids()) == [
        "sunking/Louis14-v2", "sunking/Versailles1682-v2", "sunking/ViveLeRoi-v2"]
    with pytest.raises(gymnasium.error.Error, match="v1"):
        gymnasium.make("sunking/ViveLeRoi-v1")
    assert env("vive_le_roi", 3).unwrapped.metadata["name"] == "sunking_vive_le_roi_v2"


def test_pettingzoo_refuses_a_token_out_of_bounds_and_changes_nothing() -> None:
    """The environment is not wrapped in PettingZoo's bounds check: it checks itself."""
    aec = env("louis14", 2, seed=3)
    aec.reset()
    before = aec.last()[0]
    for token in (-1, aec.unwrapped.table.scheme.size, 10**6):
        with pytest.raises(ActionSchemeError, match="not allowed here"):
            aec.step(token)
    after = aec.last()[0]
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
