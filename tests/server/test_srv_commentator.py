"""The commentator's win chances: a finished match's replay carries, for every frame, each
seat's win chance by the game's fast evaluator (each in [0, 1], summing to 1); a running
match's replay carries none (they judge hidden cards); a kept replay keeps them."""

from __future__ import annotations

import math
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, service_of

from sunking.server.match.kept import KeptReplay, pack


def play_to_the_end(client: TestClient, created: dict[str, Any], limit: int = 3000) -> None:
    """Every seat is human: whoever is to move plays his first legal action until the end."""
    path = f"/api/matches/{created['match_id']}"
    tokens = created["tokens"]
    for _ in range(limit):
        view = client.get(path, headers=auth(tokens[0])).json()
        if view["status"] == "finished":
            return
        seat = view["to_move"]
        mine = client.get(path, headers=auth(tokens[seat])).json()
        answer = client.post(f"{path}/actions", headers=auth(tokens[seat]), json={
            "version": mine["version"], "action": mine["legal_actions"][0]})
        assert answer.status_code == 200, answer.text
    raise AssertionError("the match did not finish")


def replay_of(client: TestClient, created: dict[str, Any], token: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{created['match_id']}/replay", headers=auth(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def check_chances(frames: list[dict[str, Any]], players: int) -> None:
    for frame in frames:
        chances = frame["chances"]
        assert isinstance(chances, list) and len(chances) == players, frame["version"]
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert math.isclose(sum(chances), 1.0, abs_tol=2e-3)


@pytest.mark.parametrize(("game", "players"), [("louis14", 2), ("vive_le_roi", 3)])
def test_srv_finished_replay_carries_win_chances_per_frame_and_seat(
        client: TestClient, game: str, players: int) -> None:
    created = new_match(client, ("human",) * players, game=game, seed=3)
    running = replay_of(client, created, created["spectator"]["token"])
    assert running["status"] == "active"
    assert all(f["chances"] is None for f in running["frames"])
    play_to_the_end(client, created)
    for token in (created["spectator"]["token"], created["tokens"][1]):
        replay = replay_of(client, created, token)
        assert replay["status"] == "finished" and len(replay["frames"]) > 2
        check_chances(replay["frames"], players)
    # The last frame is the result: the winner's share.
    assert max(replay["frames"][-1]["chances"]) >= 0.5
    # The replay kept in storage when the match finished carries them too.
    live = service_of(client).cache.held[created["match_id"]]
    kept = KeptReplay.unpack(live.record, pack(*live.replay_source(), []))
    check_chances(kept.answer()["frames"], players)


def test_srv_running_replay_of_a_played_match_has_no_chances(client: TestClient) -> None:
    created = new_match(client, ("human", "human"), seed=5)
    path = f"/api/matches/{created['match_id']}"
    for _ in range(4):
        view = client.get(path, headers=auth(created["tokens"][0])).json()
        seat = view["to_move"]
        mine = client.get(path, headers=auth(created["tokens"][seat])).json()
        client.post(f"{path}/actions", headers=auth(created["tokens"][seat]),
                    json={"version": mine["version"], "action": mine["legal_actions"][0]})
    for token in (*created["tokens"].values(), created["spectator"]["token"]):
        replay = replay_of(client, created, token)
        assert replay["status"] == "active" and len(replay["frames"]) > 1
        assert all(f["chances"] is None and f["views"] is None for f in replay["frames"])
