"""Moves stored together: concurrent moves share transactions, each caller hears of its own
move only once it is stored, and a failed transaction reaches every caller in it."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest
import sqlalchemy as sa
from test_srv_storage import a_match, act

from sunking.server.storage import Append, MemoryStore, StorageError, VersionConflict
from sunking.server.storage.io import StoreIO


class _CountingStore(MemoryStore):
    """Counts the transactions; the first one waits until ``release`` is set, so that moves
    queue up behind it."""

    def __init__(self) -> None:
        super().__init__()
        self.batches: list[int] = []
        self.release = threading.Event()
        self.fail = False

    def append_actions(self, appends: Sequence[Append]) -> list[StorageError | None]:
        self.release.wait(10)
        self.batches.append(len(appends))
        if self.fail:
            raise sa.exc.OperationalError("INSERT", {}, Exception("disk I/O error"))
        return super().append_actions(appends)


def test_srv_concurrent_moves_share_a_commit() -> None:
    store = _CountingStore()
    records = [a_match()[0] for _ in range(20)]
    for record in records:
        store.create_match(record, None)

    async def scenario() -> list[BaseException | None]:
        io = StoreIO(store)
        moves = [io.append(Append(r.match_id, act(0), "active", None)) for r in records]
        stale = io.append(Append(records[0].match_id, act(5), "active", None))
        tasks = [asyncio.ensure_future(m) for m in [*moves, stale]]
        await asyncio.sleep(0.05)
        assert not any(t.done() for t in tasks)  # nothing is acknowledged before the commit
        store.release.set()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        await io.close()
        return outcomes

    outcomes = asyncio.run(scenario())
    assert outcomes[:-1] == [None] * 20
    assert isinstance(outcomes[-1], VersionConflict)
    assert sum(store.batches) == 21 and len(store.batches) < 21
    assert all(store.load(r.match_id).actions == (act(0),) for r in records)


def test_srv_a_failed_commit_reaches_every_caller() -> None:
    store = _CountingStore()
    store.fail = True
    store.release.set()
    records = [a_match()[0] for _ in range(5)]
    for record in records:
        store.create_match(record, None)

    async def scenario() -> list[BaseException | None]:
        io = StoreIO(store)
        outcomes = await asyncio.wait_for(asyncio.gather(
            *(io.append(Append(r.match_id, act(0), "active", None)) for r in records),
            return_exceptions=True), 10)
        await io.close()
        return outcomes

    outcomes = asyncio.run(scenario())
    assert all(isinstance(o, sa.exc.OperationalError) for o in outcomes), outcomes
    assert all(store.load(r.match_id).actions == () for r in records)


@pytest.mark.parametrize("count", [1, 3])
def test_srv_a_lone_move_is_written_at_once(count: int) -> None:
    store = _CountingStore()
    store.release.set()
    record = a_match()[0]
    store.create_match(record, None)

    async def scenario() -> None:
        io = StoreIO(store)
        for version in range(count):
            await asyncio.wait_for(
                io.append(Append(record.match_id, act(version), "active", None)), 10)
        await io.close()

    asyncio.run(scenario())
    assert store.batches == [1] * count
    assert len(store.load(record.match_id).actions) == count
