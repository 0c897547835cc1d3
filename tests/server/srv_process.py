"""``sunking serve`` as a process of its own, as the server tests start it: on a free port of
127.0.0.1, in this environment without the settings that would send it elsewhere, its output
(standard output and error, the log included) in a file that fills without a reader, in the
failure when it exits before it answers, and written out when it stops (pytest shows that
with a failing test)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO

import httpx
from srv_support import LIMIT, wait_until

from support.ports import free_port

BIN = Path(sys.executable).parent
"""Where this Python's scripts are, ``sunking`` among them."""

UNSET = ("SUNKING_DATABASE_URL", "SUNKING_SMTP_HOST", "SUNKING_LOG_LEVEL")
"""Settings of the environment a test's server does not inherit (it says what it wants)."""

UNLIMITED = {"SUNKING_RATE_CREATE": "0", "SUNKING_RATE_ACTIONS": "0"}
"""No limit on matches created and moves made a minute: a test's one address makes many."""


class Served:
    """A started ``sunking serve``: its process, its address, and what it printed so far."""

    def __init__(self, port: int, args: tuple[str, ...], env: Mapping[str, str],
                 preexec_fn: Callable[[], None] | None = None) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        environ = {k: v for k, v in os.environ.items() if k not in UNSET}
        environ.update(env)
        self.output: IO[bytes] = tempfile.TemporaryFile("a+b")  # noqa: SIM115 (closed by stop)
        self.process = subprocess.Popen(
            [str(BIN / "sunking"), "serve", "--port", str(port), *args], env=environ,
            stdout=self.output, stderr=subprocess.STDOUT, preexec_fn=preexec_fn)

    def printed(self) -> str:
        """Everything the server wrote to its standard output and error."""
        self.output.seek(0)
        return self.output.read().decode(errors="replace")

    def wait_up(self) -> None:
        """Until it answers ``/api/bots``; fails with its output if it exits first."""
        with httpx.Client(base_url=self.url, timeout=LIMIT) as client:

            def up() -> bool:
                assert self.process.poll() is None, f"the server exited:\n{self.printed()}"
                try:
                    return client.get("/api/bots").status_code == 200
                except httpx.TransportError:
                    return False

            wait_until(up)

    def stop(self) -> None:
        """Terminated (killed if it does not end within the limit), what it printed written to
        the standard error (pytest shows it with a failing test), its output closed."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(LIMIT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(LIMIT)
        if not self.output.closed:
            print(f"sunking serve on port {self.port} printed:\n{self.printed()}",
                  file=sys.stderr)
            self.output.close()


@contextlib.contextmanager
def sunking_serve(*args: str, env: Mapping[str, str] | None = None,
                  preexec_fn: Callable[[], None] | None = None) -> Iterator[Served]:
    """``sunking serve --port PORT ARGS`` with ``env`` added, once it answers; stopped
    afterwards (what it printed goes with a failing test)."""
    served = Served(free_port(), args, env or {}, preexec_fn)
    try:
        served.wait_up()
        yield served
    finally:
        served.stop()


__all__ = ["BIN", "UNLIMITED", "Served", "free_port", "sunking_serve"]
