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
import time
from collections.abc import Callable

from ..accounts.service import AccountService
from ..match.history import finished
from ..match.live import LiveMatch
from ..match.presence import LEAVE_AFTER_TIMEOUTS, timed_out_in_a_row
from ..match.service import MatchService
from ..storage import Gone, StorageError, StoredMatch
from ..ticker import Ticker
from .formula import finishing_ranks
from .store import Placed, RatingStore

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


class MatchRatings(Ticker):
    """The settling of finished matches in one server process. ``accounts`` gives the
    account service once there is one (None: no accounts, so nothing to rate)."""

    def __init__(self, service: MatchService, accounts: Callable[[], AccountService | None],
                 *, sweep_seconds: float = SWEEP_SECONDS) -> None:
        super().__init__("rating of finished matches", 5.0)
        self.service = service
        self.accounts = accounts
        self.sweep_seconds = sweep_seconds
        self._ended: asyncio.Queue[str] = asyncio.Queue(maxsize=10_000)
        self._swept: float | None = None

    def start(self) -> None:
        self.service.context.moved.append(self.moved)
        super().start()

    def moved(self, live: LiveMatch, mover: int | None) -> None:
        """A move was stored: if it ended the match, the match is queued to be settled
        (called under the match's lock: only queues; a flood waits for the sweep)."""
        if live.state.is_terminal:
            with contextlib.suppress(asyncio.QueueFull):
                self._ended.put_nowait(live.match_id)
            self.wake()

    async def tick(self) -> None:
        """Settle the matches that ended since, and every ``sweep_seconds`` (and after a
        failure) those nobody settled."""
        if self._swept is None or time.monotonic() - self._swept >= self.sweep_seconds:
            self._swept = None  # a failing sweep is tried again at the next tick
            await self.sweep()
            self._swept = time.monotonic()
        while not self._ended.empty():
            match_id = self._ended.get_nowait()
            try:
                await self.settle(match_id)
            except Exception:
                self._swept = None  # the sweep finds it again
                raise

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
