"""Oh Hell, installed from outside the package (``tests/external/oh_hell``) and registered only
through its distribution's entry point, played whole in the browser's generic screen against a
real server: the server process finds the game on its ``PYTHONPATH``, its lobby offers it, and
one person clicks through every bid and card against a bot to the final table, reading each
screen as a person reads it (``support.pages``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize

from support.pages import check_hand, check_words

GAME = "oh_hell"
PHONE: ViewportSize = {"width": 390, "height": 844}
DECISIONS = 3 + 4 + 3 + 2
"""Ana's decisions in a game of two: a bid in each of the three deals and a card per trick."""


@pytest.fixture(scope="module")
def external_server(oh_hell: list[str], driver: ModuleType,
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``sunking serve`` in a subprocess that has the installed game on its path."""
    path = os.pathsep.join([*oh_hell, os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", path)
        with driver.running_server(Path(tmp_path_factory.mktemp("oh-hell-server"))) as running:
            yield running


def test_e2e_a_game_from_outside_the_package_is_played_in_the_generic_screen(
    browser: Browser, external_server: Any, driver: ModuleType,
) -> None:
    server = external_server
    offered = {g["id"]: g for g in server.call("GET", "/api/games")}
    assert GAME in offered and not offered[GAME]["dedicated_board"]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    links, _ = driver.create_match(
        page, server.base, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "heuristic"}],
        "en", game=GAME)
    link = links[0]
    assert link is not None
    driver.open_match(page, link)
    decisions = 0
    while True:
        driver.wait_for_turn_or_end(page)
        if driver.is_over(page):
            break
        before = driver.version(page)
        where = f"decision {decisions}, version {before}"
        check_words(page, where, [GAME])
        check_hand(page, server, link, where)
        assert driver.find_overflow(page) == [], where
        driver.decide_generic(page, decisions)
        driver.wait_for_change(page, before)
        decisions += 1
        assert decisions <= DECISIONS, "more decisions than the game has"
    assert decisions == DECISIONS
    driver.check_final_table(page, server, link)  # the game's own scoring, in words
    check_words(page, "the final table", [GAME])
    assert errors == []
    context.close()
