"""People among people, through the API: following (who is online, their open tables),
inviting a person by name (a notice, a mail by his choice, the seat claimed), muting and
blocking (a blocked person cannot join or claim a seat at the blocker's table, follow or
invite him), and the limits on every input (``docs/community.md``)."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_accounts import account_client, accounts_of, csrf, sign_up
from srv_support import receive_view
from test_srv_seat_accounts import back, device

from sunking.server.community import store as community_store
from support.mailbox import Mailbox

LOUIS, MARIE, COLBERT = "louis@example.org", "marie@example.org", "colbert@example.org"
TABLE = [{"kind": "human", "name": "Louis"}, {"kind": "human", "name": "Marie"},
         {"kind": "bot", "bot": "random"}]
OPEN = [{"kind": "human", "name": "Louis"}, {"kind": "open"}, {"kind": "open"}]


def people(client: TestClient, handle: str, kind: str, on: bool = True) -> Any:
    return client.post("/api/account/people", headers=csrf(client),
                       json={"handle": handle, "kind": kind, "on": on})


def table(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    headers = csrf(client) if "sunking_csrf" in client.cookies else {}
    answer = client.post("/api/matches", headers=headers, json={
        "game": "louis14", "players": len(seats), "seats": seats})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def three(client: TestClient, box: Mailbox) -> dict[str, dict[str, str]]:
    """Louis, Marie and Colbert sign up, each in his own browser (returned by name)."""
    browsers = {}
    for handle, email in (("Louis", LOUIS), ("Marie", MARIE), ("Colbert", COLBERT)):
        device(client)
        sign_up(client, box, handle, email)
        browsers[handle] = dict(client.cookies)
    return browsers


def unseen(client: TestClient, handle: str) -> None:
    """The person's sessions were last used an hour ago: they live on, he is not online."""
    with accounts_of(client).store.engine.begin() as conn:
        conn.execute(sa.text(
            "UPDATE account_sessions SET last_seen = last_seen - 3600 WHERE account_id = "
            "(SELECT account_id FROM accounts WHERE handle = :handle)"), {"handle": handle})


