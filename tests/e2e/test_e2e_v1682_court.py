"""Versailles 1682 on its court board in the browser: one person and three bots play a
4-player match to the end through the board (picking cards, then their moves; talking in
the chat; paying for a favour — an offer a bot accepts — and paying or showing cards in the
negotiation when the engine offers it), with the
court, the families and the hand in words at every decision; `?board=generic` still opens
the generic screen."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect

KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\.[a-z0-9_]+")
MAX_DECISIONS = 500
SEED = 5
G = "versailles1682"


def check_court(page: Page, server: Any, link: Any, where: str) -> dict[str, Any]:
    """The page shows the match as the server has it, in words: the hand by name, every
    family with its fortune, the court, no text key, JSON or placeholder."""
    match: dict[str, Any] = server.call("GET", f"/api/matches/{link.match_id}?lang=en",
                                        token=link.token)
    assert page.evaluate("document.body.dataset.version") == str(match["version"]), where
    text = page.inner_text("body")
    for bad in ("{", '"type"', "undefined", "null", "NaN", G):
        assert bad not in text, f"{where}: the page shows {bad!r}"
    found = KEY.search(text)
    assert found is None, f"{where}: the page shows the key {found.group(0)!r}"
    view = match["view"]
    names = [c["name"] for c in match["board"]["hand"]]
    shown = page.locator("[data-testid=v-hand-card] .v-card-name").all_inner_texts()
    assert shown == names, f"{where}: hand {shown} != {names}"
    for c in view["courtiers"]:
        family = page.locator(f"[data-testid=v-family-{c['seat']}]")
        expect(family).to_be_visible()
        fortune = family.locator(f"[data-testid=v-fortune-{c['seat']}]").inner_text()
        assert f"{c['fortune']:,}" in fortune, f"{where}: fortune {c['fortune']} not in {fortune!r}"
    expect(page.locator("[data-testid=court]")).to_be_visible()
    return match


def talk(page: Page, text: str) -> None:
    page.click("[data-testid=chat-toggle]")
    page.fill("[data-testid=chat-input]", text)
    page.click("[data-testid=chat-send]")
    expect(page.locator("[data-testid=chat-text]", has_text=text)).to_be_visible()
    page.click("[data-testid=chat-toggle]")


def test_e2e_v1682_a_person_and_three_bots_play_to_the_end_on_the_court(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    context = browser.new_context(viewport=driver.VIEWPORT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    # A fixed seed (one person at the table may choose it): the match lasts long enough
    # for the person to negotiate; bots and dice follow the seed, so the run is the same.
    created = server.create_match({
        "game": G, "players": 4, "seed": SEED, "language": "en",
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    link = driver.parse_link(server.base + created["seats"][0]["link"])
    assert link is not None
    driver.open_match(page, link)
    expect(page.locator("[data-testid=court]")).to_be_visible()
    decisions = picked = negotiated = paid = offers = 0
    talked = offered = accepted = False
    while True:
        assert decisions < MAX_DECISIONS, "the match does not end"
        driver.wait_for_turn_or_end(page)
        if driver.is_over(page):
            break
        where = f"decision {decisions}"
        match = check_court(page, server, link, where)
        if not talked and match["view"]["phase"] == "negotiation":
            talk(page, "Madame, a word at the table.")
            talked = True
        before = driver.version(page)
        offer = page.locator("[data-testid=prompt] .choice[data-type=offer]:enabled")
        if not accepted and offer.count():
            # Pay for a favour: the largest sum offered for it, until a bot accepts one.
            button = offer.last
            group = button.locator("xpath=ancestor::details[1]")
            if group.count() and group.get_attribute("open") is None:
                group.locator("summary").click()
            answered = page.locator("[data-testid=v-negotiation] li",
                                    has_text=re.compile("accepts the offer|declines the offer"))
            answers = answered.count()  # an earlier offer's answer may still be listed
            button.click()
            driver.wait_for_change(page, before)
            offers += 1
            expect(answered).not_to_have_count(answers)  # the bot answers this offer at once
            lines = server.call("GET", f"/api/matches/{link.match_id}?lang=en",
                                token=link.token)["board"]["negotiation"]
            accepted = any("accepts the offer of Ana" in line for line in lines)
            if accepted:
                # The promise bought is listed for Ana, in the words the server gives it.
                promised = server.call("GET", f"/api/matches/{link.match_id}?lang=en",
                                       token=link.token)["board"]["promises"]
                assert len(promised) == 1 and "promised you" in promised[0], promised
                expect(page.locator("[data-testid=v-promises] li")).to_have_text(promised)
            negotiated += 1
            decisions += 1
            continue
        pay = page.locator("[data-testid=prompt] .choice[data-type=pay]:enabled")
        show = page.locator("[data-testid=prompt] .choice[data-type=show]:enabled")
        cards = page.locator("[data-testid=v-hand-card].v-playable")
        offered = offered or pay.count() > 0
        paying = not paid and pay.count() > 0
        if paying or (not negotiated and show.count()):
            # A payment for a favour (or a shown card) as the engine offers it; the
            # negotiation panel then tells it.
            told = page.locator("[data-testid=v-negotiation] li").count()
            button = (pay if paying else show).first
            group = button.locator("xpath=ancestor::details[1]")
            if group.count() and group.get_attribute("open") is None:
                group.locator("summary").click()  # a folded kind of move: unfold it
            button.click()
            driver.wait_for_change(page, before)
            expect(page.locator("[data-testid=v-negotiation] li")).not_to_have_count(told)
            negotiated += 1
            paid += paying
            decisions += 1
            continue
        elif decisions % 2 and cards.count() and page.locator("[data-testid=v-group]").count():
            # Many moves: pick a card of the hand, then one of its moves.
            cards.nth(decisions % cards.count()).click()
            moves = page.locator("[data-testid=v-card-moves] .choice:enabled")
            expect(moves.first).to_be_visible()
            texts = set(moves.all_inner_texts())
            assert texts <= {a["text"] for a in match["board"]["actions"]}, where
            moves.nth(decisions % moves.count()).click()
            picked += 1
        else:
            driver.decide_court(page, decisions)
        driver.wait_for_change(page, before)
        decisions += 1
    page.wait_for_selector("[data-testid=final-table]")
    final = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
    assert final["status"] == "finished"
    table = page.inner_text("[data-testid=final-table]")
    for row in final["board"]["result"]["rows"]:
        assert row["name"] in table and row["score"] in table
    chat = server.call("GET", f"/api/matches/{link.match_id}/chat", token=link.token)
    assert talked and any(m["text"] == "Madame, a word at the table." for m in chat["messages"])
    assert decisions > 10 and picked > 0 and negotiated > 0, (decisions, picked, negotiated)
    assert paid > 0 or not offered, "a payment was offered but never made"
    assert accepted, f"no bot accepted any of Ana's {offers} offers for a favour"
    # The bots' moves were marked: the last move is told above the prompt.
    assert errors == []
    # `?board=generic` keeps the generic screen for Versailles 1682.
    driver.open_match(page, driver.SeatLink(link.url.replace("#", "?board=generic#"),
                                            link.match_id, link.token))
    assert page.locator("[data-testid=court]").count() == 0
    page.wait_for_selector("[data-testid=final-table]")
    context.close()


def test_e2e_v1682_the_last_move_and_the_dice_are_shown(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """After bots moved, the board tells their last move and the dice rolled, and marks
    the families the move changed."""
    context = browser.new_context(viewport=driver.VIEWPORT)
    page = context.new_page()
    created = server.create_match({
        "game": G, "players": 4, "seed": 5, "language": "en",
        "seats": [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "random"}] * 3})
    link = driver.parse_link(server.base + created["seats"][0]["link"])
    driver.open_match(page, link)
    for n in range(60):
        driver.wait_for_turn_or_end(page)
        match = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
        rolled = [e for e in match["events"] if "roll" in e or "rolls" in e]
        if rolled and page.locator("[data-testid=v-last-move]").is_visible():
            dice = page.inner_text("[data-testid=v-dice]")
            last = rolled[-1]
            values = last["rolls"] if isinstance(last.get("rolls"), list) else \
                [last.get("rolls", last.get("roll"))]
            for value in values:
                assert str(value) in dice
            return
        before = driver.version(page)
        driver.decide_court(page, n)
        driver.wait_for_change(page, before)
    raise AssertionError("no roll of the dice in sixty decisions")
