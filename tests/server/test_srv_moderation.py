"""Moderation through the API and the operators' commands: a report names a chat line or a
move of a seat and is listed with its context; a muted player's lines are hidden for the
muter only (REST, websocket, replay); a suspended account cannot sit or chat and is told why,
until it is restored (``sunking admin``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_accounts import account_client, accounts_of, csrf
from srv_support import receive, service_of
from test_srv_community import OPEN, TABLE, error, table, three
from test_srv_seat_accounts import back, device
from typer.testing import CliRunner

from sunking.cli import app as cli
from sunking.server.community.moderation import Admin
from sunking.server.community.store import CommunityStore
from sunking.server.storage.sql import SqlStore, sqlite_url


def seated(client: TestClient, browsers: dict[str, dict[str, str]]) -> str:
    """Louis's table with Marie at seat 1 (both signed in); Marie has said two lines."""
    back(client, browsers["Louis"])
    created = table(client, TABLE)
    match_id = created["match_id"]
    back(client, browsers["Marie"])
    claim = client.post(f"/api/matches/{match_id}/claim", headers=csrf(client),
                        json={"invitation": created["seats"][1]["invitation"]})
    assert claim.status_code == 201, claim.text
    for text in ("Bonjour", "You play like a peasant"):
        said = client.post(f"/api/matches/{match_id}/chat", headers=csrf(client),
                           json={"text": text})
        assert said.status_code == 201, said.text
    return match_id


@contextmanager
def on_disk(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, dict[str, str]], str, str]]:
    """:func:`seated`'s table in a database on disk (the operators' commands read it): the
    client, the browsers, the match id and the database's URL; Louis's browser is back."""
    url = sqlite_url(tmp_path)
    with account_client(lambda: SqlStore(url)) as (client, box):
        browsers = three(client, box)
        match_id = seated(client, browsers)
        back(client, browsers["Louis"])
        yield client, browsers, match_id, url


def chat_of(client: TestClient, match_id: str) -> list[str]:
    answer = client.get(f"/api/matches/{match_id}/chat")
    assert answer.status_code == 200, answer.text
    return [m["text"] for m in answer.json()["messages"]]


def report(client: TestClient, match_id: str, **body: Any) -> Any:
    return client.post(f"/api/matches/{match_id}/report", headers=csrf(client),
                       json={"seat": 1, "reason": "abuse", **body})


def test_srv_a_report_names_a_chat_line_or_a_move_and_comes_with_its_context() -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        match_id = seated(client, browsers)
        back(client, browsers["Louis"])
        made = report(client, match_id, chat_line=1, text="rude\x00 words ")
        assert made.status_code == 201, made.text
        assert made.json()["seat"] == 1
        assert error(report(client, match_id)) == (422, "malformed")  # neither
        assert error(report(client, match_id, chat_line=1, move=0)) == (422, "malformed")
        assert error(report(client, match_id, chat_line=7)) == (422, "malformed")
        assert error(report(client, match_id, chat_line=0, reason="dislike")) == \
            (422, "malformed")
        assert error(report(client, match_id, chat_line=0, text="x" * 1001)) == \
            (422, "malformed")
        assert error(report(client, match_id, seat=0, chat_line=0)) == (422, "malformed")
        # A move: Louis's own first move, reported by Marie.
        view = client.get(f"/api/matches/{match_id}").json()
        moved = client.post(f"/api/matches/{match_id}/actions", headers=csrf(client), json={
            "version": view["version"], "action": view["legal_actions"][0]})
        assert moved.status_code == 200, moved.text
        back(client, browsers["Marie"])
        by_move = report(client, match_id, seat=0, move=view["version"], reason="cheating")
        assert by_move.status_code == 201, by_move.text
        assert error(report(client, match_id, seat=0, move=999)) == (422, "malformed")
        accounts = accounts_of(client).store
        admin = Admin(service_of(client).store, accounts, CommunityStore(accounts.engine))
        newest, first = admin.reports()
        assert first["reason"] == "abuse" and first["text"] == "rude words"
        assert (first["reported_handle"], first["reporter_handle"]) == ("Marie", "Louis")
        assert [(line["text"], line["named"]) for line in first["lines"]] == [
            ("Bonjour", False), ("You play like a peasant", True)]
        assert newest["action"]["name"] == "Louis" and newest["reason"] == "cheating"
        assert newest["action"]["action"] == view["legal_actions"][0]


