"""Vive le Roi in the terminal with its own renderer: a person plays a whole game against
three bots through Textual's pilot, seeing every structure, the King and the hand at every
decision; typed moves in the notation, with what is wrong said in the player's language."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Mapping
from typing import Any

import pytest
from rich.console import Console, RenderableType
from tui_support import RAW, enter_to_the_end, run_pilot

from sunking import presentation
from sunking.core import make, replay
from sunking.i18n import translate
from sunking.presentation import describe_result
from sunking.tui import Session, parse_seats, renderer_for
from sunking.tui.app import PlayApp
from sunking.tui.games.vive_le_roi import ViveLeRoiRenderer, notation
from sunking.tui.render import NotationError, Seating, resolve

SIZE = (170, 120)


def _texts(lang: str) -> Mapping[str, str]:
    messages: Mapping[str, str] = presentation.of("vive_le_roi").messages(lang)
    return messages


async def _play_whole_game(seed: int, lang: str) -> tuple[Session, str, int, set[str]]:
    session = Session("vive_le_roi", parse_seats("me,random,heuristic,random"), seed)
    app = PlayApp(session, lang=lang)
    assert isinstance(app.renderer, ViveLeRoiRenderer)
    texts = _texts(lang)
    kinds: set[str] = set()

    def check(text: str, decisions: int) -> None:
        raw = RAW.search(text)
        assert raw is None, f"decision {decisions}: {raw[0]!r} on the screen:\n{text}"
        view = session.view(0)
        for card in view["you"]["hand"]:
            assert f"[{card}] {texts[f'vive_le_roi.card.{card}']}" in text, (card, text)
        for p in view["players"]:
            name = session.names[p["seat"]]
            title = "vive_le_roi.zone.structure" + (".you" if p["seat"] == 0 else "")
            assert texts[title].format(player=name) in text
            for card, _ in p["structure"]:
                assert f"[{card}]" in text, f"card {card} of seat {p['seat']}:\n{text}"
        decision = view["decision"]
        assert decision is not None
        kinds.add(decision["kind"])

    async with app.run_test(size=SIZE) as pilot:
        decisions = await enter_to_the_end(app, pilot, session, check)
        await pilot.pause()
        text = app.screen_text()
    return session, text, decisions, kinds


def test_a_person_plays_a_whole_game_on_the_vive_le_roi_renderer() -> None:
    assert isinstance(renderer_for("vive_le_roi"), ViveLeRoiRenderer)
    session, text, decisions, kinds = run_pilot(_play_whole_game(seed=4, lang="fr"))
    assert session.is_over
    assert decisions >= 10 and "turn" in kinds
    expected = replay(session.record()).result()
    assert translate("fr", "tui.final_scores") in text
    final = describe_result("vive_le_roi", expected.details, "fr", session.names)
    for row in final["rows"]:
        assert re.search(rf"│\s*{row['rank']}\s*│\s*{re.escape(str(row['name']))}\s*│"
                         rf"\s*{re.escape(str(row['score']))}\s*│", text), row


def _rendered(*parts: RenderableType) -> str:
    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    for part in parts:
        console.print(part)
    return console.export_text()


NAMES = ("Ana", "Bo", "Cy", "Di")


def _at_a_decision(kind: str, seed: int = 1) -> tuple[Any, list[Any]]:
    """Seat 0's view and legal actions in a game of four played by random moves until seat 0
    must decide ``kind``."""
    state = make("vive_le_roi").new_game(4, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        if state.to_move == 0:
            view = state.view(0)
            if view["decision"]["kind"] == kind:
                return view, [a.to_json() for a in legal]
        state = state.apply(rng.choice(legal))
    raise AssertionError(f"no {kind} decision for seat 0")


@pytest.mark.parametrize("lang", ["en", "nl", "fr", "de", "cs"])
def test_typed_moves_say_what_is_wrong_in_the_players_language(lang: str) -> None:
    view, legal = _at_a_decision("turn")
    seating = Seating(NAMES, 0, "vive_le_roi", lang)
    renderer = renderer_for("vive_le_roi")
    texts = _texts(lang)
    for typed, key, values in (
        ("castle 3", "vive_le_roi.tui.why.verb", {"text": "'castle'"}),
        ("play x", "vive_le_roi.tui.why.number", {"text": "'x'"}),
        ("play 999", "vive_le_roi.tui.why.no_card", {"card": 999}),
        ("challenge 1", "vive_le_roi.tui.why.count", {"verb": "challenge", "count": 2}),
        ("release", "vive_le_roi.tui.why.not_now", {"move": "release"}),
    ):
        with pytest.raises(NotationError) as caught:
            resolve(renderer, typed, view, legal, seating)
        worded = presentation.Texts(presentation.of("vive_le_roi"), lang, ())(key, **values)
        assert str(caught.value) == worded, typed
    # Every legal move typed in its notation is that move.
    for index, action in enumerate(legal):
        code = notation(action)
        assert code is not None
        assert resolve(renderer, code, view, legal, seating) == index, code
    help_text = renderer.help_text(lang)
    assert help_text == texts["vive_le_roi.tui.help"] and "`commit 47 50`" in help_text


def test_a_typed_card_stands_for_the_one_alike_that_the_rules_offer() -> None:
    state = make("vive_le_roi").new_game(4, seed=3)
    view = state.view(state.to_move)
    legal = [a.to_json() for a in state.legal_actions()]
    seat = state.to_move
    seating = Seating(("A", "B", "C", "D"), seat, "vive_le_roi", "en")
    hand = view["you"]["hand"]
    names = _texts("en")
    offered = {a["card"] for a in legal if a["type"] == "play"}
    twins = [c for c in hand if c not in offered
             and any(names[f"vive_le_roi.card.{c}"] == names[f"vive_le_roi.card.{o}"]
                     for o in offered)]
    for card in twins:  # a second copy of a card: the same choice as the first
        index = resolve(renderer_for("vive_le_roi"), f"play {card}", view, legal, seating)
        assert legal[index]["type"] == "play"
        chosen = legal[index]["card"]
        assert names[f"vive_le_roi.card.{chosen}"] == names[f"vive_le_roi.card.{card}"]
    for card in hand:
        if card in offered:
            index = resolve(renderer_for("vive_le_roi"), f"play {card}", view, legal, seating)
            assert legal[index] == {"type": "play", "card": card}


def test_a_batch_is_drawn_with_both_sides_totals_and_typed_by_its_cards() -> None:
    view, legal = _at_a_decision("batch", seed=2)
    seating = Seating(NAMES, 0, "vive_le_roi", "en")
    renderer = renderer_for("vive_le_roi")
    text = _rendered(renderer.board(view, seating), renderer.private(view, seating))
    d = view["decision"]
    fight, attacker, defender = d["fight"], d["attacker"], d["defender"]
    title = "An attack" if fight == 0 else "A bribery"
    assert title in text and "Total " in text
    assert NAMES[attacker] in text and NAMES[defender] in text
    for index, action in enumerate(legal):
        if action["type"] == "commit":
            typed = "commit " + " ".join(str(c) for c in reversed(action["cards"]))
            assert resolve(renderer, typed, view, legal, seating) == index
