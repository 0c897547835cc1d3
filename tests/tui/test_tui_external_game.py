"""Oh Hell, installed from outside the package (``tests/external/oh_hell``) and registered only
through its distribution's entry point, is played whole in the terminal through the generic
renderer: one person (Enter on the first menu entry, every time) against two bots. At every
decision the screen is read as a person reads it: no placeholder, JSON, ``key=value`` or text
key, and every card the person holds is on it by name; the final table shows the game's own
scoring."""

from __future__ import annotations

import re

from tui_support import enter_to_the_end, read_as_a_person, run_pilot

from sunking.core import replay
from sunking.presentation import describe_result
from sunking.tui import Session, parse_seats
from sunking.tui.app import PlayApp
from sunking.tui.render import GENERIC, renderer_for

SIZE = (150, 60)
GAME = "oh_hell"


async def _play_whole_game(seed: int) -> tuple[Session, str, int]:
    session = Session(GAME, parse_seats("me,heuristic,random"), seed)
    app = PlayApp(session, lang="en", auto_pass=False)

    async with app.run_test(size=SIZE) as pilot:
        decisions = await enter_to_the_end(app, pilot, session, read_as_a_person(session, "en"))
        await pilot.pause()
        text = app.screen_text()
    return session, text, decisions


def test_a_game_from_outside_the_package_is_played_in_the_terminal(oh_hell: list[str]) -> None:
    assert renderer_for(GAME) is GENERIC
    session, text, decisions = run_pilot(_play_whole_game(seed=5))
    assert session.is_over
    assert decisions == 3 + 4 + 3 + 2, "a bid and a card per trick, in three deals"
    final = describe_result(GAME, replay(session.record()).result().details, "en",
                            session.names)
    assert "Final scores" in text
    for row in final["rows"]:
        assert re.search(rf"│\s*{row['rank']}\s*│\s*{re.escape(str(row['name']))}\s*│"
                         rf"\s*{re.escape(str(row['score']))}\s*│", text), row
    for section in final["scoring"]:
        assert str(section["title"]) in text
        for line in section["lines"]:
            assert str(line["label"]) in text, line
