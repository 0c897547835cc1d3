"""AI hints in the browser: a match created with hints on shows the AI's three best moves to
the seat to move; a match without hints offers none and the server refuses one."""

from __future__ import annotations

import json
import urllib.error
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, expect


def test_e2e_hint_shows_three_moves_and_is_refused_without_hints(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    lobby = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(lobby, server.base)
    lobby.select_option("#players", "2")
    for seat, name in enumerate(("Anna", "Bert")):
        lobby.select_option(f"[data-testid=seat-kind-{seat}]", "human")
        lobby.fill(f"[data-testid=seat-name-{seat}]", name)
    lobby.check("[data-testid=hints]")
    lobby.click("#create")
    lobby.wait_for_selector("[data-testid=spectator-link]")
    links = [driver.parse_link(lobby.get_attribute(f"[data-testid=seat-link-{s}]", "href") or "")
             for s in (0, 1)]
    mv = server.call("GET", f"/api/matches/{links[0].match_id}", token=links[0].token)
    assert mv["hints"] is True
    mover = mv["to_move"]

    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(page, links[mover])
    expect(page.locator("[data-testid=hint-bar]")).to_contain_text("AI hints are on")
    page.click("[data-testid=hint-ask]")
    moves = page.locator("[data-testid=hint-moves] li")
    expect(moves).to_have_count(3)
    for i in range(3):
        text = moves.nth(i).inner_text()
        assert "estimated win chance" in text and "{" not in text, text
    # The other seat sees that hints are on, but has nothing to ask while it waits.
    waiting = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(waiting, links[1 - mover])
    expect(waiting.locator("[data-testid=hint-bar]")).to_contain_text("AI hints are on")
    assert waiting.locator("[data-testid=hint-ask]").count() == 0

    plain, _ = driver.create_match(lobby, server.base, [
        {"kind": "human", "name": "Cleo"}, {"kind": "human", "name": "Dirk"}])
    other = [link for link in plain if link is not None]
    view = server.call("GET", f"/api/matches/{other[0].match_id}", token=other[0].token)
    seat = other[view["to_move"]]
    driver.open_match(page, seat)
    expect(page.locator("[data-testid=hint-bar]")).to_be_hidden()
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.call("GET", f"/api/matches/{seat.match_id}/hint", token=seat.token)
    assert refused.value.code == 409
    assert json.loads(refused.value.read())["error"]["code"] == "hints_off"
    for p in (lobby, page, waiting):
        p.context.close()
