"""A player who chose another language sees no English on the terminal: Louis XIV's own
screen (court, supply, players, hand, menu steps, why a move is illegal) and the generic
parts (hand-over, final scores, keys) are drawn in German, and none of the English wordings
they replace is on the screen."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console, RenderableType
from textual.widgets import OptionList
from tui_support import run_pilot

from sunking import presentation
from sunking.core import make
from sunking.i18n import translate
from sunking.tui import Session, parse_seats, renderer_for
from sunking.tui.app import PlayApp
from sunking.tui.render import GENERIC, NotationError, Seating, chooser_for, resolve

LANG = "de"
SIZE = (170, 60)
ENGLISH = (
    "Louis XIV is", "money cards", "Piles:", "influence ", "Supply:", "chips ", "blazons",
    "Influence cards played", "Players", "You know", "seat ", "cards:", "start player",
    "a stone on", "another stone", "jump to", "play ", "place stones", "take stones back",
    "pay with", "lay mission", "Hand of", "Final scores", "Game over", "winner",
    "is thinking", "Pass the terminal", "press Enter", "Ready", "Help", "Quit",
    "not possible now", "you hold no", "is not a legal move", "(back)", "← back",
)
"""The English wordings the terminal used to show whatever the language."""


FRAME = ("Final scores", "Game over", "winner", "Hand of", "is thinking", "Pass the terminal",
         "Ready", "Help", "Quit")
"""The English wordings of the frame around every game (the generic renderer, the app)."""


def english_on(text: str, wordings: tuple[str, ...] = ENGLISH) -> list[str]:
    """The English ``wordings`` in ``text``, as whole words ("chips" is not in
    "Missionschips", "Louis XIV is" not in "Louis XIV ist")."""
    return [w for w in wordings
            if re.search(r"(?<!\w)" + re.escape(w.strip()) + r"(?!\w)", text)]


def rendered(*parts: RenderableType) -> str:
    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    for part in parts:
        console.print(part)
    return console.export_text()


def test_louis14_is_drawn_in_german() -> None:
    session = Session("louis14", parse_seats("human:Anna,random,random"), 5)
    while not session.human_to_move:
        session.apply_bot(*session.bot_decision())
    view, legal = session.view(0), session.legal_actions(0)
    seating = Seating(tuple(session.names), 0, "louis14", LANG)
    renderer = renderer_for("louis14")
    text = rendered(renderer.status(view, seating), renderer.board(view, seating),
                    renderer.players(view, seating), renderer.private(view, seating))
    t = presentation.of("louis14").messages(LANG)
    louis = t["louis14.tui.louis_on"].format(tile=view["louis_tile"])
    assert t["louis14.players.title"] in text and louis in text
    assert not english_on(text), text
    labels: list[str] = []
    chooser = chooser_for(renderer, view, legal, seating)
    while True:  # down the first path to its end: card, mode, stones
        steps = [o for o in chooser.options() if o.kind == "step"]
        labels += [o.label for o in chooser.options()]
        if not steps or chooser.choose(steps[0]) is not None:
            break
    assert len(labels) > 3 and not english_on(" | ".join(labels)), labels
    held = set(view["you"]["influence_hand"])
    missing = next(c for c in range(1, 13) if c not in held)
    errors = []
    for typed in (f"{missing}:{missing}", "pass", ""):
        try:
            resolve(renderer, typed, view, legal, seating)
        except NotationError as error:
            errors.append(str(error))
    assert len(errors) == 3 and not english_on(" | ".join(errors)), errors
    malformed = {  # the notation is the same in every language; what is wrong is in German
        "7:7-13": "eine Tafel muss 1–12 sein, nicht 13",
        "castle": "'castle' ist kein Zug",
        "lay 3 S+Q": "'q' ist kein Chip",
        "draw red": "draw nimmt einen Stapel",
        "maintenon 3": "Die Zahl der Steine für Maintenon muss 0–2 sein, nicht 3",
    }
    for typed, german in malformed.items():
        with pytest.raises(NotationError, match=re.escape(german)):
            resolve(renderer, typed, view, legal, seating)
    generic = Seating(tuple(session.names), 0, "louis14", LANG)
    with pytest.raises(NotationError, match=translate(LANG, "tui.choose_from_menu")):
        resolve(GENERIC, "spiel", view, legal, generic)
    assert renderer.input_hint(LANG) == t["louis14.tui.input_hint"]
    help_text = renderer.help_text(LANG)
    assert help_text == t["louis14.tui.help"] and "| `7:7-7-2` |" in help_text
    assert not english_on(help_text, ("Playing", "meaning", "this help", "quit")), help_text


async def _hot_seat_to_the_end(seats: str, seed: int) -> tuple[list[str], str]:
    session = Session("louis14", parse_seats(seats), seed)
    app = PlayApp(session, lang=LANG)
    screens: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3000):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if session.is_over:
                break
            if not isinstance(app.focused, OptionList):
                screens.append(app.screen_text())  # the hand-over screen
                await pilot.press("enter")
                continue
            if len(screens) < 4:
                screens.append(app.screen_text())
            await pilot.press("enter")
        await pilot.pause()
        return screens, app.screen_text()


def test_the_terminal_frame_speaks_german() -> None:
    screens, end = run_pilot(_hot_seat_to_the_end("human:Anna,human:Bert", 3))
    handover = translate(LANG, "tui.handover", player="Bert", seat=2).split("\n")[0]  # 2nd seat
    assert any(handover in s for s in screens), "no hand-over screen"
    assert translate(LANG, "tui.final_scores") in end
    for text in screens:
        assert not english_on(text), (english_on(text), text)
    # the scoring account beside the final scores is in German too, its fields in words
    assert not english_on(end), (english_on(end), end)
    texts = presentation.of("louis14").messages(LANG)
    scoring = [texts[f"louis14.final.{k}"] for k in ("title", "blazons_during", "score")]
    assert all(label in end for label in scoring), end
    assert "blazons_during_game" not in end and "personal_stones" not in end


def test_the_generic_renderer_speaks_german() -> None:
    session = Session("vive_le_roi", parse_seats("human:Anna,random,random,random"), 2)
    while not session.human_to_move:
        session.apply_bot(*session.bot_decision())
    seating = Seating(tuple(session.names), 0, "vive_le_roi", LANG)
    renderer = GENERIC
    view: dict[str, Any] = session.view(0)
    state = make("vive_le_roi").new_game(4, seed=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result().to_json()
    text = rendered(renderer.private(view, seating), renderer.final_scores(result, seating),
                    renderer.result(result, seating))
    assert translate(LANG, "tui.final_scores") in text
    assert "Schlusswertung" in text and "Personen" in text, text
    assert not english_on(text), text
    assert "final_scoring" not in text and "provinces" not in text
    assert renderer.help_text(LANG) == translate(LANG, "tui.help.menu")


