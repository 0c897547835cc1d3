"""Versailles 1682's standing, party, income, fortune in livres and cards in hand each carry
an icon of their own (``js/games/versailles1682/icons.js``), the same in every language,
beside the words that name it in the page's language (the icon itself is hidden from screen
readers, the words are read)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from sunking import presentation

FACTS = {"king": "fact.standing_king", "queen": "fact.standing_queen", "party": "fact.party",
         "income": "fact.income", "hand": "fact.hand"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_e2e_v1682_facts_have_icons_named_in_words(
    browser: Browser, server: Any, driver: ModuleType, lang: str,
) -> None:
    texts = presentation.of("versailles1682").messages(lang)
    context = browser.new_context(viewport=driver.VIEWPORT)
    context.add_init_script(f"localStorage.setItem('sunking.lang', '{lang}')")
    page = context.new_page()
    seat = driver.solo_match(page, server, "versailles1682", lang)
    driver.open_match(page, seat)
    family = page.get_by_test_id("v-family-0")
    expect(family).to_be_visible()
    drawings = {}
    for kind, key in FACTS.items():
        term = family.locator("dt", has=page.locator(f"svg[data-icon={kind}]"))
        expect(term).to_have_count(1)
        expect(term).to_have_text(texts[f"versailles1682.{key}"])
        icon = term.locator("svg")
        assert icon.get_attribute("aria-hidden") == "true"
        drawings[kind] = icon.inner_html()
    fortune = page.get_by_test_id("v-fortune-0").locator("svg[data-icon=livres]")
    expect(fortune).to_have_count(1)
    drawings["livres"] = fortune.inner_html()
    assert len(set(drawings.values())) == len(drawings), "two facts share a drawing"
    context.close()
