"""Several server processes on one PostgreSQL database: changes cross over ``LISTEN/NOTIFY``.

:class:`PgPubSub` delivers to this process's subscribers at once, as :class:`~.pubsub.LocalPubSub`
does, and tells the other processes with ``NOTIFY sunking, '<match_id> <version> <origin>'``.
A notification from another process calls ``on_remote(match_id, version)``: the match service
then reloads that match from the database and publishes it to its own sockets. A process never
acts on its own notifications, and announces a version only when it is newer than what it has
already heard of that match (so a reload does not echo back).

Notifications are sent after the move is stored and committed, so a process that hears of a
version always finds it in the database. One connection per process listens; one more sends,
every notification queued meanwhile in one statement. Notifications sent while the listening
connection was down (the database restarted, say) are lost: once it listens again, the process
catches up from the database (``on_resync``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
import sqlalchemy as sa

from .pubsub import Listener, LocalPubSub

log = logging.getLogger(__name__)

CHANNEL = "sunking"
MAX_BATCH = 500
"""The most notifications sent in one statement."""
RECONNECT_SECONDS = 1.0
"""How long to wait before listening again after the connection broke."""

RemoteListener = Callable[[str, int], Any]
"""Called on the event loop with (match_id, version) of another process's change."""
Resync = Callable[[], Awaitable[None]]
"""Called on the event loop when this process listens again after it could not for a while."""


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL."""
    parsed = sa.make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


def is_postgres(url: str) -> bool:
    return sa.make_url(url).get_backend_name() == "postgresql"


class PgPubSub:
    """Local delivery plus ``LISTEN/NOTIFY`` between the processes on one database."""

    def __init__(self, url: str) -> None:
        self._conninfo = conninfo(url)
        self._local = LocalPubSub()
        self._origin = secrets.token_hex(6)
        self._heard: dict[str, int] = {}
        self._on_remote: RemoteListener | None = None
        self._on_resync: Resync | None = None
        self._resyncing: asyncio.Task[None] | None = None
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()
        """Set once the listening connection is up (tests wait for it)."""

    async def start(self, on_remote: RemoteListener, on_resync: Resync | None = None) -> None:
        """Listen for other processes' changes; ``on_remote`` is called for each, and
        ``on_resync`` each time this process listens again after its connection broke."""
        self._on_remote = on_remote
        self._on_resync = on_resync
        self._outbox = asyncio.Queue()
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._send())]
        await asyncio.wait_for(self.listening.wait(), 30)

    async def close(self) -> None:
        if self._resyncing is not None:
            self._resyncing.cancel()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._sender is not None:
            await self._sender.close()

    def publish(self, match_id: str, version: int) -> None:
        self._local.publish(match_id, version)
        if version > self._heard.get(match_id, -1) and self._outbox is not None:
            self._heard[match_id] = version
            self._outbox.put_nowait(f"{match_id} {version} {self._origin}")

    def subscribe(self, match_id: str, listener: Listener) -> Callable[[], None]:
        return self._local.subscribe(match_id, listener)

    def has_subscribers(self, match_id: str) -> bool:
        return self._local.has_subscribers(match_id)

    async def _send(self) -> None:
        assert self._outbox is not None
        failing = False
        while True:
            payloads = [await self._outbox.get()]
            while not self._outbox.empty() and len(payloads) < MAX_BATCH:
                payloads.append(self._outbox.get_nowait())
            while True:
                try:
                    if self._sender is None or self._sender.closed:
                        self._sender = await psycopg.AsyncConnection.connect(
                            self._conninfo, autocommit=True)
                    # Everything queued meanwhile in one statement, in order.
                    await self._sender.execute(
                        "SELECT pg_notify(%s, p) FROM unnest(%s::text[]) WITH ORDINALITY "
                        "AS n(p, i) ORDER BY i", (CHANNEL, payloads))
                    break
                except psycopg.Error as err:
                    if not failing:  # once per outage, not once a second
                        log.warning("cannot notify the other server processes: %s", err)
                    failing = True
                    self._sender = None
                    await asyncio.sleep(RECONNECT_SECONDS)
            if failing:
                log.warning("notifying the other server processes again")
                failing = False

    async def _listen(self) -> None:
        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if lost:
                        log.warning("hearing the other server processes again")
                        self._resyncing = asyncio.create_task(self._resync())
                    lost = False
                    async for note in conn.notifies():
                        self._heard_of(note.payload)
            except psycopg.Error as err:
                if not lost:
                    log.warning("lost the notifications of other server processes: %s", err)
                lost = True
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _resync(self) -> None:
        """Catch up from the database, trying again each second until it answers."""
        tries = 0
        while self._on_resync is not None:
            try:
                await self._on_resync()
                return
            except Exception as err:
                if not tries:
                    log.warning("cannot catch up with the other server processes yet (%s); "
                                "trying again each second", err)
                tries += 1
                await asyncio.sleep(RECONNECT_SECONDS)

    def _heard_of(self, payload: str) -> None:
        try:
            match_id, raw_version, origin = payload.split(" ")
            version = int(raw_version)
        except ValueError:
            log.warning("a notification that is not ours: %r", payload[:100])
            return
        if origin == self._origin:
            return
        self._heard[match_id] = max(version, self._heard.get(match_id, -1))
        if self._on_remote is not None:
            self._on_remote(match_id, version)
