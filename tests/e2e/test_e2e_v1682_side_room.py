"""The side room of the Versailles 1682 board: a person chooses seats on the board and talks
with them alone in the match chat. Checked on every message: the chosen seats get it, the
third seat never does (neither on its page nor from the server), and table talk reaches
everyone."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect

NAMES = ("Ana", "Bert", "Chloé")


def shown(page: Page) -> list[str]:
    return page.locator("[data-testid=chat-text]").all_inner_texts()


def served(server: Any, link: Any) -> list[str]:
    answer = server.call("GET", f"/api/matches/{link.match_id}/chat", token=link.token)
    return [m["text"] for m in answer["messages"]]


def test_e2e_v1682_a_side_room_message_reaches_only_its_seats(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "versailles1682", "players": 4, "seed": 3, "language": "en",
        "practice": True,  # a seed with people at the table: a practice match
        "seats": [*({"kind": "human", "name": n} for n in NAMES),
                  {"kind": "bot", "bot": "random"}]})
    links = [driver.parse_link(server.base + s["link"]) for s in created["seats"][:3]]
    spectator = driver.parse_link(server.base + created["spectator"]["link"])
    pages = []
    for link in [*links, spectator]:
        page = browser.new_context(viewport=driver.VIEWPORT).new_page()
        driver.open_match(page, link)
        expect(page.locator("[data-testid=court]")).to_be_visible()
        pages.append(page)
    ana, bert, chloe, watcher = pages
    for page in (bert, chloe, watcher):
        page.click("[data-testid=chat-toggle]")
        expect(page.locator("[data-testid=chat-log]")).to_be_visible()
    # Ana withdraws with Bert: chosen on the board, the chat opens with Bert as recipient.
    ana.check("[data-testid=v-room-1]")
    ana.click("[data-testid=v-room-open]")
    expect(ana.locator("[data-testid=chat-input]")).to_be_visible()
    expect(ana.locator("[data-testid=chat-to-1]")).to_be_checked()
    expect(ana.locator("[data-testid=chat-to-2]")).not_to_be_checked()
    private = ["Monsieur de Rohan, a word in private.", "2,000 livres if you ask for me.",
               "Not a word to Chloé."]
    table = "Good evening, all."
    said: list[str] = []
    for text in [private[0], private[1], table, private[2]]:
        if text == table:
            ana.uncheck("[data-testid=chat-to-1]")
        ana.fill("[data-testid=chat-input]", text)
        ana.click("[data-testid=chat-send]")
        expect(ana.locator("[data-testid=chat-input]")).to_have_value("")
        if text == table:
            ana.check("[data-testid=chat-to-1]")
        said.append(text)
        expect(bert.locator("[data-testid=chat-text]", has_text=text)).to_be_visible()
        # Every message: the third seat and the spectator see the table talk only.
        chloe.wait_for_timeout(300)
        for page, link in ((chloe, links[2]), (watcher, spectator)):
            for secret in (t for t in said if t != table):
                assert secret not in served(server, link), f"{secret!r} reached {link.match_id}"
                assert all(secret not in s for s in shown(page)), f"{secret!r} on a third page"
                assert secret not in page.inner_text("body")
        assert set(said) <= set(served(server, links[1])), "Bert hears all of it"
    expect(chloe.locator("[data-testid=chat-text]", has_text=table)).to_be_visible()
    expect(watcher.locator("[data-testid=chat-text]", has_text=table)).to_be_visible()
    assert [t for t in shown(chloe) if t in private] == []
    for page in pages:
        page.context.close()
