"""The lobby's game options and bot levels, and the waiting room of an open table: a Vive le
Roi match at a points limit of 260 and a Versailles 1682 full game are created from the lobby
and take those options; an open table shows its waiting room (no hand, no board) to everyone,
joins appear live, and the game is dealt only when its creator starts it."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect

TIMEOUT = 30_000


def test_e2e_the_lobby_creates_matches_with_their_options(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    errors: list[str] = []
    page = browser.new_context(viewport=driver.PHONE).new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    driver.open_lobby(page, server.base)

    page.select_option("#game", "vive_le_roi")
    limit = page.get_by_role("combobox", name="Length of the game")
    expect(limit).to_have_value("0")
    expect(limit.locator("option[value='0']")).to_have_text("A single deal")
    expect(limit.locator("option[value='260']")).to_have_text("Deals until someone has 260 points")
    limit.select_option("260")
    # One line per bot level, with its ladder rating in this game.
    levels = page.locator("[data-testid=bot-levels] li")
    expect(levels).to_have_count(6)
    expect(levels.and_(page.locator("[data-bot='ismcts:hard']"))).to_contain_text(
        "Ladder rating 31.5")
    expect(levels.and_(page.locator("[data-bot='ismcts:expert']"))).to_contain_text(
        "judges each position")
    assert driver.find_overflow(page) == []
    links, _ = driver.submit_match(page, [
        {"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"}])
    seat = links[0]
    assert seat is not None
    mv = server.call("GET", f"/api/matches/{seat.match_id}", token=seat.token)
    assert mv["game"] == "vive_le_roi" and mv["options"]["points_limit"] == 260

    page.select_option("#game", "versailles1682")
    target = page.get_by_role("combobox", name="Length of the game")
    expect(target.locator("option")).to_have_text(
        ["Quick game (30,000 livres)", "Full game (50,000 livres)"])
    expect(target).to_have_value("30000")
    target.select_option("50000")
    expect(levels.and_(page.locator("[data-bot='ismcts:hard']"))).to_contain_text(
        "Ladder rating 31.8")
    links, _ = driver.submit_match(page, [
        {"kind": "human", "name": "Bruno"}, {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"}])
    seat = links[0]
    assert seat is not None
    mv = server.call("GET", f"/api/matches/{seat.match_id}", token=seat.token)
    assert mv["game"] == "versailles1682" and mv["options"]["target"] == 50000

    # A game without options shows no control for them.
    page.select_option("#game", "louis14")
    expect(page.locator("#game-options select")).to_have_count(0)
    assert errors == []
    page.context.close()


def test_e2e_an_open_table_waits_in_its_waiting_room_until_started(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    errors: list[str] = []
    host = browser.new_context(viewport=driver.PHONE).new_page()
    host.on("pageerror", lambda err: errors.append(str(err)))
    driver.open_lobby(host, server.base)
    host.select_option("#game", "vive_le_roi")
    host.select_option("[data-testid=option-points_limit]", "260")
    links, _ = driver.submit_match(host, [
        {"kind": "human", "name": "Hostess"}, {"kind": "open"}, {"kind": "open"}])
    link = links[0]
    assert link is not None

    host.goto(link.url)
    host.wait_for_selector("body[data-ready='1']")
    room = host.locator("[data-testid=waiting]")
    expect(room).to_be_visible(timeout=TIMEOUT)
    expect(room).to_contain_text("Waiting room")
    expect(room).to_contain_text("Vive le Roi")
    expect(room.locator("[data-testid=waiting-options]")).to_contain_text(
        "Deals until someone has 260 points")
    seats = room.locator("[data-testid=waiting-seats] li")
    expect(seats).to_have_text(["Seat 1: Hostess (you)", "Seat 2: Free seat", "Seat 3: Free seat"])
    expect(room.locator("[data-testid=waiting-status]")).to_have_text(
        "Waiting for players: free seats 2.")
    # Nothing of the game before the start: no board, no hand, no prompt.
    expect(host.locator("#game")).to_be_hidden()
    expect(host.locator("[data-testid=prompt]")).to_be_hidden()
    expect(host.locator("[data-card]")).to_have_count(0)
    mv = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
    assert mv["view"] is None and mv["board"] is None and mv["events"] == []
    assert driver.find_overflow(host) == []
    # In another language the waiting room speaks it, the options in the game's words.
    driver.set_language(host, "fr")
    expect(room).to_contain_text("Salle d’attente")
    expect(room.locator("[data-testid=waiting-options]")).to_contain_text(
        "Des donnes jusqu’à ce qu’un joueur ait 260 points")
    expect(seats.nth(1)).to_have_text("Place 2 : Place libre")
    driver.set_language(host, "en")
    expect(room).to_contain_text("Waiting room")
    # The skip link lands in the waiting room while the board is hidden.
    host.locator(".skip-link").focus()
    host.keyboard.press("Enter")
    expect(room).to_be_focused()

    # The shared link opens the lobby with this table first and marked.
    shared = host.locator("[data-testid=share-link]").get_attribute("href")
    assert shared and shared.endswith(f"/?table={link.match_id}")
    guest = browser.new_context(viewport=driver.PHONE).new_page()
    guest.on("pageerror", lambda err: errors.append(str(err)))
    guest.goto(shared)
    guest.wait_for_selector("body[data-ready='1']")
    expect(guest.locator("[data-testid=table-shared]")).to_be_visible(timeout=TIMEOUT)
    row = guest.locator("tr.shared-table")
    expect(row).to_have_attribute("data-match-id", link.match_id)
    guest.fill("[data-testid=join-name]", "Guest")
    row.locator(f"[data-testid=join-{link.match_id}]").click()
    guest.wait_for_url(f"**/play/{link.match_id}**")
    guest.wait_for_selector("body[data-ready='1']")
    guest_room = guest.locator("[data-testid=waiting]")
    expect(guest_room).to_be_visible(timeout=TIMEOUT)
    expect(guest_room.locator("[data-testid=waiting-seats] li").nth(1)).to_have_text(
        "Seat 2: Guest (you)")
    assert guest.locator("[data-testid=start-table]").count() == 0
    expect(guest.locator("#game")).to_be_hidden()

    # The host sees the join live, then starts with bots: the game is dealt for both.
    expect(seats.nth(1)).to_have_text("Seat 2: Guest", timeout=TIMEOUT)
    expect(host.locator("#announcements")).to_contain_text("Guest takes seat 2.")
    expect(room.locator("[data-testid=waiting-status]")).to_have_text(
        "Waiting for players: free seats 1.")
    host.select_option("[data-testid=start-bot]", "random")
    host.click("[data-testid=start-table]")
    for page in (host, guest):
        expect(page.locator("[data-testid=waiting]")).to_be_hidden(timeout=TIMEOUT)
        expect(page.locator("#game")).to_be_visible()
        page.wait_for_selector("body[data-status='active']", timeout=TIMEOUT)
        expect(page.locator("[data-testid=prompt]").first).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("#game [data-card]").first).to_be_visible(timeout=TIMEOUT)
    mv = server.call("GET", f"/api/matches/{link.match_id}", token=link.token)
    assert mv["status"] == "active" and mv["view"] is not None and mv["events"]
    assert mv["options"]["points_limit"] == 260
    assert errors == []
    for page in (host, guest):
        page.context.close()
