"""Described boards: a viewer's MatchView in words, for the browser's generic renderer.

A described board (``docs/presentation.md``) is computed by the core's
:func:`~sunking.presentation.describe` from exactly what the viewer receives anyway: its
view, its legal actions, the visible tail of its event log and the seat names. So it can never
show more than the MatchView it rides in. A :class:`BoardCache` keeps the encoded board per
(version, viewer, language); only the current version is kept, so it holds at most one board
per viewer and supported language. The board's log is worded once per event
(:class:`WordedLog`), not again at every version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ... import presentation
from ...core.game import GameState
from ...core.registry import make
from ...presentation import describe, describe_events
from ..errors import ApiError, forbidden, malformed
from ..guards import encode_json
from ..storage import ActionRecord, MatchRecord
from .tutorials import start_state

LOG_LIMIT = 120
"""How many of the newest visible events the board's log holds."""


def bad_language(lang: str, known: Sequence[str]) -> ApiError:
    """The ``lang`` of a request is not a supported language (422)."""
    shown = lang if len(lang) <= 20 else lang[:20] + "…"
    return ApiError("unknown_language",
                    f"'lang' must be one of {', '.join(known)}, not {shown!r}", 422)


def check_language(lang: str | None, known: Sequence[str]) -> str | None:
    """``lang`` if it is absent or supported.

    Raises:
        ApiError: ``unknown_language`` for any other value.
    """
    if lang is None:
        return None
    if lang not in known:
        raise bad_language(lang, known)
    return lang


def seat_names(record: MatchRecord, lang: str) -> list[str]:
    """Every seat's name as the pages show it: the name chosen, else "Player n"; a bot by its
    kind and number ("Heuristic bot (2)")."""
    from ... import i18n

    names = []
    for seat in record.seats:
        n = seat.seat + 1
        if seat.kind == "bot":
            bot = i18n.translate(lang, f"bot.{str(seat.bot or '').replace(':', '.')}")
            names.append(i18n.translate(lang, "player.bot", n=n, bot=bot))
        else:
            names.append(seat.name or i18n.translate(lang, "lobby.default_name", n=n))
    return names


def board(record: MatchRecord, state: GameState, viewer: int | None,
          lang: str) -> dict[str, Any]:
    """The described board of ``viewer`` (``None``: the spectator) in ``lang``."""
    events = state.events(viewer)[-LOG_LIMIT:]
    described: dict[str, Any] = describe(
        record.game, state.view(viewer), legal_json(state, viewer), viewer, lang,
        seat_names(record, lang), events=events,
    )
    return described


def legal_json(state: GameState, viewer: int | None) -> list[dict[str, Any]]:
    """The legal actions ``viewer`` is offered (none but to the seat to move)."""
    if viewer is None or state.is_terminal or viewer != state.to_move:
        return []
    return [a.to_json() for a in state.legal_actions()]


def replay_board(record: MatchRecord, actions: tuple[ActionRecord, ...], last: GameState,
                 version: int, seat: int | None, lang: str) -> dict[str, Any] | None:
    """The described board of the replay frame at ``version``, as the spectator sees it, or
    as ``seat`` saw it once the match has finished (the replay's own rule, ``docs/web-api.md``):
    the position then, no actions, the log up to it. ``None`` for a game that declares no
    presentation.

    Raises:
        ApiError: ``malformed`` for a version the match has not reached; ``forbidden`` for a
            seat's board while the match runs.
    """
    if seat is not None and not last.is_terminal:
        raise forbidden("a seat's replay is shown once the match has finished")
    if seat is not None and not 0 <= seat < record.players:
        raise malformed(f"'seat' must be a seat from 0 to {record.players - 1}, not {seat}")
    game = make(record.game)
    state = start_state(record)
    state.quiet = True
    for stored in actions:
        if state.version >= version:
            break
        state = state.apply_unchecked(game.parse_action(stored.action), replay=True)
    if state.version != version:
        raise malformed(f"'version' must be a version of this match from 0 to {last.version}, "
                        f"not {version}")
    events = [e for e in last.events(seat) if int(e["version"]) <= version][-LOG_LIMIT:]
    try:
        described: dict[str, Any] = describe(
            record.game, state.view(seat), [], seat, lang, seat_names(record, lang),
            events=events,
        )
    except NotImplementedError:
        return None
    return described


class WordedLog:
    """One viewer's log in the words of one language, each event worded once.

    The log only grows, so each new version words only its own events (read with
    ``events(viewer, since=...)``), by the core's
    :func:`~sunking.presentation.describe_events`, the same wording the described board's
    log has; only the newest :data:`LOG_LIMIT` events are kept.
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self.upto: int | None = None
        """The version the worded log is complete up to (``None``: nothing worded)."""
        self.entries: list[dict[str, Any] | None] = []
        """One per visible event: its entry, or ``None`` for an event that says nothing."""

    def catch_up(self, record: MatchRecord, state: GameState, viewer: int | None,
                 lang: str) -> None:
        if self.upto is not None and state.version < self.upto:
            self.upto, self.entries = None, []
        if state.version == self.upto:
            return
        for event in state.events(viewer, since=self.upto):
            worded = describe_events(record.game, [event], lang, self.names, record.players)
            self.entries.append(worded[0] if worded else None)
        if len(self.entries) > 2 * LOG_LIMIT:
            del self.entries[:-LOG_LIMIT]
        self.upto = state.version

    def tail(self) -> list[dict[str, Any]]:
        """The entries of the newest :data:`LOG_LIMIT` events, oldest first."""
        return [entry for entry in self.entries[-LOG_LIMIT:] if entry is not None]


class BoardCache:
    """Encoded boards of one match's current version, per (viewer, language), and each
    viewer's worded log, which carries over from version to version."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.texts: dict[tuple[int | None, str], str] = {}
        self.logs: dict[tuple[int | None, str], WordedLog] = {}

    def text(self, record: MatchRecord, state: GameState, viewer: int | None,
             lang: str) -> str:
        """The board of ``viewer`` in ``lang`` at ``state``'s version, as JSON text
        (``null`` for a game that declares no presentation): :func:`board`, with the log
        worded once per event rather than once per version."""
        if self.version != state.version:
            self.version = state.version
            self.texts = {}
        key = (viewer, lang)
        text = self.texts.get(key)
        if text is None:
            names = seat_names(record, lang)
            try:
                reader = presentation.of(record.game)
                recent = reader.recent_versions
                events = reader.board_events(state.events(
                    viewer, since=max(0, state.version - recent))) if recent else ()
                described: dict[str, Any] | None = describe(
                    record.game, state.view(viewer), legal_json(state, viewer), viewer, lang,
                    names, events=events)
            except NotImplementedError:
                described = None  # the game declares no presentation: the client says so
            if described is not None:
                log = self.logs.get(key)
                if log is None or log.names != tuple(names):
                    log = self.logs[key] = WordedLog(names)
                log.catch_up(record, state, viewer, lang)
                described["log"] = log.tail()
            text = encode_json(described)
            self.texts[key] = text
        return text

    def clear(self) -> None:
        self.version = None
        self.texts = {}
        self.logs = {}
