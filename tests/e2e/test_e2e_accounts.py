"""Accounts in the browser: sign up with e-mail, follow the link that arrived at a local SMTP
server, sign in from a second device (browser context) and sign that device out; sign up and
in with a passkey through Chromium's virtual authenticator (WebAuthn over the DevTools
protocol). The server listens on 127.0.0.1 and is reached as ``localhost`` (passkeys need a
host name)."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from support.mailbox import Mailbox, link_in, smtp_server

PASSWORD = "a long enough password"


@pytest.fixture(scope="module")
def mail_server(driver: ModuleType, tmp_path_factory: pytest.TempPathFactory,
                ) -> Iterator[tuple[str, Mailbox]]:
    """A server whose mails go to a local SMTP server: its ``localhost`` address and the
    mailbox."""
    with smtp_server() as (box, port), pytest.MonkeyPatch.context() as env:
        env.setenv("SUNKING_SMTP_HOST", "127.0.0.1")
        env.setenv("SUNKING_SMTP_PORT", str(port))
        env.setenv("SUNKING_SMTP_TLS", "none")
        env.delenv("SUNKING_PUBLIC_URL", raising=False)
        server = driver.start_server(tmp_path_factory.mktemp("accounts"))
        try:
            yield server.base.replace("127.0.0.1", "localhost"), box
        finally:
            driver.stop_server(server)


def fresh(browser: Browser, **options: Any) -> tuple[BrowserContext, Page]:
    context = browser.new_context(**options)
    page = context.new_page()
    return context, page


def sign_up_by_mail(page: Page, base: str, box: Mailbox, handle: str, email: str) -> None:
    """Sign up from the lobby's account link and follow the link that arrived by mail."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.get_by_test_id("account-link").click()
    page.wait_for_url("**/account/signin")
    page.get_by_role("link", name="No account yet? Create one").click()
    page.wait_for_url("**/account/signup")
    page.locator("#signup-handle").fill(handle)
    page.locator("#signup-email").fill(email)
    page.locator("#signup-password").fill(PASSWORD)
    page.get_by_role("button", name="Create with a password").click()
    expect(page.locator("#notice")).to_contain_text(email)
    link = link_in(box.wait_for(email))
    assert link.startswith(base + "/account/verify#token=")
    page.goto(link)
    expect(page.get_by_test_id("me-handle")).to_contain_text(handle)
    expect(page.locator("#notice")).to_contain_text("confirmed")


def sign_in(page: Page, base: str, email: str) -> None:
    page.goto(base + "/account/signin")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("#signin-email").fill(email)
    page.locator("#signin-password").fill(PASSWORD)
    page.locator("#signin-form button[type=submit]").click()
    expect(page.get_by_test_id("me-handle")).to_be_visible()


def test_e2e_sign_up_verify_by_mail_and_sign_in_on_a_second_device(
        browser: Browser, mail_server: tuple[str, Mailbox]) -> None:
    base, box = mail_server
    desk, page = fresh(browser)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    sign_up_by_mail(page, base, box, "Madame de Sévigné", "sevigne@example.org")
    cookies = {c["name"]: c for c in desk.cookies()}
    assert cookies["sunking_session"]["httpOnly"] is True
    assert cookies["sunking_session"]["sameSite"] == "Lax"

    phone, other = fresh(browser, viewport={"width": 390, "height": 844}, locale="fr-FR")
    sign_in(other, base, "sevigne@example.org")
    expect(other.get_by_test_id("me-handle")).to_contain_text("Madame de Sévigné")
    expect(other.get_by_test_id("sessions").locator("li")).to_have_count(2)
    # Headless Chromium on Linux, named as a person names it, the string kept as the title.
    current = other.get_by_test_id("sessions").locator("li .who").filter(has_text="Chrome")
    expect(current.first).to_contain_text("Chrome on Linux")
    assert "Mozilla/5.0" in (current.first.get_attribute("title") or "")
    width = other.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the settings page is {width} px wide on a 390 px phone"

    page.reload()
    expect(page.get_by_test_id("sessions").locator("li")).to_have_count(2)
    page.get_by_role("button", name="Sign out there").click()
    expect(page.get_by_test_id("sessions").locator("li")).to_have_count(1)
    other.reload()
    expect(other.locator("#signin")).to_be_visible()
    page.goto(base + "/")
    expect(page.get_by_test_id("account-link")).to_contain_text("Madame de Sévigné")
    assert errors == []
    phone.close()
    desk.close()


