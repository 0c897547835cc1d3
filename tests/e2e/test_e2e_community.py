"""People among people in the browser: Marie follows Louis from his profile; Louis invites
her by name from the lobby; she finds the invitation among her notices (on a 390×844 phone,
in Dutch) and takes the seat; Louis reports her chat line from the report dialog and mutes
her; her dialog names his moves in the words of her log; he blocks her, and she cannot join
his open table. Screenshots of the profile with its buttons and of the report dialog (desk
and phone) go to ``build/screenshots/community/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_e2e_accounts import fresh, mail_server

from support.mailbox import Mailbox, token_in

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "community"
PASSWORD = "a long enough password"
__all__ = ["mail_server"]  # the fixture, used here by name


@pytest.fixture(autouse=True)
def patient() -> Iterator[None]:
    """Wait up to 15 s for what a page shows: the machine may be busy with other work."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.fixture()
def errors() -> Iterator[list[str]]:
    found: list[str] = []
    yield found
    assert found == [], found


def sign_up(context: BrowserContext, base: str, box: Mailbox, handle: str, email: str,
            lang: str = "en") -> Page:
    """Sign up through the API and follow the mailed link: the context is signed in."""
    page = context.new_page()
    answer = page.request.post(f"{base}/api/account/signup", data={
        "handle": handle, "email": email, "password": PASSWORD, "languages": [lang]})
    assert answer.status == 202, answer.text()
    verified = page.request.post(f"{base}/api/account/verify",
                                 data={"token": token_in(box.wait_for(email))})
    assert verified.status == 200, verified.text()
    return page


def ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")


def snap(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def create_in_lobby(page: Page, base: str, driver: ModuleType, seats: list[str]) -> str:
    """Create a table from the lobby's form (Louis's seat first); its match id."""
    driver.open_lobby(page, base)
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"[data-testid=seat-kind-{i}]", kind)
        if kind == "human":
            page.fill(f"[data-testid=seat-name-{i}]", ["Louis", "Marie", "Anne"][i])
        elif kind == "bot":
            page.select_option(f"[data-testid=seat-bot-{i}]", "random")
    page.click("#create")
    page.wait_for_selector("[data-testid=spectator-link]")
    href = page.get_attribute("[data-testid=seat-link-0]", "href")
    assert href
    return href.split("/play/")[1].split("#")[0].split("?")[0]


def move_louis_once(louis: Page, marie: Page, base: str, match_id: str) -> None:
    """Play on (Marie and Louis their first legal move, through the API with their sessions)
    until Louis has made a move."""
    path = f"{base}/api/matches/{match_id}"
    for _ in range(200):
        view = louis.request.get(path).json()
        seat = view["to_move"]
        page = {0: louis, 1: marie}.get(seat)
        if page is None:
            louis.wait_for_timeout(100)  # the bot's turn
            continue
        token = {c["name"]: c["value"] for c in page.context.cookies()}["sunking_csrf"]
        moved = page.request.post(f"{path}/actions", headers={"X-CSRF-Token": token}, data={
            "version": view["version"], "action": view["legal_actions"][0]})
        assert moved.status == 200, moved.text()
        if seat == 0:
            return
    raise AssertionError("Louis never had a move to make")


