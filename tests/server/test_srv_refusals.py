"""Refusals that were faults: option keys that clash with a new game's own parameters, an
upload the client abandons."""

from __future__ import annotations

import asyncio
import logging
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


def _upload_abandoned(app: Any) -> list[dict[str, Any]]:
    """Send ``POST /api/matches`` to ``app`` whose client disconnects before the body
    arrives; returns what the app sent."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/matches", "raw_path":
             b"/api/matches", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"test"), (b"content-type", b"application/json"),
                         (b"content-length", b"200")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80), "state": {}}
    asyncio.run(app(scope, receive, send))
    return sent


def test_srv_an_abandoned_upload_is_one_debug_line(client: TestClient,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        _upload_abandoned(client.app)
    noted = [r for r in caplog.records if "disconnect" in r.getMessage().lower()
             or r.exc_info]
    assert len(noted) == 1, [r.getMessage() for r in caplog.records]
    assert noted[0].levelno == logging.DEBUG and noted[0].exc_info is None
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
