"""Screenshots of the table's finish: a tutorial step, a tutorial's second chapter, the
waiting room of an open table, a move in flight, "Take back", the chat beside the board, the
lobby's game options and the commentator view of a finished match, at a desk's (1400x1000)
and a phone's (390x844) size, in the languages asked for.

``python scripts/table_screens.py --out build/screenshots/table --lang en --lang fr`` starts its
own server (as ``scripts/screenshots.py`` does) and prints every file it wrote, with any text
that overflows its box (exit status 1 then).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize

sys.path.insert(0, str(Path(__file__).resolve().parent))
import screenshots as shots

SIZES: tuple[tuple[str, ViewportSize], ...] = (("desk", shots.VIEWPORT), ("phone", shots.PHONE))
SLOW = "2500"
"""The pace chosen for the flight's screenshot (js/pace.js)."""


def page_in(browser: Browser, viewport: ViewportSize, lang: str, base: str) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(base + "/")
    page.evaluate("lang => localStorage.setItem('sunking.lang', lang)", lang)
    return page


def open_seat(page: Page, base: str, link: str) -> None:
    page.goto(base + link)
    page.wait_for_selector("body[data-ready='1']")


def humans(server: Any, game: str, players: int, **extra: Any) -> Any:
    return server.create_match({
        "game": game, "players": players, "seed": 3, "language": "en", "practice": True,
        "seats": [{"kind": "human", "name": name} for name in ("Anna", "Bert", "Cleo")[:players]],
        **extra})


def tutorial(page: Page, server: Any) -> None:
    """Louis XIV's tutorial as the lobby's link starts it, at its first step."""
    page.goto(server.base + "/tutorial/louis14")
    page.wait_for_selector("[data-testid=tutorial]", timeout=60_000)


def waiting_room(page: Page, server: Any) -> None:
    created = server.call("POST", "/api/matches", {
        "game": "vive_le_roi", "players": 4, "language": "en", "options": {"points_limit": 260},
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "open"}, {"kind": "open"},
                  {"kind": "bot", "bot": "heuristic"}]})
    server.call("POST", f"/api/matches/{created['match_id']}/join", {"name": "Bert"})
    open_seat(page, server.base, created["seats"][0]["link"])
    page.wait_for_selector("[data-testid=waiting]:visible")


def flight(page: Page, server: Any) -> None:
    """Bert's page while Anna's stones fly to their tile (the shot is taken mid-flight)."""
    created = humans(server, "louis14", 2)
    open_seat(page, server.base, created["seats"][1]["link"])
    page.wait_for_selector("[data-testid=prompt]")
    anna = created["seats"][0]["token"]
    path = f"/api/matches/{created['match_id']}"
    mine = server.call("GET", path, token=anna)
    move = max(mine["legal_actions"], key=lambda a: len(a.get("stones", ())))
    server.call("POST", f"{path}/actions", {"version": mine["version"], "action": move},
                token=anna)
    page.wait_for_selector(".flight", state="attached", timeout=30_000)


def take_back(page: Page, server: Any) -> None:
    created = humans(server, "louis14", 2)
    open_seat(page, server.base, created["seats"][0]["link"])
    page.wait_for_selector("[data-testid=prompt].my-turn")
    shots.decide(page, 1)
    page.wait_for_selector("[data-testid=undo]:visible")


def chat_beside(page: Page, server: Any) -> None:
    created = humans(server, "versailles1682", 3)
    open_seat(page, server.base, created["seats"][0]["link"])
    page.wait_for_selector("[data-testid=prompt]")
    chat = page.locator("[data-testid=chat-toggle]")
    if chat.count() and chat.first.is_visible():
        chat.first.click()
    page.wait_for_timeout(300)


def lobby_options(page: Page, server: Any) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "vive_le_roi")
    page.wait_for_timeout(200)


def commentator(page: Page, server: Any) -> None:
    created = server.create_match({
        "game": "louis14", "players": 3, "language": "en",
        "seats": [{"kind": "bot", "bot": "random"}] * 3})
    path = f"/api/matches/{created['match_id']}"
    token = created["spectator"]["token"]
    deadline = time.monotonic() + 180
    while server.call("GET", path, token=token)["status"] != "finished":
        if time.monotonic() > deadline:
            raise TimeoutError("the bots' match did not finish")
        time.sleep(0.5)
    page.goto(f"{server.base}/play/{created['match_id']}?replay=1&commentator=1#t={token}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("[data-testid=commentator]")


def tutorial_chapter(page: Page, server: Any) -> None:
    """Versailles 1682's tutorial at the first step of its second chapter (the negotiation),
    the first chapter's steps followed through the bubble."""
    page.goto(server.base + "/tutorial/versailles1682")
    bubble = page.locator("[data-testid=tutorial]")
    bubble.wait_for(timeout=60_000)
    further = page.locator("[data-testid=tutorial-next-chapter]")
    while not further.is_visible():
        step = bubble.get_attribute("data-step")
        button = page.locator("[data-testid=tutorial-next], [data-testid=tutorial-play]")
        button.first.click()
        page.wait_for_function("step => document.querySelector('[data-testid=tutorial]')"
                               ".dataset.step !== step", arg=step, timeout=60_000)
    further.click()
    page.wait_for_selector("[data-testid=tutorial][data-chapter='2'][data-step='0']",
                           timeout=60_000)
    page.wait_for_selector(".tutorial-target", timeout=60_000)


SCREENS: tuple[tuple[str, Callable[[Page, Any], None]], ...] = (
    ("tutorial", tutorial), ("tutorial-chapter", tutorial_chapter),
    ("waiting-room", waiting_room), ("flight", flight),
    ("take-back", take_back), ("chat-beside-board", chat_beside),
    ("lobby-options", lobby_options), ("commentator", commentator),
)


def table_screens(browser: Browser, server: Any, out: Path,
                  langs: tuple[str, ...]) -> list[shots.Shot]:
    out.mkdir(parents=True, exist_ok=True)
    taken: list[shots.Shot] = []
    for lang in langs:
        for size, viewport in SIZES:
            for name, draw in SCREENS:
                page = page_in(browser, viewport, lang, server.base)
                if name == "flight":
                    page.evaluate("pace => localStorage.setItem('sunking.move_pace', pace)",
                                  SLOW)
                try:
                    draw(page, server)
                    shots.snap(page, out, f"{name}-{size}", lang, taken,
                               full_page=name != "flight", at_rest=name != "flight")
                finally:
                    page.context.close()
    return taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("build/screenshots/table"))
    parser.add_argument("--lang", action="append", choices=shots.LANGUAGES)
    args = parser.parse_args(argv)
    langs = tuple(args.lang or ("en", "fr"))
    return shots.shoot("sunking-table-shots-", lambda browser, server: table_screens(
        browser, server, args.out, langs))


if __name__ == "__main__":
    sys.exit(main())
