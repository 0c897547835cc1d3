"""The seat spoken to: a text about the viewer's own seat, when he plays under no name of his
own, is said to him in the second person ("You draw", "Je trekt", "Du ziehst", "Tu pioches",
"Bereš si"), through each text's ``.you`` variant in the game's catalogs; anybody else's
seat, or his own once he chose a name, is named in the third person."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from babel.messages.pofile import read_po

from sunking import available_games, i18n
from sunking.presentation import Texts, describe, describe_events, of

GAMES = sorted(available_games())


def _catalog(game: str, lang: str) -> dict[str, str | tuple[str, ...]]:
    path = of(game).locale.joinpath(lang, "LC_MESSAGES", f"{game}.po")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    out: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        out[key] = message.string if isinstance(message.string, str) else tuple(message.string)
    return out


def _about_a_seat(game: str) -> dict[str, str]:
    """Every English event text of a type :attr:`event_subjects` declares that names its
    subject (``{<field>}``, or ``{player}`` as Louis XIV's texts name the event's seat), with
    the placeholder it names it by."""
    subjects = of(game).event_subjects
    out: dict[str, str] = {}
    for key, text in _catalog(game, "en").items():
        parts = key.split(".")
        if parts[-1] in ("you", "to_you") or parts[1] != "event" or parts[2] not in subjects:
            continue
        words = " ".join(text) if isinstance(text, tuple) else text
        for name in (subjects[parts[2]], "player"):
            if "{" + name + "}" in words:
                out[key] = name
    return out


def check_variants(game: str, about: Mapping[str, str], suffix: str) -> None:
    """Each text of ``about`` (key → the placeholder of the seat spoken to) has its
    ``<key>.<suffix>`` variant in every language: every form filled, a count where the text
    takes one, and that seat's placeholder no more."""
    for lang in i18n.LANGUAGES:
        catalog = _catalog(game, lang)
        for key, name in about.items():
            said = catalog.get(f"{key}.{suffix}")
            assert said, f"{game} {lang}: {key}.{suffix} is missing or empty"
            forms = said if isinstance(said, tuple) else (said,)
            assert all(forms), f"{game} {lang}: a plural form of {key}.{suffix} is empty"
            assert isinstance(said, tuple) == isinstance(catalog[key], tuple), (
                f"{game} {lang}: {key}.{suffix} and {key} differ in taking a count")
            assert not any("{" + name + "}" in f for f in forms), (
                f"{game} {lang}: {key}.{suffix} still names the seat spoken to: {said}")


@pytest.mark.parametrize("game", GAMES)
def test_every_event_about_a_seat_has_its_second_person_in_every_language(game: str) -> None:
    about = _about_a_seat(game)
    assert len(about) > 20, f"{game}: too few texts about a seat found: {sorted(about)}"
    check_variants(game, about, "you")


TO_THE_VIEWER = {"versailles1682.event.shown"}
"""Texts already said to the viewer, about another seat ("{seat} shows you {card}": only the
seat shown the card reads it)."""


@pytest.mark.parametrize("game", GAMES)
def test_every_event_that_opens_with_a_seat_declares_its_subject(game: str) -> None:
    """A text that begins with a seat's name is about that seat: its type is in
    ``event_subjects`` (so a new event cannot forget its second person)."""
    subjects = of(game).event_subjects
    for key, text in _catalog(game, "en").items():
        parts = key.split(".")
        first = (text[0] if isinstance(text, tuple) else text).split(" ")[0]
        if key in TO_THE_VIEWER:
            continue
        if parts[1] == "event" and first.rstrip("',") in ("{seat}", "{player}", "{seat}'s"):
            assert parts[2] in subjects, f"{game}: {key} ({text!r}) declares no subject"


