"""Tutorials: from the lobby's link, each game's tutorial opens on the real board, its bubble
(a focusable live region) walks through every step (Next, the expected move, any move) of
every chapter, each chapter a match of its own from its own position, and ends with the
offer of a match against bots, which opens a normal match."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from sunking.server.match.tutorials import tutorial_of

GAMES = ("louis14", "vive_le_roi", "versailles1682")
WAIT = 30_000
"""How long (ms) a page may take to answer under load."""

ANY_MOVE = """async ([matchId]) => {
  const list = JSON.parse(localStorage.getItem('sunking.tokens') || '[]');
  const token = sessionStorage.getItem('sunking.tab.' + matchId)
    || list.filter((e) => e.match_id === matchId).pop().token;
  const headers = { 'Authorization': 'Bearer ' + token, 'Content-Type': 'application/json' };
  const view = await (await fetch('/api/matches/' + matchId, { headers })).json();
  const answer = await fetch('/api/matches/' + matchId + '/actions', { method: 'POST', headers,
    body: JSON.stringify({ version: view.version, action: view.legal_actions[0] }) });
  return answer.status;
}"""
"""A move of the reader's own choosing where the step takes any: the first legal one."""


def match_id(page: Page) -> str:
    found = re.search(r"/play/([^/#?]+)", page.url)
    assert found, page.url
    return found.group(1)


TOKEN = """(matchId) => sessionStorage.getItem('sunking.tab.' + matchId)
  || JSON.parse(localStorage.getItem('sunking.tokens') || '[]')
    .filter((e) => e.match_id === matchId).pop().token"""


def board_move(page: Page, server: Any, game: str, action: dict[str, Any]) -> None:
    """Make ``action`` on ``game``'s own board as a person does: its cards, tiles and
    buttons clicked."""
    found = match_id(page)
    match = server.call("GET", f"/api/matches/{found}?lang=en",
                        token=page.evaluate(TOKEN, found))
    index = match["legal_actions"].index(action)
    if game == "louis14":
        page.locator(f"[data-testid=hand] .hand-card.selectable[data-card='{action['card']}']"
                     ).first.click()
        for tile, count in action["stones"]:
            for _ in range(count):
                page.locator(f"svg.court .tile-option[data-tile='{tile}']").click()
        page.get_by_test_id("place").click()
    elif game == "vive_le_roi":
        page.locator(f"[data-card='{action['province']}'].active").first.click()
        page.locator(f"[data-testid=prompt] .choice[data-choice='{index}']").click()
    else:
        text = next(a["text"] for a in match["board"]["actions"] if a["index"] == index)
        page.get_by_test_id("v-hand-card").filter(has_text="Baron").click()
        page.locator("[data-testid=v-card-moves] [data-testid=v-move]").get_by_text(
            text, exact=True).click()


def walk(page: Page, game: str, server: Any = None, driver: ModuleType | None = None,
         number: int = 1) -> None:
    """Follow every step of chapter ``number`` of ``game``'s tutorial on ``page``, then see
    its last bubble: the moves of the first chapter made on the board (given ``server`` and
    ``driver``), else through the bubble's button and the API."""
    tutorial = tutorial_of(game)
    chapter = tutorial.chapter(number) if tutorial is not None else None
    assert chapter is not None
    if number > 1:
        server = driver = None
    bubble = page.get_by_test_id("tutorial")
    expect(bubble).to_have_attribute("data-chapter", str(number), timeout=WAIT)
    for index, step in enumerate(chapter.steps):
        expect(bubble).to_have_attribute("data-step", str(index), timeout=WAIT)
        expect(bubble).to_have_attribute("role", "region")
        expect(bubble).to_have_attribute("aria-live", "polite")
        if step.target:
            expect(page.locator(f"#game {step.target}").first).to_have_class(
                re.compile(r"\btutorial-target\b"), timeout=WAIT)
        if step.wait == "next":
            page.get_by_test_id("tutorial-next").click()
        elif step.expect is not None and server is not None:
            board_move(page, server, game, step.expect)
        elif step.expect is not None:
            page.get_by_test_id("tutorial-play").click()
        elif driver is not None:
            driver.decide(page, 0)
        else:
            assert page.evaluate(ANY_MOVE, [match_id(page)]) == 200
    expect(bubble).to_have_attribute("data-step", str(len(chapter.steps)), timeout=WAIT)
    last = number == len(tutorial.chapters)
    expect(page.get_by_test_id("tutorial-bots" if last else "tutorial-next-chapter")
           ).to_be_visible()


