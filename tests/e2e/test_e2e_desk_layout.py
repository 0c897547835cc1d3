"""The match page on a desk (1400×1000): the table chat, closed and open, is a column of its
own at the window's right edge and covers no part of the board (the game's box)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect

DESK = {"width": 1400, "height": 1000}

OVERLAP_JS = """() => {
  const dock = document.querySelector('#chat').getBoundingClientRect();
  const game = document.querySelector('#game').getBoundingClientRect();
  const prompt = document.querySelector('[data-testid=prompt]');
  const boxes = [game].concat(prompt ? [prompt.getBoundingClientRect()] : []);
  return boxes.some((r) => r.left < dock.right && dock.left < r.right
                     && r.top < dock.bottom && dock.top < r.bottom);
}"""


def chat_clear(page: Page, where: str) -> None:
    assert not page.evaluate(OVERLAP_JS), f"{where}: the chat covers the board"


def test_e2e_the_chat_never_covers_the_board(
        browser: Browser, server: Any, driver: ModuleType) -> None:
    page = browser.new_context(viewport=DESK).new_page()  # type: ignore[arg-type]
    for game in ("louis14", "versailles1682"):
        created = server.create_match({
            "game": game, "players": 4, "seed": 3, "language": "en",
            "seats": [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "random"}] * 3})
        driver.open_match(page, driver.parse_link(server.base + created["seats"][0]["link"]))
        driver.wait_for_turn_or_end(page)
        if game == "louis14":  # the whole court in sight: no hint that it pans
            expect(page.locator(".pan-hint")).to_be_hidden()
        toggle = page.locator("[data-testid=chat-toggle]")
        expect(toggle).to_be_visible()
        if page.locator("[data-testid=chat]").is_visible():
            toggle.click()
        expect(page.locator("[data-testid=chat]")).to_be_hidden()
        chat_clear(page, f"{game}, chat closed")
        toggle.click()
        expect(page.locator("[data-testid=chat]")).to_be_visible()
        chat_clear(page, f"{game}, chat open")
        toggle.click()
    page.context.close()


def test_e2e_louis14_final_table_is_in_sight(
        browser: Browser, server: Any, driver: ModuleType) -> None:
    """Once a Louis XIV match is over, its final table stands under the banner naming the
    winner, above the court: in sight without scrolling."""
    bots = server.create_match({
        "game": "louis14", "players": 2, "seed": 8, "language": "en",
        "seats": [{"kind": "bot", "bot": "random"}] * 2})
    page = browser.new_context(viewport=DESK).new_page()  # type: ignore[arg-type]
    driver.open_match(page, driver.parse_link(server.base + bots["spectator"]["link"]))
    table = page.locator("[data-testid=final-table]")
    expect(table).to_be_visible(timeout=180_000)
    top = page.evaluate("document.querySelector('[data-testid=final-table]')"
                        ".getBoundingClientRect().top")
    court = page.evaluate("document.querySelector('.court-wrap').getBoundingClientRect().top")
    assert top < DESK["height"] / 2, f"the final table starts {top:.0f} px down"
    assert top < court, "the final table is under the court"
    expect(page.get_by_test_id("turn-banner")).to_contain_text("Winner")
    page.context.close()
