"""Reading a page of the browser client as a person reads it (for ``tests/e2e``): no visible
text holds JSON, ``key=value``, a game id or a text key, and every card the seat holds is
shown by name."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from playwright.sync_api import Page

KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\.[a-z0-9_]+")
"""A text key (`vive_le_roi.card.7`, `generic.hand`): what the page must never show."""


def check_words(page: Page, where: str, game_ids: Sequence[str]) -> None:
    """No visible text of ``page`` shows JSON, ``key=value``, a game id or a text key."""
    text: str = page.inner_text("body")
    for bad in ("{", '"type"', "card=", "=", "undefined", "null", "NaN", *game_ids):
        assert bad not in text, f"{where}: the page shows {bad!r}:\n{text}"
    match = KEY.search(text)
    assert match is None, f"{where}: the page shows the key {match.group(0)!r}"


def held(you: dict[str, Any]) -> list[Any]:
    """The cards a seat holds by its own view: its hand; for Louis XIV its influence and
    intrigue cards and its mission cards."""
    if "hand" in you:
        return list(you["hand"])
    return [*you["influence_hand"], *you["intrigue_hand"], *you["missions"]]


def check_hand(page: Page, server: Any, link: Any, where: str) -> dict[str, Any]:
    """Every card of the seat's hand (its own view) is on the page by its name, and every
    legal action is a choice; returns the match as the server describes it."""
    match: dict[str, Any] = server.call("GET", f"/api/matches/{link.match_id}?lang=en",
                                        token=link.token)
    cards_held = held(match["view"]["you"])
    board = match["board"]
    assert str(page.evaluate("document.body.dataset.version")) == str(match["version"]), where
    cards = page.locator("[data-testid=hand] .gcard")
    assert cards.count() == len(cards_held) == len(board["hand"]), f"{where}: {cards_held}"
    shown = [cards.nth(i).locator(".gcard-name").inner_text().strip() for i in range(cards.count())]
    assert shown == [card["name"] for card in board["hand"]], where
    for name in shown:
        assert name and not name.isdigit() and not KEY.search(name), f"{where}: card {name!r}"
    buttons = page.locator("[data-testid=prompt] .choice")
    assert buttons.count() == len(match["legal_actions"]) == len(board["actions"]), where
    return match
