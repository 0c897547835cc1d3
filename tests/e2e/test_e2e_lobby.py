"""The lobby: "Your matches" carried to another device by a link."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect


def test_e2e_your_matches_carried_to_another_device(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    first = browser.new_context(viewport=driver.VIEWPORT).new_page()
    links, _ = driver.create_match(first, server.base, [
        {"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}])
    seat = links[0]
    assert seat is not None
    driver.open_lobby(first, server.base)
    expect(first.locator("#mine tbody tr")).to_have_count(1)
    first.click("[data-testid=carry]")
    carried = first.get_attribute("[data-testid=carry-link]", "href")
    assert carried and "#carry=" in carried

    # Opened afresh on the other device.
    other = browser.new_context(viewport=driver.VIEWPORT).new_page()
    other.goto(carried)
    other.wait_for_selector("body[data-ready='1']")
    assert "carry=" not in other.url
    rows = other.locator("#mine tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(seat.match_id[:8])
    rows.first.locator("a").click()
    other.wait_for_selector("body[data-ready='1']")
    expect(other.locator("[data-testid=role]")).to_contain_text("Anna")
    # Nonsense after #carry= changes nothing; a lobby already open takes a carried link too.
    third = browser.new_context(viewport=driver.VIEWPORT).new_page()
    third.goto(server.base + "/#carry=%%%not-base64")
    third.wait_for_selector("body[data-ready='1']")
    expect(third.locator("#mine-empty")).to_be_visible()
    assert "carry=" not in third.url
    third.goto(carried)
    expect(third.locator("#mine tbody tr")).to_have_count(1)
    assert "carry=" not in third.url
    for page in (first, other, third):
        page.context.close()


def test_e2e_the_lobby_form_is_named_for_a_screen_reader(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """Each seat's fields say whose seat they are; a checkbox is named by its label and
    described by its hint (not named by both)."""
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(page, server.base)
    seats = page.get_by_role("group", name="Seats")
    expect(seats.get_by_role("combobox", name="Seat 1 Who plays this seat")).to_have_value("human")
    expect(seats.get_by_role("textbox", name="Seat 1 Name")).to_be_visible()
    expect(seats.get_by_role("combobox", name="Seat 2 Bot difficulty")).to_be_visible()
    practice = page.get_by_role("checkbox", name="Practice", exact=True)
    expect(practice).to_have_accessible_description(
        "A practice match is not rated; everyone at the table sees that it is practice.")
    expect(page.get_by_role("checkbox", name="AI hints", exact=True)).to_be_visible()
    page.context.close()
