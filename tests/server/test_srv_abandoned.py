"""A match in which no person moved for ``SUNKING_ABANDON_DAYS`` days (30 by default) is closed
as abandoned: its record and replay kept and shown as ``abandoned``, its play, open seats and
chat gone."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from srv_support import auth, make_client, new_match, service_of
from test_srv_open_tables import FREE, HOST, join, listed, open_table

from sunking.server import Settings

DAY = 86400.0


def sweep(client: TestClient) -> None:
    """Run the closing of abandoned matches now (it runs at start and every hour)."""
    client.portal.call(service_of(client).abandoner.sweep)


def test_srv_a_match_nobody_moved_in_for_30_days_is_closed_and_kept() -> None:
    now = [time.time()]
    with make_client() as client:
        service_of(client).clock = lambda: now[0]
        created = new_match(client, ("human", "human"))
        match_id, token = created["match_id"], created["tokens"][0]
        first = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        moved = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                            json={"version": 0, "action": first["legal_actions"][0]})
        assert moved.status_code == 200, moved.text
        said = client.post(f"/api/matches/{match_id}/chat", headers=auth(token),
                           json={"text": "your turn"})
        assert said.status_code == 201, said.text
        table = open_table(client, [HOST, FREE])
        now[0] += 29 * DAY
        sweep(client)
        assert service_of(client).abandoner.closed == 0
        assert table["match_id"] in listed(client)
        now[0] += 2 * DAY
        sweep(client)
        assert service_of(client).abandoner.closed == 2

        other = created["tokens"][1]
        view: dict[str, Any] = client.get(f"/api/matches/{match_id}",
                                          headers=auth(other)).json()
        assert (view["status"], view["version"], view["legal_actions"]) == ("abandoned", 1, [])
        refused = client.post(f"/api/matches/{match_id}/actions", headers=auth(other),
                              json={"version": 1, "action": first["legal_actions"][0]})
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "abandoned"
        replay = client.get(f"/api/matches/{match_id}/replay", headers=auth(other)).json()
        assert replay["status"] == "abandoned" and len(replay["frames"]) == 2
        assert replay["chat"] == []
        mine = client.post("/api/my-matches", json={"tokens": [token]}).json()
        assert [m["status"] for m in mine] == ["abandoned"]
        # The open table: no longer listed, its free seat no longer offered.
        assert table["match_id"] not in listed(client)
        taken = join(client, table["match_id"], "Late")
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "abandoned"


def test_srv_the_days_before_a_match_is_abandoned_are_a_setting() -> None:
    assert Settings().abandon_days == 30.0
    assert Settings.from_env({"SUNKING_ABANDON_DAYS": "7"}).abandon_days == 7.0
    assert Settings.from_env({"SUNKING_ABANDON_DAYS": "0"}).abandon_days == 0.0