def virtual_authenticator(context: BrowserContext, page: Page) -> None:
    """A platform authenticator with resident keys that verifies its user at once."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True,
        "automaticPresenceSimulation": True}})


def test_e2e_sign_up_and_in_with_a_passkey(browser: Browser,
                                           mail_server: tuple[str, Mailbox]) -> None:
    base, _box = mail_server
    context, page = fresh(browser)
    virtual_authenticator(context, page)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(base + "/account/signup")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("#passkey-handle").fill("Vatel")
    page.get_by_role("button", name="Create with a passkey").click()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    expect(codes).to_have_count(10)
    code = codes.first.inner_text()
    page.get_by_role("link", name="Your account").click()
    expect(page.get_by_test_id("me-handle")).to_contain_text("Vatel")
    expect(page.locator("#me-passkeys")).to_contain_text("1")
    page.get_by_role("button", name="Sign out", exact=True).click()
    expect(page.locator("#signin")).to_be_visible()
    page.get_by_role("button", name="Sign in with a passkey").click()
    expect(page.get_by_test_id("me-handle")).to_contain_text("Vatel")
    expect(page.locator("#me-codes")).to_contain_text("10")

    # The recovery code signs in where there is no passkey (another device), once.
    elsewhere, other = fresh(browser)
    other.goto(base + "/account/signin")
    other.wait_for_selector("body[data-ready='1']")
    other.get_by_text("Sign in with a recovery code").click()
    other.locator("#recover-handle").fill("vatel")
    other.locator("#recover-code").fill(code)
    other.get_by_role("button", name="Sign in with the code").click()
    expect(other.get_by_test_id("me-handle")).to_contain_text("Vatel")
    expect(other.locator("#me-codes")).to_contain_text("9")
    assert errors == []
    elsewhere.close()
    context.close()


def test_e2e_the_account_pages_speak_the_chosen_language(
        browser: Browser, mail_server: tuple[str, Mailbox]) -> None:
    base, _box = mail_server
    context, page = fresh(browser)
    for lang, title in (("nl", "Aanmelden"), ("fr", "Connexion"), ("de", "Anmelden"),
                        ("cs", "Přihlášení")):
        page.goto(base + "/account/signin")
        page.evaluate("lang => localStorage.setItem('sunking.lang', lang)", lang)
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#signin-title")).to_have_text(title)
        assert page.evaluate("document.documentElement.lang") == lang
    context.close()


def test_e2e_a_signed_in_person_finds_his_match_on_a_second_device(
        browser: Browser, mail_server: tuple[str, Mailbox], driver: ModuleType) -> None:
    """Sign up by mail, create a table in the lobby, then sign in on a phone: "Your matches"
    lists the table, and it opens there at the person's seat with no link handed over."""
    base, box = mail_server
    desk, page = fresh(browser, viewport=driver.VIEWPORT)
    sign_up_by_mail(page, base, box, "Colbert", "colbert@example.org")
    driver.create_match(page, base, [{"kind": "human", "name": "Colbert"},
                                     {"kind": "bot", "bot": "random"}])
    phone, other = fresh(browser, viewport=driver.PHONE)
    errors: list[str] = []
    other.on("pageerror", lambda err: errors.append(str(err)))
    sign_in(other, base, "colbert@example.org")
    driver.open_lobby(other, base)
    rows = other.locator("#mine tbody tr")
    expect(rows).to_have_count(1)
    rows.first.locator("a").click()
    other.wait_for_selector("[data-testid=prompt]")
    expect(other.locator("[data-testid=role]")).to_contain_text("Colbert")
    assert "#t=" not in other.url
    assert errors == []
    phone.close()
    desk.close()


