"""Faults on demand for the server tests: a store whose calls fail like a locked or vanished
database, and a bot runner whose pool breaks."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import sqlalchemy as sa

from sunking.server.storage import MatchStore
from sunking.server.workers.bots import BotRunner


def locked() -> sa.exc.OperationalError:
    """The error SQLAlchemy raises when SQLite stays locked past its busy timeout."""
    return sa.exc.OperationalError("UPDATE matches ...", {},
                                   sqlite3.OperationalError("database is locked"))


class FaultyStore:
    """A store whose chosen calls fail while it is :meth:`down` (or for the next ``n``
    calls), and work again once :meth:`up`; every other call goes to ``inner``."""

    def __init__(self, inner: MatchStore, methods: tuple[str, ...] = ("append_actions",)) -> None:
        self.inner = inner
        self.methods = set(methods)
        self._lock = threading.Lock()
        self._down = False
        self._failures = 0
        self._skip = 0
        self.failed = 0
        """How many calls failed so far."""

    def down(self, *, after: int = 0, calls: int | None = None) -> None:
        """Fail the chosen calls after the next ``after`` of them: all of them until
        :meth:`up`, or only ``calls`` of them."""
        with self._lock:
            self._skip = after
            self._down = calls is None
            self._failures = calls or 0

    def up(self) -> None:
        with self._lock:
            self._down, self._failures = False, 0

    def _check(self) -> None:
        with self._lock:
            if self._skip:
                self._skip -= 1
                return
            if self._down or self._failures:
                self._failures = max(0, self._failures - 1)
                self.failed += 1
                raise locked()

    def __getattr__(self, name: str) -> Any:
        target = getattr(self.inner, name)
        if name not in self.methods:
            return target

        def call(*args: Any, **kwargs: Any) -> Any:
            self._check()
            return target(*args, **kwargs)

        return call


class BreakingBots(BotRunner):
    """Bots in threads whose pool "breaks" for the next ``breaks`` choices."""

    def __init__(self, breaks: int) -> None:
        super().__init__(0)
        self.breaks = breaks

    async def choose(self, game_id: str, state_json: Any, spec: str, seed: int) -> Any:
        if self.breaks:
            self.breaks -= 1
            raise BrokenProcessPool("a bot worker died")
        return await super().choose(game_id, state_json, spec, seed)
