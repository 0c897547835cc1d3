"""The server's connections under abuse: a time limit on each request, and caps on the
connections and websockets of one client address and of the process.

uvicorn (the ASGI server ``sunking serve`` runs) closes a keep-alive connection left idle
after an answer, but not one that sends nothing, or half a request, however long it waits,
and it has no cap per client address: a thousand such sockets from one address took every
file descriptor of the process, and every other client's request then failed. ASGI
middleware cannot help, since it sees a request only once its headers are complete. So the
server runs uvicorn with its own HTTP and websocket protocol classes (``uvicorn.Config``
takes protocol classes): these subclass uvicorn's httptools and websockets protocols and
add only this:

- **the request clock** (:attr:`GuardedConfig.request_timeout`): a connection must send a
  whole request (headers and body) within that time of opening, or of the request's first
  byte; else it is closed. The keep-alive time after an answer is uvicorn's own;
- **the gate** (:class:`Gate`): a new connection is counted against its client address and
  against the process's budget (what its file-descriptor limit leaves, see
  :mod:`.running`); over either, it is closed at once, which frees its file descriptor, and
  counted in ``sunking_connections_refused_total``. A websocket upgrade is counted against
  the address's websockets too; over that cap it is answered 429 ``rate_limited``.

An IPv6 client's address counts by its /64 network (one machine's share).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from typing import Any, cast

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .guards import SECURITY_HEADERS, encode_json
from .metrics import CONNECTIONS_REFUSED

log = logging.getLogger(__name__)


def client_key(client: tuple[str, int] | None) -> str:
    """What a connection is counted by: its client's IPv4 address, or its IPv6 address's /64
    network."""
    if client is None:
        return "local"
    try:
        ip = ipaddress.ip_address(client[0])
    except ValueError:
        return client[0]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Gate:
    """The open connections and websockets of one process, per client address.

    ``per_address`` caps the connections of one address (websockets included),
    ``sockets_per_address`` its websockets, ``most`` the process's connections (``None``: no
    cap).
    """

    def __init__(self, per_address: int | None, sockets_per_address: int | None,
                 most: int | None) -> None:
        self.per_address = per_address
        self.sockets_per_address = sockets_per_address
        self.most = most
        self.total = 0
        self.connections: dict[str, int] = {}
        self.sockets: dict[str, int] = {}

    def enter(self, address: str) -> str | None:
        """Count a new connection of ``address``; returns why it is refused (``process`` or
        ``address``), or ``None`` when it is let in."""
        if self.most is not None and self.total >= self.most:
            return "process"
        held = self.connections.get(address, 0)
        if self.per_address is not None and held >= self.per_address:
            return "address"
        self.connections[address] = held + 1
        self.total += 1
        return None

    def leave(self, address: str) -> None:
        """A connection of ``address`` closed."""
        self.total -= 1
        _drop(self.connections, address)

    def upgrade(self, address: str) -> bool:
        """Count a connection of ``address`` that becomes a websocket; ``False``: refused."""
        held = self.sockets.get(address, 0)
        if self.sockets_per_address is not None and held >= self.sockets_per_address:
            return False
        self.sockets[address] = held + 1
        return True

    def socket_closed(self, address: str) -> None:
        """A websocket of ``address`` closed (its connection too)."""
        _drop(self.sockets, address)
        self.leave(address)


def _drop(counts: dict[str, int], address: str) -> None:
    left = counts.get(address, 0) - 1
    if left > 0:
        counts[address] = left
    else:
        counts.pop(address, None)


class GuardedConfig(uvicorn.Config):
    """uvicorn's configuration with the guarded protocols, their :class:`Gate` and the
    request clock (seconds)."""

    def __init__(self, app: Any, *, gate: Gate, request_timeout: float, **options: Any) -> None:
        super().__init__(app, http=GuardedHttp, ws=GuardedSocket, **options)
        self.gate = gate
        self.request_timeout = request_timeout


def _refusal(status: bytes, code: str, message: str) -> bytes:
    """A whole HTTP answer that closes the connection, with the API's error body."""
    body = encode_json({"error": {"code": code, "message": message}}).encode()
    head = [b"HTTP/1.1 " + status, b"content-type: application/json",
            b"content-length: " + str(len(body)).encode(), b"connection: close",
            *(name + b": " + value for name, value in SECURITY_HEADERS)]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol with the gate and the request clock."""

    def __init__(self, config: uvicorn.Config, server_state: Any, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        guarded = cast(GuardedConfig, config)
        self.gate = guarded.gate
        self.request_timeout = guarded.request_timeout
        self.address: str | None = None
        """The address this connection is counted by (``None``: not counted here)."""
        self.request_clock: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        address = client_key(get_remote_addr(transport))
        refused = self.gate.enter(address)
        if refused is not None:  # closed before uvicorn sees it: nothing else to undo
            CONNECTIONS_REFUSED.labels(refused).inc()
            transport.abort()
            return
        super().connection_made(transport)
        self.address = address
        self._start_clock()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is None:  # refused at once
            return
        self._stop_clock()
        if self.address is not None:
            self.gate.leave(self.address)
            self.address = None
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_clock()

    def on_message_complete(self) -> None:
        self._stop_clock()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._stop_clock()
        address = self.address
        if address is not None and not self.gate.upgrade(address):
            CONNECTIONS_REFUSED.labels("sockets").inc()
            cap = self.gate.sockets_per_address
            self.transport.write(_refusal(
                b"429 Too Many Requests", "rate_limited",
                f"too many websockets from this address (at most {cap} at once)"))
            self.transport.close()
            return
        self.address = None  # the websocket protocol counts the connection from now on
        super().handle_websocket_upgrade()

    def _start_clock(self) -> None:
        if self.request_clock is None:
            self.request_clock = self.loop.call_later(self.request_timeout, self._too_slow)

    def _stop_clock(self) -> None:
        if self.request_clock is not None:
            self.request_clock.cancel()
            self.request_clock = None

    def _too_slow(self) -> None:
        self.request_clock = None
        if not self.transport.is_closing():
            log.debug("closing a connection of %s that sent no whole request in %g s",
                      self.address, self.request_timeout)
            self.transport.close()


class GuardedSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, handing its connection and websocket back to the gate
    when it closes."""

    def __init__(self, config: uvicorn.Config, server_state: Any, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.gate = cast(GuardedConfig, config).gate
        self.address: str | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.address = client_key(self.client)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is not None:
            self.gate.socket_closed(self.address)
            self.address = None
        super().connection_lost(exc)
