"""Vive le Roi on its own board in the browser: one person and three bots play a 4-player
match to the final table by clicking cards, structures and the batch builder; two people in
two browsers each see only their own hand; at a phone's size (390x844) the hand and the
prompt are on screen without sideways scrolling and no board text is under 11 px."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize
from test_e2e_phone import check as check_phone

DESKTOP: ViewportSize = {"width": 1400, "height": 1000}
PHONE: ViewportSize = {"width": 390, "height": 844}


def _new_match(server: Any, seats: list[dict[str, str]], seed: int) -> dict[str, Any]:
    created: dict[str, Any] = server.create_match({
        "game": "vive_le_roi", "players": len(seats), "seed": seed, "language": "en",
        "practice": True,  # a seed with people at the table: a practice match
        "seats": seats})
    return created


def _link(server: Any, driver: ModuleType, created: dict[str, Any], seat: int) -> Any:
    return driver.parse_link(server.base + created["seats"][seat]["link"])


SHOWN_JS = """sel => [...document.querySelectorAll(sel)].map((e) => Number(e.dataset.card))
  .sort((a, b) => a - b)"""
SNAPSHOT_JS = """() => {
  const ids = (sel) => [...document.querySelectorAll(sel)].map((e) => Number(e.dataset.card));
  return { version: document.body.dataset.version, hand: ids('[data-testid=hand] [data-card]'),
           all: ids('[data-card]') };
}"""


def _shown_cards(page: Page, where: str) -> list[int]:
    """The ids of the cards drawn under ``where``, read at one moment."""
    shown: list[int] = page.evaluate(SHOWN_JS, f"{where} [data-card]")
    return shown


def _check_board(page: Page, server: Any, link: Any, where: str) -> dict[str, Any]:
    """The board shows what the seat's view holds: its hand, every structure card, the
    scores; it names no text key and shows no JSON."""
    match: dict[str, Any] = server.call("GET", f"/api/matches/{link.match_id}?lang=en",
                                        token=link.token)
    view = match["view"]
    assert _shown_cards(page, "[data-testid=hand]") == sorted(view["you"]["hand"]), where
    for p in view["players"]:
        shown = _shown_cards(page, f"[data-testid=structure][data-seat='{p['seat']}']")
        for card, _ in p["structure"]:
            assert card in shown, f"{where}: card {card} of seat {p['seat']} not drawn"
        score = page.inner_text(
            f"[data-testid=structure][data-seat='{p['seat']}'] [data-testid=score]")
        assert str(p["score"]) in score, where
    text = page.inner_text("body")
    for bad in ("vive_le_roi.", "{", "undefined", "NaN", '"type"'):
        assert bad not in text, f"{where}: the page shows {bad!r}"
    return match


def _open_board(browser: Browser, server: Any, driver: ModuleType, bot: str, bots: int,
                seed: int) -> tuple[BrowserContext, Page, list[str], Any]:
    """Ana's board, desktop-sized, on a new match against ``bots`` bots of one kind; the
    page's errors are collected."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    created = _new_match(server, [{"kind": "human", "name": "Ana"},
                                  *[{"kind": "bot", "bot": bot}] * bots], seed=seed)
    link = _link(server, driver, created, 0)
    driver.open_match(page, link)
    return context, page, errors, link


