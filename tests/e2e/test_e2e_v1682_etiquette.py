"""Etiquette at a Versailles 1682 table in the browser: two people and two bots; one addresses
the other's courtier wrongly in the chat, the steward (the other person) fines the fault from
the board, the offender's fortune drops by 1,000 livres and the court register shows the fine
on both pages. A private side-room message between them is never delivered to a bot's seat
nor to the spectator (checked after each message)."""

from __future__ import annotations

import time
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, expect

from sunking.games.versailles1682.scenario import seed_for_steward

NAMES = ("Ana", "Bert")




def view_of(server: Any, link: Any) -> dict[str, Any]:
    answer: dict[str, Any] = server.call("GET", f"/api/matches/{link.match_id}", token=link.token)
    return answer


def name_the_courtiers(server: Any, links: list[Any]) -> dict[str, Any]:
    """The people take their first choice until every courtier is named and a person is to
    move (so the bots wait while the test talks); returns Ana's view then."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        views = [view_of(server, link) for link in links]
        named = all(c["family"] for c in views[0]["view"]["courtiers"])
        if named and any(v["legal_actions"] for v in views):
            return views[0]
        for link, answer in zip(links, views, strict=True):
            if answer["legal_actions"] and not named:
                server.call("POST", f"/api/matches/{link.match_id}/actions",
                            {"version": answer["version"], "action": answer["legal_actions"][0]},
                            token=link.token)
        time.sleep(0.05)
    raise AssertionError("the courtiers were not named")


def test_e2e_v1682_the_steward_fines_a_wrong_address_said_in_chat(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "versailles1682", "players": 4, "seed": seed_for_steward(4, 1), "language": "en",
        "practice": True,
        "seats": [*({"kind": "human", "name": n} for n in NAMES),
                  {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    links = [driver.parse_link(server.base + s["link"]) for s in created["seats"][:2]]
    spectator = driver.parse_link(server.base + created["spectator"]["link"])
    before = name_the_courtiers(server, links)
    assert before["view"]["steward"] == 1
    pages = []
    for link in links:
        page = browser.new_context(viewport=driver.VIEWPORT).new_page()
        driver.open_match(page, link)
        expect(page.locator("[data-testid=court]")).to_be_visible()
        page.click("[data-testid=chat-toggle]")
        expect(page.locator("[data-testid=chat-log]")).to_be_visible()
        pages.append(page)
    ana, bert = pages
    # A private word first: the side room is out of the steward's hearing and the bots'.
    ana.check("[data-testid=chat-to-1]")
    expect(ana.locator("[data-testid=chat-address]")).to_be_hidden()
    ana.fill("[data-testid=chat-input]", "Herr Bert, 2,000 livres for your help?")
    ana.click("[data-testid=chat-send]")
    expect(bert.locator("[data-testid=chat-text]", has_text="2,000 livres")).to_be_visible()
    watched = server.call("GET", f"/api/matches/{spectator.match_id}/chat", token=spectator.token)
    assert all("2,000" not in m["text"] for m in watched["messages"])
    assert view_of(server, links[0])["version"] == before["version"], "a private word is no act"
    # Then, at the table, Ana addresses Bert's courtier with a rank the court does not use.
    ana.uncheck("[data-testid=chat-to-1]")
    expect(ana.locator("[data-testid=chat-address]")).to_be_visible()
    ana.select_option("[data-testid=chat-address]", "1")
    ana.fill("[data-testid=chat-input]", "Herr Bert, shall we talk?")
    ana.click("[data-testid=chat-send]")
    expect(ana.locator("[data-testid=chat-input]")).to_have_value("")
    for page in pages:
        expect(page.locator("[data-testid=v-fault]")).to_have_count(1)
    expect(ana.locator("[data-testid=v-fine-0]")).to_have_count(0)  # only the steward fines
    fortune = view_of(server, links[0])["view"]["courtiers"][0]["fortune"]
    right = before["view"]["courtiers"][1]["address"]
    expect(bert.locator("[data-testid=v-fault]")).to_contain_text(right)
    bert.click("[data-testid=v-fine-0]")
    for page in pages:
        expect(page.locator("[data-testid=v-register-line]")).to_have_count(1)
        expect(page.locator("[data-testid=v-register-line]")).to_contain_text("Herr Bert")
    after = view_of(server, links[0])["view"]
    assert after["courtiers"][0]["fortune"] == fortune - 1000
    assert after["register"][0]["offender"] == 0 and after["faults"][0]["fined"]
    expect(bert.locator("[data-testid=v-fine-0]")).to_have_count(0)  # each fault once
    for page in pages:
        assert "{" not in page.inner_text("[data-testid=v-etiquette]")
        page.context.close()
