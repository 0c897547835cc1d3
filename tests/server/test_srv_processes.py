"""Two ``sunking serve`` processes on one PostgreSQL database: every socket, on either process,
sees every move (``LISTEN/NOTIFY``), and each move is stored once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
import sqlalchemy as sa
from srv_process import UNLIMITED, sunking_serve
from srv_support import LIMIT, claimed_tokens, postgres_url, wait_until
from websockets.sync.client import ClientConnection, connect

from sunking.core import Rng
from sunking.server.match.request import MatchRequest, SeatRequest
from sunking.server.match.service import MatchService
from sunking.server.storage import MemoryStore
from sunking.server.storage.sql import SqlStore
from sunking.server.transport.pgpubsub import conninfo
from sunking.server.workers.bots import BotRunner
from sunking.testing.seats import seat_tokens


@pytest.fixture
def database() -> Iterator[str]:
    """A database of its own on the test PostgreSQL server, dropped afterwards."""
    base = postgres_url()
    name = f"sunking_procs_{secrets.token_hex(4)}"
    with psycopg.connect(conninfo(base), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = sa.make_url(base).set(database=name).render_as_string(hide_password=False)
    SqlStore(url).close()  # migrate once, before two processes start
    yield url
    with psycopg.connect(conninfo(base), autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


@contextlib.contextmanager
def serve(url: str) -> Iterator[str]:
    with running(url) as (base, _process):
        yield base


@contextlib.contextmanager
def running(url: str, *args: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``sunking serve ARGS`` on the database at ``url``: its address and its process."""
    with sunking_serve("--bot-workers", "0", "--bot-delay", "0", *args,
                       env={"SUNKING_DATABASE_URL": url, **UNLIMITED}) as served:
        yield served.url, served.process


