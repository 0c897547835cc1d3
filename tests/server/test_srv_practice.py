"""Seeds and practice matches: the seed alone gives every hand, so a creator chooses it for a
match with more than one person at the table only in a practice match, which everyone sees
marked as such; no seat learns the seed before the end, and everyone may read it after."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, make_client, receive, service_of

from sunking.core import Rng
from sunking.server.storage.sql import SqlStore, sqlite_url
from sunking.testing.seats import seat_tokens

SEED = 7318054492067115
"""A seed whose digits are found in no message by chance."""

HUMAN = {"kind": "human", "name": "Anna"}
BERT = {"kind": "human", "name": "Bert"}
RANDOM = {"kind": "bot", "bot": "random"}
FREE = {"kind": "open"}


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    return client.post("/api/matches", json={"game": "louis14", "players": len(seats),
                                             "language": "en", "seats": seats, **extra})


@pytest.mark.parametrize("seats", [[HUMAN, BERT], [HUMAN, FREE], [HUMAN, RANDOM, BERT]])
def test_srv_seed_with_people_at_the_table_needs_practice(
    client: TestClient, seats: list[dict[str, Any]]
) -> None:
    """Two people (or a free seat another person will take) and a chosen seed: refused,
    naming practice, and nothing is stored."""
    for extra in ({"seed": SEED}, {"seed": SEED, "practice": False}):
        answer = create(client, seats, **extra)
        assert answer.status_code == 422, answer.text
        error = answer.json()["error"]
        assert error["code"] == "invalid_options"
        assert "seed" in error["message"] and "practice" in error["message"]
        assert str(SEED) not in answer.text
    service = service_of(client)
    assert service.store.active_match_ids() == []
    assert service.store.open_match_ids(10) == []


@pytest.mark.parametrize("seats", [[HUMAN, RANDOM], [RANDOM, RANDOM]])
def test_srv_seed_alone_with_bots_is_allowed(
    client: TestClient, seats: list[dict[str, Any]]
) -> None:
    """At most one person at the table: the seed is theirs to choose (nobody else's cards are
    at stake); the match is not marked practice unless asked."""
    answer = create(client, seats, seed=SEED)
    assert answer.status_code == 201, answer.text
    record = service_of(client).store.load(answer.json()["match_id"]).match
    assert record.seed == SEED and not record.practice


def test_srv_practice_match_is_marked_everywhere(client: TestClient) -> None:
    """A practice match says so in every seat's and the spectator's view, the lists of open
    tables and of a player's matches, and the replay."""
    created = create(client, [HUMAN, FREE, BERT], seed=SEED, practice=True)
    assert created.status_code == 201, created.text
    match = created.json()
    match_id = match["match_id"]
    tokens = list(seat_tokens(client, match).values())
    for token in [*tokens, match["spectator"]["token"]]:
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        assert view["practice"] is True and view["seed"] is None
    listed = {t["match_id"]: t for t in client.get("/api/open-matches").json()}
    assert listed[match_id]["practice"] is True
    mine = client.post("/api/my-matches", json={"tokens": tokens}).json()
    assert [m["practice"] for m in mine] == [True, True]
    # A waiting table has no replay; once started, its replay says practice too.
    waiting = client.get(f"/api/matches/{match_id}/replay", headers=auth(tokens[0]))
    assert waiting.status_code == 409 and waiting.json()["error"]["code"] == "not_started"
    started = client.post(f"/api/matches/{match_id}/start", headers=auth(tokens[0]), json={})
    assert started.status_code == 200, started.text
    replay = client.get(f"/api/matches/{match_id}/replay", headers=auth(tokens[0])).json()
    assert replay["practice"] is True and replay["seed"] is None

    plain = create(client, [HUMAN, FREE]).json()
    listed = {t["match_id"]: t for t in client.get("/api/open-matches").json()}
    assert listed[plain["match_id"]]["practice"] is False
    view = client.get(f"/api/matches/{plain['match_id']}",
                      headers=auth(plain["seats"][0]["token"])).json()
    assert view["practice"] is False


def test_srv_seed_is_revealed_only_after_the_end(client: TestClient) -> None:
    """Through a whole game, no REST view, websocket message or replay a seat or the
    spectator receives holds the seed; once the match has finished, the view and the replay
    give it."""
    match = create(client, [HUMAN, BERT], seed=SEED, practice=True).json()
    match_id = match["match_id"]
    tokens = list(seat_tokens(client, match).values())
    spectator = match["spectator"]["token"]
    rng = Rng(3)
    texts: list[str] = []
    with client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[0]}&lang=en") as ws:
        view = client.get(f"/api/matches/{match_id}", headers=auth(tokens[0])).json()
        while view["status"] != "finished":
            seat = view["to_move"]
            view = client.get(f"/api/matches/{match_id}?lang=en", headers=auth(tokens[seat]))
            texts.append(view.text)
            view = view.json()
            assert view["seed"] is None
            answer = client.post(f"/api/matches/{match_id}/actions",
                                 json={"version": view["version"],
                                       "action": rng.choice(view["legal_actions"])},
                                 headers=auth(tokens[seat]))
            assert answer.status_code == 200, answer.text
            view = answer.json()
            if view["status"] != "finished":
                texts.append(answer.text)
            if view["version"] % 25 == 0 and view["status"] != "finished":
                for token in (tokens[1 - seat], spectator):
                    replay = client.get(f"/api/matches/{match_id}/replay", headers=auth(token))
                    texts.append(replay.text)
                    assert replay.json()["seed"] is None
        last = view["version"]
        while True:
            message = receive(ws, raw=True)
            if message["type"] == "view":
                if message["view"]["version"] == last:
                    break
                texts.append(json.dumps(message))
    assert texts and not any(str(SEED) in text for text in texts)
    for token in (*tokens, spectator):
        finished = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        assert finished["status"] == "finished" and finished["seed"] == SEED
        replay = client.get(f"/api/matches/{match_id}/replay", headers=auth(token)).json()
        assert replay["seed"] == SEED


def test_srv_practice_is_stored(tmp_path: Path) -> None:
    """The practice mark survives a restart (a column of its own in the database)."""
    with make_client(lambda: SqlStore(sqlite_url(tmp_path)), data_dir=tmp_path) as first:
        created = create(first, [HUMAN, BERT], seed=SEED, practice=True).json()
    with make_client(lambda: SqlStore(sqlite_url(tmp_path)), data_dir=tmp_path) as second:
        view = second.get(f"/api/matches/{created['match_id']}",
                          headers=auth(created["seats"][0]["token"])).json()
        assert view["practice"] is True
        assert service_of(second).store.load(created["match_id"]).match.seed == SEED
