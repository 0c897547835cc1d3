"""Connections under abuse, against a real ``sunking serve`` process: sockets that send
nothing or half a request are closed, one client address holds a bounded number of
connections and websockets, and thousands of idle sockets from one address leave the server's
file descriptors to everyone else."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_process import sunking_serve
from srv_support import LIMIT
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from sunking.server import Settings
from sunking.server.connections import Gate, client_key
from sunking.server.running import connection_budget

OTHER = "127.0.0.2"
"""The address of the client that is not the abuser (every 127/8 address is this machine)."""


@contextlib.contextmanager
def serve(data_dir: Path, fd_limit: int | None = None, **env: str) -> Iterator[str]:
    """A ``sunking serve`` with ``env`` added (and its limit on open files set to
    ``fd_limit``, soft and hard), stopped afterwards; yields its URL."""

    def limit() -> None:
        if fd_limit is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))

    with sunking_serve("--data-dir", str(data_dir), "--bot-workers", "0", env=env,
                       preexec_fn=limit) as served:
        yield served.url


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def other_client(url: str) -> httpx.Client:
    """A client of ``url`` from :data:`OTHER`."""
    return httpx.Client(base_url=url, timeout=LIMIT,
                        transport=httpx.HTTPTransport(local_address=OTHER))


def dial(url: str, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port_of(url)), timeout=LIMIT,
                                    source_address=(source, 0))
    sock.settimeout(LIMIT)
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closes ``sock`` (before :data:`LIMIT` seconds pass)."""
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def websocket(url: str, match: dict[str, Any], source: str = "127.0.0.1") -> ClientConnection:
    ws_url = url.replace("http", "ws", 1)
    token = match["seats"][0]["token"]
    return connect(f"{ws_url}/ws/matches/{match['match_id']}?token={token}",
                   sock=dial(url, source), open_timeout=LIMIT)


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("guarded"), SUNKING_REQUEST_TIMEOUT="1",
               SUNKING_CONNECTIONS_PER_ADDRESS="4", SUNKING_SOCKETS_PER_ADDRESS="2",
               SUNKING_RATE_CREATE="0") as url:
        yield url


def test_srv_a_socket_that_sends_nothing_or_half_a_request_is_closed(guarded: str) -> None:
    with dial(guarded) as silent, dial(guarded) as half:
        half.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nAccept: */")
        assert closed_by_server(silent)
        assert closed_by_server(half)
    with other_client(guarded) as client:
        assert client.get("/api/bots").status_code == 200


def test_srv_one_address_holds_a_bounded_number_of_connections(guarded: str) -> None:
    held = [dial(guarded) for _ in range(4)]
    try:
        with dial(guarded) as over:
            assert closed_by_server(over)
        with other_client(guarded) as client:
            assert client.get("/api/bots").status_code == 200
        held.pop().close()
        with httpx.Client(base_url=guarded, timeout=LIMIT) as client:
            assert client.get("/api/bots").status_code == 200
    finally:
        for sock in held:
            sock.close()


def test_srv_one_address_holds_a_bounded_number_of_websockets(guarded: str) -> None:
    match = httpx.post(f"{guarded}/api/matches", timeout=LIMIT, json={
        "game": "louis14", "players": 2, "language": "en",
        "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}]}).json()
    with contextlib.ExitStack() as held:
        first = held.enter_context(websocket(guarded, match))
        second = held.enter_context(websocket(guarded, match))
        for ws in (first, second):
            assert '"view"' in str(ws.recv(timeout=LIMIT))
        with pytest.raises(InvalidStatus) as refused, websocket(guarded, match):
            pass
        assert refused.value.response.status_code == 429
        assert b"rate_limited" in refused.value.response.body
        with websocket(guarded, match, OTHER) as elsewhere:
            assert '"view"' in str(elsewhere.recv(timeout=LIMIT))
        second.close()
        with websocket(guarded, match) as again:
            assert '"view"' in str(again.recv(timeout=LIMIT))


async def _open_sockets(port: int, idle: int, half: int) -> list[asyncio.StreamWriter]:
    """``idle`` sockets that send nothing and ``half`` that send half a request, from one
    address; those the server refuses at once are kept all the same."""

    async def one(sends: bytes) -> asyncio.StreamWriter | None:
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port),
                                               LIMIT)
            writer.write(sends)
            return writer
        except (OSError, TimeoutError):
            return None

    opened = await asyncio.gather(*[one(b"") for _ in range(idle)],
                                  *[one(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
                                    for _ in range(half)])
    return [w for w in opened if w is not None]


@contextlib.contextmanager
def open_files(needed: int) -> Iterator[None]:
    """This process may open ``needed`` files while the block runs."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft >= needed:
        yield
        return
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.skip(f"the hard limit on open files ({hard}) is below the {needed} needed")
    resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_srv_thousands_of_idle_sockets_from_one_address_starve_nobody(tmp_path: Path) -> None:
    with open_files(4096), serve(tmp_path, fd_limit=1024) as url:
        async def attack_then_ask() -> int:
            writers = await _open_sockets(port_of(url), 1100, 1100)
            try:
                with other_client(url) as client:
                    answer = await asyncio.to_thread(client.get, "/api/bots")
                return answer.status_code
            finally:
                for writer in writers:
                    writer.transport.abort()

        assert asyncio.run(attack_then_ask()) == 200


def test_srv_the_gate_counts_per_address_and_for_the_process() -> None:
    gate = Gate(per_address=2, sockets_per_address=1, most=3)
    assert [gate.enter("a"), gate.enter("a"), gate.enter("a")] == [None, None, "address"]
    assert gate.enter("b") is None
    assert gate.enter("c") == "process"
    assert gate.upgrade("a") and not gate.upgrade("a")
    gate.socket_closed("a")
    gate.leave("a")
    gate.leave("b")
    assert gate.total == 0 and gate.connections == {} and gate.sockets == {}
    assert gate.enter("c") is None


def test_srv_an_ipv6_client_counts_by_its_network() -> None:
    assert client_key(("2001:db8:1:2:aaaa::1", 5)) == client_key(("2001:db8:1:2:bbbb::9", 5))
    assert client_key(("2001:db8:1:3::1", 5)) != client_key(("2001:db8:1:2::1", 5))
    assert client_key(("::ffff:192.0.2.7", 5)) == "192.0.2.7" == client_key(("192.0.2.7", 5))
    assert client_key(None) == "local"


def test_srv_the_connection_settings_come_from_the_environment() -> None:
    settings = Settings.from_env({
        "SUNKING_REQUEST_TIMEOUT": "2.5", "SUNKING_KEEP_ALIVE_SECONDS": "7",
        "SUNKING_CONNECTIONS_PER_ADDRESS": "0", "SUNKING_SOCKETS_PER_ADDRESS": "9",
        "SUNKING_RATE_JOIN": "0", "SUNKING_RATE_CHAT": "5/minute",
        "SUNKING_METRICS_FROM": "any"})
    assert (settings.request_timeout, settings.keep_alive_seconds) == (2.5, 7)
    assert (settings.connections_per_address, settings.sockets_per_address) == (0, 9)
    assert (settings.rate_join, settings.rate_chat, settings.rate_chat_chars) == \
        (None, "5/minute", "10000/minute")
    assert settings.metrics_from == "any"
    assert connection_budget(1024) == 924 and connection_budget(150) == 75
    assert connection_budget(0) is None
