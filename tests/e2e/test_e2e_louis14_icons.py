"""Louis XIV's tokens are icons of their own (``js/games/louis14/icons.js``), the same in
every language and named in the page's language for a screen reader: the five chips and the
six blazon kinds each a drawing of its own; the chips on the missions and in the players
table, the seat's blazons by kind, the final table's rows, the court tiles' rewards and the
choices about chips show them — never an initial or a kind's number."""

from __future__ import annotations

import random
import re
import time
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from sunking import presentation

ICONS_JS = """async () => {
  const m = await import('/static/js/games/louis14/icons.js');
  const chips = ['C', 'S', 'H', 'R', 'L', '?'].map((c) => m.chipIcon(c).innerHTML);
  const blazons = [0, 1, 2, 3, 4, 5, null].map((k) => m.blazonIcon(k).innerHTML);
  return { chips, blazons, coin: m.coinIcon().innerHTML };
}"""


def finished_match(server: Any) -> dict[str, Any]:
    """A 3-player match played to its end, its seat 0 a person (moved through the API)."""
    created: dict[str, Any] = server.create_match({
        "game": "louis14", "players": 3, "seed": 5, "language": "en",
        "seats": [{"kind": "human", "name": "Anne"}] + [{"kind": "bot", "bot": "random"}] * 2})
    match_id, token = created["match_id"], created["seats"][0]["token"]
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the match did not finish"
        view = server.call("GET", f"/api/matches/{match_id}", token=token)
        if view["status"] == "finished":
            return created
        if view["legal_actions"]:
            server.call("POST", f"/api/matches/{match_id}/actions", {
                "version": view["version"], "action": view["legal_actions"][-1]}, token=token)
        else:
            time.sleep(0.05)


@pytest.fixture(scope="module")
def finished(server: Any) -> dict[str, Any]:
    return finished_match(server)


def open_seat(browser: Browser, server: Any, driver: ModuleType, link: str, lang: str) -> Page:
    context = browser.new_context(viewport=driver.VIEWPORT)
    context.add_init_script(f"localStorage.setItem('sunking.lang', '{lang}')")
    page = context.new_page()
    driver.open_match(page, driver.parse_link(server.base + link))
    page.wait_for_selector("body[data-ready='1']")
    return page


def test_e2e_each_token_has_a_drawing_of_its_own(
    browser: Browser, server: Any, driver: ModuleType, finished: dict[str, Any],
) -> None:
    page = open_seat(browser, server, driver, finished["seats"][0]["link"], "en")
    drawn = page.evaluate(ICONS_JS)
    assert len(set(drawn["chips"])) == 6, "two chips share a drawing"
    assert len(set(drawn["blazons"])) == 7, "two blazon kinds share a drawing"
    assert drawn["coin"] not in drawn["chips"]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_e2e_tokens_are_icons_named_in_the_page_language(
    browser: Browser, server: Any, driver: ModuleType, finished: dict[str, Any], lang: str,
) -> None:
    texts = presentation.of("louis14").messages(lang)
    charges = [texts[f"louis14.blazon.charge.{k}"] for k in range(1, 7)]
    kind_names = [texts["louis14.blazon.kind"].replace("{charge}", c) for c in charges]
    chip_names = {texts[f"louis14.chip.{c}"] for c in "CSHRL"} | {texts["louis14.chip.any"]}
    page = open_seat(browser, server, driver, finished["seats"][0]["link"], lang)
    expect(page.get_by_test_id("final-table")).to_be_visible()

    # The seat's blazons by kind: a shield of the kind and a count, named in words.
    kinds = page.get_by_test_id("blazon-kinds").locator(":scope > [role=img]")
    expect(kinds.first).to_be_visible()
    for i in range(kinds.count()):
        label = kinds.nth(i).get_attribute("aria-label") or ""
        assert any(label.startswith(name) for name in kind_names), label
        assert kinds.nth(i).locator("svg[data-icon^=blazon-]").count() == 1
        assert re.fullmatch(r"×\d+", kinds.nth(i).inner_text().strip()), kinds.nth(i).inner_text()

    # The final table names each kind by its picture, with the picture.
    rows = page.locator("[data-testid=final-table] tr.kind th")
    assert rows.count() >= 6
    for i in range(6):
        row = rows.nth(i)
        assert row.locator(f"svg[data-icon=blazon-{i}]").count() == 1
        expect(row).to_have_text(re.compile(re.escape(texts["louis14.final.kind"]
                                                       .replace("{charge}", charges[i])), re.I))
    assert not re.search(r"\b(kind|type) \d", page.inner_text("[data-testid=final-table]"), re.I)

    # Chips: an icon named in words, never a letter, on the missions and in the players table.
    chips = page.locator("[data-testid=you] .mission-needs > [role=img], "
                         "[data-testid=players] [data-chip]")
    assert chips.count() > 0
    for i in range(chips.count()):
        chip = chips.nth(i)
        label = chip.get_attribute("aria-label") or ""
        assert any(label.startswith(name) for name in chip_names), label
        assert chip.locator("svg[data-icon^=chip-]").count() == 1
        assert not re.search(r"[A-Za-z]", chip.inner_text()), chip.inner_text()
    page.context.close()


