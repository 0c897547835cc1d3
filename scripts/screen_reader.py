"""Hear a table as a blind player does: Orca reading Chromium on a virtual display.

The check behind ``docs/web-client.md``'s "Playing by screen reader and keyboard": a real
screen reader (Orca, through the AT-SPI accessibility bus) follows a real Chromium, which is
driven with the X keyboard alone (``xdotool``: the keys a person presses, the address typed
into the address bar); Playwright only connects to that Chromium to read nothing but the page's
address. Orca runs with speech off and writes everything it would say to its debug log; at
the end this script prints, key by key, what Orca said — its speech and the live region's
messages — and writes it to ``--out``.

Needs Debian's ``orca xvfb openbox xdotool at-spi2-core dbus chromium`` (not part of
``make test``: a check made by hand, whose transcript a person reads)::

    .venv/bin/python scripts/screen_reader.py --game louis14 --players 3 --moves 4
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TOOLS = ("orca", "Xvfb", "openbox", "xdotool", "dbus-run-session")
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
CHROMIUM = "/usr/bin/chromium"
DISPLAY = ":77"
CDP_PORT = 9333
STAMP = re.compile(r"^(\d\d):(\d\d):(\d\d\.\d+) - ")
SPOKEN = re.compile(r"^'(.*)'\s*(\{.*\})?$")
PASS_OVER = re.compile(r"guide|another card|lobby|undo|resign|leave|keys|since my move|chat|"
                       r"report|language|rules|skip", re.IGNORECASE)
"""Controls the player passes over when making a move (heard, then Tab again)."""


def _seconds() -> float:
    now = time.localtime()
    return now.tm_hour * 3600 + now.tm_min * 60 + now.tm_sec + time.time() % 1


class Session:
    """The desktop (AT-SPI bus, window manager, Orca, Chromium) and the keys pressed in it."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.log = work / "orca-debug.log"
        self.env = dict(os.environ, DISPLAY=DISPLAY, NO_AT_BRIDGE="0", ACCESSIBILITY_ENABLED="1",
                        GTK_MODULES="gail:atk-bridge", XDG_RUNTIME_DIR=str(work / "run"))
        (work / "run").mkdir(mode=0o700, exist_ok=True)
        self.processes: list[subprocess.Popen[bytes]] = []
        self.steps: list[tuple[str, float]] = []
        self.playwright: Any = None

    def start(self) -> None:
        self._spawn([BUS_LAUNCHER, "--launch-immediately"], "atspi", 1)
        self._spawn(["openbox"], "openbox", 1)
        self._spawn(["orca", "--replace", "-d", "speech", "-u", str(self.work / "prefs"),
                     f"--debug-file={self.log}"], "orca", 5)
        self._spawn([CHROMIUM, "--no-sandbox", "--force-renderer-accessibility",
                     "--ozone-platform=x11", f"--remote-debugging-port={CDP_PORT}",
                     f"--user-data-dir={self.work / 'profile'}", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-gpu", "--window-size=1280,860", "--window-position=0,0",
                     "about:blank"], "chromium", 6)
        self.xdo("search", "--onlyvisible", "--class", "chromium", "windowactivate", "--sync")

    def _spawn(self, command: list[str], name: str, settle: float) -> None:
        with (self.work / f"{name}.log").open("wb") as out:
            self.processes.append(subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                                   env=self.env))
        time.sleep(settle)

    def stop(self) -> None:
        if self.playwright is not None:
            self.playwright.stop()
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()

    def page(self) -> Any:
        """The page Chromium shows, through its debugging port (only to read which control
        has the focus: what a person hears as Orca names it)."""
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        browser = self.playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{CDP_PORT}")
        return browser.contexts[0].pages[0]

    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True)

    def key(self, keys: str, label: str | None = None, wait: float = 1.5) -> None:
        """Press ``keys`` (xdotool's names: ``Tab``, ``alt+shift+d``) as a person would."""
        self.steps.append((label or keys, _seconds()))
        self.xdo("key", "--delay", "150", keys)
        time.sleep(wait)

    def address(self, url: str, label: str, wait: float = 8) -> None:
        """Type ``url`` into the address bar and press Enter."""
        self.steps.append((label, _seconds()))
        self.xdo("key", "Escape", "ctrl+l")
        time.sleep(0.5)
        self.xdo("type", "--delay", "5", url)
        self.xdo("key", "Return")
        time.sleep(wait)

    def heard(self) -> list[tuple[float, str]]:
        """What Orca said, by time: its speech (not the echo of the keys pressed) and the live
        region's messages."""
        said: list[tuple[float, str]] = []
        live = False
        for line in self.log.read_text(errors="replace").splitlines():
            stamp = STAMP.match(line)
            at = (int(stamp[1]) * 3600 + int(stamp[2]) * 60 + float(stamp[3])) if stamp else None
            if "vvvvv PRESENT LIVE REGION MESSAGE" in line:
                live = True
            elif "^^^^^ PRESENT LIVE REGION MESSAGE" in line:
                live = False
            elif at is not None and live and "BRAILLE LINE:" in line:
                text = line.split("BRAILLE LINE:", 1)[1].strip().strip("'").strip()
                said.append((at, f"[live region] {text}"))
            elif at is not None and "SPEECH OUTPUT:" in line:
                spoken = SPOKEN.match(line.split("SPEECH OUTPUT:", 1)[1].strip())
                text = spoken[1] if spoken else ""
                if text and not (text.endswith(" ") and len(text) <= 14):  # a key's echo
                    said.append((at, text))
        return said

    def transcript(self) -> str:
        said = self.heard()
        out: list[str] = []
        for i, (label, start) in enumerate(self.steps):
            end = self.steps[i + 1][1] if i + 1 < len(self.steps) else float("inf")
            out.append(f"\n## {label}")
            out.extend(f"  > {text}" for at, text in said if start <= at < end)
        return "\n".join(out) + "\n"


