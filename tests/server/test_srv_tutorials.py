"""Tutorials: each game's chapters play in their positions (every scripted move legal, the
game not over at a chapter's end, so the position is never played out), every text is in
the five catalogs, and the server starts a tutorial match of each chapter there and holds
it to the chapter's script."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth

from sunking import available_games, i18n, presentation
from sunking.server.match.tutorials import tutorial_of

GAMES = ("louis14", "vive_le_roi", "versailles1682")
LANGS = ("en", "nl", "fr", "de", "cs")
COMMON = ("tutorial.link", "tutorial.title", "tutorial.step", "tutorial.next",
          "tutorial.play_it", "tutorial.expected", "tutorial.any_move", "tutorial.bots",
          "tutorial.done", "tutorial.start", "tutorial.chapter", "tutorial.next_chapter",
          "tutorial.chapter_done", "error.tutorial_move", "error.tutorial_over",
          "error.no_tutorial")


def test_srv_every_game_has_a_tutorial() -> None:
    assert set(GAMES) <= set(available_games())
    for game in GAMES:
        assert tutorial_of(game) is not None, game


def chapters(games: tuple[str, ...] = GAMES) -> list[tuple[str, int]]:
    """Every (game, chapter number) of the games' tutorials."""
    found = []
    for game in games:
        tutorial = tutorial_of(game)
        assert tutorial is not None
        found += [(game, n) for n in range(1, len(tutorial.chapters) + 1)]
    return found


def test_srv_tutorials_have_chapters() -> None:
    """A short guided game: every tutorial in more than one chapter, each from a position
    of its own."""
    for game in GAMES:
        tutorial = tutorial_of(game)
        assert tutorial is not None and tutorial.chapters
        assert tutorial.chapter(0) is None and tutorial.chapter(len(tutorial.chapters) + 1) is None
    for game in GAMES:
        tutorial = tutorial_of(game)
        assert tutorial is not None and len(tutorial.chapters) >= 2
        assert len({c.start for c in tutorial.chapters}) == len(tutorial.chapters), game


@pytest.mark.parametrize(("game", "number"), chapters())
def test_srv_tutorial_moves_are_legal_in_its_position(game: str, number: int) -> None:
    """Seat 0 is to move at every move step; an expected move is legal there, and every
    legal move of a free step before the chapter's last keeps seat 0 to move; after the
    last step the game goes on (the chapter's last move may hand the turn to the bots)."""
    tutorial = tutorial_of(game)
    chapter = tutorial.chapter(number) if tutorial is not None else None
    assert chapter is not None and chapter.moves()
    state = chapter.position()
    last = len(chapter.moves()) - 1
    for index, step in enumerate(chapter.moves()):
        assert state.to_move == 0 and not state.is_terminal
        legal = {repr(a.to_json()): a for a in state.legal_actions()}
        if step.expect is not None:
            assert repr(step.expect) in legal, (game, step.text, step.expect)
            state = state.apply(legal[repr(step.expect)], seat=0)
        else:
            for action in legal.values():
                after = state.apply(action, seat=0)
                assert not after.is_terminal, (game, action.to_json())
                assert index == last or after.to_move == 0, (game, action.to_json())
            state = state.apply(next(iter(legal.values())), seat=0)
    assert not state.is_terminal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_srv_tutorial_texts_are_in_every_catalog(game: str, lang: str) -> None:
    tutorial = tutorial_of(game)
    assert tutorial is not None
    texts = presentation.catalog(game, lang)
    keys = [tutorial.end] + [key for chapter in tutorial.chapters
                             for key in (chapter.title, *(step.text for step in chapter.steps))]
    for key in keys:
        assert key.startswith(f"{game}.tutorial."), key
        assert texts.get(key, "").strip(), (lang, key)
    common = i18n.messages(lang)
    for key in COMMON:
        assert common.get(key, "").strip(), (lang, key)


