"""Refusals that were faults: option keys that clash with a new game's own parameters, an
upload the client abandons, a full disk and a read-only database (at run time and at start)."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_process import BIN, free_port
from srv_support import make_client, new_match, receive_other, receive_view, service_of

MATCH_BODY: dict[str, Any] = {
    "game": "louis14", "players": 2, "language": "en",
    "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}]}


@pytest.mark.parametrize("key", ["seed", "num_players", "self", "options", "variant"])
def test_srv_option_keys_of_new_game_itself_are_invalid_options(client: TestClient,
                                                                 key: str) -> None:
    answer = client.post("/api/matches", json={**MATCH_BODY, "options": {key: 2}})
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "invalid_options"
    assert key in error["message"]
    assert service_of(client).cache.held == {}


def _upload_abandoned(app: Any) -> list[dict[str, Any]]:
    """Send ``POST /api/matches`` to ``app`` whose client disconnects before the body
    arrives; returns what the app sent."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/matches", "raw_path":
             b"/api/matches", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"test"), (b"content-type", b"application/json"),
                         (b"content-length", b"200")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80), "state": {}}
    asyncio.run(app(scope, receive, send))
    return sent


def test_srv_an_abandoned_upload_is_one_debug_line(client: TestClient,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        _upload_abandoned(client.app)
    noted = [r for r in caplog.records if "disconnect" in r.getMessage().lower()
             or r.exc_info]
    assert len(noted) == 1, [r.getMessage() for r in caplog.records]
    assert noted[0].levelno == logging.DEBUG and noted[0].exc_info is None
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def _operational(message: str, code: str | None = None) -> sa.exc.OperationalError:
    orig = sqlite3.OperationalError(message)
    if code is not None:
        orig.sqlite_errorname = code  # type: ignore[attr-defined]
    return sa.exc.OperationalError("INSERT …", {}, orig)


class _PgError(Exception):
    """Stands for a psycopg error: only its SQLSTATE is read."""

    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"SQLSTATE {sqlstate}")
        self.sqlstate = sqlstate


@pytest.mark.parametrize(("fault", "code"), [
    (_operational("database or disk is full", "SQLITE_FULL"), "disk_full"),
    (_operational("database or disk is full"), "disk_full"),
    (sa.exc.OperationalError("INSERT …", {}, _PgError("53100")), "disk_full"),
    (_operational("attempt to write a readonly database", "SQLITE_READONLY"), "read_only"),
    (sa.exc.InternalError("INSERT …", {}, _PgError("25006")), "read_only"),
    (_operational("database is locked", "SQLITE_BUSY"), "unavailable"),
])
def test_srv_storage_faults_are_named(fault: sa.exc.DBAPIError, code: str) -> None:
    from sunking.server.errors import storage_fault

    error = storage_fault(fault)
    assert (error.code, error.status) == (code, 503)
    assert error.retry_after is not None


def test_srv_a_full_disk_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    with make_client() as client:
        store = service_of(client).store

        def full(*_args: Any, **_kwargs: Any) -> None:
            raise _operational("database or disk is full", "SQLITE_FULL")

        monkeypatch.setattr(store, "create_match", full)
        answer = client.post("/api/matches", json=MATCH_BODY)
    assert answer.status_code == 503
    assert answer.headers["retry-after"]
    error = answer.json()["error"]
    assert error["code"] == "disk_full" and "full" in error["message"]


def _read_only_mount(data: Path) -> list[str]:
    """The command prefix that runs a command with ``data`` a read-only file system: a
    read-only tmpfs in a mount namespace of its own when run as root (who writes anywhere
    else), else the directory's write permission removed."""
    if os.geteuid() != 0:
        data.chmod(0o555)
        return []
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare (util-linux) to mount a read-only file system as root")
    return ["unshare", "-rm", "sh", "-c", 'mount -t tmpfs -o ro none "$0" && exec "$@"',
            str(data)]


@pytest.mark.parametrize("where", ["data", "data/new"])
@pytest.mark.parametrize("migrate", [False, True])
def test_srv_a_read_only_data_directory_is_one_line_at_start(tmp_path: Path, where: str,
                                                             migrate: bool) -> None:
    (tmp_path / "data").mkdir()
    prefix = _read_only_mount(tmp_path / "data")
    command = [*prefix, str(BIN / "sunking"), "serve", "--port", str(free_port()),
               "--data-dir", str(tmp_path / where), *(["--migrate-only"] if migrate else [])]
    env = {k: v for k, v in os.environ.items() if k != "SUNKING_DATABASE_URL"}
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    try:
        assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
        assert "read-only" in lines[0] and str(tmp_path / where) in lines[0]
    finally:
        (tmp_path / "data").chmod(0o755)


def test_srv_a_full_disk_during_a_websocket_move_is_an_error_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with make_client() as client:
        created = new_match(client, ("human", "human"))
        store = service_of(client).store

        def full(*_args: Any, **_kwargs: Any) -> None:
            raise _operational("database or disk is full", "SQLITE_FULL")

        with client.websocket_connect(
            f"/ws/matches/{created['match_id']}?token={created['tokens'][0]}"
        ) as ws:
            view = receive_view(ws)
            monkeypatch.setattr(store, "append_actions", full)
            ws.send_json({"type": "action", "version": view["version"],
                          "action": view["legal_actions"][0], "request_id": "r1"})
            reply = receive_other(ws)
            assert reply["type"] == "error" and reply["request_id"] == "r1"
            assert reply["error"]["code"] == "disk_full"
            ws.send_json({"type": "ping"})  # the socket is still served
            assert receive_other(ws)["type"] == "pong"
