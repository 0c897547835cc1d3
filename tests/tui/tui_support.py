"""Shared by the terminal-client tests: run a pilot coroutine on its own event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_pilot(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to the end with ``asyncio.run`` in a fresh thread.

    A test worker may already have an event loop running in its main thread (Playwright's
    sync API, used by the browser tests, leaves one there), and ``asyncio.run`` refuses to
    start inside it; a new thread has no running loop.
    """
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pilot") as pool:
        return pool.submit(asyncio.run, coroutine).result()
