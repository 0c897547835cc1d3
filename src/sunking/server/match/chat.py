"""The table chat of a match: messages from seats to the whole table or to chosen seats.

A message is written by a seat (never by a bot), checked (plain text of 1 to
:data:`MAX_CHARS` characters, recipients that are other seats of the match), rate-limited per
seat, **stored** with the match, then published. Everyone at the table and the spectator read
the public messages; a private message (``to``: seats) is read only by its writer and its
recipients. Spectators (the spectator token) write to the spectators' channel under a name of
their choosing (seat :data:`SPECTATORS`, never private): spectators read it, and a seat only if
it asked to (``spectators``), so that no player is distracted by accident. The chat is kept in
memory per match once read, loaded from storage on first use, so it survives a restart. Texts
are stored and sent as written: clients show them as text.
"""

from __future__ import annotations

import asyncio
import math
import unicodedata
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ..errors import ApiError, malformed
from ..storage import ChatRecord, MatchStore, StorageError, VersionConflict
from ..transport.pubsub import PubSub
from .live import LiveMatch, Viewer
from .request import clean_name

T = TypeVar("T")

MAX_CHARS = 500
"""The longest message, in characters."""
RATE_COUNT = 5
RATE_SECONDS = 10.0
"""A seat writes at most :data:`RATE_COUNT` messages in any :data:`RATE_SECONDS` seconds."""
MAX_MESSAGES = 5000
"""The most messages one match keeps; the table is told when it is full."""

SPECTATORS = -1
"""The seat number of a spectator's line (in storage; the API sends ``seat`` null)."""

Caller = Callable[..., Awaitable[Any]]
Said = Callable[[int, str], Awaitable[None]]
"""What a message said at the table does besides (the seat, the text)."""


CHANNEL_SUFFIX = "/chat"


def chat_channel(match_id: str) -> str:
    """The pub/sub key on which a match's new chat messages are announced (by number)."""
    return f"{match_id}{CHANNEL_SUFFIX}"


def chat_match(channel: str) -> str | None:
    """The match whose chat ``channel`` is (None: the channel is a match's own)."""
    return channel.removesuffix(CHANNEL_SUFFIX) if channel.endswith(CHANNEL_SUFFIX) else None


def clean_text(raw: object) -> str:
    """The message text: control characters but line breaks removed, ends trimmed.

    Raises:
        ApiError: ``malformed`` if it is not a string of 1 to :data:`MAX_CHARS` characters.
    """
    if not isinstance(raw, str):
        raise malformed("'text' must be a string")
    text = "".join(
        ch for ch in raw.replace("\r\n", "\n").replace("\t", " ")
        if ch == "\n" or unicodedata.category(ch) != "Cc"
    ).strip()
    if not text:
        raise malformed("'text' is empty")
    if len(text) > MAX_CHARS:
        raise malformed(f"'text' has {len(text)} characters; a message has at most {MAX_CHARS}")
    return text


def recipients(raw: object, live: LiveMatch, writer: int) -> tuple[int, ...] | None:
    """The seats a message goes to (``None``: the whole table, spectators included).

    Raises:
        ApiError: ``malformed`` unless ``raw`` is null or a non-empty list of distinct seats of
            the match other than the writer's.
    """
    if raw is None:
        return None
    players = live.record.players
    if not isinstance(raw, list) or not raw:
        raise malformed("'to' must be a non-empty list of seats, or left out for everyone")
    seats: list[int] = []
    for seat in raw:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise malformed(f"'to' holds {seat!r}, not a seat from 0 to {players - 1}")
        if seat == writer:
            raise malformed("'to' names the writer's own seat; name the other seats")
        if seat in seats:
            raise malformed(f"'to' names seat {seat} twice")
        seats.append(seat)
    return tuple(sorted(seats))


def spectator_name(raw: object) -> str:
    """The name a spectator writes under (plain text on one line, as a seat's name).

    Raises:
        ApiError: ``malformed``, naming what is wrong.
    """
    if raw is None:
        raise malformed("'name' is missing: a spectator writes under a name of 1 to 40 "
                        "characters")
    try:
        return clean_name(raw)
    except ValueError as err:
        raise malformed(f"'name': {err}") from None


def writer(viewer: Viewer, to: object, name: object) -> tuple[int, str | None]:
    """The seat a line is stored under and its spectator's name (None: a seat's line).

    Raises:
        ApiError: ``malformed``: a spectator's ``to`` or bad name, a seat's ``name``.
    """
    if viewer is None:
        if to is not None:
            raise malformed("'to' is for a seat's private message; spectators write to the "
                            "spectators only")
        return SPECTATORS, spectator_name(name)
    if name is not None:
        raise malformed("'name' is for a spectator's line; a seat writes under its seat's name")
    return viewer, None


def can_read(message: ChatRecord, viewer: Viewer, spectators: bool = False) -> bool:
    """Whether ``viewer`` may read ``message``: public ones everyone; private ones only the
    writer and the recipients; spectators' lines the spectators, and a seat only if it chose to
    hear them (``spectators``); a line removed with its writer's account, nobody."""
    if not message.text:
        return False
    if message.seat == SPECTATORS:
        return viewer is None or spectators
    if message.to is None:
        return True
    return viewer is not None and (viewer == message.seat or viewer in message.to)


