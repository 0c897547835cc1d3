"""A match started under older rules, as a person meets it in the browser after the server was
upgraded: ``sunking serve`` lists it at start; kept, its page says in the reader's language
that it was played under another version of the game's rules; closed (``--old-rules close``),
that it was closed because the rules changed. Nothing is replayed under the new rules: a
finished match shows the replay kept when it finished."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

PLAYERS = [{"kind": "human", "name": name} for name in ("Ana", "Bo", "Cy")]


def aged(data: Path, match_id: str) -> None:
    """Store ``match_id`` as a match of rules version 1 (started by the previous release)."""
    with sqlite3.connect(data / "sunking.db") as conn:
        conn.execute("UPDATE matches SET rules_version = 1 WHERE match_id = ?", (match_id,))


def replay_kept(data: Path, match_id: str) -> bool:
    """Whether the server has kept ``match_id``'s replay (it keeps it a moment after it
    publishes the finish)."""
    with sqlite3.connect(data / "sunking.db") as conn:
        return conn.execute("SELECT 1 FROM replays WHERE match_id = ?",
                            (match_id,)).fetchone() is not None


def finished_bots(server: Any, data: Path) -> dict[str, Any]:
    """A Vive le Roi match of random bots, played to its end by the server, its replay
    kept."""
    created: dict[str, Any] = server.create_match(
        {"game": "vive_le_roi", "players": 3, "seed": 2, "language": "en",
         "seats": [{"kind": "bot", "bot": "random"}] * 3})
    deadline = time.monotonic() + 120
    while server.call("GET", f"/api/matches/{created['match_id']}",
                      token=created["spectator"]["token"])["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' match did not finish"
        time.sleep(0.2)
    # The kept replay is built after the end (every frame's win chances too): its own wait.
    deadline = time.monotonic() + 180
    while not replay_kept(data, created["match_id"]):
        assert time.monotonic() < deadline, "the finished match's replay was not kept"
        time.sleep(0.2)
    return created


def test_e2e_matches_of_older_rules_are_told_in_words(
    browser: Browser, driver: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = driver.start_server(tmp_path)
    try:
        kept = server.create_match({"game": "vive_le_roi", "players": 3, "language": "en",
                                    "seats": PLAYERS})
        closed = server.create_match({"game": "vive_le_roi", "players": 3, "language": "en",
                                      "seats": PLAYERS})
        ended = finished_bots(server, tmp_path / "data")
    finally:
        driver.stop_server(server)
    aged(tmp_path / "data", closed["match_id"])
    monkeypatch.setenv("SUNKING_OLD_RULES", "close")
    server = driver.start_server(tmp_path)
    driver.stop_server(server)
    report = server.log.read_text()
    assert closed["match_id"] in report and "rules version 1 (this server plays 3)" in report
    assert "Closed 1" in report

    aged(tmp_path / "data", kept["match_id"])
    aged(tmp_path / "data", ended["match_id"])
    monkeypatch.delenv("SUNKING_OLD_RULES")
    server = driver.start_server(tmp_path)
    try:
        assert kept["match_id"] in server.log.read_text()
        context = browser.new_context(viewport=driver.VIEWPORT)
        context.add_init_script("localStorage.setItem('sunking.lang', 'de')")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(server.base + kept["seats"][0]["link"].split(server.base, 1)[-1])
        kept_words = ("Diese Partie wurde nach Version 1 der Regeln von Vive le Roi gespielt; "
                      "dieser Server spielt Version 3")
        expect(page.locator("#game .form-error")).to_contain_text(kept_words)
        # Worded whole: no English message of the server, no game id.
        assert "vive_le_roi" not in page.locator("#game .form-error").inner_text()
        link = kept["seats"][2]["link"].split(server.base, 1)[-1]
        path, _, fragment = link.partition("#")
        page.goto(f"{server.base}{path}?replay=1#{fragment}")
        expect(page.locator("#game .form-error")).to_contain_text(kept_words)
        page.goto(server.base + closed["seats"][1]["link"].split(server.base, 1)[-1])
        expect(page.locator("#game .form-error")).to_contain_text(
            "Diese Partie wurde geschlossen: Die Regeln von Vive le Roi haben sich geändert "
            "(Version 1 → Version 3)")
        # Finished under the older rules: its kept replay, frame by frame, in words.
        spectator = ended["spectator"]["token"]
        page.goto(f"{server.base}/play/{ended['match_id']}?replay=1#t={spectator}")
        page.wait_for_selector("[data-testid=replay-bar]")
        slider = page.locator("[data-testid=replay-slider]")
        # Its frames come (slowly on a loaded machine); a refusal would be said instead.
        try:
            expect(slider).not_to_have_attribute("max", "0", timeout=30_000)
        except AssertionError:
            said = page.locator("#game .form-error").inner_text()
            raise AssertionError(f"no frames of the kept replay; the page says {said!r}") from None
        slider.fill(str(int(slider.get_attribute("max") or "0") // 2))
        expect(page.locator("[data-testid=structure]")).to_have_count(3)
        assert page.locator("#game .form-error").count() == 0 or not page.locator(
            "#game .form-error").inner_text().strip()
        # Its page shows it as it ended: the final table.
        page.goto(f"{server.base}/play/{ended['match_id']}#t={spectator}")
        page.wait_for_selector("[data-testid=final-table]")
        assert errors == []
        context.close()
    finally:
        driver.stop_server(server)
