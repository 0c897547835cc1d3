"""Open tables in the browser: one browser opens a public table, another takes a seat from the
lobby's list, the creator fills the rest with bots and the match starts; private matches are
never listed."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect


def test_e2e_open_table_join_and_start_with_bots(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    errors: list[str] = []
    host = browser.new_context(viewport=driver.VIEWPORT).new_page()
    host.on("pageerror", lambda err: errors.append(str(err)))
    links, _ = driver.create_match(host, server.base, [
        {"kind": "human", "name": "Hostess"}, {"kind": "open"}, {"kind": "open"}])
    link = links[0]
    assert link is not None
    private, _ = driver.create_match(host, server.base, [
        {"kind": "human", "name": "Solo"}, {"kind": "bot", "bot": "random"}])

    guest = browser.new_context(viewport=driver.VIEWPORT).new_page()
    guest.on("pageerror", lambda err: errors.append(str(err)))
    driver.open_lobby(guest, server.base)
    join = guest.locator(f"[data-testid=join-{link.match_id}]")
    expect(join).to_be_visible()
    assert private[0] is not None
    assert guest.locator(f"[data-testid=join-{private[0].match_id}]").count() == 0
    row = guest.locator(f"tr[data-match-id='{link.match_id}']")
    expect(row).to_contain_text("Hostess")
    expect(row).to_contain_text("2 free")
    guest.fill("[data-testid=join-name]", "Guest")
    join.click()
    guest.wait_for_url(f"**/play/{link.match_id}**")
    guest.wait_for_selector("body[data-ready='1']")
    expect(guest.locator("[data-testid=role]")).to_contain_text("Guest")
    expect(guest.locator("[data-testid=waiting]")).to_be_visible()
    assert guest.locator("[data-testid=start-table]").count() == 0

    # A waiting table shows its waiting room, not the board (driver.open_match waits for a
    # prompt).
    host.goto(link.url)
    host.wait_for_selector("body[data-ready='1']")
    waiting = host.locator("[data-testid=waiting]")
    expect(waiting.locator("[data-testid=waiting-status]")).to_have_text(
        "Waiting for players: free seats 1.")
    expect(waiting.locator("[data-testid=waiting-seats]")).to_contain_text("Guest")
    expect(host.locator("#game")).to_be_hidden()
    host.select_option("[data-testid=start-bot]", "random")
    host.click("[data-testid=start-table]")
    for page in (host, guest):
        expect(page.locator("[data-testid=waiting]")).to_be_hidden()
        page.wait_for_selector("body[data-status='active'], body[data-status='finished']")
        expect(page.locator("#game")).to_be_visible()
    mv = server.call("GET", f"/api/matches/{link.match_id}", token=link.token)
    assert [(s["kind"], s["name"]) for s in mv["seats"][:2]] == [
        ("human", "Hostess"), ("human", "Guest")]
    assert mv["seats"][2]["kind"] == "bot" and mv["seats"][2]["bot"] == "random"

    later = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(later, server.base)
    later.wait_for_selector("#open-panel[data-loaded='1']")
    assert later.locator(f"[data-testid=join-{link.match_id}]").count() == 0
    assert errors == []
    for page in (host, guest, later):
        page.context.close()
