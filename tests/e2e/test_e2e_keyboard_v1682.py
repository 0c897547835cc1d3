"""Versailles 1682 played whole with the keyboard and the accessibility tree only: a person
and two random bots (three players, the smallest court) in the quick game (a fortune of
30,000 livres wins, at most 20 rounds). A card of the hand with moves is a button named by the
card, pressed to list its moves; every other move is a button among the prompt's choices;
every bot's move and the final result are read from the page's live region."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from keyboard_play import enabled, open_seat, play_whole_game
from playwright.sync_api import Browser, Page

MAX_PRESSES = 900
OPTIONS = {"target": 30000, "round_limit": 20}


def next_press(page: Page, presses: int) -> Any:
    """The control a keyboard player presses next (on odd ``presses`` a card's move when there is
    one), or None while it is not his turn."""
    choices = page.get_by_role("group", name="Your choices")
    hand = page.get_by_role("region", name="Your hand")
    moves = [b for b in enabled(choices.get_by_role("button"))
             if b.get_attribute("aria-pressed") is None]
    picked = (choices.get_by_role("button", pressed=True).count()
              + hand.get_by_role("button", pressed=True).count())
    if picked and moves:
        return moves[0]  # the picked card's moves come first
    cards = enabled(hand.get_by_role("button", pressed=False))
    cards += enabled(choices.get_by_role("button", pressed=False))
    if cards and (presses % 2 or not moves):
        return cards[0]
    return moves[0] if moves else None


def test_e2e_keyboard_v1682_a_whole_game_against_bots(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = open_seat(browser, server, driver, "versailles1682", 3, OPTIONS, seed=3)
    final = seat.page.get_by_role("region", name="Final table")
    play_whole_game(seat.page, server, seat.link, next_press, final, MAX_PRESSES)
    assert not seat.errors, seat.errors
    seat.context.close()
