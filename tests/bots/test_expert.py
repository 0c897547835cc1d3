"""``ismcts:expert``: the learned model, what it reads, how the search uses it, and that it
uses only what its seat may know (its training: ``test_expert_training.py``)."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import sunking
from sunking.bots import LEVELS, IsmctsBot, Observation, make_bot, searches
from sunking.bots.evaluator import evaluator
from sunking.bots.tournament import budgets, merge_parts, run_tournament, searches_of
from sunking.core import GameState, Rng
from sunking.envs import learned
from sunking.envs.learned import Features, LearnedJudge, ValueModel, read_model, shipped_model
from sunking.envs.table import adapter, observation_vector
from support.expert import expert
from support.twins import Peeking, twin
from support.twins import random_position as position

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
import train_value  # noqa: E402

GAMES = ("louis14", "vive_le_roi", "versailles1682")


def decision(seed: int, actions: int) -> tuple[Observation, int]:
    """A decision of Louis XIV at 4 players, and how many features its model reads."""
    state = position("louis14", 4, seed, actions)
    assert state.to_move is not None
    return Observation(state, state.to_move), Features("louis14", 4, evaluator("louis14")).size


def random_model(inputs: int, players: int, seed: int = 0, search: Any = None) -> ValueModel:
    rng = np.random.default_rng(seed)
    layers = ((rng.normal(0, 0.1, (inputs, 8)).astype(np.float32),
               rng.normal(0, 0.1, 8).astype(np.float32)),
              (rng.normal(0, 0.1, (8, players)).astype(np.float32),
               rng.normal(0, 0.1, players).astype(np.float32)))
    return ValueModel(layers, {"search": search or {"iterations": 40, "horizon": 0}})


@pytest.fixture
def installed() -> Iterator[dict[tuple[str, int], ValueModel | None]]:
    """The shipped models, restored after a test installs its own."""
    saved = dict(learned._MODELS)
    yield learned._MODELS
    learned._MODELS.clear()
    learned._MODELS.update(saved)


def test_a_model_reads_back_what_it_wrote() -> None:
    model = random_model(30, 4, search={"iterations": 7, "horizon": 1})
    again = read_model(model.to_bytes())
    assert again.meta == model.meta and again.inputs == 30
    for (w, b), (w2, b2) in zip(model.layers, again.layers, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    chances = again.chances(np.ones(30, np.float32))
    assert chances.shape == (4,) and abs(float(chances.sum()) - 1) < 1e-6


@pytest.mark.parametrize("data", [b"", b"not an npz", random_model(5, 3).to_bytes()[:200]])
def test_a_file_that_is_no_model_is_refused(data: bytes) -> None:
    with pytest.raises(ValueError, match="not a value model"):
        read_model(data)


def test_a_model_whose_biases_do_not_fit_is_refused() -> None:
    (w0, b0), (w1, _) = random_model(5, 3).layers
    for bias in (np.zeros(1, np.float32), np.zeros((3, 1), np.float32)):
        with pytest.raises(ValueError, match="layer 1's biases do not fit its weights"):
            read_model(ValueModel(((w0, b0), (w1, bias)), {}).to_bytes())


@pytest.mark.parametrize("game", GAMES)
def test_the_features_are_the_seats_observation_and_the_games_own_chances(game: str) -> None:
    state = position(game, 4, 5, 30)
    judge = evaluator(game)
    features = Features(game, 4, judge)
    chances = judge.win_chances(state)
    for seat in range(4):
        x = features(state, seat).copy()
        vector = observation_vector(adapter(game), state, seat)
        start = next(at for name, at, _ in vector.layout() if name == "prefix")
        assert start == features.observed == features.size - 4
        assert np.array_equal(x[:start], vector.array()[:start])
        own = [chances[(seat + k) % 4] for k in range(4)]
        assert np.allclose(features.own, own)
        assert np.allclose(x[start:], np.log(np.maximum(own, Features.FLOOR)), atol=1e-5)


def test_the_judge_gives_each_seat_its_own_chance() -> None:
    """The model's chances come in the features' seat order (the searching seat first); the
    judge gives them back in seat order."""
    game, state = "louis14", position("louis14", 4, 9, 20)
    base = evaluator(game)
    features = Features(game, 4, base)
    favours_first = random_model(features.size, 4)
    w, b = favours_first.layers[1]
    b = b.copy()
    b[0] += 10.0  # the first place in the features' order all but wins
    model = ValueModel((favours_first.layers[0], (w, b)), {})
    for seat in range(4):
        chances = LearnedJudge(base, model, features, seat).win_chances(state)
        assert abs(sum(chances) - 1) < 1e-5
        assert max(range(4), key=lambda p: chances[p]) == seat
    mixed = LearnedJudge(base, model, features, 2, mix=0.0).win_chances(state)
    assert mixed == pytest.approx(base.win_chances(state))


def test_a_finished_game_scores_its_win_share() -> None:
    state = sunking.make("louis14").new_game(4, 3)
    rng = Rng(3)
    while not state.is_terminal:
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
    base = evaluator("louis14")
    features = Features("louis14", 4, base)
    judge = LearnedJudge(base, random_model(features.size, 4), features, 0)
    assert judge.win_chances(state) == state.result().shares()


@pytest.mark.parametrize("game", GAMES)
def test_expert_searches_with_its_games_model_and_settings(
        game: str, installed: dict[tuple[str, int], ValueModel | None]) -> None:
    state = position(game, 4, 21, 25)
    seat = state.to_move
    assert seat is not None
    size = Features(game, 4, evaluator(game)).size
    installed[(game, 4)] = random_model(size, 4, search={"iterations": 33, "horizon": 1})
    bot = make_bot("ismcts:expert")
    assert isinstance(bot, IsmctsBot) and bot.tuning is searches()["expert"]
    action = bot.act(Observation(state, seat), Rng(1))
    assert action in state.legal_actions()
    assert bot.last is not None and bot.last.iterations == 33


def test_expert_takes_its_models_search_settings_with_any_budget(
        installed: dict[tuple[str, int], ValueModel | None]) -> None:
    observation, size = decision(21, 25)
    tuning = searches()["expert"]
    installed[("louis14", 4)] = random_model(
        size, 4, search={"iterations": 33, "horizon": 1, "exploration": 0.2})
    _, config = tuning(observation, LEVELS["expert"])
    assert (config.iterations, config.seconds, config.horizon, config.exploration) == (
        33, 1.0, 1, 0.2)
    timed = dataclasses.replace(LEVELS["expert"], iterations=None, seconds=0.05)
    _, config = tuning(observation, timed)  # ismcts:expert:0.05s keeps its budget
    assert (config.iterations, config.seconds, config.horizon, config.exploration) == (
        None, 0.05, 1, 0.2)
    installed[("louis14", 4)] = random_model(size, 4, search={"iterations": 33, "horizon": 1})
    _, config = tuning(observation, LEVELS["expert"])
    assert config.exploration == LEVELS["expert"].exploration


def test_without_a_model_expert_searches_as_hard(
        installed: dict[tuple[str, int], ValueModel | None]) -> None:
    installed[("louis14", 2)] = None
    state = position("louis14", 2, 4, 10)
    assert state.to_move is not None
    observation = Observation(state, state.to_move)
    judge, config = searches()["expert"](observation, LEVELS["expert"])
    assert judge is evaluator("louis14") and config == LEVELS["hard"]
    # The same search, so the same choice, every root action visited alike.
    expert_bot = make_bot("ismcts:expert", cpu_clock=True)
    hard_bot = make_bot("ismcts:hard", cpu_clock=True)
    assert expert_bot.act(observation, Rng(5)) == hard_bot.act(observation, Rng(5))
    assert isinstance(expert_bot, IsmctsBot) and isinstance(hard_bot, IsmctsBot)
    assert expert_bot.last is not None and hard_bot.last is not None
    assert expert_bot.last.choices == hard_bot.last.choices
    assert expert_bot.last.iterations == 1000


@pytest.mark.parametrize("game", GAMES)
def test_a_tournament_counts_the_iterations_the_games_model_gives_expert(game: str) -> None:
    model = shipped_model(game, 4)
    assert model is not None
    pool = ["random", "ismcts:hard", "ismcts:expert", "ismcts:expert:0.05s"]
    iterations = model.meta["search"]["iterations"]
    assert budgets(pool, game, 4) == [None, 1000, iterations, None]
    assert searches_of(pool, game, 4) == [(None, False), (1000, False), (iterations, True),
                                          (None, True)]
    # No model for three seats: the expert searches as hard, with the game's own judge.
    assert searches_of(["ismcts:expert"], game, 3) == [(LEVELS["expert"].iterations, False)]


def test_a_merge_keeps_the_budgets_the_parts_were_played_with() -> None:
    specs = ["ismcts:expert:3", "heuristic", "random", "random"]
    parts = [run_tournament("louis14", specs, 2, seed=1, part=part).to_json()
             for part in (range(0, 1), range(1, 2))]
    for part in parts:  # as if played when the expert's model gave it other settings
        part["entries"][0]["budget"] = 123
    merged = merge_parts(parts)
    assert [e.budget for e in merged.entries] == [123, None, None, None]
    assert merged.judged_apart() == {"ismcts:expert:3"}
    parts[1]["entries"][0]["budget"] = 124
    with pytest.raises(ValueError, match="part 2 was played with the budgets"):
        merge_parts(parts)


TWINS = ((31, 20, 1), (34, 20, 1), (35, 60, 1), (40, 60, 1), (43, 60, 1), (47, 60, 1),
         (47, 60, 2))
"""The expert's fairness check: (seed, actions played, salt of the redeal) — positions early
and later in a game, each against a twin its seat cannot tell from it; among them, in every
game, some where what the seat cannot see would change the decision of a bot that saw it
(in Louis XIV such positions are rare: 2 of 40 tried)."""


def twin_decisions(game: str, seen: type[Observation]) -> list[tuple[Any, Any]]:
    """The expert's decision at each of :data:`TWINS`' positions and at its twin, each
    observed as ``seen`` observes it."""
    bot = expert(40)
    out = []
    for seed, actions, salt in TWINS:
        state = position(game, 4, seed, actions)
        seat = state.to_move
        assert seat is not None
        other = twin(state, seat, salt)
        out.append((bot.act(seen(state, seat), Rng(7)), bot.act(seen(other, seat), Rng(7))))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_expert_decides_the_same_whatever_its_seat_cannot_see(game: str) -> None:
    """The fairness check of tests/bots/test_bot_fairness.py, for the expert in every game
    with the model it ships: states its seat cannot tell apart (every hidden card dealt
    again) get the same decision."""
    for mine, theirs in twin_decisions(game, Observation):
        assert mine == theirs


@pytest.mark.parametrize("game", GAMES)
def test_the_check_catches_an_expert_that_searches_the_true_state(game: str) -> None:
    # The check above must be able to fail on its own positions: searching the true state,
    # hidden cards and dice, the expert decides differently on some twin.
    assert any(mine != theirs for mine, theirs in twin_decisions(game, Peeking))


@pytest.mark.parametrize("game", GAMES)
def test_each_game_ships_a_model_for_four_seats(game: str) -> None:
    model = shipped_model(game, 4)
    assert model is not None
    assert model.inputs == Features(game, 4, evaluator(game)).size
    assert len(model.meta["data_sha256"]) == 64 and model.meta["games"] >= 1000
    assert {"iterations", "horizon", "mix"} <= set(model.meta["search"])
    assert {"game's own", "game's own, calibrated", "model"} <= set(model.meta["log_loss"])
    path = ROOT / "src" / "sunking" / "games" / game / "data" / "expert-4.npz"
    assert path.stat().st_size < 4_000_000
    assert train_value.weights_sha256(model) == model.meta["weights_sha256"]


def test_two_threads_searching_at_once_decide_as_each_alone() -> None:
    """A server that runs bot moves in threads may search two positions at once: each thread
    writes its own features."""
    positions = [position("louis14", 4, seed, 30 + seed) for seed in range(12)]

    def decide(state: GameState) -> Any:
        assert state.to_move is not None
        return expert(300).act(Observation(state, state.to_move), Rng(3))

    alone = [decide(state) for state in positions]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as they can
    try:
        with ThreadPoolExecutor(4) as pool:
            together = list(pool.map(decide, positions))
    finally:
        sys.setswitchinterval(interval)
    assert together == alone


def test_a_model_that_does_not_fit_its_encoder_is_named(
        installed: dict[tuple[str, int], ValueModel | None]) -> None:
    installed[("louis14", 4)] = random_model(12, 4)
    state = position("louis14", 4, 3, 12)
    assert state.to_move is not None
    with pytest.raises(ValueError, match="reads 12 features where its encoder writes"):
        make_bot("ismcts:expert").act(Observation(state, state.to_move), Rng(1))


def test_a_model_for_other_seats_or_with_a_blend_out_of_range_is_named(
        installed: dict[tuple[str, int], ValueModel | None]) -> None:
    observation, size = decision(3, 12)
    installed[("louis14", 4)] = random_model(size, 3)
    with pytest.raises(ValueError, match="for 4 players gives chances for 3 seats"):
        make_bot("ismcts:expert").act(observation, Rng(1))
    installed[("louis14", 4)] = random_model(size, 4, search={"iterations": 9, "mix": 1.5})
    with pytest.raises(ValueError, match=r"by 1\.5, not a weight from 0 to 1"):
        make_bot("ismcts:expert").act(observation, Rng(1))
    installed[("louis14", 4)] = random_model(size, 4, search={"iterations": 9, "mix": 0.5})
    assert make_bot("ismcts:expert").act(observation, Rng(1)) in observation.legal_actions
