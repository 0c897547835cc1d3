"""A background task of one server process that does its work whenever it is woken, and at the
latest every so many seconds: the turn notices (:mod:`.notices`), the settling of finished
matches (:mod:`.ratings`), the seats of suspended people handed to the stand-in
(:mod:`.community`) and the postman (:mod:`.mail`). Its work failing (the database is down) is
logged once when it begins to fail and once when it works again; the task itself never dies of
it."""

from __future__ import annotations

import asyncio
import contextlib
import logging

log = logging.getLogger(__name__)


class Ticker:
    """Calls :meth:`tick` in a task of its own, after :meth:`wake` or ``every`` seconds.
    ``doing`` names the work in the log ("turn notices", …)."""

    def __init__(self, doing: str, every: float) -> None:
        self.doing = doing
        self.every = every
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failing = False
        self._closing = False

    async def tick(self) -> None:
        """The work (overridden).

        Raises:
            Exception: it failed this time (logged once; tried again at the next tick).
        """

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"sunking-{self.doing}")

    async def close(self) -> None:
        self._closing = True
        self._wake.set()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    @property
    def closing(self) -> bool:
        """:meth:`close` was called: a long tick should stop at its next step."""
        return self._closing

    def wake(self) -> None:
        """Tick now rather than at the next interval."""
        self._wake.set()

    async def _run(self) -> None:
        # The loop ends on its flag too: on Python 3.11 a cancellation that meets a wait
        # finishing at the same moment can be lost (asyncio.wait_for's race), and a server
        # whose shutdown waits for this task must not wait forever.
        while not self._closing:
            try:
                await self.tick()
                if self._failing:
                    log.warning("%s: working again", self.doing)
                    self._failing = False
            except Exception as err:  # the database failed: say so once, try again later
                if not self._failing:
                    log.error("%s: failing, trying again until it works: %s", self.doing, err)
                    self._failing = True
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.every):
                    await self._wake.wait()
            self._wake.clear()
