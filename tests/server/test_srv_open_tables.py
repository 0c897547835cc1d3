"""Open tables: a match with free seats is listed, anyone takes a seat, the creator starts it
or it starts when full; private matches are never listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, make_client, service_of

from sunking.server.storage.sql import SqlStore, sqlite_url


def open_table(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "louis14", "players": len(seats), "language": "en",
            "seats": seats, **extra}
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


HOST = {"kind": "human", "name": "Host"}
FREE = {"kind": "open"}


def listed(client: TestClient) -> dict[str, dict[str, Any]]:
    answer = client.get("/api/open-matches")
    assert answer.status_code == 200, answer.text
    return {m["match_id"]: m for m in answer.json()}


def join(client: TestClient, match_id: str, name: Any) -> Any:
    return client.post(f"/api/matches/{match_id}/join", json={"name": name})


def view(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_srv_open_table_is_listed_and_private_ones_are_not(client: TestClient) -> None:
    table = open_table(client, [HOST, FREE, {"kind": "bot", "bot": "random"}])
    private = open_table(client, [HOST, {"kind": "human", "name": "B"}])
    shown = listed(client)
    assert private["match_id"] not in shown
    entry = shown[table["match_id"]]
    assert entry["free"] == 1 and entry["game"] == "louis14" and entry["players"] == 3
    assert [s["kind"] for s in entry["seats"]] == ["human", "open", "bot"]
    assert "token" not in str(entry) and "hash" not in str(entry)
    assert table["seats"][1] == {"seat": 1, "kind": "open", "name": "", "bot": None}


def test_srv_a_waiting_table_does_not_play(client: TestClient) -> None:
    table = open_table(client, [{"kind": "bot", "bot": "random"}, HOST, FREE])
    host = table["seats"][1]["token"]
    mv = view(client, table["match_id"], host)
    assert mv["status"] == "waiting" and mv["host_seat"] == 1 and mv["legal_actions"] == []
    assert service_of(client).store.load(table["match_id"]).actions == ()
    refused = client.post(f"/api/matches/{table['match_id']}/actions",
                          json={"version": 0, "action": {"type": "pass"}}, headers=auth(host))
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_started"


def test_srv_joining_fills_the_table_and_it_starts_when_full(client: TestClient) -> None:
    table = open_table(client, [HOST, FREE, FREE])
    match_id = table["match_id"]
    first = join(client, match_id, "  Bea ")
    assert first.status_code == 201, first.text
    seat = first.json()
    assert seat["seat"] == 1 and seat["link"] == f"/play/{match_id}#t={seat['token']}"
    mv = view(client, match_id, seat["token"])
    assert mv["seat"] == 1 and mv["seats"][1]["name"] == "Bea" and mv["status"] == "waiting"
    assert listed(client)[match_id]["free"] == 1
    second = join(client, match_id, "Cy").json()
    assert second["seat"] == 2
    assert match_id not in listed(client)
    mv = view(client, match_id, table["seats"][0]["token"])
    assert mv["status"] == "active" and mv["legal_actions"]
    full = join(client, match_id, "Dee")
    assert full.status_code == 409 and full.json()["error"]["code"] == "table_full"


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, 7, None])
def test_srv_join_needs_a_name(client: TestClient, name: Any) -> None:
    table = open_table(client, [HOST, FREE])
    answer = join(client, table["match_id"], name)
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "malformed"
    assert listed(client)[table["match_id"]]["free"] == 1


def test_srv_join_refuses_bad_bodies_and_private_matches(client: TestClient) -> None:
    table = open_table(client, [HOST, FREE])
    extra = client.post(f"/api/matches/{table['match_id']}/join",
                        json={"name": "A", "seat": 1})
    assert extra.status_code == 422
    private = open_table(client, [HOST, {"kind": "bot", "bot": "random"}])
    refused = join(client, private["match_id"], "Eve")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "table_full"
    assert join(client, "nosuchmatch", "Eve").status_code == 404


def test_srv_the_creator_starts_with_bots(client: TestClient) -> None:
    table = open_table(client, [FREE, HOST, FREE])
    match_id = table["match_id"]
    joined = join(client, match_id, "Bea").json()
    path = f"/api/matches/{match_id}/start"
    assert client.post(path).status_code == 401
    for token in (joined["token"], table["spectator"]["token"]):
        refused = client.post(path, headers=auth(token))
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    bad = client.post(path, json={"bot": "genius"}, headers=auth(table["seats"][1]["token"]))
    assert bad.status_code == 422
    started = client.post(path, json={"bot": "random"}, headers=auth(table["seats"][1]["token"]))
    assert started.status_code == 200, started.text
    mv = started.json()
    assert mv["status"] == "active"
    assert [(s["kind"], s["bot"]) for s in mv["seats"]] == [
        ("human", None), ("human", None), ("bot", "random")]
    again = client.post(path, headers=auth(table["seats"][1]["token"]))
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_waiting"
    # The match plays on: the bot moves when its turn comes, people act.
    assert match_id not in listed(client)


def test_srv_open_table_setup_is_checked(client: TestClient) -> None:
    body = {"game": "louis14", "players": 2, "language": "en"}
    for seats, named in (
        ([FREE, {"kind": "bot", "bot": "random"}], "creator"),
        ([HOST, {"kind": "open", "name": "X"}], "free"),
        ([HOST, {"kind": "spare"}], "kind"),
    ):
        answer = client.post("/api/matches", json={**body, "seats": seats})
        assert answer.status_code == 422, answer.text
        assert named in answer.json()["error"]["message"]


def test_srv_open_table_survives_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with make_client(lambda: SqlStore(url)) as first:
        table = open_table(first, [HOST, FREE, {"kind": "bot", "bot": "random"}])
        match_id = table["match_id"]
    with make_client(lambda: SqlStore(url)) as second:
        assert listed(second)[match_id]["free"] == 1
        # Still waiting after the restart: nothing of its game shown.
        waiting = view(second, match_id, table["seats"][0]["token"])
        assert waiting["status"] == "waiting" and waiting["view"] is None
        assert waiting["events"] == [] and waiting["to_move"] is None
        seat = join(second, match_id, "Late").json()
        assert seat["seat"] == 1
        assert view(second, match_id, seat["token"])["status"] == "active"
    with make_client(lambda: SqlStore(url)) as third:
        mv = view(third, match_id, seat["token"])
        assert mv["seats"][1]["name"] == "Late" and mv["status"] == "active"
        assert mv["view"] is not None and mv["events"]
        assert match_id not in listed(third)


@pytest.mark.parametrize("store", ["memory", "sqlite"])
def test_srv_an_open_table_is_dealt_when_it_starts(tmp_path: Path, store: str) -> None:
    """The seed an open table had while it waited is not the one it is played with: the cards
    are dealt when it starts (full, or started with bots), from a seed drawn then and stored,
    so that a restart replays the same deal. A practice table keeps the seed it was given."""
    url = sqlite_url(tmp_path)
    factory = (lambda: SqlStore(url)) if store == "sqlite" else None
    with make_client(factory) as client:
        table = open_table(client, [HOST, FREE, {"kind": "bot", "bot": "random"}])
        match_id = table["match_id"]
        waited = service_of(client).store.load(match_id).match.seed
        seat = join(client, match_id, "Late").json()
        played = service_of(client).store.load(match_id).match.seed
        assert played != waited
        live = service_of(client).cache.held[match_id]
        assert live.record.seed == played and live.state.seed == played
        mv = view(client, match_id, seat["token"])
        game = live.state.game
        assert mv["view"]["you"] == game.new_game(3, played).view(1)["you"]
        practice = open_table(client, [HOST, FREE], practice=True, seed=11)
        join(client, practice["match_id"], "Bea")
        assert service_of(client).store.load(practice["match_id"]).match.seed == 11
    if store == "sqlite":
        with make_client(factory) as again:
            assert service_of(again).store.load(match_id).match.seed == played
            assert view(again, match_id, seat["token"])["view"] == mv["view"]
