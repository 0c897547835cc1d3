"""A match held in memory: its stored setup, its live game state, and the views of it.

The state is rebuilt from the stored setup and action log (a replay, every action checked), so
the log stays the truth and the state a cache. Views are built only from the core's
``GameState.view``, ``legal_actions``, ``events`` and ``result``; the per-seat parts are cached
for the current version.
"""

from __future__ import annotations

import asyncio
import bisect
import dataclasses
import json
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, TypeAlias

from ...bots.evaluator import evaluator
from ...core.game import GameState
from ...core.record import check_rules_version
from ...core.registry import make
from ..guards import encode_json
from ..storage import ActionRecord, MatchRecord, MatchStatus, StorageError, StoredMatch
from .boards import BoardCache
from .tutorials import is_tutorial, start_state

Viewer: TypeAlias = int | None
"""Who looks at a match: a seat, or ``None`` for the spectator."""


def replay_log(record: MatchRecord, actions: Sequence[ActionRecord],
               start: GameState | None = None) -> GameState:
    """The state after the stored actions, each one checked against the rules: all of them
    from the setup, or (given ``start``, the state after the first of them) the rest.

    Raises:
        RulesVersionMismatch: the match was started under another version of its game's
            rules than this server plays: it is never replayed under these.
        StorageError: a stored action is malformed or not legal where it stands.
        RulesError: the stored setup is not a valid game (unknown game, bad options).
    """
    game = make(record.game)
    if start is None:
        check_rules_version(game, record.rules_version, f"match {record.match_id}")
    state = start if start is not None else start_state(record)
    for stored in [a for a in actions if a.version >= state.version]:
        try:
            state = state.apply(game.parse_action(stored.action), seat=stored.seat,
                                version=stored.version)
        except ValueError as err:
            raise StorageError(
                f"match {record.match_id}: stored action at version {stored.version} does "
                f"not replay: {err}"
            ) from None
    return state


class SeatLog:
    """One viewer's event log, each event encoded to JSON once.

    The log only grows, so every new version adds only its own events (read from the state
    with ``events(viewer, since=...)``); a delta since a version is a slice of the texts.
    """

    def __init__(self) -> None:
        self.upto: int | None = None
        """The version the encoded log is complete up to (``None``: nothing encoded)."""
        self.texts: list[str] = []
        self.versions: list[int] = []

    def catch_up(self, state: GameState, viewer: Viewer) -> None:
        """Encode the events ``viewer`` may see that ``state`` has after :attr:`upto`."""
        if self.upto is not None and state.version < self.upto:
            self.upto, self.texts, self.versions = None, [], []
        if state.version == self.upto:
            return
        for event in state.events(viewer, since=self.upto):
            self.texts.append(encode_json(event))
            self.versions.append(int(event["version"]))
        self.upto = state.version

    def since(self, version: int | None) -> str:
        """The JSON list of the events of the versions after ``version`` (all: ``None``)."""
        start = 0 if version is None else bisect.bisect_right(self.versions, version)
        return "[" + ",".join(self.texts[start:]) + "]"


