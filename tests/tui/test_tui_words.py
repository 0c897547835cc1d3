"""Vive le Roi and Versailles 1682 are played to the end in the terminal, through the generic
renderer, by one person (Enter on the first menu entry, every time) and three bots. At every
decision the screen is checked: no placeholder, JSON or ``key=value`` and no text key, and
every card the person holds is on the screen by name."""

from __future__ import annotations

import re

import pytest
from tui_support import enter_to_the_end, read_as_a_person, run_pilot

from sunking.core import replay
from sunking.i18n import translate
from sunking.presentation import describe_result
from sunking.tui import RENDERERS, Session, parse_seats
from sunking.tui.app import FORCED_PASS_NOTE, PlayApp
from sunking.tui.render import GENERIC

SIZE = (170, 110)


async def _play_whole_game(game: str, seed: int, lang: str) -> tuple[Session, str, int]:
    session = Session(game, parse_seats("me,random,heuristic,random"), seed)
    app = PlayApp(session, lang=lang, auto_pass=False)
    assert RENDERERS[game] is GENERIC, "the generic renderer is under test"

    async with app.run_test(size=SIZE) as pilot:
        decisions = await enter_to_the_end(app, pilot, session, read_as_a_person(session, lang))
        await pilot.pause()
        text = app.screen_text()
    return session, text, decisions


@pytest.mark.parametrize(("game", "seed", "lang"), [
    ("vive_le_roi", 4, "nl"), ("versailles1682", 2, "de"),
])
def test_a_person_plays_a_whole_game_in_words(
    game: str, seed: int, lang: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(RENDERERS, game, GENERIC)
    session, text, decisions = run_pilot(_play_whole_game(game, seed, lang))
    assert session.is_over
    assert decisions >= 10
    expected = replay(session.record()).result()
    assert translate(lang, "tui.final_scores") in text
    assert translate(lang, "tui.game_over", winners="").split(":")[0] in text
    assert "Game over" not in text and "Final scores" not in text
    final = describe_result(game, expected.details, lang, session.names)
    for row in final["rows"]:
        assert re.search(rf"│\s*{row['rank']}\s*│\s*{re.escape(str(row['name']))}\s*│"
                         rf"\s*{re.escape(str(row['score']))}\s*│", text), row
    for section in final["scoring"]:
        assert str(section["title"]) in text
        for line in section["lines"]:  # a long label or value wraps: its first words
            assert str(line["label"]).split()[0] in text, line
            firsts = r"\s[^\n]*?".join(re.escape(str(v).split()[0]) for v in line["values"])
            assert re.search(firsts, text), line


async def _forced_pass() -> tuple[bool, str]:
    """Play Vive le Roi until the person's only choice is to pass; then wait."""
    session = Session("vive_le_roi", parse_seats("me,random,random,random"), 3)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            await app.workers.wait_for_complete()
            if session.is_over:
                return False, ""
            legal = session.legal_actions(0)
            if legal == [{"type": "pass"}]:
                await pilot.pause()
                text = app.screen_text()
                before = session.version
                await pilot.pause(1.5)
                await app.workers.wait_for_complete()
                return session.version > before, text
            await pilot.press("enter", "enter")
            await pilot.pause()
    return False, ""


def test_a_forced_pass_is_shown_then_taken_by_itself() -> None:
    moved, text = run_pilot(_forced_pass())
    assert translate("en", FORCED_PASS_NOTE) in text
    assert moved, "the client passed for the person"
