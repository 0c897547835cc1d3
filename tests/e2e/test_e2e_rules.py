"""Rules help: linked from a Louis XIV match, in every language, readable on a phone."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect

from sunking import i18n
from sunking.core.presentation import catalog, presentation
from sunking.core.registry import make

READINGS = sum(1 for key in presentation("louis14").messages("en")
               if key.startswith("louis14.rules.reading."))


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
    assert english == presentation("louis14").messages("en")["louis14.rules.reading.1"]
    assert rules.evaluate("document.scrollingElement.scrollWidth") <= 390
    for lang in ("nl", "fr", "de", "cs"):
        rules.select_option("[data-testid=lang]", lang)
        expect(readings.first).to_have_text(presentation("louis14").messages(lang)[
            "louis14.rules.reading.1"])
        assert "rules." not in rules.inner_text("[data-testid=rules]")

    rules.goto(server.base + "/rules/nosuchgame")
    rules.wait_for_selector("body[data-ready='1']")
    expect(rules.locator("[data-testid=rules]")).to_contain_text(
        i18n.messages("cs")["rules.none"])
    page.context.close()
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
