"""The described board on the wire: ``?lang=`` on REST and on the socket adds the viewer's board
in that language, computed from exactly what that viewer receives; a bad language is a clear
422 that changes nothing; /api/games says which games have a board of their own; /api/i18n
serves the games' own texts beside the common ones."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, receive, receive_view

from sunking import available_games
from sunking.i18n import translate
from sunking.presentation import catalog, describe
from sunking.server.app import web_dir

GAMES = ("vive_le_roi", "versailles1682")


def _view(client: TestClient, match_id: str, token: str, query: str = "") -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}{query}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _expected(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The board worked out here from the MatchView alone (what the seat was sent)."""
    names = [s["name"] or f"Player {s['seat'] + 1}" for s in view["seats"]]
    return describe(view["game"], view["view"], view["legal_actions"], view["seat"], lang,
                    names, events=view["events"][-120:])


@pytest.mark.parametrize("game", GAMES)
def test_rest_view_with_lang_carries_the_seats_board(client: TestClient, game: str) -> None:
    created = new_match(client, game=game)
    match_id = created["match_id"]
    plain = _view(client, match_id, created["tokens"][0])
    assert "board" not in plain
    for seat, token in created["tokens"].items():
        view = _view(client, match_id, token, "?lang=de")
        board = view["board"]
        assert board == _expected(view, "de")
        assert [p["name"] for p in board["players"]] == ["P0", "P1", "P2", "P3"]
        assert [a["index"] for a in board["actions"]] == list(range(len(view["legal_actions"])))
        assert bool(board["actions"]) == (seat == view["to_move"])
        # Asked again at the same version: the same board (from the cache).
        assert _view(client, match_id, token, "?lang=de")["board"] == board
    spectator = _view(client, match_id, created["spectator"]["token"], "?lang=nl")["board"]
    assert spectator["hand"] == [] and spectator["actions"] == []


def test_bots_are_named_in_the_boards_language(client: TestClient) -> None:
    created = new_match(client, ("human", "random", "heuristic", "human"), game="vive_le_roi")
    view = _view(client, created["match_id"], created["tokens"][0], "?lang=fr")
    names = [p["name"] for p in view["board"]["players"]]
    bots = [translate("fr", "player.bot", n=n, bot=translate("fr", f"bot.{bot}"))
            for n, bot in ((2, "random"), (3, "heuristic"))]
    assert names == ["P0", *bots, "P3"]
    assert all("bot." not in name and "{" not in name for name in names)


def test_acting_with_lang_answers_with_the_new_board(client: TestClient) -> None:
    created = new_match(client, game="vive_le_roi")
    match_id = created["match_id"]
    first = _view(client, match_id, created["spectator"]["token"])
    seat = first["to_move"]
    token = created["tokens"][seat]
    before = _view(client, match_id, token, "?lang=en")
    action = before["legal_actions"][before["board"]["actions"][0]["index"]]
    answer = client.post(f"/api/matches/{match_id}/actions?lang=cs", headers=auth(token),
                         json={"version": before["version"], "action": action})
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after["version"] == before["version"] + 1
    assert after["board"] == _expected(after, "cs")


@pytest.mark.parametrize("lang", ["xx", "EN", "en;", "e" * 300])
def test_a_bad_language_is_a_clear_422_that_changes_nothing(client: TestClient,
                                                            lang: str) -> None:
    created = new_match(client, game="vive_le_roi")
    match_id = created["match_id"]
    spectator = created["spectator"]["token"]
    before = _view(client, match_id, spectator)
    seat = before["to_move"]
    token = created["tokens"][seat]
    answer = client.get(f"/api/matches/{match_id}", params={"lang": lang}, headers=auth(token))
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "unknown_language"
    assert "en, nl, fr, de, cs" in error["message"] and len(error["message"]) < 200
    legal = _view(client, match_id, token)["legal_actions"]
    acted = client.post(f"/api/matches/{match_id}/actions", params={"lang": lang},
                        headers=auth(token),
                        json={"version": before["version"], "action": legal[0]})
    assert acted.status_code == 422 and acted.json()["error"]["code"] == "unknown_language"
    assert _view(client, match_id, spectator)["version"] == before["version"]


def test_the_socket_with_lang_sends_the_board_with_every_view(client: TestClient) -> None:
    created = new_match(client, game="versailles1682")
    match_id = created["match_id"]
    to_move = _view(client, match_id, created["spectator"]["token"])["to_move"]
    token = created["tokens"][to_move]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token}&lang=nl") as ws:
        view = receive_view(ws)
        assert view["board"] == _expected(view, "nl")
        index = view["board"]["actions"][0]["index"]
        ws.send_json({"type": "action", "version": view["version"],
                      "action": view["legal_actions"][index]})
        later = receive_view(ws, view["version"] + 1)
        assert later["board"] == _expected(later, "nl")
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as ws:
        assert "board" not in receive_view(ws)


