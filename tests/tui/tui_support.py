"""Shared by the terminal-client tests: run a pilot coroutine on its own event loop, play a
person's decisions to the end with Enter, what must never be on the screen, and the check of
the screen before each decision."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.widgets import OptionList

from sunking import presentation
from sunking.tui import Session
from sunking.tui.app import PlayApp

T = TypeVar("T")

RAW = re.compile(r"\{|\"type\"|[a-z_]+=|\b[a-z0-9_]+\.[a-z_]{2,}\b")
"""What a person must never read on the screen: a placeholder left open, JSON, ``key=value``
or a dotted text key."""


def run_pilot(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to the end with ``asyncio.run`` in a fresh thread.

    A test worker may already have an event loop running in its main thread (Playwright's
    sync API, used by the browser tests, leaves one there), and ``asyncio.run`` refuses to
    start inside it; a new thread has no running loop.
    """
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pilot") as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def persons_turn(app: Any, pilot: Any, session: Any) -> bool:
    """Wait until the bots have moved: True when seat 0 (the person) is to decide, with the
    menu focused; False when the game is over."""
    await app.workers.wait_for_complete()
    if session.is_over:
        return False
    assert session.to_move == 0, "only the person's decisions wait for a key"
    await pilot.pause()  # focusing the menu is a message of its own: let it be handled
    assert isinstance(app.focused, OptionList)
    return True


async def enter_until_moved(pilot: Any, session: Any) -> None:
    """Press Enter on the first menu entry (a group or a card first, then its first move)
    until the person's decision is made."""
    before = session.version
    while session.version == before:
        await pilot.press("enter")
        await pilot.pause()


async def enter_to_the_end(
    app: PlayApp, pilot: Pilot[Any], session: Session, check: Callable[[str, int], None],
) -> int:
    """Play the person's (seat 0) decisions to the end of the game with Enter on the first
    menu entry (a group first, then its first action); ``check(screen, n)`` reads the screen
    before the n-th decision. Returns how many decisions were made."""
    decisions = 0
    while await persons_turn(app, pilot, session):
        check(app.screen_text(), decisions)
        await enter_until_moved(pilot, session)
        decisions += 1
        assert decisions < 3000, "the game does not end"
    return decisions


def held_names(session: Session, lang: str) -> list[str]:
    """The names of the cards seat 0 holds, in ``lang``."""
    game = session.game_id
    you = session.view(0)["you"]
    assert isinstance(you, dict)
    texts = presentation.of(game).messages(lang)
    ids = [c["id"] if isinstance(c, dict) else c for c in you["hand"]]
    return [texts[f"{game}.card.{c}"] for c in ids]


def read_as_a_person(session: Session, lang: str) -> Callable[[str, int], None]:
    """The check :func:`enter_to_the_end` makes of the screen before each of the person's
    decisions: no raw text (:data:`RAW`), and every card the person holds by its name."""

    def check(text: str, decisions: int) -> None:
        raw = RAW.search(text)
        assert raw is None, f"decision {decisions}: {raw[0]!r} on the screen:\n{text}"
        for name in held_names(session, lang):
            assert name in text, f"decision {decisions}: {name!r} not shown:\n{text}"

    return check
