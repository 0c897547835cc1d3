"""What an operator asks the server: is the process up (``/healthz``), does its database
answer (``/readyz``), and its metrics (``/metrics``, only to the addresses allowed)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from srv_support import auth, make_client, new_match, service_of, wait_until

from sunking.server import Settings, create_app
from sunking.server.metrics import ServiceGauges
from sunking.server.routes import operators
from sunking.server.storage import MemoryStore
from sunking.server.storage.sql import SqlStore, sqlite_url
from sunking.server.workers.fair import FairQueue

LOCAL = ("127.0.0.1", 40000)


@pytest.fixture
def on_sqlite(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(lambda: SqlStore(sqlite_url(tmp_path))) as client:
        yield client


def test_srv_healthz_answers_without_the_database(on_sqlite: TestClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("healthz must not touch the database")

    monkeypatch.setattr(service_of(on_sqlite).store.engine, "connect", broken)  # type: ignore[attr-defined]
    answer = on_sqlite.get("/healthz")
    assert answer.status_code == 200 and answer.json() == {"status": "ok"}


def test_srv_readyz_says_whether_the_database_answers(on_sqlite: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    answer = on_sqlite.get("/readyz")
    assert answer.status_code == 200 and answer.json() == {"status": "ready"}
    engine = service_of(on_sqlite).store.engine  # type: ignore[attr-defined]

    def down(*_args: Any, **_kwargs: Any) -> Any:
        raise sa.exc.OperationalError("SELECT", {}, Exception("connection refused"))

    monkeypatch.setattr(engine, "connect", down)
    answer = on_sqlite.get("/readyz")
    assert answer.status_code == 503 and answer.headers["retry-after"]
    assert answer.json()["error"]["code"] == "unavailable"
    assert "OperationalError" in answer.json()["error"]["message"]


def test_srv_readyz_does_not_wait_on_a_hung_database(on_sqlite: TestClient,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(operators, "READY_SECONDS", 0.2)
    engine = service_of(on_sqlite).store.engine  # type: ignore[attr-defined]
    release = time.monotonic() + 3

    def hung(*_args: Any, **_kwargs: Any) -> Any:
        while time.monotonic() < release:
            time.sleep(0.05)
        raise sa.exc.OperationalError("SELECT", {}, Exception("timed out"))

    monkeypatch.setattr(engine, "connect", hung)
    answers = [on_sqlite.get("/readyz") for _ in range(3)]
    assert [a.status_code for a in answers] == [503] * 3
    assert "did not answer" in answers[0].json()["error"]["message"]


def metrics_of(client: TestClient) -> dict[str, float]:
    """Every sample of ``/metrics``, by name and labels (``name{k=v}``)."""
    answer = client.get("/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            out[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return out


def test_srv_metrics_count_moves_latency_matches_and_errors() -> None:
    with make_client() as client:
        local = TestClient(client.app, client=LOCAL)
        before = metrics_of(local)
        created = new_match(client, ("human", "random"))
        match_id, token = created["match_id"], created["tokens"][0]
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        assert client.post(f"/api/matches/{match_id}/actions", headers=auth(token), json={
            "version": view["version"], "action": view["legal_actions"][0]}).status_code == 200
        wait_until(lambda: service_of(client).cache.held[match_id].version
                   >= view["version"] + 2)
        assert client.get("/api/matches/nothing", headers=auth(token)).status_code == 404
        after = metrics_of(local)

    def grew(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)

    assert grew("sunking_moves_total{mover=seat}") == 1
    assert grew("sunking_moves_total{mover=bot}") >= 1
    assert grew("sunking_move_seconds_count") == 1
    assert grew("sunking_errors_total{code=unknown_match}") == 1
    assert after["sunking_live_matches"] == 1
    assert after["sunking_bot_queue"] == 0
    assert after["process_open_fds"] > 0


def test_srv_the_bot_queue_gauge_counts_moves_waiting_for_a_worker() -> None:
    async def run() -> float:
        fair = FairQueue(1)
        held, waiting = asyncio.Event(), asyncio.Event()

        async def job(owner: str) -> None:
            async with fair.slot(owner):
                held.set()
                await waiting.wait()

        tasks = [asyncio.create_task(job(o)) for o in ("a", "b", "c")]
        await held.wait()
        await asyncio.sleep(0)
        families = list(ServiceGauges(lambda: 0, lambda: fair.waiting).collect())
        waiting.set()
        await asyncio.gather(*tasks)
        return next(f for f in families if f.name == "sunking_bot_queue").samples[0].value

    assert asyncio.run(run()) == 2


@pytest.mark.parametrize(("allowed", "address", "status"), [
    (None, ("testclient", 5000), 403),
    (None, ("203.0.113.9", 5000), 403),
    (None, ("::1", 5000), 200),
    ("10.0.0.0/8", ("10.2.3.4", 5000), 200),
    ("10.0.0.0/8", LOCAL, 403),
    ("any", ("203.0.113.9", 5000), 200),
    ("off", LOCAL, 403),
])
def test_srv_metrics_are_served_only_to_the_addresses_allowed(
        allowed: str | None, address: tuple[str, int], status: int) -> None:
    settings = Settings(data_dir=Path("unused"), bot_workers=0, bot_delay=0.0,
                        **({} if allowed is None else {"metrics_from": allowed}))
    app = create_app(settings, store_factory=MemoryStore)
    with TestClient(app):
        answer = TestClient(app, client=address).get("/metrics")
    assert answer.status_code == status, answer.text
    if status == 403:
        assert answer.json()["error"]["code"] == "forbidden"
        assert "sunking_" not in answer.text


def test_srv_a_bad_metrics_address_stops_the_start() -> None:
    with pytest.raises(ValueError, match="SUNKING_METRICS_FROM"):
        create_app(Settings(data_dir=Path("unused"), metrics_from="10.0.0.0/8,nowhere"))
