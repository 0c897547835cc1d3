"""The bots on Vive le Roi: they finish games in the conformance harness, decide the same on
positions their seat cannot tell apart, and the evaluation and default policy are sound."""

from __future__ import annotations

import pytest

import sunking
from sunking.bots import HeuristicBot, IsmctsBot, IsmctsConfig, Observation, RandomBot
from sunking.bots.arena import play_match
from sunking.bots.protocol import Bot
from sunking.core import Action, GameState, Rng
from sunking.games.vive_le_roi.actions import Commit, LayDown
from sunking.games.vive_le_roi.heuristic import EVALUATOR, settle
from sunking.games.vive_le_roi.scenario import find, position
from sunking.testing.conformance import check_game
from support.twins import random_position

GAME = sunking.make("vive_le_roi")


def bot_policy(bot: Bot):  # type: ignore[no-untyped-def]
    def policy(state: GameState, rng: Rng) -> Action:
        seat = state.to_move
        assert seat is not None
        return bot.act(Observation(state, seat), rng)

    return policy


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize(
    ("bot", "playouts"),
    [(RandomBot(), 4), (HeuristicBot(), 2), (IsmctsBot(IsmctsConfig(iterations=8, horizon=4)), 1)],
    ids=["random", "heuristic", "ismcts"],
)
def test_bots_finish_games_in_the_harness(bot: Bot, playouts: int, players: int) -> None:
    report = check_game(GAME, players, playouts, seed=500 + players, policy=bot_policy(bot),
                        view_every=80, rollouts=False, determinism_every=1)
    assert report.playouts == playouts


def bots() -> list[Bot]:
    return [RandomBot(), HeuristicBot(), IsmctsBot(IsmctsConfig(iterations=40, horizon=6))]


def mid_game(players: int, seed: int, actions: int) -> GameState:
    return random_position("vive_le_roi", players, seed, actions)


@pytest.mark.parametrize(("players", "actions"), [(4, 0), (4, 60), (5, 110)])
def test_states_a_seat_cannot_tell_apart_get_the_same_decision(players: int, actions: int) -> None:
    state = mid_game(players, 21 + actions, actions)
    seat = state.to_move
    assert seat is not None
    other = state.determinize(seat, Rng(3))
    assert other.snapshot() != state.snapshot()
    assert other.view(seat) == state.view(seat)
    for bot in bots():
        mine = bot.act(Observation(state, seat), Rng(7))
        theirs = bot.act(Observation(other, seat), Rng(7))
        assert mine == theirs, f"{bot.name} decided differently on hidden information"


def test_determinizations_depend_only_on_the_information_set() -> None:
    state = mid_game(4, 8, 70)
    seat = state.to_move
    assert seat is not None
    other = state.determinize(seat, Rng(4))
    assert state.determinize(seat, Rng(9)).snapshot() == other.determinize(
        seat, Rng(9)).snapshot()


def test_evaluation_plays_out_an_attack_under_way() -> None:
    province = find("province", arms=3)
    s = position(
        3,
        hands={0: [find("musketeer", 6)], 1: [find("musketeer", 1)]},
        structures={1: [province, find("musketeer", 2)]},
        attach={find("musketeer", 2): province},
        steps=[("fight", 0, 0, 1, province)],
    )
    assert s.pending is not None and s.pending[0] == "batch"
    settled = settle(s)
    assert province in settled.structures[0]
    scores = EVALUATOR.evaluate(s)
    assert scores[0] > scores[1]


def test_evaluation_prefers_a_matching_province_and_the_captive_king() -> None:
    base = {0: [find("noble", 1)], 1: [find("noble", 2)]}
    turn = [("turn", 2)]
    mine = position(3, structures={0: base[0] + [find("province", arms=0)], 1: base[1]},
                    steps=turn)
    theirs = position(3, structures={0: base[0], 1: base[1] + [find("province", arms=0)]},
                      steps=turn)
    judge = EVALUATOR.evaluate
    assert judge(mine)[0] - judge(mine)[1] > judge(theirs)[0] - judge(theirs)[1]
    captive = position(3, structures=base, king=0, captive=True, steps=turn)
    visiting = position(3, structures=base, king=0, captive=False, steps=turn)
    assert EVALUATOR.evaluate(captive)[0] > EVALUATOR.evaluate(visiting)[0]


def test_default_policy_plays_legal_actions_to_the_end() -> None:
    state = GAME.new_game(4, 12)
    state.quiet = True
    rng = Rng(5)
    while not state.is_terminal:
        action = EVALUATOR.rollout_action(state, rng)
        legal = state.legal_actions()
        assert action in legal or (
            type(action).__name__ == "PlayToMiddle" and state.pending is not None
            and state.pending[0] == "turn"
        )
        state = state.apply_unchecked(action)
    assert state.result().winners


def test_heuristic_lays_its_highest_duel_card_when_settling() -> None:
    s = position(
        3,
        hands={0: [find("gold", 1), find("courtier", 6, arms=1)], 1: [find("gold", 2)]},
        structures={0: [find("noble", 6)], 1: [find("noble", 2)]},
        steps=[("duel", 0, 1, find("noble", 6), find("noble", 2))],
    )
    assert LayDown(find("courtier", 6, arms=1)) in s.legal_actions()
    settled = settle(s)
    assert find("noble", 2) in settled.discard
    assert not any(isinstance(a, Commit) for a in settled.legal_actions())


def test_a_match_between_bots_ends_with_a_winner() -> None:
    result = play_match(GAME, [HeuristicBot(), RandomBot(), RandomBot()], seed=3)
    assert result.winners and len(result.scores) == 3
