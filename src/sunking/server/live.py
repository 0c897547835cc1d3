"""A match held in memory: its stored setup, its live game state, and the views of it.

The state is rebuilt from the stored setup and action log (a replay, every action checked), so
the log stays the truth and the state a cache. Views are built only from the core's
``GameState.view``, ``legal_actions``, ``events`` and ``result``; the per-seat parts are cached
for the current version.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections import defaultdict
from typing import Any, TypeAlias

from ..core.game import GameState
from ..core.registry import make
from .storage import ActionRecord, MatchRecord, MatchStatus, StorageError, StoredMatch

Viewer: TypeAlias = int | None
"""Who looks at a match: a seat, or ``None`` for the spectator."""


def replay_log(record: MatchRecord, actions: tuple[ActionRecord, ...]) -> GameState:
    """The state after the stored actions, each one checked against the rules.

    Raises:
        StorageError: a stored action is malformed or not legal where it stands.
        RulesError: the stored setup is not a valid game (unknown game, bad options).
    """
    game = make(record.game)
    state = game.new_game(record.players, record.seed, **record.options)
    for stored in actions:
        try:
            state = state.apply(game.parse_action(stored.action), seat=stored.seat,
                                version=stored.version)
        except ValueError as err:
            raise StorageError(
                f"match {record.match_id}: stored action at version {stored.version} does "
                f"not replay: {err}"
            ) from None
    return state


@dataclasses.dataclass
class LiveMatch:
    """One match in memory. Change it only under :attr:`lock`."""

    record: MatchRecord
    state: GameState
    actions: list[ActionRecord]
    turn_deadline: float | None
    lock: asyncio.Lock = dataclasses.field(default_factory=asyncio.Lock)
    connected: defaultdict[int, int] = dataclasses.field(
        default_factory=lambda: defaultdict(int)
    )
    """Open websockets per seat."""
    _parts: dict[Viewer, tuple[int, dict[str, Any]]] = dataclasses.field(default_factory=dict)
    _texts: dict[Viewer, tuple[tuple[Any, ...], str]] = dataclasses.field(default_factory=dict)
    _event_texts: dict[Viewer, tuple[int, str]] = dataclasses.field(default_factory=dict)
    """Per viewer, how many events are encoded and their JSON (the log only grows, so each
    event is encoded once)."""

    @classmethod
    def from_stored(cls, stored: StoredMatch) -> LiveMatch:
        """Rebuild a match from storage (see :func:`replay_log` for what is raised)."""
        state = replay_log(stored.match, stored.actions)
        return cls(stored.match, state, list(stored.actions), stored.turn_deadline)

    @property
    def match_id(self) -> str:
        return self.record.match_id

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def status(self) -> MatchStatus:
        return "finished" if self.state.is_terminal else "active"

    def has_request(self, seat: int, request_id: str) -> bool:
        """Whether ``seat`` already sent an action under ``request_id``."""
        return any(a.seat == seat and a.request_id == request_id for a in self.actions)

    # --- views --------------------------------------------------------------------------

    def _seat_parts(self, viewer: Viewer) -> dict[str, Any]:
        cached = self._parts.get(viewer)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        state = self.state
        to_move = state.to_move
        parts: dict[str, Any] = {
            "view": state.view(viewer),
            "legal_actions": (
                [a.to_json() for a in state.legal_actions()]
                if viewer is not None and viewer == to_move else []
            ),
            "events": state.events(viewer),
            "result": state.result().to_json() if state.is_terminal else None,
        }
        self._parts[viewer] = (self.version, parts)
        return parts

    def seats_json(self, now: float) -> list[dict[str, Any]]:
        """The seats as the MatchView shows them."""
        to_move = self.state.to_move
        out = []
        for s in self.record.seats:
            left = None
            if self.turn_deadline is not None and s.seat == to_move:
                left = round(max(0.0, self.turn_deadline - now), 1)
            out.append({
                "seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                "connected": s.kind == "bot" or self.connected[s.seat] > 0,
                "away": s.away, "clock_seconds_left": left,
            })
        return out

    def match_view(self, viewer: Viewer, now: float) -> dict[str, Any]:
        """The MatchView of ``docs/web-api.md`` for ``viewer``."""
        parts = self._seat_parts(viewer)
        return {
            "match_id": self.match_id,
            "game": self.record.game,
            "players": self.record.players,
            "language": self.record.language,
            "version": self.version,
            "status": self.status,
            "seat": viewer,
            "seats": self.seats_json(now),
            "to_move": self.state.to_move,
            **parts,
        }

    def view_message(self, viewer: Viewer, now: float) -> str:
        """The websocket message carrying ``viewer``'s view, encoded (cached while nothing
        in it changes; never cached while a turn clock runs)."""
        stamp = (
            self.version,
            tuple(self.connected[s.seat] > 0 for s in self.record.seats),
            tuple(s.away for s in self.record.seats),
        )
        cached = self._texts.get(viewer)
        if cached is not None and cached[0] == stamp and self.turn_deadline is None:
            return cached[1]
        view = self.match_view(viewer, now)
        events = view.pop("events")
        body = _encode(view)
        log = self._events_json(viewer, events)
        text = f'{{"type":"view","view":{body[:-1]},"events":{log}}}}}'
        self._texts[viewer] = (stamp, text)
        return text

    def _events_json(self, viewer: Viewer, events: list[dict[str, Any]]) -> str:
        count, text = self._event_texts.get(viewer, (0, ""))
        if count > len(events):
            count, text = 0, ""
        fresh = ",".join(_encode(e) for e in events[count:])
        text = f"{text},{fresh}" if text and fresh else text or fresh
        self._event_texts[viewer] = (len(events), text)
        return f"[{text}]"

    def replay_source(self) -> tuple[MatchRecord, tuple[ActionRecord, ...], GameState]:
        """What :func:`build_replay` needs, taken at one version (safe to use off the loop)."""
        return self.record, tuple(self.actions), self.state


def _encode(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def build_replay(
    record: MatchRecord, actions: tuple[ActionRecord, ...], last: GameState
) -> dict[str, Any]:
    """Every version as a frame: public information while the match runs, everything once it
    has finished (``docs/web-api.md``). ``last`` is the state after ``actions``."""
    finished = last.is_terminal
    game = make(record.game)
    by_version: defaultdict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in last.events(None, everything=finished):
        by_version[int(event["version"])].append(event)
    state = game.new_game(record.players, record.seed, **record.options)
    state.quiet = True
    frames = []
    for index in range(len(actions) + 1):
        if index:
            state = state.apply_unchecked(game.parse_action(actions[index - 1].action))
        frames.append({
            "version": state.version,
            "to_move": state.to_move,
            "view": state.view(None),
            "events": by_version.get(state.version, []),
            "views": [state.view(s) for s in range(state.num_players)] if finished else None,
        })
    return {
        "match_id": record.match_id, "game": record.game, "players": record.players,
        "status": "finished" if finished else "active", "frames": frames,
    }
