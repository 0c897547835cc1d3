"""Two human seats played from two browser contexts, each clicking on its own turns."""

from __future__ import annotations

import time
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page

MATCH_SECONDS = 240
NAMES = ("Anna", "Bert")


def shown_hand(page: Page) -> list[int]:
    cards = page.locator("[data-testid=hand] .hand-card")
    return sorted(
        int(cards.nth(i).get_attribute("data-card") or "-1") for i in range(cards.count())
    )


def test_e2e_two_humans_from_two_browser_contexts(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    lobby = browser.new_context(viewport=driver.VIEWPORT)
    links, _ = driver.create_match(lobby.new_page(), server.base, [
        {"kind": "human", "name": NAMES[0]},
        {"kind": "human", "name": NAMES[1]},
    ])
    lobby.close()
    seats = [link for link in links if link is not None]
    assert len(seats) == 2 and seats[0].token != seats[1].token

    contexts = [browser.new_context(viewport=driver.VIEWPORT) for _ in seats]
    pages = [context.new_page() for context in contexts]
    errors: list[str] = []
    for page, seat in zip(pages, seats, strict=True):
        page.on("pageerror", lambda err: errors.append(str(err)))
        driver.open_match(page, seat)

    decisions = [0, 0]
    hand_checks = 0
    deadline = time.monotonic() + MATCH_SECONDS
    while not all(driver.is_over(page) for page in pages):
        assert time.monotonic() < deadline, "the match did not end in time"
        moved = False
        for s, (page, seat) in enumerate(zip(pages, seats, strict=True)):
            if driver.is_over(page) or not driver.my_turn(page):
                continue
            # Each page shows its own hand, exactly as the server has it, and never the
            # other seat's.
            mine = server.call("GET", f"/api/matches/{seat.match_id}", token=seat.token)
            if mine["version"] == int(driver.version(page)):
                assert mine["seat"] == s
                assert shown_hand(page) == sorted(mine["view"]["you"]["influence_hand"])
                other = seats[1 - s]
                theirs = server.call("GET", f"/api/matches/{other.match_id}", token=other.token)
                if theirs["version"] == int(driver.version(pages[1 - s])):
                    assert shown_hand(pages[1 - s]) == sorted(
                        theirs["view"]["you"]["influence_hand"])
                heading = page.locator("[data-testid=you] h2").inner_text()
                assert NAMES[s] in heading and NAMES[1 - s] not in heading
                hand_checks += 1
            before = driver.version(page)
            driver.decide(page, decisions[s])
            driver.wait_for_change(page, before)
            decisions[s] += 1
            moved = True
        if not moved:
            pages[0].wait_for_timeout(50)

    assert decisions[0] > 0 and decisions[1] > 0 and hand_checks > 0
    match = server.call("GET", f"/api/matches/{seats[0].match_id}", token=seats[0].token)
    for page in pages:
        page.wait_for_selector("[data-testid=final-table]")
        for s, score in enumerate(match["result"]["scores"]):
            assert page.inner_text(f"[data-testid=final-score-{s}]").strip() == str(score)
    assert errors == []
    for context in contexts:
        context.close()
