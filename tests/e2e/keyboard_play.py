"""Playing a whole match with the keyboard and the accessibility tree only, as a person who
cannot see the screen or use a mouse would: controls are found by their role and name
(Playwright's ``get_by_role``, ``get_by_label``, ``get_by_text``), focused and pressed with
Enter; what happens at the table is read from the page's live region. No CSS selector, no
test id, no mouse. Shared by the whole-game tests of the three boards."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

TURN_SECONDS = 30
"""How long a bot's turn (or the server's answer) may take before the test gives up."""


def press(target: Locator) -> None:
    """Focus ``target`` and press Enter on it, as a keyboard user does."""
    target.focus()
    expect(target).to_be_focused()
    target.press("Enter")


def enabled(locator: Locator) -> list[Locator]:
    """The controls of ``locator`` that can be pressed now."""
    return [item for item in locator.all() if item.is_enabled() and item.is_visible()]


@dataclass
class Seat:
    """Ana's page at her seat (seat 0) of a new practice match against bots, its errors kept."""

    context: BrowserContext
    page: Page
    link: Any
    errors: list[str] = field(default_factory=list)


def open_seat(browser: Browser, server: Any, driver: ModuleType, game: str, players: int,
              options: dict[str, Any], seed: int) -> Seat:
    """A practice match (a seed with a person at the table) of Ana and random bots, her page
    open at a desk's size."""
    created: dict[str, Any] = server.create_match({
        "game": game, "players": players, "seed": seed, "language": "en", "practice": True,
        "options": options,
        "seats": [{"kind": "human", "name": "Ana"},
                  *[{"kind": "bot", "bot": "random"}] * (players - 1)]})
    context = browser.new_context(viewport=driver.VIEWPORT)
    link = driver.parse_link(server.base + created["seats"][0]["link"])
    seat = Seat(context, context.new_page(), link)
    seat.page.on("pageerror", lambda err: seat.errors.append(str(err)))
    seat.page.goto(seat.link.url)
    return seat


def wait_until(check: Any, seconds: float = TURN_SECONDS, what: str = "") -> Any:
    """Poll ``check()`` until it answers something true."""
    deadline = time.monotonic() + seconds
    while True:
        answer = check()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.05)


def words(text: str) -> str:
    """``text`` with its white space made single (to compare announcements with the log)."""
    return re.sub(r"\s+", " ", text).strip()


def bot_moves(server: Any, match_id: str, token: str, seat: int) -> list[tuple[int, list[str]]]:
    """Every move the bots made in a finished match, from the server's replay: the version it
    made and the log's lines of that version as ``seat`` reads them (the game's presentation,
    in English)."""
    replay = server.call("GET", f"/api/matches/{match_id}/replay", token=token)
    frames = replay["frames"]
    moves: list[tuple[int, list[str]]] = []
    for before, after in itertools.pairwise(frames):
        if before["to_move"] is None or before["to_move"] == seat:
            continue
        version = after["version"]
        board = server.call("GET", f"/api/matches/{match_id}/replay/board?version={version}"
                            f"&lang=en&seat={seat}", token=token)
        moves.append((version, [line["text"] for line in board["log"] if line["n"] == version]))
    return moves


LISTEN_JS = """region => {
  window.heardAtTable = [...region.children].map((line) => line.textContent);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const line of record.addedNodes) window.heardAtTable.push(line.textContent);
    }
  }).observe(region, { childList: true });
}"""
"""Keep every line said in the live region (it holds only its last lines, as a screen reader
queues what it has not read yet)."""


def listen(page: Page) -> None:
    """Start keeping what the page's live region ("Table announcements") says."""
    region = page.get_by_role("log", name="Table announcements")
    expect(region).to_be_attached()
    region.evaluate(LISTEN_JS)


def heard(page: Page) -> list[str]:
    """Every line the live region said since :func:`listen`."""
    lines: list[str] = page.evaluate("() => window.heardAtTable")
    return [words(line) for line in lines]


def play_whole_game(page: Page, server: Any, link: Any,
                    next_press: Callable[[Page, int], Locator | None],
                    final: Locator, max_presses: int,
                    after_press: Callable[[Page, str], None] | None = None) -> int:
    """Play the seat of ``link`` (seat 0) to the end with the keyboard: press what
    ``next_press(page, presses)`` names until ``final`` shows; then check that the live region
    said the turn, every line of every bot's move after the page was opened (as the server's
    replay words it for the seat) and the result. ``after_press(page, name)`` is called with
    the name of each control pressed once the page has answered. Returns the number of
    presses."""
    listen(page)
    start = int(server.call("GET", f"/api/matches/{link.match_id}", token=link.token)["version"])
    presses = 0
    while True:
        target = wait_until(lambda n=presses: (final.count() and "over") or next_press(page, n),
                            what="a decision or the end")
        if target == "over":
            break
        handle = target.element_handle()
        name = target.get_attribute("aria-label") or target.inner_text()
        press(target)
        presses += 1
        assert presses < max_presses, "the game did not end"
        handle.wait_for_element_state("hidden", timeout=TURN_SECONDS * 1000)
        if after_press:
            after_press(page, name)
    match = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
    assert match["status"] == "finished"
    said: list[str] = wait_until(
        lambda: (lines := heard(page))
        and any(line.startswith("The game is over.") for line in lines) and lines,
        what="the result said")
    assert words(f"The game is over. {match['board']['result']['text']}") in said
    assert "Your turn." in said
    moves = [(version, lines) for version, lines
             in bot_moves(server, link.match_id, link.token, 0) if version > start]
    assert moves, "no bot moved after the page was opened"
    for version, lines in moves:
        assert lines, f"the bots' move of version {version} left no line to say"
        for line in lines:
            assert words(line) in said, f"the bots' move of version {version} unsaid: {line!r}"
    return presses
