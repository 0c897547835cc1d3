"""Taking a move back in the browser: after a Louis XIV placement made by clicking, "Take
back" shows until the next seat acts, takes the placement back and the log says so; in every
game the button shows exactly when the server says the seat may take back (``can_undo``)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect


def seat_pages(browser: Browser, server: Any, driver: ModuleType, game: str,
               players: int) -> tuple[dict[str, Any], list[Page]]:
    created = server.create_match({
        "game": game, "players": players, "seed": 3, "language": "en", "practice": True,
        "seats": [{"kind": "human", "name": f"P{i}"} for i in range(players)]})
    pages = []
    for seat in created["seats"]:
        page = browser.new_context(viewport=driver.VIEWPORT).new_page()
        page.goto(server.base + seat["link"])
        page.wait_for_selector("body[data-ready='1']")
        pages.append(page)
    return created, pages


def test_e2e_a_louis_xiv_placement_is_taken_back(browser: Browser, server: Any,
                                                 driver: ModuleType) -> None:
    created, pages = seat_pages(browser, server, driver, "louis14", 2)
    match_id = created["match_id"]
    first, other = pages
    expect(first.locator("[data-testid=prompt].my-turn")).to_be_visible()
    expect(first.locator("[data-testid=undo]")).to_be_hidden()
    before = driver.version(first)
    driver.decide(first, 0)  # a card chosen, stones placed by clicking
    driver.wait_for_change(first, before)
    undo = first.locator("[data-testid=undo]")
    expect(undo).to_be_visible()
    expect(undo).to_have_text("Take back")
    expect(other.locator("[data-testid=undo]")).to_be_hidden()
    placed = driver.version(first)
    undo.focus()
    first.keyboard.press("Enter")  # the keyboard alone takes it back
    driver.wait_for_change(first, placed)
    expect(undo).to_be_hidden()
    expect(first.locator("[data-testid=prompt].my-turn")).to_be_visible()
    expect(first.locator("body")).to_contain_text("P0 takes back a move.")
    stored = server.call("GET", f"/api/matches/{match_id}",
                         token=created["seats"][0]["token"])
    assert stored["to_move"] == 0 and stored["can_undo"] is False
    # Placed again, then the other seat moves: nothing more to take back.
    again = driver.version(first)
    driver.decide(first, 1)
    driver.wait_for_change(first, again)
    expect(undo).to_be_visible()
    expect(other.locator("[data-testid=prompt].my-turn")).to_be_visible()
    moved = driver.version(first)
    driver.decide(other, 0)
    driver.wait_for_change(first, moved)
    expect(undo).to_be_hidden()
    for page in pages:
        page.context.close()


@pytest.mark.parametrize(("game", "players"), [("vive_le_roi", 3), ("versailles1682", 3)])
def test_e2e_the_button_follows_can_undo(browser: Browser, server: Any, driver: ModuleType,
                                         game: str, players: int) -> None:
    """Moves made through the API until some seat may take one back: its page shows the
    button, the others do not; pressed, the match goes one version on."""
    created, pages = seat_pages(browser, server, driver, game, players)
    match_id = created["match_id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(60):
        mv = server.call("GET", f"/api/matches/{match_id}", token=tokens[0])
        mover = mv["to_move"]
        answer = server.call("GET", f"/api/matches/{match_id}", token=tokens[mover])
        done = server.call("POST", f"/api/matches/{match_id}/actions", {
            "version": answer["version"], "action": answer["legal_actions"][0]},
            token=tokens[mover])
        if done["can_undo"]:
            break
    else:
        raise AssertionError(f"no move of {game} could be taken back in 60")
    for seat, page in enumerate(pages):
        page.wait_for_function("v => document.body.dataset.version === v",
                               arg=str(done["version"]), timeout=30_000)
        button = page.locator("[data-testid=undo]")
        if seat == mover:
            expect(button).to_be_visible()
        else:
            expect(button).to_be_hidden()
    pages[mover].locator("[data-testid=undo]").click()
    driver.wait_for_change(pages[mover], str(done["version"]))
    after = server.call("GET", f"/api/matches/{match_id}", token=tokens[mover])
    assert after["version"] == done["version"] + 1
    assert after["events"][-1]["type"] == "taken_back"
    for page in pages:
        page.context.close()
