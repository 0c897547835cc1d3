"""The bot protocol: bots see an observation, return legal actions, finish every game."""

from __future__ import annotations

import dataclasses

import pytest

import sunking
from sunking.bots import (
    LEVELS,
    HeuristicBot,
    IsmctsBot,
    IsmctsConfig,
    Observation,
    RandomBot,
    make_bot,
)
from sunking.bots.evaluator import evaluator
from sunking.core import GameState, Rng
from sunking.testing.conformance import check_game

GAME = sunking.make("louis14")


def bot_policy(bot: object):  # type: ignore[no-untyped-def]
    def policy(state: GameState, rng: Rng):  # type: ignore[no-untyped-def]
        seat = state.to_move
        assert seat is not None
        return bot.act(Observation(state, seat), rng)  # type: ignore[attr-defined]

    return policy


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    ("bot", "playouts"),
    [
        (RandomBot(), 6),
        (HeuristicBot(), 3),
        (IsmctsBot(IsmctsConfig(iterations=12, horizon=4)), 1),
    ],
    ids=["random", "heuristic", "ismcts"],
)
def test_bots_finish_every_player_count_in_the_harness(
    bot: object, playouts: int, players: int
) -> None:
    report = check_game(
        GAME, players, playouts, seed=300 + players, policy=bot_policy(bot),
        view_every=60, rollouts=False, determinism_every=1,
    )
    assert report.playouts == playouts


def test_the_harness_rejects_a_policy_that_plays_an_illegal_action() -> None:
    from sunking.games.louis14.actions import Pass
    from sunking.testing.conformance import ConformanceError

    def cheat(state: GameState, rng: Rng) -> Pass:
        return Pass()

    with pytest.raises(ConformanceError, match="not legal"):
        check_game(GAME, 3, 1, policy=cheat)


def test_observation_is_only_for_the_seat_to_move() -> None:
    state = GAME.new_game(3, 1)
    with pytest.raises(ValueError, match="seat 1 is not to move"):
        Observation(state, 1)


def test_observation_exposes_no_state() -> None:
    state = GAME.new_game(4, 2)
    obs = Observation(state, 0)
    public = {name: getattr(obs, name) for name in dir(obs) if not name.startswith("_")}
    assert not any(isinstance(value, GameState) for value in public.values())
    assert obs.view == state.view(0)
    assert list(obs.legal_actions) == list(state.legal_actions())
    assert obs.view["you"]["seat"] == 0  # type: ignore[index,call-overload]


def test_determinize_keeps_the_seats_view_and_legal_actions() -> None:
    state = GAME.new_game(4, 3)
    obs = Observation(state, 0)
    sample = obs.determinize(Rng(1))
    assert sample.view(0)["tiles"] == state.view(0)["tiles"]
    assert sample.legal_actions() == state.legal_actions()
    assert sample.quiet


@pytest.mark.parametrize(
    ("spec", "name"),
    [("random", "random"), ("heuristic", "heuristic"), ("ismcts", "ismcts"),
     ("ismcts:hard", "ismcts:hard"), ("ismcts:expert", "ismcts:expert"), ("ismcts:50", "ismcts:50"),
     ("ismcts:0.2s", "ismcts:0.2s")],
)
def test_make_bot_reads_specs(spec: str, name: str) -> None:
    assert make_bot(spec).name == name


def test_make_bot_budgets() -> None:
    bot = make_bot("ismcts:50")
    assert isinstance(bot, IsmctsBot)
    assert bot.config.iterations == 50 and bot.budget == 50
    timed = make_bot("ismcts:0.5s")
    assert isinstance(timed, IsmctsBot)
    assert timed.config.iterations is None and timed.config.seconds == 0.5


def test_a_level_may_be_given_another_budget() -> None:
    """``ismcts:hard:0.08s`` is hard's search with that time alone (the expert's ablation)."""
    bot = make_bot("ismcts:hard:0.08s")
    assert isinstance(bot, IsmctsBot) and bot.name == "ismcts:hard:0.08s"
    assert bot.config == dataclasses.replace(LEVELS["hard"], iterations=None, seconds=0.08)
    counted = make_bot("ismcts:medium:2000")
    assert isinstance(counted, IsmctsBot)
    assert counted.config == dataclasses.replace(LEVELS["medium"], iterations=2000)


@pytest.mark.parametrize("spec", ["", "minimax", "random:3", "ismcts:lots", "ismcts:0",
                                  "ismcts:-1s", "heuristic:hard", "ismcts:harder:1s",
                                  "ismcts:hard:soon"])
def test_make_bot_rejects_bad_specs(spec: str) -> None:
    with pytest.raises(ValueError, match=r"bot|budget|ISMCTS"):
        make_bot(spec)


def test_ismcts_keeps_to_its_iteration_budget() -> None:
    bot = IsmctsBot(IsmctsConfig(iterations=40, horizon=2))
    state = GAME.new_game(4, 5)
    action = bot.act(Observation(state, 0), Rng(2))
    assert action in state.legal_actions()
    assert bot.last is not None and bot.last.iterations == 40
    assert 1 <= bot.last.best_visits <= 40


def test_a_time_budget_too_short_for_anything_still_gives_a_move() -> None:
    bot = IsmctsBot(IsmctsConfig(iterations=None, seconds=1e-9, horizon=2))
    state = GAME.new_game(4, 5)
    assert bot.act(Observation(state, 0), Rng(2)) in state.legal_actions()
    assert bot.last is not None and bot.last.iterations == 1


def test_ismcts_time_budget_stops_the_search() -> None:
    bot = IsmctsBot(IsmctsConfig(iterations=None, seconds=0.05, horizon=2))
    state = GAME.new_game(4, 5)
    bot.act(Observation(state, 0), Rng(2))
    assert bot.last is not None
    assert 1 <= bot.last.iterations < 1_000_000


def test_a_single_legal_action_is_played_without_search() -> None:
    state = GAME.new_game(2, 1)
    while len(state.legal_actions()) != 1:
        state = state.apply_unchecked(state.legal_actions()[0])
    bot = IsmctsBot(IsmctsConfig(iterations=10))
    seat = state.to_move
    assert seat is not None
    assert bot.act(Observation(state, seat), Rng(0)) == state.legal_actions()[0]
    assert bot.last is None


def test_ismcts_in_a_turn_scoped_game_searches_only_its_own_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With an evaluator whose ``scope`` is ``"turn"`` every iteration ends at the first
    decision of another seat (or the end) and is scored there; no playout is made."""
    state = GAME.new_game(3, 4)
    seat = state.to_move
    assert seat is not None
    scored: list[int | None] = []
    judge = evaluator(GAME.spec.id)
    evaluate = type(judge).evaluate

    def counting(self: object, position: GameState) -> list[float]:
        scored.append(position.to_move)
        return list(evaluate(judge, position))

    def no_playout(self: object, position: GameState, rng: Rng) -> object:
        raise AssertionError("a turn-scoped search made a playout")

    monkeypatch.setattr(type(judge), "scope", "turn")
    monkeypatch.setattr(type(judge), "evaluate", counting)
    monkeypatch.setattr(type(judge), "rollout_action", no_playout)
    bot = IsmctsBot(IsmctsConfig(iterations=60, horizon=8))
    action = bot.act(Observation(state, seat), Rng(3))
    assert action in state.legal_actions()
    assert bot.last is not None and bot.last.iterations == 60
    searched = scored[-60:]  # the one-ply ranking of the root came first
    assert len(searched) == 60 and all(mover != seat for mover in searched)
