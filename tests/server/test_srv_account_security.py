"""The accounts under attack: the cookie's flags, CSRF, requests from other sites, the
sign-in rate limits, answers that do not tell a known address from an unknown one, links
used twice or expired."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from srv_accounts import PASSWORD, account_client, accounts_of, csrf, sign_in, sign_up

from sunking.server.accounts.names import digest


def cookie_headers(answer: object) -> dict[str, str]:
    headers = answer.headers.get_list("set-cookie")  # type: ignore[attr-defined]
    return {h.split("=", 1)[0]: h.lower() for h in headers}


def test_srv_the_session_cookie_is_httponly_samesite_and_secure_over_https() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Racine", "racine@example.org")
        flags = cookie_headers(sign_in(client, "racine@example.org"))
        assert "httponly" in flags["sunking_session"]
        assert "samesite=lax" in flags["sunking_session"]
        assert "secure" not in flags["sunking_session"]
        assert "httponly" not in flags["sunking_csrf"]
    with account_client(public_url="https://sunking.example") as (client, box):
        client.post("/api/account/signup", json={
            "handle": "Moliere", "email": "moliere@example.org", "password": PASSWORD})
        token = box.wait_for("moliere@example.org").get_content()
        token = str(token).split("#token=")[1].split()[0]
        flags = cookie_headers(client.post("/api/account/verify", json={"token": token}))
        assert "; secure" in flags["sunking_session"]
        assert "httponly" in flags["sunking_session"]


def test_srv_a_change_with_the_cookie_needs_the_csrf_token() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Lully", "lully@example.org")
        bare = client.post("/api/account/recovery-codes")
        assert bare.status_code == 403
        assert bare.json()["error"]["code"] == "csrf_missing"
        assert "X-CSRF-Token" in bare.json()["error"]["message"]
        wrong = client.post("/api/account/recovery-codes", headers={"X-CSRF-Token": "x" * 40})
        assert wrong.status_code == 403
        assert wrong.json()["error"]["code"] == "csrf_wrong"
        for method, path in (("DELETE", "/api/account"), ("POST", "/api/account/signout"),
                             ("DELETE", "/api/account/sessions/0123456789abcdef")):
            refused = client.request(method, path)
            assert refused.json()["error"]["code"] == "csrf_missing", path
        assert client.get("/api/account").status_code == 200
        made = client.post("/api/account/recovery-codes", headers=csrf(client))
        assert made.status_code == 200


def test_srv_a_request_from_another_site_is_refused() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Boileau", "boileau@example.org")
        other = {"Origin": "https://evil.example", **csrf(client)}
        refused = client.post("/api/account/recovery-codes", headers=other)
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "cross_origin"
        signin = client.post("/api/account/signin", headers={"Origin": "https://evil.example"},
                             json={"email": "boileau@example.org", "password": PASSWORD})
        assert signin.json()["error"]["code"] == "cross_origin"


def test_srv_sign_in_attempts_are_limited_per_account() -> None:
    with account_client(rate_signin_account="3/minute") as (client, box):
        sign_up(client, box, "Turenne", "turenne@example.org")
        for _ in range(3):
            assert sign_in(client, "turenne@example.org", "wrong password!").status_code == 401
        limited = sign_in(client, "Turenne@example.org")
        assert limited.status_code == 429
        assert limited.json()["error"]["code"] == "rate_limited"
        assert "on this account" in limited.json()["error"]["message"]
        assert int(limited.headers["retry-after"]) >= 1
        assert sign_in(client, "someone@example.org").status_code == 401


def test_srv_sign_in_attempts_are_limited_per_address() -> None:
    with account_client(rate_signin="4/minute") as (client, _box):
        for n in range(4):
            assert sign_in(client, f"guess{n}@example.org").status_code == 401
        limited = sign_in(client, "guess9@example.org")
        assert limited.status_code == 429
        assert "from this address" in limited.json()["error"]["message"]


def test_srv_known_and_unknown_addresses_get_the_same_answers() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Conde", "conde@example.org")
        client.post("/api/account/signout", headers=csrf(client))

        def answers(email: str, handle: str) -> list[object]:
            signup = client.post("/api/account/signup", json={
                "handle": handle, "email": email, "password": PASSWORD})
            reset = client.post("/api/account/password-reset", json={"email": email})
            wrong = sign_in(client, email, "not the password")
            return [(a.status_code, a.json()) for a in (signup, reset, wrong)]

        known = answers("conde@example.org", "Conde Two")
        unknown = answers("nobody@example.org", "Nobody")
        assert known == unknown
        assert known[0] == (202, {"status": "check_mail"})
        # Only the mails tell: the owner of the known address hears of the sign-up, the new
        # address gets its link (and, being an account's now, the reset link too).
        assert "already" in box.wait_for("conde@example.org", 2)["Subject"]
        assert "password" in box.wait_for("conde@example.org", 3)["Subject"]
        assert "confirm" in box.wait_for("nobody@example.org")["Subject"]
        assert "password" in box.wait_for("nobody@example.org", 2)["Subject"]
        lone = client.post("/api/account/password-reset", json={"email": "none@example.org"})
        assert (lone.status_code, lone.json()) == known[1]


def test_srv_a_link_works_once_and_not_after_it_expires() -> None:
    with account_client() as (client, box):
        token = sign_up(client, box, "Mazarin", "mazarin@example.org")
        again = client.post("/api/account/verify", json={"token": token})
        assert again.status_code == 410
        assert again.json()["error"]["code"] == "link_refused"
        client.post("/api/account/password-reset", json={"email": "mazarin@example.org"})
        reset = str(box.wait_for("mazarin@example.org", 2).get_content())
        reset_token = reset.split("#token=")[1].split()[0]
        wrong_kind = client.post("/api/account/verify", json={"token": reset_token})
        assert wrong_kind.status_code == 410
        done = client.post("/api/account/password-reset/confirm",
                           json={"token": reset_token, "password": "a new password"})
        assert done.status_code == 200, done.text
        used = client.post("/api/account/password-reset/confirm",
                           json={"token": reset_token, "password": "another one!"})
        assert used.status_code == 410
        assert sign_in(client, "mazarin@example.org", "a new password").status_code == 200
        accounts = accounts_of(client)
        account = accounts.store.find(None, "mazarin@example.org")
        assert account is not None
        accounts.store.add_link(digest("old-link"), account.account_id, "reset", None,
                                time.time() - 1)
        expired = client.post("/api/account/password-reset/confirm",
                              json={"token": "old-link", "password": "expired link!"})
        assert expired.status_code == 410


def test_srv_a_reset_password_signs_out_every_other_device() -> None:
    with account_client() as (phone, box):
        sign_up(phone, box, "Colbert", "colbert@example.org")
        desk = TestClient(phone.app)
        assert sign_in(desk, "colbert@example.org").status_code == 200
        desk.post("/api/account/password-reset", json={"email": "colbert@example.org"})
        body = str(box.wait_for("colbert@example.org", 2).get_content())
        token = body.split("#token=")[1].split()[0]
        desk.post("/api/account/password-reset/confirm",
                  json={"token": token, "password": "a brand new one"})
        assert phone.get("/api/account").status_code == 401
        assert desk.get("/api/account").status_code == 200
