"""The bot queue shares the workers fairly: a client with forty matches of bots cannot make a
bot of another client's match wait behind all of them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, make_client, new_match, wait_until

from sunking.server.storage.sql import SqlStore, sqlite_url
from sunking.server.workers.fair import FairQueue


def run_jobs(queue: FairQueue, owners: list[str]) -> list[str]:
    """Start one job per owner in this order (each takes a moment); the order they ran in."""
    ran: list[str] = []

    async def job(owner: str) -> None:
        async with queue.slot(owner):
            ran.append(owner)
            await asyncio.sleep(0.001)

    async def all_jobs() -> None:
        await asyncio.wait_for(asyncio.gather(*(job(o) for o in owners)), 30)

    asyncio.run(all_jobs())
    return ran


def test_srv_fair_queue_takes_turns_among_owners() -> None:
    ran = run_jobs(FairQueue(1), ["flood"] * 40 + ["victim"])
    # The flood's first job was running when the victim came: the victim is next.
    assert ran.index("victim") == 1
    ran = run_jobs(FairQueue(1), ["a", "a", "a", "b", "b", "c"])
    assert ran == ["a", "b", "c", "a", "b", "a"]


def test_srv_fair_queue_caps_one_owner_below_every_slot() -> None:
    async def scenario() -> tuple[int, int]:
        queue = FairQueue(3)
        hold = asyncio.Event()

        async def job(owner: str) -> None:
            async with queue.slot(owner):
                await hold.wait()

        tasks = [asyncio.create_task(job("flood")) for _ in range(5)]
        await asyncio.sleep(0.01)
        flood_running = queue.busy
        tasks.append(asyncio.create_task(job("victim")))
        await asyncio.sleep(0.01)
        both = queue.busy
        hold.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        return flood_running, both

    flood_running, both = asyncio.run(scenario())
    assert flood_running == 2  # one slot is always left for someone else
    assert both == 3


def test_srv_fair_queue_survives_cancelled_waiters() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue(1)
        ran: list[str] = []
        gate = asyncio.Event()

        async def job(owner: str) -> None:
            async with queue.slot(owner):
                ran.append(owner)
                await gate.wait()

        first = asyncio.create_task(job("a"))
        await asyncio.sleep(0)
        doomed = asyncio.create_task(job("b"))
        later = asyncio.create_task(job("c"))
        await asyncio.sleep(0.01)
        doomed.cancel()
        gate.set()
        await asyncio.wait_for(asyncio.gather(first, later), 30)
        assert queue.busy == 0
        return ran

    assert asyncio.run(scenario()) == ["a", "c"]


def test_srv_the_fair_key_of_a_match_survives_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots of a match queue under the address that created it, before a restart and
    after it (stored with the match, not only kept in memory)."""
    keys: list[str] = []
    slot = FairQueue.slot

    def recording(queue: FairQueue, owner: str) -> Any:
        keys.append(owner)
        return slot(queue, owner)

    monkeypatch.setattr(FairQueue, "slot", recording)

    def person_moves(client: TestClient, match_id: str, token: str) -> None:
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                             json={"version": view["version"], "action": view["legal_actions"][0]})
        assert answer.status_code == 200, answer.text
        wait_until(lambda: client.get(f"/api/matches/{match_id}", headers=auth(token)).json()[
            "to_move"] == 0)

    with make_client(lambda: SqlStore(sqlite_url(tmp_path))) as client:
        created = new_match(client, ("human", "heuristic"))
        match_id, token = created["match_id"], created["tokens"][0]
        person_moves(client, match_id, token)
    assert keys == ["testclient"]
    with make_client(lambda: SqlStore(sqlite_url(tmp_path))) as client:
        person_moves(client, match_id, token)
    assert keys == ["testclient", "testclient"]
