"""Each game declares the version of its rules; a record carries the version it was played
under and one of another version is refused (``record/rules_version``), never replayed under
rules it was not played by. A record that names no version is of version 1."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sunking.core import (
    GameRecord,
    InvalidState,
    Rng,
    RulesVersionMismatch,
    available_games,
    make,
    replay,
    replay_states,
)
from sunking.core.registry import package

PLAYERS = {"louis14": 3, "vive_le_roi": 3, "versailles1682": 3}
ACTIONS = 40


def short_record(game_id: str) -> dict[str, Any]:
    """The JSON record of a game's first :data:`ACTIONS` random actions."""
    state = make(game_id).new_game(PLAYERS.get(game_id, make(game_id).spec.min_players), 5)
    rng = Rng(5)
    for _ in range(ACTIONS):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.below(len(legal))])
    return GameRecord.of(state).to_json()


def test_the_versions_of_this_release() -> None:
    assert make("louis14").spec.rules_version == 1
    assert make("vive_le_roi").spec.rules_version == 3
    assert make("versailles1682").spec.rules_version == 2


@pytest.mark.parametrize("game_id", available_games())
def test_the_version_is_declared_once_in_the_games_package(game_id: str) -> None:
    module = __import__(f"{package(game_id)}.game", fromlist=["RULES_VERSION"])
    declared = getattr(module, "RULES_VERSION", 1)  # a game that declares none plays version 1
    assert make(game_id).spec.rules_version == declared


@pytest.mark.parametrize("game_id", available_games())
def test_a_record_writes_and_reads_back_its_version(game_id: str) -> None:
    data = short_record(game_id)
    assert data["rules_version"] == make(game_id).spec.rules_version
    back = GameRecord.from_json(json.loads(json.dumps(data)))
    assert back.rules_version == make(game_id).spec.rules_version
    assert replay(back).version == len(back.actions)


def refused(data: dict[str, Any], game: str, recorded: int, engine: int) -> None:
    with pytest.raises(RulesVersionMismatch) as caught:
        GameRecord.from_json(data)
    error = caught.value
    assert error.code == "record/rules_version"
    assert (error.game, error.recorded, error.engine) == (game, recorded, engine)
    message = str(error)
    assert game in message
    assert f"version {recorded}" in message and f"version {engine}" in message


@pytest.mark.parametrize("claimed", [0, 2])
def test_louis14_refuses_a_record_of_another_version(claimed: int) -> None:
    data = short_record("louis14")
    refused({**data, "rules_version": claimed}, "louis14", claimed, 1)


def test_louis14_reads_an_old_record_without_a_version_as_version_1() -> None:
    data = short_record("louis14")
    del data["rules_version"]
    assert GameRecord.from_json(data).rules_version == 1


@pytest.mark.parametrize("game_id", ["vive_le_roi", "versailles1682"])
def test_an_old_record_without_a_version_is_refused(game_id: str) -> None:
    data = short_record(game_id)
    old = {k: v for k, v in data.items() if k != "rules_version"}
    engine = make(game_id).spec.rules_version
    refused(old, game_id, 1, engine)
    refused({**data, "rules_version": 1}, game_id, 1, engine)


@pytest.mark.parametrize("game_id", ["vive_le_roi", "versailles1682"])
def test_replay_refuses_a_record_built_with_an_old_version(game_id: str) -> None:
    record = GameRecord.from_json(short_record(game_id))
    old = GameRecord(record.game, record.num_players, record.seed, record.options,
                     record.actions, rules_version=1)
    with pytest.raises(RulesVersionMismatch):
        replay(old)
    with pytest.raises(RulesVersionMismatch):
        next(replay_states(old))


def test_a_version_that_is_not_an_integer_is_refused() -> None:
    data = short_record("louis14")
    for bad in ("1", 1.0, True, None):
        with pytest.raises(InvalidState):
            GameRecord.from_json({**data, "rules_version": bad})


def test_a_played_game_records_its_version() -> None:
    state = make("vive_le_roi").new_game(3, 2)
    assert GameRecord.of(state).rules_version == 3
