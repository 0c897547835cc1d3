"""The server's side of passkeys that needs no authenticator: the options of each ceremony
(the relying party of the settings, a discoverable key, the challenge stored once), a taken
or bad handle refused before any passkey is made, a ceremony that works once, a credential
the server cannot check refused. (Chromium's virtual authenticator signs up and in, in
``tests/e2e/test_e2e_accounts.py``.)"""

from __future__ import annotations

from srv_accounts import account_client, csrf, sign_up

from sunking.cli.serve import shown_host
from sunking.server import Settings


def test_srv_a_passkey_sign_up_offers_the_settings_relying_party() -> None:
    with account_client(public_url="http://localhost:8000") as (client, _box):
        begun = client.post("/api/account/passkeys/register/begin",
                            json={"handle": "Le Nôtre", "languages": ["fr"]})
        assert begun.status_code == 200, begun.text
        options = begun.json()["options"]
        assert options["rp"]["id"] == "localhost"
        assert options["user"]["name"] == "Le Nôtre"
        assert options["authenticatorSelection"]["residentKey"] == "required"
        assert len(options["challenge"]) >= 40
        signin = client.post("/api/account/passkeys/signin/begin").json()
        assert signin["options"]["rpId"] == "localhost"
        assert signin["options"].get("allowCredentials", []) == []


def test_srv_a_passkey_sign_up_refuses_a_taken_or_bad_handle_first() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Mansart", "mansart@example.org")
        taken = client.post("/api/account/passkeys/register/begin", json={"handle": "MANSART"})
        assert taken.status_code == 409
        assert taken.json()["error"]["code"] == "handle_taken"
        bidi = client.post("/api/account/passkeys/register/begin",
                           json={"handle": "abc\u202edef"})
        assert bidi.json()["error"]["code"] == "invalid_handle"


def test_srv_a_ceremony_works_once_and_a_bad_credential_is_refused() -> None:
    with account_client() as (client, _box):
        begun = client.post("/api/account/passkeys/register/begin",
                            json={"handle": "Perrault"}).json()
        bad = client.post("/api/account/passkeys/register/finish", json={
            "ceremony": begun["ceremony"],
            "credential": {"id": "AAAA", "rawId": "AAAA", "type": "public-key",
                           "response": {"clientDataJSON": "e30", "attestationObject": "oA"}}})
        assert bad.status_code == 401, bad.text
        assert bad.json()["error"]["code"] == "passkey_refused"
        again = client.post("/api/account/passkeys/register/finish", json={
            "ceremony": begun["ceremony"], "credential": {"id": "AAAA"}})
        assert again.status_code == 410
        assert again.json()["error"]["code"] == "ceremony_unknown"
        signin = client.post("/api/account/passkeys/signin/begin").json()
        unknown = client.post("/api/account/passkeys/signin/finish", json={
            "ceremony": signin["ceremony"],
            "credential": {"id": "bm8tc3VjaC1rZXk", "type": "public-key", "response": {}}})
        assert unknown.status_code == 401
        assert "no account" in unknown.json()["error"]["message"]


def test_srv_adding_a_passkey_needs_the_session_s_csrf_token() -> None:
    with account_client() as (client, box):
        sign_up(client, box, "Bernini", "bernini@example.org")
        bare = client.post("/api/account/passkeys/register/begin", json={})
        assert bare.json()["error"]["code"] == "csrf_missing"
        begun = client.post("/api/account/passkeys/register/begin", json={},
                            headers=csrf(client))
        assert begun.status_code == 200
        assert begun.json()["options"]["user"]["name"] == "Bernini"


def test_srv_the_server_on_this_machine_is_reached_as_localhost() -> None:
    """Browsers refuse an IP address as a relying party: ``sunking serve`` on 127.0.0.1
    (``make run``) names itself ``http://localhost:<port>``, the passkeys' origin."""
    assert shown_host("127.0.0.1") == "localhost"
    assert shown_host("::1") == "localhost"
    assert shown_host("10.0.0.5") == "10.0.0.5"
    settings = Settings.from_env({}, public_url=f"http://{shown_host('127.0.0.1')}:8123")
    assert (settings.origin, settings.passkey_rp_id) == ("http://localhost:8123", "localhost")
    assert not settings.secure_cookies
    public = Settings.from_env({"SUNKING_PUBLIC_URL": "https://play.example/",
                                "SUNKING_PASSKEY_RP_ID": "example"})
    assert (public.origin, public.passkey_rp_id, public.secure_cookies) == (
        "https://play.example", "example", True)
