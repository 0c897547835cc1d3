"""AI hints: the seat to move of a match with hints on gets the AI's top three moves with their
win chances; every other request is refused with a clear error and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, service_of

from sunking.core import available_games
from sunking.server.bot_worker import HINT_MOVES


def hint(client: TestClient, created: dict[str, Any], token: str) -> Any:
    return client.get(f"/api/matches/{created['match_id']}/hint", headers=auth(token))


def to_move(client: TestClient, created: dict[str, Any]) -> int:
    token = next(iter(created["tokens"].values()))
    seat: int = client.get(f"/api/matches/{created['match_id']}",
                           headers=auth(token)).json()["to_move"]
    return seat


@pytest.mark.parametrize("game", available_games())
def test_srv_hint_gives_three_legal_moves_with_win_chances(client: TestClient, game: str) -> None:
    created = new_match(client, ("human", "human", "human"), game=game, hints=True)
    mover = to_move(client, created)
    token = created["tokens"][mover]
    mv = client.get(f"/api/matches/{created['match_id']}", headers=auth(token)).json()
    assert mv["hints"] is True
    answer = hint(client, created, token)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["seat"] == mover and body["version"] == mv["version"]
    moves = body["moves"]
    assert len(moves) == HINT_MOVES
    for move in moves:
        assert move["action"] in mv["legal_actions"]
        assert 0.0 <= move["win_chance"] <= 1.0 and move["visits"] > 0
    assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    assert len({str(m["action"]) for m in moves}) == HINT_MOVES
    # Asking changes nothing; asking again at the same version gives the same answer.
    assert service_of(client).store.load(created["match_id"]).actions == ()
    assert hint(client, created, token).json() == body


def test_srv_hint_refusals(client: TestClient) -> None:
    created = new_match(client, ("human", "human"), hints=True)
    mover = to_move(client, created)
    other = hint(client, created, created["tokens"][1 - mover])
    assert other.status_code == 409 and other.json()["error"]["code"] == "not_your_turn"
    spectator = hint(client, created, created["spectator"]["token"])
    assert spectator.status_code == 403 and spectator.json()["error"]["code"] == "forbidden"
    assert hint(client, created, "nope").status_code == 403
    assert client.get(f"/api/matches/{created['match_id']}/hint").status_code == 401
    plain = new_match(client, ("human", "human"))
    assert client.get(f"/api/matches/{plain['match_id']}",
                      headers=auth(plain["tokens"][0])).json()["hints"] is False
    off = hint(client, plain, plain["tokens"][to_move(client, plain)])
    assert off.status_code == 409 and off.json()["error"]["code"] == "hints_off"


def test_srv_hint_flag_must_be_a_boolean(client: TestClient) -> None:
    answer = client.post("/api/matches", json={
        "game": "louis14", "players": 2, "language": "en", "hints": "yes",
        "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "malformed"
