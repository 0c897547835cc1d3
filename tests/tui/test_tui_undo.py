"""Taking back a move at the terminal: **Z** takes back the person's last action while the
engine allows it (here a step of a Versailles 1682 turn the person goes on with), and says
why not otherwise."""

from __future__ import annotations

from tui_support import enter_until_moved, persons_turn, run_pilot

from sunking.i18n import translate
from sunking.tui import Session, parse_seats
from sunking.tui.app import PlayApp

SIZE = (150, 48)


async def _take_back() -> tuple[str, int, int]:
    session = Session("versailles1682", parse_seats("me,random,random"), 3)
    app = PlayApp(session, lang="en", auto_pass=False)
    async with app.run_test(size=SIZE) as pilot:
        assert await persons_turn(app, pilot, session)
        assert not session.can_undo(0)
        await pilot.press("z")
        await pilot.pause()
        refused = app.screen_text()
        for _ in range(300):
            if not await persons_turn(app, pilot, session):
                break
            if session.can_undo(0):
                before = session.version
                await pilot.press("z")
                await pilot.pause()
                await app.workers.wait_for_complete()
                return refused, before, session.version
            await enter_until_moved(pilot, session)
    raise AssertionError("the person never had a move to take back")


def test_tui_z_takes_back_the_last_action() -> None:
    refused, before, after = run_pilot(_take_back())
    assert translate("en", "tui.no_undo") in refused
    assert after == before + 1
