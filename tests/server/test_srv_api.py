"""The REST API: lobby, tokens, typed refusals that change nothing, duplicates, leaving."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, service_of, true_states, wait_until


def view(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def stored_version(client: TestClient, match_id: str) -> int:
    return service_of(client).store.load(match_id).version


def error_of(answer: Any, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    assert message
    return message


def test_srv_lobby_lists(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert {"id": "louis14", "min_players": 2, "max_players": 4}.items() <= games[0].items()
    assert client.get("/api/bots").json() == [
        "random", "heuristic", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"]
    codes = [lang["code"] for lang in client.get("/api/languages").json()]
    assert sorted(codes) == ["cs", "de", "en", "fr", "nl"]
    assert client.get("/api/i18n/en").json()["lang"] == "en"
    error_of(client.get("/api/i18n/xx"), 404, "unknown_language")


def test_srv_create_gives_links_and_secret_tokens(client: TestClient) -> None:
    """The creator gets his own seat's token and the spectator's, and an invitation for every
    other human seat, never its token."""
    created = new_match(client, ("human", "random", "human"))
    match_id = created["match_id"]
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert "token" not in seats[1] and seats[1]["bot"] == "random"
    assert "token" not in seats[2] and "link" not in seats[2]
    assert len(seats[2]["invitation"]) >= 43
    assert seats[2]["invitation_link"] == f"/play/{match_id}#i={seats[2]['invitation']}"
    for s in (seats[0], created["spectator"]):
        assert len(s["token"]) >= 43
        assert s["link"] == f"/play/{match_id}#t={s['token']}"
    secrets = {seats[0]["token"], seats[2]["invitation"], created["spectator"]["token"],
               created["tokens"][2]}
    assert len(secrets) == 4
    record = service_of(client).store.load(match_id).match
    stored = repr(record)
    for secret in secrets:
        assert secret not in stored  # only hashes are kept
    first = view(client, match_id, seats[0]["token"])
    assert first["seat"] == 0 and first["version"] == 0 and first["to_move"] == 0
    assert first["legal_actions"]
    spectator = view(client, match_id, created["spectator"]["token"])
    assert spectator["seat"] is None and spectator["legal_actions"] == []
    assert spectator["view"] == true_states(client, match_id)[0].view(None)


@pytest.mark.parametrize(("change", "status", "code"), [
    ({"game": "chess"}, 422, "unknown_game"),
    ({"players": 5}, 422, "invalid_options"),
    ({"seats": [{"kind": "human"}]}, 422, "invalid_options"),
    ({"seats": [{"kind": "bot", "bot": "ismcts:99s"}, {"kind": "human"}]}, 422,
     "invalid_options"),
    ({"seats": [{"kind": "alien"}, {"kind": "human"}]}, 422, "malformed"),
    ({"language": "xx"}, 422, "invalid_options"),
    ({"turn_clock_seconds": -1}, 422, "invalid_options"),
    ({"seed": -3, "practice": True}, 422, "malformed"),
    ({"seed": 3}, 422, "invalid_options"),
    ({"players": "2"}, 422, "malformed"),
    ({"colour": "red"}, 422, "malformed"),
    ({"options": {"variant": 1}}, 422, "invalid_options"),
])
def test_srv_create_refusals(
    client: TestClient, change: dict[str, Any], status: int, code: str
) -> None:
    body = {"game": "louis14", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}],
            **change}
    error_of(client.post("/api/matches", json=body), status, code)
    assert service_of(client).store.active_match_ids() == []


def test_srv_create_rejects_non_json(client: TestClient) -> None:
    error_of(client.post("/api/matches", content=b"{nope"), 422, "malformed")
    error_of(client.post("/api/matches", json=[1, 2]), 422, "malformed")


def test_srv_tokens_are_checked_on_every_call(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    other = new_match(client, ("human", "human"), seed=8)
    match_id = created["match_id"]
    token = created["tokens"][0]
    legal = view(client, match_id, token)["legal_actions"][0]
    body = {"version": 0, "action": legal}
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    calls = [
        ("get", f"/api/matches/{match_id}", None),
        ("post", f"/api/matches/{match_id}/actions", body),
        ("post", f"/api/matches/{match_id}/leave", None),
        ("get", f"/api/matches/{match_id}/replay", None),
    ]
    for method, path, payload in calls:
        error_of(client.request(method, path, json=payload), 401, "missing_token")
        error_of(client.request(method, path, json=payload, headers={"Authorization": "Basic x"}),
                 401, "missing_token")
        for bad in (forged, other["tokens"][0], other["spectator"]["token"]):
            error_of(client.request(method, path, json=payload, headers=auth(bad)), 403,
                     "bad_token")
    error_of(client.get("/api/matches/nosuch", headers=auth(token)), 404, "unknown_match")
    assert stored_version(client, match_id) == 0
    assert not any(s.away for s in service_of(client).store.load(match_id).match.seats)


def test_srv_refused_actions_change_nothing(client: TestClient) -> None:
    created = new_match(client, ("human", "human", "human"))
    match_id = created["match_id"]
    t0, t1 = created["tokens"][0], created["tokens"][1]
    start = view(client, match_id, t0)
    legal = start["legal_actions"][0]
    path = f"/api/matches/{match_id}/actions"

    def refused(token: str, body: Any, status: int, code: str) -> None:
        answer = (client.post(path, json=body, headers=auth(token)) if not isinstance(body, bytes)
                  else client.post(path, content=body, headers=auth(token)))
        error_of(answer, status, code)
        assert stored_version(client, match_id) == 0
        assert view(client, match_id, t0)["version"] == 0

    refused(t0, b"not json", 422, "malformed")
    refused(t0, {"action": legal}, 422, "malformed")
    refused(t0, {"version": "0", "action": legal}, 422, "malformed")
    refused(t0, {"version": 0, "action": legal, "extra": 1}, 422, "malformed")
    refused(t0, {"version": 0, "action": legal, "request_id": 5}, 422, "malformed")
    refused(t0, {"version": 0, "action": {"type": "no_such_action"}}, 422, "invalid_action")
    refused(t0, {"version": 0, "action": "garbage"}, 422, "invalid_action")
    refused(t0, {"version": 0, "action": {**legal, "surplus": 1}}, 422, "invalid_action")
    refused(t1, {"version": 0, "action": legal}, 409, "not_your_turn")
    refused(t0, {"version": 3, "action": legal}, 409, "stale_action")
    refused(created["spectator"]["token"], {"version": 0, "action": legal}, 403, "forbidden")
    illegal = dict(legal)
    illegal["card"] = 999 if "card" in legal else illegal.get("card")
    if "card" in legal:
        refused(t0, {"version": 0, "action": illegal}, 409, "illegal_action")

    answer = client.post(path, json={"version": 0, "action": legal}, headers=auth(t0))
    assert answer.status_code == 200 and answer.json()["version"] == 1
    refused_again = client.post(path, json={"version": 0, "action": legal}, headers=auth(t0))
    error_of(refused_again, 409, "stale_action")
    assert stored_version(client, match_id) == 1


def test_srv_same_request_id_applies_once(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    match_id = created["match_id"]
    token = created["tokens"][0]
    start = view(client, match_id, token)
    body = {"version": 0, "action": start["legal_actions"][0], "request_id": "move-1"}
    path = f"/api/matches/{match_id}/actions"
    first = client.post(path, json=body, headers=auth(token))
    again = client.post(path, json=body, headers=auth(token))
    assert first.status_code == again.status_code == 200
    assert first.json()["version"] == again.json()["version"] == 1
    log = service_of(client).store.load(match_id).actions
    assert [(a.version, a.seat, a.request_id) for a in log] == [(0, 0, "move-1")]


def test_srv_my_matches(client: TestClient) -> None:
    a = new_match(client, ("human", "human"))
    b = new_match(client, ("random", "human"), seed=9)
    wait_until(lambda: stored_version(client, b["match_id"]) >= 1)
    tokens = [a["tokens"][1], b["tokens"][1], "unknown-token", a["spectator"]["token"]]
    rows = client.post("/api/my-matches", json={"tokens": tokens}).json()
    by_key = {(r["match_id"], r["seat"]): r for r in rows}
    assert len(rows) == 3
    assert by_key[(a["match_id"], 1)]["your_turn"] is False
    assert by_key[(a["match_id"], 1)]["to_move"] == 0
    assert by_key[(b["match_id"], 1)]["your_turn"] is True
    assert by_key[(a["match_id"], None)]["your_turn"] is False
    assert by_key[(b["match_id"], 1)]["game"] == "louis14"
    error_of(client.post("/api/my-matches", json={"tokens": "x"}), 422, "malformed")


def test_srv_leave_and_return(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    match_id = created["match_id"]
    t0, t1 = created["tokens"][0], created["tokens"][1]
    answer = client.post(f"/api/matches/{match_id}/leave", headers=auth(t0))
    assert answer.status_code == 200
    assert answer.json()["seats"][0]["away"] is True
    # The stand-in bot plays seat 0 until seat 1 is to move.
    wait_until(lambda: view(client, match_id, t1)["to_move"] == 1)
    log = service_of(client).store.load(match_id).actions
    assert log and all(a.seat == 0 and a.mover == "stand_in" for a in log)
    # Coming back (any call with the token) ends the stand-in.
    assert view(client, match_id, t0)["seats"][0]["away"] is False
    assert not service_of(client).store.load(match_id).match.seats[0].away
    error_of(client.post(f"/api/matches/{match_id}/leave",
                         headers=auth(created["spectator"]["token"])), 403, "forbidden")


def test_srv_replay_public_while_running(client: TestClient) -> None:
    created = new_match(client, ("human", "random"), seed=11)
    match_id = created["match_id"]
    token = created["tokens"][0]
    for _ in range(3):
        wait_until(lambda: view(client, match_id, token)["to_move"] == 0)
        now = view(client, match_id, token)
        client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                    json={"version": now["version"], "action": now["legal_actions"][-1]})
    # The bot moves in a worker process: wait until the human is to move again, so the
    # match stands still between the replay and the true states it is compared with.
    wait_until(lambda: view(client, match_id, token)["to_move"] == 0)
    replay = client.get(f"/api/matches/{match_id}/replay", headers=auth(token)).json()
    states = true_states(client, match_id)
    assert replay["status"] == "active"
    assert [f["version"] for f in replay["frames"]] == list(range(len(states)))
    public = states[-1].events(None)
    for frame, state in zip(replay["frames"], states, strict=True):
        assert frame["views"] is None
        assert frame["to_move"] == state.to_move
        assert all("private_to" not in e for e in frame["events"])
        assert frame["events"] == [e for e in public if e["version"] == frame["version"]]
