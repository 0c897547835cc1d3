"""Vive le Roi's coats of arms on the terminal: a sign of its own for each, the same in every
language, told apart without colour."""

from __future__ import annotations

from sunking.games.vive_le_roi.data import ARMS, CARDS, NO_ARMS
from sunking.presentation import Texts, of
from sunking.tui.games.vive_le_roi import ARMS_GLYPHS, card_text


def test_each_coat_of_arms_has_its_own_sign_in_every_language() -> None:
    assert set(ARMS_GLYPHS) == set(ARMS)
    assert len(set(ARMS_GLYPHS.values())) == len(ARMS), "two arms share a sign"
    assert not any(g.isalnum() and g.isascii() for g in ARMS_GLYPHS.values())
    for card, c in enumerate(CARDS):
        if c.arms == NO_ARMS:
            continue
        glyph = ARMS_GLYPHS[ARMS[c.arms]]
        for lang in ("en", "cs"):
            shown = card_text(card, Texts(of("vive_le_roi"), lang, ())).plain
            assert f" {glyph}" in shown, f"card {card} in {lang}: {shown!r}"