def test_e2e_the_profile_shows_history_and_statistics(
        browser: Browser, mail_server: tuple[str, Mailbox], driver: ModuleType) -> None:
    base, box = mail_server
    desk, page = fresh(browser, viewport=driver.VIEWPORT)
    sign_up_by_mail(page, base, box, "Boileau", "boileau@example.org")
    driver.play_a_match_out(desk, page, base, "Boileau")
    page.get_by_test_id("profile-link").click()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.get_by_test_id("profile-handle")).to_have_text("Boileau")
    expect(page.get_by_test_id("profile-history").locator("li")).to_have_count(1)
    expect(page.get_by_test_id("profile-statistics").locator("tbody tr")).to_have_count(1)
    page.get_by_text("Others may see my statistics").click()
    # Another visitor, on a phone, sees the statistics only.
    phone, other = fresh(browser, viewport=driver.PHONE, locale="de-DE")
    other.goto(f"{base}/players/boileau")
    other.wait_for_selector("body[data-ready='1']")
    expect(other.get_by_test_id("profile-statistics").locator("tbody tr")).to_have_count(1)
    expect(other.get_by_test_id("profile-history")).to_be_hidden()
    width = other.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the profile is {width} px wide on a 390 px phone"
    phone.close()
    desk.close()


def test_e2e_the_account_shows_and_signs_out_when_its_sessions_and_notices_fail(
        browser: Browser, mail_server: tuple[str, Mailbox]) -> None:
    """The account's own part is shown at once: a failing or slow list of sessions or of
    notices is told, and never keeps the page (and its "Sign out") hidden."""
    base, _box = mail_server
    context, page = fresh(browser)
    virtual_authenticator(context, page)
    page.goto(base + "/account/signup")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("#passkey-handle").fill("Guitry")
    page.get_by_role("button", name="Create with a passkey").click()
    expect(page.get_by_test_id("recovery-codes").locator("li")).to_have_count(10)
    page.route("**/api/account/sessions", lambda route: route.fulfill(
        status=503, json={"error": {"code": "catching_breath", "message": "busy"}}))
    page.route("**/api/account/notices", lambda route: route.abort())
    page.get_by_role("link", name="Your account").click()
    expect(page.get_by_test_id("me-handle")).to_contain_text("Guitry")
    page.get_by_role("button", name="Sign out", exact=True).click()
    expect(page.locator("#signin")).to_be_visible()
    context.close()


def test_e2e_the_confirmation_is_told_when_the_settings_then_fail(
        browser: Browser, mail_server: tuple[str, Mailbox]) -> None:
    """Following the mail's link confirms the address and says so, even when the settings
    drawn after it fail (their notices here): that failure is told beside it, not hidden."""
    base, box = mail_server
    context, page = fresh(browser)
    page.route("**/api/account/notices", lambda route: route.abort())
    sign_up_by_mail(page, base, box, "Madame de La Fayette", "lafayette@example.org")
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#error")).not_to_contain_text("passkeys")
    context.close()


DEVICES = {
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0":
        ("Firefox", "Windows"),
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
    "Gecko) Version/18.1 Mobile/15E148 Safari/604.1": ("Safari", "iOS"),
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36": ("Chrome", "Android"),
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0": ("Edge", "macOS"),
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "HeadlessChrome/156.0.0.0 Safari/537.36": ("Chrome", "Linux"),
    "curl/8.5.0": None,
    "": None,
}


def test_e2e_a_device_is_named_by_its_browser_and_system(
        browser: Browser, mail_server: tuple[str, Mailbox]) -> None:
    base, _box = mail_server
    context, page = fresh(browser)
    page.goto(base + "/account/signin")
    page.wait_for_selector("body[data-ready='1']")
    named = page.evaluate("""async (agents) => {
      const { deviceName } = await import('/static/js/device.js');
      return agents.map((agent) => deviceName(agent));
    }""", list(DEVICES))
    assert named == [None if want is None else {"browser": want[0], "system": want[1]}
                     for want in DEVICES.values()]
    context.close()
