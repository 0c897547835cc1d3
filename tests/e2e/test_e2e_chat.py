"""The table chat in the browser: people chat, names and messages full of markup show as
text, a private message never reaches a third seat nor a spectator, and the chat survives a
server restart."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect

NAMES = ("<img src=x onerror=alert(1)>Anna", "<b>Bert</b> & co", "Chloé")
MARKUP = "<script>window.pwned = 1</script><i>hello</i> &amp; <b>welcome</b>"


def new_match(server: Any, driver: ModuleType, names: tuple[str, ...]) -> list[Any]:
    """A match of humans named ``names``; the seats' links, then the spectator's."""
    created = server.create_match({
        "game": "louis14", "players": len(names), "seed": 3, "practice": True, "language": "en",
        "seats": [{"kind": "human", "name": name} for name in names],
    })
    links = [driver.parse_link(server.base + s["link"]) for s in created["seats"]]
    return [*links, driver.parse_link(server.base + created["spectator"]["link"])]


def open_chat(page: Page) -> None:
    page.click("[data-testid=chat-toggle]")
    expect(page.locator("[data-testid=chat-log]")).to_be_visible()


def write(page: Page, text: str, to: tuple[int, ...] = ()) -> None:
    for seat in to:
        page.check(f"[data-testid=chat-to-{seat}]")
    page.fill("[data-testid=chat-input]", text)
    page.click("[data-testid=chat-send]")
    expect(page.locator("[data-testid=chat-input]")).to_have_value("")
    for seat in to:
        page.uncheck(f"[data-testid=chat-to-{seat}]")


def shown(page: Page) -> list[str]:
    texts = page.locator("[data-testid=chat-text]")
    return [texts.nth(i).text_content() or "" for i in range(texts.count())]


def test_e2e_chat_between_seats_as_text_and_private(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    links = new_match(server, driver, NAMES)
    dialogs: list[str] = []
    errors: list[str] = []
    pages = []
    for link in links:
        page = browser.new_context(viewport=driver.VIEWPORT).new_page()
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.on("pageerror", lambda err: errors.append(str(err)))
        driver.open_match(page, link)
        open_chat(page)
        pages.append(page)
    anna, bert, chloe, spectator = pages

    write(anna, MARKUP)
    for page in pages:
        expect(page.locator("[data-testid=chat-text]")).to_have_text([MARKUP])
        expect(page.locator("[data-testid=chat-name]")).to_have_text([NAMES[0]])
        # Nothing of the message or the name became markup.
        assert page.locator("[data-testid=chat-log] :is(script, i, b, img)").count() == 0
        assert page.evaluate("window.pwned") is None
    # The spectator writes only among spectators: a name, no private recipients.
    expect(spectator.locator("[data-testid=chat-spectator-name]")).to_be_visible()
    assert spectator.locator("[data-testid^=chat-to-]").count() == 0

    write(bert, "only for Anna", to=(0,))
    expect(anna.locator("[data-testid=chat-text]")).to_have_text([MARKUP, "only for Anna"])
    expect(anna.locator(".chat-msg.private .chat-private")).to_contain_text(NAMES[0])
    write(bert, "for everyone again")
    # Messages arrive in order, so once the later public one shows, the private one would
    # have shown before it on a page that could read it.
    for page in (chloe, spectator):
        expect(page.locator("[data-testid=chat-text]")).to_have_text(
            [MARKUP, "for everyone again"])
    expect(bert.locator("[data-testid=chat-text]")).to_have_text(
        [MARKUP, "only for Anna", "for everyone again"])
    # A reload reads the chat afresh over REST: still private.
    chloe.reload()
    chloe.wait_for_selector("body[data-ready='1']")
    expect(chloe.locator("[data-testid=chat-text]")).to_have_text(
        [MARKUP, "for everyone again"])
    assert "only for Anna" not in chloe.content()
    assert dialogs == [] and errors == []
    for page in pages:
        page.context.close()


def test_e2e_chat_survives_a_server_restart(
    browser: Browser, driver: ModuleType, tmp_path: Path,
) -> None:
    workdir = tmp_path / "restart"
    workdir.mkdir()
    with driver.running_server(workdir) as first:
        links = new_match(first, driver, ("Anna", "Bert"))
        page = browser.new_context(viewport=driver.VIEWPORT).new_page()
        driver.open_match(page, links[0])
        open_chat(page)
        write(page, "said before the restart")
        write(page, "just for Bert", to=(1,))
        page.context.close()
    with driver.running_server(workdir) as second:
        pages = []
        for link in links[:2]:
            page = browser.new_context(viewport=driver.VIEWPORT).new_page()
            moved = second.base + "/play/" + link.url.split("/play/", 1)[1]
            driver.open_match(page, driver.parse_link(moved))
            open_chat(page)
            pages.append(page)
        for page in pages:
            expect(page.locator("[data-testid=chat-text]")).to_have_text(
                ["said before the restart", "just for Bert"])
        write(pages[1], "and after it")
        expect(pages[0].locator("[data-testid=chat-text]")).to_have_text(
            ["said before the restart", "just for Bert", "and after it"])
        for page in pages:
            page.context.close()


NO_SOCKETS = """
window.WebSocket = class {
  constructor() { throw new Error('websockets are switched off in this test'); }
};
"""


def test_e2e_chat_arrives_over_rest_without_a_websocket(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """A page whose socket cannot open still receives the table's messages (polled over
    REST) and still never a private message for another seat."""
    links = new_match(server, driver, ("Anna", "Bert", "Chloé"))
    offline = browser.new_context(viewport=driver.VIEWPORT)
    offline.add_init_script(NO_SOCKETS)
    anna = offline.new_page()
    driver.open_match(anna, links[0])
    open_chat(anna)
    assert anna.get_attribute("[data-testid=connection]", "data-state") != "live"
    bert = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_match(bert, links[1])
    open_chat(bert)
    write(bert, "only for Chloé", to=(2,))
    write(bert, "heard without a socket")
    expect(anna.locator("[data-testid=chat-text]")).to_have_text(["heard without a socket"],
                                                                 timeout=15_000)
    write(anna, "and answered over REST")
    expect(bert.locator("[data-testid=chat-text]")).to_have_text(
        ["only for Chloé", "heard without a socket", "and answered over REST"])
    assert "only for Chloé" not in anna.content()
    for page in (anna, bert):
        page.context.close()
