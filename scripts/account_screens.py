"""Screenshots of a person's pages: signing in and up, the account's settings just after the
address is confirmed, the player's profile (after one finished match) and the leaderboard, at
a phone's size in every language and at a desk's in the first.

``python scripts/account_screens.py --out build/screenshots/account`` starts its own server (as
``scripts/screenshots.py`` does, whose ``main`` also calls :func:`account_screens`). The server
has no SMTP server: the confirmation link is read from its log, where its mails go.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
import screenshots as shots

HANDLE = "Madame de Sévigné"
EMAIL = "sevigne@example.org"
PASSWORD = "a long enough password"
MAIL_SECONDS = 60
VERIFY = re.compile(r"/account/verify#token=[^\s]+")


def mailed_link(server: shots.Server, email: str) -> str:
    """The confirmation link of the mail to ``email``, from the server's log."""
    deadline = time.monotonic() + MAIL_SECONDS
    while time.monotonic() < deadline:
        text = server.log.read_text(errors="replace")
        at = text.find(f"to {email}:")
        found = VERIFY.search(text, at) if at >= 0 else None
        if found:
            return server.base + found.group(0)
        time.sleep(0.2)
    raise RuntimeError(f"no mail to {email} in the server's log in {MAIL_SECONDS} s")


def open_in(page: Page, url: str, lang: str, ready: str = "body[data-ready='1']") -> None:
    """Open ``url`` in ``lang`` (the choice every page keeps in the browser) and wait for what
    shows it drawn (``ready``)."""
    page.goto(url)
    page.evaluate("lang => localStorage.setItem('sunking.lang', lang)", lang)
    page.reload()
    page.wait_for_selector(ready)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def sign_up(page: Page, server: shots.Server, lang: str) -> None:
    """Create the account with a password and follow the link that was mailed."""
    open_in(page, server.base + "/account/signup", lang)
    page.locator("#signup-handle").fill(HANDLE)
    page.locator("#signup-email").fill(EMAIL)
    page.locator("#signup-password").fill(PASSWORD)
    page.locator("#signup-form button.primary").click()
    page.wait_for_function("() => document.querySelector('#notice').textContent.trim()")
    page.goto(mailed_link(server, EMAIL))
    page.wait_for_selector("[data-testid=me-handle]:not(:empty)")
    page.wait_for_function("() => document.querySelector('#notice').textContent.trim()")


def account_screens(browser: Browser, server: shots.Server, out: Path,
                    langs: tuple[str, ...]) -> list[shots.Shot]:
    taken: list[shots.Shot] = []
    out.mkdir(parents=True, exist_ok=True)
    for size, viewport, size_langs in (("phone", shots.PHONE, langs),
                                       ("desk", shots.VIEWPORT, langs[:1])):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        for lang in size_langs:
            for name in ("signin", "signup"):
                open_in(page, f"{server.base}/account/{name}", lang)
                shots.snap(page, out, f"account-{name}-{size}", lang, taken)
        context.close()
    context = browser.new_context(viewport=shots.PHONE)
    page = context.new_page()
    sign_up(page, server, langs[0])
    shots.snap(page, out, "account-confirmed-phone", langs[0], taken)
    shots.play_a_match_out(context, page, server.base, HANDLE)
    for lang in langs:
        open_in(page, server.base + "/account", lang)
        page.wait_for_selector("[data-testid=sessions] li")
        shots.snap(page, out, "account-settings-phone", lang, taken)
        open_in(page, f"{server.base}/players/{HANDLE}", lang,
                "[data-testid=profile-handle]:not(:empty)")
        shots.snap(page, out, "profile-phone", lang, taken)
        open_in(page, server.base + "/leaderboard", lang)
        shots.snap(page, out, "leaderboard-phone", lang, taken)
    context.close()
    return taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="directory for the PNGs")
    parser.add_argument("--lang", action="append", choices=shots.LANGUAGES,
                        help="only these languages (default: all five)")
    args = parser.parse_args(argv)
    langs = tuple(args.lang or shots.LANGUAGES)
    return shots.shoot("sunking-account-shots-",
                       lambda browser, server: account_screens(browser, server, args.out, langs))


if __name__ == "__main__":
    sys.exit(main())
