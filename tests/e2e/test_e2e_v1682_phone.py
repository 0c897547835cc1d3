"""The Versailles 1682 court board on a phone (390×844): at every decision of a match the
page does not scroll sideways, the prompt with its choices and the top of the hand are on
screen, no text (the court's SVG included, at the size it is drawn) is under 11 px and the
chat button covers no choice; the same for a card picked, the crib, the final table and the
replay."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page
from test_e2e_phone import PHONE, check, check_chat_clear, finished_bot_match

G = "versailles1682"


def hand_on_screen(page: Page, where: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("[data-testid=hand]").bounding_box()
    assert box is not None, f"{where}: no hand"
    height = page.evaluate("window.innerHeight")
    assert box["y"] < height, f"{where}: the hand starts below the screen at {box['y']}"


def test_e2e_v1682_the_court_on_a_phone(browser: Browser, server: Any, driver: ModuleType) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    created = server.create_match({
        "game": G, "players": 4, "seed": 3, "language": "en",
        "seats": [{"kind": "human", "name": "Anne-Marguerite"}]
        + [{"kind": "bot", "bot": "random"}] * 3})
    seat = driver.parse_link(server.base + created["seats"][0]["link"])
    driver.open_match(page, seat)
    picked = False
    for n in range(14):
        driver.wait_for_turn_or_end(page)
        if driver.is_over(page):
            break
        where = f"{G} on a phone, decision {n}"
        check(driver, page, where, prompt=True)
        check_chat_clear(page, where)
        hand_on_screen(page, where)
        cards = page.locator("[data-testid=v-hand-card].v-playable")
        if not picked and cards.count() and page.locator("[data-testid=v-group]").count():
            cards.first.click()
            page.wait_for_selector("[data-testid=v-card-moves]")
            check(driver, page, f"{where}, a card picked", prompt=True)
            picked = True
        before = driver.version(page)
        driver.decide_court(page, n)
        driver.wait_for_change(page, before)
    page.click("[data-testid=v-crib-panel] summary")
    check(driver, page, f"{G} on a phone, the crib open", prompt=True)
    assert picked, "no turn with a card to pick came"

    bots = finished_bot_match(server, G, 4, 11)
    driver.open_match(page, driver.parse_link(server.base + bots["spectator"]["link"]))
    page.wait_for_selector("[data-testid=final-table]")
    check(driver, page, f"{G} final table", prompt=True)
    check_chat_clear(page, f"{G} final table")
    page.goto(f"{server.base}/play/{bots['match_id']}?replay=1#t={bots['spectator']['token']}")
    page.wait_for_selector("[data-testid=replay-bar]")
    slider = page.locator("[data-testid=replay-slider]")
    slider.fill(str(int(slider.get_attribute("max") or "0") // 2))
    page.wait_for_selector("[data-testid=court]")
    page.wait_for_selector("[data-testid=v-families] article")
    check(driver, page, f"{G} replay", prompt=True)
    page.context.close()
