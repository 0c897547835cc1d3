"""Settling finished matches, by a background task of each server process.

When a match ends (:attr:`~..match.context.Context.moved` sees its final move) it is queued
here; every minute the task also looks for finished matches with an account at them that
nobody settled (their process stopped first). Settling one reads it from storage, decides
whether it is rated (:func:`judge`) and stores the outcome and the new ratings in one
transaction that a second try, here or in another process, finds done
(:meth:`.store.RatingStore.settle`). A failing database is logged once and tried again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from ..accounts.service import AccountService
from ..match.history import finished
from ..match.live import LiveMatch
from ..match.presence import LEAVE_AFTER_TIMEOUTS, timed_out_in_a_row
from ..match.service import MatchService
from ..storage import Gone, StorageError, StoredMatch
from .formula import finishing_ranks
from .store import Placed, RatingStore

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
"""How often each process looks for finished matches nobody settled."""


def judge(stored: StoredMatch) -> tuple[str, list[Placed]]:
    """Whether a finished match is rated, and each seat's account and rank if so.

    It is rated only if every seat is held by a different person's account: a practice
    match is not (``practice``), nor one with a bot's seat (``bots``), a guest's
    (``guests``) or two seats of one account (``same_person``); a log that does not replay
    is left unrated (``unreadable``). A seat whose person resigned, or left (his turn clock
    ran out on :data:`LEAVE_AFTER_TIMEOUTS` of his turns in a row), ranks last.
    """
    record = stored.match
    seats = record.seats
    if record.practice:
        return "practice", []
    if any(s.kind == "bot" for s in seats):
        return "bots", []
    accounts = [s.account_id for s in seats]
    if any(a is None for a in accounts):
        return "guests", []
    if len(set(accounts)) < len(accounts):
        return "same_person", []
    end = finished(stored, 0)
    if end is None:
        return "unreadable", []
    gone: list[Gone | None] = [
        s.gone or ("left" if timed_out_in_a_row(stored.actions, s.seat) >= LEAVE_AFTER_TIMEOUTS
                   else None) for s in seats]
    ranks = finishing_ranks([int(row["place"]) for row in end.table],
                            [g is not None for g in gone])
    return "rated", [Placed(str(a), rank, g) for a, rank, g in zip(accounts, ranks, gone,
                                                                    strict=True)]


class MatchRatings:
    """The settling of finished matches in one server process. ``accounts`` gives the
    account service once there is one (None: no accounts, so nothing to rate)."""

    def __init__(self, service: MatchService, accounts: Callable[[], AccountService | None],
                 *, sweep_seconds: float = SWEEP_SECONDS) -> None:
        self.service = service
        self.accounts = accounts
        self.sweep_seconds = sweep_seconds
        self._ended: asyncio.Queue[str] = asyncio.Queue(maxsize=10_000)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failing = False

    def start(self) -> None:
        self.service.context.moved.append(self.moved)
        self._task = asyncio.create_task(self._run(), name="sunking-ratings")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def moved(self, live: LiveMatch, mover: int | None) -> None:
        """A move was stored: if it ended the match, the match is queued to be settled
        (called under the match's lock: only queues; a flood waits for the sweep)."""
        if live.state.is_terminal:
            with contextlib.suppress(asyncio.QueueFull):
                self._ended.put_nowait(live.match_id)
            self._wake.set()

    async def _run(self) -> None:
        swept = 0.0
        while True:
            try:
                if time.monotonic() - swept >= self.sweep_seconds:
                    await self.sweep()
                    swept = time.monotonic()
                while not self._ended.empty():
                    await self.settle(self._ended.get_nowait())
                if self._failing:
                    log.warning("finished matches are being rated again")
                    self._failing = False
            except Exception as err:  # the database failed: say so once, try again later
                if not self._failing:
                    log.error("finished matches cannot be rated now, trying again: %s", err)
                    self._failing = True
                swept = 0.0  # the sweep finds what the failure left
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), 5.0)
            self._wake.clear()

    async def sweep(self) -> int:
        """Settle the finished matches nobody settled; how many were settled here."""
        accounts = self.accounts()
        if accounts is None:
            return 0
        ratings = RatingStore(accounts.store.engine)
        count = 0
        for match_id in await accounts.store.call(ratings.unsettled):
            count += await self.settle(match_id)
        return count

    async def settle(self, match_id: str) -> bool:
        """Settle one finished match; False if it was settled already (or is unknown).

        Raises:
            Exception: the database failed (nothing was stored).
        """
        accounts = self.accounts()
        if accounts is None:
            return False
        store = self.service.store
        try:
            stored = await accounts.store.call(store.load, match_id)
        except StorageError:
            return False
        if stored.status != "finished":
            return False
        outcome, placed = judge(stored)
        ratings = RatingStore(accounts.store.engine)
        return await accounts.store.call(ratings.settle, match_id, stored.match.game, outcome,
                                         placed, time.time())
