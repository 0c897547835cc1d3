"""Limits per client address on taking free seats and on the table chat: one address cannot
fill every open table of the lobby, nor flood the chats through many seats."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, service_of
from test_srv_open_tables import FREE, HOST, join, open_table

from sunking.server import Settings, create_app
from sunking.server.storage import MemoryStore
from sunking.testing.seats import seat_tokens


@pytest.fixture
def limited() -> Iterator[TestClient]:
    settings = Settings(data_dir=Path("unused"), bot_workers=0, bot_delay=0.0,
                        rate_create=None, rate_actions=None, rate_join="3/minute",
                        rate_claim="4/minute", rate_chat="4/minute", rate_chat_chars="1200/minute")
    with TestClient(create_app(settings, store_factory=MemoryStore)) as client:
        yield client


def refused(answer: Any, *words: str) -> None:
    assert answer.status_code == 429, answer.text
    error = answer.json()["error"]
    assert error["code"] == "rate_limited"
    assert 1 <= int(answer.headers["retry-after"]) <= 60 and error["retry_after"] >= 1
    for word in words:
        assert word in error["message"], error


def test_srv_one_address_takes_a_bounded_number_of_free_seats(limited: TestClient) -> None:
    tables = [open_table(limited, [HOST, FREE, FREE]) for _ in range(3)]
    taken = [join(limited, t["match_id"], f"Guest {i}") for i, t in enumerate(tables)]
    assert [a.status_code for a in taken] == [201, 201, 201]
    refused(join(limited, tables[0]["match_id"], "Guest 9"), "seats taken", "3 per 1 minute")
    shown = {m["match_id"]: m["free"] for m in limited.get("/api/open-matches").json()}
    assert shown == {t["match_id"]: 1 for t in tables}
    # Another address is not held back.
    other = TestClient(limited.app, client=("198.51.100.7", 4000))
    answer = join(other, tables[0]["match_id"], "Newcomer")
    assert answer.status_code == 201, answer.text


def test_srv_one_address_reads_and_claims_a_bounded_number_of_invitations(
    limited: TestClient,
) -> None:
    created = limited.post("/api/matches", json={
        "game": "vive_le_roi", "players": 4, "language": "en",
        "seats": [{"kind": "human", "name": f"P{i}"} for i in range(4)]}).json()
    match_id, invited = created["match_id"], created["seats"][1:]
    path = f"/api/matches/{match_id}"
    read = limited.post(f"{path}/invitation", json={"invitation": invited[0]["invitation"]})
    assert read.status_code == 200, read.text
    answers = [limited.post(f"{path}/claim", json={"invitation": s["invitation"]})
               for s in invited]
    assert [a.status_code for a in answers] == [201, 201, 201]
    refused(limited.post(f"{path}/invitation", json={"invitation": "guess"}),
            "invitations read or claimed", "4 per 1 minute")
    other = TestClient(limited.app, client=("198.51.100.7", 4000))
    answer = other.post(f"{path}/claim", json={"invitation": invited[0]["invitation"]})
    assert answer.status_code == 409, answer.text  # counted apart; the seat is taken


def seats_at_tables(client: TestClient, tables: int) -> list[tuple[str, str]]:
    """(match id, seat token) of two human seats at each of ``tables`` new matches."""
    out = []
    for _ in range(tables):
        answer = client.post("/api/matches", json={
            "game": "louis14", "players": 2, "language": "en",
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
        created = answer.json()
        out += [(created["match_id"], t) for t in seat_tokens(client, created).values()]
    return out


def write(client: TestClient, seat: tuple[str, str], text: str) -> Any:
    return client.post(f"/api/matches/{seat[0]}/chat", headers=auth(seat[1]),
                       json={"text": text})


def test_srv_one_address_writes_a_bounded_number_of_chat_messages(
        limited: TestClient) -> None:
    seats = seats_at_tables(limited, 2)  # four seats, each far under its own limit
    sent = [write(limited, seat, "hello") for seat in seats]
    assert [a.status_code for a in sent] == [201] * 4
    refused(write(limited, seats[0], "once more"), "chat messages")
    chat = service_of(limited).chat
    assert [len(chat._chats[m]) for m in sorted({m for m, _ in seats})] == [2, 2]
    other = TestClient(limited.app, client=("198.51.100.7", 4000))
    assert write(other, seats[1], "from elsewhere").status_code == 201


def test_srv_one_address_writes_a_bounded_volume_of_chat(limited: TestClient) -> None:
    seats = seats_at_tables(limited, 1)
    assert write(limited, seats[0], "x" * 500).status_code == 201
    assert write(limited, seats[1], "y" * 500).status_code == 201
    refused(write(limited, seats[0], "z" * 500), "characters")
