"""The worker processes of tournaments and of the benchmarks that play many games: spawned (they
inherit no state from the process that starts them) and ending when that process ends, however
it ends — a benchmark stopped with ``kill`` or Ctrl-C leaves no worker playing on."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

PARENT_CHECK_SECONDS = 1.0
"""How often a worker looks whether the process that started it still runs."""


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)  # orphaned: nobody will read what this worker computes


def _end_with(parent: int) -> None:
    threading.Thread(target=_watch, args=(parent,), daemon=True,
                     name="sunking-parent-watch").start()


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` spawned worker processes that end with this process."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"),
                               initializer=_end_with, initargs=(os.getpid(),))
