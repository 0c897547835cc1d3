"""A terminal of 100 × 40 cuts no name: the board and the players' table take their narrower
forms (Louis XIV's court as a list of tiles, one player per line) and the move box's hint is
short enough to be read whole, in every language."""

from __future__ import annotations

import pytest
from tui_support import persons_turn, run_pilot

from sunking import i18n, presentation
from sunking.tui import Session, parse_seats
from sunking.tui.app import PlayApp
from sunking.tui.games.louis14 import moves

SIZE = (100, 40)
GAMES = ("louis14", "versailles1682", "vive_le_roi")


async def _screen(game: str, lang: str) -> tuple[str, Session, str]:
    session = Session(game, parse_seats("me,random,heuristic", lang), 5)
    app = PlayApp(session, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        assert await persons_turn(app, pilot, session)
        return app.screen_text(), session, app.renderer.input_hint(lang)


def _names_held(game: str, session: Session, lang: str) -> list[str]:
    """The names of the cards seat 0 holds, as the board writes them."""
    you = session.view(0)["you"]
    assert isinstance(you, dict)
    texts = presentation.catalog(game, lang)
    if game == "vive_le_roi":
        return [f"[{c}] {texts[f'vive_le_roi.card.{c}']}" for c in you["hand"]]
    if game == "versailles1682":
        return [texts[f"versailles1682.card.{c['id'] if isinstance(c, dict) else c}"]
                for c in you["hand"]]
    t = moves.words(lang)
    return [f"{n} {moves.short(n, t)}" for n in range(1, 13)]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_cut_at_100_by_40(game: str, lang: str) -> None:
    text, session, hint = run_pilot(_screen(game, lang))
    for name in session.names:
        assert name in text, f"the name {name!r} is cut:\n{text}"
    for name in _names_held(game, session, lang):
        assert name in text, f"{name!r} is cut:\n{text}"
    assert hint in text, f"the move box's hint {hint!r} is cut:\n{text}"
