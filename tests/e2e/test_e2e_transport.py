"""The match page's transport: REST when the websocket is unavailable, reconnect when it drops."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser

NO_SOCKETS = """
window.WebSocket = class {
  constructor() { throw new Error('websockets are switched off in this test'); }
};
"""
RECORD_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})();
"""


def new_match(browser: Browser, server: Any, driver: ModuleType) -> Any:
    lobby = browser.new_context(viewport=driver.VIEWPORT)
    links, _ = driver.create_match(lobby.new_page(), server.base, [
        {"kind": "human", "name": "Anna"},
        {"kind": "bot", "bot": "random"},
    ])
    lobby.close()
    return links[0]


def test_e2e_actions_go_over_rest_when_there_is_no_websocket(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = new_match(browser, server, driver)
    context = browser.new_context(viewport=driver.VIEWPORT)
    context.add_init_script(NO_SOCKETS)
    page = context.new_page()
    driver.open_match(page, seat)
    assert page.get_attribute("[data-testid=connection]", "data-state") in ("offline", "connecting")
    start = int(driver.version(page))
    driver.play_until(page, lambda p: int(driver.version(p)) >= start + 6)
    match = server.call("GET", f"/api/matches/{seat.match_id}", token=seat.token)
    assert match["version"] >= start + 6
    context.close()


def test_e2e_the_page_reconnects_after_the_websocket_drops(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = new_match(browser, server, driver)
    context = browser.new_context(viewport=driver.VIEWPORT)
    context.add_init_script(RECORD_SOCKETS)
    page = context.new_page()
    driver.open_match(page, seat)
    page.wait_for_selector("[data-testid=connection][data-state=live]")
    page.evaluate("window.__sockets.forEach((s) => s.close())")
    page.wait_for_selector("[data-testid=connection][data-state=offline]")
    page.wait_for_selector("[data-testid=connection][data-state=live]", timeout=20_000)
    assert page.evaluate("window.__sockets.length") >= 2
    start = int(driver.version(page))
    driver.play_until(page, lambda p: int(driver.version(p)) >= start + 4)
    context.close()
