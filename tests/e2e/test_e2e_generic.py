"""Vive le Roi and Versailles 1682 played whole in the browser's generic screen: one person
clicking at a phone's size (390x844) against three bots, to the final table.

At every decision of the person the page is read as a person reads it: no visible text holds
JSON (``{``, ``"type"``), ``key=value`` (``card=``) or a component's key, every action is a
sentence, and every card the seat holds (by its own view) is shown by name. Forced passes are
left to the page, which makes them itself after a short moment.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from support.pages import check_hand, check_words

PHONE: ViewportSize = {"width": 390, "height": 844}
GAMES = ("vive_le_roi", "versailles1682")
MAX_DECISIONS = 400


def _check_words(page: Page, where: str) -> None:
    check_words(page, where, GAMES)


def _generic(driver: ModuleType, link: Any) -> Any:
    """The seat's link opening the generic screen (`?board=generic`)."""
    return driver.SeatLink(link.url.replace("#", "?board=generic#"), link.match_id, link.token)


@dataclass
class Seat:
    """The person's page on a new match: one human (Ana) and three bots."""

    context: BrowserContext
    page: Page
    link: Any
    errors: list[str]
    refused: list[str]


def _seat(browser: Browser, server: Any, driver: ModuleType, game: str,
          bots: tuple[str, str, str], generic: bool = True) -> Seat:
    """Ana's page on a new match; ``generic`` opens it in the generic screen even for a game
    with a board of its own (``?board=generic``)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    refused: list[str] = []
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400
            else None)
    links, _ = driver.create_match(
        page, server.base,
        [{"kind": "human", "name": "Ana"}, *({"kind": "bot", "bot": b} for b in bots)],
        "en", game=game)
    link = links[0]
    assert link is not None
    if generic:
        link = _generic(driver, link)
    return Seat(context, page, link, errors, refused)


def _checked_decision(seat: Seat, server: Any, driver: ModuleType, where: str, n: int) -> None:
    """Read the page at a decision as a person would, then decide by clicking."""
    page = seat.page
    before = driver.version(page)
    where = f"{where} version {before}"
    _check_words(page, where)
    check_hand(page, server, seat.link, where)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"], where
    assert driver.find_overflow(page) == [], where
    driver.decide_generic(page, n)
    driver.wait_for_change(page, before)


@pytest.mark.parametrize("game", GAMES)
def test_e2e_a_whole_match_in_the_generic_screen(
    browser: Browser, server: Any, driver: ModuleType, game: str,
) -> None:
    seat = _seat(browser, server, driver, game, ("random", "heuristic", "random"))
    page, link = seat.page, seat.link
    driver.open_match(page, link)  # the generic screen, though a game has a board of its own
    decisions = 0
    while not driver.is_over(page):
        assert decisions < MAX_DECISIONS, "the match does not end"
        driver.wait_for_turn_or_end(page)
        if driver.is_over(page):
            break
        if page.locator("[data-testid=autopassing]").count():
            driver.wait_for_change(page, driver.version(page))  # the page passes for Ana
            continue
        _checked_decision(seat, server, driver, game, decisions)
        decisions += 1
    driver.check_final_table(page, server, link)  # the game's own scoring, in words
    _check_words(page, f"{game} final table")
    assert decisions > 5
    # The replay, in the generic screen too: a frame in words, as the person saw it.
    driver.open_replay_middle(page, server.base, link, 0, "&board=generic")
    page.wait_for_selector("[data-testid=hand]:not([hidden]) h3")
    _check_words(page, f"{game} replay")
    assert seat.errors == []
    assert seat.refused == [], "no request of the page is refused (no 404 for a board it lacks)"
    seat.context.close()


def test_e2e_forced_passes_wait_for_the_person_when_the_setting_is_off(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = _seat(browser, server, driver, "vive_le_roi", ("random", "random", "random"))
    page, link = seat.page, seat.link
    driver.open_match(page, link)
    page.locator("[data-testid=autopass]").uncheck()
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert not page.locator("[data-testid=autopass]").is_checked(), "the setting is remembered"
    for n in range(MAX_DECISIONS):
        driver.wait_for_turn_or_end(page)
        assert not driver.is_over(page), "no forced pass in a whole match"
        match = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
        if match["board"]["forced_pass"]:
            break
        before = driver.version(page)
        driver.decide_generic(page, n)
        driver.wait_for_change(page, before)
    # A forced pass, and the page leaves it to the person: one choice, no note, no move.
    assert page.locator("[data-testid=autopassing]").count() == 0
    choices = page.locator("[data-testid=prompt] .choice")
    assert choices.count() == 1
    assert choices.first.inner_text() == match["board"]["actions"][0]["text"]
    assert driver.version(page) == str(match["version"])
    before = driver.version(page)
    choices.first.click()
    driver.wait_for_change(page, before)
    seat.context.close()


def test_e2e_board_generic_opens_louis_xiv_in_the_generic_screen(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = _seat(browser, server, driver, "louis14", ("random", "random", "random"), generic=False)
    page, link = seat.page, seat.link
    driver.open_match(page, link)
    assert page.locator("[data-testid=court]").count() == 1, "Louis XIV keeps its own board"
    driver.open_match(page, _generic(driver, link))
    assert page.locator("[data-testid=court]").count() == 0
    for n in range(3):
        driver.wait_for_turn_or_end(page)
        _checked_decision(seat, server, driver, "louis14", n)
    # Another language: the board comes again in it (the socket reopens with the new lang).
    driver.wait_for_turn_or_end(page)
    dutch = server.call("GET", f"/api/matches/{link.match_id}?lang=nl", token=link.token)
    driver.set_language(page, "nl")
    first = dutch["board"]["actions"][0]["text"]
    page.wait_for_function("t => [...document.querySelectorAll('[data-testid=prompt] .choice')]"
                           ".some((b) => b.textContent === t)", arg=first)
    _check_words(page, "louis14 in Dutch")
    assert dutch["board"]["log"][-1]["text"] in page.inner_text("[data-testid=log]")
    assert seat.errors == [] and seat.refused == []
    seat.context.close()