def _create(client: TestClient, game: str, chapter: int = 1, **extra: Any) -> Any:
    tutorial = tutorial_of(game)
    assert tutorial is not None
    body = {"game": game, "players": tutorial.players, "language": "en", "practice": True,
            "tutorial": True, "chapter": chapter, "seats": [{"kind": "human", "name": "Anna"}]
            + [{"kind": "bot", "bot": "random"}] * (tutorial.players - 1)}
    return client.post("/api/matches", json={**body, **extra})


@pytest.mark.parametrize(("game", "number"), chapters())
def test_srv_tutorial_match_is_held_to_its_script(
    client: TestClient, game: str, number: int,
) -> None:
    tutorial = tutorial_of(game)
    chapter = tutorial.chapter(number) if tutorial is not None else None
    assert tutorial is not None and chapter is not None
    script = client.get(f"/api/tutorials/{game}")
    assert script.status_code == 200 and script.json()["players"] == tutorial.players
    assert script.json()["chapters"][number - 1] == chapter.to_json()
    created = _create(client, game, number)
    assert created.status_code == 201, created.text
    match_id, token = created.json()["match_id"], created.json()["seats"][0]["token"]
    view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
    assert view["practice"] and view["to_move"] == 0
    assert view["version"] == 0 and view["options"]["chapter"] == number
    for step in chapter.moves():
        legal = view["legal_actions"]
        wrong = next(a for a in legal if a != step.expect)
        if step.expect is not None:
            refused = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                                  json={"version": view["version"], "action": wrong})
            assert refused.status_code == 409 and \
                refused.json()["error"]["code"] == "tutorial_move", refused.text
        move = step.expect if step.expect is not None else legal[0]
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                             json={"version": view["version"], "action": move})
        assert answer.status_code == 200, answer.text
        view = answer.json()
        # The script goes one way: nothing is offered to take back, and an undo is refused.
        assert view["can_undo"] is False
        undo = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                           json={"version": view["version"], "action": {"type": "undo"}})
        assert undo.status_code == 409 and undo.json()["error"]["code"] == "tutorial_move"
    # After the chapter's last move the game goes on (the bots may take their turns), and
    # any further move of the reader is refused.
    assert view["status"] == "active"
    after = view["legal_actions"][0] if view["legal_actions"] else move
    over = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                       json={"version": view["version"], "action": after})
    assert over.status_code == 409 and over.json()["error"]["code"] == "tutorial_over"


def test_srv_tutorial_refusals(client: TestClient) -> None:
    """A tutorial that is not a practice match, of another player count, with a person at a
    second seat, or with options: refused by name; a game without a tutorial: 404."""
    for extra, word in (({"practice": False}, "practice"), ({"players": 4}, "players"),
                        ({"options": {"x": 1}}, "option")):
        answer = _create(client, "louis14", **extra)
        assert answer.status_code == 422, answer.text
        assert word in answer.json()["error"]["message"]
    two = _create(client, "louis14", seats=[{"kind": "human", "name": "Anna"},
                                            {"kind": "human", "name": "Bert"},
                                            {"kind": "bot", "bot": "random"}])
    assert two.status_code == 422 and "seat 0" in two.json()["error"]["message"]
    assert client.get("/api/tutorials/nope").status_code == 404
    # A chapter the tutorial does not have, named with the chapters it has.
    tutorial = tutorial_of("vive_le_roi")
    assert tutorial is not None
    beyond = len(tutorial.chapters) + 1
    unknown = _create(client, "vive_le_roi", beyond)
    assert unknown.status_code == 422, unknown.text
    message = unknown.json()["error"]["message"]
    assert f"no chapter {beyond}" in message and f"1 to {len(tutorial.chapters)}" in message
    for bad in (0, "two"):
        answer = _create(client, "vive_le_roi", bad)  # type: ignore[arg-type]
        assert answer.status_code == 422 and "chapter" in answer.text, answer.text
        assert answer.json()["error"]["code"] == "malformed", answer.text
