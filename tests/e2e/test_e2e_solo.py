"""One human seat against three bots, played through the page by clicking until the end."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser


def test_e2e_one_human_three_bots_to_the_final_table(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    context = browser.new_context(viewport=driver.VIEWPORT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    links, spectator = driver.create_match(page, server.base, [
        {"kind": "human", "name": "Anna"},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "random"},
    ])
    seat = links[0]
    assert seat is not None and all(link is None for link in links[1:])
    assert spectator.match_id == seat.match_id and spectator.token != seat.token

    driver.open_match(page, seat)
    assert page.inner_text("[data-testid=role]").strip() != ""
    decisions = driver.play_until(page, lambda p: False)
    assert decisions > 0

    page.wait_for_selector("[data-testid=final-table]")
    match = server.call("GET", f"/api/matches/{seat.match_id}", token=seat.token)
    assert match["status"] == "finished"
    scores = match["result"]["scores"]
    winners = set(match["result"]["winners"])
    assert len(scores) == 4
    for s, score in enumerate(scores):
        cell = page.locator(f"[data-testid=final-score-{s}]")
        assert cell.inner_text().strip() == str(score)
        assert cell.get_attribute("data-winner") == ("1" if s in winners else "0")
    names = ", ".join(page.inner_text(f".final-table thead th[data-seat='{w}']").strip(" ♛")
                      for w in sorted(winners))
    assert names.strip() in page.inner_text("[data-testid=final-winner]")
    assert errors == []
    context.close()