PLACED_JS = """() => [...document.querySelectorAll('svg.court .tile-reward-icon')].every((icon) => {
  const box = icon.getBoundingClientRect();
  const words = icon.parentNode.querySelector('.tile-reward').getBoundingClientRect();
  return box.right <= words.left + 0.5;
})"""

COURT_REWARDS_JS = """() => [...document.querySelectorAll('svg.court .tile')].map((tile) => {
  const icon = tile.querySelector('svg.tile-reward-icon');
  const words = tile.querySelector('.tile-reward').getBoundingClientRect();
  const body = tile.querySelector('.tile-body').getBoundingClientRect();
  const box = icon ? icon.getBoundingClientRect() : null;
  return { tile: Number(tile.dataset.tile), icon: icon ? icon.dataset.icon : null,
    hidden: icon ? icon.getAttribute('aria-hidden') : null,
    left_of_words: box ? box.right <= words.left + 0.5 : null,
    inside: box ? box.left >= body.left && box.right <= body.right : null };
})"""


@pytest.mark.parametrize("viewport", ["desk", "phone"])
def test_e2e_court_tiles_show_their_rewards_picture(
    browser: Browser, server: Any, driver: ModuleType, finished: dict[str, Any], viewport: str,
) -> None:
    """A tile giving a chip shows that chip's drawing before its words (the louis d'or and a
    face-down blazon likewise), inside the tile and hidden from a screen reader, which reads
    the reward in the tile's name; on a window turned to a phone's size (larger texts) the
    pictures follow their words."""
    page = open_seat(browser, server, driver, finished["seats"][0]["link"], "fr")
    expect(page.locator("svg.court .tile")).to_have_count(12)
    page.wait_for_function("document.querySelectorAll('svg.court .tile-reward-icon').length === 10")
    if viewport == "phone":
        page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(PLACED_JS, timeout=15_000)
    tiles = {row["tile"]: row for row in page.evaluate(COURT_REWARDS_JS)}
    chips = {n: tiles[n]["icon"] for n in (1, 2, 3, 4, 5, 9)}
    assert chips == {1: "chip-S", 2: "chip-L", 3: "chip-R", 4: "chip-H", 5: "chip-C", 9: "chip-C"}
    assert tiles[7]["icon"] == "coin"
    assert {tiles[n]["icon"] for n in (6, 10, 12)} == {"blazon-none"}
    assert tiles[8]["icon"] is None and tiles[11]["icon"] is None
    for row in tiles.values():
        if row["icon"]:
            assert row["hidden"] == "true", row
            assert row["left_of_words"] and row["inside"], row
    page.context.close()


CHIP_ACTIONS = {"lay_mission", "keep_chip", "convert_chip"}


def test_e2e_chip_choices_show_the_chips_pictures(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """A choice about chips (lay a mission, keep a chip, swap for a crown) shows the chips'
    drawings before its words; its name for a screen reader is its words alone."""
    created = server.create_match({
        "game": "louis14", "players": 3, "seed": 5, "language": "en",
        "seats": [{"kind": "human", "name": "Anne"}] + [{"kind": "bot", "bot": "random"}] * 2})
    match_id, token = created["match_id"], created["seats"][0]["token"]
    rng = random.Random(3)
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "no choice about chips came"
        view = server.call("GET", f"/api/matches/{match_id}", token=token)
        assert view["status"] != "finished", "the match ended without a choice about chips"
        legal = view["legal_actions"]
        if any(a["type"] in CHIP_ACTIONS for a in legal):
            break
        if legal:
            server.call("POST", f"/api/matches/{match_id}/actions", {
                "version": view["version"], "action": rng.choice(legal)}, token=token)
        else:
            time.sleep(0.05)
    page = open_seat(browser, server, driver, created["seats"][0]["link"], "fr")
    buttons = page.locator("[data-testid=prompt] button.choice")
    expect(buttons.first).to_be_visible()
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    for i, action in enumerate(legal):
        if action["type"] not in CHIP_ACTIONS:
            continue
        button = buttons.nth(i)
        codes = action.get("chips") or [action["chip"]]
        icons = button.locator(".choice-chips svg[data-icon^=chip-]")
        expect(icons).to_have_count(len(codes))
        assert [icons.nth(k).get_attribute("data-icon") for k in range(len(codes))] == [
            f"chip-{c}" for c in codes]
        assert all(icons.nth(k).get_attribute("aria-hidden") == "true" for k in range(len(codes)))
        assert labels[i].strip() and not re.match(r"[A-Z]\b", labels[i].strip()), labels[i]
    page.context.close()