def message_json(live: LiveMatch, message: ChatRecord) -> dict[str, Any]:
    """A message as the API sends it (``docs/web-api.md``)."""
    if message.seat == SPECTATORS:
        return {"id": message.number, "seat": None, "spectator": True, "name": message.author,
                "to": None, "text": message.text, "version": message.version,
                "at": message.created_at}
    return {
        "id": message.number, "seat": message.seat, "name": live.record.seats[message.seat].name,
        "to": None if message.to is None else list(message.to), "text": message.text,
        "version": message.version, "at": message.created_at,
    }


class TableChat:
    """The chats of every match of one server process.

    ``call`` runs a blocking storage call off the event loop; ``clock`` is the wall clock.
    """

    def __init__(self, store: MatchStore, pubsub: PubSub, call: Caller,
                 clock: Callable[[], float]) -> None:
        self.store = store
        self.pubsub = pubsub
        self.call = call
        self.clock = clock
        self._chats: dict[str, list[ChatRecord]] = {}
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._recent: defaultdict[tuple[str, int], deque[float]] = defaultdict(deque)

    def forget(self, match_id: str) -> None:
        """Drop what is kept of an idle match's chat; it reloads from storage when asked for.
        A chat being written to is kept."""
        if self._writing(match_id):
            return
        self._chats.pop(match_id, None)
        self._locks.pop(match_id, None)
        for key in [k for k in self._recent if k[0] == match_id]:
            del self._recent[key]

    def stale(self, match_id: str) -> None:
        """Another process wrote to the match's chat: read it from storage when next asked
        (a post under way here finds out by its own conflict)."""
        if not self._writing(match_id):
            self._chats.pop(match_id, None)

    def _writing(self, match_id: str) -> bool:
        """Whether a message is being written to the match's chat in this process."""
        lock = self._locks.get(match_id)
        return lock is not None and lock.locked()

    async def messages(self, match_id: str) -> list[ChatRecord]:
        """Every message of the match (loaded from storage on first use)."""
        chat = self._chats.get(match_id)
        if chat is None:
            async with self._locks[match_id]:
                chat = self._chats.get(match_id)
                if chat is None:
                    loaded: tuple[ChatRecord, ...] = await self.call(self.store.load_chat,
                                                                     match_id)
                    chat = self._chats[match_id] = list(loaded)
        return chat

    async def read(self, live: LiveMatch, viewer: Viewer, after: int | None = None,
                   hidden: frozenset[int] = frozenset(), spectators: bool = False,
                   ) -> tuple[list[dict[str, Any]], int]:
        """The messages ``viewer`` may read, oldest first (with ``after``, only those with a
        higher id; never those of the ``hidden`` seats, which he muted or blocked; the
        spectators' lines only to spectators and to a seat that asks for them, ``spectators``),
        and the id of the match's last message (-1: none), taken at one moment."""
        chat = await self.messages(live.match_id)
        start = -1 if after is None else after
        readable = [message_json(live, m) for m in chat[start + 1:]
                    if can_read(m, viewer, spectators) and m.seat not in hidden]
        return readable, len(chat) - 1

    async def post(self, live: LiveMatch, viewer: Viewer, text: object,
                   to: object = None, before: Said | None = None, name: object = None,
                   ) -> dict[str, Any]:
        """Check, store and publish a seat's message, or a spectator's under ``name`` (to
        the spectators' channel; ``before`` does not run); returns it as sent. ``before`` (the
        seat, the clean text) runs once the message is found good, before it is stored; an
        error it raises stops the message.

        Raises:
            ApiError: ``malformed`` (text, recipients, a spectator's name or his ``to``),
                ``rate_limited`` (429; the spectators share one allowance) or ``chat_full``
                (409); any of ``before``'s.
        """
        seat, author = writer(viewer, to, name)
        body = clean_text(text)
        targets = None if viewer is None else recipients(to, live, seat)
        if viewer is None:
            before = None
        now = self.clock()
        recent = self._recent[(live.match_id, seat)]
        while recent and recent[0] <= now - RATE_SECONDS:
            recent.popleft()
        if len(recent) >= RATE_COUNT:
            wait = max(1, math.ceil(recent[0] + RATE_SECONDS - now))
            error = ApiError("rate_limited",
                             f"at most {RATE_COUNT} messages in {RATE_SECONDS:g} seconds; "
                             f"write again in {wait} s", 429)
            error.retry_after = wait
            raise error
        if before is not None:
            recent.append(now)  # counted even if refused: judging costs like a message
            await before(seat, body)
        await self.messages(live.match_id)
        async with self._locks[live.match_id]:
            # Read under the lock: a conflict in another post may have reloaded the list.
            chat = self._chats[live.match_id]
            if len(chat) >= MAX_MESSAGES:
                raise ApiError("chat_full", f"this table's chat holds {MAX_MESSAGES} messages, "
                               "its most", 409)
            message = ChatRecord(len(chat), seat, targets, body, live.version, now, author)
            try:
                await self.call(self.store.append_chat, live.match_id, message)
            except VersionConflict:
                # Another process wrote to this match's chat: take the stored chat as it is.
                self._chats[live.match_id] = list(
                    await self.call(self.store.load_chat, live.match_id))
                raise ApiError("chat_busy", "another message was written at the same moment; "
                               "send yours again", 409) from None
            except StorageError as err:
                raise ApiError("unknown_match", str(err), 404) from None
            chat.append(message)
            if before is None:
                recent.append(now)
        self.pubsub.publish(chat_channel(live.match_id), message.number)
        return message_json(live, message)
