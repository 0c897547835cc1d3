"""A match in memory: the index of the requests its seats sent, and catching up with
another process's moves."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from test_srv_faults import moved_elsewhere, until

from sunking.server.match.live import LiveMatch
from sunking.server.match.service import MatchService
from sunking.server.storage import ActionRecord, MemoryStore
from sunking.server.workers.bots import BotRunner


def _action(version: int, seat: int, request_id: str | None) -> ActionRecord:
    return ActionRecord(version, seat, {"type": "pass"}, request_id, "seat", 0.0)


def test_srv_live_knows_each_request_as_the_log_grows_and_after_a_reload() -> None:
    live = LiveMatch(cast(Any, None), cast(Any, None), [_action(0, 0, "a")], None)
    assert live.has_request(0, "a")
    assert not live.has_request(1, "a")  # another seat's request of the same id
    live.actions.append(_action(1, 1, "b"))
    live.actions.append(_action(2, 0, None))
    assert live.has_request(1, "b") and not live.has_request(0, "b")
    # A reload replaces the log whole: the index follows the new one, not the old.
    live.actions = [_action(0, 2, "c")]
    assert live.has_request(2, "c")
    assert not live.has_request(0, "a") and not live.has_request(1, "b")


def test_srv_a_remote_move_is_replayed_onto_the_match_held_here() -> None:
    """Another process's move is taken by replaying only that move: the log held here grows
    in place (its request index kept) and ends where a replay of the whole log ends."""

    async def scenario() -> None:
        store = MemoryStore()
        here, there = MatchService(store, BotRunner(0)), MatchService(store, BotRunner(0))
        try:
            held = await moved_elsewhere(here, there)
            log = held.actions
            here.remote_change(held.match_id, 1)
            await until(lambda: held.version == 1)
            assert held.actions is log and len(log) == 1
            whole = LiveMatch.from_stored(store.load(held.match_id))
            assert held.state.to_json() == whole.state.to_json()
            assert held.actions == whole.actions and held.turn_version == whole.turn_version
        finally:
            await here.close()
            await there.close()

    asyncio.run(scenario())
