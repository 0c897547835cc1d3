"""Screenshots of the browser client in every language, and a check that texts fit their boxes.

``python scripts/screenshots.py --out DIR`` starts ``sunking serve`` on a free port, creates
matches through the lobby and plays them by clicking, and saves PNGs of the lobby, the match
screen mid-game with a prompt open, the evaluation account, the final table and the replay
viewer, in English, Dutch, French, German and Czech, the generic screen of every game the
server offers at a phone's size (390x844), and the Vive le Roi board at 1400x1000 and
390x844, and the AI coach's hint, review and replay step at 1280x800 and 390x844 under
``DIR/coach`` (``scripts/coach_screens.py``). On every screen it checks in the page
that no text overflows its box; it exits with status 1 listing every overflow.

The module is also the browser driver of the end-to-end tests (``tests/e2e``): starting the
server, launching Chromium, creating a match from the lobby, deciding by clicking, and the
overflow check.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any
from urllib.parse import unquote, urlparse

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
LANGUAGES = ("en", "nl", "fr", "de", "cs")
SERVER_START_SECONDS = 60
VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}
TURN_TIMEOUT_MS = 60_000


# --- the server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def sunking_command() -> list[str]:
    """The ``sunking`` command of this Python environment."""
    script = Path(sys.executable).with_name("sunking")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "sunking.cli"]


@dataclass
class Server:
    """A running ``sunking serve`` and a small JSON client for it."""

    base: str
    process: subprocess.Popen[bytes]
    log: Path

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        """Call the API; raises ``urllib.error.HTTPError`` for a refused request."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read().decode() or "null")


    def create_match(self, body: dict[str, Any]) -> Any:
        """Create a match, then claim every other person's seat through its invitation (as
        each person would): the answer's seats each carry their ``token`` and ``link``."""
        created = self.call("POST", "/api/matches", body)
        for seat in created["seats"]:
            if "invitation" in seat:
                claimed = self.call("POST", f"/api/matches/{created['match_id']}/claim",
                                    {"invitation": seat["invitation"]})
                seat["token"], seat["link"] = claimed["token"], claimed["link"]
        return created


def start_server(workdir: Path, bot_delay: float = 0.0) -> Server:
    """Start ``sunking serve`` with its data under ``workdir`` and wait until it answers
    (bots move ``bot_delay`` seconds after their turn comes).

    Raises RuntimeError (with the server's output) when it exits or does not answer.
    """
    port = free_port()
    log = workdir / "server.log"
    data = workdir / "data"
    # Every match of a test run comes from one address: no rate limits.
    env = dict(os.environ, SUNKING_DATA_DIR=str(data), SUNKING_RATE_CREATE="0",
               SUNKING_RATE_ACTIONS="0", SUNKING_RATE_CLAIM="0")
    env.pop("SUNKING_DATABASE_URL", None)
    with log.open("wb") as handle:
        process = subprocess.Popen(
            [*sunking_command(), "serve", "--host", "127.0.0.1", "--port", str(port),
             "--data-dir", str(data), "--bot-delay", str(bot_delay)],
            stdout=handle, stderr=subprocess.STDOUT, env=env,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"sunking serve exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(base + "/api/games", timeout=2) as response:
                if response.status == 200:
                    return Server(base, process, log)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError(f"sunking serve did not answer in {SERVER_START_SECONDS} s:\n"
                       f"{log.read_text()}")


def stop_server(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=15)


@contextmanager
def running_server(workdir: Path, bot_delay: float = 0.0) -> Iterator[Server]:
    server = start_server(workdir, bot_delay)
    try:
        yield server
    finally:
        stop_server(server)


def launch_browser(playwright: Any) -> Browser:
    """Debian's Chromium, headless; raises FileNotFoundError when it is not installed."""
    if not Path(CHROMIUM).exists():
        raise FileNotFoundError(f"{CHROMIUM} is missing: install Debian's chromium")
    browser: Browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
    )
    return browser


# --- driving the pages --------------------------------------------------------------------


