"""Dutch speaks to the player informally throughout ("je/jouw/jij"), as the Dutch rulebooks
do: no message of any Dutch catalog, in any plural form, says "u", "uw" or "uzelf"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sunking import available_games, i18n
from sunking.presentation import of

FORMAL = re.compile(r"\b(?:u|uw|uwe|uzelf)\b", re.IGNORECASE)


def dutch_catalogs() -> list[Path]:
    paths = [Path(i18n.catalog_path("nl"))]
    for game in available_games():
        ref = of(game).locale.joinpath("nl", "LC_MESSAGES", f"{game}.po")
        if ref.is_file():
            paths.append(Path(str(ref)))
    return paths


@pytest.mark.parametrize("path", dutch_catalogs(), ids=lambda p: p.stem)
def test_dutch_uses_the_informal_form(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="nl")
    formal = []
    for message in catalog:
        if not message.id:
            continue
        forms = [message.string] if isinstance(message.string, str) else message.string
        for text in forms:
            text = str(text or "")
            found = FORMAL.search(text)
            if found:
                start, end = max(0, found.start() - 30), found.end() + 30
                formal.append(f"{message.id}: …{text[start:end]}…")
    assert not formal, "formal address in Dutch:\n" + "\n".join(formal)


def test_the_formal_address_is_found() -> None:
    assert FORMAL.search("Uw hand (7)") and FORMAL.search("Wilt u passen?")
    assert not FORMAL.search("Jouw hand (7)") and not FORMAL.search("Uit je hand")
