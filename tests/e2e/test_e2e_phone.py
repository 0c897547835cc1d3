"""Every page of every game on a phone (390×844): the lobby, the match, the final table, the
replay and the rules help have no sideways scrolling, the prompt always on screen (at most
30% of the screen high, each of its buttons reachable), the banner of an ended Louis XIV
match naming its winner, no text
smaller than 11 px (board text included, at the size it is drawn), and the chat button
covers neither the prompt nor any action button."""

from __future__ import annotations

import re
import time
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

PHONE: ViewportSize = {"width": 390, "height": 844}
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
  // Every control lies across its panel's width (fieldset, panel), unless a box between them
  // scrolls sideways on purpose (the court, a wide table).
  const outside = [];
  for (const el of document.querySelectorAll('input, select, textarea, button')) {
    if (!seen(el)) continue;
    const box = el.parentElement.closest('fieldset, .panel');
    if (!box) continue;
    let scroller = false;
    for (let up = el.parentElement; up && up !== box; up = up.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) scroller = true;
    }
    if (scroller) continue;
    const r = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (r.left < b.left - 1 || r.right > b.right + 1) {
      outside.push([el.dataset.testid || el.id || el.className || el.tagName,
                    Math.round(r.left), Math.round(r.right),
                    Math.round(b.left), Math.round(b.right)]);
    }
  }
  const prompt = document.querySelector('[data-testid=prompt]');
  const r = prompt ? prompt.getBoundingClientRect() : null;
  return { sideways: doc.scrollWidth - doc.clientWidth, small, outside,
           prompt: r ? [r.top, r.bottom] : null, height: window.innerHeight };
}""".replace("__MIN__", str(SMALLEST_PX))




def check(driver: ModuleType, page: Page, where: str, *, prompt: bool) -> None:
    for scrolled in (False, True):
        if scrolled:
            page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
            page.wait_for_timeout(100)
        driver.settle(page)
        out = page.evaluate(MEASURE_JS)
        assert out["sideways"] <= 0, f"{where}: the page scrolls sideways by {out['sideways']} px"
        assert out["small"] == [], f"{where}: text under {SMALLEST_PX} px: {out['small'][:8]}"
        assert out["outside"] == [], (
            f"{where}: controls stick out of their panel: {out['outside'][:8]}")
        if prompt:
            assert out["prompt"] is not None, f"{where}: no prompt"
            top, bottom = out["prompt"]
            assert top >= 0 and bottom <= out["height"], (
                f"{where}{' scrolled down' if scrolled else ''}: the prompt is at {top}-{bottom}")
            assert bottom - top <= PROMPT_SHARE * out["height"] + 1, (
                f"{where}: the prompt takes {bottom - top:.0f} of {out['height']} px")
    page.evaluate("window.scrollTo(0, 0)")
    if prompt:
        check_buttons_reachable(page, where)


# The sticky prompt takes at most this share of the phone's screen height.
PROMPT_SHARE = 0.30

# Each enabled button of the prompt, scrolled into view, lies inside the window and inside the
# prompt's visible box (the prompt scrolls when its choices do not fit).
REACHABLE_JS = """() => {
  const prompt = document.querySelector('[data-testid=prompt]');
  if (!prompt) return [];
  const out = [];
  for (const b of prompt.querySelectorAll('button, summary')) {
    // A button of a closed group is reached by opening it: its summary is checked instead.
    if (b.parentElement.closest('details:not([open])')) continue;
    const seen = b.getBoundingClientRect();
    if (!seen.width || !seen.height) continue;
    b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = b.getBoundingClientRect();
    const p = prompt.getBoundingClientRect();
    const inWindow = r.top >= -1 && r.bottom <= window.innerHeight + 1;
    const inPrompt = r.top >= p.top - 1 && r.bottom <= p.bottom + 1;
    const name = (b.textContent || b.dataset.testid || '').trim().slice(0, 40);
    if (!inWindow || !inPrompt) out.push(name);
  }
  prompt.scrollTop = 0;
  window.scrollTo(0, 0);
  return out;
}"""


def check_court_pans(page: Page) -> None:
    """The court is wider than the phone: it pans inside its frame, and a hint above it says
    so, in sight wherever the court is panned to."""
    wrap = page.locator(".court-wrap")
    hint = wrap.locator(".pan-hint")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("Swipe sideways")
    sizes = wrap.evaluate("w => [w.scrollWidth, w.clientWidth]")
    assert sizes[0] > sizes[1], f"the court does not pan: {sizes}"
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    box, frame = hint.bounding_box(), wrap.bounding_box()
    assert box and frame, "the court or its hint is not on the page"
    inside = frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
    assert inside, f"the pan hint leaves the frame when the court is panned: {box} in {frame}"
    wrap.evaluate("w => { w.scrollLeft = 0; }")


def check_buttons_reachable(page: Page, where: str) -> None:
    """Every button of the current decision (and the summary of every group of them, which
    opens it) can be scrolled into view and is then seen."""
    out = page.evaluate(REACHABLE_JS)
    assert out == [], f"{where}: buttons of the decision cannot be brought into view: {out}"


CHAT_CLEAR_JS = """() => {
  const toggle = document.querySelector('[data-testid=chat-toggle]');
  if (!toggle) return { toggle: false, hits: [] };
  const box = toggle.getBoundingClientRect();
  const hits = [];
  const targets = document.querySelectorAll(
    '[data-testid=prompt], [data-testid=prompt] button, .game-root button, .replay-bar button');
  for (const el of targets) {
    if (el.closest('[data-testid=chat]') || el === toggle) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom) {
      hits.push((el.dataset.testid || el.textContent || el.tagName).trim().slice(0, 40));
    }
  }
  return { toggle: box.width > 0 && box.height > 0, hits };
}"""


def check_chat_clear(page: Page, where: str) -> None:
    """The chat button is on the page and, scrolled to the top or the bottom, its box
    meets neither the prompt nor any button of the game."""
    for scrolled in (False, True):
        if scrolled:
            page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
            page.wait_for_timeout(100)
        out = page.evaluate(CHAT_CLEAR_JS)
        assert out["toggle"], f"{where}: no chat button"
        assert out["hits"] == [], (
            f"{where}{' scrolled down' if scrolled else ''}: the chat button covers {out['hits']}")
    page.evaluate("window.scrollTo(0, 0)")


def finished_bot_match(server: Any, game: str, players: int, seed: int) -> dict[str, Any]:
    """A match of bots only, played to its end."""
    bots: dict[str, Any] = server.create_match({
        "game": game, "players": players, "seed": seed, "language": "en",
        "seats": [{"kind": "bot", "bot": "random"}] * players})
    deadline = time.monotonic() + 180
    while server.call("GET", f"/api/matches/{bots['match_id']}",
                      token=bots["spectator"]["token"])["status"] != "finished":
        assert time.monotonic() < deadline, f"the bots' {game} match did not finish"
        time.sleep(0.2)
    return bots


def test_e2e_louis14_pages_on_a_phone(browser: Browser, server: Any, driver: ModuleType) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    driver.open_lobby(page, server.base)
    page.wait_for_selector("#open-panel[data-loaded='1']")
    check(driver, page, "lobby", prompt=False)

    created = server.create_match({
        "game": "louis14", "players": 4, "seed": 3, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "random"}] * 3})
    seat = driver.parse_link(server.base + created["seats"][0]["link"])
    driver.open_match(page, seat)
    driver.wait_for_turn_or_end(page)
    check(driver, page, "match", prompt=True)
    check_chat_clear(page, "match")
    check_players_table(page)
    check_court_pans(page)
    driver.choose_card(page, 0)
    check(driver, page, "match, a card chosen", prompt=True)

    bots = finished_bot_match(server, "louis14", 2, 5)
    spectator = bots["spectator"]["token"]
    watcher = driver.parse_link(server.base + bots["spectator"]["link"])
    driver.open_match(page, watcher)
    page.wait_for_selector("[data-testid=final-table]")
    check(driver, page, "final table", prompt=True)
    winner = re.compile(r"^(Winner|Shared win): \S")
    expect(page.locator("[data-testid=banner-winner]")).to_have_text(winner)
    page.goto(f"{server.base}/play/{bots['match_id']}?replay=1#t={spectator}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("[data-testid=prompt]")
    check(driver, page, "replay", prompt=True)
    page.goto(f"{server.base}/rules/louis14")
    page.wait_for_selector("body[data-ready='1']")
    check(driver, page, "rules", prompt=False)
    page.context.close()


def check_players_table(page: Page) -> None:
    """Louis XIV's players table fits the phone without sideways scrolling (each player a card
    of "Louis 9 · Stones 11 / 5 / 0 …"), and is still a table of named columns to a screen
    reader."""
    table = page.locator(".players-table")
    wide = table.evaluate("t => [t.scrollWidth, t.parentElement.clientWidth]")
    assert wide[0] <= wide[1], f"the players table is {wide[0]} px wide in {wide[1]} px"
    stones = page.get_by_role("columnheader", name="Stones")
    snapshot = page.get_by_role("table").filter(has=stones).aria_snapshot()
    assert "columnheader \"Missions\"" in snapshot and "row \"Anna" in snapshot, snapshot
    labels = table.locator("tbody tr").first.locator("td").evaluate_all(
        "tds => tds.map(td => getComputedStyle(td, '::before').content)")
    assert '"Louis "' in labels and '"Missions "' in labels, labels


@pytest.mark.parametrize("game", ["vive_le_roi", "versailles1682"])
def test_e2e_generic_pages_on_a_phone(
    browser: Browser, server: Any, driver: ModuleType, game: str,
) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    created = server.create_match({
        "game": game, "players": 4, "seed": 3, "language": "en",
        "seats": [{"kind": "human", "name": "Anne-Marguerite"}]
        + [{"kind": "bot", "bot": "random"}] * 3})
    seat = driver.parse_link(server.base + created["seats"][0]["link"])
    # The generic screen (a game with a board of its own keeps it at ?board=generic); the
    # boards of their own have phone tests of their own (test_e2e_vlr_board.py).
    generic = driver.SeatLink(seat.url.replace("#", "?board=generic#"), seat.match_id,
                              seat.token)
    driver.open_match(page, generic)
    for n in range(4):
        driver.wait_for_turn_or_end(page)
        if page.locator("[data-testid=autopassing]").count():
            driver.wait_for_change(page, driver.version(page))  # the page passes by itself
            continue
        check(driver, page, f"{game} match, decision {n}", prompt=True)
        check_chat_clear(page, f"{game} match, decision {n}")
        before = driver.version(page)
        driver.decide_generic(page, n)
        driver.wait_for_change(page, before)

    bots = finished_bot_match(server, game, 3, 7)
    watcher = driver.parse_link(server.base + bots["spectator"]["link"])
    for query in ("", "&board=generic"):  # the game's own screen, then the generic one
        where = f"{game}{query}"
        driver.open_match(page, driver.SeatLink(watcher.url.replace("#", f"?{query[1:]}#"),
                                                watcher.match_id, watcher.token))
        page.wait_for_selector("[data-testid=final-table]")
        check(driver, page, f"{where} final table", prompt=True)
        check_chat_clear(page, f"{where} final table")
        driver.open_replay_middle(page, server.base, watcher, 0, query)
        page.wait_for_selector("[data-testid=prompt]")
        check(driver, page, f"{where} replay", prompt=True)

    page.goto(f"{server.base}/rules/{game}")
    page.wait_for_selector("body[data-ready='1']")
    check(driver, page, f"{game} rules", prompt=False)
    page.context.close()
