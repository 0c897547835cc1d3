"""Fixtures of the server tests (the helpers are in ``srv_support``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from srv_support import make_client


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A test client of an app on a memory store, bots in threads, no bot delay."""
    with make_client() as test_client:
        yield test_client