def test_e2e_follow_invite_report_mute_and_block(
        browser: Browser, mail_server: tuple[str, Mailbox], driver: ModuleType,
        errors: list[str]) -> None:
    base, box = mail_server
    desk, louis = fresh(browser, viewport=driver.VIEWPORT)
    louis.close()
    louis = sign_up(desk, base, box, "Louis", "louis@example.org")
    phone = browser.new_context(viewport=driver.PHONE, locale="nl-NL")
    phone.add_init_script("localStorage.setItem('sunking.lang', 'nl')")  # her language
    marie = sign_up(phone, base, box, "Marie", "marie@example.org", "nl")
    for page in (louis, marie):
        page.on("pageerror", lambda err: errors.append(str(err)))

    # Marie follows Louis from his profile (a toggle button, keyboard-usable).
    ready(marie, f"{base}/players/louis")
    follow = marie.get_by_test_id("people-follow")
    expect(follow).to_have_text("Volgen")
    follow.focus()
    marie.keyboard.press("Enter")
    expect(follow).to_have_attribute("aria-pressed", "true")
    expect(follow).to_have_text("Niet meer volgen")
    expect(marie.get_by_test_id("people-block")).to_have_text("Blokkeren")
    snap(marie, "profile-buttons-phone")
    width = marie.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the profile is {width} px wide on a 390 px phone"

    # Louis invites her by name to seat 2 of his new table.
    match_id = create_in_lobby(louis, base, driver, ["human", "human", "bot"])
    louis.get_by_test_id("invite-handle-1").fill("marie")
    louis.get_by_test_id("invite-send-1").click()
    expect(louis.get_by_test_id("invite-status-1")).to_contain_text("Marie is invited")
    snap(louis, "lobby-invite-by-name-desk")

    # She finds it on her own profile, where Louis is listed as followed, and takes the seat.
    ready(marie, f"{base}/players/Marie")
    expect(marie.get_by_test_id("people-following")).to_contain_text("Louis")
    invitation = marie.get_by_test_id("invitation")
    expect(invitation).to_contain_text("Louis nodigt je uit")
    expect(marie.get_by_test_id("people-panel")).to_contain_text("1 daarvan online")
    expect(marie.get_by_test_id("people-panel")).not_to_contain_text("null")
    snap(marie, "own-profile-phone")
    invitation.get_by_role("link", name="Neem de plaats in").click()
    marie.wait_for_url(f"**/play/{match_id}#i=*")
    marie.click("[data-testid=claim-take]")
    marie.wait_for_selector("[data-testid=prompt]")
    marie.click("[data-testid=chat-toggle]")
    marie.fill("[data-testid=chat-input]", "Je speelt als een boer")
    marie.click("[data-testid=chat-send]")
    expect(marie.locator("[data-testid=chat-input]")).to_have_value("")

    # Louis reports her line from the chat, then mutes her: the line is gone for him only.
    ready(louis, f"{base}/play/{match_id}")
    louis.wait_for_selector("[data-testid=prompt]")
    if not louis.locator("[data-testid=chat-log]").is_visible():
        louis.click("[data-testid=chat-toggle]")
    line = louis.locator("[data-testid=chat-message]").filter(has_text="boer")
    line.get_by_test_id("chat-report").click()
    dialog = louis.get_by_test_id("report-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("report-what")).to_have_value("line:0")
    dialog.get_by_label("Reason").select_option("abuse")
    dialog.get_by_label("What happened").fill("An insult at the table.")
    snap(louis, "report-dialog-desk")
    dialog.get_by_test_id("report-send").click()
    expect(dialog.get_by_test_id("report-status")).to_contain_text("Thank you")
    dialog.get_by_test_id("report-mute").click()
    expect(dialog.get_by_test_id("report-status")).to_contain_text("Marie is muted")
    louis.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(louis.locator("[data-testid=chat-message]").filter(has_text="boer")).to_have_count(0)
    louis.reload()
    louis.wait_for_selector("[data-testid=prompt]")
    expect(louis.locator("[data-testid=chat-message]").filter(has_text="boer")).to_have_count(0)
    marie.reload()
    marie.wait_for_selector("[data-testid=prompt]")
    expect(marie.locator("[data-testid=chat-message]").filter(has_text="boer")).to_have_count(1)

    # Marie's report dialog on her phone, reporting one of Louis's moves, named in her words.
    move_louis_once(louis, marie, base, match_id)
    marie.click("[data-testid=report-open]")
    phone_dialog = marie.get_by_test_id("report-dialog")
    expect(phone_dialog).to_be_visible()
    what = phone_dialog.get_by_test_id("report-what")
    expect(what.locator("option").first).to_contain_text("Ronde 1 — Louis")
    expect(what).not_to_contain_text("Zet ")
    expect(phone_dialog.get_by_test_id("report-seat")).to_be_focused()
    snap(marie, "report-dialog-phone")
    width = marie.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the report dialog is {width} px wide on a 390 px phone"
    marie.keyboard.press("Escape")

    # Louis blocks her from her profile; she cannot join his open table.
    ready(louis, f"{base}/players/marie")
    louis.get_by_test_id("people-block").click()
    expect(louis.get_by_test_id("people-block")).to_have_attribute("aria-pressed", "true")
    snap(louis, "profile-buttons-desk")
    open_id = create_in_lobby(louis, base, driver, ["human", "open", "open"])
    driver.open_lobby(marie, base)
    marie.fill("[data-testid=join-name]", "Marie")
    marie.locator(f"[data-testid=join-{open_id}]").click()
    expect(marie.locator("#join-error")).to_contain_text("Deze speler heeft je geblokkeerd")
    assert f"/play/{open_id}" not in marie.url
    phone.close()
    desk.close()
