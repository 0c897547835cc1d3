"""Fixtures of the browser tests: the real server in a subprocess and headless Chromium.

The browser driver (starting ``sunking serve``, launching Debian's Chromium, creating matches
from the lobby, deciding by clicking, the overflow check) lives in ``scripts/screenshots.py``
and is shared with the screenshot script. When Chromium is missing the tests fail; they are
never skipped.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "screenshots.py"


def _load_driver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sunking_screenshots", SCRIPT)
    assert spec is not None and spec.loader is not None, f"cannot load {SCRIPT}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


DRIVER = _load_driver()


@pytest.fixture(scope="session")
def driver() -> ModuleType:
    """``scripts/screenshots.py`` as a module."""
    return DRIVER


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    with DRIVER.running_server(tmp_path_factory.mktemp("sunking-server")) as running:
        yield running


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    launched: Browser = DRIVER.launch_browser(playwright_session)
    try:
        yield launched
    finally:
        launched.close()
