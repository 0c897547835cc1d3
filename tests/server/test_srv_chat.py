"""Table chat: who may write and read, the limits, privacy of messages between chosen seats
(REST, websocket and replay), and a chat that survives a restart."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, make_client, new_match, receive, service_of

from sunking.server.match.chat import MAX_CHARS, RATE_COUNT, RATE_SECONDS
from sunking.server.storage.sql import SqlStore, sqlite_url

HUMANS3 = ("human", "human", "human")


def write(client: TestClient, created: dict[str, Any], token: str, body: Any) -> Any:
    return client.post(f"/api/matches/{created['match_id']}/chat", json=body,
                       headers=auth(token))


def read(client: TestClient, created: dict[str, Any], token: str, after: int | None = None
         ) -> list[dict[str, Any]]:
    query = "" if after is None else f"?after={after}"
    answer = client.get(f"/api/matches/{created['match_id']}/chat{query}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    messages: list[dict[str, Any]] = answer.json()["messages"]
    return messages


def next_chat(ws: Any) -> list[dict[str, Any]]:
    """The messages of the next chat message on a test websocket (views are skipped)."""
    while True:
        message = receive(ws)
        if message["type"] == "chat":
            return message["messages"]  # type: ignore[no-any-return]
        assert message["type"] == "view", message


def texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in messages]


def test_srv_chat_public_message_reaches_every_seat_and_the_spectator(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    answer = write(client, created, created["tokens"][1], {"text": "  Bonjour à tous  "})
    assert answer.status_code == 201, answer.text
    sent = answer.json()
    assert sent["id"] == 0 and sent["seat"] == 1 and sent["name"] == "P1"
    assert sent["to"] is None and sent["text"] == "Bonjour à tous" and sent["version"] == 0
    for token in [*created["tokens"].values(), created["spectator"]["token"]]:
        assert read(client, created, token) == [sent]


def test_srv_chat_private_message_reaches_only_its_seats(client: TestClient) -> None:
    created = new_match(client, ("human", "human", "human", "human"))
    tokens = created["tokens"]
    write(client, created, tokens[0], {"text": "for everyone"})
    answer = write(client, created, tokens[0], {"text": "just us two", "to": [2]})
    assert answer.status_code == 201, answer.text
    assert answer.json()["to"] == [2]
    write(client, created, tokens[3], {"text": "three of us", "to": [2, 1]})
    assert texts(read(client, created, tokens[0])) == ["for everyone", "just us two"]
    assert texts(read(client, created, tokens[1])) == ["for everyone", "three of us"]
    assert texts(read(client, created, tokens[2])) == ["for everyone", "just us two",
                                                        "three of us"]
    assert texts(read(client, created, tokens[3])) == ["for everyone", "three of us"]
    assert texts(read(client, created, created["spectator"]["token"])) == ["for everyone"]
    # Reading after an id skips what came before, privacy still applies.
    assert texts(read(client, created, tokens[1], after=0)) == ["three of us"]
    assert read(client, created, tokens[1], after=2) == []


def test_srv_chat_private_message_never_on_a_third_seats_socket(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    path = f"/ws/matches/{created['match_id']}?token="
    tokens = created["tokens"]
    with client.websocket_connect(path + tokens[2]) as third, \
            client.websocket_connect(path + created["spectator"]["token"]) as spectator, \
            client.websocket_connect(path + tokens[1]) as second:
        write(client, created, tokens[0], {"text": "secret", "to": [1]})
        write(client, created, tokens[0], {"text": "public"})
        got = texts(next_chat(second))
        if got == ["secret"]:
            got += texts(next_chat(second))
        assert got == ["secret", "public"]
        for ws in (third, spectator):
            assert texts(next_chat(ws)) == ["public"]
    # A socket opened later gets the history it may read, in one message.
    with client.websocket_connect(path + tokens[2]) as late:
        assert texts(next_chat(late)) == ["public"]
    with client.websocket_connect(path + tokens[1]) as late:
        assert texts(next_chat(late)) == ["secret", "public"]


def test_srv_chat_in_the_replay_follows_the_same_privacy(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    tokens = created["tokens"]
    write(client, created, tokens[0], {"text": "hello"})
    write(client, created, tokens[0], {"text": "psst", "to": [1]})

    def replay_chat(token: str) -> list[str]:
        answer = client.get(f"/api/matches/{created['match_id']}/replay", headers=auth(token))
        assert answer.status_code == 200, answer.text
        return texts(answer.json()["chat"])

    assert replay_chat(tokens[1]) == ["hello", "psst"]
    assert replay_chat(tokens[2]) == ["hello"]
    assert replay_chat(created["spectator"]["token"]) == ["hello"]


def test_srv_chat_needs_a_seat_token(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    path = f"/api/matches/{created['match_id']}/chat"
    assert client.post(path, json={"text": "hi"}).json()["error"]["code"] == "missing_token"
    wrong = client.post(path, json={"text": "hi"}, headers=auth("not-a-token"))
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
    assert client.get(path).status_code == 401
    assert client.get(path, headers=auth("nope")).status_code == 403
    spectator = write(client, created, created["spectator"]["token"], {"text": "hi"})
    assert spectator.status_code == 422  # a spectator writes only under a name
    assert "'name'" in spectator.json()["error"]["message"]
    other = new_match(client, HUMANS3)
    across = write(client, created, other["tokens"][0], {"text": "hi"})
    assert across.status_code == 403
    unknown = client.post("/api/matches/nosuchmatch/chat", json={"text": "hi"},
                          headers=auth(created["tokens"][0]))
    assert unknown.status_code == 404
    assert read(client, created, created["tokens"][0]) == []


@pytest.mark.parametrize(("body", "named"), [
    ({"text": ""}, "empty"),
    ({"text": " \n\t "}, "empty"),
    ({"text": "x" * (MAX_CHARS + 1)}, str(MAX_CHARS)),
    ({"text": 5}, "string"),
    ({}, "text"),
    ({"text": "hi", "colour": "red"}, "colour"),
    ({"text": "hi", "to": []}, "non-empty"),
    ({"text": "hi", "to": [0]}, "own seat"),
    ({"text": "hi", "to": [3]}, "seat from 0 to 2"),
    ({"text": "hi", "to": [1, 1]}, "twice"),
    ({"text": "hi", "to": [True]}, "seat from"),
    ({"text": "hi", "to": "1"}, "list"),
])
def test_srv_chat_refuses_bad_messages_and_stores_nothing(
    client: TestClient, body: dict[str, Any], named: str,
) -> None:
    created = new_match(client, HUMANS3)
    answer = write(client, created, created["tokens"][0], body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "malformed" and named in error["message"]
    assert read(client, created, created["tokens"][0]) == []


def test_srv_chat_bad_after_is_refused(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    path = f"/api/matches/{created['match_id']}/chat"
    for after in ("x", "-2"):
        answer = client.get(f"{path}?after={after}", headers=auth(created["tokens"][0]))
        assert answer.status_code == 422 and answer.json()["error"]["code"] == "malformed"


def test_srv_chat_text_is_kept_as_written_not_interpreted(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    markup = "<script>alert(1)</script> <b>&amp;</b>\nline two\x00\x1b"
    sent = write(client, created, created["tokens"][0], {"text": markup}).json()
    assert sent["text"] == "<script>alert(1)</script> <b>&amp;</b>\nline two"


def test_srv_chat_is_rate_limited_per_seat(client: TestClient) -> None:
    created = new_match(client, HUMANS3)
    now = [1000.0]
    service_of(client).chat.clock = lambda: now[0]
    tokens = created["tokens"]
    for n in range(RATE_COUNT):
        assert write(client, created, tokens[0], {"text": f"m{n}"}).status_code == 201
        now[0] += 0.1
    refused = write(client, created, tokens[0], {"text": "one too many"})
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate_limited"
    wait = math.ceil(RATE_SECONDS - 0.1 * RATE_COUNT)  # until the first message leaves the window
    assert refused.headers["Retry-After"] == str(wait)
    assert refused.json()["error"]["retry_after"] == wait
    # Another seat is not held back, and the refused message was not stored.
    assert write(client, created, tokens[1], {"text": "mine"}).status_code == 201
    assert "one too many" not in texts(read(client, created, tokens[0]))
    now[0] += RATE_SECONDS
    assert write(client, created, tokens[0], {"text": "later"}).status_code == 201


def test_srv_chat_survives_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with make_client(lambda: SqlStore(url)) as first:
        created = new_match(first, HUMANS3)
        tokens = created["tokens"]
        write(first, created, tokens[0], {"text": "before the restart"})
        write(first, created, tokens[1], {"text": "between us", "to": [0]})
    with make_client(lambda: SqlStore(url)) as second:
        assert texts(read(second, created, tokens[0])) == ["before the restart", "between us"]
        assert texts(read(second, created, tokens[2])) == ["before the restart"]
        after = write(second, created, tokens[2], {"text": "after it"})
        assert after.status_code == 201 and after.json()["id"] == 2
        assert texts(read(second, created, tokens[1])) == ["before the restart", "between us",
                                                           "after it"]
