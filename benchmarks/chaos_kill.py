"""Chaos run: kill ``sunking serve`` with SIGKILL at random moments under load, many times.

The script starts ``sunking serve`` on a fresh SQLite database, creates matches of every
registered game (two human seats and two ``random`` bots each), and keeps several client
threads playing random legal moves for the human seats over REST. At random moments it kills
the server with SIGKILL and starts it again. While the server is down it reads the database
and checks that every move the server had acknowledged (answered 200) is stored exactly where
it was played. After each restart it checks that every unfinished match resumes: its version
moves on within a time limit (bots and people alike). It prints the number of kills,
acknowledged moves, moves lost (must be 0) and matches that failed to resume (must be 0), and
exits 1 if either is not 0.

    .venv/bin/python benchmarks/chaos_kill.py --kills 50
    .venv/bin/python benchmarks/chaos_kill.py --kills 3 --matches 3   # the size of the CI test
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from serving import free_port, wait_until_up

from sunking.core import Rng, available_games
from sunking.server.storage.sql import SqlStore, sqlite_url
from sunking.testing.seats import seat_tokens

START_LIMIT = 60.0
"""Seconds a server start or a match's resumption may take before it counts as failed."""


@dataclasses.dataclass
class Match:
    match_id: str
    tokens: dict[int, str]
    acked: dict[int, Any] = dataclasses.field(default_factory=dict)
    """Version the move was played at -> the action the server acknowledged there."""


@dataclasses.dataclass
class Report:
    kills: int = 0
    acked: int = 0
    lost: list[str] = dataclasses.field(default_factory=list)
    stuck: list[str] = dataclasses.field(default_factory=list)
    seconds: float = 0.0


class Server:
    """``sunking serve`` in a subprocess, restartable on the same port and data."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "SUNKING_DATABASE_URL"}
        env.update(SUNKING_RATE_CREATE="0", SUNKING_RATE_ACTIONS="0")  # one address, many moves
        self.process = subprocess.Popen(
            [str(Path(sys.executable).parent / "sunking"), "serve", "--port", str(self.port),
             "--data-dir", str(self.data_dir), "--bot-workers", "1", "--bot-delay", "0"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_up(self.process, self.url, START_LIMIT, every=0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(START_LIMIT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(START_LIMIT)
            except subprocess.TimeoutExpired:
                self.process.kill()


def create(client: httpx.Client, game: str, seed: int) -> Match:
    body = {"game": game, "players": 4, "language": "en", "seed": seed, "practice": True,
            "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"},
                      {"kind": "human", "name": "B"}, {"kind": "bot", "bot": "random"}]}
    answer = client.post("/api/matches", json=body)
    answer.raise_for_status()
    created = answer.json()
    return Match(created["match_id"], seat_tokens(client, created))


def play_one(client: httpx.Client, match: Match, rng: Rng, lock: threading.Lock) -> bool:
    """One move of the human seat to move, if any; False once the match is over."""
    for seat, token in match.tokens.items():
        headers = {"Authorization": f"Bearer {token}"}
        view = client.get(f"/api/matches/{match.match_id}", headers=headers).json()
        if view["status"] != "active":
            return False
        if view["to_move"] != seat or not view["legal_actions"]:
            continue
        action = view["legal_actions"][rng.below(len(view["legal_actions"]))]
        answer = client.post(f"/api/matches/{match.match_id}/actions", headers=headers,
                             json={"version": view["version"], "action": action})
        if answer.status_code == 200:
            with lock:
                match.acked[view["version"]] = action
        return True
    return True


def driver(url: str, matches: list[Match], rng: Rng, stop: threading.Event,
           lock: threading.Lock) -> None:
    """Keep playing moves in random matches until ``stop``; the server may vanish any time."""
    with httpx.Client(base_url=url, timeout=10) as client:
        while not stop.is_set():
            match = matches[rng.below(len(matches))]
            try:
                play_one(client, match, rng, lock)
            except (httpx.TransportError, ValueError, KeyError):
                time.sleep(0.02)


def check_stored(data_dir: Path, matches: list[Match], lock: threading.Lock) -> list[str]:
    """Every acknowledged move is stored at the version it was played at."""
    lost = []
    store = SqlStore(sqlite_url(data_dir))
    try:
        for match in matches:
            stored = store.load(match.match_id)
            with lock:
                acked = dict(match.acked)
            for version, action in acked.items():
                if version >= len(stored.actions) or stored.actions[version].action != action:
                    lost.append(f"{match.match_id} version {version}")
    finally:
        store.close()
    return lost


def check_resumed(url: str, matches: list[Match]) -> list[str]:
    """Every unfinished match moves on after the restart (its bots, or a person's move)."""
    stuck = []
    with httpx.Client(base_url=url, timeout=10) as client:
        for match in matches:
            token = next(iter(match.tokens.values()))
            headers = {"Authorization": f"Bearer {token}"}
            first = client.get(f"/api/matches/{match.match_id}", headers=headers).json()
            if first["status"] != "active":
                continue
            deadline = time.monotonic() + START_LIMIT
            rng = Rng(len(match.acked))
            while True:
                now = client.get(f"/api/matches/{match.match_id}", headers=headers).json()
                if now["version"] > first["version"] or now["status"] != "active":
                    break
                play_one(client, match, rng, threading.Lock())
                if time.monotonic() > deadline:
                    stuck.append(match.match_id)
                    break
                time.sleep(0.05)
    return stuck


def chaos(kills: int, matches: int, drivers: int, seed: int, data_dir: Path) -> Report:
    """Run the chaos loop and return what it found."""
    rng = Rng(seed)
    report = Report()
    server = Server(data_dir)
    lock = threading.Lock()
    games = available_games()
    started = time.monotonic()
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            live = [create(client, games[i % len(games)], seed * 1000 + i)
                    for i in range(matches)]
        for _ in range(kills):
            stop = threading.Event()
            threads = [threading.Thread(target=driver, daemon=True,
                                        args=(server.url, live, rng.fork(), stop, lock))
                       for _ in range(drivers)]
            for thread in threads:
                thread.start()
            time.sleep(0.2 + rng.random() * 1.3)
            server.kill()
            report.kills += 1
            stop.set()
            for thread in threads:
                thread.join(START_LIMIT)
            report.lost += check_stored(data_dir, live, lock)
            server.start()
            report.stuck += check_resumed(server.url, live)
            with httpx.Client(base_url=server.url, timeout=10) as client:
                for i, match in enumerate(live):  # finished matches make way for new ones
                    token = next(iter(match.tokens.values()))
                    view = client.get(f"/api/matches/{match.match_id}",
                                      headers={"Authorization": f"Bearer {token}"}).json()
                    if view["status"] != "active":
                        report.acked += len(match.acked)
                        live[i] = create(client, games[rng.below(len(games))],
                                         rng.below(1 << 30))
        report.acked += sum(len(m.acked) for m in live)
    finally:
        server.stop()
    report.seconds = time.monotonic() - started
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--drivers", type=int, default=4, help="client threads playing moves")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sunking-chaos-") as tmp:
        report = chaos(args.kills, args.matches, args.drivers, args.seed, Path(tmp))
    print(f"kills: {report.kills}")
    print(f"acknowledged moves: {report.acked}")
    print(f"acknowledged moves lost: {len(report.lost)}")
    print(f"matches that did not resume: {len(report.stuck)}")
    print(f"wall time: {report.seconds:.1f} s")
    for line in report.lost[:20] + report.stuck[:20]:
        print(f"  {line}")
    sys.exit(1 if report.lost or report.stuck else 0)


if __name__ == "__main__":
    main()
