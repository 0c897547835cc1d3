"""Helpers of the account tests: a client whose mails go to a local SMTP server, and the
steps of signing up and in. (Imported by this name, like ``srv_support``.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from sunking.server import Settings, create_app
from sunking.server.accounts.service import AccountService
from sunking.server.storage import MatchStore, MemoryStore
from support.mailbox import Mailbox, smtp_server, token_in

PASSWORD = "correct horse battery"


@contextmanager
def account_client(store_factory: Callable[[], MatchStore] | None = None,
                   **settings: Any) -> Iterator[tuple[TestClient, Mailbox]]:
    """A test client whose mails go to a local SMTP server (the mailbox)."""
    with smtp_server() as (box, port):
        values: dict[str, Any] = {
            "data_dir": Path("unused"), "bot_workers": 0, "bot_delay": 0.0,
            "rate_create": None, "rate_actions": None, "rate_join": None, "rate_chat": None,
            "rate_chat_chars": None, "rate_signin": None, "rate_signin_account": None,
            "rate_signup": None, "smtp_host": "127.0.0.1", "smtp_port": port,
            "smtp_tls": "none", "public_url": "http://localhost:8000", **settings}
        app = create_app(Settings(**values), store_factory=store_factory or MemoryStore)
        with TestClient(app) as client:
            yield client, box


def accounts_of(client: TestClient) -> AccountService:
    accounts: AccountService = client.app.state.accounts  # type: ignore[attr-defined]
    return accounts


def csrf(client: TestClient) -> dict[str, str]:
    """The CSRF header of the client's session."""
    return {"X-CSRF-Token": client.cookies["sunking_csrf"]}


def sign_up(client: TestClient, box: Mailbox, handle: str, email: str,
            password: str = PASSWORD) -> str:
    """Sign up and follow the verification link that arrived: the client is signed in.
    Returns the link's token."""
    answer = client.post("/api/account/signup", json={
        "handle": handle, "email": email, "password": password, "languages": ["en"]})
    assert answer.status_code == 202, answer.text
    token = token_in(box.wait_for(email))
    verified = client.post("/api/account/verify", json={"token": token})
    assert verified.status_code == 200, verified.text
    return token


def sign_in(client: TestClient, email: str, password: str = PASSWORD) -> Any:
    return client.post("/api/account/signin", json={"email": email, "password": password})
