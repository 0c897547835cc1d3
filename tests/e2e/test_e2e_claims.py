"""Seats are claimed: the creator of a table sends invitations; whoever follows one first takes
its seat under his name, in his own browser, and the invitation is spent."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect


def test_e2e_an_invitation_is_claimed_once_in_the_invited_browser(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    host = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(host, server.base, "de")
    host.select_option("#players", "3")
    for i, (kind, name) in enumerate((("human", "Anna"), ("human", "Bert"), ("bot", ""))):
        host.select_option(f"[data-testid=seat-kind-{i}]", kind)
        if name:
            host.fill(f"[data-testid=seat-name-{i}]", name)
    host.click("#create")
    invitation = host.get_attribute("[data-testid=invite-link-1]", "href")
    assert invitation and "#i=" in invitation
    expect(host.locator("[data-testid=seat-link-1]")).to_have_count(0)  # no token for Bert
    expect(host.locator("#links")).to_contain_text("Einladung")
    own = host.get_attribute("[data-testid=seat-link-0]", "href")
    assert own

    # Bert, on his own device, in his own language.
    bert = browser.new_context(viewport=driver.PHONE, locale="fr-FR").new_page()
    bert.goto(invitation)
    bert.wait_for_selector("body[data-ready='1']")
    expect(bert.locator("[data-testid=claim-offer]")).to_contain_text("Bert")
    expect(bert.locator("[data-testid=claim-name]")).to_be_focused()
    bert.fill("[data-testid=claim-name]", "Berthe")
    bert.keyboard.press("Enter")
    bert.wait_for_selector("[data-testid=prompt]")
    assert "#i=" not in bert.url
    expect(bert.locator("[data-testid=role]")).to_contain_text("Berthe")

    # The invitation is spent: another browser is told the seat is taken.
    late = browser.new_context(viewport=driver.VIEWPORT).new_page()
    late.goto(invitation)
    late.wait_for_selector("body[data-ready='1']")
    expect(late.locator("[data-testid=claim-taken]")).to_be_visible()
    expect(late.locator("[data-testid=claim-name]")).to_have_count(0)

    # The creator sees who took the seat.
    host.goto(own)
    host.wait_for_selector("[data-testid=prompt]")
    expect(host.locator("body")).to_contain_text("Berthe")
