"""Whole games through the API: every websocket and REST message a seat receives is exactly
its own view of the true state, and holds nothing of another seat's hidden information."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match, receive_other, receive_view, true_states
from starlette.testclient import WebSocketTestSession

from sunking.core import GameState, Rng, available_games

Seen = list[tuple[int | None, dict[str, Any]]]
"""(viewer, MatchView) for every view received."""


def check_messages(
    client: TestClient, match_id: str, seen: Seen, tokens: list[str]
) -> None:
    """Each view equals the true state's view, legal actions, events and result for its
    viewer; no private event of another seat, no token; hidden cards resampled change
    nothing of what the seat was sent."""
    states = true_states(client, match_id)
    assert states[-1].is_terminal
    rng = Rng(99)
    for count, (viewer, view) in enumerate(seen):
        state: GameState = states[view["version"]]
        assert view["seat"] == viewer
        assert view["to_move"] == state.to_move
        assert view["view"] == state.view(viewer)
        assert view["events"] == state.events(viewer)
        legal = [a.to_json() for a in state.legal_actions()] if viewer == state.to_move else []
        assert view["legal_actions"] == legal
        assert view["result"] == (state.result().to_json() if state.is_terminal else None)
        assert all(e.get("private_to", viewer) == viewer for e in view["events"])
        if viewer is None:
            assert all("private_to" not in e for e in view["events"])
        if viewer is not None and count % 7 == 0 and not state.is_terminal:
            # What the seat cannot see may be anything: the message must not change.
            assert state.determinize(viewer, rng).view(viewer) == view["view"]
        text = json.dumps(view)
        assert not any(token in text for token in tokens)


def test_srv_four_humans_over_websockets(client: TestClient) -> None:
    """Four human seats and a spectator, each on its own websocket, random legal moves; also
    stale, out-of-turn and malformed messages along the way, which change nothing."""
    created = new_match(client, seed=21)
    match_id = created["match_id"]
    tokens = [created["tokens"][s] for s in range(4)]
    everyone: list[int | None] = [0, 1, 2, 3, None]
    all_tokens = [*tokens, created["spectator"]["token"]]
    rng = Rng(5)
    seen: Seen = []
    sockets: dict[int | None, WebSocketTestSession] = {}
    with (
        client.websocket_connect(f"/ws/matches/{match_id}?token={all_tokens[0]}") as s0,
        client.websocket_connect(f"/ws/matches/{match_id}?token={all_tokens[1]}") as s1,
        client.websocket_connect(f"/ws/matches/{match_id}?token={all_tokens[2]}") as s2,
        client.websocket_connect(f"/ws/matches/{match_id}?token={all_tokens[3]}") as s3,
        client.websocket_connect(f"/ws/matches/{match_id}?token={all_tokens[4]}") as spec,
    ):
        sockets = {0: s0, 1: s1, 2: s2, 3: s3, None: spec}
        latest: dict[int | None, dict[str, Any]] = {}
        for who in everyone:
            latest[who] = receive_view(sockets[who])
            seen.append((who, latest[who]))
        version = 0
        while latest[0]["status"] == "active":
            mover = latest[0]["to_move"]
            here = latest[mover]
            assert here["version"] == version and here["legal_actions"]
            ws = sockets[mover]
            if version % 25 == 3:
                other = (mover + 1) % 4
                sockets[other].send_json({"type": "action", "version": version,
                                          "action": here["legal_actions"][0],
                                          "request_id": "wrong-seat"})
                error = receive_other(sockets[other])
                assert error["type"] == "error" and error["request_id"] == "wrong-seat"
                assert error["error"]["code"] == "not_your_turn"
                ws.send_json({"type": "action", "version": version - 1,
                              "action": here["legal_actions"][0]})
                assert receive_other(ws)["error"]["code"] == "stale_action"
                ws.send_text("{not json")
                assert receive_other(ws)["error"]["code"] == "malformed"
                ws.send_json({"type": "action", "version": version,
                              "action": {"type": "no_such"}})
                assert receive_other(ws)["error"]["code"] == "invalid_action"
                ws.send_json({"type": "ping"})
                assert receive_other(ws) == {"type": "pong"}
            action = rng.choice(here["legal_actions"])
            ws.send_json({"type": "action", "version": version, "action": action,
                          "request_id": f"m{version}"})
            version += 1
            for who in everyone:
                latest[who] = receive_view(sockets[who], at_least=version)
                assert latest[who]["version"] == version
                seen.append((who, latest[who]))
    assert len(seen) == 5 * (version + 1)
    check_messages(client, match_id, seen, all_tokens)


@pytest.mark.parametrize("game", available_games())
def test_srv_humans_and_bots_over_rest_and_websockets(client: TestClient, game: str) -> None:
    """Two human seats playing over REST, two bots on the server; every REST answer and every
    websocket view (both seats and the spectator) checked, in every registered game."""
    created = new_match(client, ("human", "heuristic", "human", "random"), seed=3, game=game)
    match_id = created["match_id"]
    tokens = [created["tokens"][0], created["tokens"][2], created["spectator"]["token"]]
    rng = Rng(8)
    seen: Seen = []
    path = f"/api/matches/{match_id}"
    with (
        client.websocket_connect(f"/ws/{path[5:]}?token={tokens[0]}") as w0,
        client.websocket_connect(f"/ws/{path[5:]}?token={tokens[1]}") as w2,
        client.websocket_connect(f"/ws/{path[5:]}?token={tokens[2]}") as wspec,
    ):
        sockets: dict[int | None, WebSocketTestSession] = {0: w0, 2: w2, None: wspec}
        latest = {who: receive_view(ws) for who, ws in sockets.items()}
        seen.extend(latest.items())
        while True:
            # Follow the spectator until a human is to move or the game is over.
            view = latest[None]
            if view["status"] == "finished":
                break
            mover = view["to_move"]
            if mover not in (0, 2):
                latest[None] = receive_view(wspec, at_least=view["version"] + 1)
                seen.append((None, latest[None]))
                continue
            token = created["tokens"][mover]
            mine = client.get(path, headers=auth(token)).json()
            seen.append((mover, mine))
            answer = client.post(f"{path}/actions", headers=auth(token), json={
                "version": mine["version"], "action": rng.choice(mine["legal_actions"])})
            assert answer.status_code == 200, answer.text
            seen.append((mover, answer.json()))
            latest[None] = receive_view(wspec, at_least=mine["version"] + 1)
            seen.append((None, latest[None]))
        final = latest[None]["version"]
        for who in (0, 2):
            while True:
                message = receive_view(sockets[who])
                seen.append((who, message))
                if message["version"] == final:
                    break
    assert {who for who, _ in seen} == {0, 2, None}
    assert any(v["status"] == "finished" for _, v in seen)
    check_messages(client, match_id, seen, tokens)
