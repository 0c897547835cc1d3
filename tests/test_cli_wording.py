"""Every public event of every game has wording in the event log of ``sunking simulate``."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from sunking import make
from sunking.cli import play_random
from sunking.cli_render import EVENT_MESSAGES, VALUE_NAMES, event_message, generic_message

GAMES = ("louis14", "vive_le_roi", "versailles1682")
SEEDS = range(10)
RAW_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""A snake_case identifier: a coded value that reached the text unnamed."""


def _events(game: str, players: int) -> Iterator[Mapping[str, Any]]:
    """Each event of a few random games: the public ones (the log of ``simulate``) and,
    but for Louis XIV, whose terminal client words its private events itself, the private
    ones (a seat's log)."""
    for seed in SEEDS:
        state = play_random(game, players, seed)
        for event in state.events(everything=True):
            if game != "louis14" or "private_to" not in event:
                yield event


def _cases() -> list[tuple[str, int]]:
    cases = []
    for game in GAMES:
        spec = make(game).spec
        cases += [(game, n) for n in range(spec.min_players, spec.max_players + 1)]
    return cases


@pytest.mark.parametrize(("game", "players"), _cases())
def test_every_event_is_worded(game: str, players: int) -> None:
    messages = EVENT_MESSAGES[game]
    unworded: set[str] = set()
    unfit: list[Mapping[str, Any]] = []
    for event in _events(game, players):
        if event["type"] not in messages:
            unworded.add(event["type"])
            continue
        message = event_message(game, event)
        if message == generic_message(event) or "{" in message:
            unfit.append(event)
        elif game != "louis14":
            assert not RAW_KEY.search(message), (message, event)
    assert not unworded, f"{game} emits event types without wording: {sorted(unworded)}"
    assert not unfit, f"{game} events whose wording does not fit: {unfit[:5]}"


def test_a_type_without_wording_falls_back() -> None:
    event = {"type": "not_worded", "seat": 1, "version": 3}
    assert "not_worded" not in EVENT_MESSAGES["vive_le_roi"]
    assert event_message("vive_le_roi", event) == generic_message(event) == "not_worded seat=1"


def test_card_numbers_are_shown_by_name() -> None:
    steal = {"type": "steal", "seat": 0, "card": 113, "victim": 1, "taken": 69, "points": 4}
    assert event_message("vive_le_roi", steal) == (
        "seat 0 plays Gossip and takes courtier 4 (eagle) from seat 1: +4 points"
    )
    place = {"type": "place", "seat": 2, "card": 28, "onto": 87}
    assert event_message("vive_le_roi", place) == "seat 2 puts gold 1 on the Bishop"
    draw = {"type": "draw_house", "seat": 1, "card": 0}
    assert event_message("versailles1682", draw) == (
        "seat 1 takes Duke from the House of the King"
    )


def test_every_card_has_a_readable_name() -> None:
    for game, count in (("vive_le_roi", 114), ("versailles1682", 110)):
        cards = VALUE_NAMES[game]["card"]
        assert sorted(cards) == list(range(count))
        assert all(name and "_" not in name for name in cards.values()), game


def test_alternative_wordings_are_chosen_by_fields() -> None:
    freed = {"type": "rebellion", "seat": 1, "effect": "king freed", "captor": 0,
             "taken": [], "points": 5}
    captured = {"type": "rebellion", "seat": 0, "effect": "king captured", "taken": [7]}
    last = {"type": "rebellion", "seat": 2, "effect": "none in the last round"}
    assert event_message("vive_le_roi", freed) == (
        "Rebellion: seat 1 frees the King from seat 0 (+5 points) and takes nothing from the "
        "middle"
    )
    assert event_message("vive_le_roi", captured) == (
        "Rebellion: seat 0 captures the King and takes Normandie (lion) from the middle"
    )
    assert event_message("vive_le_roi", last) == (
        "the Rebellion of seat 2 has no effect: it is the last round"
    )
    peace = {"type": "power", "seat": 0, "power": "war", "peace": True}
    war = {"type": "power", "seat": 0, "power": "war", "country": "spain"}
    assert event_message("versailles1682", peace) == "seat 0, War Minister, makes peace"
    assert event_message("versailles1682", war) == (
        "seat 0, War Minister, declares war on Spain"
    )


def test_per_seat_and_seat_cards_specs() -> None:
    end = {"type": "game_over", "winners": [1], "reason": "target",
           "fortunes": [0, 31000, 27000]}
    assert event_message("versailles1682", end) == (
        "game over (a family reached the target): fortunes seat 0: 0, seat 1: 31,000, "
        "seat 2: 27,000; winner: seat 1"
    )
    bids = {"type": "ear_bids", "bids": [[2, 8, 3], [0, 29, 1]]}
    assert event_message("vive_le_roi", bids) == (
        "the bids for the King's Ear: seat 2: Bretagne (lion) = 3; seat 0: gold 1 = 1"
    )
