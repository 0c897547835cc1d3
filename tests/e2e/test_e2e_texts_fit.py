"""Every text of the main screens fits its box in all five languages.

Runs the screenshot script's screens (lobby, the match with a card being placed, the
evaluation account, a prompt, the final table, the replay viewer) and its overflow check.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser

MAIN_SCREENS = {"lobby", "turn", "evaluation", "final", "replay"}


def test_e2e_texts_fit_their_boxes_in_every_language(
    browser: Browser, server: Any, driver: ModuleType, tmp_path: Path,
) -> None:
    shots = driver.screens(browser, server, tmp_path, driver.LANGUAGES)
    covered = {(shot.name, shot.lang) for shot in shots}
    for name in MAIN_SCREENS:
        for lang in driver.LANGUAGES:
            assert (name, lang) in covered, f"no {name} screen in {lang}"
    for shot in shots:
        assert shot.path.stat().st_size > 10_000, f"{shot.path} looks empty"
    overflow = [
        f"{shot.name}/{shot.lang}: <{item['tag']} class={item['cls']!r}> {item['text']!r}"
        for shot in shots for item in shot.overflow
    ]
    assert not overflow, "texts overflow their boxes:\n" + "\n".join(overflow)