def walk_all(page: Page, game: str, server: Any, driver: ModuleType) -> None:
    """Follow every chapter of ``game``'s tutorial, each opening as a match of its own."""
    tutorial = tutorial_of(game)
    assert tutorial is not None
    for number in range(1, len(tutorial.chapters) + 1):
        if number > 1:
            before = match_id(page)
            page.get_by_test_id("tutorial-next-chapter").click()
            page.wait_for_url(lambda url, before=before: "/play/" in url and before not in url,
                              timeout=WAIT)
            expect(page.get_by_test_id("tutorial-chapter")).to_contain_text(
                f"{number} of {len(tutorial.chapters)}", timeout=WAIT)
        walk(page, game, server, driver, number)


@pytest.mark.parametrize("game", GAMES)
def test_e2e_tutorial_walks_through_and_ends_against_bots(
    browser: Browser, server: Any, driver: ModuleType, game: str,
) -> None:
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    driver.open_lobby(page, server.base)
    page.locator(f"[data-testid=tutorial-links] a[href='/tutorial/{game}']").click()
    page.wait_for_url(re.compile(r"/play/"), timeout=WAIT)
    tutorial_match = match_id(page)
    expect(page.get_by_test_id("tutorial")).to_be_visible(timeout=WAIT)
    walk_all(page, game, server, driver)
    page.get_by_test_id("tutorial-bots").click()
    page.wait_for_url(lambda url: "/play/" in url and tutorial_match not in url, timeout=WAIT)
    page.wait_for_selector("body[data-ready='1']", timeout=WAIT)
    expect(page.locator("body")).to_have_attribute("data-status", "active", timeout=WAIT)
    expect(page.get_by_test_id("tutorial")).to_have_count(0)
    assert errors == []


def test_e2e_tutorial_from_the_rules_page_on_a_phone_in_czech(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """On a phone, in Czech, from the rules page's button: the bubble fits the screen, takes
    the focus when a step changes, and a move off the script is refused in words."""
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    driver.open_lobby(page, server.base, "cs")
    page.goto(server.base + "/rules/vive_le_roi")
    page.get_by_test_id("tutorial-start").click()
    page.wait_for_url(re.compile(r"/play/"), timeout=WAIT)
    bubble = page.get_by_test_id("tutorial")
    expect(bubble).to_contain_text("Výuka", timeout=WAIT)
    page.get_by_test_id("tutorial-next").click()
    expect(bubble).to_be_focused()
    box = bubble.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["y"] + box["height"] <= 844
    page.get_by_test_id("tutorial-next").click()
    assert page.evaluate(ANY_MOVE, [match_id(page)]) == 409
    expect(bubble).to_have_attribute("data-step", "2")
    found = Axe().run(page).response["violations"]
    blocking = [v["id"] for v in found if v["impact"] in ("serious", "critical")]
    assert blocking == []
    # Opened again, the page resumes at the step it was at; the expected move ends it.
    page.reload()
    expect(bubble).to_have_attribute("data-step", "2", timeout=WAIT)
    page.get_by_test_id("tutorial-play").press("Enter")
    expect(bubble).to_have_attribute("data-step", "3", timeout=WAIT)
    # The chapter's end opens the next chapter, a match of its own.
    first = match_id(page)
    page.get_by_test_id("tutorial-next-chapter").press("Enter")
    page.wait_for_url(lambda url: "/play/" in url and first not in url, timeout=WAIT)
    expect(page.get_by_test_id("tutorial-chapter")).to_contain_text("Kapitola 2", timeout=WAIT)
    expect(bubble).to_have_attribute("data-step", "0", timeout=WAIT)
