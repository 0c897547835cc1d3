"""AI hints: the seat to move of a match with hints on gets the AI's top three moves with their
win chances and intervals, in words; every other request is refused with a clear error and
changes nothing. After the end, a review flags the seat's real mistakes by replay step."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, service_of, wait_until

from sunking.coach.hints import HINT_MOVES
from sunking.core import available_games
from sunking.server.match.advice import _decisions


def hint(client: TestClient, created: dict[str, Any], token: str, lang: str = "en") -> Any:
    return client.get(f"/api/matches/{created['match_id']}/hint?lang={lang}",
                      headers=auth(token))


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
    assert len(moves) == HINT_MOVES and isinstance(body["separated"], bool)
    for move in moves:
        assert move["action"] in mv["legal_actions"]
        assert 0.0 <= move["low"] <= move["win_chance"] <= move["high"] <= 1.0
        assert move["text"] and "{" not in move["text"], move
    assert len({str(m["action"]) for m in moves}) == HINT_MOVES
    if body["separated"]:
        assert moves[0]["low"] > moves[1]["high"]
    # The same moves in another language: the words change, the moves do not.
    dutch = hint(client, created, token, "nl").json()
    assert [m["action"] for m in dutch["moves"]] == [m["action"] for m in moves]
    assert all(m["text"] for m in dutch["moves"])
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
    # A line's step is the replay's: the action at index step - 1 of the log.
    chosen = {i + 1: a.action for i, a in enumerate(stored.actions) if a.seat == 0}
    assert review["decisions"], "the AI should disagree with always taking the last move"
    for d in review["decisions"]:
        assert d["chosen"] == chosen[d["step"]] and d["best"] != d["chosen"]
        assert d["version"] == stored.actions[d["step"] - 1].version
        assert d["class"] in ("inaccuracy", "mistake", "blunder") and d["separated"] is True
        assert d["best_low"] > d["chosen_high"]
        assert d["drop"] == pytest.approx(d["best_chance"] - d["chosen_chance"], abs=0.002)
        assert d["drop"] >= 0.1 - 0.0005
        assert d["chosen_text"] and d["best_text"] and d["chosen_text"] != d["best_text"]
        assert isinstance(d["best_changes"], list) and isinstance(d["chosen_changes"], list)
    curve = review["curve"]
    assert len(curve) == review["total"]
    assert [p["step"] for p in curve] == sorted(p["step"] for p in curve)
    assert all(0.0 <= p["win_chance"] <= 1.0 for p in curve)
    assert {d["step"] for d in review["decisions"]} <= {p["step"] for p in curve}
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


def test_srv_review_leaves_out_the_stand_ins_moves(client: TestClient) -> None:
    """A move the seat's stand-in made is not the person's decision: it is not reviewed."""
    created = new_match(client, ("human", "random"), hints=True, seed=3)
    play_out(client, created, 0)
    service = service_of(client)
    live = client.portal.call(service.live, created["match_id"])  # type: ignore[attr-defined]
    mine = _decisions(live, 0)
    assert mine and all(live.actions[d.index].seat == 0 for d, _ in mine)
    first = mine[0][0].index
    live.actions[first] = dataclasses.replace(live.actions[first], mover="stand_in")
    assert [d.index for d, _ in _decisions(live, 0)] == [d.index for d, _ in mine[1:]]
