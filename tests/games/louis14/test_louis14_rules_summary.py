"""The rules summary says what the rulebooks say: a played intrigue card goes face down under
its pile (Dutch rulebook "verdekt", Czech "rubem nahoru"; ruling 4 of
``shared/rules/louis14.md``, revised), in every language, and never face up."""

from __future__ import annotations

import pytest

from sunking import presentation
from sunking.i18n import LANGUAGES

FACE_DOWN = {"en": "face down", "nl": "verdekt", "fr": "face cachée", "de": "verdeckt",
             "cs": "rubem nahoru"}
FACE_UP = {"en": "face up", "nl": "open onder", "fr": "face visible", "de": "offen unter",
           "cs": "lícem nahoru"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_louis14_a_played_intrigue_card_goes_face_down_in_every_summary(lang: str) -> None:
    messages = presentation.of("louis14").messages(lang)
    text = messages["louis14.rules.reading.4"]
    assert FACE_DOWN[lang] in text
    assert not any(FACE_UP[lang] in value for value in messages.values())
