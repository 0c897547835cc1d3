"""Refusals that were faults: option keys that clash with a new game's own parameters."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import service_of

MATCH_BODY: dict[str, Any] = {
    "game": "louis14", "players": 2, "language": "en",
    "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}]}


@pytest.mark.parametrize("key", ["seed", "num_players", "self", "options", "variant"])
def test_srv_option_keys_of_new_game_itself_are_invalid_options(client: TestClient,
                                                                 key: str) -> None:
    answer = client.post("/api/matches", json={**MATCH_BODY, "options": {key: 2}})
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "invalid_options"
    assert key in error["message"]
    assert service_of(client).cache.held == {}
