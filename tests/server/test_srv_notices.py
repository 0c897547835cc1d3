"""Turn notices: an async match between two accounts mails "your turn" exactly once to the
player to move who is not connected (until he has moved), never to one who is connected, and
never after he unsubscribed with the link of the mail (read at a local SMTP server)."""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_accounts import account_client, csrf, sign_up
from srv_support import auth, receive_view

from sunking.server.notices.store import NOTICE_CHOICES
from support.mailbox import body_of

DELAY = 0.2
QUIET = 12 * DELAY
"""How long nothing may arrive: several times the delay and the notices' poll."""


def move(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    """The seat of ``token`` makes its first legal move; returns the view after it."""
    view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
    answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                         json={"version": view["version"], "action": view["legal_actions"][0]})
    assert answer.status_code == 200, answer.text
    after: dict[str, Any] = answer.json()
    return after


def until_turn_of(client: TestClient, match_id: str, tokens: dict[int, str],
                  seat: int) -> None:
    """Play the other seat until ``seat`` is to move."""
    while True:
        view = client.get(f"/api/matches/{match_id}", headers=auth(tokens[seat])).json()
        if view["to_move"] == seat:
            return
        move(client, match_id, tokens[view["to_move"]])


def test_srv_one_turn_mail_to_the_unconnected_player_none_when_connected_or_unsubscribed(
) -> None:
    with account_client(notice_seconds=DELAY) as (client, box):
        sign_up(client, box, "Anne", "anne@example.org")
        created = client.post("/api/matches", headers=csrf(client), json={
            "game": "louis14", "players": 2,
            "seats": [{"kind": "human", "name": "Anne"}, {"kind": "human", "name": "Bert"}],
        }).json()
        match_id = created["match_id"]
        tokens = {0: created["seats"][0]["token"]}
        client.cookies.clear()
        sign_up(client, box, "Bert", "bert@example.org")
        claimed = client.post(f"/api/matches/{match_id}/claim", headers=csrf(client),
                              json={"invitation": created["seats"][1]["invitation"]})
        tokens[1] = claimed.json()["token"]
        client.cookies.clear()
        # Her verification mail, and a turn mail if she is to move while unconnected: let any
        # such mail arrive before counting (on a busy machine it came after the count).
        time.sleep(QUIET)
        anne_seat_mails = len(box.to("anne@example.org"))

        # Anne, on her socket, moves; Bert is away: one mail, and no second one.
        with client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[0]}") as ws:
            receive_view(ws)
            until_turn_of(client, match_id, tokens, 0)
            move(client, match_id, tokens[0])
            mail = box.wait_for("bert@example.org", 2)  # after his verification mail
            assert "Your turn" in mail["Subject"]
            text = body_of(mail)
            assert f"/play/{match_id}" in text and "/notices/unsubscribe#token=" in text
            time.sleep(QUIET)
            assert len(box.to("bert@example.org")) == 2
            # Bert moves; Anne's socket is open: she gets nothing.
            until_turn_of(client, match_id, tokens, 1)
            move(client, match_id, tokens[1])
            time.sleep(QUIET)
            assert len(box.to("anne@example.org")) == anne_seat_mails

        # Bert unsubscribes with the mail's link: his next turn sends nothing.
        unsubscribe = text.split("/notices/unsubscribe#token=", 1)[1].split()[0]
        answer = client.post("/api/notices/unsubscribe", json={"token": unsubscribe})
        assert answer.status_code == 200, answer.text
        assert client.post("/api/notices/unsubscribe", json={"token": "nope"}).status_code == 404
        until_turn_of(client, match_id, tokens, 0)
        move(client, match_id, tokens[0])
        time.sleep(QUIET)
        assert len(box.to("bert@example.org")) == 2


def test_srv_an_account_chooses_each_a_daily_digest_or_none_and_lists_its_turns() -> None:
    with account_client(notice_seconds=DELAY) as (client, box):
        sign_up(client, box, "Colbert", "colbert@example.org")
        assert client.get("/api/account/notices").json() == {"turn_mail": "each",
                                                              "waiting": [],
                                                              "invitations": []}
        refused = client.post("/api/account/notices", json={"turn_mail": "off"})
        assert refused.status_code == 403  # no CSRF token
        wrong = client.post("/api/account/notices", headers=csrf(client),
                            json={"turn_mail": "weekly"})
        assert wrong.status_code == 422
        chosen = client.post("/api/account/notices", headers=csrf(client),
                             json={"turn_mail": "digest"})
        assert chosen.json() == {"turn_mail": "digest"}
        # A match waits for him (a bot moved first, say): listed, and in the day's digest.
        created = client.post("/api/matches", headers=csrf(client), json={
            "game": "vive_le_roi", "players": 3,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human", "name": "Colbert"},
                      {"kind": "bot", "bot": "random"}]}).json()
        match_id = created["match_id"]
        token = created["seats"][1]["token"]
        deadline = time.monotonic() + 30
        while client.get(f"/api/matches/{match_id}",
                         headers=auth(token)).json()["to_move"] != 1:
            assert time.monotonic() < deadline
            time.sleep(DELAY)
        time.sleep(QUIET)  # away from the table long enough
        listed = client.get("/api/account/notices").json()["waiting"]
        assert [(w["match_id"], w["mailed"]) for w in listed] == [(match_id, False)]
        assert len(box.to("colbert@example.org")) == 1  # the verification mail only
        accounts = client.app.state.accounts  # type: ignore[attr-defined]
        with accounts.store.engine.begin() as conn:  # the day has passed
            conn.execute(sa.update(NOTICE_CHOICES).values(digest_at=time.time() - 1))
        digest = box.wait_for("colbert@example.org", 2)
        assert "waiting" in digest["Subject"] and f"/play/{match_id}" in body_of(digest)
