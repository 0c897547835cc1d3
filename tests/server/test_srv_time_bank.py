"""The time bank: a move that takes longer than the turn clock spends the seat's bank; a seat
whose time runs out loses what is left; the bank is stored with the match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, make_client, new_match, service_of, wait_until

from sunking.server.storage.sql import SqlStore, sqlite_url


def view(client: TestClient, created: dict[str, Any], seat: int) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{created['match_id']}",
                        headers=auth(created["tokens"][seat]))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def act(client: TestClient, created: dict[str, Any], seat: int) -> dict[str, Any]:
    mv = view(client, created, seat)
    answer = client.post(f"/api/matches/{created['match_id']}/actions",
                         json={"version": mv["version"], "action": mv["legal_actions"][0]},
                         headers=auth(created["tokens"][seat]))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def banks(client: TestClient, created: dict[str, Any]) -> list[float | None]:
    return [s.bank_left for s in service_of(client).store.load(created["match_id"]).match.seats]


def test_srv_a_slow_move_spends_the_bank(client: TestClient) -> None:
    now = [1000.0]
    service_of(client).clock = lambda: now[0]
    created = new_match(client, ("human", "human"), turn_clock_seconds=10.0,
                        time_bank_seconds=30.0)
    mv = view(client, created, 0)
    first = mv["to_move"]
    assert [s["bank_seconds"] for s in mv["seats"]] == [30.0, 30.0]
    assert mv["seats"][first]["clock_seconds_left"] == 40.0  # the move's 10 s, then the bank
    now[0] += 25.0
    after = act(client, created, first)
    assert banks(client, created)[first] == 15.0             # 15 s of the bank spent
    assert after["seats"][first]["bank_seconds"] == 15.0
    second = after["to_move"]
    if second == first:
        assert after["seats"][first]["clock_seconds_left"] == 25.0
        return
    assert after["seats"][second]["clock_seconds_left"] == 40.0
    now[0] += 2.0                                            # within the turn clock
    again = act(client, created, second)
    assert banks(client, created)[second] == 30.0
    if again["to_move"] == first:
        assert again["seats"][first]["clock_seconds_left"] == 25.0


def test_srv_running_out_empties_the_bank(client: TestClient) -> None:
    created = new_match(client, ("human", "human"), turn_clock_seconds=0.2,
                        time_bank_seconds=0.2)
    first = view(client, created, 0)["to_move"]
    wait_until(lambda: service_of(client).store.load(created["match_id"]).version >= 1)
    stored = service_of(client).store.load(created["match_id"])
    assert stored.actions[0].mover == "clock" and stored.actions[0].seat == first
    assert stored.match.seats[first].bank_left == 0.0


@pytest.mark.parametrize(("extra", "named"), [
    ({"time_bank_seconds": 60.0}, "turn clock"),
    ({"turn_clock_seconds": 30.0, "time_bank_seconds": -1.0}, "time_bank_seconds"),
    ({"turn_clock_seconds": 30.0, "time_bank_seconds": 8 * 24 * 3600.0}, "time_bank_seconds"),
])
def test_srv_time_bank_is_checked(client: TestClient, extra: dict[str, Any], named: str) -> None:
    answer = client.post("/api/matches", json={
        "game": "louis14", "players": 2, "language": "en", **extra,
        "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    assert answer.status_code == 422 and named in answer.json()["error"]["message"]


def test_srv_time_bank_survives_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    now = [5000.0]
    with make_client(lambda: SqlStore(url)) as first:
        service_of(first).clock = lambda: now[0]
        created = new_match(first, ("human", "human"), turn_clock_seconds=3600.0,
                            time_bank_seconds=600.0)
        mover = view(first, created, 0)["to_move"]
        now[0] += 3600.0 + 100.0
        act(first, created, mover)
        assert banks(first, created)[mover] == 500.0
    with make_client(lambda: SqlStore(url)) as second:
        assert banks(second, created)[mover] == 500.0
        assert view(second, created, mover)["seats"][mover]["bank_seconds"] == 500.0
