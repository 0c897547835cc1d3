"""A finished match's replay kept in storage: its frames as they were shown when it finished,
compressed, so that its replay can still be shown after its game's rules changed (a match
of another rules version is never replayed under the new rules, ``docs/server.md``).

The server keeps the replay when a match finishes (:func:`pack`, in ``replays``); the
replay routes answer from it (:class:`KeptReplay`) for a finished match their rules can no
longer replay. A match finished before replays were kept, of another rules version, keeps
the clear refusal (``rules_version``).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import zlib
from collections.abc import Sequence
from typing import Any

from ...core.game import GameState
from ...presentation import describe
from ..errors import forbidden, malformed
from ..storage import ActionRecord, MatchRecord
from .boards import LOG_LIMIT, seat_names
from .live import Viewer, build_replay
from .tokens import same_hash, token_hash

log = logging.getLogger(__name__)


def pack(record: MatchRecord, actions: tuple[ActionRecord, ...], last: GameState,
         views: Sequence[dict[str, Any]]) -> bytes:
    """The replay of a finished match to keep, as compressed JSON: :func:`~.live.build_replay`'s
    frames, and each viewer's log and final MatchView (``views``; the spectator's, then each
    seat's)."""
    logs = [last.events(viewer) for viewer in viewers(record.players)]
    replay = build_replay(record, actions, last)
    text = json.dumps({"replay": replay, "logs": logs, "views": list(views)},
                      separators=(",", ":"))
    return zlib.compress(text.encode(), 6)


def holder(record: MatchRecord, digest: str) -> Viewer:
    """Whose token hash ``digest`` is in the match ``record``: a seat, None (the spectator),
    or -1."""
    viewer: Viewer = -1
    for seat in record.seats:
        if same_hash(seat.token_hash, digest):
            viewer = seat.seat
    if same_hash(record.spectator_hash, digest):
        viewer = None
    return viewer


def viewers(players: int) -> tuple[Viewer, ...]:
    """The viewers of a match whose views and logs are kept, in their order: the spectator,
    then each seat."""
    return (None, *range(players))


@dataclasses.dataclass(frozen=True, slots=True)
class KeptReplay:
    """A kept replay with the match it is of."""

    record: MatchRecord
    replay: dict[str, Any]
    logs: Sequence[Sequence[dict[str, Any]]]
    views: Sequence[dict[str, Any]]

    @classmethod
    def unpack(cls, record: MatchRecord, frames: bytes) -> KeptReplay:
        kept = json.loads(zlib.decompress(frames))
        return cls(record, kept["replay"], kept["logs"], kept["views"])

    def viewer(self, token: str | None, account_id: str | None) -> Viewer:
        """Whose token (or, without one, signed-in account) this is in the match: a seat,
        None for the spectator, -1 for nobody of it."""
        if token is None:
            held = [s.seat for s in self.record.seats
                    if account_id is not None and s.account_id == account_id]
            return held[0] if held else -1
        return holder(self.record, token_hash(token))

    def answer(self) -> dict[str, Any]:
        """The replay's answer as the replay route gives it (without the chat)."""
        return {**self.replay, "chat": []}

    def match_view(self, viewer: Viewer, lang: str | None) -> dict[str, Any]:
        """``viewer``'s MatchView as the match ended; with ``lang``, its described board."""
        view = dict(self.views[0 if viewer is None else viewer + 1])
        if lang is not None:
            view["board"] = self.board(self.replay["frames"][-1]["version"], viewer, lang)
        return view

    def board(self, version: int, seat: int | None, lang: str) -> dict[str, Any] | None:
        """The described board of the frame at ``version`` as :func:`~.boards.replay_board`
        gives it, from the kept frames; None where the game's words of today cannot read
        them (logged).

        Raises:
            ApiError: ``malformed`` for a version or seat the match does not have.
        """
        record = self.record
        if seat is not None and not 0 <= seat < record.players:
            raise malformed(f"'seat' must be a seat from 0 to {record.players - 1}, not {seat}")
        frames = self.replay["frames"]
        frame = next((f for f in frames if f["version"] == version), None)
        if frame is None:
            raise malformed(f"'version' must be a version of this match from 0 to "
                            f"{frames[-1]['version']}, not {version}")
        views = frame.get("views")
        if seat is not None and not views:
            raise forbidden("a seat's replay is shown once the match has finished")
        view = frame["view"] if seat is None else views[seat]
        seen = self.logs[0 if seat is None else seat + 1]
        events = [e for e in seen if int(e["version"]) <= version][-LOG_LIMIT:]
        try:
            described: dict[str, Any] = describe(
                record.game, view, [], seat, lang, seat_names(record, lang), events=events)
        except NotImplementedError:
            return None
        except (KeyError, IndexError, TypeError, ValueError) as err:
            log.info("match %s's kept frame %d cannot be worded: %r", record.match_id,
                     version, err)
            return None
        return described
