"""The lobby's data: each game's options a person chooses and the bots' ladder ratings
(``GET /api/games``), a match created with its options, and a waiting table that shows no
dealt game until it starts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, receive_view

from sunking import i18n
from sunking.core.registry import available_games, make
from sunking.presentation import catalog, catalog_plurals, of
from sunking.server.workers.bots import SERVER_BOTS
from sunking.server.workers.ladder import LADDER_RATINGS

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results"


def games(client: TestClient) -> dict[str, dict[str, Any]]:
    answer = client.get("/api/games")
    assert answer.status_code == 200, answer.text
    return {g["id"]: g for g in answer.json()}


def create(client: TestClient, game: str, seats: list[dict[str, Any]],
           **extra: Any) -> Any:
    return client.post("/api/matches", json={
        "game": game, "players": len(seats), "language": "en", "seats": seats, **extra})


def view(client: TestClient, match_id: str, token: str, query: str = "") -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}{query}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


HOST = {"kind": "human", "name": "Host"}
FREE = {"kind": "open"}
BOT = {"kind": "bot", "bot": "random"}


def test_srv_games_list_the_options_a_person_chooses(client: TestClient) -> None:
    listed = games(client)
    assert listed["vive_le_roi"]["options"] == [
        {"name": "points_limit", "default": 0, "choices": [0, *range(250, 301)]}]
    # The engine's bounds (negotiation moves, round limit) are not the players' to set.
    assert listed["versailles1682"]["options"] == [
        {"name": "target", "default": 30000, "choices": [30000, 50000]}]
    assert listed["louis14"]["options"] == []


def test_srv_every_setting_is_an_option_of_its_game_worded_in_every_language() -> None:
    for game_id in available_games():
        try:
            settings = of(game_id).settings
        except NotImplementedError:
            continue
        options = {o.name: o for o in make(game_id).spec.options}
        for name in settings:
            assert name in options, f"{game_id} has no option {name}"
            for lang in i18n.LANGUAGES:
                texts = catalog(game_id, lang)
                counted = catalog_plurals(game_id, lang)
                assert texts.get(f"{game_id}.option.{name}"), (game_id, name, lang)
                valued = counted.get(f"{game_id}.option.{name}.value")
                for value in options[name].choices:
                    own = f"{game_id}.option.{name}.{value}"
                    assert own in texts or (valued is not None and valued.count == "value"), \
                        (game_id, name, value, lang)


def test_srv_games_give_each_bot_its_ladder_rating(client: TestClient) -> None:
    listed = games(client)
    for game_id, entry in listed.items():
        ladder = RESULTS / f"{game_id}_ladder.json"
        if not ladder.is_file():
            assert entry["bot_ratings"] == {}
            continue
        measured = {e["spec"]: round(e["rating_mu"], 1)
                    for e in json.loads(ladder.read_text("utf-8"))["entries"]}
        assert entry["bot_ratings"] == {b: measured[b] for b in SERVER_BOTS if b in measured}
        assert dict(LADDER_RATINGS[game_id]) == measured
        assert set(entry["bot_ratings"]) == set(SERVER_BOTS) & set(measured)
        # The expert joined the ladder's pool after the last ladders were played: it shows no
        # rating until the six-bot ladder is (docs/bots.md, "The ladder").
        assert set(SERVER_BOTS) - set(measured) <= {"ismcts:expert"}


@pytest.mark.parametrize(("game", "options", "players"), [
    ("vive_le_roi", {"points_limit": 260}, 4),
    ("versailles1682", {"target": 50000}, 3),
])
def test_srv_a_match_takes_the_options_chosen(client: TestClient, game: str,
                                              options: dict[str, int], players: int) -> None:
    created = create(client, game, [HOST] + [BOT] * (players - 1), options=options)
    assert created.status_code == 201, created.text
    body = created.json()
    mv = view(client, body["match_id"], body["seats"][0]["token"])
    assert {k: mv["options"][k] for k in options} == options


@pytest.mark.parametrize(("game", "options"), [
    ("vive_le_roi", {"points_limit": 249}),
    ("vive_le_roi", {"points_limit": "260"}),
    ("versailles1682", {"target": 40000}),
    ("versailles1682", {"speed": 1}),
])
def test_srv_an_option_out_of_its_choices_is_refused(client: TestClient, game: str,
                                                    options: dict[str, Any]) -> None:
    refused = create(client, game, [HOST, BOT, BOT], options=options)
    assert refused.status_code == 422, refused.text
    error = refused.json()["error"]
    assert error["code"] == "invalid_options"
    assert next(iter(options)) in error["message"]


def test_srv_a_waiting_table_shows_no_dealt_game(client: TestClient) -> None:
    created = create(client, "vive_le_roi", [HOST, FREE, BOT], options={"points_limit": 260})
    assert created.status_code == 201, created.text
    body = created.json()
    match_id, host = body["match_id"], body["seats"][0]["token"]
    spectator = body["spectator"]["token"]
    for token in (host, spectator):
        mv = view(client, match_id, token, "?lang=en")
        assert mv["status"] == "waiting"
        assert mv["view"] is None and mv["legal_actions"] == [] and mv["events"] == []
        assert mv["board"] is None and mv["to_move"] is None
        assert mv["options"] == {"points_limit": 260}
        assert view(client, match_id, token, "?since=0")["events"] == []
    mine = client.post("/api/my-matches", json={"tokens": [host]}).json()
    assert [(m["status"], m["to_move"], m["your_turn"]) for m in mine] == [
        ("waiting", None, False)]
    for path in ("/replay", "/replay/board?version=0"):
        refused = client.get(f"/api/matches/{match_id}{path}", headers=auth(host))
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["code"] == "not_started"

    with client.websocket_connect(f"/ws/matches/{match_id}?token={host}&lang=en") as ws:
        first = receive_view(ws)
        assert first["status"] == "waiting" and first["view"] is None and first["events"] == []
        started = client.post(f"/api/matches/{match_id}/start", json={"bot": "random"},
                              headers=auth(host))
        assert started.status_code == 200, started.text
        while True:  # the view of the start: whole, the deal in its log
            message = ws.receive_json()
            if message["type"] == "view" and message["view"]["status"] != "waiting":
                break
        after = message["view"]
        assert "events_since" not in after
        assert after["view"] is not None and after["events"] and after["board"] is not None
    mv = view(client, match_id, host)
    assert mv["status"] == "active" and mv["view"] is not None and mv["events"]
    assert mv["events"][0]["version"] == 0
