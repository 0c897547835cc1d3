"""The terminal speaks to the person playing as ``me`` in the second person ("You draw",
"Your power structure", "Your hand"), never "You draws" nor "You's"; a person who chose a
name (``me:Ana``) reads his name in the third person."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from tui_support import enter_until_moved, persons_turn, run_pilot

from sunking.tui import Session, parse_seats
from sunking.tui.app import PlayApp

BROKEN = re.compile(
    r"\bYou(?:'s| draws| lays| is| plays| receives| takes| puts| has| gives| wins| joins"
    r"| keeps| pays| asks| becomes| swaps| fulfils| does)\b")
"""English that treats "You" as a third person."""


async def _play(game: str, seats: str, decisions: int) -> tuple[list[str], str]:
    session = Session(game, parse_seats(seats, "en"), 5)
    app = PlayApp(session, lang="en")
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(decisions):
            if not await persons_turn(app, pilot, session):
                break
            await enter_until_moved(pilot, session)
        await app.workers.wait_for_complete()
        await pilot.pause()
        lines = [line for line in app._log_lines[app.viewer] if line]
        console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
        console.print(app.renderer.board(app._view(), app.seating))
        console.print(app.renderer.private(app._view(), app.seating))
        return lines, console.export_text()


@pytest.mark.parametrize("game", ["louis14", "versailles1682", "vive_le_roi"])
def test_the_person_called_you_is_spoken_to(game: str) -> None:
    lines, board = run_pilot(_play(game, "me,random,random", 3))
    log = "\n".join(lines)
    assert not BROKEN.search(log), log
    assert not BROKEN.search(board), board
    assert re.search(r"^ *\d* *(You|Your) ", log, re.MULTILINE), log
    if game == "vive_le_roi":
        assert "Your power structure" in board and "Your hand" in board, board


def test_a_person_who_chose_a_name_is_named() -> None:
    lines, board = run_pilot(_play("vive_le_roi", "me:Ana,random,random", 3))
    log = "\n".join(lines)
    assert re.search(r"^ *\d* *Ana (draws|receives) ", log, re.MULTILINE), log
    assert not re.search(r"^ *\d* *(You|Your) ", log, re.MULTILINE), log
    assert "Ana's power structure" in board, board