def test_the_socket_refuses_a_bad_language(client: TestClient) -> None:
    created = new_match(client, game="vive_le_roi")
    token = created["tokens"][0]
    with client.websocket_connect(f"/ws/matches/{created['match_id']}?token={token}&lang=zz") as ws:
        message = receive(ws)
        assert message["type"] == "error"
        assert message["error"]["code"] == "unknown_language"


def test_games_say_which_have_a_board_of_their_own(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game_id, entry in games.items():
        has_board = (web_dir() / "js" / "games" / game_id / "index.js").is_file()
        assert entry["dedicated_board"] is has_board
    assert games["louis14"]["dedicated_board"] is True
    assert games["vive_le_roi"]["dedicated_board"] is True
    assert games["versailles1682"]["dedicated_board"] is True


@pytest.mark.parametrize("lang", ["en", "nl", "cs"])
def test_the_served_catalog_holds_every_games_own_texts(client: TestClient, lang: str) -> None:
    served = client.get(f"/api/i18n/{lang}").json()["messages"]
    for game_id in ("louis14", *GAMES):
        own = catalog(game_id, lang)
        assert own, game_id
        assert {k: served[k] for k in own} == own


def _play_out(client: TestClient, created: dict[str, Any]) -> None:
    """Play every seat's first offered action until the match ends."""
    match_id = created["match_id"]
    for _ in range(2000):
        view = _view(client, match_id, created["spectator"]["token"])
        if view["status"] == "finished":
            return
        token = created["tokens"][view["to_move"]]
        legal = _view(client, match_id, token)["legal_actions"]
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                             json={"version": view["version"], "action": legal[-1]})
        assert answer.status_code == 200, answer.text
    pytest.fail("the match did not end")


def test_a_replay_frames_board_is_the_spectators_then_any_seats_once_finished(
    client: TestClient,
) -> None:
    created = new_match(client, game="vive_le_roi")
    match_id = created["match_id"]
    spectator = created["spectator"]["token"]
    first = _view(client, match_id, spectator)
    url = f"/api/matches/{match_id}/replay/board"
    board = client.get(url, params={"version": 0, "lang": "nl"}, headers=auth(spectator))
    assert board.status_code == 200, board.text
    assert board.json()["hand"] == [] and board.json()["actions"] == []
    assert board.json() == describe("vive_le_roi", first["view"], [], None, "nl",
                                    ["P0", "P1", "P2", "P3"], events=first["events"])
    refused = client.get(url, params={"version": 0, "seat": 1}, headers=auth(spectator))
    assert refused.status_code == 403
    for params in ({"version": first["version"] + 1}, {"version": "x"}, {},
                   {"version": 0, "lang": "xx"}):
        answer = client.get(url, params=params, headers=auth(spectator))
        assert answer.status_code == 422, (params, answer.text)
    _play_out(client, created)
    seat_board = client.get(url, params={"version": 3, "seat": 2, "lang": "en"},
                            headers=auth(spectator))
    assert seat_board.status_code == 200, seat_board.text
    assert seat_board.json()["hand"], "a seat's hand is shown once the match has finished"
    assert client.get(url, params={"version": 3, "seat": 4},
                      headers=auth(spectator)).status_code == 422


@pytest.mark.parametrize("game", available_games())
def test_cached_boards_equal_boards_described_afresh(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through a whole game, every viewer's board from the cache (its log worded once per
    event) equals the board described afresh from the last 120 events; each event is worded
    once per viewer and language, not once per version."""
    from sunking.core import Rng, make
    from sunking.server.match import boards
    from sunking.server.storage import MatchRecord, SeatRecord

    worded: list[int] = []
    original = boards.describe_events

    def counting(*args: Any, **kwargs: Any) -> Any:
        worded.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(boards, "describe_events", counting)
    players = 3
    record = MatchRecord("m", game, players, 5, {}, "en", None, "x", 0.0, tuple(
        SeatRecord(i, "human", f"P{i}", None, None) for i in range(players)))
    state = make(game).new_game(players, 5)
    cache, rng = boards.BoardCache(), Rng(2)
    viewers: list[int | None] = [*range(players), None]
    while True:
        for viewer in viewers:
            for lang in ("en", "cs"):
                text = cache.text(record, state, viewer, lang)
                if state.version % 9 == 0 or state.is_terminal or state.version > 200:
                    assert json.loads(text) == boards.board(record, state, viewer, lang), (
                        state.version, viewer, lang)
        if state.is_terminal or state.version > 200:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    seen = sum(len(state.events(viewer)) for viewer in viewers)
    assert len(worded) == 2 * seen  # each event once per viewer and language
