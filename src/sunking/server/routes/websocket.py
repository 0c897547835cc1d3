"""A match's websocket (``/ws/matches/<id>``) and the hub of its connections: one socket per
client and match, views pushed after every change.

A connection subscribes to its match through the service's
:class:`~..transport.pubsub.PubSub`. A change
only marks the connection dirty; the connection's writer then sends the newest view, so a slow
client gets fewer views but never an older one after a newer one, and the service never waits
for a socket. The first view on a socket is whole; every later one is a delta whose events are
only those after the version this socket was last sent (``events_since``), which covers every
version a slow client skipped. A ``sync`` message asks for a whole view again. Table-chat
messages the viewer may read follow as ``chat`` messages: all of them when the socket opens
(if there are any), then each new one once. Client
messages (``action``, ``sync``, ``ping``) are read and answered in order; a refused
action is answered to that client only, with the request id it carried.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..community.service import community_of
from ..errors import ApiError, forbidden, malformed, storage_fault, unavailable
from ..guards import MAX_BODY_BYTES, encode_json, parse_json, same_origin
from ..match.chat import chat_channel
from ..match.live import LiveMatch, Viewer
from ..match.service import MatchService
from ..metrics import ERRORS
from ..throttle import Throttle
from .deps import authenticated, service_of

log = logging.getLogger(__name__)

CLOSE_CODES = {"missing_token": 4401, "bad_token": 4403, "forbidden": 4403,
               "unknown_match": 4404, "unknown_language": 4422}
"""Websocket close codes for a refused connection (4000 + the HTTP status)."""

MAX_MESSAGE_CHARS = MAX_BODY_BYTES
"""The longest client message read (longer ones are refused unparsed)."""

MAX_OUTBOX = 64
"""Answers queued for a client before it counts as not reading and is closed."""


class Connection:
    """One open websocket of ``viewer`` on ``live``."""

    def __init__(
        self, socket: WebSocket, service: MatchService, live: LiveMatch, viewer: Viewer,
        lang: str | None = None, throttle: Throttle | None = None,
    ) -> None:
        self.socket = socket
        self.lang = lang
        """The language of the described board every view carries (``None``: no board)."""
        self.service = service
        self.live = live
        self.viewer = viewer
        self.dirty = True
        self.sent: int | None = None
        """The version of the last view sent on this socket (``None``: send a whole one)."""
        self.chat_dirty = True
        self.chat_sent = -1
        """The number of the last chat message this socket has looked at."""
        self.outbox: deque[str] = deque()
        self.overflow = False
        self.throttle = throttle
        """The rate limit on this client's moves (``None``: none)."""
        self.wake = asyncio.Event()
        self.wake.set()
        self.hidden: Callable[[], Awaitable[frozenset[int]]] | None = None
        """The seats whose chat lines this viewer muted or blocked (``None``: none)."""
        self.hidden_failed = False
        self.spectators = False
        """Whether this seat hears the spectators' lines (a spectator always does)."""

    def notify(self, _match_id: str, _version: int) -> None:
        """The match changed: send the newest view when the socket is free."""
        self.dirty = True
        self.wake.set()

    def notify_chat(self, _channel: str, _number: int) -> None:
        """A chat message was written: send the new ones when the socket is free."""
        self.chat_dirty = True
        self.wake.set()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for this client only. A client that lets more than
        :data:`MAX_OUTBOX` answers pile up unread is closed (it is not reading)."""
        if len(self.outbox) >= MAX_OUTBOX:
            self.overflow = True
        else:
            self.outbox.append(encode_json(message))
        self.wake.set()

    async def write(self) -> None:
        """Send queued messages and views until the socket closes."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.overflow:
                await self.socket.close(code=1008, reason="too many unread messages")
                return
            while self.outbox:
                await self.socket.send_text(self.outbox.popleft())
            if self.dirty:
                self.dirty = False
                version = self.live.version
                since = self.sent if self.sent is not None and self.sent <= version else None
                # A waiting table's view has no events: the first view after its start is
                # whole, its log from the deal on.
                waiting = self.live.record.waiting
                text = self.service.view_message(self.live, self.viewer, since, self.lang)
                self.sent = None if waiting else version
                await self.socket.send_text(text)
            if self.chat_dirty:
                self.chat_dirty = False
                await self.send_chat()

    async def send_chat(self) -> None:
        """Send the chat messages after :attr:`chat_sent` that this viewer may read."""
        try:
            hidden = frozenset() if self.hidden is None else await self.hidden()
        except sa.exc.SQLAlchemyError as err:
            # The lines wait (a muted player's are never sent unfiltered) until the next wake.
            if not self.hidden_failed:
                log.warning("cannot read the mutes of a chat reader: %s", err)
            self.hidden_failed = True
            self.chat_dirty = True
            return
        self.hidden_failed = False
        messages, last = await self.service.chat.read(self.live, self.viewer, self.chat_sent,
                                                      hidden, self.spectators)
        self.chat_sent = max(self.chat_sent, last)
        if messages:
            await self.socket.send_text(encode_json({"type": "chat", "messages": messages}))

    async def handle(self, raw: str) -> None:
        """Answer one client message."""
        try:
            if len(raw) > MAX_MESSAGE_CHARS:
                raise malformed(f"a message has at most {MAX_MESSAGE_CHARS} characters")
            message = parse_json(raw)
        except ApiError as err:
            self.refuse(None, err)
            return
        request_id = message.get("request_id") if isinstance(message, dict) else None
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "ping":
                self.send({"type": "pong"})
            elif kind == "sync":
                self.sent = None
                self.notify(self.live.match_id, self.live.version)
            elif kind == "spectators":
                on = message.get("on")
                if not isinstance(on, bool):
                    raise malformed("a spectators message says 'on': true or false")
                if on and not self.spectators:
                    self.chat_sent = -1  # the lines seen so far are sent again; ids repeat
                    self.notify_chat("", -1)
                self.spectators = on  # before the writer wakes: no await in between
            elif kind == "action":
                if self.throttle is not None:
                    client = self.socket.client
                    self.throttle.check("act", client.host if client else None)
                if "version" not in message or "action" not in message:
                    raise malformed("an action message needs 'version' and 'action'")
                await self.service.submit(self.live, self.viewer, message["version"],
                                          message["action"], request_id)
                self.notify(self.live.match_id, self.live.version)
            else:
                raise malformed("a message is {\"type\": \"action\", ...}, "
                                "{\"type\": \"sync\"}, {\"type\": \"spectators\", "
                                "\"on\": true} or {\"type\": \"ping\"}")
        except ApiError as err:
            self.refuse(request_id, err)
        except sa.exc.DBAPIError as err:
            log.error("match %s: database error: %s", self.live.match_id, err)
            self.refuse(request_id, storage_fault(err))
        except Exception:
            # Whatever else failed is this message's, never the socket's: answered, logged.
            log.exception("match %s: a websocket message failed", self.live.match_id)
            self.refuse(request_id, unavailable("the message could not be handled just now; "
                                                "try again"))

    def refuse(self, request_id: object, error: ApiError) -> None:
        """Answer this client only that its message was refused."""
        ERRORS.labels(error.code).inc()
        self.send({"type": "error",
                   "request_id": request_id if isinstance(request_id, str) else None,
                   "error": error.to_json()})


