"""A game without a renderer of its own is shown and played through the generic one, in the
game's own words; a table of bots only is watched from the spectator's seat."""

from __future__ import annotations

import pytest
from tui_support import run_pilot

from sunking.core import replay
from sunking.tui import RENDERERS, Session, parse_seats
from sunking.tui.app import PlayApp
from sunking.tui.render import GENERIC

SIZE = (150, 48)


async def _generic_moves(presses: int) -> tuple[Session, str, str]:
    session = Session("louis14", parse_seats("me,random"), 2)
    app = PlayApp(session)
    assert app.renderer is GENERIC
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = app.screen_text()
        for _ in range(presses):
            await app.workers.wait_for_complete()
            assert session.to_move == 0
            await pilot.press("enter", "enter")
        await app.workers.wait_for_complete()
        await pilot.press("tab", *"{oops", "enter")
        await pilot.pause()
        error = app.screen_text()
    return session, text, error


def test_a_game_without_its_own_renderer_is_played_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(RENDERERS, "louis14", GENERIC)
    session, text, error = run_pilot(_generic_moves(presses=2))
    assert session.version >= 2
    assert "Your hand" in text and "The court" in text and "Influence card" in text
    assert "1. Play " in text, "the menu offers the influence cards by name"
    assert "{" not in text and "card=" not in text and "'tiles'" not in text
    assert "choose from the menu" in error


async def _watch(seed: int) -> tuple[Session, str]:
    session = Session("louis14", parse_seats("random,heuristic,random"), seed)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        return session, app.screen_text()


def test_bots_alone_are_watched_from_the_spectators_seat() -> None:
    session, text = run_pilot(_watch(seed=8))
    assert session.is_over
    assert "Hand of" not in text and "Final scores" in text
    scores = replay(session.record()).result().scores
    assert f"Game over — winner: {session.names[scores.index(max(scores))]}" in text
