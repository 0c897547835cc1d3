"""Louis XIV and the lobby on a phone (390×844): no sideways scrolling, the prompt always on
screen, no text smaller than 11 px (board text included, at the size it is drawn)."""

from __future__ import annotations

import time
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page

PHONE = {"width": 390, "height": 844}
SMALLEST_PX = 11.0

MEASURE_JS = """() => {
  const doc = document.scrollingElement;
  const small = [];
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  for (const el of document.querySelectorAll('svg text')) {
    if (!el.textContent.trim() || !seen(el)) continue;
    const ctm = el.getScreenCTM();
    const px = parseFloat(getComputedStyle(el).fontSize) * (ctm ? Math.abs(ctm.a) : 1);
    if (px < __MIN__) small.push([el.textContent.trim(), px]);
  }
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || !seen(el)) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < __MIN__) small.push([el.textContent.trim().slice(0, 30), px]);
  }
  const prompt = document.querySelector('[data-testid=prompt]');
  const r = prompt ? prompt.getBoundingClientRect() : null;
  return { sideways: doc.scrollWidth - doc.clientWidth, small,
           prompt: r ? [r.top, r.bottom] : null, height: window.innerHeight };
}""".replace("__MIN__", str(SMALLEST_PX))


def check(page: Page, where: str, *, prompt: bool) -> None:
    for scrolled in (False, True):
        if scrolled:
            page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
            page.wait_for_timeout(100)
        out = page.evaluate(MEASURE_JS)
        assert out["sideways"] <= 0, f"{where}: the page scrolls sideways by {out['sideways']} px"
        assert out["small"] == [], f"{where}: text under {SMALLEST_PX} px: {out['small'][:8]}"
        if prompt:
            assert out["prompt"] is not None, f"{where}: no prompt"
            top, bottom = out["prompt"]
            assert top >= 0 and bottom <= out["height"], (
                f"{where}{' scrolled down' if scrolled else ''}: the prompt is at {top}-{bottom}")
    page.evaluate("window.scrollTo(0, 0)")


def test_e2e_louis14_pages_on_a_phone(browser: Browser, server: Any, driver: ModuleType) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    driver.open_lobby(page, server.base)
    page.wait_for_selector("#open-panel[data-loaded='1']")
    check(page, "lobby", prompt=False)

    created = server.call("POST", "/api/matches", {
        "game": "louis14", "players": 4, "seed": 3, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "random"}] * 3})
    seat = driver.parse_link(server.base + created["seats"][0]["link"])
    driver.open_match(page, seat)
    driver.wait_for_turn_or_end(page)
    check(page, "match", prompt=True)
    driver.choose_card(page, 0)
    check(page, "match, a card chosen", prompt=True)

    bots = server.call("POST", "/api/matches", {
        "game": "louis14", "players": 2, "seed": 5, "language": "en",
        "seats": [{"kind": "bot", "bot": "random"}] * 2})
    deadline = time.monotonic() + 120
    spectator = bots["spectator"]["token"]
    while server.call("GET", f"/api/matches/{bots['match_id']}",
                      token=spectator)["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' match did not finish"
        time.sleep(0.2)
    watcher = driver.parse_link(server.base + bots["spectator"]["link"])
    driver.open_match(page, watcher)
    page.wait_for_selector("[data-testid=final-table]")
    check(page, "final table", prompt=True)
    page.goto(f"{server.base}/play/{bots['match_id']}?replay=1#t={spectator}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("[data-testid=prompt]")
    check(page, "replay", prompt=True)
    page.context.close()
