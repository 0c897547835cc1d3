"""Seat names: plain text on one line (no control characters, no bidi overrides), stored in
NFC, and never shared by two seats of one table, however they are cased or composed."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, service_of
from test_srv_open_tables import FREE, HOST, join, open_table, view

BAD_NAMES = [
    ("Ann\x00a", "U+0000"),
    ("\x1b[31mRed", "U+001B"),
    ("Anna\nBert", "U+000A"),
    ("Anna\u0085", "U+0085"),
    ("\u202eanna", "U+202E"),
    ("Anna\u2066x\u2069", "U+2066"),
    ("Ann\u200ba", "U+200B"),
    ("Anna\u2028", "U+2028"),
]


def create(client: TestClient, names: list[str | None], *, free: int = 0) -> Any:
    seats: list[dict[str, Any]] = [{"kind": "human", "name": n} if n is not None
                                   else {"kind": "human"} for n in names]
    seats += [FREE] * free
    return client.post("/api/matches", json={"game": "louis14", "players": len(seats),
                                             "language": "en", "seats": seats})


def refused(answer: Any, code: str, *words: str) -> None:
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == code, error
    for word in words:
        assert word in error["message"], error


@pytest.mark.parametrize(("name", "named"), BAD_NAMES)
def test_srv_names_with_control_or_bidi_characters_are_refused(client: TestClient, name: str,
                                                               named: str) -> None:
    refused(create(client, [name, "Bert"]), "invalid_options", "seat 0", named)
    bot = {"kind": "bot", "bot": "random", "name": name}
    answer = client.post("/api/matches", json={
        "game": "louis14", "players": 2, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, bot]})
    refused(answer, "invalid_options", "seat 1", named)
    assert service_of(client).cache.held == {}
    table = open_table(client, [HOST, FREE])
    refused(join(client, table["match_id"], name), "malformed", named)
    assert view(client, table["match_id"], table["seats"][0]["token"])["seats"][1]["kind"] \
        == "open"


def test_srv_names_are_stored_in_nfc_with_spaces_tidied(client: TestClient) -> None:
    answer = create(client, ["  Zoe\u0301  de   Lyon ", None])
    assert answer.status_code == 201, answer.text
    seats = answer.json()["seats"]
    assert [s["name"] for s in seats] == ["Zo\u00e9 de Lyon", "Player 2"]
    table = open_table(client, [HOST, FREE])
    joined = join(client, table["match_id"], "Rene\u0301e")
    assert joined.status_code == 201, joined.text
    names = [s["name"] for s in view(client, table["match_id"], joined.json()["token"])["seats"]]
    assert names == ["Host", "Ren\u00e9e"]


@pytest.mark.parametrize("names", [["Anna", "anna"], ["Zo\u00e9", "ZOE\u0301"],
                                   ["Player 2", None], ["Stra\u00dfe", "STRASSE"]])
def test_srv_two_seats_of_a_new_match_cannot_share_a_name(client: TestClient,
                                                          names: list[str | None]) -> None:
    refused(create(client, names), "invalid_options", "seat 1", "seat 0")


def test_srv_unnamed_bots_may_share_their_bot_name(client: TestClient) -> None:
    answer = client.post("/api/matches", json={
        "game": "louis14", "players": 3, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"},
                  {"kind": "bot", "bot": "random"}]})
    assert answer.status_code == 201, answer.text


def test_srv_a_newcomer_cannot_take_a_name_at_the_table(client: TestClient) -> None:
    table = open_table(client, [HOST, FREE, FREE])
    match_id = table["match_id"]
    refused(join(client, match_id, "  hOST "), "name_taken", "Host")
    first = join(client, match_id, "Zo\u00e9")
    assert first.status_code == 201, first.text
    refused(join(client, match_id, "ZOE\u0301"), "name_taken")
    second = join(client, match_id, "Bert")
    assert second.status_code == 201, second.text
    seats = view(client, match_id, second.json()["token"])["seats"]
    assert [s["name"] for s in seats] == ["Host", "Zo\u00e9", "Bert"]
    assert client.get(f"/api/matches/{match_id}",
                      headers=auth(table["seats"][0]["token"])).json()["status"] == "active"


@pytest.mark.parametrize(("language", "name"), [("en", "Player 1"), ("fr", "Joueur 1"),
                                                ("cs", "Hráč 1")])
def test_srv_a_seat_without_a_name_is_named_in_the_matchs_language(
        client: TestClient, language: str, name: str) -> None:
    answer = client.post("/api/matches", json={
        "game": "louis14", "players": 2, "language": language,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert answer.status_code == 201, answer.text
    assert answer.json()["seats"][0]["name"] == name
