"""Accounts through the API: sign up with a mail read at a real SMTP server, verify, sign in,
the account and its sessions, recovery codes, export and deletion, on a memory store and on
SQLite and PostgreSQL."""

from __future__ import annotations

import uuid

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_accounts import PASSWORD, account_client, csrf, sign_in, sign_up
from srv_support import new_match, postgres_url

from sunking.server.accounts.schema import ACCOUNTS, PASSKEYS, RECOVERY_CODES, SESSIONS
from sunking.server.storage.sql import SqlStore
from support.mailbox import body_of, link_in


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store_factory(request: pytest.FixtureRequest, tmp_path: object) -> object:
    if request.param == "memory":
        return None
    url = f"sqlite:///{tmp_path}/accounts.db" if request.param == "sqlite" else postgres_url()
    return lambda: SqlStore(url)


def test_srv_sign_up_verify_sign_in_and_out(store_factory: object) -> None:
    tag = uuid.uuid4().hex[:8]
    email = f"ada-{tag}@example.org"
    with account_client(store_factory) as (client, box):  # type: ignore[arg-type]
        before = sign_in(client, email)
        assert before.status_code == 401
        client.post("/api/account/signup", json={
            "handle": f"Ada {tag}", "email": email, "password": PASSWORD})
        unverified = sign_in(client, email)
        assert unverified.status_code == 401
        assert unverified.json() == before.json()
        mail = box.wait_for(email)
        assert "confirm" in mail["Subject"]
        assert link_in(mail).startswith("http://localhost:8000/account/verify#token=")
        token = link_in(mail).split("#token=")[1]
        verified = client.post("/api/account/verify", json={"token": token})
        assert verified.status_code == 200, verified.text
        assert verified.json()["account"]["email_verified"] is True
        me = client.get("/api/account").json()
        assert me["account"]["handle"] == f"Ada {tag}"
        assert "password_hash" not in me["account"]
        client.post("/api/account/signout", headers=csrf(client))
        assert client.get("/api/account").status_code == 401
        again = sign_in(client, email.upper())
        assert again.status_code == 200, again.text
        assert client.get("/api/account").status_code == 200


def test_srv_a_mail_is_worded_in_the_account_s_language() -> None:
    with account_client() as (client, box):
        client.post("/api/account/signup", json={
            "handle": "Jeanne", "email": "jeanne@example.org", "password": PASSWORD,
            "languages": ["fr", "en"]})
        mail = box.wait_for("jeanne@example.org")
        assert mail["Subject"] == "sunking : confirmez votre adresse e-mail"
        assert body_of(mail).startswith("Bonjour Jeanne,")


def test_srv_handles_are_folded_and_checked() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Élise", "elise@example.org")
        for same in ("élise", "E\u0301LISE"):
            answer = client.post("/api/account/signup", json={
                "handle": same, "email": "other@example.org", "password": PASSWORD})
            assert answer.status_code == 409, answer.text
            assert answer.json()["error"]["code"] == "handle_taken"
        for bad in ("ab", "evil\u202eeman", "tab\there", " lead", "two  spaces", "x" * 33,
                    "zero\u200bwidth"):
            answer = client.post("/api/account/signup", json={
                "handle": bad, "email": "bad@example.org", "password": PASSWORD})
            assert answer.status_code == 422, bad
            assert answer.json()["error"]["code"] == "invalid_handle"
        short = client.post("/api/account/signup", json={
            "handle": "Shorty", "email": "s@example.org", "password": "short"})
        assert short.json()["error"]["code"] == "invalid_password"
        mail = client.post("/api/account/signup", json={
            "handle": "Nomail", "email": "not an address", "password": PASSWORD})
        assert mail.json()["error"]["code"] == "invalid_email"


def test_srv_sessions_are_listed_and_revoked() -> None:
    with account_client() as (phone, box):
        sign_up(phone, box, "Colbert", "colbert@example.org")
        desk = TestClient(phone.app)
        assert sign_in(desk, "colbert@example.org").status_code == 200
        listed = phone.get("/api/account/sessions").json()
        assert len(listed) == 2
        assert [s["current"] for s in listed].count(True) == 1
        other = next(s for s in listed if not s["current"])
        revoked = phone.delete(f"/api/account/sessions/{other['session_id']}",
                               headers=csrf(phone))
        assert revoked.status_code == 200, revoked.text
        gone = desk.get("/api/account")
        assert gone.status_code == 401
        assert gone.json()["error"]["code"] == "not_signed_in"
        assert phone.get("/api/account").status_code == 200
        again = phone.delete(f"/api/account/sessions/{other['session_id']}",
                             headers=csrf(phone))
        assert again.status_code == 404


def test_srv_recovery_codes_sign_in_once_each() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Vauban", "vauban@example.org")
        codes = client.post("/api/account/recovery-codes", headers=csrf(client)).json()
        assert len(codes["recovery_codes"]) == 10
        client.post("/api/account/signout", headers=csrf(client))
        code = codes["recovery_codes"][0]
        first = client.post("/api/account/recover", json={"handle": "VAUBAN",
                                                          "code": code.upper()})
        assert first.status_code == 200, first.text
        client.post("/api/account/signout", headers=csrf(client))
        second = client.post("/api/account/recover", json={"handle": "vauban", "code": code})
        assert second.status_code == 401
        assert second.json()["error"]["code"] == "signin_failed"
        assert client.get("/api/account").status_code == 401


def test_srv_export_holds_the_account_and_no_secret() -> None:
    with account_client() as (client, box):
        token = sign_up(client, box, "Louvois", "louvois@example.org")
        client.post("/api/account/recovery-codes", headers=csrf(client))
        exported = client.get("/api/account/export")
        assert exported.status_code == 200
        data = exported.json()
        assert data["handle"] == "Louvois"
        assert data["email"] == "louvois@example.org"
        assert len(data["sessions"]) == 1
        assert data["recovery_codes_left"] == 10
        text = exported.text
        secret = client.cookies["sunking_session"]
        assert token not in text and secret not in text
        assert "argon2" not in text and "hash" not in text


def test_srv_a_deleted_account_leaves_nothing_behind() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Fouquet", "fouquet@example.org")
        client.post("/api/account/recovery-codes", headers=csrf(client))
        deleted = client.delete("/api/account", headers=csrf(client))
        assert deleted.status_code == 200
        assert client.get("/api/account").status_code == 401
        assert sign_in(client, "fouquet@example.org").status_code == 401
        store = client.app.state.accounts.store  # type: ignore[attr-defined]
        with store.engine.connect() as conn:
            for table in (ACCOUNTS, SESSIONS, PASSKEYS, RECOVERY_CODES):
                assert conn.execute(sa.select(sa.func.count()).select_from(table)
                                    ).scalar_one() == 0
        again = client.post("/api/account/signup", json={
            "handle": "Fouquet", "email": "fouquet@example.org", "password": PASSWORD})
        assert again.status_code == 202
        assert "confirm" in box.wait_for("fouquet@example.org", 2)["Subject"]


def test_srv_guests_need_no_account_to_play() -> None:
    with account_client() as (client, _box):
        created = new_match(client, ("human", "random"))
        assert created["tokens"]
        assert client.get("/api/account").status_code == 401
