"""Another client's latency while one address holds thousands of idle and half-sent sockets.

The script starts ``sunking serve`` with a small limit on open files (``--fd-limit``, soft and
hard; 1,024 by default, a common default of Linux) and, from 127.0.0.1, opens ``--idle``
sockets that send nothing and ``--half`` sockets that send half a request's headers. It keeps
them open for ``--seconds``: every socket the server closes (at once, over the address's cap;
or when its request clock runs out) is opened again a second later, as an attacker would.
Meanwhile another client, from 127.0.0.2, asks ``GET /api/bots`` every ``--every`` seconds,
each time on a new connection (its connection too must get through), and the script records
how long each answer took, and every failure. A first phase of ``--quiet`` seconds without the
attack gives the same client's latency for comparison.

    .venv/bin/python benchmarks/bench_connections.py --idle 1100 --half 1100 --seconds 60

Prints, for each phase, the answers, failures, median, 99th percentile and worst latency,
how many connections the attacker opened, and the load average; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import httpx
from serving import local_server

OTHER = "127.0.0.2"
HALF = b"GET /api/games HTTP/1.1\r\nHost: x\r\nAccept: "


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    opened: int = 0

    def line(self) -> str:
        ms = sorted(x * 1000 for x in self.latencies)
        if not ms:
            return f"{self.name}: no answer, {len(self.failures)} failures"
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        return (f"{self.name}: {len(ms)} answers, {len(self.failures)} failures, "
                f"median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, "
                f"max {ms[-1]:.1f} ms; attacker's connections opened: {self.opened}")


async def ask(url: str, phase: Phase, every: float, until: float) -> None:
    """``GET /api/bots`` from :data:`OTHER` every ``every`` seconds, each on a new
    connection, until ``until`` (``time.monotonic``)."""
    transport = httpx.AsyncHTTPTransport(local_address=OTHER)
    limits = httpx.Limits(max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=url, transport=transport, limits=limits,
                                 timeout=30) as client:
        while time.monotonic() < until:
            started = time.perf_counter()
            try:
                answer = await client.get("/api/bots")
                if answer.status_code == 200:
                    phase.latencies.append(time.perf_counter() - started)
                else:
                    phase.failures.append(f"status {answer.status_code}")
            except httpx.HTTPError as err:
                phase.failures.append(repr(err))
            await asyncio.sleep(max(0.0, every - (time.perf_counter() - started)))


async def hold(port: int, sends: bytes, phase: Phase, until: float) -> None:
    """Keep one socket from 127.0.0.1 open (sending ``sends``) until ``until``, opening it
    again a second after the server closes it."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(1)
            continue
        phase.opened += 1
        writer.write(sends)
        with contextlib.suppress(OSError, TimeoutError):
            await asyncio.wait_for(reader.read(1024), max(0.0, until - time.monotonic()))
        writer.transport.abort()
        await asyncio.sleep(1)


def asking(url: str, name: str, every: float, seconds: float) -> Phase:
    """The other client's phase of ``seconds``, run in a process of its own (so that the
    attacker's work does not delay its measurements)."""
    phase = Phase(name)
    asyncio.run(ask(url, phase, every, time.monotonic() + seconds))
    return phase


async def attack(port: int, args: argparse.Namespace, phase: Phase) -> None:
    until = time.monotonic() + args.seconds
    holders = [hold(port, b"", phase, until) for _ in range(args.idle)]
    holders += [hold(port, HALF, phase, until) for _ in range(args.half)]
    await asyncio.gather(*holders)


def measure(url: str, args: argparse.Namespace) -> list[Phase]:
    name = f"{args.idle} idle + {args.half} half-sent sockets from one address"
    with ProcessPoolExecutor(1) as other:
        quiet = other.submit(asking, url, "quiet", args.every, args.quiet).result()
        attacked = other.submit(asking, url, name, args.every, args.seconds)
        held = Phase(name)
        asyncio.run(attack(int(url.rsplit(":", 1)[1]), args, held))
        phase = attacked.result()
    phase.opened = held.opened
    return [quiet, phase]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=1100)
    parser.add_argument("--half", type=int, default=1100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--quiet", type=float, default=5.0)
    parser.add_argument("--every", type=float, default=0.05)
    parser.add_argument("--fd-limit", type=int, default=1024)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = args.idle + args.half + 200
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))
    before = os.getloadavg()
    with local_server("--bot-workers", "0", fd_limit=args.fd_limit) as url:
        phases = measure(url, args)
    after = os.getloadavg()
    print(f"server's limit on open files: {args.fd_limit}; the other client asks every "
          f"{args.every * 1000:.0f} ms on a new connection")
    for phase in phases:
        print(phase.line())
    print(f"load average before {before[0]:.2f}, after {after[0]:.2f}")
    failures = [f for phase in phases for f in phase.failures]
    for failure in failures[:10]:
        print("  failure:", failure)
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
