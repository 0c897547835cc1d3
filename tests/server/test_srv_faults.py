"""A fault on the way to storage never freezes a match: a bot's, a stand-in's or a turn clock's
move that cannot be stored (or chosen: a broken bot pool) is tried again until it works, each
outage logged once; a person who moves meanwhile hears ``catching_breath`` (503), over REST and
over the websocket, whose socket stays open; a change that fails with nobody waiting is
logged."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from srv_faults import BreakingBots, FaultyStore
from srv_support import LIMIT, auth, make_client, new_match, receive, receive_view, wait_until

from sunking.core import Rng
from sunking.server import Settings, create_app
from sunking.server.match.context import Backoff, Changes
from sunking.server.match.live import LiveMatch
from sunking.server.match.request import MatchRequest, SeatRequest
from sunking.server.match.service import MatchService
from sunking.server.storage import MemoryStore
from sunking.server.workers.bots import BotRunner


async def until(check: Callable[[], bool], limit: float = LIMIT) -> None:
    """Wait on the loop until ``check`` holds; fail after ``limit`` seconds."""
    end = time.monotonic() + limit
    while not check():
        if time.monotonic() > end:
            pytest.fail(f"gave up waiting after {limit} s")
        await asyncio.sleep(0.01)


def against(bot: str, service: MatchService) -> Awaitable[Any]:
    """A two-seat Louis XIV match: ``bot`` at seat 0 (it moves first), a person at seat 1."""
    return service.create_match(MatchRequest(
        game="louis14", players=2, seed=3,
        seats=(SeatRequest("bot", None, bot), SeatRequest("human", "P"))))


async def first_bot_move(service: MatchService) -> LiveMatch:
    """A match of a heuristic bot against a person, once the bot has made its first move
    (the service is closed either way)."""
    try:
        created = await against("heuristic", service)
        live = await service.live(created.record.match_id)
        await until(lambda: live.version >= 1)
        return live
    finally:
        await service.close()


async def moved_elsewhere(here: MatchService, there: MatchService) -> LiveMatch:
    """A two-person match made on ``here`` and watched by a socket there, in which a person
    then moves on ``there``: the match as ``here`` holds it (not told of the move)."""
    created = await here.create_match(MatchRequest(
        game="louis14", players=2,
        seats=(SeatRequest("human", "A"), SeatRequest("human", "B"))))
    match_id = created.record.match_id
    held = await here.live(match_id)
    here.pubsub.subscribe(match_id, lambda _m, _v: None)  # a socket watches it
    live, seat = await there.authenticate(match_id, created.seat_tokens[0])
    await there.submit(live, seat, 0, live.state.legal_actions()[0].to_json())
    return held


def outage_lines(caplog: pytest.LogCaptureFixture, match_id: str) -> tuple[int, int]:
    """How many outages of ``match_id`` were logged as begun, and as ended."""
    begun = [r for r in caplog.records if match_id in r.getMessage() and "failed (" in
             r.getMessage()]
    ended = [r for r in caplog.records if match_id in r.getMessage() and "works again" in
             r.getMessage()]
    return len(begun), len(ended)


def test_srv_a_bot_move_that_cannot_be_stored_is_played_once_the_store_answers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)

    async def scenario() -> None:
        store = FaultyStore(MemoryStore())
        store.down(calls=4)
        live = await first_bot_move(MatchService(store, BotRunner(0)))  # type: ignore[arg-type]
        assert store.failed == 4
        assert live.state.to_move == 1
        assert store.inner.load(live.match_id).version == live.version
        # Four failed tries, one outage: logged when it began and when it ended.
        assert outage_lines(caplog, live.match_id) == (1, 1)

    asyncio.run(scenario())


def test_srv_a_broken_bot_pool_is_tried_again(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        live = await first_bot_move(MatchService(MemoryStore(), BreakingBots(breaks=3)))
        assert outage_lines(caplog, live.match_id) == (1, 1)

    asyncio.run(scenario())


def test_srv_a_person_moving_while_the_bot_waits_for_the_store_hears_catching_breath() -> None:
    store = FaultyStore(MemoryStore())
    with make_client(lambda: store) as client:  # type: ignore[arg-type, return-value]
        created = new_match(client, ("human", "heuristic"), seed=5)
        match_id, token = created["match_id"], created["tokens"][0]
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        store.down(after=1)  # the person's move is stored, the bot's answer is not
        first = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                            json={"version": 0, "action": view["legal_actions"][0]})
        assert first.status_code == 200, first.text
        wait_until(lambda: store.failed >= 1)
        after = first.json()
        assert after["version"] == 1 and after["to_move"] == 1
        again = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                            json={"version": 1, "action": view["legal_actions"][0]})
        assert again.status_code == 503, again.text
        assert again.json()["error"]["code"] == "catching_breath"
        assert again.headers["retry-after"] == "1"
        store.up()

        def bot_moved() -> bool:
            now = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
            return bool(now["version"] >= 2 and now["to_move"] == 0)

        wait_until(bot_moved)
        now = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        moved = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                            json={"version": now["version"], "action": now["legal_actions"][0]})
        assert moved.status_code == 200, moved.text


def test_srv_a_database_error_over_the_websocket_answers_and_keeps_the_socket() -> None:
    store = FaultyStore(MemoryStore())
    with make_client(lambda: store) as client:  # type: ignore[arg-type, return-value]
        created = new_match(client, ("human", "human"), seed=5)
        match_id, token = created["match_id"], created["tokens"][0]
        with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as ws:
            view = receive_view(ws)
            store.down()
            ws.send_json({"type": "action", "version": 0, "request_id": "r1",
                          "action": view["legal_actions"][0]})
            answer = receive(ws)
            assert answer["type"] == "error" and answer["request_id"] == "r1"
            assert answer["error"]["code"] == "catching_breath"
            store.up()
            ws.send_json({"type": "ping"})
            assert receive(ws) == {"type": "pong"}
            ws.send_json({"type": "action", "version": 0, "request_id": "r2",
                          "action": view["legal_actions"][0]})
            assert receive_view(ws, at_least=1)["version"] == 1


def test_srv_a_remote_move_is_reloaded_once_the_store_answers() -> None:
    """Two services on one store stand for two processes: the reload after the other's move
    is tried again until the store answers, and the watching socket's match catches up."""

    async def scenario() -> None:
        store = FaultyStore(MemoryStore(), methods=("load",))
        here = MatchService(store, BotRunner(0))  # type: ignore[arg-type]
        there = MatchService(store, BotRunner(0))  # type: ignore[arg-type]
        try:
            held = await moved_elsewhere(here, there)
            store.down(calls=3)
            here.remote_change(held.match_id, 1)
            await until(lambda: held.version == 1)
            assert store.failed == 3
        finally:
            await here.close()
            await there.close()

    asyncio.run(scenario())


