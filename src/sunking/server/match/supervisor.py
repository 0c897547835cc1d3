"""The background work of one server process, kept alive: loops that log a failure once and go
on, and restart themselves if they die (:class:`Background`); the supervisor, which finds any
match in memory whose bot, stand-in, duty or turn clock is due while nothing works on it, or
whose work has made no progress for too long, and restarts that work (:class:`Supervisor`);
this process's lease and its takeover of other processes' matches (:class:`Leases`); and
closing the matches nobody moved in for too long (:class:`Abandoner`).

Leases: every server process registers with a lease of :data:`LEASE_SECONDS` and renews it
every third of that. Each match names its driver, the process that moves its bots and clocks;
a process takes over (claims) the active matches whose driver has no lease any more — it was
killed, or lost the database for longer than the lease — and those that have none (a process
that stopped gracefully gives its matches up at once). A process whose own lease ran out (it
could not renew it) claims nothing until a whole lease has passed after it renewed it again,
so that the others, back from the same outage, renew theirs first and keep their matches.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable

from ..errors import ApiError
from .cache import MatchCache
from .context import Context
from .planner import Planner

log = logging.getLogger(__name__)

SUPERVISE_SECONDS = 1.0
"""How often the supervisor looks at the matches in memory."""
STALL_SECONDS = 60.0
"""How long a bot may think, or a move be stored, before its work counts as stuck and is
started again (a bot's search takes seconds; waiting for a bot worker in the fair queue, or
a database outage's pauses, do not count)."""

LEASE_SECONDS = 5.0
"""How long a process's lease lasts unless renewed: a dead process's matches move again at
most this long (plus a look of :data:`SUPERVISE_SECONDS`) after it died."""
CLAIM_BATCH = 100
"""Matches claimed in one statement."""
ABANDON_DAYS = 30.0
"""A match in which no person moved for this many days is closed as abandoned."""
ABANDON_EVERY = 3600.0
"""How often matches are looked at to close the abandoned ones (seconds)."""
ABANDON_BATCH = 500
"""Matches closed in one statement."""

Step = Callable[[], Awaitable[None]]


class Background:
    """Named loops that run a step now and then until the service closes. A step that fails
    is logged when it begins to fail and when it works again, never at every step; a loop
    that dies anyway (cancelled by someone else, or an error no loop expects) is logged and
    started again."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def keep(self, name: str, step: Step, every: Callable[[], float], *,
             at_once: bool = False) -> None:
        """Run ``step`` every ``every()`` seconds (the first at once with ``at_once``, else
        after one pause)."""
        task = asyncio.get_running_loop().create_task(self._loop(name, step, every, at_once))
        self.tasks[name] = task
        task.add_done_callback(lambda done: self._died(name, step, every, done))

    def _died(self, name: str, step: Step, every: Callable[[], float],
              task: asyncio.Task[None]) -> None:
        if self.context.closed or self.tasks.get(name) is not task:
            return
        error = None if task.cancelled() else task.exception()
        log.error("the %s stopped (%s); starting it again", name,
                  "cancelled" if error is None else repr(error), exc_info=error)
        self.keep(name, step, every)

    async def _loop(self, name: str, step: Step, every: Callable[[], float],
                    at_once: bool) -> None:
        failing = False
        while not self.context.closed:
            if not at_once:
                await asyncio.sleep(every())
            at_once = False
            try:
                await step()
            except Exception:
                if not failing:
                    log.exception("the %s failed; it goes on and tries again", name)
                failing = True
                continue
            if failing:
                log.warning("the %s works again", name)
                failing = False

    def cancel(self) -> None:
        """Stop every loop (the service closes)."""
        for task in self.tasks.values():
            task.cancel()


class Supervisor:
    """Restarts the work of the matches in memory that nothing carries out: a bot, a
    stand-in, a duty or a turn clock due with no task for it (the task died), or a task that
    has been choosing or storing one move for longer than ``stall_seconds``."""

    def __init__(self, context: Context, cache: MatchCache, planner: Planner, *,
                 stall_seconds: float = STALL_SECONDS) -> None:
        self.context = context
        self.cache = cache
        self.planner = planner
        self.stall_seconds = stall_seconds
        self.restarted = 0
        """How many times work was restarted (for tests and operators)."""

    async def check(self) -> None:
        """One look at every match in memory."""
        now = time.monotonic()  # the clock of Planned.since
        planner = self.planner
        for match_id, live in list(self.cache.held.items()):
            planned = planner.tasks.get(match_id)
            if planned is None or planned.task.done():
                if not planner.due(live) or live.lock.locked():
                    continue
                why = "nothing was working on its next move"
            elif planned.doing in ("choosing", "storing") and \
                    now - planned.since > self.stall_seconds:
                why = f"its move was {planned.doing} for {now - planned.since:.0f} s"
            else:
                continue
            log.warning("match %s: %s at version %s; starting that work again", match_id, why,
                        live.version)
            self.restarted += 1
            planner.schedule(live, restart=True)


class Leases:
    """The lease of one process and its takeover of other processes' matches."""

    def __init__(self, context: Context, cache: MatchCache, planner: Planner, *,
                 ttl: float = LEASE_SECONDS) -> None:
        self.context = context
        self.cache = cache
        self.planner = planner
        self.ttl = ttl
        self._renewed = time.monotonic()
        self._claim_after = 0.0
        self.claimed = 0
        """How many matches this process took over (for tests and operators)."""

    def renew_every(self) -> float:
        return self.ttl / 3

    async def register(self) -> None:
        """Take a lease for this process (at start)."""
        context = self.context
        about = f"{socket.gethostname()} pid {os.getpid()}"
        await context.io.call(context.store.register_process, context.process_id, self.ttl,
                              about)
        self._renewed = time.monotonic()
        log.info("server process %s (%s) has a lease of %g s", context.process_id, about,
                 self.ttl)

    async def renew(self) -> None:
        """Renew the lease (a step of a background loop; an error is the loop's to log)."""
        context = self.context
        await context.io.call(context.store.renew_process, context.process_id, self.ttl)
        now = time.monotonic()
        if now - self._renewed > self.ttl:
            self._claim_after = now + self.ttl
            log.warning("the lease of server process %s ran out %.1f s ago and is renewed; "
                        "it takes over no other process's matches for %g s",
                        context.process_id, now - self._renewed - self.ttl, self.ttl)
        self._renewed = now

    async def take_over(self) -> None:
        """Claim the matches no live process drives, load them and resume their bots and
        clocks (a step of a background loop; the first runs at start)."""
        if time.monotonic() < self._claim_after or self.context.closed:
            return
        context = self.context
        while not context.closed:
            claimed = await context.io.call(context.store.claim_orphans, context.process_id,
                                            CLAIM_BATCH)
            for match_id in claimed:
                await self._drive(match_id)
            self.claimed += len(claimed)
            if claimed:
                log.info("server process %s took over %d matches", context.process_id,
                         len(claimed))
            if len(claimed) < CLAIM_BATCH:
                return

    async def _drive(self, match_id: str) -> None:
        try:
            live = await self.cache.live(match_id)
        except ApiError:
            return  # reported by live(); the others are taken over all the same
        live.driver = self.context.process_id
        self.planner.schedule(live)
        self.cache.forget_if_idle(match_id, force=True)

    async def retire(self) -> None:
        """Give this process's matches up and drop its lease (it stops); if the database
        does not answer, the lease runs out by itself."""
        context = self.context
        try:
            await context.io.call(context.store.retire_process, context.process_id)
        except Exception as err:
            log.warning("server process %s could not give its matches up (%s); they are "
                        "taken over once its lease runs out", context.process_id, err)


class Abandoner:
    """Closes the matches in which no person moved for ``days`` days (0: never): in storage
    (their record and moves kept, their clock, driver, open seats and chat gone), and in the
    memory of this process."""

    def __init__(self, context: Context, cache: MatchCache, planner: Planner, *,
                 days: float = ABANDON_DAYS) -> None:
        self.context = context
        self.cache = cache
        self.planner = planner
        self.days = days
        self.closed = 0
        """How many matches this process closed (for tests and operators)."""

    async def sweep(self) -> None:
        """Close every abandoned match (a step of a background loop; the first at start)."""
        if self.days <= 0:
            return
        context = self.context
        before = context.clock() - self.days * 86400.0
        while not context.closed:
            closed = await context.io.call(context.store.abandon_matches, before,
                                           ABANDON_BATCH)
            for match_id in closed:
                self._forget(match_id)
            self.closed += len(closed)
            if closed:
                log.info("closed %d matches as abandoned (no person moved in them for %g "
                         "days)", len(closed), self.days)
            if len(closed) < ABANDON_BATCH:
                return

    def _forget(self, match_id: str) -> None:
        """A match just closed: its work here stops, its sockets are told, and it leaves
        memory unless watched."""
        self.cache.chat.forget(match_id)
        live = self.cache.held.get(match_id)
        if live is None:
            return
        live.abandoned, live.turn_deadline, live.driver = True, None, None
        live.forget_views()
        self.planner.schedule(live)
        self.context.pubsub.publish(match_id, live.version)
        self.cache.forget_if_idle(match_id, force=True)
