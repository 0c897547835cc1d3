"""The background work of one server process, kept alive: loops that log a failure once and go
on, and restart themselves if they die (:class:`Background`); and the supervisor, which finds
any match in memory whose bot, stand-in, duty or turn clock is due while nothing works on it,
or whose work has made no progress for too long, and restarts that work
(:class:`Supervisor`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

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
                 stall_seconds: float = STALL_SECONDS,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.context = context
        self.cache = cache
        self.planner = planner
        self.stall_seconds = stall_seconds
        self._monotonic = monotonic
        self.restarted = 0
        """How many times work was restarted (for tests and operators)."""

    async def check(self) -> None:
        """One look at every match in memory."""
        now = self._monotonic()
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