def _same_move(mine: ActionRecord, stored: ActionRecord) -> bool:
    """Whether two records of one version are the same stored move."""
    return (mine.version, mine.seat, mine.request_id, mine.mover) == \
        (stored.version, stored.seat, stored.request_id, stored.mover)


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
    seen: dict[int, float] = dataclasses.field(default_factory=dict)
    """When each seat last asked for its view in this process (seconds since the epoch)."""
    _parts: dict[Viewer, tuple[tuple[int, bool], str]] = dataclasses.field(default_factory=dict)
    """Per viewer, the version and the encoded parts of its MatchView that only the state
    decides (``view``, ``legal_actions``, ``result``)."""
    _logs: dict[Viewer, SeatLog] = dataclasses.field(default_factory=dict)
    _texts: dict[
        Viewer, tuple[tuple[Any, ...], dict[tuple[int | None, str | None], str]]
    ] = dataclasses.field(default_factory=dict)
    """Per viewer, the stamp of what the texts show and the MatchView texts by ``since`` and
    the language of the described board (``None``: no board)."""
    _boards: BoardCache = dataclasses.field(default_factory=BoardCache)
    turn_version: int = 0
    """The version at which the decision pending began: what was said out of turn since
    (an address, a fine) leaves a move computed from a later version good (after loading,
    the version loaded)."""
    driver: str | None = None
    """The server process that moves this match's bots and clocks (``None``: none yet)."""
    abandoned: bool = False
    """Closed as abandoned: kept for its replay, nothing more is played."""
    _requests: tuple[list[ActionRecord] | None, int, set[tuple[int, str | None]]] = \
        dataclasses.field(default_factory=lambda: (None, 0, set()))
    """The log :meth:`has_request` indexed, how many of its actions, and their ``(seat,
    request_id)``."""

    @classmethod
    def from_stored(cls, stored: StoredMatch) -> LiveMatch:
        """Rebuild a match from storage (see :func:`replay_log` for what is raised: a match
        of another rules version among it)."""
        state = replay_log(stored.match, stored.actions)
        return cls(stored.match, state, list(stored.actions), stored.turn_deadline,
                   turn_version=state.version, driver=stored.driver,
                   abandoned=stored.status == "abandoned")

    def catch_up(self, stored: StoredMatch) -> None:
        """Take what storage holds (a move another process stored, a seat filled, …). When
        this match's log begins the stored one, as it does unless storage was replaced, only
        the later moves are replayed and the log grows in place; else the whole log is."""
        known, record = self.actions, self.record
        begins = (
            self.state.version == len(known) <= len(stored.actions)
            and (stored.match.game, stored.match.players, stored.match.seed,
                 stored.match.options) == (record.game, record.players, record.seed,
                                           record.options)
            and (not known or _same_move(known[-1], stored.actions[len(known) - 1]))
        )
        if begins:
            self.state = replay_log(stored.match, stored.actions, self.state)
            known.extend(stored.actions[len(known):])
        else:
            self.state = replay_log(stored.match, stored.actions)
            self.actions = list(stored.actions)
        self.record, self.turn_deadline = stored.match, stored.turn_deadline
        self.turn_version, self.driver = self.state.version, stored.driver
        self.abandoned = stored.status == "abandoned"
        self.forget_views()

    @property
    def match_id(self) -> str:
        return self.record.match_id

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def status(self) -> MatchStatus:
        if self.state.is_terminal:
            return "finished"
        if self.abandoned:
            return "abandoned"
        return "waiting" if self.record.waiting else "active"

    def has_request(self, seat: int, request_id: str) -> bool:
        """Whether ``seat`` already sent an action under ``request_id``: an index of the
        log's requests, brought up to date here (the log only grows, or a reload replaces
        it whole), so that a move costs the same at version 10 and at version 500."""
        actions = self.actions
        indexed, seen, requests = self._requests
        if indexed is not actions:
            seen, requests = 0, set()
        if seen < len(actions):
            requests.update((a.seat, a.request_id) for a in actions[seen:]
                            if a.request_id is not None)
            self._requests = (actions, len(actions), requests)
        return (seat, request_id) in requests

    def forget_views(self) -> None:
        """Drop every cached view (after the state was replaced by a reload)."""
        self._parts.clear()
        self._logs.clear()
        self._texts.clear()
        self._boards.clear()

    # --- views --------------------------------------------------------------------------

    def _seat_parts(self, viewer: Viewer) -> str:
        resigned = viewer is not None and self.record.seats[viewer].gone == "resigned"
        key = (self.version, self.record.waiting or self.abandoned or resigned)
        cached = self._parts.get(viewer)
        if cached is not None and cached[0] == key:
            return cached[1]
        if self.record.waiting:
            # Nothing of the game is shown before it starts: no hand, no board, no moves.
            text = '"view":null,"legal_actions":[],"result":null'
            self._parts[viewer] = (key, text)
            return text
        state = self.state
        legal = (
            [a.to_json() for a in state.legal_actions()]
            if viewer is not None and viewer == state.to_move and not self.record.waiting
            and not self.abandoned and not resigned else []
        )
        result = state.result().to_json() if state.is_terminal else None
        text = (f'"view":{encode_json(state.view(viewer))},"legal_actions":{encode_json(legal)},'
                f'"result":{encode_json(result)}')
        self._parts[viewer] = (key, text)
        return text

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
                "claimed": s.claimed,
                "connected": s.kind == "bot" or self.connected[s.seat] > 0,
                "away": s.away, "gone": s.gone, "clock_seconds_left": left,
                "bank_seconds": None if s.bank_left is None else round(s.bank_left, 1),
            })
        return out

    def view_text(self, viewer: Viewer, now: float, since: int | None = None,
                  lang: str | None = None) -> str:
        """The MatchView of ``docs/web-api.md`` for ``viewer``, as JSON text.

        With ``since`` (a version at most the current one) ``events`` holds only the events
        of the later versions and ``events_since`` says so; without it, the whole log. Texts
        are cached while nothing in them changes (never while a turn clock runs), so each is
        encoded once per viewer and version. With ``lang`` the view also carries ``board``,
        the viewer's described board in that language (:mod:`.boards`).

        Raises:
            ValueError: ``since`` is negative or after the current version.
        """
        if since is not None and not 0 <= since <= self.version:
            raise ValueError(f"'since' must be a version from 0 to {self.version}, not {since}")
        stamp = (
            self.version, self.abandoned,
            tuple(self.connected[s.seat] > 0 for s in self.record.seats),
            tuple((s.kind, s.name, s.away, s.gone) for s in self.record.seats),
        )
        cached = self._texts.get(viewer)
        if cached is None or cached[0] != stamp or self.turn_deadline is not None:
            cached = (stamp, {})
            self._texts[viewer] = cached
        text = cached[1].get((since, lang))
        if text is not None:
            return text
        waiting = self.record.waiting
        log = self._logs.get(viewer)
        if log is None:
            log = self._logs[viewer] = SeatLog()
        if not waiting:
            log.catch_up(self.state, viewer)
        head = self._head(viewer, now)
        tail = "" if since is None else f',"events_since":{since}'
        if lang is not None:
            board = ("null" if waiting
                     else self._boards.text(self.record, self.state, viewer, lang))
            tail += f',"board":{board}'
        events = "[]" if waiting else log.since(since)
        text = f'{head[:-1]},{self._seat_parts(viewer)},"events":{events}{tail}}}'
        if len(cached[1]) > 8:
            cached[1].clear()
        cached[1][(since, lang)] = text
        return text

    def _head(self, viewer: Viewer, now: float) -> str:
        """The MatchView's fields about the match and its seats, as a JSON object's text (no
        seat to move while the table waits)."""
        return encode_json({
            "match_id": self.match_id,
            "game": self.record.game,
            "players": self.record.players,
            "language": self.record.language,
            "version": self.version,
            "status": self.status,
            "seat": viewer,
            "seats": self.seats_json(now),
            "to_move": None if self.record.waiting else self.state.to_move,
            "can_undo": (viewer is not None and not self.record.waiting
                         and not is_tutorial(self.record.options)
                         and self.state.can_undo(viewer)),
            "options": self.record.options,
            "host_seat": self.record.host_seat,
            "hints": self.record.hints,
            "practice": self.record.practice,
            "rules_version": self.record.rules_version,
            "seed": self.record.seed if self.state.is_terminal else None,
        })

    def view_message(self, viewer: Viewer, now: float, since: int | None = None,
                     lang: str | None = None) -> str:
        """The websocket message carrying :meth:`view_text`."""
        return f'{{"type":"view","view":{self.view_text(viewer, now, since, lang)}}}'

    def match_view(self, viewer: Viewer, now: float, since: int | None = None,
                   lang: str | None = None) -> dict[str, Any]:
        """:meth:`view_text` decoded (for callers that want the data)."""
        view: dict[str, Any] = json.loads(self.view_text(viewer, now, since, lang))
        return view

    def replay_source(self) -> tuple[MatchRecord, tuple[ActionRecord, ...], GameState]:
        """What :func:`build_replay` needs, taken at one version (safe to use off the loop)."""
        return self.record, tuple(self.actions), self.state


