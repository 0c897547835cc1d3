"""axe-core finds no serious or critical accessibility violation on the lobby, the three
boards, the replay, the chat and an open table's waiting room, in two languages, at a desk's
size and a phone's; and each board speaks through the page's one live region only (a second
one, redrawn with every view, would repeat itself to a screen reader)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, ViewportSize, expect

GAMES = {"louis14": 3, "vive_le_roi": 4, "versailles1682": 4}
SIZES: dict[str, ViewportSize] = {"desk": {"width": 1280, "height": 800},
                                  "phone": {"width": 390, "height": 844}}
LANGS = ("en", "de")
BLOCKING = ("serious", "critical")
AXE = Axe()


@pytest.fixture(scope="module")
def matches(server: Any, driver: ModuleType) -> dict[str, Any]:
    """One match per game: a person against bots, a few moves in (the bots' own)."""
    out = {}
    for game, players in GAMES.items():
        created = server.create_match({
            "game": game, "players": players, "seed": 5, "practice": True, "language": "en",
            "seats": [{"kind": "human", "name": "Anne-Marguerite"},
                      *({"kind": "bot", "bot": "random"} for _ in range(players - 1))],
        })
        out[game] = driver.parse_link(server.base + created["seats"][0]["link"])
    return out


def violations(page: Page) -> list[str]:
    """The serious and critical violations on ``page``: rule, impact and where."""
    found = AXE.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(" ".join(map(str, node["target"])) for node in v["nodes"][:4])
            for v in found if v["impact"] in BLOCKING]


SPOKEN_BY_THE_PAGE = ("announcements", "toast", "closed-bar")
"""The play page's own live regions: the table's announcements, the fault toast and the
notice of a match closed."""


def other_live_regions(page: Page) -> list[str]:
    """Live regions on ``page`` besides the page's own (as the start of their markup)."""
    found: list[str] = page.evaluate("""(own) => [...document.querySelectorAll(
        "[aria-live]:not([aria-live='off']), [role='status'], [role='log'], [role='alert'], "
        + "[role='marquee'], [role='timer'], output")]
        .filter((node) => !own.includes(node.id))
        .map((node) => "live region " + node.outerHTML.slice(0, 120))""", list(SPOKEN_BY_THE_PAGE))
    return found


def ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_e2e_axe_finds_nothing_serious(
    browser: Browser, server: Any, driver: ModuleType, matches: dict[str, Any],
    lang: str, size: str,
) -> None:
    context = browser.new_context(viewport=SIZES[size], locale=lang)
    context.add_init_script(f"localStorage.setItem('sunking.lang', '{lang}')")
    page = context.new_page()
    report: dict[str, list[str]] = {}
    page.goto(server.base + "/")
    page.wait_for_load_state("networkidle")
    report["lobby"] = violations(page)
    for game, link in matches.items():
        driver.open_match(page, link)
        ready(page)
        report[game] = violations(page) + other_live_regions(page)
    page.get_by_role("complementary").get_by_role("button").first.press("Enter")
    expect(page.get_by_role("complementary").get_by_role("textbox")).to_be_visible()
    report["chat"] = violations(page) + other_live_regions(page)
    link = matches["louis14"]
    page.goto(f"{server.base}/play/{link.match_id}?replay=1#t={link.token}")
    ready(page)
    page.keyboard.press("ArrowRight")
    report["replay"] = violations(page)
    table = server.create_match({
        "game": "vive_le_roi", "players": 3, "language": "en", "options": {"points_limit": 260},
        "seats": [{"kind": "human", "name": "Anne-Marguerite"}, {"kind": "open"},
                  {"kind": "bot", "bot": "random"}]})
    page.goto(server.base + table["seats"][0]["link"])
    ready(page)
    expect(page.get_by_test_id("waiting")).to_be_visible()
    report["waiting room"] = violations(page) + other_live_regions(page)
    context.close()
    bad = {where: found for where, found in report.items() if found}
    assert not bad, "\n".join(f"{where}: {line}" for where, lines in bad.items() for line in lines)


def test_e2e_axe_check_does_find_a_violation(browser: Browser, server: Any) -> None:
    """The check above can fail: an unnamed image and a button with no name are caught."""
    context = browser.new_context(viewport=SIZES["desk"])
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_load_state("networkidle")
    page.evaluate("""() => {
        const img = document.createElement("img");
        img.src = "/static/img/sun.svg";
        const button = document.createElement("button");
        document.querySelector("main").append(img, button);
    }""")
    found = " ".join(violations(page))
    assert "image-alt" in found and "button-name" in found, found
    context.close()
