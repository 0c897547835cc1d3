"""AI hints in the browser: a match created with hints on shows the AI's three best moves to
the seat to move; a match without hints offers none and the server refuses one."""

from __future__ import annotations

import json
import time
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
    lobby.check("[data-testid=hints]")
    created, _ = driver.submit_match(lobby, [{"kind": "human", "name": "Anna"},
                                             {"kind": "human", "name": "Bert"}])
    links = [link for link in created if link is not None]
    mv = server.call("GET", f"/api/matches/{links[0].match_id}", token=links[0].token)
    assert mv["hints"] is True
    mover = mv["to_move"]

    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(page, links[mover])
    expect(page.locator("[data-testid=hint-bar]")).to_contain_text("AI hints are on")
    page.click("[data-testid=hint-ask]")
    moves = page.locator("[data-testid=hint-moves] li")
    # The first search may wait for the server's bot workers to start.
    expect(moves).to_have_count(3, timeout=90_000)
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


def test_e2e_hint_in_the_generic_screen_names_moves_as_the_prompt_does(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "vive_le_roi", "players": 3, "seed": 4, "language": "en", "hints": True,
        "seats": [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "random"}] * 2})
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    page.goto(server.base + "/")
    page.evaluate("() => localStorage.setItem('sunking.autopass', '0')")
    driver.open_match(page, driver.parse_link(server.base + created["seats"][0]["link"]))
    driver.wait_for_turn_or_end(page)
    choices = page.locator("[data-testid=prompt] .choice").all_text_contents()
    page.click("[data-testid=hint-ask]")
    moves = page.locator("[data-testid=hint-moves] .hint-action")
    expect(moves).not_to_have_count(0, timeout=90_000)
    for text in moves.all_inner_texts():
        assert text in choices, f"the hint {text!r} is not one of the prompt's moves"
    page.context.close()


def test_e2e_review_after_the_end(browser: Browser, server: Any, driver: ModuleType) -> None:
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 3, "language": "en", "hints": True,
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}]})
    seat = driver.parse_link(server.base + created["seats"][0]["link"])
    path = f"/api/matches/{seat.match_id}"
    deadline = time.monotonic() + 120
    view = server.call("GET", path, token=seat.token)
    while view["status"] != "finished":
        assert time.monotonic() < deadline, "the match did not end"
        if view["to_move"] == 0 and view["legal_actions"]:
            server.call("POST", f"{path}/actions", {
                "version": view["version"], "action": view["legal_actions"][-1]}, token=seat.token)
        else:
            time.sleep(0.05)
        view = server.call("GET", path, token=seat.token)
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(page, seat)
    page.wait_for_selector("[data-testid=final-table]")
    page.click("[data-testid=review-ask]")
    items = page.locator("[data-testid=review] li")
    expect(items.first).to_be_visible(timeout=90_000)
    text = items.first.inner_text()
    assert "you played" in text and "the AI preferred" in text and "{" not in text, text
    page.context.close()
