"""Exactly one process drives each match's bots and clocks, and another takes its matches over
when it dies: two services on one store stand for two processes here
(``test_srv_processes.py`` runs two real ones on PostgreSQL)."""

from __future__ import annotations

import asyncio

from test_srv_faults import moved_elsewhere, until

from sunking.server.match.request import MatchRequest, SeatRequest
from sunking.server.match.service import MatchService
from sunking.server.storage import MemoryStore
from sunking.server.workers.bots import BotRunner

LEASE = 0.3


def a_process(store: MemoryStore) -> MatchService:
    """A service with a short lease that looks at its matches often."""
    return MatchService(store, BotRunner(0), bot_delay=0.02, lease_seconds=LEASE,
                        supervise_seconds=0.05)


async def two_processes() -> tuple[MemoryStore, MatchService, MatchService]:
    """Two started services on one store."""
    store = MemoryStore()
    here, there = a_process(store), a_process(store)
    await here.start()
    await there.start()
    return store, here, there


def killed(service: MatchService) -> None:
    """Stop a service as SIGKILL would: no more moves or lease renewals, and its matches
    not given up."""
    service.context.closed = True
    service.background.cancel()
    service.planner.cancel()


def test_srv_a_dead_process_s_bot_matches_are_taken_over() -> None:
    async def scenario() -> None:
        store, here, there = await two_processes()
        try:
            created = await here.create_match(MatchRequest(
                game="louis14", players=4, seats=tuple(SeatRequest("bot", None, "random")
                                                       for _ in range(4))))
            match_id = created.record.match_id
            await until(lambda: store.load(match_id).version >= 3)
            held = await there.live(match_id)
            assert held.driver == here.context.process_id
            assert not there.planner.due(held)  # the other process does not move it
            assert there.leases.claimed == 0
            killed(here)
            await asyncio.sleep(0.05)
            stopped = store.load(match_id).version
            await until(lambda: store.load(match_id).version >= stopped + 3)
            assert store.load(match_id).driver == there.context.process_id
            assert there.leases.claimed == 1
        finally:
            await there.close()
            await here.context.io.close()
            here.bots.close()

    asyncio.run(scenario())


def test_srv_a_person_s_move_elsewhere_hands_the_clock_and_bots_over() -> None:
    """A person moves on the other process: that process drives the match from then on (its
    bot answers there), and this one stops its turn clock's task and drops the match it no
    longer watches."""

    async def scenario() -> None:
        store, here, there = await two_processes()
        try:
            created = await here.create_match(MatchRequest(
                game="louis14", players=2, turn_clock_seconds=60.0,
                seats=(SeatRequest("human", "P"), SeatRequest("bot", None, "heuristic"))))
            match_id = created.record.match_id
            assert here.planner.scheduled(match_id)  # the person's turn clock runs here
            live, seat = await there.authenticate(match_id, created.seat_tokens[0])
            await there.submit(live, seat, 0, live.state.legal_actions()[0].to_json())
            here.remote_change(match_id, 1)
            await until(lambda: live.version >= 2)  # the bot answered, on the other process
            await until(lambda: match_id not in here.cache.held)
            assert not here.planner.scheduled(match_id)
            assert store.load(match_id).driver == there.context.process_id
        finally:
            await here.close()
            await there.close()

    asyncio.run(scenario())


def test_srv_a_process_that_heard_nothing_catches_up_from_the_store() -> None:
    """The notifications of another process's moves were lost (its listening connection
    broke): catching up reads the stored versions and reloads what moved."""

    async def scenario() -> None:
        store = MemoryStore()
        here, there = a_process(store), a_process(store)
        try:
            held = await moved_elsewhere(here, there)
            assert held.version == 0  # not heard of
            await here.resync()
            await until(lambda: held.version == 1)
        finally:
            await here.close()
            await there.close()

    asyncio.run(scenario())
