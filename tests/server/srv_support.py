"""Helpers of the server tests: an app on a memory store (or SQLite), matches, websocket reads
with a time limit, the PostgreSQL URL, and the true states of a match. (Imported by this name:
``conftest`` is ambiguous when several test directories have one.)"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from sunking.core import GameState, make
from sunking.server import Settings, create_app
from sunking.server.match.request import CreatedMatch
from sunking.server.match.service import MatchService
from sunking.server.storage import MatchStore, MemoryStore
from sunking.testing.seats import seat_tokens

LIMIT = 60.0
"""Seconds a test waits for something that should happen at once before it fails."""


def make_client(store_factory: Callable[[], MatchStore] | None = None,
                data_dir: Path | None = None) -> TestClient:
    settings = Settings(data_dir=data_dir or Path("unused"), bot_workers=0, bot_delay=0.0,
                        rate_create=None, rate_actions=None, rate_join=None, rate_claim=None,
                        rate_chat=None,
                        rate_chat_chars=None)
    return TestClient(create_app(settings, store_factory=store_factory or MemoryStore))


def service_of(client: TestClient) -> MatchService:
    service: MatchService = client.app.state.service  # type: ignore[attr-defined]
    return service


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_match(
    client: httpx.Client,
    seats: tuple[str, ...] = ("human", "human", "human", "human"),
    *,
    seed: int = 7,
    game: str = "louis14",
    **extra: Any,
) -> dict[str, Any]:
    """Create a match of ``game``; ``seats`` are "human" or bot specs. Returns the answer with
    ``tokens`` (seat → token) added: the creator's, and those of the other human seats, each
    claimed through its invitation as its person would. A match with more than one human seat
    is a practice match (only there may the seed be chosen) unless ``practice`` says
    otherwise."""
    body = {
        "game": game, "players": len(seats), "seed": seed, "language": "en",
        "practice": seats.count("human") > 1,
        "seats": [{"kind": "human", "name": f"P{i}"} if s == "human" else
                  {"kind": "bot", "bot": s} for i, s in enumerate(seats)],
        **extra,
    }
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    created["tokens"] = seat_tokens(client, created)
    return created


async def claimed_tokens(service: MatchService, created: CreatedMatch) -> dict[int, str]:
    """Every human seat's token of a match created on ``service``: the creator's, and the
    others', each claimed through its invitation."""
    tokens = dict(created.seat_tokens)
    for seat, invitation in created.invitations.items():
        tokens[seat] = (await service.claim(created.record.match_id, invitation))[1]
    return tokens


def claim(client: httpx.Client, match_id: str, invitation: str, **body: Any) -> dict[str, Any]:
    """Claim the seat of ``invitation`` (with ``body``'s name, if any); returns the answer."""
    answer = client.post(f"/api/matches/{match_id}/claim",
                         json={"invitation": invitation, **body})
    assert answer.status_code == 201, answer.text
    claimed: dict[str, Any] = answer.json()
    return claimed


_LOGS: dict[int, tuple[int, list[dict[str, Any]]]] = {}
"""Per test websocket (by id), the version of the last view it was sent and the whole event
log so far. A socket's first view is whole, so a reused id starts afresh."""


def receive(
    ws: WebSocketTestSession, limit: float = LIMIT, *, raw: bool = False
) -> dict[str, Any]:
    """The next message of a test websocket, failing after ``limit`` seconds.

    A view that is a delta (``events_since``) is returned whole: its events appended to the
    log this socket was sent before, which must end at exactly that version. With ``raw`` the
    message is returned as sent (the log is still followed).
    """

    async def get() -> Any:
        with anyio.fail_after(limit):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    decoded: dict[str, Any] = json.loads(message["text"])
    if decoded.get("type") != "view":
        return decoded
    view = decoded["view"]
    if "events_since" in view:
        assert id(ws) in _LOGS, "the first view on a socket must be whole"
        version, log = _LOGS[id(ws)]
        assert view["events_since"] == version, (view["events_since"], version)
        log = log + view["events"]
    else:
        log = view["events"]
    _LOGS[id(ws)] = (view["version"], log)
    if raw:
        return decoded
    whole = {k: v for k, v in view.items() if k != "events_since"}
    whole["events"] = log
    return {**decoded, "view": whole}


def receive_view(ws: WebSocketTestSession, at_least: int = 0) -> dict[str, Any]:
    """The first view message with version >= ``at_least`` (errors are failures)."""
    while True:
        message = receive(ws)
        assert message["type"] == "view", message
        if message["view"]["version"] >= at_least:
            return message["view"]  # type: ignore[no-any-return]


def receive_other(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message that is not a view (an error or a pong); views are skipped."""
    while True:
        message = receive(ws)
        if message["type"] != "view":
            return message


def wait_until(check: Callable[[], bool], limit: float = LIMIT) -> None:
    """Poll ``check`` until it holds; fail after ``limit`` seconds."""
    end = time.monotonic() + limit
    while not check():
        if time.monotonic() > end:
            pytest.fail(f"gave up waiting after {limit} s")
        time.sleep(0.01)


def true_states(client: TestClient, match_id: str) -> list[GameState]:
    """The match's state at every version, replayed here from the stored log."""
    stored = service_of(client).store.load(match_id)
    game = make(stored.match.game)
    state = game.new_game(stored.match.players, stored.match.seed, **stored.match.options)
    states = [state]
    for action in stored.actions:
        state = state.apply(game.parse_action(action.action))
        states.append(state)
    return states


def postgres_url() -> str:
    """The URL of the test PostgreSQL server: required in CI, else skipped when unset."""
    url = os.environ.get("SUNKING_TEST_POSTGRES_URL")
    if url:
        return url
    if os.environ.get("CI"):
        pytest.fail("CI is set but SUNKING_TEST_POSTGRES_URL is not: start a server with "
                    "scripts/start_test_postgres.sh")
    pytest.skip("SUNKING_TEST_POSTGRES_URL is not set (scripts/start_test_postgres.sh)")
