"""Bots are deterministic per seed and never read what their seat cannot see."""

from __future__ import annotations

import pytest

import sunking
from sunking.bots import HeuristicBot, IsmctsBot, IsmctsConfig, Observation, RandomBot
from sunking.bots.arena import play_match
from sunking.bots.protocol import Bot
from sunking.core import GameState, Rng
from sunking.envs.learned import shipped_model
from support.expert import expert
from support.twins import random_position, true_state, twin

GAME = sunking.make("louis14")


def bots() -> list[Bot]:
    return [RandomBot(), HeuristicBot(), IsmctsBot(IsmctsConfig(iterations=60, horizon=6)),
            expert(60)]



def position(players: int, seed: int, actions: int) -> GameState:
    return random_position("louis14", players, seed, actions)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("actions", [0, 40, 90])
def test_states_a_seat_cannot_tell_apart_get_the_same_decision(
    players: int, actions: int
) -> None:
    state = position(players, 11 + actions, actions)
    seat = state.to_move
    assert seat is not None
    # The expert judges with its model at 4 players; at 2, where none ships, it searches as
    # hard (tests/bots/test_expert.py checks it with its model in every game).
    assert (shipped_model("louis14", players) is not None) == (players == 4)
    for salt in (1, 2):
        other = twin(state, seat, salt)
        for bot in bots():
            mine = bot.act(Observation(state, seat), Rng(7))
            theirs = bot.act(Observation(other, seat), Rng(7))
            assert mine == theirs, f"{bot.name} decided differently on hidden information"


def test_determinizations_depend_only_on_the_information_set() -> None:
    state = position(4, 5, 60)
    seat = state.to_move
    assert seat is not None
    other = twin(state, seat, 3)
    assert state.determinize(seat, Rng(9)).snapshot() == other.determinize(
        seat, Rng(9)
    ).snapshot()


class PeekingBot:
    """Cheats: reads the next seat's hand through the observation's private state."""

    name = "peeking"

    def act(self, observation: Observation, rng: Rng) -> object:
        hand = true_state(observation).view((observation.seat + 1) % observation.num_players)["you"]
        key = sum(hand["influence_hand"]) + 7 * sum(hand["missions"])
        return observation.legal_actions[key % len(observation.legal_actions)]


def test_the_no_peeking_check_catches_a_bot_that_peeks() -> None:
    # The check above must be able to fail: a cheat decides differently on twins.
    bot = PeekingBot()
    differs = 0
    for seed in range(6):
        state = position(4, 60 + seed, 0)
        seat = state.to_move
        assert seat is not None
        other = twin(state, seat, seed)
        if bot.act(Observation(state, seat), Rng(1)) != bot.act(Observation(other, seat), Rng(1)):
            differs += 1
    assert differs > 0


def test_a_match_is_a_function_of_its_seed() -> None:
    lineup: list[Bot] = [IsmctsBot(IsmctsConfig(iterations=15, horizon=4)), HeuristicBot(),
                         RandomBot()]
    first = play_match(GAME, lineup, seed=3)
    again = play_match(GAME, lineup, seed=3)
    assert (first.scores, first.winners, first.actions, first.decisions) == (
        again.scores, again.winners, again.actions, again.decisions
    )
    other = play_match(GAME, lineup, seed=4)
    assert (other.scores, other.actions) != (first.scores, first.actions)


def test_a_bot_with_the_same_generator_state_repeats_itself() -> None:
    state = position(3, 8, 30)
    seat = state.to_move
    assert seat is not None
    for bot in bots():
        rng = Rng(123)
        first = bot.act(Observation(state, seat), rng.copy())
        assert bot.act(Observation(state, seat), rng.copy()) == first
