"""AI hints in the browser: a match created with hints on shows the AI's three best moves to
the seat to move, each with its win chance and interval, in words, in every game; a match
without hints offers none and the server refuses one. After the end the review draws the
seat's win-chance curve, and each flagged line opens the replay at its step."""

from __future__ import annotations

import importlib.util
import json
import re
import time
import urllib.error
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "coach_screens.py"
_spec = importlib.util.spec_from_file_location("sunking_coach_screens", SCRIPT)
assert _spec is not None and _spec.loader is not None
COACH = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(COACH)


def test_e2e_hint_shows_three_moves_and_is_refused_without_hints(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    lobby = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(lobby, server.base)
    lobby.check("[data-testid=hints]")
    created, _ = driver.submit_match(lobby, [{"kind": "human", "name": "Anna"},
                                             {"kind": "human", "name": "Bert"}])
    links = [link for link in created if link is not None]
    mv = server.call("GET", f"/api/matches/{links[0].match_id}", token=links[0].token)
    assert mv["hints"] is True
    mover = mv["to_move"]

    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(page, links[mover])
    expect(page.locator("[data-testid=hint-bar]")).to_contain_text("AI hints are on")
    page.click("[data-testid=hint-ask]")
    moves = page.locator("[data-testid=hint-moves] li")
    # The first search may wait for the server's bot workers to start.
    expect(moves).to_have_count(3, timeout=90_000)
    for i in range(3):
        text = moves.nth(i).inner_text()
        assert re.search(r"estimated win chance \d+% \(\d+–\d+%\)", text), text
        assert "{" not in text, text
    verdict = page.locator("[data-testid=hint-verdict]").inner_text()
    assert verdict in ("The first move stands out from the others.",
                       "About equal: the AI cannot tell these moves apart.")
    # The other seat sees that hints are on, but has nothing to ask while it waits.
    waiting = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(waiting, links[1 - mover])
    expect(waiting.locator("[data-testid=hint-bar]")).to_contain_text("AI hints are on")
    assert waiting.locator("[data-testid=hint-ask]").count() == 0

    plain, _ = driver.create_match(lobby, server.base, [
        {"kind": "human", "name": "Cleo"}, {"kind": "human", "name": "Dirk"}])
    other = [link for link in plain if link is not None]
    view = server.call("GET", f"/api/matches/{other[0].match_id}", token=other[0].token)
    seat = other[view["to_move"]]
    driver.open_match(page, seat)
    expect(page.locator("[data-testid=hint-bar]")).to_be_hidden()
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.call("GET", f"/api/matches/{seat.match_id}/hint", token=seat.token)
    assert refused.value.code == 409
    assert json.loads(refused.value.read())["error"]["code"] == "hints_off"
    for p in (lobby, page, waiting):
        p.context.close()


def test_e2e_hint_in_the_generic_screen_names_moves_as_the_prompt_does(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "vive_le_roi", "players": 3, "seed": 4, "language": "en", "hints": True,
        "seats": [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "random"}] * 2})
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    page.goto(server.base + "/")
    page.evaluate("() => localStorage.setItem('sunking.autopass', '0')")
    driver.open_match(page, driver.parse_link(server.base + created["seats"][0]["link"]))
    driver.wait_for_turn_or_end(page)
    choices = page.locator("[data-testid=prompt] .choice").all_text_contents()
    page.click("[data-testid=hint-ask]")
    moves = page.locator("[data-testid=hint-moves] .hint-action")
    expect(moves).not_to_have_count(0, timeout=90_000)
    for text in moves.all_inner_texts():
        assert text in choices, f"the hint {text!r} is not one of the prompt's moves"
    page.context.close()


