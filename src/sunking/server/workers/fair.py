"""A fair queue for bot moves: the bot workers are shared in turns among the clients.

A bot's move can take seconds of CPU. Served first come, first served, forty matches of one
client would keep every worker busy while a bot in another client's match waits its turn behind
all of them. :class:`FairQueue` hands out a fixed number of slots (one per worker), and when
several owners wait, it gives the next free slot to the owner who waited longest since it was
last served (round robin), and never more than ``per_owner`` slots to one owner at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator


class FairQueue:
    """At most ``slots`` jobs at once, taken in turns by their owners."""

    def __init__(self, slots: int, per_owner: int | None = None) -> None:
        self.slots = max(1, slots)
        self.per_owner = max(1, per_owner if per_owner is not None else self.slots - 1)
        self._held: dict[str, int] = {}
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self._served: dict[str, int] = {}
        """The turn at which each owner last got a slot (the longest-unserved goes next)."""
        self._turns = 0

    @property
    def busy(self) -> int:
        return sum(self._held.values())

    @property
    def waiting(self) -> int:
        """Jobs waiting for a slot."""
        return sum(1 for queue in self._waiting.values() for job in queue if not job.done())

    @contextlib.asynccontextmanager
    async def slot(self, owner: str) -> AsyncIterator[None]:
        """Hold one slot for ``owner`` while the block runs (waiting for it if need be)."""
        if not self._waiting and self._may_take(owner):
            self._take(owner)
        else:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(owner, deque()).append(future)
            self._grant()
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():
                    self._give_back(owner)  # granted as it was cancelled: pass it on
                else:
                    self._drop(owner, future)
                raise
        try:
            yield
        finally:
            self._give_back(owner)

    def _may_take(self, owner: str) -> bool:
        return self.busy < self.slots and self._held.get(owner, 0) < self.per_owner

    def _take(self, owner: str) -> None:
        self._held[owner] = self._held.get(owner, 0) + 1
        self._turns += 1
        self._served[owner] = self._turns

    def _give_back(self, owner: str) -> None:
        self._held[owner] -= 1
        if not self._held[owner]:
            del self._held[owner]
        self._grant()

    def _drop(self, owner: str, future: asyncio.Future[None]) -> None:
        queue = self._waiting.get(owner)
        if queue is not None and future in queue:
            queue.remove(future)
            if not queue:
                del self._waiting[owner]

    def _grant(self) -> None:
        """Give free slots to waiting owners, longest-unserved first."""
        while self.busy < self.slots:
            ready = [o for o in self._waiting if self._may_take(o)]
            if not ready:
                return
            owner = min(ready, key=lambda o: self._served.get(o, 0))
            queue = self._waiting[owner]
            while queue and queue[0].cancelled():
                queue.popleft()
            if queue:
                self._take(owner)
                queue.popleft().set_result(None)
            if not queue:
                del self._waiting[owner]
