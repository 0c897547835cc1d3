"""Storage calls off the event loop, and moves stored together (group commit).

Every :class:`~.protocol.MatchStore` method blocks, so the service runs them in a small thread
pool (:meth:`StoreIO.call`). Moves take a faster path: :meth:`StoreIO.append` queues the move,
and one writer task stores every move queued meanwhile in a single transaction
(:meth:`~.protocol.MatchStore.append_actions`), so a busy server makes one commit, and one
sync to disk, for many moves instead of one each. A lone move is written at once (the writer
never waits to fill a batch), and each caller hears of its own move only once the commit that
holds it has returned: a move is never acknowledged before it is stored.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .protocol import Append, MatchStore, StorageError

T = TypeVar("T")

MAX_BATCH = 256
"""The most moves stored in one transaction."""


@dataclasses.dataclass(slots=True)
class _Pending:
    append: Append
    done: asyncio.Future[StorageError | None]


class StoreIO:
    """The storage calls of one server process: ``threads`` threads (one for SQLite, whose
    writes are serial anyway), and the writer of queued moves."""

    def __init__(self, store: MatchStore, threads: int = 1) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(threads, "sunking-store")
        self._queue: list[_Pending] = []
        self._writer: asyncio.Task[None] | None = None

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a storage thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def append(self, append: Append) -> None:
        """Store one move, together with whatever other moves are waiting.

        Raises:
            StorageError: the move was refused (``VersionConflict``, ``DuplicateRequest``,
                ``UnknownMatch``); nothing of it was stored.
            Exception: the database failed; nothing of it was stored.
        """
        done: asyncio.Future[StorageError | None] = asyncio.get_running_loop().create_future()
        self._queue.append(_Pending(append, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        refusal = await asyncio.shield(done)
        if refusal is not None:
            raise refusal

    async def _write(self) -> None:
        while self._queue:
            batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
            try:
                refusals = await self.call(self.store.append_actions,
                                           [p.append for p in batch])
            except Exception as err:  # the whole batch failed: every caller hears it
                for pending in batch:
                    if not pending.done.done():
                        pending.done.set_exception(err)
                        pending.done.exception()  # retrieved: a caller that left is fine
                continue
            except BaseException:
                for pending in batch:
                    pending.done.cancel()
                raise
            for pending, refusal in zip(batch, refusals, strict=True):
                if not pending.done.done():
                    pending.done.set_result(refusal)

    async def close(self) -> None:
        """Store what is queued, then release the store and the threads."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        await self.call(self.store.close)
        self._pool.shutdown(wait=True)
