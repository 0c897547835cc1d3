"""The server's edge under abuse: bounded bodies and JSON, capped messages, security headers,
same-origin websockets, rate limits, and faults that answer 503 instead of hanging."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_support import auth, claimed_tokens, make_client, new_match, service_of
from starlette.websockets import WebSocketDisconnect

from sunking.server import Settings, create_app
from sunking.server.errors import ApiError
from sunking.server.guards import MAX_BODY_BYTES, MAX_JSON_DEPTH
from sunking.server.match.request import MatchRequest, SeatRequest
from sunking.server.match.service import MatchService
from sunking.server.routes.websocket import MAX_OUTBOX, Connection
from sunking.server.storage import MemoryStore, StoredMatch
from sunking.server.workers.bots import BotRunner

MATCH_BODY = {"game": "louis14", "players": 2, "language": "en",
              "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}


def error_of(answer: Any, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text[:500]
    body = answer.json()
    assert body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    return message


def test_srv_body_over_the_limit_is_refused_unread(client: TestClient) -> None:
    huge = b'{"game": "' + b"x" * (10 * MAX_BODY_BYTES) + b'"}'
    answer = client.post("/api/matches", content=huge,
                         headers={"content-type": "application/json"})
    assert "over" in error_of(answer, 413, "too_large")

    # Without a Content-Length (chunked), the count of bytes read stops it just the same.
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "'
        for _ in range(20):
            yield b"x" * MAX_BODY_BYTES
        yield b'"}'

    answer = client.post("/api/matches", content=chunks(),
                         headers={"content-type": "application/json"})
    error_of(answer, 413, "too_large")
    # The websocket refuses an overlong message without parsing it.
    created = new_match(client, ("human", "human"))
    with client.websocket_connect(
        f"/ws/matches/{created['match_id']}?token={created['tokens'][0]}"
    ) as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * (2 * MAX_BODY_BYTES)}))
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["error"]["code"] == "malformed"
        assert len(json.dumps(reply)) < 1000


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 30_000])
def test_srv_deep_json_is_malformed_not_a_crash(client: TestClient, depth: int) -> None:
    deep = "[" * depth + "]" * depth
    answer = client.post("/api/my-matches", content=deep.encode(),
                         headers={"content-type": "application/json"})
    assert "nested deeper" in error_of(answer, 422, "malformed")


def test_srv_lone_surrogates_and_constants_are_malformed(client: TestClient) -> None:
    seats = '[{"kind": "human", "name": "\\ud800"}, {"kind": "human", "name": "B"}]'
    body = f'{{"game": "louis14", "players": 2, "language": "en", "seats": {seats}}}'
    answer = client.post("/api/matches", content=body.encode(),
                         headers={"content-type": "application/json"})
    assert "surrogate" in error_of(answer, 422, "malformed")
    answer = client.post("/api/my-matches", content=b'{"tokens": [NaN]}',
                         headers={"content-type": "application/json"})
    error_of(answer, 422, "malformed")
    answer = client.post("/api/my-matches", content=b"\xff\xfe{}",
                         headers={"content-type": "application/json"})
    assert "UTF-8" in error_of(answer, 422, "malformed")
    created = new_match(client, ("human", "human"))
    with client.websocket_connect(
        f"/ws/matches/{created['match_id']}?token={created['tokens'][0]}"
    ) as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_text('{"type": "ping", "request_id": "\\udfff"}')
        assert ws.receive_json()["error"]["code"] == "malformed"
        ws.send_text("[" * 100_000)
        assert ws.receive_json()["error"]["code"] == "malformed"
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}  # the socket goes on


def test_srv_refusals_never_echo_a_large_input(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    match_id, token = created["match_id"], created["tokens"][0]
    version = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()["version"]
    action = {"type": "x" * 40_000}
    answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                         json={"version": version, "action": action})
    assert answer.status_code == 422
    assert len(answer.content) < 1000
    assert client.get(f"/api/matches/{match_id}", headers=auth(token)).json()["version"] \
        == version
    answer = client.post("/api/matches", json={**MATCH_BODY, "game": "y" * 90})
    assert len(answer.content) < 1000
    answer = client.post("/api/matches", json={**MATCH_BODY, "game": "y" * 200})
    error_of(answer, 422, "malformed")  # over the schema's bound on strings


def test_srv_security_headers_and_no_api_docs_by_default(client: TestClient) -> None:
    for path in ("/", "/api/games", "/static/js/play.js", "/api/nothing-here"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert client.get(path).status_code == 404
    with TestClient(create_app(Settings(data_dir=Path("unused"), bot_workers=0,
                                        api_docs=True), store_factory=MemoryStore)) as docs:
        spec = docs.get("/openapi.json").json()
        assert spec["info"]["title"] == "sunking"
        # Every body the API reads is a documented pydantic model.
        for path, field in (("/api/matches", "seats"), ("/api/matches/{match_id}/actions",
                                                        "version"),
                            ("/api/matches/{match_id}/chat", "addressed"),
                            ("/api/matches/{match_id}/join", "name"),
                            ("/api/matches/{match_id}/start", "bot"),
                            ("/api/my-matches", "tokens")):
            body = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]
            assert field in body["schema"]["properties"], path


def test_srv_large_answers_are_compressed(client: TestClient) -> None:
    answer = client.get("/api/i18n/en", headers={"accept-encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip"
    assert answer.json()["lang"] == "en"


def test_srv_websocket_from_another_site_is_refused(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    url = f"/ws/matches/{created['match_id']}?token={created['tokens'][0]}"
    with client.websocket_connect(url, headers={"origin": "http://evil.example"}) as ws:
        refused = ws.receive_json()
        assert refused["error"]["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "view"


def test_srv_rate_limits_per_address() -> None:
    settings = Settings(data_dir=Path("unused"), bot_workers=0, bot_delay=0.0,
                        rate_create="2/minute", rate_actions="3/minute")
    with TestClient(create_app(settings, store_factory=MemoryStore)) as client:
        created = [client.post("/api/matches", json=MATCH_BODY) for _ in range(2)]
        assert [a.status_code for a in created] == [201, 201]
        refused = client.post("/api/matches", json=MATCH_BODY)
        assert "too many matches" in error_of(refused, 429, "rate_limited")
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert len(service_of(client).cache.held) == 2  # the refused one was not made
        match = created[0].json()
        match_id, token = match["match_id"], match["seats"][0]["token"]
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        for _ in range(2):  # count towards the limit (stale, so nothing changes)
            client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                        json={"version": view["version"] + 5,
                              "action": view["legal_actions"][0]})
        with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as ws:
            assert ws.receive_json()["type"] == "view"
            ws.send_json({"type": "action", "version": view["version"] + 5,
                          "action": view["legal_actions"][0], "request_id": "r1"})
            assert ws.receive_json()["error"]["code"] == "stale_action"
            ws.send_json({"type": "action", "version": view["version"],
                          "action": view["legal_actions"][0], "request_id": "r2"})
            reply = ws.receive_json()
            assert reply["error"]["code"] == "rate_limited" and reply["request_id"] == "r2"
            assert reply["error"]["retry_after"] >= 1
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                             json={"version": view["version"],
                                   "action": view["legal_actions"][0]})
        error_of(answer, 429, "rate_limited")
        assert client.get(f"/api/matches/{match_id}", headers=auth(token)).json()["version"] \
            == view["version"]


class _FakeSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str = "") -> None:
        self.closed = code


def test_srv_a_client_that_does_not_read_is_closed() -> None:
    socket = _FakeSocket()
    connection = Connection(socket, None, None, 0)  # type: ignore[arg-type]
    connection.dirty = False
    for _ in range(MAX_OUTBOX + 10):
        connection.send({"type": "pong"})
    assert len(connection.outbox) == MAX_OUTBOX
    asyncio.run(asyncio.wait_for(connection.write(), 10))
    assert socket.closed == 1008 and socket.sent == []


class _BrokenLoads(MemoryStore):
    def load(self, match_id: str) -> StoredMatch:
        raise RuntimeError("disk on fire")


def test_srv_any_load_error_settles_every_waiter() -> None:
    async def scenario() -> list[BaseException | Any]:
        service = MatchService(_BrokenLoads(), BotRunner(0))
        waiters = [service.live("m1") for _ in range(10)]
        try:
            return await asyncio.wait_for(
                asyncio.gather(*waiters, return_exceptions=True), 10)
        finally:
            await service.close()

    outcomes = asyncio.run(scenario())
    assert all(isinstance(o, ApiError) and o.status == 503 for o in outcomes), outcomes


class _LockedDatabase(MemoryStore):
    def create_match(self, match: Any, turn_deadline: float | None,
                     driver: str | None = None) -> None:
        raise sa.exc.OperationalError("INSERT", {}, Exception("database is locked"))


def test_srv_database_errors_answer_503() -> None:
    with make_client(_LockedDatabase) as client:
        answer = client.post("/api/matches", json=MATCH_BODY)
        assert "database" in error_of(answer, 503, "unavailable")
        assert answer.headers["retry-after"] == "1"


def test_srv_idle_matches_leave_memory_and_come_back() -> None:
    now = [0.0]

    async def scenario() -> None:
        store = MemoryStore()
        service = MatchService(store, BotRunner(0), idle_seconds=100.0,
                               monotonic=lambda: now[0])
        await service.start()
        try:
            created = await service.create_match(MatchRequest(
                game="louis14", players=2, seats=(SeatRequest("human", "A"),
                                                    SeatRequest("human", "B"))))
            match_id = created.record.match_id
            tokens = await claimed_tokens(service, created)
            live, seat = await service.authenticate(match_id, tokens[0])
            await service.submit(live, seat, 0, live.state.legal_actions()[0].to_json())
            watched = service.pubsub.subscribe(match_id, lambda _m, _v: None)
            now[0] = 50.0
            assert service.evict_idle() == 0  # asked for 50 s ago
            now[0] = 500.0
            assert service.evict_idle() == 0  # a socket watches it
            watched()
            assert service.evict_idle() == 1
            assert match_id not in service.cache.held
            again, _ = await service.authenticate(match_id, tokens[1])
            assert again is not live and again.version == 1  # reloaded, nothing lost
        finally:
            await service.close()

    asyncio.run(scenario())


def test_srv_a_match_that_cannot_load_does_not_stop_the_start() -> None:
    class HalfBroken(MemoryStore):
        def active_match_ids(self) -> list[str]:
            return ["broken", *super().active_match_ids()]

        def load(self, match_id: str) -> StoredMatch:
            if match_id == "broken":
                raise RuntimeError("corrupted page")
            return super().load(match_id)

    with make_client(HalfBroken) as client:
        created = new_match(client, ("human", "human"))
        assert client.get(f"/api/matches/{created['match_id']}",
                          headers=auth(created["tokens"][0])).status_code == 200
        assert "loaded" in error_of(client.get("/api/matches/broken", headers=auth("x")),
                                    503, "unavailable")


def test_srv_seat_names_have_1_to_40_characters(client: TestClient) -> None:
    for name in ("x" * 41, "   "):
        seats = [{"kind": "human", "name": name}, {"kind": "human", "name": "B"}]
        answer = client.post("/api/matches", json={**MATCH_BODY, "seats": seats})
        assert "1 to 40" in error_of(answer, 422, "invalid_options")
