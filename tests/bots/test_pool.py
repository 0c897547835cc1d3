"""The worker processes of tournaments and benchmarks end when the process that started them
is killed, rather than play on for nobody."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PARENT = """
import sys, time
from sunking.bots.pool import worker_pool

def pid_then_sleep(path):
    import os, time
    with open(path, "w") as handle:
        handle.write(str(os.getpid()))
    time.sleep(120)

if __name__ == "__main__":
    pool = worker_pool(1)
    pool.submit(pid_then_sleep, sys.argv[1])
    time.sleep(120)
"""


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie nobody has reaped yet does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return not stat.parent.parent.exists()  # no /proc (not Linux): kill's answer



def test_a_worker_ends_when_its_parent_is_killed(tmp_path: Path) -> None:
    script, found = tmp_path / "parent.py", tmp_path / "worker.pid"
    script.write_text(PARENT, encoding="utf-8")
    parent = subprocess.Popen([sys.executable, str(script), str(found)])
    try:
        deadline = time.monotonic() + 60
        while not (found.exists() and found.read_text()):
            assert time.monotonic() < deadline, "the worker never started"
            time.sleep(0.05)
        worker = int(found.read_text())
        assert alive(worker)
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait(30)
    deadline = time.monotonic() + 30  # the worker's task would sleep for 120 s
    while alive(worker):
        assert time.monotonic() < deadline, "the worker played on after its parent was killed"
        time.sleep(0.1)
