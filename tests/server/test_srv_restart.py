"""Restart safety: matches continue where they were after the server stops — gracefully, or
killed with SIGKILL in the middle of play — with no move lost, bots and turn clocks resumed."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_process import UNLIMITED, Served, free_port
from srv_support import LIMIT, auth, make_client, new_match, service_of, wait_until

from sunking.core import Rng, available_games
from sunking.server.storage.sql import SqlStore, sqlite_url


@pytest.mark.parametrize("game", available_games())
def test_srv_graceful_restart_keeps_matches_and_resumes_bots(tmp_path: Path, game: str) -> None:
    url = sqlite_url(tmp_path)
    with make_client(lambda: SqlStore(url)) as first:
        created = new_match(first, ("human", "random", "human", "heuristic"), seed=5, game=game)
        match_id = created["match_id"]
        rng = Rng(1)
        for _ in range(6):
            mover = wait_for_human(first, created)
            play(first, created, mover, rng)
        before = service_of(first).store.load(match_id)
    with make_client(lambda: SqlStore(url)) as second:
        after = service_of(second).store.load(match_id)
        assert after.actions[: len(before.actions)] == before.actions
        view = second.get(f"/api/matches/{match_id}", headers=auth(created["tokens"][0])).json()
        assert view["version"] >= before.version
        while view["status"] == "active":
            mover = wait_for_human(second, created)
            if mover is None:
                break
            view = play(second, created, mover, rng)
        final = service_of(second).store.load(match_id)
        assert final.status == "finished"
        assert {a.mover for a in final.actions} == {"seat", "bot"}


def test_srv_turn_clock_survives_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with make_client(lambda: SqlStore(url)) as first:
        answer = first.post("/api/matches", json={  # no seat claimed: no time lost
            "game": "louis14", "players": 2, "turn_clock_seconds": 0.5,
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
        match_id = answer.json()["match_id"]
        deadline = service_of(first).store.load(match_id).turn_deadline
        assert deadline is not None
    # The first server stopped before the deadline: the second one keeps it.
    with make_client(lambda: SqlStore(url)) as second:
        wait_until(lambda: service_of(second).store.load(match_id).version >= 1)
        stored = service_of(second).store.load(match_id)
        assert stored.actions[0].mover == "clock"
        assert stored.actions[0].created_at >= deadline


def wait_for_human(client: Any, created: dict[str, Any]) -> int | None:
    """Wait until a human seat is to move (bots move on their own); None once finished."""
    token = next(iter(created["tokens"].values()))
    path = f"/api/matches/{created['match_id']}"
    found: list[int | None] = []

    def ready() -> bool:
        view = client.get(path, headers=auth(token)).json()
        if view["status"] == "finished" or view["to_move"] in created["tokens"]:
            found.append(None if view["status"] == "finished" else view["to_move"])
            return True
        return False

    wait_until(ready)
    return found[-1]


def play(client: Any, created: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    """One random legal move of a human seat over REST; returns the answer's view."""
    token = created["tokens"][seat]
    path = f"/api/matches/{created['match_id']}"
    view = client.get(path, headers=auth(token)).json()
    answer = client.post(f"{path}/actions", headers=auth(token), json={
        "version": view["version"], "action": rng.choice(view["legal_actions"])})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


# --- a real server process, killed with SIGKILL ----------------------------------------------


class Server:
    """``sunking serve`` on a port of its own, with its data in ``data_dir``: started again
    after a kill, on the same port."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.served: Served | None = None

    @property
    def process(self) -> subprocess.Popen[bytes] | None:
        return self.served.process if self.served else None

    def start(self) -> httpx.Client:
        self.stop()  # a killed one's output closed
        self.served = Served(self.port, ("--data-dir", str(self.data_dir), "--bot-workers", "1",
                                         "--bot-delay", "0.02"), UNLIMITED)
        self.served.wait_up()
        return httpx.Client(base_url=self.served.url, timeout=LIMIT)

    def kill(self) -> None:
        assert self.served is not None
        self.served.process.send_signal(signal.SIGKILL)
        self.served.process.wait(LIMIT)

    def stop(self) -> None:
        if self.served is not None:
            self.served.stop()


def proc_stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (state, parent, ...), or
    None once the process is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rpartition(")")[2].split()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = proc_stat(int(entry.name))
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while process ``pid`` runs (a zombie, ended but not reaped, counts as ended)."""
    fields = proc_stat(pid)
    return fields is not None and fields[0] != "Z"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    yield running
    running.stop()


def test_srv_kill_mid_match_loses_no_move(server: Server) -> None:
    client = server.start()
    humans = new_match(client, ("human", "random", "human", "random"), seed=12)
    robots = new_match(client, ("random", "random"), seed=13)
    rng = Rng(3)
    for _ in range(6):
        seat = wait_for_human(client, humans)
        assert seat is not None
        play(client, humans, seat, rng)
    wait_for_human(client, humans)  # the bots have moved: a human is to move
    human_path = f"/api/matches/{humans['match_id']}"
    before = client.get(f"{human_path}/replay", headers=auth(humans["tokens"][0])).json()
    spectator = auth(robots["spectator"]["token"])
    robots_path = f"/api/matches/{robots['match_id']}"
    wait_until(lambda: client.get(robots_path, headers=spectator).json()["version"] >= 5)
    robots_seen = client.get(robots_path, headers=spectator).json()
    assert server.process is not None
    workers = children(server.process.pid)
    assert workers, "the bots' moves ran in a worker process of the server"
    server.kill()  # in the middle of the bots' match, and of the humans' one
    # Its bot workers notice their server is gone and end; none is left running.
    wait_until(lambda: not any(alive(pid) for pid in workers))

    client = server.start()
    after = client.get(f"{human_path}/replay", headers=auth(humans["tokens"][0])).json()
    assert after == before  # the same version and log, to the event
    robots_now = client.get(robots_path, headers=spectator).json()
    assert robots_now["version"] >= robots_seen["version"]
    assert robots_now["events"][: len(robots_seen["events"])] == robots_seen["events"]
    # Both matches go on: the bots' on their own, the humans' with its bot turns.
    bot_turns = 0
    while bot_turns < 2:
        seat = wait_for_human(client, humans)
        assert seat is not None
        version = play(client, humans, seat, rng)["version"]
        if wait_for_human(client, humans) is not None:
            now = client.get(human_path, headers=auth(humans["tokens"][0])).json()["version"]
            bot_turns += now > version
    wait_until(lambda: client.get(robots_path, headers=spectator).json()["status"]
               == "finished")
    replay = client.get(f"{human_path}/replay", headers=auth(humans["tokens"][0])).json()
    assert replay["frames"][: len(before["frames"])] == before["frames"]
