"""Seats are claimed, not handed out: the creator of a table gets his own seat's token and an
invitation for every other person's seat; a seat's token is minted for the person who claims
it, in the answer to his claim only; a claimed seat refuses a second claim; and nothing a
creator can reach holds another person's token or hidden cards."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, claim, receive_view, service_of
from test_srv_api import error_of
from test_srv_leaks import Seen, check_messages

from sunking.core import Rng, available_games
from sunking.server.match.service import MatchService
from sunking.server.workers.bots import BotRunner

TABLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bert"},
         {"kind": "bot", "bot": "random"}]


def create(client: TestClient, seats: list[dict[str, Any]] = TABLE, game: str = "louis14",
           **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/matches", json={"game": game, "players": len(seats),
                                               "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def seats_of(client: TestClient, created: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats as the creator's view shows them."""
    answer = client.get(f"/api/matches/{created['match_id']}",
                        headers=auth(created["seats"][0]["token"]))
    seats: list[dict[str, Any]] = answer.json()["seats"]
    return seats


def test_srv_an_invited_seat_is_claimed_once_by_its_person(client: TestClient) -> None:
    created = create(client)
    match_id, invitation = created["match_id"], created["seats"][1]["invitation"]
    assert "token" not in created["seats"][1]
    assert [s["claimed"] for s in seats_of(client, created)] == [True, False, False]

    offered = client.post(f"/api/matches/{match_id}/invitation",
                          json={"invitation": invitation}).json()
    assert (offered["game"], offered["seat"], offered["name"], offered["claimed"]) == \
        ("louis14", 1, "Bert", False)
    assert invitation not in json.dumps(offered)

    claimed = claim(client, match_id, invitation, name="Berta")
    assert (claimed["seat"], claimed["name"]) == (1, "Berta")
    assert claimed["link"] == f"/play/{match_id}#t={claimed['token']}"
    mine = client.get(f"/api/matches/{match_id}", headers=auth(claimed["token"])).json()
    assert mine["seat"] == 1
    # The creator sees who claimed which seat.
    assert [(s["name"], s["claimed"]) for s in seats_of(client, created)] == \
        [("Ana", True), ("Berta", True), ("random", False)]

    # A second claim, by anyone, is refused and changes nothing.
    again = client.post(f"/api/matches/{match_id}/claim",
                        json={"invitation": invitation, "name": "Mallory"})
    assert "claimed already" in error_of(again, 409, "seat_claimed")
    assert claimed["token"] not in again.text
    assert [s["name"] for s in seats_of(client, created)][1] == "Berta"
    assert client.post(f"/api/matches/{match_id}/invitation",
                       json={"invitation": invitation}).json()["claimed"] is True
    assert client.get(f"/api/matches/{match_id}",
                      headers=auth(claimed["token"])).json()["seat"] == 1


def test_srv_a_claim_names_what_is_wrong_and_changes_nothing(client: TestClient) -> None:
    created = create(client)
    other = create(client)
    match_id, invitation = created["match_id"], created["seats"][1]["invitation"]
    path = f"/api/matches/{match_id}/claim"
    error_of(client.post(path, json={"invitation": "x" * 43}), 403, "bad_invitation")
    error_of(client.post(path, json={"invitation": other["seats"][1]["invitation"]}),
             403, "bad_invitation")
    error_of(client.post(path, json={"invitation": created["seats"][0]["token"]}),
             403, "bad_invitation")  # a token is no invitation
    error_of(client.post(path, json={}), 422, "malformed")
    error_of(client.post(path, json={"invitation": invitation, "name": "ana"}),
             422, "name_taken")
    error_of(client.post(path, json={"invitation": invitation, "name": "\u202eevil"}),
             422, "malformed")
    error_of(client.post("/api/matches/nope/claim", json={"invitation": invitation}),
             404, "unknown_match")
    assert [s["claimed"] for s in seats_of(client, created)] == [True, False, False]
    assert claim(client, match_id, invitation)["name"] == "Bert"  # still claimable


def test_srv_the_creator_chooses_his_seat_or_none(client: TestClient) -> None:
    second = create(client, creator_seat=1)
    assert "invitation" in second["seats"][0] and "token" in second["seats"][1]
    organiser = create(client, creator_seat=None)
    assert all("token" not in s for s in organiser["seats"])
    assert [("invitation" in s) for s in organiser["seats"]] == [True, True, False]
    refused = client.post("/api/matches", json={
        "game": "louis14", "players": 3, "seats": TABLE, "creator_seat": 2})
    assert "not a human seat" in error_of(refused, 422, "invalid_options")
    opened = client.post("/api/matches", json={
        "game": "louis14", "players": 2, "creator_seat": None,
        "seats": [{"kind": "human", "name": "A"}, {"kind": "open"}]})
    error_of(opened, 422, "invalid_options")


