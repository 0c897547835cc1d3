"""The terminal speaks to the person playing as ``me`` in the second person ("You draw",
"Your power structure", "Your hand"), never "You draws" nor "You's"; a person who chose a
name (``me:Ana``) reads his name in the third person."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from tui_support import enter_until_moved, persons_turn, run_pilot

from sunking.tui import Session, parse_seats
from sunking.tui.app import PlayApp
from sunking.tui.render import Seating, renderer_for

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


OBJECT = re.compile(r"\b(?:to|on|from|against|of|for|between [^\n]+? and|gives|pays|makes|promises"
                    r"|marries|shows|addresses|addressed) You\b|\bYou(?:'s| has| is)\b")
"""English that names the person spoken to as a third person after a verb or a preposition."""


def _played(game: str, seed: int) -> tuple[list[str], Seating]:
    """The terminal's log at seat 0 (``me``) of a whole random game, and its seating."""
    from sunking.core.registry import make

    state = make(game).new_game(3, seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    names = [seat.name for seat in parse_seats("me,random,random", "en")]
    seating = Seating(names, 0, game, "en", 0)
    return renderer_for(game).log_lines(state.events(0), seating), seating


@pytest.mark.parametrize("game", ["louis14", "versailles1682", "vive_le_roi"])
def test_a_played_log_speaks_to_the_seat_acted_on(game: str) -> None:
    found = 0
    for seed in range(1, 4):
        lines, _ = _played(game, seed)
        log = "\n".join(lines)
        assert not OBJECT.search(log), OBJECT.search(log)
        found += len(re.findall(r"\b(?:you|your)\b", log))
    if game != "louis14":
        assert found, f"{game}: no line spoke to the seat acted on in three games"


def test_louis14_status_speaks_to_the_start_player_and_the_seat_to_move() -> None:
    from sunking.core.registry import make

    state = make("louis14").new_game(3, 1)
    view = state.view(0)
    names = [seat.name for seat in parse_seats("me,random,random", "en")]
    seating = Seating(names, 0, "louis14", "en", 0)
    status = renderer_for("louis14").status({**view, "start_player": 0, "to_move": 0}, seating)
    assert status.endswith("Start player: you · Your move"), status
    other = renderer_for("louis14").status({**view, "start_player": 1, "to_move": 1}, seating)
    assert "Waiting for You" not in other and "You" not in other, other
    de = Seating(names, 0, "louis14", "de", 0)
    said = renderer_for("louis14").status({**view, "start_player": 0, "to_move": 0}, de)
    assert said.endswith(": du · Du bist am Zug"), said
