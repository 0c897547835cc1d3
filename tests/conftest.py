"""Fixtures every test folder may use, and the order tests run in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from support.external_game import installed

BROWSER_TESTS = Path(__file__).resolve().parent / "e2e"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last (in each pytest-xdist worker too, which takes the tests in
    this order): Playwright's sync API leaves an event loop running in the worker's main
    thread, in which ``asyncio.run`` (the server's tests) refuses to start."""
    items.sort(key=lambda item: item.path.is_relative_to(BROWSER_TESTS))


@pytest.fixture(scope="module")
def oh_hell(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Oh Hell (``tests/external/oh_hell``) registered only through the entry point of a
    distribution installed for the module's tests; yields the paths it was installed on."""
    with installed(tmp_path_factory.mktemp("oh-hell-dist")) as paths:
        yield paths
