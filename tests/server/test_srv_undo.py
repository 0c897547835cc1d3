"""Taking a move back through the API: ``can_undo`` in the view, the undo as an action that
the record keeps, the refusals that change nothing, and a restart that keeps what may be taken
back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, make_client, new_match, service_of

from sunking.server.storage.sql import SqlStore, sqlite_url

UNDO = {"type": "undo"}


def view(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}?lang=en", headers=auth(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def position(game_view: dict[str, Any]) -> dict[str, Any]:
    """A game's view without its version: the position alone."""
    return {k: v for k, v in game_view.items() if k != "version"}


def act(client: TestClient, match_id: str, token: str, version: int,
        action: dict[str, Any]) -> Any:
    return client.post(f"/api/matches/{match_id}/actions?lang=en", headers=auth(token),
                       json={"version": version, "action": action})


def place(client: TestClient, created: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 of a Louis XIV table places stones (its first legal placement)."""
    match_id, token = created["match_id"], created["tokens"][0]
    first = view(client, match_id, token)
    placement = next(a for a in first["legal_actions"] if a["type"] == "place")
    answer = act(client, match_id, token, first["version"], placement)
    assert answer.status_code == 200, answer.text
    placed: dict[str, Any] = answer.json()
    return placed


def test_srv_a_placement_is_taken_back_until_the_next_seat_acts(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    match_id, tokens = created["match_id"], created["tokens"]
    before = view(client, match_id, tokens[0])
    assert before["can_undo"] is False
    placed = place(client, created)
    assert placed["can_undo"] is True and placed["to_move"] == 1
    assert view(client, match_id, tokens[1])["can_undo"] is False
    spectator = view(client, match_id, created["spectator"]["token"])
    assert spectator["can_undo"] is False
    answer = act(client, match_id, tokens[0], placed["version"], UNDO)
    assert answer.status_code == 200, answer.text
    back = answer.json()
    assert back["version"] == placed["version"] + 1 and back["to_move"] == 0
    assert position(back["view"]) == position(before["view"])
    assert back["legal_actions"] == before["legal_actions"]
    assert back["events"][-1]["type"] == "taken_back"
    for token in tokens.values():
        assert view(client, match_id, token)["board"]["log"][-1]["text"] == (
            "P0 takes back a move.")
    stored = service_of(client).store.load(match_id)
    assert [a.action["type"] for a in stored.actions] == ["place", "undo"]
    frames = client.get(f"/api/matches/{match_id}/replay",
                        headers=auth(tokens[1])).json()["frames"]
    assert len(frames) == 3 and position(frames[2]["view"]) == position(frames[0]["view"])
    board = client.get(f"/api/matches/{match_id}/replay/board?version=2&lang=en",
                       headers=auth(tokens[1]))
    assert board.status_code == 200, board.text
    assert board.json()["log"][-1]["text"] == "P0 takes back a move."


def test_srv_another_seats_move_ends_the_undo(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    match_id, tokens = created["match_id"], created["tokens"]
    placed = place(client, created)
    answer_of_1 = view(client, match_id, tokens[1])
    move = answer_of_1["legal_actions"][0]
    assert act(client, match_id, tokens[1], placed["version"], move).status_code == 200
    now = view(client, match_id, tokens[0])
    assert now["can_undo"] is False
    answer = act(client, match_id, tokens[0], now["version"], UNDO)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "illegal_action"
    assert "only seat 1 may take back" in answer.json()["error"]["message"]
    assert view(client, match_id, tokens[0])["version"] == now["version"]


@pytest.mark.parametrize(("who", "version_shift", "status", "code"), [
    (1, 0, 409, "illegal_action"),       # another seat's move to take back
    (0, -1, 409, "stale_action"),        # computed from an older version
    (0, 0, 422, "invalid_action"),       # an undo with a field it does not have
])
def test_srv_a_refused_undo_changes_nothing(client: TestClient, who: int, version_shift: int,
                                            status: int, code: str) -> None:
    created = new_match(client, ("human", "human"))
    match_id, tokens = created["match_id"], created["tokens"]
    placed = place(client, created)
    action = {"type": "undo", "steps": 2} if code == "invalid_action" else UNDO
    answer = act(client, match_id, tokens[who], placed["version"] + version_shift, action)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    after = view(client, match_id, tokens[0])
    assert after["version"] == placed["version"] and after["can_undo"] is True


def test_srv_what_may_be_taken_back_survives_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with make_client(lambda: SqlStore(url)) as first:
        created = new_match(first, ("human", "human"))
        placed = place(first, created)
    match_id, token = created["match_id"], created["tokens"][0]
    with make_client(lambda: SqlStore(url)) as second:
        again = view(second, match_id, token)
        assert again["version"] == placed["version"] and again["can_undo"] is True
        answer = act(second, match_id, token, again["version"], UNDO)
        assert answer.status_code == 200, answer.text
        assert answer.json()["to_move"] == 0


@pytest.mark.parametrize(("game", "players"), [
    ("louis14", 2), ("vive_le_roi", 3), ("versailles1682", 3)])
def test_srv_what_each_game_lets_a_seat_take_back(client: TestClient, game: str,
                                                  players: int) -> None:
    """Moves through the API, each seat making its decisions in turn: after a move that drew
    a card into the mover's hand the mover may take nothing back; a seat that could take a
    move back cannot once another seat has moved; and some moves can be taken back."""
    created = new_match(client, ("human",) * players, game=game, seed=4)
    match_id, tokens = created["match_id"], created["tokens"]
    could: int | None = None
    seen = {"drawn": 0, "other": 0, "yes": 0}
    for step in range(400):
        mover = view(client, match_id, tokens[0])["to_move"]
        if mover is None:
            break
        mine = view(client, match_id, tokens[mover])
        pick = mine["legal_actions"][step % len(mine["legal_actions"])]
        answer = act(client, match_id, tokens[mover], mine["version"], pick)
        assert answer.status_code == 200, answer.text
        done = answer.json()
        fresh = [e for e in done["events"] if e["version"] == done["version"]]
        if any(e.get("private_to") == mover and e["type"] in ("drawn", "mission_card",
                                                              "influence_card")
               for e in fresh):
            assert done["can_undo"] is False, fresh
            seen["drawn"] += 1
        if could is not None and could != mover:
            assert view(client, match_id, tokens[could])["can_undo"] is False
            seen["other"] += 1
        seen["yes"] += done["can_undo"]
        could = mover if done["can_undo"] else None
        if min(seen.values()) >= 2:
            break
    assert min(seen.values()) >= 1, seen
