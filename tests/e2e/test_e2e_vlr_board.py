"""Vive le Roi on its own board in the browser: one person and three bots play a 4-player
match to the final table by clicking cards, structures and the batch builder; two people in
two browsers each see only their own hand; at a phone's size (390x844) the hand and the
prompt are on screen without sideways scrolling and no board text is under 11 px."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize
from test_e2e_phone import check as check_phone

DESKTOP: ViewportSize = {"width": 1400, "height": 1000}
PHONE: ViewportSize = {"width": 390, "height": 844}


def _new_match(server: Any, seats: list[dict[str, str]], seed: int) -> dict[str, Any]:
    created: dict[str, Any] = server.call("POST", "/api/matches", {
        "game": "vive_le_roi", "players": len(seats), "seed": seed, "language": "en",
        "seats": seats})
    return created


def _link(server: Any, driver: ModuleType, created: dict[str, Any], seat: int) -> Any:
    return driver.parse_link(server.base + created["seats"][seat]["link"])


def _shown_cards(page: Page, where: str) -> list[int]:
    cards = page.locator(f"{where} [data-card]")
    return sorted(int(cards.nth(i).get_attribute("data-card") or "-1")
                  for i in range(cards.count()))


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


def test_e2e_one_person_and_three_bots_play_to_the_final_table_on_the_board(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    created = _new_match(server, [{"kind": "human", "name": "Ana"},
                                  *[{"kind": "bot", "bot": "heuristic"}] * 3], seed=11)
    link = _link(server, driver, created, 0)
    driver.open_match(page, link)
    assert page.locator("[data-testid=vlr-board]").count() == 1, "Vive le Roi has its own board"
    assert page.locator("[data-testid=structure]").count() == 4

    def check(p: Page, n: int) -> None:
        _check_board(p, server, link, f"decision {n}")

    made = driver.play_vlr(page, server, link, 1000, check)
    driver.check_final_table(page, server, link)
    assert len(made) > 10, made
    assert "commit" in made, f"the batch builder was used: {made}"
    assert {"play", "lay_down", "challenge", "attack", "bribe", "place"} & set(made), made
    assert errors == []
    context.close()


def _settled_hands(server: Any, links: list[Any], pages: list[Page]) -> list[list[int]]:
    """Each seat's hand by its own view, once every page shows the match's current version."""
    for _ in range(100):
        matches = [server.call("GET", f"/api/matches/{lk.match_id}?lang=en", token=lk.token)
                   for lk in links]
        versions = {str(m["version"]) for m in matches}
        if len(versions) == 1 and all(p.evaluate("document.body.dataset.version") in versions
                                      for p in pages):
            return [m["view"]["you"]["hand"] for m in matches]
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
            hands = _settled_hands(server, [lk for _, lk in pages], [p for p, _ in pages])
            assert _shown_cards(page, "[data-testid=hand]") == sorted(hands[me])
            on_page = set(_shown_cards(page, "body"))
            secret = set(hands[1 - me])
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
        check_phone(page, f"decision {n}", prompt=True)
        hand = page.locator("[data-testid=hand]").bounding_box()
        assert hand is not None and hand["x"] >= 0 and hand["x"] + hand["width"] <= PHONE["width"]
        before = driver.version(page)
        if not page.locator("[data-testid=autopassing]").count():
            first = page.locator("[data-testid=hand] .vlr-card.active")
            if first.count():  # a card picked: its choices in the prompt, still on screen
                first.first.click()
                check_phone(page, f"decision {n}, a card picked", prompt=True)
            driver.vlr_action(page, server, link, n)
        driver.wait_for_change(page, before)
    page.context.close()
