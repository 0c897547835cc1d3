"""The delta protocol: a socket's first view is whole, later ones carry only the new events.

Every raw message is checked: the deltas of one socket, joined, are exactly that viewer's log
of the true state; no delta holds another seat's private event; a socket opened again (or a
``sync`` message) gets a whole view; REST answers ``?since=<version>`` the same way.
"""

from __future__ import annotations

import contextlib
import itertools
from typing import Any

from fastapi.testclient import TestClient
from srv_support import auth, new_match, receive, true_states
from starlette.testclient import WebSocketTestSession

from sunking.core import Rng

Viewer = int | None


def raw_view(ws: WebSocketTestSession, at_least: int = 0) -> list[dict[str, Any]]:
    """The raw view messages of ``ws`` up to the first with version >= ``at_least``."""
    out = []
    while True:
        message = receive(ws, raw=True)
        if message["type"] != "view":
            continue
        out.append(message["view"])
        if message["view"]["version"] >= at_least:
            return out


def play(
    sockets: dict[Viewer, WebSocketTestSession],
    views: dict[Viewer, list[dict[str, Any]]],
    everyone: list[Viewer],
    rng: Rng,
    first: int,
    last: int,
) -> int:
    """Random moves leading to versions ``first`` to ``last``; every socket's views kept."""
    for version in range(first, last + 1):
        mover = views[0][-1]["to_move"]
        mine = views[mover][-1]
        assert mine["version"] == version - 1 and mine["legal_actions"]
        sockets[mover].send_json({"type": "action", "version": version - 1,
                                  "action": rng.choice(mine["legal_actions"])})
        for who in everyone:
            views[who].extend(raw_view(sockets[who], at_least=version))
    return last


def check_joined(
    views: list[dict[str, Any]], viewer: Viewer, log: list[dict[str, Any]]
) -> None:
    """``views`` (one socket's, in order) start whole and chain their deltas into ``log``."""
    assert "events_since" not in views[0]
    joined = list(views[0]["events"])
    for before, view in itertools.pairwise(views):
        assert view["events_since"] == before["version"]
        assert all(view["events_since"] < e["version"] <= view["version"]
                   for e in view["events"])
        joined.extend(view["events"])
    for view in views:
        assert all(e.get("private_to", viewer) == viewer for e in view["events"])
        if viewer is None:
            assert all("private_to" not in e for e in view["events"])
    assert joined == log


def test_srv_deltas_join_into_each_viewers_log(client: TestClient) -> None:
    """Four seats and the spectator follow 40 moves; seat 1 leaves and comes back half-way,
    and seat 2 asks for a whole view with ``sync``."""
    created = new_match(client, seed=7)
    match_id = created["match_id"]
    tokens: dict[Viewer, str] = {**created["tokens"], None: created["spectator"]["token"]}
    everyone: list[Viewer] = [0, 1, 2, 3, None]
    rng = Rng(3)
    url = f"/ws/matches/{match_id}?token="
    views: dict[Viewer, list[dict[str, Any]]] = {}
    with contextlib.ExitStack() as stack:
        sockets: dict[Viewer, WebSocketTestSession] = {
            who: stack.enter_context(client.websocket_connect(url + tokens[who]))
            for who in (0, 2, 3, None)
        }
        with contextlib.ExitStack() as first_one:
            sockets[1] = first_one.enter_context(client.websocket_connect(url + tokens[1]))
            for who in everyone:
                views[who] = raw_view(sockets[who])
            version = play(sockets, views, everyone, rng, 1, 15)
            # Seat 1 closes its socket; its views so far joined are its log then.
            check_joined(views[1], 1, true_states(client, match_id)[version].events(1))
        earlier_one = views[1]
        sockets[1] = stack.enter_context(client.websocket_connect(url + tokens[1]))
        views[1] = raw_view(sockets[1], at_least=version)
        assert "events_since" not in views[1][0]
        version = play(sockets, views, everyone, rng, 16, 25)
        sockets[2].send_json({"type": "sync"})
        whole = raw_view(sockets[2], at_least=version)
        assert "events_since" not in whole[-1]
        check_joined(views[2], 2, true_states(client, match_id)[version].events(2))
        views[2] = whole[-1:]
        version = play(sockets, views, everyone, rng, 26, 40)
    state = true_states(client, match_id)[version]
    assert state.version == 40
    for who in everyone:
        assert views[who][-1]["version"] == 40
        check_joined(views[who], who, state.events(who))
    assert len(earlier_one) >= 16
    # The deltas are small: the last one holds only the events of the last move.
    assert views[None][-1]["events"] == [e for e in state.events(None) if e["version"] == 40]


def test_srv_rest_view_since_a_version(client: TestClient) -> None:
    """``GET ?since=v`` carries the events after ``v`` with ``events_since``; a bad ``since``
    is refused as ``malformed`` and changes nothing."""
    created = new_match(client, seed=9)
    match_id = created["match_id"]
    path = f"/api/matches/{match_id}"
    rng = Rng(4)
    for _ in range(12):
        spectator = client.get(path, headers=auth(created["spectator"]["token"])).json()
        token = created["tokens"][spectator["to_move"]]
        mine = client.get(path, headers=auth(token)).json()
        answer = client.post(f"{path}/actions", headers=auth(token), json={
            "version": mine["version"], "action": rng.choice(mine["legal_actions"])})
        assert answer.status_code == 200, answer.text
    state = true_states(client, match_id)[-1]
    assert state.version == 12
    for seat, token in created["tokens"].items():
        whole = client.get(path, headers=auth(token)).json()
        assert "events_since" not in whole and whole["events"] == state.events(seat)
        for since in (0, 5, 11, 12):
            delta = client.get(f"{path}?since={since}", headers=auth(token)).json()
            assert delta["events_since"] == since
            assert delta["events"] == [e for e in state.events(seat) if e["version"] > since]
            assert {k: v for k, v in delta.items() if k not in ("events", "events_since")} == {
                k: v for k, v in whole.items() if k != "events"}
    token = created["tokens"][0]
    for bad in ("-1", "13", "x", "1.5"):
        refused = client.get(f"{path}?since={bad}", headers=auth(token))
        assert refused.status_code == 422, bad
        assert refused.json()["error"]["code"] == "malformed"
    mover = state.to_move
    assert mover is not None
    refused = client.post(f"{path}/actions?since=99", headers=auth(created["tokens"][mover]),
                          json={"version": 12,
                                "action": state.legal_actions()[0].to_json()})
    assert refused.status_code == 422
    assert client.get(path, headers=auth(token)).json()["version"] == 12
