"""Rules help: a page per game in every language, from the game's own catalog, linked from
the lobby and from a match, readable on a phone."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from sunking import available_games, i18n, presentation
from sunking.core.registry import make
from sunking.presentation import catalog

GAMES = available_games()
PHONE: ViewportSize = {"width": 390, "height": 844}
KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\.[a-z0-9_]+")
"""A text key (`vive_le_roi.rules.intro.1`, `rules.title`): what the page must never show."""


def numbered(game: str, lang: str, part: str) -> list[str]:
    """The catalog's texts <game>.rules.<part>.1, .2, … in order."""
    texts = presentation.of(game).messages(lang)
    out: list[str] = []
    while f"{game}.rules.{part}.{len(out) + 1}" in texts:
        out.append(texts[f"{game}.rules.{part}.{len(out) + 1}"])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_e2e_rules_help_is_linked_from_the_lobby_and_the_match(
    browser: Browser, server: Any, driver: ModuleType, game: str,
) -> None:
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(page, server.base)
    page.select_option("#game", game)
    lobby_link = page.locator("[data-testid=game-rules-link]")
    expect(lobby_link).to_be_visible()
    assert lobby_link.get_attribute("href") == f"/rules/{game}"

    players = make(game).spec.min_players
    created = server.create_match({
        "game": game, "players": players, "seed": 1, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}]
        + [{"kind": "bot", "bot": "random"}] * (players - 1)})
    driver.open_match(page, driver.parse_link(server.base + created["seats"][0]["link"]))
    link = page.locator("[data-testid=rules-link]")
    expect(link).to_be_visible()
    assert link.get_attribute("href") == f"/rules/{game}"
    page.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_e2e_every_rules_page_in_every_language(
    browser: Browser, server: Any, game: str,
) -> None:
    intro, readings = numbered(game, "en", "intro"), numbered(game, "en", "reading")
    assert len(intro) >= 4 and len(readings) >= 12
    rules = browser.new_context(viewport=PHONE).new_page()
    rules.goto(server.base + f"/rules/{game}")
    rules.wait_for_selector("body[data-ready='1']")
    paragraphs = rules.locator("[data-testid=rules] > p")
    items = rules.locator("[data-testid=rules-readings] li")
    for lang in i18n.LANGUAGES:
        rules.select_option("[data-testid=lang]", lang)
        expect(items.first).to_have_text(numbered(game, lang, "reading")[0])
        # Every text of the catalog, in order, and nothing else: no key is missing.
        assert paragraphs.all_inner_texts() == numbered(game, lang, "intro"), lang
        assert items.all_inner_texts() == numbered(game, lang, "reading"), lang
        title = rules.inner_text("#rules-title")
        assert catalog(game, lang)[f"{game}.rules.title"] in title
        assert i18n.messages(lang)["rules.title"] in title
        text = rules.inner_text("body")
        for bad in ("{", "}", '"type"', "undefined", "null"):
            assert bad not in text, f"{game} {lang}: the page shows {bad!r}"
        match = KEY.search(text)
        assert match is None, f"{game} {lang}: the page shows the key {match.group(0)!r}"
        assert rules.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    rules.context.close()


def test_e2e_rules_help_of_an_unknown_game_says_so(browser: Browser, server: Any) -> None:
    rules = browser.new_context(viewport=PHONE).new_page()
    rules.goto(server.base + "/rules/nosuchgame")
    rules.wait_for_selector("body[data-ready='1']")
    rules.select_option("[data-testid=lang]", "cs")
    expect(rules.locator("[data-testid=rules]")).to_contain_text(
        i18n.messages("cs")["rules.none"])
    rules.context.close()


GUIDE_JS = """
async ([mv, finished]) => {
  localStorage.removeItem('sunking.guide.louis14');
  if (finished) localStorage.setItem('sunking.finished.louis14', '1');
  else localStorage.removeItem('sunking.finished.louis14');
  const { createGameUI } = await import('/static/js/games/louis14/index.js');
  const root = document.createElement('main');
  document.body.append(root);
  const ctx = { mode: 'live', seat: mv.seat, colourName: (s) => `P${s}`,
                colourClass: (s) => `colour-${s}`, seatInfo: () => null, act() {} };
  createGameUI(root, ctx).render(mv);
  const text = () => {
    const g = root.querySelector('[data-testid=guide]');
    return g ? g.textContent : null;
  };
  const first = text();
  root.querySelector('[data-testid=guide-toggle]').click();
  const after = text();
  const stored = localStorage.getItem('sunking.guide.louis14');
  root.remove();
  return { first, after, stored };
}
"""


def test_e2e_first_match_guide_says_what_to_do(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    state = make("louis14").new_game(3, 2)
    seat = state.to_move
    mv = {
        "match_id": "m", "game": "louis14", "players": 3, "language": "en",
        "version": state.version, "status": "active", "seat": seat,
        "seats": [{"seat": s, "kind": "human", "name": f"P{s}", "bot": None, "connected": True,
                   "away": False, "clock_seconds_left": None} for s in range(3)],
        "to_move": seat, "view": state.view(seat),
        "legal_actions": [a.to_json() for a in state.legal_actions()],
        "result": None, "events": state.events(seat),
    }
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(page, server.base, "de")
    fresh = page.evaluate(GUIDE_JS, [mv, False])
    assert fresh["first"] == catalog("louis14", "de")["louis14.guide.turn"]
    assert fresh["after"] is None and fresh["stored"] == "off"
    # After a finished match the guide starts hidden; the toggle shows it again.
    seasoned = page.evaluate(GUIDE_JS, [mv, True])
    assert seasoned["first"] is None
    assert seasoned["after"] == catalog("louis14", "de")["louis14.guide.turn"]
    assert seasoned["stored"] == "on"
    page.context.close()


@pytest.mark.parametrize("game", ["vive_le_roi", "versailles1682"])
def test_e2e_first_match_guide_in_the_generic_screen(
    browser: Browser, server: Any, driver: ModuleType, game: str,
) -> None:
    players = make(game).spec.min_players
    created = server.create_match({
        "game": game, "players": players, "seed": 2, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}]
        + [{"kind": "bot", "bot": "random"}] * (players - 1)})
    seat = driver.parse_link(server.base + created["seats"][0]["link"])
    # The generic screen (the games' boards of their own are opened with ?board=generic).
    link = driver.SeatLink(seat.url.replace("#", "?board=generic#"), seat.match_id, seat.token)
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    page.goto(server.base + "/")
    page.evaluate("g => { localStorage.clear(); localStorage.setItem('sunking.autopass', '0'); }",
                  game)
    driver.open_match(page, link)
    driver.wait_for_turn_or_end(page)
    mv = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
    key = f"{game}.guide.{mv['view']['decision']['kind']}"
    texts = catalog(game, "en")
    assert key in texts, f"no guide for the first decision: {key}"
    guide = page.locator("[data-testid=prompt] [data-testid=guide]")
    toggle = page.locator("[data-testid=prompt] [data-testid=guide-toggle]")
    expect(guide).to_have_text(texts[key])
    toggle.click()
    expect(guide).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem('sunking.guide.{game}')") == "off"
    toggle.click()
    expect(guide).to_have_text(texts[key])
    # After a finished match of the game the guide starts hidden; the toggle offers it.
    page.evaluate(f"localStorage.removeItem('sunking.guide.{game}');"
                  f"localStorage.setItem('sunking.finished.{game}', '1')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    driver.wait_for_turn_or_end(page)
    expect(toggle).to_have_text(i18n.messages("en")["guide.show"])
    expect(guide).to_have_count(0)
    page.context.close()
