"""The terminal client plays a whole game: one human at the keyboard against three bots.

The human is driven through Textual's pilot with key presses only (Enter on the first menu
entry, every time), the bots think on their worker; at the end the final scores shown on the
screen must be the engine's own result for the game that was played.
"""

from __future__ import annotations

import re

from textual.widgets import Input, OptionList
from tui_support import run_pilot

from sunking.core import replay
from sunking.tui import Session, parse_seats
from sunking.tui.app import PlayApp

SIZE = (150, 48)


def shown_scores(text: str) -> dict[str, int]:
    """The rows of the "Final scores" table on the screen (rank, player, score, winner):
    player -> score."""
    section = text[text.index("Final scores"):]
    rows = re.findall(r"│\s*\d+\s*│\s*([^│]+?)\s*│\s*(-?\d+)\s*│", section)
    return {name: int(score) for name, score in rows}


async def _play_whole_game(seed: int) -> tuple[Session, str, int]:
    session = Session("louis14", parse_seats("me,random,heuristic,random"), seed)
    app = PlayApp(session)
    presses = 0
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await app.workers.wait_for_complete()
            if session.is_over:
                break
            assert session.to_move == 0, "only the human's decisions wait for a key"
            await pilot.pause()  # focusing the menu is a message of its own
            assert isinstance(app.focused, OptionList)
            await pilot.press("enter")
            presses += 1
            assert presses < 2000, "the game does not end"
        await pilot.pause()
        text = app.screen_text()
    return session, text, presses


def test_a_human_plays_a_whole_game_against_bots_and_sees_the_engines_scores() -> None:
    session, text, presses = run_pilot(_play_whole_game(seed=3))
    assert session.is_over
    assert presses >= 20
    expected = replay(session.record()).result()
    assert "Game over" in text
    assert shown_scores(text) == {session.names[seat]: score
                                  for seat, score in enumerate(expected.scores)}
    for winner in expected.winners:
        name = re.escape(session.names[winner])
        assert re.search(rf"│\s*{name}\s*│[^\n]*★", text), f"{name} not starred"


async def _typed_moves() -> list[str]:
    """Type a malformed move, an illegal one, then a legal one; collect the messages."""
    session = Session("louis14", parse_seats("me,random"), 5)
    app = PlayApp(session)
    messages: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.to_move == 0
        view = session.view(0)
        hand = view["you"]["influence_hand"]
        missing = next(c for c in range(1, 13) if c not in hand)
        move = app.query_one("#move", Input)
        for typed in ("7:7-13", f"{missing}:{missing}", "bribe"):
            await pilot.press("tab")
            assert app.focused is move
            await pilot.press(*typed, "enter")
            await pilot.pause()
            assert session.version == 0, f"{typed!r} changed the game"
            messages.append(app.screen_text())
            assert move.value == typed, "a rejected move stays in the box to be corrected"
            move.value = ""
            await pilot.press("shift+tab")
        card = hand[0]
        legal = next(a for a in session.legal_actions(0)
                     if a["type"] == "place" and a["card"] == card)
        typed = app.renderer.notation(legal)
        assert typed is not None
        await pilot.press("tab", *typed, "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.record().actions[0].to_json() == legal
    return messages


def test_typed_moves_get_a_clear_message_and_the_prompt_again() -> None:
    malformed, not_held, wrong_time = run_pilot(_typed_moves())
    assert "'7:7-13': a tile must be 1–12, not 13" in malformed
    assert "you hold no influence card" in not_held
    assert "not possible now" in wrong_time
    for text in (malformed, not_held, wrong_time):
        assert "play an influence card" in text, "the prompt (the game's own words) stays"
