"""Versailles 1682's own terminal renderer: a person plays a whole game through Textual's
pilot (Enter on the first menu entry, every time) against three bots, and the court is on the
screen in the game's words at every decision, in each of the five languages: the families
with their fortunes toward the target, the court, the hand by name, no placeholder, JSON or
text key. Many moves are offered card first, then what to do with it."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest
from tui_support import enter_until_moved, persons_turn, run_pilot

from sunking import presentation
from sunking.core import replay
from sunking.core.registry import make
from sunking.i18n import translate
from sunking.presentation import describe_result
from sunking.tui import Session, parse_seats, renderer_for
from sunking.tui.app import PlayApp
from sunking.tui.games.versailles1682 import VersaillesRenderer
from sunking.tui.render import Seating, chooser_for

G = "versailles1682"
SIZE = (170, 120)
RAW = re.compile(r"\{|\"type\"|[a-z_]+=|\b[a-z0-9_]+\.[a-z_]{2,}\b")


def texts(lang: str) -> Mapping[str, str]:
    return presentation.of(G).messages(lang)


def check_screen(session: Session, text: str, lang: str, where: str) -> None:
    raw = RAW.search(text)
    assert raw is None, f"{where}: {raw[0]!r} on the screen:\n{text}"
    words = texts(lang)
    for key in (f"{G}.tui.families", f"{G}.board.court", f"{G}.board.hand", f"{G}.zone.house"):
        assert words[key] in text, f"{where}: {words[key]!r} not shown:\n{text}"
    you = session.view(0)["you"]
    assert isinstance(you, dict)
    for card in you["hand"]:
        name = words[f"{G}.card.{card['id']}"]
        assert name in text, f"{where}: {name!r} (held) not shown:\n{text}"
    view = session.view(0)
    steward = session.names[int(view["steward"])]
    assert steward in text, f"{where}: the steward {steward!r} not shown"


async def _play(seed: int, lang: str, limit: int | None,
                talk: bool = False) -> tuple[Session, str, int]:
    """Play the person's decisions with Enter; with ``talk``, the person also addresses
    the next courtier wrongly (with the ranks of both sexes) once in every round, with ``t``."""
    session = Session(G, parse_seats("me,random,heuristic,random"), seed)
    app = PlayApp(session, lang=lang, auto_pass=False)
    decisions = 0
    talked: set[int] = set()
    async with app.run_test(size=SIZE) as pilot:
        while (limit is None or decisions < limit) and await persons_turn(app, pilot, session):
            check_screen(session, app.screen_text(), lang, f"{lang} decision {decisions}")
            view = session.view(0)
            other = next((c for c in view["courtiers"][1:] if c["address"]
                          and c["place"] != "absent"), None)
            if talk and other is not None and view["round"] not in talked:
                talked.add(view["round"])
                await pilot.press("t", *f"Monsieur Madame {other['family']}!", "enter")
                await pilot.pause()
            await enter_until_moved(pilot, session)
            decisions += 1
            assert decisions < 3000, "the game does not end"
        await pilot.pause()
        text = app.screen_text()
    return session, text, decisions


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for(G), VersaillesRenderer)


def test_a_person_plays_a_whole_game_on_the_court() -> None:
    """... and speaks at the table every round: every wrong address is fined once."""
    lang = "de"
    session, text, decisions = run_pilot(_play(2, lang, None, talk=True))
    assert session.is_over
    assert decisions >= 10
    view = session.view(0)
    assert len(session.talk) >= 2
    faults = view["faults"]
    assert len(faults) == len(session.talk) >= 2
    assert len(view["register"]) == sum(f["fined"] for f in faults)
    assert all(f["fined"] for f in faults[:-1]), "every fault is fined once"
    assert translate(lang, "tui.final_scores") in text
    final = describe_result(G, replay(session.record()).result().details, lang, session.names)
    for row in final["rows"]:
        assert str(row["name"]) in text and str(row["score"]) in text, row


@pytest.mark.parametrize("lang", ["en", "nl", "fr", "cs"])
def test_the_court_speaks_each_language(lang: str) -> None:
    session, _, decisions = run_pilot(_play(5, lang, 12))
    assert decisions == 12 or session.is_over


def test_many_moves_are_chosen_card_first() -> None:
    """On a turn with more moves than the menu shows at once, the first step names cards
    (or kinds), and every move is reached through exactly one path."""
    state = make(G).new_game(4, seed=7)
    renderer = renderer_for(G)
    seating = Seating(("Anne", "Bea", "Carl", "Dirk"), None, G, "en")
    words = texts("en")
    for step in range(2000):
        assert not state.is_terminal, "no turn with many moves came"
        legal = [a.to_json() for a in state.legal_actions()]
        if len(legal) > 8 and any(isinstance(a.get("card"), int) for a in legal):
            seat = state.to_move
            assert seat is not None
            seating = Seating(seating.names, seat, G, "en")
            view = state.view(seat)
            first = [o.label for o in chooser_for(renderer, view, legal, seating).options()]
            assert len(first) < len(legal)
            for card in {a["card"] for a in legal if isinstance(a.get("card"), int)}:
                assert f"{words[f'{G}.card.{card}']} …" in first
            paths = renderer.menu(view, legal, seating)
            assert sorted({i for i, _ in paths}) == list(range(len(legal)))
            return
        state = state.apply(state.legal_actions()[step % len(legal)])
