"""Rules help: linked from a Louis XIV match, in every language, readable on a phone."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect

from sunking import i18n

READINGS = sum(1 for key in i18n.messages("en") if key.startswith("rules.louis14.reading."))


def test_e2e_rules_help_is_linked_and_translated(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    assert READINGS >= 12
    created = server.call("POST", "/api/matches", {
        "game": "louis14", "players": 2, "seed": 1, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}]})
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(page, driver.parse_link(server.base + created["seats"][0]["link"]))
    link = page.locator("[data-testid=rules-link]")
    expect(link).to_be_visible()
    assert link.get_attribute("href") == "/rules/louis14"

    rules = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    rules.goto(server.base + "/rules/louis14")
    rules.wait_for_selector("body[data-ready='1']")
    readings = rules.locator("[data-testid=rules-readings] li")
    expect(readings).to_have_count(READINGS)
    english = readings.first.inner_text()
    assert english == i18n.messages("en")["rules.louis14.reading.1"]
    assert rules.evaluate("document.scrollingElement.scrollWidth") <= 390
    for lang in ("nl", "fr", "de", "cs"):
        rules.select_option("[data-testid=lang]", lang)
        expect(readings.first).to_have_text(i18n.messages(lang)["rules.louis14.reading.1"])
        assert "rules." not in rules.inner_text("[data-testid=rules]")

    rules.goto(server.base + "/rules/nosuchgame")
    rules.wait_for_selector("body[data-ready='1']")
    expect(rules.locator("[data-testid=rules]")).to_contain_text(
        i18n.messages("cs")["rules.none"])
    page.context.close()
    rules.context.close()
