"""Every event of every game has wording in the event log of ``sunking simulate``: the game's
own words (its presentation and catalogs), in every language, with cards and players named."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from sunking import available_games, make, presentation
from sunking.cli import play_random
from sunking.i18n import LANGUAGES
from sunking.presentation import describe_events

GAMES = available_games()
SEEDS = range(6)
RAW = re.compile(r"\{|\b[a-z]+_[a-z_]+\b|[a-z_]+=|\b[a-z0-9_]+\.[a-z_]{2,}\b")
"""A placeholder, a snake_case identifier (a coded value that reached the text unnamed),
``key=value`` or a text key."""
NAMES = ["Ana", "Bruno", "Claire", "David", "Eve", "Fred"]


def _events(game: str, players: int) -> Iterator[Mapping[str, Any]]:
    """Each event of a few random games, the private ones (a seat's log) included."""
    for seed in SEEDS:
        yield from play_random(game, players, seed).events(everything=True)


def _cases() -> list[tuple[str, int]]:
    cases = []
    for game in GAMES:
        spec = make(game).spec
        cases += [(game, n) for n in range(spec.min_players, spec.max_players + 1)]
    return cases


def words(game: str, event: Mapping[str, Any], lang: str = "en", players: int = 4) -> str:
    entries = describe_events(game, [event], lang, NAMES[:players], players)
    return str(entries[0]["text"]) if entries else ""


@pytest.mark.parametrize(("game", "players"), _cases())
def test_every_event_is_worded(game: str, players: int) -> None:
    declared = set(presentation.of(game).event_types)
    undeclared: set[str] = set()
    unfit: list[tuple[str, str]] = []
    for number, event in enumerate(_events(game, players)):
        if event["type"] not in declared:
            undeclared.add(event["type"])
            continue
        lang = LANGUAGES[number % len(LANGUAGES)]
        text = words(game, event, lang, players)
        if not text or RAW.search(text.replace("d'Or", "")):
            unfit.append((lang, text))
    assert not undeclared, f"{game} emits event types without wording: {sorted(undeclared)}"
    assert not unfit, f"{game} events whose wording does not fit: {unfit[:5]}"


def test_a_type_without_wording_tells_nothing() -> None:
    event = {"type": "not_worded", "seat": 1, "version": 3}
    assert "not_worded" not in presentation.of("vive_le_roi").event_types
    assert describe_events("vive_le_roi", [event], "en", NAMES[:3]) == []


def test_card_numbers_are_shown_by_name() -> None:
    steal = {"type": "steal", "seat": 0, "card": 113, "victim": 1, "taken": 69, "points": 4,
             "version": 5}
    assert words("vive_le_roi", steal) == "Ana takes Courtier 4 (Eagle) from Bruno: 4 points"
    assert words("vive_le_roi", steal, "nl") == (
        "Ana pakt Hoveling 4 (Adelaar) van Bruno: 4 punten")
    place = {"type": "place", "seat": 2, "card": 28, "onto": 87, "version": 5}
    assert words("vive_le_roi", place) == "Claire puts Gold 1 on Bishop"
    draw = {"type": "draw_house", "seat": 1, "card": 0, "version": 5}
    assert words("versailles1682", draw) == "Bruno takes Duke from the House of the King"
    assert words("versailles1682", draw, "de") == "Bruno nimmt Duc aus dem Haus des Königs"


def test_every_card_has_a_readable_name_in_every_language() -> None:
    for game, count in (("vive_le_roi", 114), ("versailles1682", 110)):
        p = presentation.of(game)
        for lang in LANGUAGES:
            names = [p.messages(lang)[f"{game}.card.{c}"] for c in range(count)]
            assert all(name and "_" not in name for name in names), (game, lang)


def test_alternative_wordings_are_chosen_by_fields() -> None:
    freed = {"type": "rebellion", "seat": 1, "effect": "king freed", "captor": 0,
             "taken": [], "points": 5, "version": 3}
    captured = {"type": "rebellion", "seat": 0, "effect": "king captured", "taken": [7],
                "version": 3}
    last = {"type": "rebellion", "seat": 2, "effect": "none in the last round", "version": 3}
    assert words("vive_le_roi", freed) == (
        "Bruno's rebellion frees the King from Ana: 5 points")
    assert words("vive_le_roi", captured) == "Ana's rebellion: the King is captured"
    assert words("vive_le_roi", last) == "Claire's rebellion has no effect in the last round"
    peace = {"type": "power", "seat": 0, "power": "war", "peace": True, "version": 3}
    war = {"type": "power", "seat": 0, "power": "war", "country": "spain", "version": 3}
    assert words("versailles1682", peace) == "Ana, War Minister, makes peace"
    assert words("versailles1682", war) == "Ana, War Minister, declares war on Spain"


def test_per_seat_numbers_and_bids_name_the_players() -> None:
    end = {"type": "game_over", "winners": [1], "reason": "target",
           "fortunes": [0, 31000, 27000], "version": 9}
    assert words("versailles1682", end, players=3) == (
        "The game is over: Bruno wins (the fortune was reached); fortunes Ana: 0, "
        "Bruno: 31,000, Claire: 27,000"
    )
    bids = {"type": "ear_bids", "bids": [[2, 8, 3], [0, 29, 1]], "version": 9}
    assert words("vive_le_roi", bids) == (
        "The bids for the King's Ear are shown: Claire: Bretagne (3) and Ana: Gold 1 (1)"
    )


def test_louis14_says_what_its_board_says() -> None:
    place = {"type": "place", "seat": 1, "card": 0, "stones": [[4, 2], [9, 1]],
             "boost": False, "version": 4}
    assert words("louis14", place) == (
        "Bruno plays Joker: 2 on 4 · le Grand Dauphin, 1 on 9 · Louise de La Vallière"
    )
    end = {"type": "game_end", "scores": [30, 30], "winners": [0, 1], "version": 9}
    assert words("louis14", end) == "The game is over. Winners: Ana and Bruno"