def test_srv_a_seat_claimed_in_one_process_is_known_to_another(client: TestClient) -> None:
    """Two services on one store stand for two processes: the one that holds the match learns
    of a claim made in the other, through the seats' channel or, if the token comes first,
    from storage."""
    created = create(client)
    match_id = created["match_id"]
    service = service_of(client)
    held = service.cache.held[match_id]
    assert not held.record.seats[1].claimed
    # A claim stored behind this process's back (as another process would store it).
    async def claim_elsewhere() -> str:
        other = MatchService(service.store, BotRunner(0))
        try:
            _seat, token = await other.claim(match_id, created["seats"][1]["invitation"])
            return token
        finally:
            await other.close()

    token = asyncio.run(claim_elsewhere())
    assert client.get(f"/api/matches/{match_id}", headers=auth(token)).json()["seat"] == 1
    assert service.cache.held[match_id].record.seats[1].claimed


@pytest.mark.parametrize("game", available_games())
def test_srv_nothing_the_creator_reaches_holds_another_person_s_secrets(
    client: TestClient, game: str,
) -> None:
    """Every route and websocket message the creator of a table can reach, through a whole
    game: each view is his own, the replay stays public while the match runs, and no answer
    holds the token of the seat another person claimed."""
    created = create(client, game=game, hints=True)
    match_id = created["match_id"]
    mine, spectator = created["seats"][0]["token"], created["spectator"]["token"]
    theirs = claim(client, match_id, created["seats"][1]["invitation"])["token"]
    path = f"/api/matches/{match_id}"
    answers: list[str] = []
    seen: Seen = []
    rng = Rng(4)

    def reach(method: str, url: str, **kwargs: Any) -> Any:
        answer = client.request(method, url, headers=auth(mine), **kwargs)
        assert answer.status_code < 500, answer.text
        answers.append(answer.text)
        return answer

    with client.websocket_connect(f"/ws/matches/{match_id}?token={mine}&lang=en") as ws:
        seen.append((0, receive_view(ws)))
        while True:
            own = reach("GET", f"{path}?lang=en").json()
            seen.append((0, own))
            if own["status"] == "finished":
                break
            if own["version"] % 9 == 0:
                replay = reach("GET", f"{path}/replay").json()
                if replay["status"] != "finished":  # the bots may have ended it meanwhile
                    assert all(f["views"] is None for f in replay["frames"])  # public
                board = reach("GET", f"{path}/replay/board?version=0&seat=1&lang=en")
                if board.status_code != 403:  # another seat's board only after the end,
                    # which the bots may have reached meanwhile
                    assert reach("GET", path).json()["status"] == "finished", board.text
                reach("POST", f"{path}/chat", json={"text": "hello", "to": [0]})
                reach("GET", f"{path}/chat")
            if own["to_move"] == 0:
                if own["version"] % 9 == 0:
                    reach("GET", f"{path}/hint")
                seen.append((0, reach("POST", f"{path}/actions?lang=en", json={
                    "version": own["version"],
                    "action": rng.choice(own["legal_actions"])}).json()))
            elif own["to_move"] == 1:
                them = client.get(path, headers=auth(theirs)).json()
                client.post(f"{path}/actions", headers=auth(theirs), json={
                    "version": them["version"], "action": rng.choice(them["legal_actions"])})
            seen.append((0, receive_view(ws, at_least=own["version"] + 1)))
        replay = reach("GET", f"{path}/replay").json()
        assert replay["status"] == "finished"
    reach("GET", f"{path}/review?lang=en")
    reach("POST", f"{path}/claim", json={"invitation": created["seats"][1]["invitation"]})
    reach("POST", f"{path}/invitation",
          json={"invitation": created["seats"][1]["invitation"]})
    reach("POST", "/api/my-matches", json={"tokens": [mine, spectator]})
    reach("GET", "/api/open-matches")
    reach("POST", f"{path}/join", json={"name": "Zed"})
    reach("POST", f"{path}/start")
    reach("POST", f"{path}/leave")
    check_messages(client, match_id, seen, [theirs])
    assert not any(theirs in text for text in answers), game
