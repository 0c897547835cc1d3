"""The spectators' chat: spectators write under a name to the spectators' channel; a seat reads
it only when it asks to (REST, websocket, replay); it is never private, keeps the chat's bounds
and can be reported."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, receive, service_of

from sunking.server.match.chat import MAX_CHARS, RATE_COUNT

HUMANS3 = ("human", "human", "human")


def write(client: TestClient, created: dict[str, Any], token: str, body: Any) -> Any:
    return client.post(f"/api/matches/{created['match_id']}/chat", json=body,
                       headers=auth(token))


def read(client: TestClient, created: dict[str, Any], token: str, query: str = "") -> list[str]:
    answer = client.get(f"/api/matches/{created['match_id']}/chat{query}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return [m["text"] for m in answer.json()["messages"]]


def next_chat(ws: Any) -> list[str]:
    while True:
        message = receive(ws)
        if message["type"] == "chat":
            return [m["text"] for m in message["messages"]]
        assert message["type"] == "view", message


def test_srv_spectator_line_reaches_spectators_and_only_seats_that_ask(
        client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    tokens, watcher = created["tokens"], created["spectator"]["token"]
    write(client, created, tokens[0], {"text": "from the table"})
    answer = write(client, created, watcher, {"text": "  nice move  ", "name": "  Ann   Lee "})
    assert answer.status_code == 201, answer.text
    sent = answer.json()
    assert sent["seat"] is None and sent["spectator"] is True and sent["name"] == "Ann Lee"
    assert sent["to"] is None and sent["text"] == "nice move"
    assert read(client, created, watcher) == ["from the table", "nice move"]
    for token in tokens.values():
        assert read(client, created, token) == ["from the table"]
        assert read(client, created, token, "?spectators=0") == ["from the table"]
        assert read(client, created, token, "?spectators=1") == ["from the table", "nice move"]
    replay = client.get(f"/api/matches/{created['match_id']}/replay", headers=auth(tokens[1]))
    assert [m["text"] for m in replay.json()["chat"]] == ["from the table"]


def test_srv_spectator_lines_on_sockets_only_for_seats_that_ask(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    tokens, watcher = created["tokens"], created["spectator"]["token"]
    path = f"/ws/matches/{created['match_id']}?token="
    with client.websocket_connect(path + tokens[1]) as deaf, \
            client.websocket_connect(path + tokens[2] + "&spectators=1") as hearing, \
            client.websocket_connect(path + watcher) as spectator:
        write(client, created, watcher, {"text": "psst players", "name": "Bob"})
        write(client, created, tokens[0], {"text": "hello"})
        for ws in (hearing, spectator):
            got = next_chat(ws)
            if got == ["psst players"]:
                got += next_chat(ws)
            assert got == ["psst players", "hello"]
        assert next_chat(deaf) == ["hello"]
        # A seat that turns the spectators on gets their lines so far, then the new ones.
        deaf.send_json({"type": "spectators", "on": True})
        assert "psst players" in next_chat(deaf)
        deaf.send_json({"type": "spectators", "on": False})
        deaf.send_json({"type": "spectators", "on": "yes"})
        while (message := receive(deaf))["type"] != "error":
            pass
        assert message["error"]["code"] == "malformed"
        write(client, created, watcher, {"text": "second", "name": "Bob"})
        write(client, created, tokens[0], {"text": "again"})
        assert next_chat(deaf) == ["again"]


@pytest.mark.parametrize(("body", "named"), [
    ({"text": "hi"}, "'name'"),
    ({"text": "hi", "name": ""}, "'name'"),
    ({"text": "hi", "name": "x" * 41}, "40"),
    ({"text": "hi", "name": "a\nb"}, "control character"),
    ({"text": "hi", "name": 7}, "string"),
    ({"text": "hi", "name": "Ann", "to": [0]}, "'to'"),
    ({"text": "hi", "name": "Ann", "addressed": 0}, "'addressed'"),
    ({"text": "x" * (MAX_CHARS + 1), "name": "Ann"}, str(MAX_CHARS)),
    ({"text": " ", "name": "Ann"}, "empty"),
])
def test_srv_spectator_bad_lines_are_refused_and_stored_nowhere(
        client: TestClient, body: dict[str, Any], named: str) -> None:
    created = new_match(client, HUMANS3)
    watcher = created["spectator"]["token"]
    answer = write(client, created, watcher, body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "malformed"
    assert named in answer.json()["error"]["message"]
    assert read(client, created, watcher) == []


def test_srv_spectator_chat_bounds(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    tokens, watcher = created["tokens"], created["spectator"]["token"]
    seat_named = write(client, created, tokens[0], {"text": "hi", "name": "Me"})
    assert seat_named.status_code == 422 and "'name'" in seat_named.json()["error"]["message"]
    bad = client.get(f"/api/matches/{created['match_id']}/chat?spectators=yes",
                     headers=auth(tokens[0]))
    assert bad.status_code == 422 and "'spectators'" in bad.json()["error"]["message"]
    now = [1000.0]
    service_of(client).chat.clock = lambda: now[0]
    for n in range(RATE_COUNT):  # the spectators share one allowance
        assert write(client, created, watcher, {"text": f"m{n}", "name": f"S{n}"}
                     ).status_code == 201
    refused = write(client, created, watcher, {"text": "one more", "name": "Z"})
    assert refused.status_code == 429
    assert write(client, created, tokens[0], {"text": "seat"}).status_code == 201


def test_srv_spectator_line_can_be_reported_by_a_seat(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    tokens, watcher = created["tokens"], created["spectator"]["token"]
    write(client, created, tokens[1], {"text": "seat line"})
    line = write(client, created, watcher, {"text": "rude words", "name": "Troll"}).json()
    path = f"/api/matches/{created['match_id']}/report"
    answer = client.post(path, json={"chat_line": line["id"], "reason": "abuse"},
                         headers=auth(tokens[0]))
    assert answer.status_code == 201, answer.text
    assert answer.json()["seat"] is None
    # Without a seat, the line named must be a spectators' one.
    wrong = client.post(path, json={"chat_line": 0, "reason": "abuse"}, headers=auth(tokens[0]))
    assert wrong.status_code == 422 and "spectators" in wrong.json()["error"]["message"]
    as_seat = client.post(path, json={"seat": 1, "chat_line": line["id"], "reason": "abuse"},
                          headers=auth(tokens[0]))
    assert as_seat.status_code == 422
