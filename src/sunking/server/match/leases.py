"""This process's lease on the database, and the matches it takes over.

Every server process registers with a lease of :data:`LEASE_SECONDS` and renews it every third
of that. Each match names its driver, the process that moves its bots and clocks; a process
takes over (claims) the active matches whose driver has no lease any more — it was killed, or
lost the database for longer than the lease — and those that have none (a process that
stopped gracefully gives its matches up at once). A process whose own lease ran out (it could
not renew it) claims nothing until a whole lease has passed after it renewed it again, so that
the others, back from the same outage, renew theirs first and keep their matches.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable

from ..errors import ApiError
from .cache import MatchCache
from .context import Context
from .planner import Planner

log = logging.getLogger(__name__)

LEASE_SECONDS = 5.0
"""How long a process's lease lasts unless renewed: a dead process's matches move again at
most this long (plus a look of :data:`~.supervisor.SUPERVISE_SECONDS`) after it died."""
CLAIM_BATCH = 100
"""Matches claimed in one statement."""


class Leases:
    """The lease of one process and its takeover of other processes' matches."""

    def __init__(self, context: Context, cache: MatchCache, planner: Planner, *,
                 ttl: float = LEASE_SECONDS,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.context = context
        self.cache = cache
        self.planner = planner
        self.ttl = ttl
        self._monotonic = monotonic
        self._renewed = monotonic()
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
        self._renewed = self._monotonic()
        log.info("server process %s (%s) has a lease of %g s", context.process_id, about,
                 self.ttl)

    async def renew(self) -> None:
        """Renew the lease (a step of a background loop; an error is the loop's to log)."""
        context = self.context
        await context.io.call(context.store.renew_process, context.process_id, self.ttl)
        now = self._monotonic()
        if now - self._renewed > self.ttl:
            self._claim_after = now + self.ttl
            log.warning("the lease of server process %s ran out %.1f s ago and is renewed; "
                        "it takes over no other process's matches for %g s",
                        context.process_id, now - self._renewed - self.ttl, self.ttl)
        self._renewed = now

    async def take_over(self) -> None:
        """Claim the matches no live process drives, load them and resume their bots and
        clocks (a step of a background loop; the first runs at start)."""
        if self._monotonic() < self._claim_after or self.context.closed:
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