def test_srv_a_muted_player_is_hidden_for_the_muter_only() -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        match_id = seated(client, browsers)
        back(client, browsers["Louis"])
        assert len(chat_of(client, match_id)) == 2
        muted = client.post(f"/api/matches/{match_id}/mute", headers=csrf(client),
                            json={"seat": 1})
        assert muted.json() == {"seat": 1, "mute": True}
        assert chat_of(client, match_id) == []
        replay = client.get(f"/api/matches/{match_id}/replay").json()
        assert replay["chat"] == []
        with client.websocket_connect(f"/ws/matches/{match_id}") as socket:
            while (message := receive(socket))["type"] != "view":
                pass
            socket.send_json({"type": "ping"})
            while (message := receive(socket))["type"] != "pong":
                assert message["type"] != "chat", message  # no line is sent to Louis
        assert client.get("/api/account/people").json()["muted"] == ["Marie"]
        back(client, browsers["Marie"])
        assert len(chat_of(client, match_id)) == 2  # she still reads her lines
        back(client, browsers["Louis"])
        client.post(f"/api/matches/{match_id}/mute", headers=csrf(client),
                    json={"seat": 1, "on": False})
        assert len(chat_of(client, match_id)) == 2
        assert error(client.post(f"/api/matches/{match_id}/mute", headers=csrf(client),
                                 json={"seat": 0})) == (422, "self")
        # Blocking from the table hides her lines too.
        blocked = client.post(f"/api/matches/{match_id}/block", headers=csrf(client),
                              json={"seat": 1})
        assert blocked.json()["block"] is True
        assert chat_of(client, match_id) == []
        back(client, browsers["Marie"])  # she may not write to him privately any more
        private = client.post(f"/api/matches/{match_id}/chat", headers=csrf(client),
                              json={"text": "psst", "to": [0]})
        assert error(private) == (403, "blocked_by_player")
        back(client, browsers["Louis"])
        # A guest seat is muted at this table only; it has no account to block.
        device(client)
        guest = table(client, [{"kind": "human", "name": "Anon"}, *OPEN[1:]])
        back(client, browsers["Louis"])
        joined = client.post(f"/api/matches/{guest['match_id']}/join", headers=csrf(client),
                             json={"name": "Louis"})
        assert joined.status_code == 201, joined.text
        on_guest = client.post(f"/api/matches/{guest['match_id']}/block",
                               headers=csrf(client), json={"seat": 0})
        assert error(on_guest) == (422, "guest_seat")
        assert client.post(f"/api/matches/{guest['match_id']}/mute", headers=csrf(client),
                           json={"seat": 0}).status_code == 200


