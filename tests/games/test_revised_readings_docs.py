"""Each game's page in docs/ states every revised reading of its rulings in the rulebook's words.

The rulings live beside the repository (``shared/rules/<game>.md``, a reading marked
"revised" where an earlier one added a condition the rulebook does not have); the tests do not
read them, so the readings revised are listed here. Each must have its own bullet in the
section "Revised reading(s)" of ``docs/<game>.md``, opening with its id, with a quotation of
the rulebook of at least five words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"

REVISED: dict[str, tuple[str, ...]] = {
    "louis14": ("Ruling 4",),
    "versailles1682": ("V-19", "V-19b", "V-35"),
}
"""Game → the ids of its revised readings, as the page's bullets open with them."""

QUOTATION = re.compile(r'"(?:[^"\s]+\s+){4,}[^"]*"')
"""Text in straight double quotes of at least five words (a quotation may hold a quoted name,
so any run between two quote marks counts)."""


def revised_section(text: str) -> str:
    """The section "## Revised reading(s)" of a page, up to the next section."""
    match = re.search(r"^## Revised readings?\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match is not None, "no section '## Revised reading(s)'"
    return match.group(1)


def bullets(section: str) -> list[str]:
    """The top-level bullets of a section, each as one line."""
    items = re.split(r"^- ", section, flags=re.MULTILINE)[1:]
    return [" ".join(item.split()) for item in items]


@pytest.mark.parametrize("game", sorted(REVISED))
def test_every_revised_reading_is_stated_with_the_rulebooks_words(game: str) -> None:
    found = bullets(revised_section((DOCS / f"{game}.md").read_text(encoding="utf-8")))
    for ruling in REVISED[game]:
        own = [b for b in found if re.match(rf"\*\*{re.escape(ruling)}[,.:]", b)]
        assert len(own) == 1, f"docs/{game}.md: no bullet of its own for {ruling}"
        assert QUOTATION.search(own[0]), f"docs/{game}.md: {ruling} without the rulebook's words"


def test_a_bullet_without_a_quotation_is_caught() -> None:
    page = '## Revised readings\n\n- **V-1, a reading.** The text says so.\n\n## Next\n'
    (only,) = bullets(revised_section(page))
    assert only.startswith("**V-1,") and not QUOTATION.search(only)
    assert QUOTATION.search('§4.0: "Zu Beginn der nächsten Runde wird er abgelöst."')
