"""``sunking backup`` under load and ``sunking restore``: the copy, taken while a server plays
bot matches and people move, restores into a fresh data directory where a new server resumes
every match, with every move acknowledged before the backup began."""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from srv_process import BIN, UNLIMITED, sunking_serve
from srv_support import LIMIT, auth, new_match, wait_until
from typer.testing import CliRunner

from sunking.cli import app
from sunking.core import Rng
from sunking.server.storage.sql import SqlStore, sqlite_url


@contextlib.contextmanager
def serving(data_dir: Path) -> Iterator[httpx.Client]:
    """``sunking serve`` on ``data_dir`` (bots in threads, a short bot delay)."""
    with sunking_serve("--data-dir", str(data_dir), "--bot-workers", "0", "--bot-delay", "0.05",
                       env=UNLIMITED) as served, \
            httpx.Client(base_url=served.url, timeout=10) as client:
        yield client


def sunking(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SUNKING_DATABASE_URL"}
    return subprocess.run([str(BIN / "sunking"), *args], capture_output=True, text=True,
                          env=env, timeout=LIMIT)


def version(client: httpx.Client, created: dict[str, Any]) -> tuple[int, str]:
    token = created["spectator"]["token"]
    view = client.get(f"/api/matches/{created['match_id']}", headers=auth(token)).json()
    return int(view["version"]), str(view["status"])


def people_move(client: httpx.Client, created: dict[str, Any], acked: dict[int, Any],
                stop: threading.Event) -> None:
    """Play the match's human seats until ``stop``; ``acked`` gets every answered move."""
    rng = Rng(len(created["match_id"]))
    while not stop.is_set():
        for token in created["tokens"].values():
            view = client.get(f"/api/matches/{created['match_id']}", headers=auth(token)).json()
            if view["status"] != "active":
                return
            if view["legal_actions"]:
                action = rng.choice(view["legal_actions"])
                answer = client.post(f"/api/matches/{created['match_id']}/actions",
                                     headers=auth(token),
                                     json={"version": view["version"], "action": action})
                if answer.status_code == 200:
                    acked[view["version"]] = action


def test_srv_a_backup_under_load_restores_into_a_server_that_resumes_every_match(
    tmp_path: Path,
) -> None:
    live_dir, copy, fresh = tmp_path / "live", tmp_path / "copy.db", tmp_path / "fresh"
    acked: dict[str, dict[int, Any]] = {}
    stop = threading.Event()
    with serving(live_dir) as client:
        bots = [new_match(client, ("random",) * 4, seed=s, game=g)
                for s, g in enumerate(("louis14", "vive_le_roi", "versailles1682"))]
        people = [new_match(client, ("human", "random", "human"), seed=s) for s in (1, 2)]
        players = []
        for created in people:
            acked[created["match_id"]] = {}
            players.append(threading.Thread(target=people_move, daemon=True, args=(
                client, created, acked[created["match_id"]], stop)))
            players[-1].start()
        wait_until(lambda: all(version(client, c)[0] >= 5 for c in bots + people))
        seen = {c["match_id"]: version(client, c)[0] for c in bots}
        before = {m: dict(moves) for m, moves in acked.items()}
        made = sunking("backup", str(copy), "--data-dir", str(live_dir))
        assert made.returncode == 0, made.stderr
        refused = sunking("restore", str(copy), "--data-dir", str(live_dir), "--force")
        assert refused.returncode == 2 and "a server is running" in refused.stderr
        stop.set()
        for thread in players:
            thread.join(LIMIT)
    assert sum(len(m) for m in before.values()) > 0, "people moved before the backup"
    restored = sunking("restore", str(copy), "--data-dir", str(fresh))
    assert restored.returncode == 0, restored.stderr
    store = SqlStore(sqlite_url(fresh))
    try:
        stored = {c["match_id"]: store.load(c["match_id"]) for c in bots + people}
    finally:
        store.close()
    for match_id, moves in before.items():
        for at, action in moves.items():
            assert stored[match_id].actions[at].action == action, (match_id, at)
    for match_id, at in seen.items():
        assert stored[match_id].version >= at
    with serving(fresh) as client:
        for created in bots + people:
            match_id = created["match_id"]
            if stored[match_id].status != "active":
                continue
            wait_until(lambda c=created, m=match_id: _moved_on(client, c, stored[m].version))


def _moved_on(client: httpx.Client, created: dict[str, Any], at: int) -> bool:
    """The match is past version ``at`` (a person to move is moved for once)."""
    now, status = version(client, created)
    if now > at or status != "active":
        return True
    for token in created.get("tokens", {}).values():
        view = client.get(f"/api/matches/{created['match_id']}", headers=auth(token)).json()
        if view["legal_actions"]:
            client.post(f"/api/matches/{created['match_id']}/actions", headers=auth(token),
                        json={"version": view["version"], "action": view["legal_actions"][0]})
    return False


def test_srv_backup_on_postgresql_says_to_use_pg_dump(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"SUNKING_DATABASE_URL": "postgresql://sunking@db.example/sunking"}
    for command in ("backup", "restore"):
        result = runner.invoke(app, [command, str(tmp_path / "copy")], env=env)
        assert result.exit_code == 2
        assert "pg_dump --format=custom" in result.output and "pg_restore" in result.output
    missing = runner.invoke(app, ["backup", str(tmp_path / "copy"), "--data-dir",
                                  str(tmp_path / "none")], env={"SUNKING_DATABASE_URL": ""})
    assert missing.exit_code == 2 and "there is no database" in missing.output