@dataclass(frozen=True)
class SeatLink:
    """A seat's (or the spectator's) secret link."""

    url: str
    match_id: str
    token: str


def parse_link(url: str) -> SeatLink:
    parsed = urlparse(url)
    token = unquote(parsed.fragment.partition("t=")[2])
    match_id = unquote(parsed.path.rstrip("/").rsplit("/", 1)[-1])
    return SeatLink(url, match_id, token)


def open_lobby(page: Page, base: str, lang: str | None = None) -> None:
    """Open the lobby (in ``lang`` if given) and wait until it is drawn."""
    if lang:
        page.goto(base + "/")
        page.evaluate("lang => localStorage.setItem('sunking.lang', lang)", lang)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready='1']")


def create_match(page: Page, base: str, seats: list[dict[str, str]],
                 lang: str | None = None,
                 game: str | None = None) -> tuple[list[SeatLink | None], SeatLink]:
    """Create a match (of ``game``, else the lobby's first game) through the lobby form (see
    :func:`submit_match`)."""
    open_lobby(page, base, lang)
    if game is not None:
        page.select_option("#game", game)
    return submit_match(page, seats)


def submit_match(page: Page, seats: list[dict[str, str]]) -> tuple[list[SeatLink | None],
                                                                    SeatLink]:
    """Fill the seats of the lobby's form (already open, its other choices made) and create.

    ``seats`` holds ``{"kind": "human", "name": ...}``, ``{"kind": "bot", "bot": ...}`` or
    ``{"kind": "open"}`` per seat. Returns each human seat's link (None for the others; the
    seats of the other people claimed through their invitations) and the spectator's link.
    """
    page.select_option("#players", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"[data-testid=seat-kind-{i}]", seat["kind"])
        if seat["kind"] == "human":
            page.fill(f"[data-testid=seat-name-{i}]", seat.get("name", f"Player {i + 1}"))
        elif seat["kind"] == "bot":
            page.select_option(f"[data-testid=seat-bot-{i}]", seat["bot"])
    shown = page.locator("[data-testid=spectator-link]")
    before = shown.get_attribute("href") if shown.count() else None
    page.click("#create")
    # This match's links, not those of a match created before from the same page.
    page.wait_for_function("""(before) => {
      const link = document.querySelector('[data-testid=spectator-link]');
      return link !== null && link.getAttribute('href') !== before;
    }""", arg=before)
    links: list[SeatLink | None] = []
    for i, seat in enumerate(seats):
        if seat["kind"] != "human":
            links.append(None)
        elif page.locator(f"[data-testid=seat-link-{i}]").count():
            href = page.get_attribute(f"[data-testid=seat-link-{i}]", "href")
            assert href, f"no link for seat {i}"
            links.append(parse_link(href))
        else:
            invitation = page.get_attribute(f"[data-testid=invite-link-{i}]", "href")
            assert invitation, f"no invitation for seat {i}"
            links.append(claim_seat(page, invitation))
    spectator = page.get_attribute("[data-testid=spectator-link]", "href")
    assert spectator
    return links, parse_link(spectator)


