"""Fixtures every test folder may use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.external_game import installed


@pytest.fixture(scope="module")
def oh_hell(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Oh Hell (``tests/external/oh_hell``) registered only through the entry point of a
    distribution installed for the module's tests; yields the paths it was installed on."""
    with installed(tmp_path_factory.mktemp("oh-hell-dist")) as paths:
        yield paths
