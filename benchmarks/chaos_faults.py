"""Chaos run: faults of the database and of server processes under a bot-heavy load.

Three kinds of fault, each repeated at random moments while ``sunking serve`` plays matches
that are mostly bots (a few have two human seats, played over REST by client threads):

- ``lock``: SQLite held in ``BEGIN EXCLUSIVE`` by another connection for 2 to 8 s (one
  server; its busy timeout is 2 s, so its writes fail meanwhile);
- ``pg-restart``: the PostgreSQL server restarted under two servers (``pg_ctl stop -m
  fast``, down for 0 to 3 s, started again);
- ``kill``: one of two servers on PostgreSQL killed with SIGKILL (started again afterwards);
  the other takes its matches over once its lease runs out.

PostgreSQL is a throwaway cluster of this script's own (``scripts/start_test_postgres.sh``).
After each fault ends (the lock released, PostgreSQL accepting connections again, the server
killed) the script reads the database until every active match has moved on, and prints how
many seconds that took. It checks that every move a person had acknowledged (answered 200) is
stored at its version, and at the end that no match is frozen (every active match moves on)
and that every server's views caught up with the database. It exits 1 if a match took more
than 10 s to move again after a fault, a move was lost, or a match froze.

    .venv/bin/python benchmarks/chaos_faults.py --fault lock --faults 20
    .venv/bin/python benchmarks/chaos_faults.py --fault pg-restart --faults 10
    .venv/bin/python benchmarks/chaos_faults.py --fault kill --faults 10
    .venv/bin/python benchmarks/chaos_faults.py --fault all        # the three, in turn
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import shlex
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from serving import free_port, wait_until_up

from sunking.core import Rng
from sunking.server.storage.sql import normalise_url, sqlite_url
from sunking.testing.seats import seat_tokens

ROOT = Path(__file__).resolve().parents[1]
BOUND = 10.0
"""Seconds within which every match must move again after a fault ends."""
GIVE_UP = 60.0
"""Seconds after which a match that has not moved counts as frozen."""
FAULTS = ("lock", "pg-restart", "kill")
GAMES = ("louis14", "vive_le_roi", "versailles1682")


@dataclasses.dataclass
class Fault:
    kind: str
    lasted: float
    """Seconds the fault itself lasted (the lock held, the restart, 0 for a kill)."""
    matches: int = 0
    recovered: float | None = None
    """Seconds from the fault's end until every active match had moved (None: frozen)."""


@dataclasses.dataclass
class Report:
    faults: list[Fault] = dataclasses.field(default_factory=list)
    acked: int = 0
    lost: list[str] = dataclasses.field(default_factory=list)
    frozen: list[str] = dataclasses.field(default_factory=list)
    stale: list[str] = dataclasses.field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        slow = [f for f in self.faults if f.recovered is None or f.recovered > BOUND]
        return not (slow or self.lost or self.frozen or self.stale)