def test_srv_a_change_nobody_waits_for_logs_its_error(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        changes = Changes()

        async def fails() -> None:
            await asyncio.sleep(0)
            raise RuntimeError("the disk is on fire")

        changes.start(fails)
        gate = asyncio.Event()

        async def fails_later() -> None:
            await gate.wait()
            raise RuntimeError("the caller left before this")

        caller = asyncio.create_task(changes.run(fails_later))
        await asyncio.sleep(0.01)
        caller.cancel()
        await asyncio.sleep(0.01)
        gate.set()
        await changes.wait()
        await asyncio.sleep(0.01)

    asyncio.run(scenario())
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [str(r.exc_info[1]) for r in logged if r.exc_info] == [
        "the disk is on fire", "the caller left before this"]


def hold_exclusive(database: Path, seconds: float, held: threading.Event) -> None:
    """Hold SQLite's exclusive lock on ``database`` for ``seconds``, from another
    connection (as a backup tool or a second program might)."""
    conn = sqlite3.connect(database, isolation_level=None)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        held.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def test_srv_sqlite_locked_while_a_heuristic_bot_is_to_move(tmp_path: Path) -> None:
    """The reported case: SQLite locked by another connection for 4 s (twice its busy
    timeout) while a heuristic bot is to move against a person; the bot moves afterwards,
    and the person's move meanwhile is answered ``catching_breath``."""
    settings = Settings(data_dir=tmp_path, bot_workers=0, bot_delay=1.0, rate_create=None,
                        rate_actions=None)
    with TestClient(create_app(settings)) as client:
        created = new_match(client, ("human", "heuristic"), seed=11)
        match_id, token = created["match_id"], created["tokens"][0]
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        moved = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                            json={"version": 0, "action": view["legal_actions"][0]})
        assert moved.status_code == 200, moved.text
        held = threading.Event()
        locker = threading.Thread(target=hold_exclusive,
                                  args=(tmp_path / "sunking.db", 4.0, held))
        locker.start()
        held.wait(LIMIT)
        time.sleep(1.5)  # the bot's delay is over: its move waits for the lock
        early = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                            json={"version": 1, "action": view["legal_actions"][0]})
        locker.join(LIMIT)

        def bot_moved() -> bool:
            now = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
            return bool(now["version"] >= 2)

        wait_until(bot_moved, 30)
        assert early.status_code == 503, early.text
        assert early.json()["error"]["code"] == "catching_breath"


def test_srv_the_pauses_between_tries_double_up_to_a_cap_with_jitter() -> None:
    backoff = Backoff(0.1, 2.0, Rng(5))
    pauses = [backoff.next() for _ in range(12)]
    bounds = [min(2.0, 0.1 * 2**i) for i in range(12)]
    assert all(b / 2 <= p <= b for p, b in zip(pauses, bounds, strict=True))
    assert len(set(pauses)) == len(pauses)  # jittered: no two alike


@pytest.mark.parametrize("mover", ["clock", "stand_in"])
def test_srv_a_clock_s_or_stand_in_s_move_that_cannot_be_stored_waits_for_the_store(
    mover: str,
) -> None:
    """The turn clock ran out, or the seat to move is away: the stand-in's move is tried
    again until the store answers."""

    async def scenario() -> None:
        store = FaultyStore(MemoryStore(), methods=("append_actions",))
        service = MatchService(store, BotRunner(0))  # type: ignore[arg-type]
        try:
            created = await service.create_match(MatchRequest(
                game="louis14", players=2, turn_clock_seconds=0.2 if mover == "clock" else None,
                seats=(SeatRequest("human", "A"), SeatRequest("human", "B"))))
            live, seat = await service.authenticate(created.record.match_id,
                                                    created.seat_tokens[0])
            store.down(calls=3)
            if mover == "stand_in":
                await service.leave(live, seat)
            await until(lambda: live.version >= 1)
            assert store.failed == 3
            assert store.inner.load(live.match_id).actions[0].mover == mover
        finally:
            await service.close()

    asyncio.run(scenario())
