"""The match page's header on a 390×844 phone: the match's tools fold behind one "Menu"
button (keyboard and screen reader alike), so the header takes at most 15% of the screen;
at a desk the tools stand in the header and no "Menu" is shown."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1400, "height": 1000}
MOST = 0.15
MENU = {"en": "Menu", "fr": "Menu", "de": "Menü"}


def open_table(browser: Browser, server: Any, driver: ModuleType, game: str,
               lang: str, size: dict[str, int]) -> Any:
    created = server.create_match({
        "game": game, "players": 3, "seed": 4, "language": lang,
        "seats": [{"kind": "human", "name": "Anne-Marguerite"}]
        + [{"kind": "bot", "bot": "random"}] * 2})
    context = browser.new_context(viewport=size)  # type: ignore[arg-type]
    context.add_init_script(f"localStorage.setItem('sunking.lang', '{lang}')")
    page = context.new_page()
    driver.open_match(page, driver.parse_link(server.base + created["seats"][0]["link"]))
    page.wait_for_selector("body[data-ready='1']")
    return page


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["louis14", "vive_le_roi", "versailles1682"])
def test_e2e_the_phone_header_folds_its_tools(
    browser: Browser, server: Any, driver: ModuleType, game: str, lang: str,
) -> None:
    page = open_table(browser, server, driver, game, lang, PHONE)
    menu = page.get_by_test_id("menu-button")
    expect(menu).to_be_visible()
    expect(menu).to_have_text(MENU[lang])
    expect(menu).to_have_attribute("aria-expanded", "false")
    tools = page.locator("#header-tools")
    expect(tools).to_be_hidden()
    expect(page.get_by_test_id("connection")).to_be_visible()  # the live state stays in sight
    height = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
    assert height <= MOST * PHONE["height"], f"{game}/{lang}: the header is {height:.0f} px high"
    # By keyboard: the button opens the tools, Escape folds them and gives the focus back.
    menu.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(tools).to_be_visible()
    expect(page.get_by_test_id("lang")).to_be_visible()
    expect(page.get_by_test_id("keys-button")).to_be_visible()
    page.get_by_test_id("lang").focus()
    page.keyboard.press("Escape")
    expect(tools).to_be_hidden()
    expect(menu).to_be_focused()
    # Opened, the tools wrap inside the phone's width.
    menu.click()
    wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{game}/{lang}: the open menu makes the page scroll sideways by {wide} px"
    page.context.close()


def test_e2e_at_a_desk_the_tools_stand_in_the_header(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    page = open_table(browser, server, driver, "louis14", "en", DESK)
    expect(page.get_by_test_id("menu-button")).to_be_hidden()
    expect(page.get_by_test_id("keys-button")).to_be_visible()
    expect(page.get_by_test_id("lang")).to_be_visible()
    page.context.close()
