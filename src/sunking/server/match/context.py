"""What the parts of the match service share: the store and its I/O, the pub/sub seam, the wall
clock, and the changes of matches in flight.

A change of a match runs in its own task, shielded from its caller (:class:`Changes`), so a
client that disconnects half-way cannot leave a stored move out of the live state; an error of
a change that nobody hears any more (its caller left, or nobody waited) is logged.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ..errors import ApiError
from ..storage import MatchStore
from ..storage.io import StoreIO
from ..transport.pubsub import PubSub
from .outages import Outages

T = TypeVar("T")

log = logging.getLogger(__name__)


class Changes:
    """The changes of matches in flight in one process, each run to completion in its own
    task."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    async def run(self, work: Callable[[], Awaitable[T]]) -> T:
        """Run ``work`` to completion in its own task, even if the caller is cancelled (its
        error, if any, is then logged: nobody else hears it)."""
        task = asyncio.ensure_future(work())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(self.done)
            raise

    def start(self, work: Callable[[], Awaitable[Any]]) -> None:
        """Run ``work`` as a change that nobody waits for (its error, if any, is logged)."""
        task = asyncio.get_running_loop().create_task(self.run(work))
        task.add_done_callback(self.done)

    @staticmethod
    def done(task: asyncio.Future[Any]) -> None:
        """A change nobody waits for ended: its error, if any, is logged (a refusal briefly,
        anything else with its traceback)."""
        if task.cancelled():
            return
        error = task.exception()
        if error is None:
            return
        if isinstance(error, ApiError):
            log.info("a change nobody waited for was refused: %s %s", error.code, error)
        else:
            log.error("a change nobody waited for failed", exc_info=error)

    async def wait(self) -> None:
        """Wait for every change in flight."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


@dataclasses.dataclass(eq=False)
class Context:
    """What every part of the match service of one process works with."""

    store: MatchStore
    io: StoreIO
    """The store's calls off the event loop, and moves stored together."""
    pubsub: PubSub
    """Where a change is published: "match M is now at version V"."""
    clock: Callable[[], float] = time.time
    """The wall clock (seconds since the epoch)."""
    changes: Changes = dataclasses.field(default_factory=Changes)
    outages: Outages = dataclasses.field(default_factory=Outages)
    """The matches whose work failed and has not worked since (each logged once)."""
    process_id: str = dataclasses.field(default_factory=lambda: secrets.token_hex(8))
    """This process among the server processes on one database: the bots and clocks of the
    matches whose ``driver`` it is move here."""
    closed: bool = False
    """Set when the service closes: nothing more is planned."""