def build_replay(
    record: MatchRecord, actions: tuple[ActionRecord, ...], last: GameState
) -> dict[str, Any]:
    """Every version as a frame: public information while the match runs, everything once it
    has finished (``docs/web-api.md``), then also the options and actions that rebuild the
    game (``sunking review`` reads them) and each frame's win chances per seat by the game's
    fast evaluator (the commentator's; never while the match runs: they judge hidden cards).
    ``last`` is the state after ``actions``."""
    finished = last.is_terminal
    game = make(record.game)
    judge = evaluator(record.game).win_chances
    by_version: defaultdict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in last.events(None, everything=finished):
        by_version[int(event["version"])].append(event)
    state = start_state(record)
    state.quiet = True
    frames = []
    for index in range(len(actions) + 1):
        if index:
            state = state.apply_unchecked(game.parse_action(actions[index - 1].action),
                                          replay=True)
        frames.append({
            "version": state.version,
            "to_move": state.to_move,
            "view": state.view(None),
            "events": by_version.get(state.version, []),
            "views": [state.view(s) for s in range(state.num_players)] if finished else None,
            "chances": [round(float(c), 4) for c in judge(state)] if finished else None,
        })
    return {
        "match_id": record.match_id, "game": record.game, "players": record.players,
        "rules_version": record.rules_version,
        "status": "finished" if finished else "active", "practice": record.practice,
        "seed": record.seed if finished else None, "frames": frames,
        "options": dict(record.options) if finished else None,
        "actions": [a.action for a in actions] if finished else None,
    }
