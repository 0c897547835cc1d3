"""Spectators in the browser: they talk among themselves under a name kept in the browser, a
player sees their talk only once he turns it on (and may report a line of it), and a finished
match's replay has a commentator's view with every seat's win chance and hand."""

from __future__ import annotations

import re
import time
from types import ModuleType
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

SPECTATOR_NAME = "Zoé <b>the fan</b>"
AXE = Axe()


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is."""
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in found if v["impact"] in ("serious", "critical")]


def open_chat(page: Page) -> None:
    page.click("[data-testid=chat-toggle]")
    expect(page.locator("[data-testid=chat-log]")).to_be_visible()


def write(page: Page, text: str) -> None:
    page.fill("[data-testid=chat-input]", text)
    page.click("[data-testid=chat-send]")
    expect(page.locator("[data-testid=chat-input]")).to_have_value("")


def test_e2e_spectators_talk_and_a_player_chooses_to_hear_them(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 3, "practice": True, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]})
    links = [driver.parse_link(server.base + s["link"]) for s in created["seats"]]
    links.append(driver.parse_link(server.base + created["spectator"]["link"]))
    errors: list[str] = []
    pages = []
    for link in links:
        page = browser.new_context(viewport=driver.VIEWPORT).new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        driver.open_match(page, link)
        open_chat(page)
        pages.append(page)
    anna, bert, spectator = pages

    # Without a name the spectator is asked for one; nothing is sent.
    spectator.fill("[data-testid=chat-input]", "what a move")
    spectator.click("[data-testid=chat-send]")
    expect(spectator.locator(".chat-note")).to_contain_text("name")
    expect(spectator.locator("[data-testid=chat-spectator-name]")).to_be_focused()
    spectator.fill("[data-testid=chat-spectator-name]", SPECTATOR_NAME)
    write(spectator, "what a move")
    expect(spectator.locator("[data-testid=chat-name]")).to_have_text(
        [f"{SPECTATOR_NAME} (spectator)"])
    write(bert, "thanks")
    # The players' pages show Bert's line, never the spectator's (off by default).
    for page in (anna, bert):
        expect(page.locator("[data-testid=chat-text]")).to_have_text(["thanks"])
        expect(page.locator("[data-testid=chat-spectators]")).not_to_be_checked()
    expect(spectator.locator("[data-testid=chat-text]")).to_have_text(["what a move", "thanks"])

    # Anna turns the spectators on: their talk so far shows, and what they write next.
    anna.check("[data-testid=chat-spectators]")
    expect(anna.locator("[data-testid=chat-text]")).to_have_text(["what a move", "thanks"])
    write(spectator, "go Anna")
    expect(anna.locator("[data-testid=chat-text]")).to_have_text(
        ["what a move", "thanks", "go Anna"])
    write(bert, "hm")
    expect(bert.locator("[data-testid=chat-text]")).to_have_text(["thanks", "hm"])
    assert anna.locator("[data-testid=chat-log] b").count() == 0  # the name is text
    assert serious_violations(anna) == [] and serious_violations(spectator) == []
    # She may report a spectator's line.
    anna.locator(".chat-msg.spectator [data-testid=chat-report]").first.click()
    expect(anna.locator(".chat-note")).to_contain_text("reported")
    # Her choice is kept in this browser for her seat.
    anna.reload()
    anna.wait_for_selector("body[data-ready='1']")
    if not anna.locator("[data-testid=chat-log]").is_visible():
        open_chat(anna)
    expect(anna.locator("[data-testid=chat-spectators]")).to_be_checked()
    expect(anna.locator("[data-testid=chat-text]")).to_have_text(
        ["what a move", "thanks", "go Anna", "hm"])
    anna.uncheck("[data-testid=chat-spectators]")
    expect(anna.locator("[data-testid=chat-text]")).to_have_text(["thanks", "hm"])
    # The spectator's name is remembered in his browser.
    spectator.reload()
    spectator.wait_for_selector("body[data-ready='1']")
    if not spectator.locator("[data-testid=chat-log]").is_visible():
        open_chat(spectator)
    expect(spectator.locator("[data-testid=chat-spectator-name]")).to_have_value(SPECTATOR_NAME)
    assert errors == []
    for page in pages:
        page.context.close()


def finished_bot_match(server: Any, players: int, seed: int) -> dict[str, Any]:
    bots: dict[str, Any] = server.create_match({
        "game": "louis14", "players": players, "seed": seed, "language": "en",
        "seats": [{"kind": "bot", "bot": "random"}] * players})
    deadline = time.monotonic() + 180
    while server.call("GET", f"/api/matches/{bots['match_id']}",
                      token=bots["spectator"]["token"])["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' match did not finish"
        time.sleep(0.2)
    return bots


def test_e2e_commentator_view_of_a_finished_replay(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    bots = finished_bot_match(server, 3, 5)
    token = bots["spectator"]["token"]
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{server.base}/play/{bots['match_id']}?replay=1#t={token}")
    page.wait_for_selector("body[data-ready='1'] [data-testid=replay-bar]")
    panel = page.locator("[data-testid=commentator]")
    expect(page.locator("[data-testid=commentator-toggle]")).not_to_be_checked()
    expect(panel).to_be_hidden()
    page.check("[data-testid=commentator-toggle]")
    expect(panel).to_be_visible()
    seats = panel.locator("[data-testid=commentator-seat]")
    expect(seats).to_have_count(3)
    chances = panel.locator("[data-testid=commentator-chance]")
    expect(chances).to_have_count(3)
    for i in range(3):
        expect(chances.nth(i)).to_have_text(re.compile(r"^\d{1,3}%$"))
    # Every seat's hand, in words, at the first step (each holds cards then).
    hands = panel.locator("[data-testid=commentator-hand]")
    for i in range(3):
        expect(hands.nth(i)).to_have_text(re.compile(r"^Hand: (?!…$)\S"))
    first = [hands.nth(i).text_content() for i in range(3)]
    assert len(set(first)) == 3, first  # three different hands, not one seat's thrice
    # At the last step the winner's chance is the result.
    page.click("#replay-last")
    expect(page.locator("[data-testid=replay-pos]")).to_contain_text(
        page.locator("[data-testid=replay-slider]").get_attribute("max") or "")
    numbers = [int((chances.nth(i).text_content() or "0").rstrip("%")) for i in range(3)]
    assert 98 <= sum(numbers) <= 102 and max(numbers) >= 50, numbers
    # A screen reader hears the chances with the step (the page's one live region).
    expect(page.locator("#announcements")).to_contain_text(
        re.compile(r"Chances to win: [^.]*" + re.escape(f"{max(numbers)}%")))
    # The page at rest (what flies has landed, nothing left to load), still the replay.
    page.wait_for_load_state("networkidle")
    driver.settle(page)
    assert "replay=1" in page.url, page.url
    assert serious_violations(page) == []
    page.uncheck("[data-testid=commentator-toggle]")
    expect(panel).to_be_hidden()
    assert errors == []
    page.context.close()
