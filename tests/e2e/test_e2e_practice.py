"""A practice match (its creator may have chosen the seed) is marked as such in the browser:
in the lobby's row of the open table and in the match page's header, in the page's
language."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect


def test_e2e_a_practice_match_is_marked_in_the_lobby_and_the_header(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    errors: list[str] = []
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 12, "practice": True, "language": "en",
        "seats": [{"kind": "human", "name": "Coach"}, {"kind": "open"}]})
    plain = server.create_match({
        "game": "louis14", "players": 2, "language": "en",
        "seats": [{"kind": "human", "name": "Rival"}, {"kind": "open"}]})
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    driver.open_lobby(page, server.base)
    page.wait_for_selector("#open-panel[data-loaded='1']")
    expect(page.locator(f"tr[data-match-id='{created['match_id']}']")).to_contain_text(
        "practice match")
    expect(page.locator(f"tr[data-match-id='{plain['match_id']}']")).not_to_contain_text(
        "practice")

    # Both tables wait for a player: their pages show the waiting room (no board yet).
    for table, practice in ((created, True), (plain, False)):
        page.goto(server.base + table["seats"][0]["link"])
        page.wait_for_selector("body[data-ready='1']")
        expect(page.get_by_test_id("waiting")).to_be_visible()
        title = expect(page.locator("#match-title"))
        title.to_contain_text("Louis XIV")
        if practice:
            title.to_contain_text("practice match")
        else:
            title.not_to_contain_text("practice")
    assert errors == []
