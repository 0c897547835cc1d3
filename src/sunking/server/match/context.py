"""What the parts of the match service share: the store and its I/O, the pub/sub seam, the wall
clock, the changes of matches in flight, and the outages of matches whose work fails.

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
from typing import TYPE_CHECKING, Any, TypeVar

from ...core.rng import Rng
from ..errors import ApiError
from ..storage import MatchStore
from ..storage.io import StoreIO
from ..transport.pubsub import PubSub

if TYPE_CHECKING:
    from .live import LiveMatch

T = TypeVar("T")

log = logging.getLogger(__name__)


FIRST_PAUSE = 0.1
"""Seconds before the first try again."""
MAX_PAUSE = 2.0
"""The longest pause between two tries: work resumes at most this long after a fault ends
(plus the time the try itself takes, e.g. SQLite's busy timeout)."""


class Backoff:
    """Pauses that double from :data:`FIRST_PAUSE` up to :data:`MAX_PAUSE`, each drawn
    between half and all of its bound ("equal jitter"), so that many matches that failed at
    one moment do not all try again at one moment."""

    def __init__(self, first: float = FIRST_PAUSE, most: float = MAX_PAUSE,
                 rng: Rng | None = None) -> None:
        self.first = first
        self.most = most
        self._bound = first
        self._rng = rng or Rng(secrets.randbits(62))

    def next(self) -> float:
        """The next pause, in seconds."""
        bound = self._bound
        self._bound = min(self.most, bound * 2)
        return bound / 2 + self._rng.random() * bound / 2


@dataclasses.dataclass(slots=True)
class _Outage:
    doing: str
    began: float
    tries: int = 1


class Outages:
    """The outages of the matches of one process: which matches have work that failed and
    has not worked since."""

    def __init__(self) -> None:
        self._open: dict[str, _Outage] = {}

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._open

    def failed(self, match_id: str, doing: str, error: BaseException) -> None:
        """``doing`` (what was tried, in words) failed for ``match_id`` with ``error``: logged
        if the match's outage begins now, counted otherwise."""
        outage = self._open.get(match_id)
        if outage is not None:
            outage.tries += 1
            return
        self._open[match_id] = _Outage(doing, time.monotonic())
        cause = getattr(error, "orig", None) or error  # a database error: the driver's own
        log.error("match %s: %s failed (%s: %s); trying again until it works", match_id,
                  doing, type(cause).__name__, str(cause)[:300])

    def recovered(self, match_id: str) -> None:
        """Work for ``match_id`` worked: its outage, if any, ends (and is logged)."""
        outage = self._open.pop(match_id, None)
        if outage is not None:
            log.warning("match %s: %s works again, after %.1f s and %d failed tries",
                        match_id, outage.doing, time.monotonic() - outage.began,
                        outage.tries)

    async def persist(self, match_id: str, doing: str, attempt: Callable[[], Awaitable[T]],
                      wanted: Callable[[], bool]) -> T | None:
        """``attempt()`` until it returns, pausing (:class:`Backoff`) after each failure, as
        long as ``wanted()`` holds; returns its result (None once it is no longer wanted).
        Every ``Exception`` counts as a failure to try again; cancelling stops it."""
        backoff = Backoff()
        while wanted():
            try:
                result = await attempt()
            except Exception as err:
                self.failed(match_id, doing, err)
                await asyncio.sleep(backoff.next())
                continue
            self.recovered(match_id)
            return result
        return None


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
    moved: list[Callable[[LiveMatch, int | None], None]] = dataclasses.field(
        default_factory=list)
    """Called, under the match's lock (must not block), after each stored move with the seat
    of the person who made it (None for a bot, a stand-in or a clock), and with None when a
    match starts or a seat is taken: the turn notices listen here."""

    def tell_moved(self, live: LiveMatch, mover: int | None) -> None:
        """Call the :attr:`moved` hooks (each failure logged, never raised)."""
        for hook in self.moved:
            try:
                hook(live, mover)
            except Exception:
                log.exception("a hook on match %s's moves failed", live.match_id)
