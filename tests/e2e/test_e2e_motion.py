"""Moves followed by eye (``js/motion.js``): when another seat places stones in Louis XIV, a
stone flies from that seat's colour to the tile on every other page; nothing flies for a
person who asks for reduced motion, nor when a screen is drawn again at the same version; moves
come at the pace the person chose."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect


def flights(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.flights || 0)"))


def watch(browser: Browser, server: Any, driver: ModuleType, link: str,
          reduced: bool = False) -> Page:
    context = browser.new_context(viewport=driver.VIEWPORT,
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    page.goto(server.base + link)
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("[data-testid=prompt]")
    return page


def test_e2e_stones_fly_to_their_tile_unless_motion_is_reduced(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 3, "language": "en", "practice": True,
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]})
    mover, other = created["seats"]
    acting = watch(browser, server, driver, mover["link"])
    still = watch(browser, server, driver, other["link"], reduced=True)
    moving = watch(browser, server, driver, other["link"])
    expect(acting.locator("[data-testid=prompt].my-turn")).to_be_visible()
    before = driver.version(moving)
    driver.decide(acting, 2)
    for page in (moving, still):
        driver.wait_for_change(page, before)
    # The flight starts as the new version is drawn and is gone once it has landed.
    moving.wait_for_function("Number(document.body.dataset.flights || 0) > 0",
                             timeout=30_000)
    expect(moving.locator(".flight")).to_have_count(0, timeout=10_000)
    landed = str(moving.evaluate("document.body.dataset.lastFlight"))
    assert landed.startswith("stones:0@"), landed  # Anna's colour, onto a tile
    assert flights(still) == 0
    for page in (acting, still, moving):
        page.context.close()


def test_e2e_a_redraw_of_the_same_version_moves_nothing(browser: Browser, server: Any,
                                                         driver: ModuleType) -> None:
    """A language switch draws the screen again at the same version: nothing flies, though
    every card and stone is drawn anew (Vive le Roi's hand, Louis XIV's court)."""
    for game, players in (("vive_le_roi", 3), ("louis14", 2)):
        created = server.create_match({
            "game": game, "players": players, "seed": 2, "language": "en", "practice": True,
            "seats": [{"kind": "human", "name": f"P{i}"} for i in range(players)]})
        page = watch(browser, server, driver, created["seats"][0]["link"])
        seen = driver.version(page)
        driver.set_language(page, "fr")
        driver.set_language(page, "en")
        assert driver.version(page) == seen and flights(page) == 0
        page.context.close()


def test_e2e_moves_come_at_the_pace_chosen(browser: Browser, server: Any,
                                           driver: ModuleType) -> None:
    """With "slowly" chosen, two moves made at once by others are shown one after the other:
    the second waits while the first is on screen; the choice is kept in the browser."""
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 5, "language": "en", "practice": True,
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]})
    match_id = created["match_id"]
    tokens = [seat["token"] for seat in created["seats"]]
    page = watch(browser, server, driver, created["seats"][0]["link"])
    pace = page.locator("[data-testid=move-pace]")
    expect(pace).to_be_visible()
    pace.select_option("2500")
    start = int(driver.version(page))
    for seat in (0, 1):
        mine = server.call("GET", f"/api/matches/{match_id}", token=tokens[seat])
        server.call("POST", f"/api/matches/{match_id}/actions", {
            "version": mine["version"], "action": mine["legal_actions"][0]}, token=tokens[seat])
    page.wait_for_function("v => document.body.dataset.version === v", arg=str(start + 1),
                           timeout=30_000)
    assert driver.version(page) == str(start + 1)  # the second move waits its turn
    page.wait_for_function("v => document.body.dataset.version === v", arg=str(start + 2),
                           timeout=30_000)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("[data-testid=move-pace]")).to_have_value("2500")
    page.context.close()


FLOWN_JS = """() => {
  window.flown = [];
  // Every flight's name: the records of one batch carry each change's old value, so each
  // value set is the next record's old value, the last one the attribute as it is now.
  new MutationObserver((records) => records.forEach((record, i) => window.flown.push(
    i + 1 < records.length ? records[i + 1].oldValue : document.body.dataset.lastFlight)))
    .observe(document, { attributes: true, subtree: true, attributeOldValue: true,
                         attributeFilter: ["data-last-flight"] });
}"""
"""Keeps in ``window.flown`` the name of every flight the page starts (``js/motion.js``)."""


def watch_moves(browser: Browser, server: Any, driver: ModuleType,
                done: Callable[[list[str]], bool], pick: int) -> list[str]:
    """The flights a spectator's page shows while the two seats of a Louis XIV match move one
    by one (the legal move at ``pick`` each time, each version drawn), until
    ``done(flights)``."""
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 4, "language": "en", "practice": True,
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]})
    match_id = created["match_id"]
    tokens = [seat["token"] for seat in created["seats"]]
    context = browser.new_context(viewport=driver.VIEWPORT)
    context.add_init_script(f"({FLOWN_JS})()")
    page = context.new_page()
    page.goto(server.base + created["spectator"]["link"])
    page.wait_for_selector("body[data-ready='1']")
    flown: list[str] = []
    for _ in range(300):
        flown = page.evaluate("window.flown")
        if done(flown):
            break
        for token in tokens:
            view = server.call("GET", f"/api/matches/{match_id}", token=token)
            if view["legal_actions"]:
                server.call("POST", f"/api/matches/{match_id}/actions", {
                    "version": view["version"], "action": view["legal_actions"][pick]}, token=token)
                page.wait_for_function("v => document.body.dataset.version === v",
                                       arg=str(view["version"] + 1), timeout=30_000)
                break
    context.close()
    return flown


def test_e2e_louis_figure_travels_to_his_new_tile(browser: Browser, server: Any,
                                                  driver: ModuleType) -> None:
    """Louis XIV's figure, a pawn, flies from his tile to the next when a round begins."""
    flown = watch_moves(browser, server, driver, lambda seen: "card:louis" in seen, 0)
    assert "card:louis" in flown, f"Louis XIV's figure never flew: {sorted(set(flown))}"


def test_e2e_louis_d_or_travel_between_the_bank_and_the_seats(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """A louis d'or flies from the bank (the court) to a seat that receives some, and from a
    seat that pays to the bank."""
    def both(seen: list[str]) -> bool:
        coins = [f for f in seen if f.startswith("louis:")]
        return any(f.endswith(">bank") for f in coins) and any("bank" not in f for f in coins)

    flown = watch_moves(browser, server, driver, both, -1)
    assert both(flown), f"no louis d'or flew both ways: {sorted(set(flown))}"
