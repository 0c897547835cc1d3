"""Screenshots of the AI coach: a hint, the review of a finished match with its win-chance
curve, and the replay opened from a review line, at a desk's and a phone's size.

``python scripts/coach_screens.py --out build/screenshots/coach`` starts its own server (as
``scripts/screenshots.py`` does, whose ``main`` also calls :func:`coach_screens`); the browser
tests use :func:`finished_match`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize

sys.path.insert(0, str(Path(__file__).resolve().parent))
import screenshots as shots

DESK: ViewportSize = {"width": 1280, "height": 800}
SIZES = (("desk", DESK), ("phone", shots.PHONE))
REVIEW_TIMEOUT_MS = 240_000
"""A review searches every decision of the seat in the bot workers: up to a few minutes on a
busy machine."""


def finished_match(server: Any, game: str = "louis14", seed: int = 3) -> Any:
    """A finished 2-player match with hints on: seat 0 (Anna) always took its last legal
    move, a random bot the other seat. Returns seat 0's link."""
    created = server.create_match({
        "game": game, "players": 2, "seed": seed, "language": "en", "hints": True,
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}]})
    seat = shots.parse_link(server.base + created["seats"][0]["link"])
    path = f"/api/matches/{seat.match_id}"
    deadline = time.monotonic() + 120
    view = server.call("GET", path, token=seat.token)
    while view["status"] != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError("the match did not end")
        if view["to_move"] == 0 and view["legal_actions"]:
            server.call("POST", f"{path}/actions", {
                "version": view["version"], "action": view["legal_actions"][-1]}, token=seat.token)
        else:
            time.sleep(0.05)
        view = server.call("GET", path, token=seat.token)
    return seat


def open_review(page: Page, seat: Any) -> None:
    """The finished match's page with its review drawn."""
    shots.open_match(page, seat)
    page.wait_for_selector("[data-testid=final-table]")
    page.click("[data-testid=review-ask]")
    page.wait_for_selector("[data-testid=review] li, [data-testid=review-curve]",
                           timeout=REVIEW_TIMEOUT_MS)


def open_hint(page: Page, server: Any, game: str) -> None:
    """A new match's first decision with the AI's hint shown."""
    players = 2 if game == "louis14" else 3
    created = server.create_match({
        "game": game, "players": players, "seed": 5, "language": "en", "hints": True,
        "seats": [{"kind": "human", "name": "Anna"}]
        + [{"kind": "bot", "bot": "random"}] * (players - 1)})
    shots.open_match(page, shots.parse_link(server.base + created["seats"][0]["link"]))
    shots.wait_for_turn_or_end(page)
    page.click("[data-testid=hint-ask]")
    page.wait_for_selector("[data-testid=hint-moves] li", timeout=REVIEW_TIMEOUT_MS)


def coach_screens(browser: Browser, server: Any, out: Path, lang: str = "en") -> list[Any]:
    """The coach's screens at both sizes: ``hint-*``, ``review-*`` (the curve and the flagged
    decisions) and ``replay-step-*`` (the replay opened from the first review line)."""
    out.mkdir(parents=True, exist_ok=True)
    taken: list[Any] = []
    seat = finished_match(server)
    for size, viewport in SIZES:
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(server.base + "/")
        page.evaluate("() => localStorage.setItem('sunking.autopass', '0')")
        open_hint(page, server, "louis14")
        shots.set_language(page, lang)
        page.click("[data-testid=hint-ask]")
        page.wait_for_selector("[data-testid=hint-moves] li", timeout=REVIEW_TIMEOUT_MS)
        shots.snap(page, out, f"hint-{size}", lang, taken, full_page=False)
        open_review(page, seat)
        page.wait_for_timeout(150)
        # The review's bar alone: the page under it is the final table, pictured elsewhere.
        path = out / f"review-{size}-{lang}.png"
        page.locator("[data-testid=hint-bar]").screenshot(path=str(path))
        taken.append(shots.Shot(f"review-{size}", lang, path, shots.find_overflow(page)))
        first = page.locator("[data-testid=review-step]").first
        if first.count():
            first.click()
            page.wait_for_selector("[data-testid=replay-reviewed]")
            shots.snap(page, out, f"replay-step-{size}", lang, taken, full_page=False)
        page.context.close()
    return taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("build/screenshots/coach"))
    parser.add_argument("--lang", default="en", choices=shots.LANGUAGES)
    args = parser.parse_args(argv)
    return shots.shoot("sunking-coach-shots-", lambda browser, server: coach_screens(
        browser, server, args.out, args.lang))


if __name__ == "__main__":
    sys.exit(main())
