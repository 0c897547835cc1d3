"""``sunking serve`` for the benchmarks: on a free port of this machine, with a fresh SQLite
database, and no rate limits (every request of a benchmark comes from one address)."""

from __future__ import annotations

import contextlib
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

START_SECONDS = 60.0
RATE_LIMITS = ("CREATE", "ACTIONS", "JOIN", "CLAIM", "CHAT", "CHAT_CHARS")
"""The rate limits per client address (``SUNKING_RATE_<kind>``), all turned off."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_until_up(process: subprocess.Popen[bytes], url: str, seconds: float = START_SECONDS,
                  every: float = 0.1) -> None:
    """Wait until the ``sunking serve`` ``process`` answers at ``url``.

    Raises:
        RuntimeError: the process exited, or did not answer within ``seconds``.
    """
    deadline = time.monotonic() + seconds
    with httpx.Client(base_url=url, timeout=5) as client:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"sunking serve exited with {process.returncode}")
            with contextlib.suppress(httpx.TransportError):
                if client.get("/api/bots").status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError("sunking serve did not start in time")
            time.sleep(every)


@contextlib.contextmanager
def local_server(*args: str, fd_limit: int | None = None, **env: str) -> Iterator[str]:
    """The URL of a new ``sunking serve ARGS`` with ``env`` added to its environment (and,
    with ``fd_limit``, that limit on its open files, soft and hard); it is stopped and its
    database removed afterwards."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="sunking-bench-") as data_dir:
        environ = {k: v for k, v in os.environ.items() if k != "SUNKING_DATABASE_URL"}
        environ.update({f"SUNKING_RATE_{kind}": "0" for kind in RATE_LIMITS})
        environ.update(env)
        process = subprocess.Popen(
            [str(Path(sys.executable).parent / "sunking"), "serve", "--port", str(port),
             "--data-dir", data_dir, *args],
            env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=None if fd_limit is None else lambda: resource.setrlimit(
                resource.RLIMIT_NOFILE, (fd_limit, fd_limit)))
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_up(process, url)
            yield url
        finally:
            process.terminate()
            process.wait(START_SECONDS)