class Watcher:
    """A websocket that records the versions of every view and the chat it is sent, in a
    thread."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.versions: list[int] = []
        self.latest: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.texts: list[str] = []
        """The chat messages it was sent."""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(Exception):
            for raw in self.ws:
                message = json.loads(raw)
                if message["type"] == "chat":
                    self.texts.extend(m["text"] for m in message["messages"])
                if message["type"] == "view":
                    view = message["view"]
                    self.events.extend(view["events"])
                    self.latest = view
                    self.versions.append(view["version"])


def test_srv_two_processes_every_socket_sees_every_move(database: str) -> None:
    with serve(database) as one, serve(database) as two, contextlib.ExitStack() as sockets:
        bases = (one, two)
        body = {"game": "louis14", "players": 4, "language": "en",
                "seats": [{"kind": "human", "name": f"P{i}"} for i in range(4)]}
        created = httpx.post(f"{one}/api/matches", json=body).json()
        match_id = created["match_id"]
        with httpx.Client(base_url=two) as other:  # claimed in the other process
            tokens = seat_tokens(other, created)
        spectator = created["spectator"]["token"]
        # Every seat and a spectator on both processes.
        watchers: dict[tuple[int, int | None], Watcher] = {}
        for p, base in enumerate(bases):
            ws_base = base.replace("http", "ws", 1)
            for seat, token in [*tokens.items(), (None, spectator)]:
                ws = sockets.enter_context(
                    connect(f"{ws_base}/ws/matches/{match_id}?token={token}"))
                watchers[(p, seat)] = Watcher(ws)
        rng = Rng(9)
        moves = 0
        while moves < 30:
            # The seat to move plays on the process it did not play on last time.
            wait_until(lambda: watchers[(0, None)].latest is not None)
            mover_view = watchers[(0, None)].latest
            assert mover_view is not None
            seat = mover_view["to_move"]
            version = mover_view["version"]
            base = bases[moves % 2]
            own = httpx.get(f"{base}/api/matches/{match_id}",
                            headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
            assert own["version"] == version
            action = rng.choice(own["legal_actions"])
            answer = httpx.post(f"{base}/api/matches/{match_id}/actions",
                                headers={"Authorization": f"Bearer {tokens[seat]}"},
                                json={"version": version, "action": action})
            assert answer.status_code == 200, answer.text
            moves += 1
            # Every socket, on either process, is sent the new version.
            for key, watcher in watchers.items():
                wait_until(lambda w=watcher, v=version: bool(w.versions) and w.versions[-1] > v,
                           LIMIT)
                assert watcher.latest is not None, key
        for watcher in watchers.values():
            watcher.ws.close()
            watcher.thread.join(LIMIT)
        stored = SqlStore(database)
        try:
            assert stored.load(match_id).version == moves
        finally:
            stored.close()
        # A viewer's sockets on the two processes were told the same log, in order.
        for seat in [*tokens, None]:
            here, there = watchers[(0, seat)], watchers[(1, seat)]
            assert here.versions[-1] == there.versions[-1] == moves
            assert here.events == there.events and here.events, seat
            versions = [e["version"] for e in here.events]
            assert versions == sorted(versions), seat



def test_srv_two_processes_every_socket_hears_the_chat_it_may_read(database: str) -> None:
    with serve(database) as one, serve(database) as two, contextlib.ExitStack() as sockets:
        body = {"game": "louis14", "players": 3, "language": "en",
                "seats": [{"kind": "human", "name": f"P{i}"} for i in range(3)]}
        created = httpx.post(f"{one}/api/matches", json=body).json()
        match_id = created["match_id"]
        with httpx.Client(base_url=two) as other:  # claimed in the other process
            tokens = seat_tokens(other, created)
        ears: dict[tuple[int, int], Watcher] = {}
        for p, base in enumerate((one, two)):
            for seat, token in tokens.items():
                ws = sockets.enter_context(connect(
                    f"{base.replace('http', 'ws', 1)}/ws/matches/{match_id}?token={token}"))
                ears[(p, seat)] = Watcher(ws)
        said = [(one, 0, "from the first process", None), (two, 1, "from the second", None),
                (one, 2, "only for seat 1", [1]), (two, 0, "last, for all", None)]
        for n, (base, seat, text, to) in enumerate(said, start=1):
            # Each line is written once the one before was heard everywhere (a line written
            # on the other process at the very same moment is refused as chat_busy).
            answer = httpx.post(f"{base}/api/matches/{match_id}/chat",
                                json={"text": text, "to": to},
                                headers={"Authorization": f"Bearer {tokens[seat]}"})
            assert answer.status_code == 201, answer.text
            for (_, reader), ear in ears.items():
                expected = [t for _, by, t, at in said[:n] if at is None or reader in (by, *at)]
                wait_until(lambda e=ear, x=expected: e.texts == x, LIMIT)
        # Read over REST on the other process too: the same chat, the private line kept.
        seen = httpx.get(f"{two}/api/matches/{match_id}/chat",
                         headers={"Authorization": f"Bearer {tokens[0]}"}).json()
        assert [m["text"] for m in seen["messages"]] == [
            "from the first process", "from the second", "last, for all"]


def test_srv_a_remote_move_drops_an_unwatched_match_and_reloads_a_watched_one() -> None:
    """Two services on one store stand for two processes: a move stored by one makes the
    other drop the match from memory when nothing there watches it (it reloads when asked
    for, at the new version), and reload it at once when a socket there watches it."""

    async def scenario() -> None:
        store = MemoryStore()
        here, there = MatchService(store, BotRunner(0)), MatchService(store, BotRunner(0))
        try:
            created = await here.create_match(MatchRequest(
                game="louis14", players=2,
                seats=(SeatRequest("human", "A"), SeatRequest("human", "B"))))
            match_id = created.record.match_id
            tokens = await claimed_tokens(here, created)

            async def move_there() -> int:
                mover = (await there.live(match_id)).state.to_move
                assert mover is not None
                live, seat = await there.authenticate(match_id, tokens[mover])
                await there.submit(live, seat, live.version,
                                   live.state.legal_actions()[0].to_json())
                return live.version

            here.remote_change(match_id, await move_there())
            assert match_id not in here.cache.held
            assert (await here.live(match_id)).version == 1
            told: list[int] = []
            here.pubsub.subscribe(match_id, lambda _m, v: told.append(v))
            held = here.cache.held[match_id]
            here.remote_change(match_id, await move_there())
            for _ in range(500):
                if told:
                    break
                await asyncio.sleep(0.01)
            assert here.cache.held[match_id] is held and held.version == 2 and told == [2]
        finally:
            await here.close()
            await there.close()

    asyncio.run(scenario())


def test_srv_a_killed_process_s_bot_matches_move_on_in_the_other(database: str) -> None:
    """Exactly one process drives each match; when it is killed, the other takes its matches
    over (its lease runs out within 5 s) and their bots move again, as its views show."""
    engine = sa.create_engine(database)

    def drivers(ids: list[str]) -> dict[str, str]:
        """Each match's driver, by the pid its process row names."""
        with engine.connect() as conn:
            rows = conn.execute(sa.text(
                "SELECT m.match_id, p.about FROM matches m LEFT JOIN processes p "
                "ON p.process_id = m.driver")).all()
        return {m: (about or "none").rsplit(" ", 1)[-1] for m, about in rows if m in ids}

    body = {"game": "louis14", "players": 4, "language": "en",
            "seats": [{"kind": "bot", "bot": "random"} for _ in range(4)]}
    try:
        with running(database, "--bot-delay", "0.1") as (one, first), \
                running(database, "--bot-delay", "0.1") as (two, second):
            created = [httpx.post(f"{one}/api/matches", json=body).json() for _ in range(3)]
            ids = [c["match_id"] for c in created]
            spectators = {c["match_id"]: c["spectator"]["token"] for c in created}

            def seen_on_two(match_id: str) -> dict[str, Any]:
                view: dict[str, Any] = httpx.get(
                    f"{two}/api/matches/{match_id}",
                    headers={"Authorization": f"Bearer {spectators[match_id]}"}).json()
                return view

            wait_until(lambda: all(seen_on_two(m)["version"] >= 3 for m in ids))
            for _ in range(10):  # while the first lives, it alone drives its matches
                assert set(drivers(ids).values()) == {str(first.pid)}
                time.sleep(0.1)
            first.kill()
            first.wait(LIMIT)
            stopped = {m: seen_on_two(m)["version"] for m in ids}
            wait_until(lambda: all(seen_on_two(m)["version"] >= stopped[m] + 3 or
                                   seen_on_two(m)["status"] == "finished" for m in ids))
            assert set(drivers(ids).values()) == {str(second.pid)}
    finally:
        engine.dispose()