def test_srv_a_suspended_account_cannot_sit_or_chat_and_is_told_why(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    runner = CliRunner()
    env = {"SUNKING_DATABASE_URL": url}
    with account_client(lambda: SqlStore(url)) as (client, box):
        browsers = three(client, box)
        match_id = seated(client, browsers)
        back(client, browsers["Louis"])
        open_table = table(client, OPEN)
        done = runner.invoke(cli, ["admin", "suspend", "marie", "--reason", "insults at  table"],
                             env=env)
        assert done.exit_code == 0, done.output
        assert "Marie is suspended: insults at table" in done.output
        back(client, browsers["Marie"])
        said = client.post(f"/api/matches/{match_id}/chat", headers=csrf(client),
                           json={"text": "hello"})
        assert error(said) == (403, "suspended")
        assert "insults at table" in said.json()["error"]["message"]
        joined = client.post(f"/api/matches/{open_table['match_id']}/join",
                             headers=csrf(client), json={"name": "Marie"})
        assert error(joined) == (403, "suspended")
        created = client.post("/api/matches", headers=csrf(client), json={
            "game": "louis14", "players": 3, "seats": TABLE})
        assert error(created) == (403, "suspended")
        listed = runner.invoke(cli, ["admin", "reports"], env=env)
        assert listed.exit_code == 0 and "No reports." in listed.output
        restored = runner.invoke(cli, ["admin", "restore", "Marie"], env=env)
        assert "Marie may play again." in restored.output
        assert client.post(f"/api/matches/{match_id}/chat", headers=csrf(client),
                           json={"text": "sorry"}).status_code == 201
        unknown = runner.invoke(cli, ["admin", "suspend", "Nobody", "--reason", "x"], env=env)
        assert unknown.exit_code == 2 and "no account" in unknown.output


def test_srv_the_report_command_prints_the_context(tmp_path: Path) -> None:
    with on_disk(tmp_path) as (client, _browsers, match_id, url):
        assert report(client, match_id, chat_line=1, text="rude").status_code == 201
        listed = CliRunner().invoke(cli, ["admin", "reports"],
                                    env={"SUNKING_DATABASE_URL": url})
        assert listed.exit_code == 0, listed.output
        assert "reported: seat 2, Marie (Marie)" in listed.output
        assert "> line 1, Marie: You play like a peasant" in listed.output
        assert "  line 0, Marie: Bonjour" in listed.output


def test_srv_a_reader_whose_mutes_cannot_be_read_keeps_his_socket_and_gets_no_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with account_client() as (client, box):
        browsers = three(client, box)
        match_id = seated(client, browsers)
        back(client, browsers["Louis"])
        client.post(f"/api/matches/{match_id}/mute", headers=csrf(client), json={"seat": 1})
        community = client.app.state.community  # type: ignore[attr-defined]
        working = community.hidden_seats

        async def failing(*_args: Any) -> frozenset[int]:
            raise sa.exc.OperationalError("SELECT", {}, Exception("database is locked"))

        monkeypatch.setattr(community, "hidden_seats", failing)
        with client.websocket_connect(f"/ws/matches/{match_id}") as socket:
            socket.send_json({"type": "ping"})
            while (message := receive(socket))["type"] != "pong":
                assert message["type"] != "chat", message  # never unfiltered
            monkeypatch.setattr(community, "hidden_seats", working)
            back(client, browsers["Marie"])
            said = client.post(f"/api/matches/{match_id}/chat", headers=csrf(client),
                               json={"text": "again"})
            assert said.status_code == 201
            socket.send_json({"type": "sync"})
            socket.send_json({"type": "ping"})
            while (message := receive(socket))["type"] != "pong":
                assert message["type"] != "chat", message  # read again: still muted


def test_srv_a_report_lists_the_seats_moves_in_the_words_of_the_log(tmp_path: Path) -> None:
    with on_disk(tmp_path) as (client, browsers, match_id, url):
        for _ in range(2):  # Louis moves twice (Marie and the random bot between)
            view = client.get(f"/api/matches/{match_id}").json()
            while view["to_move"] != 0:
                back(client, browsers["Marie"])
                view = client.get(f"/api/matches/{match_id}").json()
                if view["to_move"] == 1:
                    client.post(f"/api/matches/{match_id}/actions", headers=csrf(client),
                                json={"version": view["version"],
                                      "action": view["legal_actions"][0]})
                back(client, browsers["Louis"])
                view = client.get(f"/api/matches/{match_id}").json()
            moved = client.post(f"/api/matches/{match_id}/actions", headers=csrf(client),
                                json={"version": view["version"],
                                      "action": view["legal_actions"][0]})
            assert moved.status_code == 200, moved.text
        back(client, browsers["Marie"])
        board = client.get(f"/api/matches/{match_id}?lang=nl").json()["board"]
        logged = {entry["n"]: entry["text"] for entry in board["log"]}
        listed = client.get(f"/api/matches/{match_id}/moves/0?lang=nl")
        assert listed.status_code == 200, listed.text
        moves = listed.json()["moves"]
        assert len(moves) == 2 and moves[0]["move"] > moves[1]["move"]  # the newest first
        for move in moves:  # each as Marie's own log words it, in her language
            assert move["round"] == 1
            assert move["text"].startswith("Ronde 1 — ")
            assert logged[move["move"] + 1] in move["text"]
        assert "Zet" not in listed.text and "move" not in moves[0]["text"]
        assert error(client.get(f"/api/matches/{match_id}/moves/0?lang=xx")) == \
            (422, "unknown_language")
        assert report(client, match_id, seat=0, move=moves[0]["move"]).status_code == 201
        english = client.get(f"/api/matches/{match_id}/moves/0?lang=en").json()["moves"][0]
        accounts = accounts_of(client).store
        admin = Admin(service_of(client).store, accounts, CommunityStore(accounts.engine))
        assert admin.reports()[0]["action"]["text"] == english["text"]
        printed = CliRunner().invoke(cli, ["admin", "reports"],
                                     env={"SUNKING_DATABASE_URL": url})
        assert printed.exit_code == 0, printed.output
        assert english["text"].split(" — ")[1][:30] in " ".join(printed.output.split())


def wait_for(check: Callable[[], bool], what: str) -> None:
    for _ in range(300):
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


def test_srv_a_suspended_persons_seats_go_to_the_stand_in_until_he_is_restored(
        tmp_path: Path) -> None:
    runner = CliRunner()
    with on_disk(tmp_path) as (client, browsers, match_id, url):
        env = {"SUNKING_DATABASE_URL": url}
        live = service_of(client).cache.held[match_id]
        done = runner.invoke(cli, ["admin", "suspend", "Marie", "--reason", "insults"], env=env)
        assert done.exit_code == 0, done.output
        sweep = getattr(client.app.state, "suspensions", None)
        if sweep is not None:
            sweep.wake()  # at once rather than within its 5 seconds
        # She asks nothing: the server's sweep finds her seat.

        def seat_of_marie() -> dict[str, Any]:
            seats: list[dict[str, Any]] = client.get(f"/api/matches/{match_id}").json()["seats"]
            return seats[1]

        wait_for(lambda: seat_of_marie()["away"], "her seat goes to the stand-in")
        assert seat_of_marie()["gone"] == "left"  # she counts as having left
        # The stand-in plays her turns while Louis plays his.
        while not any(a.seat == 1 and a.mover == "stand_in" for a in live.actions):
            view = client.get(f"/api/matches/{match_id}").json()
            if view["to_move"] == 0:
                client.post(f"/api/matches/{match_id}/actions", headers=csrf(client), json={
                    "version": view["version"], "action": view["legal_actions"][0]})
            time.sleep(0.02)
        back(client, browsers["Marie"])
        mine = client.get(f"/api/matches/{match_id}").json()
        assert mine["seats"][1]["away"]  # her looking does not bring her back
        refused = client.post(f"/api/matches/{match_id}/actions", headers=csrf(client),
                              json={"version": mine["version"], "action": {"type": "pass"}})
        assert error(refused) == (403, "suspended")
        assert "insults" in refused.json()["error"]["message"]
        with client.websocket_connect(f"/ws/matches/{match_id}") as socket:
            socket.send_json({"type": "action", "version": mine["version"],
                              "action": {"type": "pass"}, "request_id": "r1"})
            while (message := receive(socket))["type"] != "error":
                pass
            assert message["error"]["code"] == "suspended"
        restored = runner.invoke(cli, ["admin", "restore", "Marie"], env=env)
        assert restored.exit_code == 0, restored.output
        back_again = client.get(f"/api/matches/{match_id}").json()
        assert not back_again["seats"][1]["away"]  # restored, she is back at her seat
        assert back_again["seats"][1]["gone"] == "left"  # and the match still counts her gone
