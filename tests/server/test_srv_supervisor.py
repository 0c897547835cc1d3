"""The supervisor finds any match whose bot (or stand-in, duty, turn clock) is due while nothing
works on it, or whose bot has been thinking for too long, and starts that work again; the
background loops log a failure once and restart themselves if they die."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from test_srv_faults import against, first_bot_move, until

from sunking.server.match.context import Context
from sunking.server.match.service import MatchService
from sunking.server.match.supervisor import Background
from sunking.server.storage import MemoryStore
from sunking.server.storage.io import StoreIO
from sunking.server.transport.pubsub import LocalPubSub
from sunking.server.workers.bots import BotRunner


def playing_tasks() -> list[asyncio.Task[Any]]:
    """The tasks that play bots' moves."""
    return [t for t in asyncio.all_tasks()
            if getattr(t.get_coro(), "__qualname__", "") == "Planner._play"]


def test_srv_the_supervisor_restarts_a_bot_whose_task_died(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> None:
        service = MatchService(MemoryStore(), BotRunner(0), bot_delay=0.5,
                               supervise_seconds=0.05)
        await service.start()
        try:
            created = await against("random", service)
            live = await service.live(created.record.match_id)
            (task,) = playing_tasks()
            task.cancel()  # as if it had died
            await until(lambda: live.version >= 1)
        finally:
            await service.close()
        assert service.supervisor.restarted >= 1
        assert any("nothing was working on its next move" in r.getMessage()
                   for r in caplog.records)

    asyncio.run(scenario())


class HangingBots(BotRunner):
    """Bots in threads whose first choice never comes (a worker that hangs)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.hung = 0

    async def choose(self, game_id: str, state_json: Any, spec: str, seed: int) -> Any:
        if not self.hung:
            self.hung += 1
            await asyncio.Event().wait()
        return await super().choose(game_id, state_json, spec, seed)


def test_srv_the_supervisor_restarts_a_bot_that_thinks_too_long() -> None:
    async def scenario() -> None:
        service = MatchService(MemoryStore(), HangingBots(), supervise_seconds=0.05,
                               stall_seconds=0.3)
        await service.start()
        await first_bot_move(service)
        assert service.supervisor.restarted == 1

    asyncio.run(scenario())


def test_srv_a_background_loop_logs_once_and_restarts_itself(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)

    async def scenario() -> None:
        context = Context(MemoryStore(), StoreIO(MemoryStore()), LocalPubSub())
        background = Background(context)
        steps: list[int] = []

        async def step() -> None:
            steps.append(len(steps))
            if 1 <= len(steps) <= 3:
                raise RuntimeError(f"step {len(steps)} failed")

        background.keep("test loop", step, lambda: 0.01)
        await until(lambda: len(steps) >= 5)
        first = background.tasks["test loop"]
        first.cancel()
        await until(lambda: background.tasks["test loop"] is not first)
        seen = len(steps)
        await until(lambda: len(steps) > seen)  # the new loop steps on
        context.closed = True
        background.cancel()
        await context.io.close()

    asyncio.run(scenario())
    messages = [r.getMessage() for r in caplog.records]
    assert [m for m in messages if "failed" in m] == [
        "the test loop failed; it goes on and tries again"]
    assert messages.count("the test loop works again") == 1
    assert any(m.startswith("the test loop stopped (cancelled)") for m in messages)
