"""Whose turn it is, in the browser: a turn clock chosen in the lobby counts down in the
header and, when it runs out, the stand-in bot moves for the seat; the tab's title and icon
say when it is your turn."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect

CLOCK_SECONDS = 10
YOUR_TURN = "▶ Your turn · Louis XIV"


def test_e2e_turn_clock_from_the_lobby_and_the_tab_title(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    lobby = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(lobby, server.base)
    lobby.select_option("[data-testid=clock]", str(CLOCK_SECONDS))
    links, _ = driver.create_match(lobby, server.base, [
        {"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}])
    lobby.context.close()
    seats = [link for link in links if link is not None]
    pages: list[Page] = []
    for link in seats:
        page = browser.new_context(viewport=driver.VIEWPORT).new_page()
        driver.open_match(page, link)
        pages.append(page)

    mv = server.call("GET", f"/api/matches/{seats[0].match_id}", token=seats[0].token)
    mover = mv["to_move"]
    assert mv["seats"][mover]["clock_seconds_left"] is not None
    waiting = pages[1 - mover]
    expect(pages[mover]).to_have_title(YOUR_TURN)
    assert pages[mover].locator("#icon").get_attribute("href") == "/static/img/sun-turn.svg"
    assert waiting.title() != YOUR_TURN
    assert waiting.locator("#icon").get_attribute("href") == "/static/img/sun.svg"
    for page in pages:
        expect(page.locator("[data-testid=turn-clock]")).to_be_visible()
        expect(page.locator("[data-testid=turn-clock]")).to_have_text(
            re.compile(r"⏱ \d+ s"))
    expect(pages[mover].locator("[data-testid=turn-clock]")).to_have_attribute("data-mine", "1")

    # Nobody moves: the clock runs out and the stand-in bot moves for that seat.
    before = mv["version"]
    # A function, not an expression: the page's Content-Security-Policy forbids eval.
    pages[mover].wait_for_function("v => Number(document.body.dataset.version) > v", arg=before,
                                   timeout=(CLOCK_SECONDS + 30) * 1000)
    after = server.call("GET", f"/api/matches/{seats[0].match_id}", token=seats[0].token)
    assert after["version"] > before
    # Each page's title follows whose turn it is now.
    for seat, page in enumerate(pages):
        mine = server.call("GET", f"/api/matches/{seats[seat].match_id}",
                           token=seats[seat].token)
        if mine["legal_actions"]:
            expect(page).to_have_title(YOUR_TURN)
        else:
            expect(page).not_to_have_title(YOUR_TURN)
    for page in pages:
        page.context.close()


STUBS = """
window.__notes = [];
window.__beeps = 0;
window.Notification = class {
  constructor(title) { window.__notes.push(title); }
  static requestPermission() { return Promise.resolve('granted'); }
};
window.Notification.permission = 'granted';
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    return { frequency: {}, connect: (g) => g, start() { window.__beeps += 1; }, stop() {} };
  }
  createGain() { return { gain: {}, connect: (d) => d }; }
};
"""


def test_e2e_alert_me_when_the_turn_comes(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 8, "practice": True, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]})
    links = [driver.parse_link(server.base + s["link"]) for s in created["seats"]]
    first = server.call("GET", f"/api/matches/{links[0].match_id}", token=links[0].token)
    mover = first["to_move"]
    pages = []
    for link in links:
        context = browser.new_context(viewport=driver.VIEWPORT)
        context.add_init_script(STUBS)
        page = context.new_page()
        driver.open_match(page, link)
        pages.append(page)
    waiting = pages[1 - mover]
    waiting.check("[data-testid=notify]")
    # The mover moves (over the API): the turn passes to the waiting seat, which is alerted once.
    view = server.call("GET", f"/api/matches/{links[mover].match_id}", token=links[mover].token)
    server.call("POST", f"/api/matches/{links[mover].match_id}/actions",
                {"version": view["version"], "action": view["legal_actions"][0]},
                token=links[mover].token)
    expect(waiting).to_have_title(YOUR_TURN)
    assert waiting.evaluate("window.__notes") == [YOUR_TURN]
    assert waiting.evaluate("window.__beeps") == 1
    # The page that did not ask is not alerted; the choice is remembered after a reload.
    assert pages[mover].evaluate("window.__notes") == []
    waiting.reload()
    waiting.wait_for_selector("body[data-ready='1']")
    expect(waiting.locator("[data-testid=notify]")).to_be_checked()
    assert waiting.evaluate("window.__notes") == []  # already its turn on arrival: no alert
    for page in pages:
        page.context.close()


def test_e2e_time_bank_chosen_in_the_lobby(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    lobby = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(lobby, server.base)
    lobby.select_option("[data-testid=clock]", "")
    expect(lobby.locator("[data-testid=bank]")).to_be_hidden()
    lobby.select_option("[data-testid=clock]", "300")
    lobby.select_option("[data-testid=bank]", "60")
    links, _ = driver.submit_match(lobby, [{"kind": "human", "name": "Anna"},
                                           {"kind": "human", "name": "Bert"}])
    seat = links[0]
    assert seat is not None
    mv = server.call("GET", f"/api/matches/{seat.match_id}", token=seat.token)
    assert [s["bank_seconds"] for s in mv["seats"]] == [60.0, 60.0]
    assert 300 < mv["seats"][mv["to_move"]]["clock_seconds_left"] <= 360
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(page, seat)
    clock = page.locator("[data-testid=turn-clock]")
    expect(clock).to_have_text(re.compile(r"⏱ [56]:\d\d"))
    assert "bank 1:00" in (clock.get_attribute("title") or "")
    lobby.select_option("[data-testid=clock]", "")  # leave the remembered clock as it was
    for p in (lobby, page):
        p.context.close()
