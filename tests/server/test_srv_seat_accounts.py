"""A seat taken by a signed-in person is bound to his account: he finds the match on any device
where he is signed in, and plays it there without the seat's token (the session cookie, with
its CSRF token for moves); his export lists his matches, and deleting his account leaves his
seats to "a former player" and removes his chat lines."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from srv_accounts import account_client, csrf, sign_in, sign_up
from srv_support import auth, receive_view

SEATS = [{"kind": "human", "name": "Louis"}, {"kind": "human", "name": "Marie"},
         {"kind": "bot", "bot": "random"}]


def create(client: TestClient, **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/matches", headers=csrf(client) if "sunking_csrf" in
                         client.cookies else {},
                         json={"game": "louis14", "players": 3, "seats": SEATS, **extra})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def device(client: TestClient, email: str | None = None) -> dict[str, str]:
    """The client becomes another browser (its cookies put aside and returned), signed in to
    ``email``'s account if given, else a guest's."""
    before = dict(client.cookies)
    client.cookies.clear()
    if email is not None:
        assert sign_in(client, email).status_code == 200
    return before


def back(client: TestClient, cookies: dict[str, str]) -> None:
    """The client becomes the browser whose cookies these are again."""
    client.cookies.clear()
    for name, value in cookies.items():
        client.cookies.set(name, value)


def test_srv_a_signed_in_seat_is_found_and_played_on_another_device() -> None:
    with account_client() as (desk, box):
        sign_up(desk, box, "Louis", "louis@example.org")
        created = create(desk)
        match_id = created["match_id"]
        device(desk, "louis@example.org")  # the same person on another browser
        listed = desk.get("/api/account/matches").json()
        assert [(m["match_id"], m["seat"]) for m in listed] == [(match_id, 0)]
        # No token on this device: the session says whose seat it is.
        view = desk.get(f"/api/matches/{match_id}").json()
        assert view["seat"] == 0 and view["legal_actions"]
        move = {"version": view["version"], "action": view["legal_actions"][0]}
        refused = desk.post(f"/api/matches/{match_id}/actions", json=move)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "csrf_missing"
        played = desk.post(f"/api/matches/{match_id}/actions", json=move, headers=csrf(desk))
        assert played.status_code == 200, played.text
        assert played.json()["version"] == view["version"] + 1
        with desk.websocket_connect(f"/ws/matches/{match_id}") as socket:
            assert receive_view(socket)["seat"] == 0
        # A guest, or another account, has no seat there without a token.
        device(desk)
        assert desk.get(f"/api/matches/{match_id}").status_code == 401
        sign_up(desk, box, "Colbert", "colbert@example.org")
        answer = desk.get(f"/api/matches/{match_id}")
        assert answer.status_code == 401 and "held by your account" in answer.text


def test_srv_a_claim_or_a_join_binds_the_seat_to_the_signed_in_person() -> None:
    with account_client() as (guest, box):
        created = create(guest)  # a guest creates: his seat is his token's only
        sign_up(guest, box, "Marie", "marie@example.org")  # another browser: Marie's
        claim = guest.post(f"/api/matches/{created['match_id']}/claim", headers=csrf(guest),
                           json={"invitation": created["seats"][1]["invitation"]})
        assert claim.status_code == 201, claim.text
        assert [m["seat"] for m in guest.get("/api/account/matches").json()] == [1]
        assert guest.get(f"/api/matches/{created['match_id']}").json()["seat"] == 1
        # A claim with the cookie but without the CSRF token is refused and takes nothing.
        marie = device(guest)  # a guest creates two more tables
        other = create(guest)
        table = guest.post("/api/matches", json={
            "game": "louis14", "players": 2,
            "seats": [{"kind": "human", "name": "Host"}, {"kind": "open"}]}).json()
        back(guest, marie)
        forged = guest.post(f"/api/matches/{other['match_id']}/claim",
                            json={"invitation": other["seats"][1]["invitation"]})
        assert forged.status_code == 403
        joined = guest.post(f"/api/matches/{table['match_id']}/join", headers=csrf(guest),
                            json={"name": "Marie"})
        assert joined.status_code == 201, joined.text
        assert {m["match_id"] for m in guest.get("/api/account/matches").json()} == \
            {created["match_id"], table["match_id"]}


def test_srv_export_lists_the_matches_and_deletion_leaves_a_former_player() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Fouquet", "fouquet@example.org")
        created = create(client, language="fr")
        match_id, token = created["match_id"], created["seats"][0]["token"]
        said = client.post(f"/api/matches/{match_id}/chat", headers=auth(token),
                           json={"text": "Vaux-le-Vicomte"})
        assert said.status_code == 201, said.text
        exported = client.get("/api/account/export").json()
        assert [m["match_id"] for m in exported["matches"]] == [match_id]
        assert exported["turn_mail"] == "each"
        assert exported["profile"] == {"public_statistics": False, "public_history": False}
        assert client.delete("/api/account", headers=csrf(client)).status_code == 200
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        assert view["seats"][0]["name"] == "un ancien joueur"
        chat = client.get(f"/api/matches/{match_id}/chat", headers=auth(token)).json()
        assert chat["messages"] == []
        assert "Vaux" not in client.get(f"/api/matches/{match_id}/replay",
                                        headers=auth(token)).text
