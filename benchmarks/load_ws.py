"""Load test of the web platform: N concurrent matches, every seat on its own websocket.

The script starts ``sunking serve`` on a free port with a fresh SQLite database (or
``--processes N`` of them on one PostgreSQL database, ``--database-url``; or uses running
servers given with ``--url``), creates N matches whose seats are all human, and drives every
seat through its own websocket client, all concurrently in one asyncio loop. Match ``i`` is
played on server ``i`` modulo the servers, as a reverse proxy routing by match would. Every
seat first connects and is sent its first view; then all start together, and when a
seat's newest view says it is to move, it sends a random legal action (seeded ``Rng``) computed
from that view's version. A move's latency is the time from sending the action to the arrival,
on the mover's socket, of the view with the new version — so it includes the server's checks,
the write to the database (committed before anyone is told) and the views' encoding and
transport. The script prints moves per second (all moves over the wall time from the moment
every seat was connected until the last match was done; the sockets close only then) and the
median and 99th percentile of the move latency.

    .venv/bin/python benchmarks/load_ws.py --matches 100 --players 4 --moves-per-match 60
    .venv/bin/python benchmarks/load_ws.py --matches 100 --moves-per-match 60 --processes 2 \
        --database-url postgresql+psycopg://sunking@127.0.0.1:5432/sunking
    .venv/bin/python benchmarks/load_ws.py --url http://127.0.0.1:8000 --matches 10
    .venv/bin/python benchmarks/load_ws.py --matches 500 --moves-per-match 20 --human-pace

With ``--human-pace`` every seat thinks a random 1 to 3 seconds before it moves, as people do:
the figure that matters then is the latency, not the moves per second. The load generator's
own garbage collector is off while the moves are timed (its pauses are not the server's).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from serving import free_port, wait_until_up
from websockets.asyncio.client import connect

from sunking.core import Rng


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process and its waited-for children (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


class LocalServer:
    """What the script knows of the server it started."""

    def __init__(self, url: str, pid: int) -> None:
        self.url = url
        self.pid = pid


@contextlib.contextmanager
def local_servers(bot_workers: int, processes: int = 1,
                  database_url: str | None = None) -> Iterator[list[LocalServer]]:
    """``processes`` times ``sunking serve``, each on a free port: on one PostgreSQL database
    (``database_url``), or (one process) on SQLite in a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="sunking-load-") as data_dir:
        env = {k: v for k, v in os.environ.items() if k != "SUNKING_DATABASE_URL"}
        env.update(SUNKING_RATE_CREATE="0", SUNKING_RATE_ACTIONS="0")  # one address, many moves
        # ... and thousands of sockets: the caps per address stay on, far above that.
        env.update(SUNKING_CONNECTIONS_PER_ADDRESS="100000", SUNKING_SOCKETS_PER_ADDRESS="100000")
        serve = [str(Path(sys.executable).parent / "sunking"), "serve"]
        if database_url is not None:
            env["SUNKING_DATABASE_URL"] = database_url
            subprocess.run([*serve, "--migrate-only"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
        started: list[tuple[subprocess.Popen[bytes], LocalServer]] = []
        try:
            for _ in range(processes):
                port = free_port()
                process = subprocess.Popen(
                    [*serve, "--port", str(port), "--data-dir", data_dir,
                     "--bot-workers", str(bot_workers)], env=env, stdout=subprocess.DEVNULL)
                started.append((process, LocalServer(f"http://127.0.0.1:{port}", process.pid)))
            for process, server in started:
                wait_until_up(process, server.url)
            yield [server for _, server in started]
        finally:
            for process, _ in started:
                process.terminate()
            for process, _ in started:
                process.wait(30)


class Seat:
    """One seat's websocket client: moves when its newest view says so, times each move."""

    def __init__(self, ws_url: str, seat: int, rng: Rng, stats: Stats,
                 pace: tuple[float, float] | None = None) -> None:
        self.ws_url = ws_url
        self.seat = seat
        self.rng = rng
        self.stats = stats
        self.pace = pace
        """Seconds (least, most) a seat thinks before moving; None: it answers at once."""
        self.sent_at: dict[int, float] = {}

    async def run(self, budget: Budget, ready: Ready) -> None:
        """Connect, wait for every seat, play until the match is done, then keep the socket
        open until every match is done (so that no match is timed while others close)."""
        async with connect(self.ws_url, max_size=1 << 24, open_timeout=300) as ws:
            first = await ws.recv()
            await ready.arrive()  # every seat has connected and been sent its first view
            playing = asyncio.ensure_future(self.play(ws, first, budget))
            over = asyncio.ensure_future(budget.over.wait())
            await asyncio.wait({playing, over}, return_when=asyncio.FIRST_COMPLETED)
            over.cancel()
            if not playing.done():
                playing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await playing
            elif playing.exception() is not None:
                raise playing.exception()  # type: ignore[misc]
            await ready.finished.wait()

    async def play(self, ws: Any, first: str | bytes, budget: Budget) -> None:
        if await self.handle(ws, first, budget):
            return
        async for raw in ws:
            if await self.handle(ws, raw, budget):
                return

    async def handle(self, ws: Any, raw: str | bytes, budget: Budget) -> bool:
        """Read one message and move if it is this seat's turn; True when the match is done."""
        message = orjson.loads(raw)
        if message["type"] == "error":
            self.stats.errors[message["error"]["code"]] = (
                self.stats.errors.get(message["error"]["code"], 0) + 1)
            return False
        if message["type"] != "view":
            return False
        self.stats.view_bytes += len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8"))
        self.stats.views += 1
        view = message["view"]
        version = view["version"]
        for sent_version in [v for v in self.sent_at if v < version]:
            self.stats.latencies.append(time.perf_counter() - self.sent_at.pop(sent_version))
        if view["status"] == "finished" or budget.spent():
            budget.finish()
            return True
        if view["to_move"] == self.seat and version not in self.sent_at:
            action = self.rng.choice(view["legal_actions"])
            if self.pace is not None:
                low, high = self.pace
                await asyncio.sleep(low + (high - low) * self.rng.random())
            budget.take()
            self.sent_at[version] = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "version": version, "action": action,
                                      "request_id": f"{self.seat}-{version}"}))
        return False

