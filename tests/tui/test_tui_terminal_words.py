"""The terminal's words: the log wraps at its own width and never crops a word, seats are
numbered from 1 wherever a person reads them (as names count them), Louis XIV's dealing is
one line per player, and Versailles 1682's family without a courtier at court is not told
with the platform's word for a person who left the table."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console, RenderableType
from textual.widgets import RichLog
from tui_support import run_pilot

from sunking import i18n, presentation
from sunking.core.registry import make
from sunking.tui import Session, parse_seats, renderer_for
from sunking.tui.app import PlayApp
from sunking.tui.games.vive_le_roi import notation, parse
from sunking.tui.render import Seating


def rendered(part: RenderableType, width: int = 160) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(part)
    return console.export_text()


async def _log_at(size: tuple[int, int]) -> tuple[int, list[str], list[str]]:
    session = Session("louis14", parse_seats("me,random,random"), 3)
    app = PlayApp(session, lang="en")
    async with app.run_test(size=size) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        log = app.query_one("#log", RichLog)
        width = log.scrollable_content_region.width
        strips = [strip.text for strip in log.lines]
        widths = [strip.cell_length for strip in log.lines]
        lines = [line for line in app._log_lines[app.viewer] if line]
    assert all(w <= width for w in widths), f"log lines wider than the log ({width}): {widths}"
    return width, strips, lines


@pytest.mark.parametrize("size", [(100, 40), (160, 50)])
def test_the_log_wraps_at_its_width_and_keeps_every_word(size: tuple[int, int]) -> None:
    width, strips, lines = run_pilot(_log_at(size))
    shown = "".join("".join(strips).split())  # a word longer than the log folds
    for line in lines:
        assert "".join(line.split()) in shown, f"{line!r} is not whole in the log ({width})"


def test_louis14_deals_in_one_line_per_player() -> None:
    state = make("louis14").new_game(3, 3)
    seating = Seating(("Ana", "Bruno", "Carla"), 0, "louis14", "en")
    lines = [line for line in renderer_for("louis14").log_lines(state.events(0), seating)
             if "influence card" in line]
    assert lines == [
        "Ana draws 5 influence cards (dealt): Jules Mazarin, Françoise-Athénaïs de Montespan, "
        "Henri de Turenne, Jean-Baptiste Colbert and François-Michel de Louvois",
        "Bruno draws 5 influence cards (dealt)", "Carla draws 5 influence cards (dealt)"]


def test_seats_are_counted_from_one() -> None:
    state = make("louis14").new_game(3, 3)
    seating = Seating(("Ana", "Bruno", "Carla"), 0, "louis14", "en")
    table = rendered(renderer_for("louis14").players(state.view(0), seating))
    assert re.search(r"\b1 Ana\b", table) and re.search(r"\b3 Carla\b", table), table
    assert not re.search(r"\b0 Ana\b", table), table
    from sunking.tui.games.louis14.board import stones_line

    assert stones_line([2, 0, 1], 3).plain == "1:2 3:1"  # seat 1 has two stones, seat 3 one
    assert stones_line([0, 0, 1], 2).plain == "N:1"  # the neutral colour of two players
    assert notation({"type": "target", "seat": 1}) == "target 2"
    assert notation({"type": "denounce", "card": 101, "victim": 0}) == "denounce 101 1"
    t = presentation.Texts(presentation.of("vive_le_roi"), "en", ())
    legal = [{"type": "target", "seat": 1}]
    assert parse("target 2", {}, legal, t) == {"type": "target", "seat": 1}
    assert "seat 1" in i18n.translate("en", "tui.handover", player="Ana", seat=0 + 1)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_family_without_courtier_is_not_told_as_away_from_the_table(lang: str) -> None:
    absent = presentation.of("versailles1682").messages(lang)["versailles1682.status.absent"]
    assert absent != i18n.messages(lang)["players.away"]


@pytest.mark.parametrize("game", ["versailles1682", "vive_le_roi"])
def test_a_waiting_seat_is_told_who_it_waits_for(game: str) -> None:
    state = make(game).new_game(4, 1)
    mover = state.to_move
    assert mover is not None
    other = (mover + 1) % 4
    names = ("Ana", "Bruno", "Carla", "Dario")
    seating = Seating(names, other, game, "de")
    assert renderer_for(game).prompt(state.view(other), seating) == (
        f"Warten auf {names[mover]}")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_vive_le_roi_final_screen_names_each_table_once(lang: str) -> None:
    from sunking.core.rng import Rng

    state, rng = make("vive_le_roi").new_game(4, 4), Rng(4)
    while not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(actions[rng.below(len(actions))])
    seating = Seating(("Ana", "Bruno", "Carla", "Dario"), 0, "vive_le_roi", lang)
    renderer = renderer_for("vive_le_roi")
    result = state.result().to_json()
    text = rendered(renderer.result(result, seating)) + rendered(
        renderer.final_scores(result, seating))
    t = presentation.Texts(presentation.of("vive_le_roi"), lang, ())
    for heading in (t("vive_le_roi.final.title"), i18n.translate(lang, "tui.final_scores")):
        assert len(re.findall(rf"(?m)^\s*{re.escape(heading)}\b", text)) == 1, text
    assert i18n.translate(lang, "tui.final_scores") != i18n.translate(lang, "generic.final")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_louis14_tiles_show_whole_names_and_rewards(lang: str) -> None:
    from sunking.tui.games.louis14 import moves
    from sunking.tui.games.louis14.board import CELL_WIDTH, tile_box

    t = moves.words(lang)
    for number in range(1, 13):
        for louis in (False, True):
            tile = {"tile": number, "side": "front", "condition": {"kind": "money", "value": 3},
                    "stones": [0, 1, 0], "louis": louis}
            lines = [line.plain for line in tile_box(tile, 3, t)]
            assert all(len(line) == CELL_WIDTH for line in lines), lines
            assert f"{number} {moves.short(number, t)}" in lines[0], lines
            assert moves.reward_text(number, t) in lines[2], lines
            assert ("♔" in lines[-1]) == louis


async def _louis14_screen(size: tuple[int, int]) -> tuple[str, tuple[str, ...], str]:
    session = Session("louis14", parse_seats("me,random,heuristic"), 3)
    app = PlayApp(session, lang="en")
    async with app.run_test(size=size) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        return app.screen_text(), tuple(session.names), app.renderer.input_hint("en")


def test_louis14_at_160_by_50_cuts_no_name_nor_hint() -> None:
    text, names, hint = run_pilot(_louis14_screen((160, 50)))
    for seat, name in enumerate(names):
        assert f"{seat + 1} {name}" in text, f"{name!r} cut:\n{text}"
    assert hint in text, f"the move box's hint is cut:\n{text}"
