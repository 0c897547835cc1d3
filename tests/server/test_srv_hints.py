"""AI hints: the seat to move of a match with hints on gets the AI's top three moves with their
win chances; every other request is refused with a clear error and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, service_of, wait_until

from sunking.core import available_games
from sunking.server.workers.bots import HINT_MOVES


def hint(client: TestClient, created: dict[str, Any], token: str) -> Any:
    return client.get(f"/api/matches/{created['match_id']}/hint", headers=auth(token))


def to_move(client: TestClient, created: dict[str, Any]) -> int:
    token = next(iter(created["tokens"].values()))
    seat: int = client.get(f"/api/matches/{created['match_id']}",
                           headers=auth(token)).json()["to_move"]
    return seat


@pytest.mark.parametrize("game", available_games())
def test_srv_hint_gives_three_legal_moves_with_win_chances(client: TestClient, game: str) -> None:
    created = new_match(client, ("human", "human", "human"), game=game, hints=True)
    mover = to_move(client, created)
    token = created["tokens"][mover]
    mv = client.get(f"/api/matches/{created['match_id']}", headers=auth(token)).json()
    assert mv["hints"] is True
    answer = hint(client, created, token)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["seat"] == mover and body["version"] == mv["version"]
    moves = body["moves"]
    assert len(moves) == HINT_MOVES
    for move in moves:
        assert move["action"] in mv["legal_actions"]
        assert 0.0 <= move["win_chance"] <= 1.0 and move["visits"] > 0
    assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    assert len({str(m["action"]) for m in moves}) == HINT_MOVES
    # Asking changes nothing; asking again at the same version gives the same answer.
    assert service_of(client).store.load(created["match_id"]).actions == ()
    assert hint(client, created, token).json() == body


def test_srv_hint_refusals(client: TestClient) -> None:
    created = new_match(client, ("human", "human"), hints=True)
    mover = to_move(client, created)
    other = hint(client, created, created["tokens"][1 - mover])
    assert other.status_code == 409 and other.json()["error"]["code"] == "not_your_turn"
    spectator = hint(client, created, created["spectator"]["token"])
    assert spectator.status_code == 403 and spectator.json()["error"]["code"] == "forbidden"
    assert hint(client, created, "nope").status_code == 403
    assert client.get(f"/api/matches/{created['match_id']}/hint").status_code == 401
    plain = new_match(client, ("human", "human"))
    assert client.get(f"/api/matches/{plain['match_id']}",
                      headers=auth(plain["tokens"][0])).json()["hints"] is False
    off = hint(client, plain, plain["tokens"][to_move(client, plain)])
    assert off.status_code == 409 and off.json()["error"]["code"] == "hints_off"


def test_srv_hint_flag_must_be_a_boolean(client: TestClient) -> None:
    answer = client.post("/api/matches", json={
        "game": "louis14", "players": 2, "language": "en", "hints": "yes",
        "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "malformed"


def play_out(client: TestClient, created: dict[str, Any], seat: int) -> None:
    """Play ``seat`` (the bots play the others) until the match ends, always the last legal
    action (a poor player, so the AI has something to say)."""
    path = f"/api/matches/{created['match_id']}"
    token = created["tokens"][seat]

    def mv() -> dict[str, Any]:
        result: dict[str, Any] = client.get(path, headers=auth(token)).json()
        return result

    view = mv()
    while view["status"] != "finished":
        if view["to_move"] == seat and view["legal_actions"]:
            client.post(f"{path}/actions", headers=auth(token), json={
                "version": view["version"], "action": view["legal_actions"][-1]})
        before = view["version"]
        wait_until(lambda v=before: mv()["version"] > v or mv()["status"] == "finished")
        view = mv()


def test_srv_review_after_the_end(client: TestClient) -> None:
    created = new_match(client, ("human", "random"), hints=True, seed=3)
    path = f"/api/matches/{created['match_id']}/review"
    token = created["tokens"][0]
    early = client.get(path, headers=auth(token))
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    play_out(client, created, 0)
    answers: list[dict[str, Any]] = []

    def done() -> bool:
        answers.append(client.get(path, headers=auth(token)).json())
        return answers[-1]["status"] != "computing"

    wait_until(done)
    review = answers[-1]
    assert review["status"] == "done" and review["total"] == review["done"] > 0
    stored = service_of(client).store.load(created["match_id"])
    chosen = {a.version: a.action for a in stored.actions if a.seat == 0}
    assert review["decisions"], "the AI should disagree with always taking the last move"
    for d in review["decisions"]:
        assert d["chosen"] == chosen[d["version"]] and d["best"] != d["chosen"]
        assert 0.0 <= d["best_chance"] <= 1.0
        assert d["chosen_chance"] is not None and d["loss"] == pytest.approx(
            max(0.0, d["best_chance"] - d["chosen_chance"]), abs=0.002)
        assert d["chosen_text"] and d["best_text"] and d["chosen_text"] != d["best_text"]
    spectator = client.get(path, headers=auth(created["spectator"]["token"]))
    assert spectator.status_code == 403
    plain = new_match(client, ("human", "human"))
    off = client.get(f"/api/matches/{plain['match_id']}/review", headers=auth(plain["tokens"][0]))
    assert off.status_code == 409 and off.json()["error"]["code"] == "hints_off"


def test_srv_review_names_the_moves_in_the_players_language(client: TestClient) -> None:
    """A game without a board of its own: the review words each move as its prompt did."""
    created = new_match(client, ("human", "random", "random"), game="vive_le_roi", hints=True,
                        seed=4)
    path = f"/api/matches/{created['match_id']}/review"
    token = created["tokens"][0]
    play_out(client, created, 0)
    answers: list[dict[str, Any]] = []

    def done() -> bool:
        answers.append(client.get(f"{path}?lang=nl", headers=auth(token)).json())
        return answers[-1]["status"] != "computing"

    wait_until(done)
    dutch = answers[-1]["decisions"]
    english = client.get(path, headers=auth(token)).json()["decisions"]
    assert dutch and len(dutch) == len(english)
    for nl, en in zip(dutch, english, strict=True):
        for text in (nl["chosen_text"], nl["best_text"], en["chosen_text"], en["best_text"]):
            assert text and "{" not in text and "=" not in text, text
    assert any(nl["chosen_text"] != en["chosen_text"] for nl, en in zip(dutch, english,
                                                                          strict=True))
    unknown = client.get(f"{path}?lang=xx", headers=auth(token))
    assert unknown.status_code == 422 and "xx" in unknown.json()["error"]["message"]
