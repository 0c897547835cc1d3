"""The bot queue shares the workers fairly: a client with forty matches of bots cannot make a
bot of another client's match wait behind all of them."""

from __future__ import annotations

import asyncio

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