class Ready:
    """Holds every seat until all have connected, so that the moves are timed at a steady
    load, not while thousands of sockets open; and every socket until all matches are done,
    so that none is timed while thousands close."""

    def __init__(self, seats: int, matches: int) -> None:
        self.waiting = seats
        self.all = asyncio.Event()
        self.at = 0.0
        """When the last seat arrived (``time.perf_counter``)."""
        self.playing = matches
        self.finished = asyncio.Event()
        self.end = 0.0
        """When the last match was done."""

    def match_done(self) -> None:
        self.playing -= 1
        if self.playing == 0:
            self.end = time.perf_counter()
            self.finished.set()

    async def arrive(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.at = time.perf_counter()
            self.all.set()
        await self.all.wait()


class Budget:
    """The moves a match may still make (``None``: until the game ends)."""

    def __init__(self, moves: int | None, progress: Any, task: Any, ready: Ready) -> None:
        self.left = moves
        self.over = asyncio.Event()
        self.progress = progress
        self.task = task
        self.ready = ready

    def spent(self) -> bool:
        return self.left is not None and self.left <= 0

    def take(self) -> None:
        if self.left is not None:
            self.left -= 1
        self.progress.advance(self.task)

    def finish(self) -> None:
        if not self.over.is_set():
            self.over.set()
            self.ready.match_done()


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.views = 0
        self.view_bytes = 0


async def create_match(client: httpx.AsyncClient, players: int, seed: int) -> dict[str, Any]:
    answer = await client.post("/api/matches", json={
        "game": "louis14", "players": players, "seed": seed, "practice": True,
        "seats": [{"kind": "human", "name": f"Load {i}"} for i in range(players)],
    })
    answer.raise_for_status()
    created: dict[str, Any] = answer.json()
    match_id = created["match_id"]
    for seat in created["seats"]:  # each person claims his seat, as he would
        if "invitation" in seat:
            claimed = await client.post(f"/api/matches/{match_id}/claim",
                                        json={"invitation": seat["invitation"]})
            claimed.raise_for_status()
            seat["token"] = claimed.json()["token"]
    return created


async def drive(urls: list[str], matches: int, players: int, moves: int | None, seed: int,
                console: Console, pace: tuple[float, float] | None = None,
                ) -> tuple[Stats, float, int]:
    """Create the matches (on the first server) and play them, every seat of match ``i`` on
    server ``i`` modulo the servers (as a reverse proxy routing by match would)."""
    stats = Stats()
    async with httpx.AsyncClient(base_url=urls[0], timeout=120) as client:
        created = [await create_match(client, players, seed + i) for i in range(matches)]
    total = None if moves is None else moves * matches
    with Progress(TextColumn("moves"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as progress:
        task = progress.add_task("moves", total=total)
        runs = []
        ready = Ready(sum(len(match["seats"]) for match in created), len(created))
        for i, match in enumerate(created):
            budget = Budget(moves, progress, task, ready)
            ws_base = urls[i % len(urls)].replace("http", "ws", 1)
            for seat in match["seats"]:
                ws_url = f"{ws_base}/ws/matches/{match['match_id']}?token={seat['token']}"
                client_seat = Seat(ws_url, seat["seat"], Rng((seed + i) * 8 + seat["seat"]),
                                   stats, pace)
                runs.append(client_seat.run(budget, ready))
        # The client's own garbage collector, walking thousands of sockets' objects, paused
        # every seat of this process for about 200 ms every few seconds: timed as the
        # server's latency, it set the tail of every run (p99 56 ms and max 290 ms at human
        # pace against 15 ms and 76 ms without it). The timed phase runs without it.
        gc.disable()
        try:
            await asyncio.gather(*runs)
        finally:
            gc.enable()
        elapsed = ready.end - ready.at
    return stats, elapsed, len(stats.latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves-per-match", type=int, default=0,
                        help="moves per match (0: play every game to its end)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", action="append",
                        help="a running server (again for several processes on one database; "
                             "default: start them)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes to start (more than one needs --database-url)")
    parser.add_argument("--database-url",
                        help="the PostgreSQL database of the started servers (default: a fresh "
                             "SQLite database)")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--human-pace", action="store_true",
                        help="each seat answers after a random 1-3 s, as people do")
    args = parser.parse_args()
    console = Console()
    moves = args.moves_per_match or None
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    server_cpu: float | None = None
    client_cpu = time.process_time()
    if args.processes > 1 and not args.database_url:
        parser.error("several processes share a PostgreSQL database: give --database-url")
    with contextlib.ExitStack() as stack:
        local = [] if args.url else stack.enter_context(
            local_servers(args.bot_workers, args.processes, args.database_url))
        urls = args.url or [server.url for server in local]
        before = sum(cpu_seconds(server.pid) for server in local)
        stats, elapsed, count = asyncio.run(
            drive(urls, args.matches, args.players, moves, args.seed, console,
                  (1.0, 3.0) if args.human_pace else None))
        if local:
            server_cpu = sum(cpu_seconds(server.pid) for server in local) - before
    client_cpu = time.process_time() - client_cpu
    if not stats.latencies:
        raise SystemExit("no move was timed")
    ordered = sorted(stats.latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    where = "PostgreSQL" if args.database_url else "a fresh local SQLite"
    table = Table(title=f"{args.matches} concurrent matches, {args.players} seats each, "
                        f"every seat on its own websocket"
                        + (", at human pace (1-3 s a move)" if args.human_pace else ""))
    for column in ("moves", "seconds", "moves/s", "p50 ms", "p99 ms", "max ms", "refused",
                   "server CPU ms/move", "client CPU ms/move", "bytes/view"):
        table.add_column(column, justify="right")
    table.add_row(
        str(count), f"{elapsed:.1f}", f"{count / elapsed:.0f}",
        f"{statistics.median(ordered) * 1000:.1f}", f"{p99 * 1000:.1f}",
        f"{ordered[-1] * 1000:.1f}",
        ", ".join(f"{k}: {v}" for k, v in sorted(stats.errors.items())) or "0",
        "-" if server_cpu is None else f"{server_cpu / count * 1000:.1f}",
        f"{client_cpu / count * 1000:.1f}",
        f"{stats.view_bytes / max(1, stats.views):.0f}",
    )
    console.print(table)
    console.print(f"{platform.python_implementation()} {platform.python_version()}, "
                  f"{os.cpu_count()} CPUs, {len(urls)} server process(es) on "
                  f"{'the given servers' if args.url else where}; "
                  f"load average {load_before} before, "
                  f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} after")


if __name__ == "__main__":
    main()