def focused(page: Any) -> tuple[str, str | None]:
    """The accessible name of the focused control, as Orca has just said it, and its
    expanded state (None: not a disclosure)."""
    name, expanded = page.evaluate(
        "() => { const e = document.activeElement;"
        " if (!e || e === document.body) return ['', null];"
        " return [e.getAttribute('aria-label') || e.textContent || '',"
        " e.getAttribute('aria-expanded') ??"
        " (e.tagName === 'SUMMARY' ? String(e.parentElement.open) : null)]; }")
    return " ".join(str(name).split()), expanded


def move(session: Session, page: Any, n: int, wait: float) -> None:
    """One decision by keys: Alt+Shift+D to the decision, Tab past the controls that make no
    move (opening a closed list on the way), Enter on the first that does."""
    session.key("alt+shift+d", f"move {n}: Alt+Shift+D (the decision)", wait=2)
    for _ in range(40):
        session.key("Tab", "Tab", wait=1.2)
        name, expanded = focused(page)
        if expanded == "false":
            session.key("Return", "Enter (opens the list)", wait=1.5)
        elif expanded is None and not PASS_OVER.search(name):
            break
    session.key("Return", "Enter", wait=wait)


def play(session: Session, server: Any, args: argparse.Namespace) -> None:
    """A practice match of the person against bots, heard from the first key to the summary."""
    seats = [{"kind": "human", "name": "Anna"}]
    seats += [{"kind": "bot", "bot": "random"}] * (args.players - 1)
    created = server.create_match({"game": args.game, "players": args.players, "seed": args.seed,
                                   "language": args.lang, "practice": True, "seats": seats})
    link = created["seats"][0]["link"]
    session.address(server.base + link, f"the seat's link typed ({args.game}, "
                    f"{args.players} players, {args.lang})")
    session.key("Tab", "Tab")
    session.key("Return", "Enter (the skip link)", wait=2)
    page = session.page()
    for n in range(args.moves):
        move(session, page, n + 1, args.wait)
    session.key("alt+shift+s", "Alt+Shift+S (what happened since my move)", wait=4)
    session.key("shift+question", "? (the keys)", wait=2)
    session.key("Escape", "Escape", wait=2)


def inner(args: argparse.Namespace) -> None:
    """Inside the private D-Bus session: the desktop, the server, the match, the transcript."""
    work = Path(args.work)
    sys.path.insert(0, str(Path(__file__).parent))
    import screenshots as shots  # its server and API client
    session = Session(work)
    with shots.running_server(work, bot_delay=args.bot_delay) as server:
        try:
            session.start()
            play(session, server, args)
            time.sleep(3)
        finally:
            session.stop()
    text = session.transcript()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text)
    print(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="louis14")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--moves", type=int, default=4, help="decisions made by keys")
    parser.add_argument("--wait", type=float, default=6.0, help="seconds after each move")
    parser.add_argument("--bot-delay", type=float, default=1.5)
    parser.add_argument("--out", default="build/screen_reader/transcript.txt")
    parser.add_argument("--work", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        inner(args)
        return
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    missing += [path for path in (BUS_LAUNCHER, CHROMIUM) if not Path(path).exists()]
    if missing:
        sys.exit(f"missing: {', '.join(missing)} (apt-get install orca xvfb openbox xdotool "
                 "at-spi2-core dbus chromium)")
    with tempfile.TemporaryDirectory(prefix="sunking-orca-") as work:
        xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x900x24"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(1)
            subprocess.run(["dbus-run-session", "--", sys.executable, __file__, *sys.argv[1:],
                            "--work", work], check=True)
        finally:
            xvfb.terminate()
            xvfb.wait(timeout=10)


if __name__ == "__main__":
    main()
