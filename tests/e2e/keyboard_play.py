"""Playing a whole match with the keyboard and the accessibility tree only, as a person who
cannot see the screen or use a mouse would: controls are found by their role and name
(Playwright's ``get_by_role``, ``get_by_label``, ``get_by_text``), focused and pressed with
Enter; what happens at the table is read from the page's live region. No CSS selector, no
test id, no mouse. Shared by the whole-game tests of the three boards."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Locator, Page, expect

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


def new_match(server: Any, game: str, players: int, bot: str, options: dict[str, Any],
              seed: int) -> dict[str, Any]:
    """A practice match (a seed with a person at the table) of one person and bots."""
    created: dict[str, Any] = server.create_match({
        "game": game, "players": players, "seed": seed, "language": "en", "practice": True,
        "options": options,
        "seats": [{"kind": "human", "name": "Ana"}, *[{"kind": "bot", "bot": bot}] * (players - 1)]})
    return created


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
    for before, after in zip(frames, frames[1:]):
        if before["to_move"] is None or before["to_move"] == seat:
            continue
        version = after["version"]
        board = server.call("GET", f"/api/matches/{match_id}/replay/board?version={version}"
                            f"&lang=en&seat={seat}", token=token)
        moves.append((version, [line["text"] for line in board["log"] if line["n"] == version]))
    return moves
