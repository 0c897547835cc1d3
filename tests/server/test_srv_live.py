"""A match in memory: the index of the requests its seats sent."""

from __future__ import annotations

from typing import Any, cast

from sunking.server.match.live import LiveMatch
from sunking.server.storage import ActionRecord


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
