"""A free port of 127.0.0.1, for a server a test starts."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port
