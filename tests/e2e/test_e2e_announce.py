"""What a screen reader hears at the table: the live region says the turn, the bot's moves as
the game's presentation words them, other seats' chat, faults; "s" reads what happened since
the person's last move; "?" opens the keys with the pace of announcements. Found by role and
name, as assistive technology finds them."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect


def announced(page: Page, name: str = "Table announcements") -> list[str]:
    region = page.get_by_role("log", name=name)
    return [text.strip() for text in region.locator("p").all_text_contents()]


def test_e2e_the_table_is_heard_turn_moves_chat_summary_and_keys(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    created = server.create_match({
        "game": "louis14", "players": 3, "seed": 11, "practice": True, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"},
                  {"kind": "bot", "bot": "random"}],
    })
    anna, bert = (driver.parse_link(server.base + s["link"]) for s in created["seats"][:2])
    context = browser.new_context(viewport=driver.VIEWPORT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    driver.open_match(page, anna)
    region = page.get_by_role("log", name="Table announcements")
    expect(region).to_be_attached()
    # The connection's coloured dot is drawn for the eye only ("Live", not "● Live").
    expect(page.get_by_test_id("connection")).to_have_text("Live")
    assert "●" not in page.get_by_role("banner").aria_snapshot()

    # Someone else's chat line is read out; the person's own is not.
    server.call("POST", f"/api/matches/{anna.match_id}/chat", token=bert.token,
                body={"text": "Bonjour la cour"})
    expect(region).to_contain_text("Bert says: Bonjour la cour")

    # The turn is said; then every move, whoever made it (Bert by the API, the bot on its
    # own, Anna herself), is heard as the game's presentation words it for Anna.
    driver.wait_for_turn_or_end(page)
    expect(region).to_contain_text("Your turn.")
    start = int(server.call("GET", f"/api/matches/{anna.match_id}", token=anna.token)["version"])
    tokens = {0: anna.token, 1: bert.token}
    for _ in range(10):
        view = server.call("GET", f"/api/matches/{anna.match_id}", token=anna.token)
        if view["status"] != "active":
            break
        mover = view["to_move"]
        if mover not in tokens:
            page.wait_for_timeout(300)  # the bot's turn: it moves by itself
            continue
        seat_view = server.call("GET", f"/api/matches/{anna.match_id}", token=tokens[mover])
        server.call("POST", f"/api/matches/{anna.match_id}/actions", token=tokens[mover],
                    body={"action": seat_view["legal_actions"][0],
                          "version": seat_view["version"]})
    board = server.call("GET", f"/api/matches/{anna.match_id}?lang=en", token=anna.token)["board"]
    fresh = [line["text"] for line in board["log"] if line["n"] > start]
    assert fresh, "moves were made after Anna's turn came"
    for text in fresh:
        expect(region).to_contain_text(text)

    # Another language brings the log again in other words: nothing of it is news. (First
    # the bot's turn is let finish and the page catch up, so nothing new happens meanwhile.)
    for _ in range(100):
        view = server.call("GET", f"/api/matches/{anna.match_id}", token=anna.token)
        if view["to_move"] in tokens or view["status"] != "active":
            break
        page.wait_for_timeout(100)
    page.wait_for_selector(f"body[data-version='{view['version']}']")
    page.wait_for_timeout(500)
    said = len(announced(page))
    driver.set_language(page, "de")
    expect(page.get_by_role("log", name="Ansagen am Tisch")).to_be_attached()
    page.wait_for_timeout(1500)
    german = announced(page, "Ansagen am Tisch")
    assert len(german) == said, german[said:]
    driver.set_language(page, "en")

    # "s": what happened since the last move, read now.
    page.locator("body").focus()
    page.keyboard.press("s")
    expect(region.locator("p").last).to_contain_text("Lately, ")

    # "?": the keys, and the pace kept in this browser.
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_be_visible()
    pace = dialog.get_by_label("Announcements")
    pace.select_option("off")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("localStorage.getItem('sunking.announce.pace')") == "off"
    assert errors == []
    context.close()


def test_e2e_shortcuts_work_with_alt_shift_and_single_keys_can_be_turned_off(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """A screen reader in browse mode keeps single letters: every shortcut also works with
    Alt+Shift (even from a text field), the summary has its own button, and the single
    letters can be turned off (then "d" does nothing)."""
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 3, "practice": True, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}],
    })
    anna = driver.parse_link(server.base + created["seats"][0]["link"])
    context = browser.new_context(viewport=driver.VIEWPORT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    driver.open_match(page, anna)
    driver.wait_for_turn_or_end(page)
    region = page.get_by_role("log", name="Table announcements")
    lines = region.locator("p")

    since = page.get_by_role("button", name="Since my move")
    expect(since).to_have_attribute("aria-keyshortcuts", "s Alt+Shift+S")
    said = lines.count()
    since.press("Enter")
    expect(lines).to_have_count(said + 1)
    expect(lines.last).to_contain_text("Lately, ")  # no move of Anna's yet

    # From the chat's text box: "s" is a letter typed, Alt+Shift+S the summary.
    page.keyboard.press("Alt+Shift+W")
    box = page.get_by_role("complementary", name="Table chat").get_by_role("textbox")
    expect(box).to_be_focused()
    page.keyboard.press("s")
    expect(box).to_have_value("s")
    page.keyboard.press("Alt+Shift+S")
    expect(lines).to_have_count(said + 2)
    box.fill("")

    # Single letters turned off in the Keys dialog (opened by Alt+Shift+?).
    page.keyboard.press("Alt+Shift+Slash")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("row", name="s Alt+Shift+S")).to_be_visible()
    single = "Single keys (without Alt+Shift) act as shortcuts"
    dialog.get_by_role("checkbox", name=single).uncheck()
    page.keyboard.press("Escape")
    assert page.evaluate("localStorage.getItem('sunking.keys.letters')") == "off"
    game = page.get_by_role("main")
    page.get_by_role("link", name="Skip to the game").focus()
    page.keyboard.press("Enter")
    expect(game).to_be_focused()
    page.keyboard.press("d")
    expect(game).to_be_focused()
    page.keyboard.press("Alt+Shift+D")  # the decision's title: what is asked is read first
    expect(game.get_by_role("heading", name=re.compile("^Your turn: "))).to_be_focused()
    # The board took a tabindex only while it had the focus (a focusable container is, to
    # Chromium, a clickable ancestor of every text in it: Orca says "clickable" after each).
    expect(game).not_to_have_attribute("tabindex", "-1")

    # A move made on the page (a card, a tile, "Place stones"): the summary starts after it.
    game.get_by_role("region", name="You: Anna").get_by_role("button").first.press("Enter")
    game.get_by_role("group", name="The court").get_by_role("button").first.press("Enter")
    game.get_by_role("button", name=re.compile(r"^Place stones \(1\)")).press("Enter")
    expect(lines.last).to_have_text("Your turn.", timeout=20_000)
    page.keyboard.press("Alt+Shift+S")
    expect(lines.last).to_contain_text("Since your last move, ")
    expect(lines.last).to_contain_text("Bot: random (2) ")
    assert errors == []
    context.close()


def test_e2e_the_replay_is_a_named_region_and_each_step_shown_is_heard(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """The replay's controls are a region named by its heading; its slider says the step in
    words; each step shown is announced with its position and its moves."""
    created = server.create_match({
        "game": "louis14", "players": 2, "seed": 4, "practice": True, "language": "en",
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}],
    })
    anna = driver.parse_link(server.base + created["seats"][0]["link"])
    view = server.call("GET", f"/api/matches/{anna.match_id}", token=anna.token)
    server.call("POST", f"/api/matches/{anna.match_id}/actions", token=anna.token,
                body={"action": view["legal_actions"][0], "version": view["version"]})
    context = browser.new_context(viewport=driver.VIEWPORT)
    page = context.new_page()
    page.goto(f"{server.base}/play/{anna.match_id}?replay=1#t={anna.token}")
    bar = page.get_by_role("region", name="Replay")
    slider = bar.get_by_role("slider", name="Position in the match")
    expect(slider).to_have_attribute("aria-valuetext", re.compile(r"^Step 1 of \d+"))
    region = page.get_by_role("log", name="Table announcements")
    expect(region.locator("p").last).to_contain_text("Step 1 of ")
    bar.get_by_role("button", name="Step forward").press("Enter")
    expect(slider).to_have_attribute("aria-valuetext", re.compile(r"^Step 2 of \d+"))
    board = server.call("GET", f"/api/matches/{anna.match_id}?lang=en", token=anna.token)["board"]
    first_move = next(line["text"] for line in board["log"] if line["n"] == 1)
    expect(region.locator("p").last).to_contain_text("Step 2 of ")
    expect(region.locator("p").last).to_contain_text(first_move)
    context.close()


SUMMARY_ACROSS_LANGUAGES_JS = """
async () => {
  const { Announcer } = await import('/static/js/announce.js');
  const region = document.createElement('div');
  document.body.append(region);
  sessionStorage.clear();
  const announcer = new Announcer(region, 'summary-test');
  const log = (words) => ({ version: 3, status: 'active',
                            board: { log: [{ n: 1, text: `${words} one` },
                                           { n: 2, text: `${words} two` }] } });
  const last = () => region.lastElementChild.textContent;
  announcer.view(log('old'), false, String);
  const said = [];
  // The language changes; the log in the new words has not come yet.
  announcer.relanguage();
  announcer.summary();
  said.push(last());
  // It comes: the summary reads it, once (the old words do not linger beside it).
  announcer.view(log('new'), false, String);
  announcer.summary();
  said.push(last());
  return said;
}
"""


def test_e2e_the_summary_is_not_empty_while_the_log_comes_in_new_words(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """Pressing "s" just after a change of language, before the match's log has come again in
    the new words, still reads the latest lines (it once said that nothing had happened)."""
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(page, server.base, "en")
    before, after = page.evaluate(SUMMARY_ACROSS_LANGUAGES_JS)
    assert before.startswith("Lately, ") and "old two" in before, before
    assert after.startswith("Lately, ") and "new one" in after and "old" not in after, after
    page.context.close()
