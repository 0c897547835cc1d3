"""The seat spoken to as the one a text names besides its subject: "Bruno gives you a card",
"Bruno attacks your province", never "to You", "on You" nor "You's"; through each text's
``.to_you`` variant (and ``.you.to_you`` where the seat is both), declared once per game in
``event_objects``."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import pytest
from test_second_person import TO_THE_VIEWER, _catalog, check_variants

from sunking import available_games, i18n
from sunking.presentation import describe_events, of

GAMES = sorted(available_games())
NAMES = ("Ana", "Bruno", "Carla")


def _seat_fields(game: str, kind: str) -> set[str]:
    """The fields of an event of type ``kind`` that name a seat (its game's field tables)."""
    module = importlib.import_module(type(of(game)).__module__)
    fields: Mapping[str, str] = getattr(module, "FIELDS", {})
    fields = getattr(module, "FIELDS_BY_TYPE", {}).get(kind, fields)
    return {name for name, read in fields.items() if read == "seat"}


def _naming_another_seat(game: str) -> dict[str, str]:
    """Every English event text (not a variant for the seat spoken to) of a type that
    :attr:`event_objects` declares, that names that other seat, with its placeholder."""
    objects = of(game).event_objects
    out: dict[str, str] = {}
    for key, text in _catalog(game, "en").items():
        parts = key.split(".")
        if parts[-1] in ("you", "to_you") or parts[1] != "event" or parts[2] not in objects:
            continue
        words = " ".join(text) if isinstance(text, tuple) else text
        if "{" + objects[parts[2]] + "}" in words:
            out[key] = objects[parts[2]]
    return out


@pytest.mark.parametrize("game", ["versailles1682", "vive_le_roi"])
def test_every_event_naming_another_seat_says_it_to_you_in_every_language(game: str) -> None:
    about = _naming_another_seat(game)
    assert len(about) > 15, f"{game}: too few texts naming another seat: {sorted(about)}"
    check_variants(game, about, "to_you")


@pytest.mark.parametrize("game", GAMES)
def test_both_seats_spoken_to_name_neither(game: str) -> None:
    """A ``.you.to_you`` text (the seat acts on itself) names neither seat, in every
    language, wherever English has one."""
    p = of(game)
    both = [k for k in _catalog(game, "en") if k.endswith(".you.to_you")]
    for lang in i18n.LANGUAGES:
        catalog = _catalog(game, lang)
        for key in both:
            kind = key.split(".")[2]
            said = catalog.get(key)
            assert said, f"{game} {lang}: {key} is missing"
            forms = said if isinstance(said, tuple) else (said,)
            for field in (p.event_subjects[kind], p.event_objects[kind]):
                assert not any("{" + field + "}" in f for f in forms), (game, lang, key)


@pytest.mark.parametrize("game", GAMES)
def test_every_other_seat_an_event_names_is_declared(game: str) -> None:
    """A text that names a seat besides its subject declares it in ``event_objects``, so a
    new event cannot forget to speak to that seat."""
    p = of(game)
    for key, text in _catalog(game, "en").items():
        parts = key.split(".")
        if parts[1] != "event" or parts[-1] in ("you", "to_you") or key in TO_THE_VIEWER:
            continue
        words = " ".join(text) if isinstance(text, tuple) else text
        named = {f for f in _seat_fields(game, parts[2]) if "{" + f + "}" in words}
        named -= {p.event_subjects.get(parts[2])}
        assert named <= {p.event_objects.get(parts[2])}, (
            f"{game}: {key} ({text!r}) names {sorted(named)} but declares "
            f"{p.event_objects.get(parts[2])!r}")


EVENTS: Mapping[str, Mapping[str, Any]] = {
    "vive_le_roi": {"type": "extortion", "seat": 1, "victim": 0, "version": 1},
    "versailles1682": {"type": "payment", "seat": 1, "to": 0, "amount": 3000, "version": 1},
}
"""Bruno (seat 1) acts on Ana (seat 0)."""
SAID = {
    ("vive_le_roi", "en"): ("Bruno extorts a card from you", "Bruno extorts a card from Ana"),
    ("vive_le_roi", "nl"): ("Bruno perst een kaart van je af",
                            "Bruno perst een kaart af van Ana"),
    ("vive_le_roi", "fr"): ("Bruno t'extorque une carte", "Bruno extorque une carte à Ana"),
    ("vive_le_roi", "de"): ("Bruno erpresst eine Karte von dir",
                            "Bruno erpresst eine Karte von Ana"),
    ("vive_le_roi", "cs"): ("Bruno od tebe vydírá kartu", "Bruno vydírá kartu od hráče Ana"),
    ("versailles1682", "en"): ("Bruno pays you 3,000 livres", "Bruno pays 3,000 livres to Ana"),
    ("versailles1682", "nl"): ("Bruno betaalt je 3.000 livres",
                               "Bruno betaalt 3.000 livres aan Ana"),
    ("versailles1682", "fr"): ("Bruno te paie 3\u202f000 livres",
                               "Bruno paie 3\u202f000 livres à Ana"),
    ("versailles1682", "de"): ("Bruno zahlt dir 3.000 Livre", "Bruno zahlt 3.000 Livre an Ana"),
    ("versailles1682", "cs"): ("Bruno ti platí 3\xa0000 livrů",
                               "Bruno platí 3\xa0000 livrů hráči Ana"),
}


@pytest.mark.parametrize(("game", "lang"), sorted(SAID))
def test_the_seat_acted_on_is_spoken_to(game: str, lang: str) -> None:
    you, named = SAID[game, lang]
    event = EVENTS[game]
    [spoken] = describe_events(game, [event], lang, NAMES, you=0)
    [other] = describe_events(game, [event], lang, NAMES, you=2)
    assert spoken["text"] == you
    assert other["text"] == named




@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_possessive_object_and_a_count_take_the_second_person(lang: str) -> None:
    steal = {"type": "steal", "seat": 1, "victim": 0, "taken": [0], "points": 3, "version": 1}
    [said] = describe_events("vive_le_roi", [steal], lang, NAMES, you=0)
    text = str(said["text"])
    assert "Ana" not in text and "{" not in text, text
    ends = {"en": "3 points", "nl": "3 punten", "fr": "3 points", "de": "3 Punkte",
            "cs": "3 body"}
    assert text.endswith(ends[lang]), text
    attack = {"type": "attack", "seat": 1, "defender": 0, "province": 0, "version": 1}
    [hit] = describe_events("vive_le_roi", [attack], "en", NAMES, you=0)
    assert str(hit["text"]).startswith("Bruno attacks your "), hit


def test_a_seat_acting_on_itself_is_spoken_to_once() -> None:
    request = {"type": "request", "seat": 0, "beneficiary": 0, "granted": True,
               "rolls": [5], "version": 1}
    words = {lang: str(describe_events("versailles1682", [request], lang, NAMES, you=0)[0]
                       ["text"]) for lang in i18n.LANGUAGES}
    assert words["en"].startswith("You ask for ") and "for yourself: granted" in words["en"]
    assert "voor jezelf: ingewilligd" in words["nl"], words
    assert "pour toi-même : accordé" in words["fr"], words
    assert "für dich selbst: angenommen" in words["de"], words
    assert "pro sebe: vyhověno" in words["cs"], words
    [other] = describe_events("versailles1682", [request], "en", NAMES, you=1)
    assert str(other["text"]).startswith("Ana asks for ") and "for Ana" in str(other["text"])
