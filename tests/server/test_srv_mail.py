"""Mail: a failing SMTP server is logged once and its mails are tried again until they go
through; without SMTP, mails go to the log (``sunking serve``'s standard error) and the
operators' outbox page; a request never waits on the SMTP server."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from srv_accounts import PASSWORD
from srv_process import BIN, sunking_serve
from srv_support import LIMIT, wait_until

from sunking.server import Settings, create_app
from sunking.server.accounts.service import memory_engine
from sunking.server.mail import Outbox, Postman, SmtpSettings
from sunking.server.storage import MemoryStore
from support.mailbox import smtp_server
from support.ports import free_port


async def _now(fn: Any, *args: Any) -> Any:
    return fn(*args)


def test_srv_a_failing_smtp_server_is_logged_once_and_its_mail_retried(
        caplog: pytest.LogCaptureFixture) -> None:
    port = free_port()
    outbox = Outbox(memory_engine())
    postman = Postman(outbox, SmtpSettings("127.0.0.1", port, tls="none"), _now, retry=(0.0,))
    for n in range(2):
        outbox.queue("louis@example.org", f"mail {n}", "body", time.time())
    with caplog.at_level(logging.INFO, logger="sunking.server.mail"):
        for _ in range(3):
            asyncio.run(postman.deliver_due())
    failures = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(failures) == 1
    assert "kept to try again" in failures[0].getMessage()
    kept = outbox.recent()
    assert all(m.sent_at is None and m.attempts == 3 for m in kept)
    assert all("Error" in (m.last_error or "") for m in kept)
    with smtp_server(port) as (box, _port):
        asyncio.run(postman.deliver_due())
        assert sorted(m["Subject"] for m in box.to("louis@example.org")) == ["mail 0", "mail 1"]
    assert all(m.sent_at is not None and m.body == "" for m in outbox.recent())
    assert any("sent again" in r.getMessage() for r in caplog.records)
    asyncio.run(postman.deliver_due())
    assert len(box.to("louis@example.org")) == 2


def test_srv_an_outbox_that_cannot_be_read_is_logged_once_and_the_postman_goes_on(
        caplog: pytest.LogCaptureFixture) -> None:
    """The postman is a ticker: the database failing is logged once, when it begins and when
    it ends, and the mail queued meanwhile is sent once the outbox can be read again."""
    down = True

    async def call(fn: Any, *args: Any) -> Any:
        if down:
            raise OSError("the database is down")
        return fn(*args)

    async def run() -> None:
        nonlocal down
        outbox = Outbox(memory_engine())
        postman = Postman(outbox, SmtpSettings(None), call)
        postman.every = 0.01
        outbox.queue("anne@example.org", "hello", "body", time.time())
        postman.start()
        await asyncio.sleep(0.2)
        assert outbox.recent()[0].sent_at is None
        down = False
        end = time.monotonic() + 10
        while outbox.recent()[0].sent_at is None:
            assert time.monotonic() < end, "the mail was never sent"
            await asyncio.sleep(0.01)
        await postman.close()

    with caplog.at_level(logging.INFO, logger="sunking.server"):
        asyncio.run(run())
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert errors == ["the postman: failing, trying again until it works: "
                      "the database is down"]
    assert any(r.getMessage() == "the postman: working again" for r in caplog.records)


def test_srv_a_request_does_not_wait_on_the_smtp_server() -> None:
    """The SMTP server is down: sign-up answers at once, the mail waits in the outbox."""
    settings = Settings(data_dir=Path("unused"), bot_workers=0, rate_signup=None,
                        smtp_host="127.0.0.1", smtp_port=free_port(), smtp_tls="none")
    with TestClient(create_app(settings, store_factory=MemoryStore)) as client:
        answer = client.post("/api/account/signup", json={
            "handle": "Anne", "email": "anne@example.org", "password": PASSWORD})
        assert answer.status_code == 202
        outbox = client.app.state.accounts.postman.outbox  # type: ignore[attr-defined]
        mails = outbox.recent()
        assert [m.recipient for m in mails] == ["anne@example.org"]


def test_srv_without_smtp_mails_go_to_the_log_and_the_outbox_page(
        caplog: pytest.LogCaptureFixture) -> None:
    settings = Settings(data_dir=Path("unused"), bot_workers=0, rate_signup=None)
    with caplog.at_level(logging.INFO, logger="sunking.server.mail"), \
            TestClient(create_app(settings, store_factory=MemoryStore),
                       client=("127.0.0.1", 50000)) as client:
        client.post("/api/account/signup", json={
            "handle": "Marie", "email": "marie@example.org", "password": PASSWORD})
        end = time.monotonic() + 30
        while not any("marie@example.org" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < end, "the mail never reached the log"
            time.sleep(0.02)
        logged = next(r.getMessage() for r in caplog.records
                      if "marie@example.org" in r.getMessage())
        assert "/account/verify#token=" in logged
        page = client.get("/operators/outbox")
        assert page.status_code == 200
        assert "marie@example.org" in page.text and "/account/verify#token=" in page.text
    far = Settings(data_dir=Path("unused"), bot_workers=0, metrics_from="10.0.0.0/8")
    with TestClient(create_app(far, store_factory=MemoryStore),
                    client=("127.0.0.1", 50000)) as client:
        assert client.get("/operators/outbox").status_code == 403
    with smtp_server() as (_box, port):
        sent = Settings(data_dir=Path("unused"), bot_workers=0, smtp_host="127.0.0.1",
                        smtp_port=port, smtp_tls="none")
        with TestClient(create_app(sent, store_factory=MemoryStore),
                        client=("127.0.0.1", 50000)) as client:
            refused = client.get("/operators/outbox")
            assert refused.status_code == 403
            assert "SMTP" in refused.json()["error"]["message"]


def test_srv_the_postman_stops_even_when_woken_as_it_is_closed() -> None:
    """Closing the postman just as a mail wakes it (a sign-up right before shutdown) ends
    it every time: it never keeps the server from stopping."""
    outbox = Outbox(memory_engine())

    async def rounds() -> None:
        for _ in range(200):
            postman = Postman(outbox, SmtpSettings("127.0.0.1", free_port(), tls="none"),
                              _now, retry=(60.0,))
            postman.start()
            await asyncio.sleep(0)
            postman.wake()
            await asyncio.wait_for(postman.close(), 10)

    asyncio.run(rounds())


def test_srv_sunking_serve_without_smtp_prints_the_mail(tmp_path: Path) -> None:
    """The link of a confirmation mail shows in the server's output, where the person who
    started it on his own machine reads it (``docs/server.md``, ``SUNKING_SMTP_HOST``)."""
    with sunking_serve("--data-dir", str(tmp_path / "data"), "--bot-workers", "0") as served:
        answer = httpx.post(f"{served.url}/api/account/signup", timeout=LIMIT, json={
            "handle": "Anne", "email": "anne@example.org", "password": PASSWORD})
        assert answer.status_code == 202
        wait_until(lambda: "/account/verify#token=" in served.printed())
        printed = served.printed()
    assert f"http://localhost:{served.port}/account/verify#token=" in printed
    assert "INFO sunking.server.mail.outbox: mail (no SMTP server configured) to " \
        "anne@example.org" in printed


def test_srv_sunking_serve_refuses_an_unknown_log_level(tmp_path: Path) -> None:
    env = dict(os.environ, SUNKING_LOG_LEVEL="loud")
    result = subprocess.run(
        [str(BIN / "sunking"), "serve", "--port", str(free_port()),
         "--data-dir", str(tmp_path)], env=env, capture_output=True, text=True, timeout=LIMIT)
    assert result.returncode != 0
    assert "SUNKING_LOG_LEVEL" in result.stderr and "loud" in result.stderr