def test_e2e_one_person_and_three_bots_play_to_the_final_table_on_the_board(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    context, page, errors, link = _open_board(browser, server, driver, "heuristic", 3, 11)
    assert page.locator("[data-testid=vlr-board]").count() == 1, "Vive le Roi has its own board"
    assert page.locator("[data-testid=structure]").count() == 4

    def check(p: Page, n: int) -> None:
        _check_board(p, server, link, f"decision {n}")

    made = driver.play_vlr(page, server, link, 1000, check)
    driver.check_final_table(page, server, link)
    final = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
    lines = page.locator("[data-testid=round-scoring] li")
    assert lines.count() >= 2, "each scoring of the match, then the scores"
    assert "Final scoring" in lines.nth(lines.count() - 2).inner_text()
    names = {row["seat"]: row["name"] for row in final["board"]["players"]}
    assert lines.last.inner_text() == "Score " + " · ".join(
        f"{names[seat]} {n}" for seat, n in enumerate(final["view"]["scores"]))
    assert len(made) > 10, made
    assert "commit" in made, f"the batch builder was used: {made}"
    assert {"play", "lay_down", "challenge", "attack", "bribe", "place"} & set(made), made
    # The replay on the board: a frame mid-match as a seat saw it, its hand and structures.
    driver.open_replay_middle(page, server.base, link, 0)
    page.wait_for_selector("[data-testid=hand]:not([hidden]) [data-testid=hand-card]")
    assert page.locator("[data-testid=structure]").count() == 4
    assert "vive_le_roi." not in page.inner_text("body")
    assert errors == []
    context.close()


def _settled(server: Any, links: list[Any], pages: list[Page]) -> list[tuple[Any, Any]]:
    """Per seat: its hand by its own view, and what its page shows (the version, the hand's
    cards and every card on the page, read at one moment) once both pages show the match's
    current version."""
    for _ in range(100):
        hands = [server.call("GET", f"/api/matches/{lk.match_id}?lang=en", token=lk.token)
                 for lk in links]
        shown = [p.evaluate(SNAPSHOT_JS) for p in pages]
        versions = {str(m["version"]) for m in hands} | {s["version"] for s in shown}
        if len(versions) == 1:
            return [(m["view"]["you"]["hand"], s) for m, s in zip(hands, shown, strict=True)]
        pages[0].wait_for_timeout(150)
    raise AssertionError("the pages never showed the match's version")


def test_e2e_two_people_each_see_only_their_own_hand(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = _new_match(server, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"},
                                  *[{"kind": "bot", "bot": "random"}] * 2], seed=5)
    pages = []
    for seat in (0, 1):
        page = browser.new_context(viewport=DESKTOP).new_page()
        link = _link(server, driver, created, seat)
        driver.open_match(page, link)
        pages.append((page, link))
    for _ in range(6):
        for me, (page, link) in enumerate(pages):
            settled = _settled(server, [lk for _, lk in pages], [p for p, _ in pages])
            hand, shown = settled[me]
            assert sorted(shown["hand"]) == sorted(hand)
            on_page = set(shown["all"])
            secret = set(settled[1 - me][0])
            assert secret, "the other seat holds cards"
            assert not on_page & secret, f"seat {me} sees {on_page & secret} of the other hand"
            if driver.my_turn(page) and not page.locator("[data-testid=autopassing]").count():
                before = driver.version(page)
                driver.vlr_action(page, server, link, 1)
                driver.wait_for_change(page, before)
    for page, _ in pages:
        page.context.close()


def test_e2e_the_board_on_a_phone(browser: Browser, server: Any, driver: ModuleType) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    created = _new_match(server, [{"kind": "human", "name": "Anne-Marguerite"},
                                  *[{"kind": "bot", "bot": "random"}] * 3], seed=7)
    link = _link(server, driver, created, 0)
    driver.open_match(page, link)
    for n in range(25):
        driver.wait_for_turn_or_end(page)
        if driver.is_over(page):
            break
        check_phone(driver, page, f"decision {n}", prompt=True)
        hand = page.locator("[data-testid=hand]").bounding_box()
        assert hand is not None and hand["x"] >= 0 and hand["x"] + hand["width"] <= PHONE["width"]
        before = driver.version(page)
        if not page.locator("[data-testid=autopassing]").count():
            first = page.locator("[data-testid=hand] .vlr-card.active")
            if first.count():  # a card picked: its choices in the prompt, still on screen
                first.first.click()
                check_phone(driver, page, f"decision {n}, a card picked", prompt=True)
            driver.vlr_action(page, server, link, n)
        driver.wait_for_change(page, before)
    page.context.close()


def test_e2e_the_board_has_the_persons_own_pass_for_me_setting(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """A window opens on public facts, so a person is often asked holding nothing playable:
    his page passes for him after the same pause as every forced pass, unless he turns that
    off — for himself only, in his browser (the generic screen shares the setting)."""
    context, page, errors, _ = _open_board(browser, server, driver, "random", 2, 3)
    box = page.locator("[data-testid=vlr-board] [data-testid=autopass]")
    assert box.is_checked(), "on unless the person turned it off"
    label = page.locator("[data-testid=vlr-board] .generic-setting")
    assert label.inner_text() == "Pass for me when passing is my only choice"
    box.uncheck()
    assert page.evaluate("() => localStorage.getItem('sunking.autopass')") == "0"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert not page.locator("[data-testid=vlr-board] [data-testid=autopass]").is_checked()
    assert errors == []
    context.close()