NAMES = ("Ana", "Bruno", "Carla")
DRAWN: Mapping[str, Mapping[str, Any]] = {
    "vive_le_roi": {"type": "drawn", "seat": 0, "card": 0, "version": 1},
    "versailles1682": {"type": "draw", "seat": 0, "version": 1},
    "louis14": {"type": "influence_drawn", "seat": 0, "version": 1},
}
"""One card drawn by seat 0 in each game."""
SAID = {
    ("vive_le_roi", "en"): ("You draw ", "Ana draws "),
    ("vive_le_roi", "nl"): ("Je trekt ", "Ana trekt "),
    ("vive_le_roi", "de"): ("Du ziehst ", "Ana zieht "),
    ("vive_le_roi", "fr"): ("Tu pioches ", "Ana pioche "),
    ("vive_le_roi", "cs"): ("Bereš si ", "Ana si bere "),
    ("versailles1682", "en"): ("You draw a card", "Ana draws a card"),
    ("versailles1682", "nl"): ("Je trekt een kaart", "Ana trekt een kaart"),
    ("versailles1682", "de"): ("Du ziehst eine Karte", "Ana zieht eine Karte"),
    ("versailles1682", "fr"): ("Tu pioches une carte", "Ana pioche une carte"),
    ("versailles1682", "cs"): ("Dobíráš si kartu", "Ana si dobírá kartu"),
    ("louis14", "en"): ("You draw an influence card", "Ana draws an influence card"),
    ("louis14", "nl"): ("Je trekt een invloedskaart", "Ana trekt een invloedskaart"),
    ("louis14", "de"): ("Du ziehst eine Einflusskarte", "Ana zieht eine Einflusskarte"),
    ("louis14", "fr"): ("Tu pioches une carte influence", "Ana pioche une carte influence"),
    ("louis14", "cs"): ("Lízneš si kartu vlivu", "Ana si lízne kartu vlivu"),
}


@pytest.mark.parametrize(("game", "lang"), sorted(SAID))
def test_the_seat_spoken_to_reads_in_the_second_person(game: str, lang: str) -> None:
    you, named = SAID[game, lang]
    event = DRAWN[game]
    [spoken] = describe_events(game, [event], lang, NAMES, you=0)
    [other] = describe_events(game, [event], lang, NAMES, you=1)
    [nobody] = describe_events(game, [event], lang, NAMES)
    assert str(spoken["text"]).startswith(you), spoken
    assert str(other["text"]).startswith(named), other
    assert nobody == other


def test_a_possessive_and_a_count_take_the_second_person() -> None:
    noble = {"type": "noble_dies", "seat": 0, "noble": 0, "version": 1}
    hand = {"type": "hand", "seat": 0, "cards": [1, 2, 3], "version": 2}
    words = [e["text"] for e in describe_events("vive_le_roi", [noble, hand], "en", NAMES, you=0)]
    assert words[0].startswith("Your ") and words[0].endswith(" dies"), words
    assert words[1] == "You receive 3 cards", words
    cs = [e["text"] for e in describe_events("vive_le_roi", [hand], "cs", NAMES, you=0)]
    assert cs == ["Dostáváš 3 karty"]
    presented = {"type": "presented", "seat": 0, "king": 2, "queen": 3, "version": 1}
    [said] = describe_events("versailles1682", [presented], "en", NAMES, you=0)
    assert str(said["text"]).startswith("You are presented at court"), said


def test_the_board_speaks_to_its_viewer_only_when_told() -> None:
    from sunking.core.registry import make

    state = make("vive_le_roi").new_game(3, 1)
    view, events = state.view(0), state.events(0)
    spoken = describe("vive_le_roi", view, [], 0, "en", NAMES, events, you=0)
    named = describe("vive_le_roi", view, [], 0, "en", NAMES, events)
    titles = [z["title"] for z in spoken["zones"]]  # type: ignore[index]
    assert "Your power structure" in titles and "Bruno's power structure" in titles, titles
    assert "Ana's power structure" in [z["title"] for z in named["zones"]]  # type: ignore[index]
    assert not any("Ana" in str(e["text"]) for e in spoken["log"]), spoken["log"]  # type: ignore[index, union-attr]


def test_texts_fall_back_to_the_name_where_no_variant_exists() -> None:
    t = Texts(of("vive_le_roi"), "en", NAMES, you=0)
    assert t.personal("vive_le_roi.event.drawn", 0) == "vive_le_roi.event.drawn.you"
    assert t.personal("vive_le_roi.event.drawn", 1) == "vive_le_roi.event.drawn"
    assert t.personal("vive_le_roi.event.deck_empty", 0) == "vive_le_roi.event.deck_empty"
