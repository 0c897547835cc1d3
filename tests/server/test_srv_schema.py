"""The OpenAPI schema says what the server does: every status an operation answers with is
documented, a request the schema forbids is refused, one it allows is accepted (or refused
only for what the schema cannot say), and ``Allow`` lists every method of a path
(``benchmarks/fuzz_schema.py`` runs the long version)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from srv_support import auth, new_match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from fuzz_schema import fuzz_schema, schema_server


def test_srv_schemathesis_finds_nothing_with_or_without_a_token() -> None:
    with schema_server() as url:
        runs = fuzz_schema(url, examples=5, seed=3)
    assert sum(run.cases for run in runs) >= 300
    assert {run.name: run.failures for run in runs} == {run.name: {} for run in runs}


def test_srv_a_wrong_method_is_405_with_every_method_of_the_path(client: TestClient) -> None:
    created = new_match(client, ("human", "human"))
    answer = client.request("PUT", f"/api/matches/{created['match_id']}/chat")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, POST"
    assert answer.json()["error"]["code"] == "method_not_allowed"


def test_srv_an_unknown_path_is_a_json_404(client: TestClient) -> None:
    answer = client.get("/api/nothing-here")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("query", ["since=1&since=2", "since=", "lang=en&lang=fr", "lang="])
def test_srv_a_query_parameter_given_twice_or_empty_is_malformed(client: TestClient,
                                                                 query: str) -> None:
    created = new_match(client, ("human", "human"))
    path = f"/api/matches/{created['match_id']}"
    answer = client.get(f"{path}?{query}", headers=auth(created["tokens"][0]))
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "malformed"
    chat = client.get(f"{path}/chat?after=", headers=auth(created["tokens"][0]))
    assert chat.status_code == 422, chat.text
