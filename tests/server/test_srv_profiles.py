"""Profiles and history: a signed-in person's finished matches with their final tables and his
statistics per game and player count, on any device; others see only what he chose to show."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from srv_accounts import account_client, csrf, sign_in, sign_up
from srv_support import auth

from sunking.core import Rng


def play_out(client: TestClient, created: dict[str, Any]) -> None:
    """The creator's seat plays random moves until the match has finished."""
    match_id, token = created["match_id"], created["seats"][0]["token"]
    rng = Rng(2)
    while True:
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        if view["status"] == "finished":
            return
        if view["to_move"] != 0:
            continue  # the bot's move is on its way
        client.post(f"/api/matches/{match_id}/actions", headers=auth(token), json={
            "version": view["version"], "action": rng.choice(view["legal_actions"])})


def test_srv_history_and_statistics_and_what_others_see() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Racine", "racine@example.org")
        ends = []
        for _ in range(2):
            created = client.post("/api/matches", headers=csrf(client), json={
                "game": "louis14", "players": 2,
                "seats": [{"kind": "human", "name": "Racine"},
                          {"kind": "bot", "bot": "random"}]}).json()
            play_out(client, created)
            ends.append(created["match_id"])
        running = client.post("/api/matches", headers=csrf(client), json={
            "game": "vive_le_roi", "players": 3,
            "seats": [{"kind": "human", "name": "Racine"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "random"}]}).json()
        mine = client.get("/api/account/profile").json()
        assert mine["own"] is True and mine["handle"] == "Racine"
        assert {e["match_id"] for e in mine["finished"]} == set(ends)
        for end in mine["finished"]:
            assert end["seat"] == 0 and 1 <= end["place"] <= 2
            assert min(s["place"] for s in end["table"]) == 1
        [stats] = mine["statistics"]
        assert (stats["game"], stats["players"], stats["games"]) == ("louis14", 2, 2)
        assert stats["wins"] == sum(1 for e in mine["finished"] if e["won"])
        assert stats["mean_place"] == sum(e["place"] for e in mine["finished"]) / 2
        assert [m["match_id"] for m in mine["current"]] == [running["match_id"]]

        # Others see the handle only, until he chooses more.
        client.cookies.clear()
        public = client.get("/api/players/racine").json()
        assert public["handle"] == "Racine" and "statistics" not in public
        assert "finished" not in public
        assert client.get("/api/players/nobody").status_code == 404
        sign_up(client, box, "Boileau", "boileau@example.org")
        client.cookies.clear()
        assert sign_in(client, "racine@example.org").status_code == 200
        shown = client.post("/api/account/profile", headers=csrf(client),
                            json={"public_statistics": True, "public_history": False})
        assert shown.json() == {"public_statistics": True, "public_history": False}
        client.cookies.clear()
        public = client.get("/api/players/RACINE").json()
        assert public["statistics"] == mine["statistics"] and "finished" not in public
        assert "current" not in public
