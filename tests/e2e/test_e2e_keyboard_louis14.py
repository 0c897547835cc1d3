"""Louis XIV played whole with the keyboard and the accessibility tree only: a person and a
random bot, two players (the smallest table). Cards are chosen in the hand by their person,
stones put on the court's tiles (buttons named by their person, condition, reward and stones)
one press at a time, every other decision taken among the prompt's choices; the bot's every
move and the final result are read from the page's live region."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from keyboard_play import enabled, open_seat, play_whole_game
from playwright.sync_api import Browser, Page, expect

MAX_PRESSES = 600
TILE = re.compile(r"^\d+ · .+\. Condition: ")
"""A court tile as a button: its number and person, then its condition (only a tile that
can take a stone now is a button)."""
PLACE = re.compile(r"^Place stones \(\d+\)$")
AVOID = {"Choose another card", "Undo", "No, go back", "Use “1 card = 4 stones”",
         "Don't use “1 card = 4 stones”", "Swap this card"}
"""Choices that only step back or aside (taking them would not move the game on)."""


def next_press(page: Page, presses: int) -> Any:
    """The control a keyboard player presses next, or None while it is not his turn."""
    place = page.get_by_role("button", name=PLACE)
    if place.count() and place.is_enabled():
        return place
    tiles = page.get_by_role("button", name=TILE)
    if tiles.count():
        return tiles.first
    hand = page.get_by_role("region", name=re.compile(r"^\s*You: "))
    if not hand.get_by_role("button", pressed=True).count():
        cards = enabled(hand.get_by_role("button", pressed=False))
        if cards:
            return cards[0]
    choices = page.get_by_role("group", name="Your choices").get_by_role("button")
    for choice in enabled(choices):
        if choice.inner_text().strip() not in AVOID:
            return choice
    return None


def test_e2e_keyboard_louis14_a_whole_game_against_a_bot(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = open_seat(browser, server, driver, "louis14", 2, {}, seed=3)
    kept: list[str] = []

    def focus_kept(page: Page, name: str) -> None:
        """The court is drawn anew after each stone, the focus kept on the tile pressed while
        it can take another (so Enter puts the next stone there)."""
        if TILE.match(name):
            number = name.split(" · ")[0]
            same = page.get_by_role("button", name=re.compile(rf"^{number} · .+\. Condition: "))
            if same.count():
                expect(same).to_be_focused()
                kept.append(number)

    final = seat.page.get_by_role("region", name="Final scoring")
    play_whole_game(seat.page, server, seat.link, next_press, final, MAX_PRESSES, focus_kept)
    assert kept, "no tile took a second stone: the kept focus was never checked"
    assert not seat.errors, seat.errors
    seat.context.close()