async def serve_socket(
    socket: WebSocket, service: MatchService, match_id: str, token: str | None,
    lang: str | None = None, throttle: Throttle | None = None, spectators: bool = False,
) -> None:
    """Run one websocket: authenticate, send the view at once, then serve until it closes.

    With ``lang`` every view carries the viewer's described board in that language;
    ``throttle`` limits the moves of the socket's client address; ``spectators``: a seat hears
    the spectators' lines from the start."""
    await socket.accept()
    try:
        if not same_origin(socket.headers):
            raise forbidden("the websocket was opened from a page of another site")
        lang = service.language(lang)
        live, viewer = await authenticated(socket, service, match_id, token)
    except ApiError as err:
        ERRORS.labels(err.code).inc()
        await socket.send_text(encode_json({"type": "error", "request_id": None,
                                           "error": err.to_json()}))
        await socket.close(code=CLOSE_CODES.get(err.code, 4400))
        return
    await service.come_back(live, viewer)
    connection = Connection(socket, service, live, viewer, lang, throttle)
    connection.spectators = spectators
    community = await community_of(socket)
    connection.hidden = lambda: community.hidden_seats(live, viewer)
    unsubscribe = service.pubsub.subscribe(match_id, connection.notify)
    unsubscribe_chat = service.pubsub.subscribe(chat_channel(match_id), connection.notify_chat)
    service.set_connected(live, viewer, +1)
    writer = asyncio.create_task(connection.write())
    try:
        while True:
            incoming = await socket.receive()
            if incoming["type"] == "websocket.disconnect":
                break
            raw = incoming.get("text")
            if raw is None and incoming.get("bytes") is not None:
                raw = incoming["bytes"].decode("utf-8", errors="replace")
            if raw is not None:
                await connection.handle(raw)
            if writer.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        unsubscribe()
        unsubscribe_chat()
        service.set_connected(live, viewer, -1)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


router = APIRouter()


@router.websocket("/ws/matches/{match_id}")
async def socket(websocket: WebSocket, match_id: str) -> None:
    await serve_socket(websocket, service_of(websocket), match_id,
                       websocket.query_params.get("token"),
                       websocket.query_params.get("lang") or None,
                       websocket.app.state.throttle,
                       websocket.query_params.get("spectators") == "1")