def error(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def test_srv_follow_shows_who_is_online_and_his_open_tables() -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        back(client, browsers["Marie"])
        followed = people(client, "louis", "follow")
        assert followed.status_code == 200 and followed.json()["handle"] == "Louis"
        assert people(client, "louis", "follow").json()["changed"] is False  # once
        assert error(people(client, "Marie", "follow")) == (422, "self")
        assert error(people(client, "Nobody", "follow")) == (404, "unknown_player")
        listed = client.get("/api/account/people").json()["following"]
        assert listed == [{"handle": "Louis", "online": True, "open_tables": []}]
        assert client.get("/api/account/people/louis").json() == {
            "follow": True, "block": False, "mute": False}
        # Louis opens a table: Marie sees it. Long unseen, he is not online any more.
        back(client, browsers["Louis"])
        created = table(client, OPEN)
        unseen(client, "Louis")
        back(client, browsers["Marie"])
        (line,) = client.get("/api/account/people").json()["following"]
        assert line["online"] is False
        assert [t["match_id"] for t in line["open_tables"]] == [created["match_id"]]
        # At his table (a socket open), he is online again.
        back(client, browsers["Louis"])
        with client.websocket_connect(f"/ws/matches/{created['match_id']}") as socket:
            assert receive_view(socket)["seat"] == 0
            unseen(client, "Louis")  # not by his session: by his seat's socket
            back(client, browsers["Marie"])
            (line,) = client.get("/api/account/people").json()["following"]
            assert line["online"] is True
        assert people(client, "Louis", "follow", on=False).json()["follow"] is False
        assert client.get("/api/account/people").json()["following"] == []


def test_srv_invite_by_name_notices_mails_and_the_seat_is_claimed() -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        back(client, browsers["Louis"])
        created = table(client, TABLE)
        match_id, invitation = created["match_id"], created["seats"][1]["invitation"]
        path = f"/api/matches/{match_id}/invite"
        sent = client.post(path, headers=csrf(client),
                           json={"handle": "marie", "invitation": invitation})
        assert sent.status_code == 200, sent.text
        assert sent.json() == {"handle": "Marie", "match_id": match_id, "seat": 1,
                               "mailed": True}
        mail = box.wait_for(MARIE, 2)  # the first was the address's verification
        assert "Louis invites you" in mail["Subject"]
        assert f"/play/{match_id}#i={invitation}" in mail.get_content()
        refused = client.post(path, headers=csrf(client),
                              json={"handle": "marie", "invitation": "not-this-table's"})
        assert error(refused) == (403, "bad_invitation")
        unknown = client.post(path, headers=csrf(client),
                              json={"handle": "Nobody", "invitation": invitation})
        assert error(unknown) == (404, "unknown_player")
        # Marie finds it among her notices and takes the seat through its link's claim.
        back(client, browsers["Marie"])
        (notice,) = client.get("/api/account/invitations").json()["invitations"]
        assert (notice["from"], notice["seat"], notice["claimed"]) == ("Louis", 1, False)
        assert notice["link"] == f"/play/{match_id}#i={invitation}"
        noticed = client.get("/api/account/notices").json()["invitations"]
        assert [line["id"] for line in noticed] == [notice["id"]]
        claimed = client.post(f"/api/matches/{match_id}/claim", headers=csrf(client),
                              json={"invitation": invitation})
        assert claimed.status_code == 201, claimed.text
        assert client.get("/api/account/invitations").json()["invitations"] == []
        # A claimed seat is offered to nobody; Colbert, who wants no mails, is not mailed.
        back(client, browsers["Louis"])
        again = client.post(path, headers=csrf(client),
                            json={"handle": "Colbert", "invitation": invitation})
        assert error(again) == (409, "seat_claimed")
        back(client, browsers["Colbert"])
        chose = client.post("/api/account/invitations", headers=csrf(client),
                            json={"invite_mail": False})
        assert chose.json() == {"invite_mail": False}
        back(client, browsers["Louis"])
        second = table(client, TABLE)
        quiet = client.post(f"/api/matches/{second['match_id']}/invite", headers=csrf(client),
                            json={"handle": "Colbert",
                                  "invitation": second["seats"][1]["invitation"]})
        assert quiet.json()["mailed"] is False
        back(client, browsers["Colbert"])
        (held,) = client.get("/api/account/invitations").json()["invitations"]
        gone = client.delete(f"/api/account/invitations/{held['id']}", headers=csrf(client))
        assert gone.status_code == 200
        again_gone = client.delete(f"/api/account/invitations/{held['id']}",
                                   headers=csrf(client))
        assert error(again_gone) == (404, "unknown_invitation")


def test_srv_a_blocked_person_cannot_join_claim_follow_or_invite() -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        back(client, browsers["Louis"])
        assert people(client, "Marie", "block").json()["block"] is True
        open_table = table(client, OPEN)
        invited = table(client, TABLE)
        back(client, browsers["Marie"])
        joined = client.post(f"/api/matches/{open_table['match_id']}/join",
                             headers=csrf(client), json={"name": "Marie"})
        assert error(joined) == (403, "blocked_by_player")
        assert "blocked you" in joined.json()["error"]["message"]
        claimed = client.post(f"/api/matches/{invited['match_id']}/claim", headers=csrf(client),
                              json={"invitation": invited["seats"][1]["invitation"]})
        assert error(claimed) == (403, "blocked_by_player")
        assert error(people(client, "Louis", "follow")) == (403, "blocked_by_player")
        mine = table(client, TABLE)
        invite = client.post(f"/api/matches/{mine['match_id']}/invite", headers=csrf(client),
                             json={"handle": "Louis",
                                   "invitation": mine["seats"][1]["invitation"]})
        assert error(invite) == (403, "blocked_by_player")
        # Nothing was taken: Colbert joins the open table; Louis cannot sit at Marie's.
        back(client, browsers["Colbert"])
        ok = client.post(f"/api/matches/{open_table['match_id']}/join", headers=csrf(client),
                         json={"name": "Colbert"})
        assert ok.status_code == 201, ok.text
        back(client, browsers["Louis"])
        theirs = client.post(f"/api/matches/{mine['match_id']}/claim", headers=csrf(client),
                             json={"invitation": mine["seats"][1]["invitation"]})
        assert error(theirs) == (403, "blocking_player")
        listed = client.get("/api/account/people").json()
        assert listed["blocked"] == ["Marie"]
        assert people(client, "Marie", "block", on=False).json()["changed"] is True
        back(client, browsers["Marie"])
        assert people(client, "Louis", "follow").status_code == 200


def test_srv_inputs_are_bounded_and_limited() -> None:
    with account_client(rate_community="3/minute") as (client, box):
        device(client)
        sign_up(client, box, "Louis", LOUIS)
        long = people(client, "x" * 101, "follow")
        assert error(long) == (422, "malformed")
        wrong = client.post("/api/account/people", headers=csrf(client),
                            json={"handle": "Marie", "kind": "befriend", "on": True})
        assert error(wrong) == (422, "malformed")
        assert error(people(client, "Marie", "follow")) == (404, "unknown_player")
        limited = people(client, "Marie", "follow")
        assert limited.status_code == 429 and "Retry-After" in limited.headers
        device(client)
        assert client.get("/api/account/people").status_code == 401


def test_srv_a_deleted_account_leaves_no_follow_block_or_invitation() -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        back(client, browsers["Louis"])
        people(client, "Marie", "follow")
        people(client, "Colbert", "block")
        created = table(client, TABLE)
        client.post(f"/api/matches/{created['match_id']}/invite", headers=csrf(client),
                    json={"handle": "Marie", "invitation": created["seats"][1]["invitation"]})
        engine = accounts_of(client).store.engine
        assert client.delete("/api/account", headers=csrf(client)).status_code == 200
        with engine.connect() as conn:
            for name in ("follows", "blocks", "person_invitations"):
                left = conn.execute(sa.text(f"SELECT count(*) FROM {name}")).scalar()
                assert left == 0, name
        back(client, browsers["Marie"])
        assert client.get("/api/account/invitations").json()["invitations"] == []


def test_srv_an_invitation_by_name_respects_every_block_at_the_table() -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        back(client, browsers["Louis"])
        created = table(client, [*TABLE[:2], {"kind": "human", "name": "Colbert"}])
        match_id = created["match_id"]
        back(client, browsers["Colbert"])
        assert client.post(f"/api/matches/{match_id}/claim", headers=csrf(client), json={
            "invitation": created["seats"][2]["invitation"]}).status_code == 201
        assert people(client, "Marie", "block").status_code == 200
        back(client, browsers["Louis"])
        body = {"handle": "Marie", "invitation": created["seats"][1]["invitation"]}
        refused = client.post(f"/api/matches/{match_id}/invite", headers=csrf(client),
                              json=body)
        assert error(refused) == (403, "blocked_at_table")  # Colbert sits there
        people(client, "Marie", "block")
        mine = client.post(f"/api/matches/{match_id}/invite", headers=csrf(client), json=body)
        assert error(mine) == (403, "blocking_player")


def test_srv_follows_mutes_and_blocks_are_bounded_per_account(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(community_store, "LIMIT", 1)
    with account_client() as (client, box):
        browsers = three(client, box)
        back(client, browsers["Louis"])
        assert people(client, "Marie", "follow").status_code == 200
        assert error(people(client, "Colbert", "follow")) == (409, "too_many")
        assert people(client, "Marie", "mute").status_code == 200
        assert error(people(client, "Colbert", "mute")) == (409, "too_many")
        created = table(client, [*TABLE[:2], {"kind": "human", "name": "Colbert"}])
        back(client, browsers["Colbert"])
        assert client.post(f"/api/matches/{created['match_id']}/claim", headers=csrf(client),
                           json={"invitation": created["seats"][2]["invitation"]}
                           ).status_code == 201
        back(client, browsers["Louis"])
        by_seat = client.post(f"/api/matches/{created['match_id']}/mute", headers=csrf(client),
                              json={"seat": 2})
        assert error(by_seat) == (409, "too_many")
