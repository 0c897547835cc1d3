"""Racing submissions apply at most once; two servers on one database never both apply a move
at one version; the turn clock makes the move of a seat whose time ran out."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from srv_support import auth, make_client, new_match, receive_other, service_of, wait_until

from sunking.server.storage.sql import SqlStore, sqlite_url


def view(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    result: dict[str, Any] = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
    return result


def test_srv_concurrent_duplicates_apply_once(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    match_id = created["match_id"]
    token = created["tokens"][0]
    path = f"/api/matches/{match_id}/actions"
    first = view(client, match_id, token)
    same = {"version": 0, "action": first["legal_actions"][0], "request_id": "once"}
    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(
            lambda _: client.post(path, json=same, headers=auth(token)), range(12)))
    assert [a.status_code for a in answers] == [200] * 12
    assert {a.json()["version"] for a in answers} == {1}
    # The same action without a request id: one applies, the rest are stale.
    second = view(client, match_id, created["tokens"][1])
    assert second["to_move"] == 1 or second["to_move"] == 0
    mover = second["to_move"]
    mover_view = view(client, match_id, created["tokens"][mover])
    body = {"version": 1, "action": mover_view["legal_actions"][0]}
    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(
            lambda _: client.post(path, json=body, headers=auth(created["tokens"][mover])),
            range(12)))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * 11
    assert all(a.json()["error"]["code"] == "stale_action" for a in answers
               if a.status_code == 409)
    log = service_of(client).store.load(match_id).actions
    assert [(a.version, a.request_id) for a in log] == [(0, "once"), (1, None)]


def test_srv_duplicate_over_two_websockets_of_one_seat(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    match_id = created["match_id"]
    token = created["tokens"][0]
    action = view(client, match_id, token)["legal_actions"][0]
    message = {"type": "action", "version": 0, "action": action, "request_id": "tap"}
    url = f"/ws/matches/{match_id}?token={token}"
    with client.websocket_connect(url) as phone, client.websocket_connect(url) as laptop:
        for _ in range(3):
            phone.send_json(message)
            laptop.send_json(message)
        phone.send_json({"type": "ping"})
        laptop.send_json({"type": "ping"})
        assert receive_other(phone) == {"type": "pong"}
        assert receive_other(laptop) == {"type": "pong"}
    log = service_of(client).store.load(match_id).actions
    assert [(a.version, a.seat, a.request_id) for a in log] == [(0, 0, "tap")]


def test_srv_two_servers_on_one_database(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with make_client(lambda: SqlStore(url)) as one, make_client(lambda: SqlStore(url)) as two:
        created = new_match(one, ("human", "human"))
        match_id = created["match_id"]
        token = created["tokens"][0]
        start_one = view(one, match_id, token)
        start_two = view(two, match_id, token)  # the second server loads the match too
        assert start_one["version"] == start_two["version"] == 0
        actions = start_one["legal_actions"]
        path = f"/api/matches/{match_id}/actions"
        applied = one.post(path, json={"version": 0, "action": actions[0]}, headers=auth(token))
        assert applied.status_code == 200
        # The second server's cached state is behind: storage refuses its append.
        late = two.post(path, json={"version": 0, "action": actions[-1]}, headers=auth(token))
        assert late.status_code == 409 and late.json()["error"]["code"] == "stale_action"
        assert view(two, match_id, token)["version"] == 1  # and it has caught up
        log = service_of(one).store.load(match_id).actions
        assert [a.action for a in log] == [actions[0]]


def test_srv_turn_clock_moves_for_a_late_seat(client: TestClient) -> None:
    created = new_match(client, ("human", "human"), turn_clock_seconds=0.2)
    match_id = created["match_id"]
    token = created["tokens"][1]
    first = view(client, match_id, token)
    left = [s["clock_seconds_left"] for s in first["seats"]]
    assert left[first["to_move"]] is not None and 0 <= left[first["to_move"]] <= 0.2
    assert left[1 - first["to_move"]] is None
    wait_until(lambda: service_of(client).store.load(match_id).version >= 3)
    stored = service_of(client).store.load(match_id)
    assert {a.mover for a in stored.actions} == {"clock"}
    assert not any(s.away for s in stored.match.seats)
    assert stored.turn_deadline is not None
    no_clock = new_match(client, ("human", "human"), seed=4)
    plain = view(client, no_clock["match_id"], no_clock["tokens"][0])
    assert all(s["clock_seconds_left"] is None for s in plain["seats"])
    assert service_of(client).store.load(no_clock["match_id"]).turn_deadline is None
