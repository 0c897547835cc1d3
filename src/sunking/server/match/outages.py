"""Faults that pass: work that failed (storing a move, a bot's choice, a reload) is tried again
with growing, capped, jittered pauses until it works, and each match's outage is logged once
when it begins and once when it ends, never once per try.

A person who moves in a match whose moves cannot be stored just now is answered
``catching_breath`` (503, :func:`~..errors.catching_breath`); the bots, stand-ins and turn
clocks keep trying on their own (:meth:`Outages.persist`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

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
                 rng: random.Random | None = None) -> None:
        self.first = first
        self.most = most
        self._bound = first
        self._rng = rng or random.Random()

    def next(self) -> float:
        """The next pause, in seconds."""
        bound = self._bound
        self._bound = min(self.most, bound * 2)
        return bound / 2 + self._rng.uniform(0, bound / 2)


@dataclasses.dataclass(slots=True)
class _Outage:
    doing: str
    began: float
    tries: int = 1


class Outages:
    """The outages of the matches of one process: which matches have work that failed and
    has not worked since."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self._monotonic = monotonic
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
        self._open[match_id] = _Outage(doing, self._monotonic())
        log.error("match %s: %s failed (%s: %s); trying again until it works", match_id,
                  doing, type(error).__name__, str(error)[:300])

    def recovered(self, match_id: str) -> None:
        """Work for ``match_id`` worked: its outage, if any, ends (and is logged)."""
        outage = self._open.pop(match_id, None)
        if outage is not None:
            log.warning("match %s: %s works again, after %.1f s and %d failed tries",
                        match_id, outage.doing, self._monotonic() - outage.began,
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