def test_e2e_review_line_opens_the_replay_at_its_step(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    seat = COACH.finished_match(server)
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(page, seat)
    page.wait_for_selector("[data-testid=final-table]")
    page.click("[data-testid=review-ask]")
    items = page.locator("[data-testid=review] > li")
    expect(items.first).to_be_visible(timeout=180_000)
    text = items.first.inner_text()
    assert "Your move:" in text and "Better:" in text and "{" not in text, text
    assert re.search(r"\d+% \(\d+–\d+%\)", text), text
    # The curve is drawn: a line through the seat's reviewed decisions, named for a reader.
    curve = page.locator("[data-testid=review-curve]")
    expect(curve).to_be_visible()
    assert curve.get_attribute("role") == "img"
    assert len(curve.locator("polyline").get_attribute("points").split()) > 1
    assert curve.locator("circle").count() == items.count()
    assert "win chance" in (curve.locator("title").text_content() or "")
    link = items.first.locator("[data-testid=review-step]")
    step = int(items.first.get_attribute("data-step"))
    assert link.inner_text().startswith(f"Step {step} · ")
    review = server.call("GET", f"/api/matches/{seat.match_id}/review", token=seat.token)
    line = next(d for d in review["decisions"] if d["step"] == step)
    link.click()
    expect(page.locator("[data-testid=replay-pos]")).to_contain_text(f"Step {step} of ")
    note = page.locator("[data-testid=replay-reviewed]")
    expect(note).to_contain_text(line["chosen_text"])
    expect(note).to_contain_text(f"Better: {line['best_text']}")
    # The replay shows the position the move was made from, as the reviewed seat saw it.
    assert page.locator("[data-testid=replay-seat]").input_value() == "0"
    page.context.close()


@pytest.mark.parametrize("game", ["louis14", "vive_le_roi", "versailles1682"])
def test_e2e_hint_in_every_game_names_moves_with_intervals(
    browser: Browser, server: Any, driver: ModuleType, game: str,
) -> None:
    players = 3 if game != "louis14" else 2
    created = server.create_match({
        "game": game, "players": players, "seed": 5, "language": "en", "hints": True,
        "seats": [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "random"}]
        * (players - 1)})
    seat = driver.parse_link(server.base + created["seats"][0]["link"])
    path = f"/api/matches/{seat.match_id}"
    deadline = time.monotonic() + 60
    view = server.call("GET", path, token=seat.token)
    while not (view["to_move"] == 0 and len(view["legal_actions"]) > 1):  # a real choice
        assert time.monotonic() < deadline and view["status"] != "finished"
        if view["to_move"] == 0 and view["legal_actions"]:
            server.call("POST", f"{path}/actions", {
                "version": view["version"], "action": view["legal_actions"][0]}, token=seat.token)
        else:
            time.sleep(0.05)
        view = server.call("GET", path, token=seat.token)
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    page.goto(server.base + "/")
    page.evaluate("() => localStorage.setItem('sunking.autopass', '0')")
    driver.open_match(page, seat)
    driver.wait_for_turn_or_end(page)
    page.click("[data-testid=hint-ask]")
    moves = page.locator("[data-testid=hint-moves] li")
    expect(moves).to_have_count(min(3, len(view["legal_actions"])), timeout=90_000)
    for text in moves.all_inner_texts():
        assert re.search(r"\S.* · estimated win chance \d+% \(\d+–\d+%\)$", text), text
        assert "{" not in text and not re.search(r"choice \d+ of the prompt", text), text
        if game == "louis14":  # a tile by its person's name, never by its number alone
            assert not re.search(r"\d+ on \d+\b(?! · )", text), text
    if game == "louis14":  # the page's own label of a placement names the tile's person too
        label = page.evaluate("""async () => (await import("/static/js/games/louis14/labels.js"))
          .actionLabel({type: "place", card: 0, stones: [[10, 2]], boost: false})""")
        assert label == "Play Joker: 2 on 10 · Henri de Turenne", label
    page.context.close()


LANGS = ("en", "nl", "fr", "de", "cs")


@pytest.mark.parametrize("lang", LANGS)
def test_e2e_hint_and_review_texts_in_every_language(
    browser: Browser, server: Any, driver: ModuleType, lang: str,
) -> None:
    """The hint's and the review's texts, filled in the page's own i18n with the language's
    plural forms: no key and no placeholder left."""
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    page.goto(server.base + "/")
    driver.set_language(page, lang)
    texts = page.evaluate("""async () => {
      const { t } = await import("/static/js/i18n.js");
      const out = [t("hint.chance", { p: 52, low: 47, high: 57 }), t("hint.separated"),
        t("hint.about_equal"), t("review.played", { move: "M", chance: "1%" }),
        t("review.better", { move: "M", chance: "1%" }), t("review.changes", { events: "E" }),
        t("review.curve_title"), t("review.curve_numbers"), t("review.col_step"),
        t("review.col_chance"), t("review.step", { step: 5 }),
        t("replay.reviewed", { step: 5, class: "C", chosen: "X", best: "Y" })];
      for (const c of ["inaccuracy", "mistake", "blunder"]) out.push(t(`review.class.${c}`));
      for (const n of [0, 1, 2, 5]) {
        out.push(t("review.summary", { n, total: 9 }));
        out.push(t("review.curve_desc", { n, first: 1, last: 9, from: 40, to: 60 }));
      }
      return out;
    }""")
    for text in texts:
        assert text and "{" not in text and not text.startswith(("hint.", "review.", "replay.")), \
            (lang, text)
    assert "52" in texts[0] and "47" in texts[0] and "57" in texts[0]
    if lang != "en":
        english = ("About equal: the AI cannot tell these moves apart.", "Mistake")
        assert not set(english) & set(texts), lang
    page.context.close()
