"""The fuzz run in small: requests generated from the OpenAPI schema and mangled websocket
messages against a real server give no 500, no hang, and change no match
(``benchmarks/fuzz_server.py`` runs the long version)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from fuzz_server import fuzz, fuzz_server


def test_srv_fuzzed_requests_and_messages_get_clear_answers() -> None:
    with fuzz_server() as url:
        report = fuzz(url, requests=1500, messages=500, seed=3)
    assert report.requests >= 1500 and report.messages >= 500
    assert report.faults == [] and report.hangs == []
    # The fuzz reached the routes, not only the door: refusals of every kind came back.
    assert {401, 403, 404, 413, 422} <= set(report.statuses), report.statuses
