"""Talk at the table in Versailles 1682's terminal client, through Textual's pilot: a person
speaks with ``t`` (a remark that addresses a courtier is judged by etiquette, §3.0), a bot
steward fines a wrong address at once, a person who is the steward fines by ``f``; the faults
and the court register are shown in words; the crib (``c``) lists every courtier's correct
address in the reader's language; payments and offers are chosen by whom first. The Session
alone applies remarks and fines, and refuses bad ones without changing anything."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from textual.widgets import Input, OptionList
from tui_support import RAW, enter_until_moved, persons_turn, run_pilot

from sunking import presentation
from sunking.core import IllegalAction
from sunking.presentation import Texts, number
from sunking.tui import Session, parse_seats
from sunking.tui.app import PlayApp
from sunking.tui.games.versailles1682 import RENDERER
from sunking.tui.render import Seating, chooser_for
from sunking.tui.screens import TalkScreen

G = "versailles1682"
SIZE = (170, 60)


def words(lang: str, names: tuple[str, ...]) -> Texts:
    return Texts(presentation.of(G), lang, names)


def wrong_address(courtier: Mapping[str, Any]) -> str:
    """A remark that names the courtier by family but with the rank of the other sex."""
    rank = "Madame" if courtier["gender"] == "m" else "Monsieur"
    return f"{rank} {courtier['family']}, a word?"


def fortune(session: Session, seat: int) -> int:
    return int(session.view(seat)["courtiers"][seat]["fortune"])


async def _until(app: PlayApp, pilot: Any, session: Session, steward_is_person: bool) -> None:
    """Play the person's decisions with Enter until every courtier is at court and the
    steward is (or is not) the person."""
    for _ in range(400):
        assert await persons_turn(app, pilot, session), "the game ended first"
        view = session.view(0)
        named = all(c["address"] and c["place"] == "court" for c in view["courtiers"])
        if named and (view["steward"] == 0) == steward_is_person:
            return
        await enter_until_moved(pilot, session)
    raise AssertionError("no such position came")


async def _say(pilot: Any, text: str, tabs_down: int = 0) -> None:
    """``t``, the remark typed, (Tab and Down to choose whom), Enter."""
    await pilot.press("t")
    await pilot.pause()
    await pilot.press(*text)
    if tabs_down:
        await pilot.press("tab", *["down"] * tabs_down, "shift+tab")
    await pilot.press("enter")
    await pilot.pause()


async def _bot_steward_fines(lang: str) -> tuple[Session, str, int, dict[str, Any]]:
    session = Session(G, parse_seats("me,random,heuristic,random"), 2)
    app = PlayApp(session, lang=lang, auto_pass=False)
    async with app.run_test(size=SIZE) as pilot:
        await _until(app, pilot, session, steward_is_person=False)
        before = fortune(session, 0)
        other = session.view(0)["courtiers"][1]
        await _say(pilot, wrong_address(other))
        assert not isinstance(app.screen, TalkScreen)
        assert isinstance(app.focused, OptionList), "the menu has the focus again"
        text = app.screen_text()
    return session, text, before, other


def test_a_bot_steward_fines_a_wrong_address_and_the_register_shows_it() -> None:
    lang = "en"
    session, text, before, other = run_pilot(_bot_steward_fines(lang))
    view = session.view(0)
    assert fortune(session, 0) == before - 1000
    (fault,) = view["faults"]
    assert fault["speaker"] == 0 and fault["courtier"] == 1 and fault["fined"]
    (entry,) = view["register"]
    assert entry["offender"] == 0 and entry["steward"] == view["steward"] != 0
    t = words(lang, session.names)
    line = t(f"{G}.tui.register_line", round=entry["round"], steward=t.player(entry["steward"]),
             offender=t.player(0), addressed=t.player(1), text=entry["text"],
             amount=t(f"{G}.livres", amount=number(t, 1000)))
    assert t(f"{G}.board.register") in text
    assert line[:60] in text, f"{line!r} not on the screen:\n{text}"
    said = f"{session.names[0]}: {wrong_address(other)}"
    assert said in text, "the remark is in the talk pane with the speaker's name"
    assert session.talk == ((0, wrong_address(other)),)
    assert RAW.search(text) is None


async def _person_steward_fines(lang: str) -> dict[str, Any]:
    session = Session(G, parse_seats("me,random,heuristic,random"), 2)
    app = PlayApp(session, lang=lang, auto_pass=False)
    t = words(lang, session.names)
    seen: dict[str, Any] = {}
    async with app.run_test(size=SIZE) as pilot:
        await _until(app, pilot, session, steward_is_person=True)
        before = fortune(session, 0)
        # A remark whose words name nobody, said to courtier 2 chosen in the list: the
        # first clause is judged as the address ("lieber Peter" is a given name, a fault).
        await _say(pilot, "lieber Peter, kommen Sie", tabs_down=2)
        view = session.view(0)
        (fault,) = view["faults"]
        seen["fault"] = fault
        seen["unfined_fortune"] = fortune(session, 0)
        seen["before"] = before
        seen["waiting"] = app.screen_text()
        seen["menu"] = [str(o.prompt) for o in app.query_one("#choices", OptionList).options]
        await pilot.press("f")
        await pilot.pause()
        seen["after"] = fortune(session, 0)
        seen["view"] = session.view(0)
        seen["text"] = app.screen_text()
        seen["t"] = t
        seen["names"] = session.names
    return seen


def test_a_person_who_is_the_steward_fines_a_fault_by_key() -> None:
    seen = run_pilot(_person_steward_fines("de"))
    t: Texts = seen["t"]
    fault = seen["fault"]
    assert fault["speaker"] == 0 and fault["courtier"] == 2 and not fault["fined"]
    assert fault["words"] == "lieber Peter"
    assert seen["unfined_fortune"] == seen["before"], "nobody fines before the steward does"
    waiting = seen["waiting"]
    assert t(f"{G}.tui.faults")[:40] in waiting
    assert t(f"{G}.tui.fine_hint")[:40] in waiting
    assert "„lieber Peter“" in waiting and f"„{fault['address']}“" in waiting
    # The person is to move: a steward to move fines before anything else (§3.0).
    assert seen["menu"] == [f"1. {t(f'{G}.action.fine', fault='1')}"]
    assert seen["after"] == seen["before"] - 1000
    (entry,) = seen["view"]["register"]
    assert entry["steward"] == entry["offender"] == 0 and entry["text"] == "lieber Peter"
    assert t(f"{G}.board.register") in seen["text"]
    assert t(f"{G}.tui.faults")[:40] not in seen["text"]
    assert RAW.search(seen["text"]) is None


async def _crib(lang: str) -> tuple[Session, str]:
    session = Session(G, parse_seats("me,random,heuristic,random"), 2)
    app = PlayApp(session, lang=lang, auto_pass=False)
    async with app.run_test(size=SIZE) as pilot:
        await _until(app, pilot, session, steward_is_person=False)
        await pilot.press("c")
        await pilot.pause()
        return session, app.screen_text()


@pytest.mark.parametrize(("lang", "form"), [("de", "de"), ("en", "en"), ("fr", "fr"),
                                             ("cs", "fr")])
def test_the_crib_gives_every_address_in_the_readers_language(lang: str, form: str) -> None:
    session, text = run_pilot(_crib(lang))
    t = words(lang, session.names)
    assert t(f"{G}.board.crib") in text
    for c in session.view(0)["courtiers"]:
        assert c["addresses"][form] in text, f"{c['addresses'][form]!r} not in the crib"


def test_the_session_refuses_bad_remarks_and_duties_and_changes_nothing() -> None:
    session = Session(G, parse_seats("me,random,heuristic,random"), 2)
    version = session.version
    with pytest.raises(IllegalAction, match="empty"):
        session.remark(0, "   ")
    with pytest.raises(IllegalAction, match="longer"):
        session.remark(0, "x" * 501)
    with pytest.raises(IllegalAction):  # nobody has a courtier yet
        session.remark(0, "Monsieur", addressed=1)
    with pytest.raises(IllegalAction, match="no duty"):
        session.do_duty(0)
    assert session.version == version and session.talk == ()
    session.remark(0, "Bonjour à tous")  # table talk that addresses nobody: said, no action
    assert session.version == version and session.talk == ((0, "Bonjour à tous"),)


def test_payments_and_offers_are_chosen_by_whom_and_an_offer_shows_its_terms() -> None:
    """In a negotiation with money, the menu's first step groups payments and offers; then
    the person paid, (the favour,) the sum: every move reached by exactly one path."""
    state = Session(G, parse_seats("random,random,random,random"), 3)
    seating = Seating(("Anne", "Bea", "Carl", "Dirk"), None, G, "en")
    t = words("en", seating.names)
    for _ in range(3000):
        seat = state.to_move
        assert seat is not None, "no negotiation with money came"
        legal = state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        if {"pay", "offer"} <= kinds:
            break
        seat, action = state.bot_decision()
        state.apply_bot(seat, action)
    seating = Seating(seating.names, seat, G, "en")
    view = state.view(seat)
    paths = RENDERER.menu(view, legal, seating)
    assert sorted(i for i, _ in paths) == list(range(len(legal)))
    for index, path in paths:
        action = legal[index]
        if action["type"] in ("pay", "offer"):
            to = t(f"{G}.tui.to_step", player=seating.name(int(action["to"])))
            assert path[1].label == to
            if action["type"] == "offer":
                favour = t(f"{G}.favour.{action['favour']}")
                assert path[2].label == t(f"{G}.tui.favour_step", favour=favour)
    first = [o.label for o in chooser_for(RENDERER, view, legal, seating).options()]
    assert len(first) < 15 and len(legal) > 30
    offer = next(a for a in legal if a["type"] == "offer")
    state.play(seat, legal.index(offer))
    answerer = int(offer["to"])
    assert state.to_move == answerer
    prompt = RENDERER.prompt(state.view(answerer), Seating(seating.names, answerer, G, "en"))
    terms = t(f"{G}.tui.offer_terms", player=seating.name(seat),
              amount=t(f"{G}.livres", amount=number(t, int(offer["amount"]))),
              favour=t(f"{G}.favour.{offer['favour']}"))
    assert prompt.endswith(terms)
    offerer_prompt = RENDERER.prompt(state.view(seat), seating)
    assert terms not in offerer_prompt, "only the seat that answers is asked"


def test_the_move_box_still_takes_letters() -> None:
    """``t``, ``c`` and ``f`` typed in the move box are letters, not keys of the app."""
    async def run() -> str:
        session = Session(G, parse_seats("me,random,heuristic,random"), 2)
        app = PlayApp(session, lang="en", auto_pass=False)
        async with app.run_test(size=SIZE) as pilot:
            await _until(app, pilot, session, steward_is_person=False)
            await pilot.press("tab")
            await pilot.press("t", "c", "f")
            await pilot.pause()
            assert not isinstance(app.screen, TalkScreen)
            return app.query_one("#move", Input).value

    assert run_pilot(run()) == "tcf"