class Cluster:
    """A throwaway PostgreSQL cluster of this run (``scripts/start_test_postgres.sh``)."""

    def __init__(self, parent: Path) -> None:
        made = subprocess.run(["bash", str(ROOT / "scripts/start_test_postgres.sh")],
                              capture_output=True, text=True, check=True,
                              env=dict(os.environ, TMPDIR=str(parent)))
        self.url = made.stdout.strip()
        self.dir = Path(made.stderr.rsplit(" ", 1)[-1].strip())
        data = self.dir / "data"
        opts = shlex.split((data / "postmaster.opts").read_text())
        self._options = shlex.join(opts[3:])  # after the binary and its -D DIR
        self._pg_ctl = [str(Path(opts[0]).parent / "pg_ctl"), "-D", str(data)]
        if os.getuid() == 0:
            self._pg_ctl = ["runuser", "-u", data.owner(), "--", *self._pg_ctl]

    def restart(self, down: float) -> None:
        """Stop the server (fast: connections are cut), wait ``down`` seconds, start it."""
        def pg_ctl(*args: str) -> None:
            subprocess.run([*self._pg_ctl, "-w", "-t", "60", *args], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        pg_ctl("-m", "fast", "stop")
        time.sleep(down)
        pg_ctl("-l", str(self.dir / "server.log"), "-o", self._options, "start")

    def stop(self) -> None:
        subprocess.run(["bash", str(ROOT / "scripts/stop_test_postgres.sh"), str(self.dir)],
                       check=False)


class Server:
    """``sunking serve`` on the run's database, restartable; its log in ``log``."""

    def __init__(self, url: str, log: Path, bot_workers: int, bot_delay: float) -> None:
        self.database = url
        self.log = log
        self.args = ["--bot-workers", str(bot_workers), "--bot-delay", str(bot_delay)]
        self.url = ""
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        env = dict(os.environ, SUNKING_DATABASE_URL=self.database, SUNKING_RATE_CREATE="0",
                   SUNKING_RATE_ACTIONS="0")
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [str(Path(sys.executable).parent / "sunking"), "serve", "--port", str(port),
                 *self.args], env=env, stdout=log, stderr=log)
        wait_until_up(self.process, self.url, GIVE_UP, every=0.05)

    @property
    def up(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        if self.up:
            assert self.process is not None
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(GIVE_UP)

    def stop(self) -> None:
        if self.up:
            assert self.process is not None
            self.process.terminate()
            try:
                self.process.wait(GIVE_UP)
            except subprocess.TimeoutExpired:
                self.process.kill()


@dataclasses.dataclass
class Match:
    match_id: str
    tokens: dict[int, str]
    spectator: str
    acked: dict[int, Any] = dataclasses.field(default_factory=dict)


class Load:
    """The matches of the run, and the client threads that play their people's seats on any
    server that is up."""

    def __init__(self, servers: list[Server], rng: Rng) -> None:
        self.servers = servers
        self.rng = rng
        self.matches: list[Match] = []
        self.finished: list[Match] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []

    def create(self, people: bool) -> Match:
        server = self.rng.choice([s for s in self.servers if s.up])
        game = GAMES[self.rng.below(len(GAMES))]
        bots = [{"kind": "bot", "bot": "heuristic" if self.rng.below(2) else "random"}
                for _ in range(4)]
        if people:
            bots[0] = {"kind": "human", "name": "A"}
            bots[2] = {"kind": "human", "name": "B"}
        body = {"game": game, "players": 4, "language": "en", "seats": bots,
                "practice": people, "seed": self.rng.below(1 << 30)}
        with httpx.Client(base_url=server.url, timeout=30) as client:
            created = client.post("/api/matches", json=body)
            created.raise_for_status()
            data = created.json()
            return Match(data["match_id"], seat_tokens(client, data), data["spectator"]["token"])

    def fill(self, count: int, people: int) -> None:
        self.matches = [self.create(i < people) for i in range(count)]

    def play(self, seed: int) -> None:
        """A client thread: move for the people whose turn it is, in random matches."""
        rng = Rng(seed)
        with httpx.Client(timeout=10) as client:
            while not self.stop.is_set():
                match = self.matches[rng.below(len(self.matches))]
                if not match.tokens:
                    continue
                try:
                    self._move(client, rng, match)
                except (httpx.TransportError, ValueError, KeyError, IndexError):
                    time.sleep(0.05)

    def _move(self, client: httpx.Client, rng: Rng, match: Match) -> None:
        base = rng.choice([s.url for s in self.servers if s.up])
        for token in match.tokens.values():
            headers = {"Authorization": f"Bearer {token}"}
            view = client.get(f"{base}/api/matches/{match.match_id}", headers=headers).json()
            if view["status"] != "active" or not view["legal_actions"]:
                continue
            action = rng.choice(view["legal_actions"])
            answer = client.post(f"{base}/api/matches/{match.match_id}/actions",
                                 headers=headers,
                                 json={"version": view["version"], "action": action})
            if answer.status_code == 200:
                with self.lock:
                    match.acked[view["version"]] = action
            else:
                time.sleep(0.05)
        time.sleep(0.02)

    def start(self, threads: int) -> None:
        self.stop.clear()
        self.threads = [threading.Thread(target=self.play, args=(i,), daemon=True)
                        for i in range(threads)]
        for thread in self.threads:
            thread.start()

    def halt(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(GIVE_UP)

    def renew(self, stored: dict[str, tuple[int, str]]) -> None:
        """Replace the finished matches by new ones (people's matches by people's)."""
        for i, match in enumerate(self.matches):
            if stored.get(match.match_id, (0, "active"))[1] != "active":
                self.finished.append(match)
                self.matches[i] = self.create(bool(match.tokens))


class Database:
    """Reads of the run's database: the version and status of matches, their moves."""

    def __init__(self, url: str) -> None:
        self.engine = sa.create_engine(normalise_url(url), pool_pre_ping=True)

    def states(self, ids: list[str]) -> dict[str, tuple[int, str]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.text(
                "SELECT match_id, version, status FROM matches WHERE match_id IN :ids"
            ).bindparams(sa.bindparam("ids", expanding=True)), {"ids": ids}).all()
        return {m: (v, s) for m, v, s in rows}

    def lost(self, matches: list[Match]) -> list[str]:
        """Acknowledged moves that are not stored at their version."""
        missing = []
        with self.engine.connect() as conn:
            for match in matches:
                stored: dict[int, Any] = dict(conn.execute(sa.text(
                    "SELECT version, action FROM actions WHERE match_id = :m"),
                    {"m": match.match_id}).all())
                for version, action in dict(match.acked).items():
                    got = stored.get(version)
                    if isinstance(got, str):  # SQLite hands JSON back as text
                        got = json.loads(got)
                    if got != action:
                        missing.append(f"{match.match_id} version {version}")
        return missing

    def moves(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(sa.text("SELECT count(*) FROM actions")).scalar() or 0)


def recovery(database: Database, load: Load) -> tuple[float | None, int, list[str]]:
    """Seconds until every active match moved past where it stood when this was called (the
    fault's end), the number of matches, and those that did not within :data:`GIVE_UP`."""
    began = time.monotonic()
    ids = [m.match_id for m in load.matches]
    start: dict[str, int] | None = None
    while start is None:
        try:
            start = {m: v for m, (v, s) in database.states(ids).items() if s == "active"}
        except sa.exc.OperationalError:  # the database is just back: read again
            time.sleep(0.05)
    waiting = set(start)
    while waiting and time.monotonic() - began < GIVE_UP:
        time.sleep(0.05)
        with contextlib.suppress(sa.exc.OperationalError):
            now = database.states(sorted(waiting))
            waiting = {m for m in waiting if now[m][1] == "active" and now[m][0] <= start[m]}
    took = time.monotonic() - began
    return (None if waiting else took), len(start), sorted(waiting)


def hold_lock(path: Path, seconds: float) -> None:
    conn = sqlite3.connect(path, isolation_level=None, timeout=30)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        time.sleep(seconds)
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def caught_up(servers: list[Server], database: Database, load: Load) -> list[str]:
    """The matches some server still shows behind the database after :data:`BOUND`."""
    behind = []
    stored = database.states([m.match_id for m in load.matches])
    with httpx.Client(timeout=10) as client:
        for server in servers:
            for match in load.matches:
                deadline = time.monotonic() + BOUND
                while True:
                    view = client.get(f"{server.url}/api/matches/{match.match_id}",
                                      headers={"Authorization": f"Bearer {match.spectator}"})
                    if view.json()["version"] >= stored[match.match_id][0]:
                        break
                    if time.monotonic() > deadline:
                        behind.append(f"{match.match_id} on {server.url}")
                        break
                    time.sleep(0.1)
    return behind


def chaos(kind: str, faults: int, *, matches: int = 8, people: int = 2, threads: int = 2,
          bot_workers: int = 1, bot_delay: float = 0.2, seed: int = 1,
          lock_seconds: tuple[float, float] = (2.0, 8.0), quiet: tuple[float, float] = (1.0, 3.0),
          say: Callable[[str], None] = print) -> Report:
    """Run ``faults`` faults of ``kind`` under load; return what was found."""
    rng = Rng(seed)
    report = Report()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="sunking-faults-") as tmp:
        root = Path(tmp)
        os.chmod(root, 0o755)
        cluster = None if kind == "lock" else Cluster(root)
        url = sqlite_url(root / "data") if cluster is None else cluster.url
        count = 1 if kind == "lock" else 2
        servers = [Server(url, root / f"server{i}.log", bot_workers, bot_delay)
                   for i in range(count)]
        database = Database(url)
        try:
            for server in servers:
                server.start()
            load = Load(servers, rng.fork())
            load.fill(matches, people)
            load.start(threads)
            for number in range(faults):
                time.sleep(quiet[0] + rng.random() * (quiet[1] - quiet[0]))
                fault = _fault(kind, rng, root, cluster, servers, lock_seconds)
                fault.recovered, fault.matches, stuck = recovery(database, load)
                report.faults.append(fault)
                report.frozen += stuck
                shown = "frozen" if fault.recovered is None else f"{fault.recovered:.2f} s"
                say(f"fault {number + 1}/{faults} {kind}: lasted {fault.lasted:.1f} s, "
                    f"{fault.matches} matches moved again in {shown}")
                for server in servers:
                    if not server.up:
                        server.start()
                load.renew(database.states([m.match_id for m in load.matches]))
            _, _, stuck = recovery(database, load)
            report.frozen += [f"{m} (at the end)" for m in stuck]
            load.halt()
            report.stale = caught_up(servers, database, load)
            every = load.matches + load.finished
            report.lost = database.lost(every)
            report.acked = sum(len(m.acked) for m in every)
            report.moves = database.moves()
        finally:
            for server in servers:
                server.stop()
            database.engine.dispose()
            if cluster is not None:
                cluster.stop()
            if not report.ok:
                for server in servers:
                    say(f"--- {server.log.name} (tail)")
                    say("\n".join(server.log.read_text(errors="replace").splitlines()[-30:]))
    report.seconds = time.monotonic() - started
    return report


def _fault(kind: str, rng: Rng, root: Path, cluster: Cluster | None, servers: list[Server],
           lock_seconds: tuple[float, float]) -> Fault:
    """Cause one fault; returns when it has ended."""
    began = time.monotonic()
    if kind == "lock":
        low, high = lock_seconds
        hold_lock(root / "data" / "sunking.db", low + rng.random() * (high - low))
    elif kind == "pg-restart":
        assert cluster is not None
        cluster.restart(rng.random() * 3.0)
    else:
        servers[rng.below(len(servers))].kill()
    return Fault(kind, time.monotonic() - began)


def print_report(kind: str, report: Report) -> None:
    took = [f.recovered for f in report.faults if f.recovered is not None]
    lasted = [f.lasted for f in report.faults]
    print(f"faults ({kind}): {len(report.faults)}, each lasting {min(lasted, default=0):.1f} to "
          f"{max(lasted, default=0):.1f} s")
    if took:
        print(f"seconds until every match moved again: median {statistics.median(took):.2f}, "
              f"max {max(took):.2f} (bound {BOUND:g})")
    print(f"moves stored: {report.moves}; acknowledged people's moves: {report.acked}; "
          f"lost: {len(report.lost)}")
    print(f"matches frozen: {len(report.frozen)}; views behind the database at the end: "
          f"{len(report.stale)}; wall time {report.seconds:.0f} s")
    for line in report.lost[:10] + report.frozen[:10] + report.stale[:10]:
        print(f"  {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fault", choices=[*FAULTS, "all"], default="all")
    parser.add_argument("--faults", type=int, default=0,
                        help="faults of each kind (default: 20 locks, 10 restarts, 10 kills)")
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--people", type=int, default=2, help="matches with human seats")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--bot-delay", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ok = True
    for kind in FAULTS if args.fault == "all" else (args.fault,):
        faults = args.faults or (20 if kind == "lock" else 10)
        report = chaos(kind, faults, matches=args.matches, people=args.people,
                       bot_workers=args.bot_workers, bot_delay=args.bot_delay, seed=args.seed)
        print_report(kind, report)
        ok = ok and report.ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