def play_a_match_out(context: BrowserContext, page: Page, base: str, name: str) -> None:
    """The person signed in in ``context`` creates a two-player Louis XIV match against the
    random bot and plays his first legal move until it has finished."""
    csrf = {c["name"]: c["value"] for c in context.cookies()}["sunking_csrf"]
    created = page.request.post(f"{base}/api/matches", headers={"X-CSRF-Token": csrf}, data={
        "game": "louis14", "players": 2,
        "seats": [{"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}]},
    ).json()
    path = f"{base}/api/matches/{created['match_id']}"
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    while True:
        view = page.request.get(path, headers=headers).json()
        if view["status"] == "finished":
            return
        if view["to_move"] == 0:
            page.request.post(f"{path}/actions", headers=headers, data={
                "version": view["version"], "action": view["legal_actions"][0]})
        else:
            page.wait_for_timeout(20)  # the bot's move


def claim_seat(page: Page, invitation: str) -> SeatLink:
    """Claim the seat of an invitation link, as its person would (through the API, not in
    ``page``'s browser), and return the seat's own link."""
    parsed = urlparse(invitation)
    match_id = unquote(parsed.path.rstrip("/").rsplit("/", 1)[-1])
    code = unquote(parsed.fragment.partition("i=")[2])
    answer = page.request.post(f"{parsed.scheme}://{parsed.netloc}/api/matches/{match_id}/claim",
                               data={"invitation": code})
    assert answer.status == 201, answer.text()
    token = answer.json()["token"]
    return SeatLink(f"{parsed.scheme}://{parsed.netloc}/play/{match_id}#t={token}", match_id,
                    token)


def open_match(page: Page, link: SeatLink) -> None:
    page.goto(link.url)
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("[data-testid=prompt]")


def is_over(page: Page) -> bool:
    return page.locator("[data-testid=final-table]").count() > 0


def my_turn(page: Page) -> bool:
    return page.locator("[data-testid=prompt].my-turn").count() > 0


def version(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.version"))


def choose_card(page: Page, n: int) -> bool:
    """Choose one of the playable influence cards; False when none is to be chosen."""
    cards = page.locator("[data-testid=hand] .hand-card.selectable")
    if not cards.count() or page.locator("[data-testid=hand] .hand-card.chosen").count():
        return False
    cards.nth(n % cards.count()).click()
    return True


def place_stones(page: Page, n: int) -> None:
    """With a card chosen: click up to three offered tiles along the path, then place (or
    take stones back when no stone can be placed)."""
    for i in range(1 + n % 3):
        options = page.locator("svg.court .tile-option")
        count = options.count()
        if not count:
            break
        options.nth((n + i) % count).click()
    place = page.locator("[data-testid=place]")
    if place.count() and place.is_enabled():
        place.click()
    else:
        page.locator("[data-testid=retrieve]").click()
        page.locator("[data-testid=retrieve-confirm]").click()


def decide(page: Page, n: int) -> None:
    """Make the pending decision of this page's seat by clicking what the page offers.

    ``n`` varies the choice: the n-th card, tile or button (modulo how many are offered).
    """
    if choose_card(page, n):
        place_stones(page, n)
        return
    options = page.locator("svg.court .tile-option")
    if options.count():
        options.nth(n % options.count()).click()
        return
    choices = page.locator("[data-testid=prompt] .choice:enabled")
    count = choices.count()
    assert count, f"nothing to click in the prompt: {page.inner_text('[data-testid=prompt]')}"
    choices.nth(n % count).click()


def wait_for_change(page: Page, before: str, timeout_ms: int = TURN_TIMEOUT_MS) -> None:
    """Wait until the page shows a newer version; raises AssertionError with the page's error
    message when it does not."""
    try:
        page.wait_for_function("v => document.body.dataset.version !== v", arg=before,
                               timeout=timeout_ms)
    except Exception as err:  # playwright's TimeoutError
        toast = page.locator("[data-testid=error]")
        message = toast.inner_text() if toast.count() and toast.is_visible() else "no message"
        raise AssertionError(f"the match did not move on from version {before}: {message}") from err


def check_final_table(page: Page, server: Server, link: SeatLink) -> None:
    """The page's final table as the server describes the finished match: every player by
    name and each of the game's scoring tables, in words, with its title and lines."""
    page.wait_for_selector("[data-testid=final-table]")
    final = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
    assert final["status"] == "finished"
    table = page.inner_text("[data-testid=final-table]")
    for row in final["board"]["players"]:
        assert row["name"] in table
    scoring = final["board"]["result"]["scoring"]
    assert page.locator("[data-testid=scoring-table]").count() == len(scoring) > 0
    for section in scoring:
        assert section["title"] in table
        assert all(line["label"] in table for line in section["lines"])


def open_replay_middle(page: Page, base: str, link: SeatLink, seat: int,
                       query: str = "") -> None:
    """Open the finished match's replay (``query`` added to its address) at its middle
    frame, as ``seat`` saw it."""
    page.goto(f"{base}/play/{link.match_id}?replay=1{query}#t={link.token}")
    page.wait_for_selector("[data-testid=replay-bar]")
    slider = page.locator("[data-testid=replay-slider]")
    slider.fill(str(int(slider.get_attribute("max") or "0") // 2))
    page.select_option("[data-testid=replay-seat]", str(seat))


def wait_for_turn_or_end(page: Page, timeout_ms: int = TURN_TIMEOUT_MS) -> None:
    page.wait_for_selector("[data-testid=prompt].my-turn, [data-testid=final-table]",
                           timeout=timeout_ms)


def play_until(page: Page, done: Callable[[Page], bool], start: int = 0,
               on_decision: Callable[[Page, int], None] | None = None,
               max_decisions: int = 2000) -> int:
    """Decide for this page's seat until ``done(page)`` or the match is over; returns the
    number of decisions made (plus ``start``)."""
    n = start
    while not done(page) and not is_over(page):
        wait_for_turn_or_end(page)
        if done(page) or is_over(page):
            break
        if on_decision:
            on_decision(page, n)
        before = version(page)
        decide(page, n)
        wait_for_change(page, before)
        n += 1
        assert n - start < max_decisions, "the match did not end"
    return n


# --- texts that do not fit their boxes ----------------------------------------------------

OVERFLOW_JS = """
() => {
  const out = [];
  const seen = new Set();
  const canvas = document.createElement('canvas').getContext('2d');
  // Visually hidden by a rule of a narrow screen (clipped to nothing, as .sr-only is).
  const clippedAway = (el) => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      if (getComputedStyle(node).clipPath === 'inset(50%)') return true;
    }
    return false;
  };
  const report = (el, text, need, have) => out.push({tag: el.tagName.toLowerCase(),
    cls: String(el.className || ''), text: text.slice(0, 80), scrollWidth: Math.ceil(need),
    clientWidth: Math.floor(have), scrollHeight: el.scrollHeight, clientHeight: el.clientHeight});
  for (const el of document.querySelectorAll('body *')) {
    // Hidden from the eye on purpose: text only a screen reader reads.
    if (el.closest('svg') || el.closest('[hidden]') || el.closest('.sr-only')) continue;
    if (clippedAway(el)) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const rect = el.getBoundingClientRect();
    if (!rect.width || !rect.height) continue;
    if (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type)) continue;  // no text
    if (el.tagName === 'SELECT' || el.tagName === 'INPUT') {
      // Their text is not in the layout: measure it against the room inside the box.
      const shown = el.tagName === 'SELECT'
        ? (el.options[el.selectedIndex] || {}).text || '' : el.value || el.placeholder || '';
      if (!shown) continue;
      canvas.font = style.font;
      const need = canvas.measureText(shown).width;
      const arrow = el.tagName === 'SELECT' ? 18 : 0;
      const have = el.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight) - arrow;
      if (need > have + 1) report(el, shown, need, have);
      continue;
    }
    const text = (el.innerText || '').trim();
    if (!text) continue;
    const clipsX = ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX);
    const clipsY = ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowY);
    const scrolls = ['auto', 'scroll'].includes(style.overflowX)
      || ['auto', 'scroll'].includes(style.overflowY);
    const control = ['BUTTON', 'SELECT', 'INPUT', 'A', 'LABEL', 'TH', 'TD', 'SPAN', 'P',
      'H1', 'H2', 'H3', 'LI', 'STRONG'].includes(el.tagName);
    if (scrolls && !control) continue;  // scrolling panels (the log) may be longer
    const overX = el.scrollWidth > el.clientWidth + 1;
    const overY = el.scrollHeight > el.clientHeight + 1;
    const clipped = (overX && (clipsX || control)) || (overY && clipsY);
    // A child sticking out of its parent's right edge also overflows visually.
    const parent = el.parentElement;
    let sticksOut = false;
    if (parent && !['BODY', 'HTML'].includes(parent.tagName)) {
      const p = parent.getBoundingClientRect();
      const ps = getComputedStyle(parent);
      if (!['auto', 'scroll'].includes(ps.overflowX) && el.children.length === 0) {
        sticksOut = rect.right > p.right + 2 && p.width > 0;
      }
    }
    if (el.children.length === 0 && rect.right > window.innerWidth + 1) sticksOut = true;
    if (clipped || sticksOut) {
      const key = el.tagName + '|' + text.slice(0, 60);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({tag: el.tagName.toLowerCase(), cls: String(el.className || ''),
        text: text.slice(0, 80), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
        scrollHeight: el.scrollHeight, clientHeight: el.clientHeight});
    }
  }
  return out;
}
"""


def find_overflow(page: Page) -> list[dict[str, Any]]:
    """Every visible text element whose text does not fit its box."""
    found: list[dict[str, Any]] = page.evaluate(OVERFLOW_JS)
    return found


def open_menu(page: Page) -> bool:
    """Unfold the play page's header tools where they fold behind "Menu" (a phone); whether
    this unfolded them."""
    button = page.locator("[data-testid=menu-button]")
    if button.count() and button.is_visible() and button.get_attribute("aria-expanded") != "true":
        button.click()
        return True
    return False


def set_language(page: Page, lang: str) -> None:
    """Switch the page's language with its own language switch (folding the header's tools
    again where it had to unfold them)."""
    opened = open_menu(page)
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    if opened:
        page.locator("[data-testid=menu-button]").click()


# --- the screenshot run -------------------------------------------------------------------


@dataclass
class Shot:
    name: str
    lang: str
    path: Path
    overflow: list[dict[str, Any]]


SETTLED_JS = """() => new Promise((r) => {
  const rest = () => (document.querySelector('.flight') ? requestAnimationFrame(rest)
    : requestAnimationFrame(() => requestAnimationFrame(r)));
  rest();
})"""
"""Resolves once the page is at rest: what flies to its new place (js/motion.js) has landed
and two frames have been drawn since."""


def settle(page: Page) -> None:
    """Wait until ``page`` is at rest (``SETTLED_JS``)."""
    page.evaluate(SETTLED_JS)


def snap(page: Page, out: Path, name: str, lang: str, shots: list[Shot],
         full_page: bool = True, at_rest: bool = True) -> None:
    """Save ``page`` as ``<name>-<lang>.png`` (at rest unless told: what flies has landed)
    and note the texts that overflow their boxes."""
    page.wait_for_timeout(150)
    if at_rest:
        settle(page)
    path = out / f"{name}-{lang}.png"
    page.screenshot(path=str(path), full_page=full_page)
    shots.append(Shot(name, lang, path, find_overflow(page)))


def shoot(prefix: str, take: Callable[[Browser, Server], list[Shot]]) -> int:
    """Start a server and Chromium, ``take`` the screenshots, print every file written and
    every text that overflows its box; the exit status (1 with an overflow)."""
    with (
        TemporaryDirectory(prefix=prefix) as tmp,
        running_server(Path(tmp)) as server,
        sync_playwright() as playwright,
    ):
        browser = launch_browser(playwright)
        try:
            taken = take(browser, server)
        finally:
            browser.close()
    for shot in taken:
        print(shot.path)
        for item in shot.overflow:
            print(f"  OVERFLOW <{item['tag']} class='{item['cls']}'> {item['text']!r}")
    return 1 if any(shot.overflow for shot in taken) else 0


def has_evaluation(page: Page) -> bool:
    return page.locator("[data-testid=account]:not([hidden])").count() > 0


def in_mission_phase(page: Page) -> bool:
    return has_evaluation(page) and my_turn(page)


def screens(browser: Browser, server: Server, out: Path, langs: tuple[str, ...]) -> list[Shot]:
    """Play one match (one human, three bots) and take every screen in every language."""
    shots: list[Shot] = []
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    for lang in langs:
        open_lobby(page, server.base, lang)
        snap(page, out, "lobby", lang, shots)
    links, _ = create_match(page, server.base, [
        {"kind": "human", "name": "Anne-Marguerite"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "random"},
    ], langs[0])
    seat = links[0]
    assert seat is not None
    snap(page, out, "lobby-links", langs[0], shots)
    open_match(page, seat)
    wait_for_turn_or_end(page)
    # Mid-game with a card chosen and the stones being placed.
    choose_card(page, 0)
    options = page.locator("svg.court .tile-option")
    if options.count():
        options.first.click()
    for lang in langs:
        set_language(page, lang)
        snap(page, out, "turn", lang, shots)
    page.locator("[data-testid=cancel]").click()
    # On to the first evaluation: the account with its highlights.
    n = play_until(page, has_evaluation)
    page.wait_for_timeout(300)
    for lang in langs:
        set_language(page, lang)
        snap(page, out, "evaluation", lang, shots)
    # A mission-phase prompt (if this seat gets one in round 1).
    n = play_until(page, lambda p: my_turn(p) and p.locator(
        "[data-testid=prompt] .choice").count() > 0 and not p.locator(
        "[data-testid=hand] .hand-card.selectable").count(), start=n)
    if not is_over(page):
        for lang in langs:
            set_language(page, lang)
            snap(page, out, "prompt", lang, shots)
    play_until(page, lambda p: False, start=n)
    page.wait_for_selector("[data-testid=final-table]")
    for lang in langs:
        set_language(page, lang)
        snap(page, out, "final", lang, shots)
    page.goto(f"{server.base}/play/{seat.match_id}?replay=1#t={seat.token}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("[data-testid=replay-bar]")
    slider = page.locator("[data-testid=replay-slider]")
    middle = int(slider.get_attribute("max") or "0") // 2
    slider.fill(str(middle))
    for lang in langs:
        set_language(page, lang)
        snap(page, out, "replay", lang, shots)
    context.close()
    return shots


PHONE: ViewportSize = {"width": 390, "height": 844}


def decide_generic(page: Page, n: int) -> None:
    """Click the n-th choice of the generic screen (opening its folded group first)."""
    choices = page.locator("[data-testid=prompt] .choice:enabled")
    count = choices.count()
    assert count, f"nothing to choose: {page.inner_text('[data-testid=prompt]')}"
    button = choices.nth((n * 7) % count)
    group = button.locator("xpath=ancestor::details[1]")
    if group.count() and group.get_attribute("open") is None:
        group.locator("summary").click()
    button.click()


def solo_match(page: Page, server: Server, game: str, lang: str, players: int = 4) -> SeatLink:
    """Create a match of ``game`` of ``players`` seats from the lobby in ``page``: one person
    (Anne-Marguerite) against a heuristic bot and random ones; the person's link."""
    bots = [{"kind": "bot", "bot": "heuristic" if i == 0 else "random"}
            for i in range(players - 1)]
    links, _ = create_match(page, server.base, [
        {"kind": "human", "name": "Anne-Marguerite"}, *bots], lang, game=game)
    seat = links[0]
    assert seat is not None
    return seat


def decide_court(page: Page, n: int) -> None:
    """Decide on the Versailles 1682 court board: on odd ``n`` (or when every move is about
    a card, as in a discard) pick a card of the hand (or of the House) and one of its moves;
    otherwise, or when the card's moves are shown with the rest, click a move as
    :func:`decide_generic` does."""
    cards = page.locator("[data-testid=v-hand-card].v-playable, [data-testid=v-other-card]")
    others = page.locator("[data-testid=prompt] .choice:enabled")
    if cards.count() and (n % 2 or not others.count()):
        cards.nth(n % cards.count()).click()
        moves = page.locator("[data-testid=v-card-moves] .choice:enabled")
        if moves.count():
            moves.nth(n % moves.count()).click()
            return
    decide_generic(page, n)


def court_screens(browser: Browser, server: Server, out: Path,
                  langs: tuple[str, ...]) -> list[Shot]:
    """Versailles 1682 on its court board (one person, three bots) at a desk's size and a
    phone's, in every language: a turn with a card picked, then the final table."""
    shots: list[Shot] = []
    for size, viewport in (("desk", VIEWPORT), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        seat = solo_match(page, server, "versailles1682", langs[0])
        open_match(page, seat)
        picked = False
        for n in range(400):
            wait_for_turn_or_end(page)
            if is_over(page):
                break
            cards = page.locator("[data-testid=v-hand-card].v-playable")
            if not picked and n >= 6 and page.locator("[data-testid=v-group]").count() \
                    and cards.count():
                # A remark at the table with a wrong address: the etiquette panel shows the
                # fault and the fine of the bot steward (a person steward would have to fine
                # before playing on, so then nothing is said).
                view = server.call("GET", f"/api/matches/{seat.match_id}", token=seat.token)
                if view["view"]["steward"] != view["seat"]:
                    server.call("POST", f"/api/matches/{seat.match_id}/chat",
                                {"text": "Herr Marquis, ein Wort?", "addressed": 1},
                                token=seat.token)
                    page.wait_for_selector("[data-testid=v-register-line]")
                cards.first.click()
                page.wait_for_selector("[data-testid=v-card-moves]")
                for lang in langs:
                    set_language(page, lang)
                    page.wait_for_selector("[data-testid=v-card-moves]")
                    snap(page, out, f"versailles1682-turn-{size}", lang, shots)
                set_language(page, langs[0])
                picked = True
            before = version(page)
            decide_court(page, n)
            wait_for_change(page, before)
        page.wait_for_selector("[data-testid=final-table]")
        for lang in langs:
            set_language(page, lang)
            snap(page, out, f"versailles1682-final-{size}", lang, shots)
        context.close()
    return shots


def vlr_action(page: Page, server: Server, link: SeatLink, n: int) -> str:
    """Make the pending Vive le Roi decision of this page's seat on its board: a legal action
    (the n-th, preferring a fight) done as a person does it: a batch picked in the builder
    card by card, else the card it names clicked, then its choice. Returns the action type."""
    match = server.call("GET", f"/api/matches/{link.match_id}?lang=en", token=link.token)
    assert str(match["version"]) == version(page), "the page shows the match's version"
    legal = match["legal_actions"]
    fights = [i for i, a in enumerate(legal) if a["type"] in ("attack", "bribe", "commit")]
    index = fights[n % len(fights)] if fights and n % 3 else (n * 7) % len(legal)
    action = legal[index]
    if action["type"] == "commit":
        hand = set(match["view"]["you"]["hand"])
        faces = match["board"]["faces"]
        want = sorted((c in hand, faces[c][2] + faces[c][0], faces[c][1]) for c in action["cards"])
        builder = page.locator("[data-testid=builder] [data-testid=batch-card]")
        for i in range(builder.count()):
            card = int(builder.nth(i).get_attribute("data-card") or "-1")
            sig = (card in hand, faces[card][2] + faces[card][0], faces[card][1])
            if sig in want:
                want.remove(sig)
                builder.nth(i).click()
        assert not want, f"the builder lacks cards for {action}"
        page.locator("[data-testid=batch-commit]:enabled").click()
        return "commit"
    named = [action[f] for f in ("card", "noble", "target", "province", "person", "musketeer",
                                 "courtier", "onto") if isinstance(action.get(f), int)
             and action[f] >= 0 and action["type"] != "target"]
    shown = [c for c in named if page.locator(f"[data-card='{c}'].active").count()]
    assert shown or not named, f"no card of {action} can be clicked"
    if shown:  # a card it names that the page shows (a noble in the discard pile is not)
        page.locator(f"[data-card='{shown[0]}'].active").first.click()
    page.locator(f"[data-testid=prompt] .choice[data-choice='{index}']").click()
    return str(action["type"])


def play_vlr(page: Page, server: Server, link: SeatLink, decisions: int,
             check: Callable[[Page, int], None] | None = None) -> list[str]:
    """Play up to ``decisions`` of this seat's decisions on the Vive le Roi board (forced
    passes left to the page), or to the end; ``check`` reads the page before each. Returns
    the types of the actions made."""
    made: list[str] = []
    while len(made) < decisions:
        wait_for_turn_or_end(page)
        if is_over(page):
            break
        before = version(page)
        if not page.locator("[data-testid=autopassing]").count():
            if check is not None:
                check(page, len(made))
            made.append(vlr_action(page, server, link, len(made)))
        wait_for_change(page, before)
    return made


def vlr_screens(browser: Browser, server: Server, out: Path,
                langs: tuple[str, ...]) -> list[Shot]:
    """The Vive le Roi board a few decisions into a match (one person, three bots), at
    1400x1000 and at a phone's size, in every language; then its final table."""
    shots: list[Shot] = []
    for size, tag in ((VIEWPORT, "vlr"), (PHONE, "vlr-phone")):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        seat = solo_match(page, server, "vive_le_roi", langs[0])
        open_match(page, seat)
        play_vlr(page, server, seat, 8)
        wait_for_turn_or_end(page)
        for lang in langs:
            set_language(page, lang)
            page.wait_for_selector("[data-testid=log] li")
            snap(page, out, tag, lang, shots)
        if tag == "vlr":
            play_vlr(page, server, seat, 400)
            page.wait_for_selector("[data-testid=final-table]")
            for lang in langs:
                set_language(page, lang)
                snap(page, out, "vlr-final", lang, shots)
        context.close()
    return shots


def generic_screens(browser: Browser, server: Server, out: Path,
                    langs: tuple[str, ...]) -> list[Shot]:
    """A few decisions into a match of every game the server offers (one person and bots, four
    seats where the game allows), its generic screen at a phone's size in every language."""
    shots: list[Shot] = []
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    for game in server.call("GET", "/api/games"):
        players = max(game["min_players"], min(4, game["max_players"]))
        seat = solo_match(page, server, game["id"], langs[0], players)
        open_match(page, SeatLink(seat.url.replace("#", "?board=generic#"), seat.match_id,
                                  seat.token))
        for n in range(6):
            wait_for_turn_or_end(page)
            if is_over(page):
                break
            before = version(page)
            if not page.locator("[data-testid=autopassing]").count():
                decide_generic(page, n)
            wait_for_change(page, before)
        wait_for_turn_or_end(page)
        for lang in langs:
            set_language(page, lang)
            page.wait_for_selector("[data-testid=log] li")
            snap(page, out, f"generic-{game['id']}", lang, shots)
    context.close()
    return shots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="directory for the PNGs")
    parser.add_argument("--lang", action="append", choices=LANGUAGES,
                        help="only these languages (default: all five)")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    langs = tuple(args.lang or LANGUAGES)
    with (
        TemporaryDirectory(prefix="sunking-shots-") as tmp,
        running_server(Path(tmp)) as server,
        sync_playwright() as playwright,
    ):
        browser = launch_browser(playwright)
        try:
            shots = screens(browser, server, out, langs)
            shots += generic_screens(browser, server, out, langs)
            shots += court_screens(browser, server, out, langs)
            shots += vlr_screens(browser, server, out, langs)
            from account_screens import account_screens  # beside this script: a person's pages
            from coach_screens import coach_screens  # beside this script: the AI coach's

            shots += account_screens(browser, server, out / "account", langs)
            shots += coach_screens(browser, server, out / "coach", langs[0])
        finally:
            browser.close()
    failed = False
    for shot in shots:
        print(f"{shot.path}")
        for item in shot.overflow:
            failed = True
            print(f"  OVERFLOW [{shot.name}/{shot.lang}] <{item['tag']} class='{item['cls']}'> "
                  f"{item['text']!r} ({item['scrollWidth']}x{item['scrollHeight']} in "
                  f"{item['clientWidth']}x{item['clientHeight']})")
    print(f"{len(shots)} screenshots in {out}; "
          f"{'texts overflow their boxes' if failed else 'every text fits its box'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
