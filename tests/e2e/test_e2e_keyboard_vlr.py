"""Vive le Roi played whole with the keyboard and the accessibility tree only: a person and
two random bots (three players, the smallest table; one deal). A card that starts a choice is
a button named by its print (name, kind, value, arms), pressed to show its choices; a batch
is built by pressing its cards; every bot's move and the final result are read from the
page's live region."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from keyboard_play import enabled, open_seat, play_whole_game
from playwright.sync_api import Browser, Page

MAX_PRESSES = 900
TABLE = re.compile(r"^(Your hand \(\d+\)|.+'s power structure|The middle of the table|A duel"
                   r"|An attack|A bribery|The fight under way)$")
"""The regions whose cards may start a choice."""
BATCH = re.compile(r"^Your batch of (musketeers|gold)$")


def next_press(page: Page, presses: int) -> Any:
    """The control a keyboard player presses next, or None while it is not his turn."""
    choices = page.get_by_role("group", name="Your choices")
    chosen = page.get_by_role("button", name="Another card")
    if chosen.count():
        for choice in enabled(choices.get_by_role("button")):
            return choice
    batch = page.get_by_role("region", name=BATCH)
    if batch.count():
        commit = batch.get_by_role("button", name="Play this batch")
        if commit.is_enabled():
            return commit
        cards = enabled(batch.get_by_role("button", pressed=False))
        if cards:
            return cards[0]
        clear = batch.get_by_role("button", name="Start again")
        # Every card picked and no legal batch: the free choices (giving up) are left.
        if not choices.count() and clear.is_enabled():
            return clear
    for region in page.get_by_role("region", name=TABLE).all():
        cards = enabled(region.get_by_role("button", pressed=False))
        if cards:
            return cards[0]
    for choice in enabled(choices.get_by_role("button")):
        return choice
    return None


def test_e2e_keyboard_vlr_a_whole_game_against_bots(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = open_seat(browser, server, driver, "vive_le_roi", 3, {"points_limit": 0}, seed=4)
    # The person passes himself when passing is all he can do (the page would, after a pause).
    autopass = seat.page.get_by_label("Pass for me when passing is my only choice")
    autopass.focus()
    autopass.press("Space")
    assert not autopass.is_checked()
    final = seat.page.get_by_role("region", name="Final table")
    play_whole_game(seat.page, server, seat.link, next_press, final, MAX_PRESSES)
    assert not seat.errors, seat.errors
    seat.context.close()
