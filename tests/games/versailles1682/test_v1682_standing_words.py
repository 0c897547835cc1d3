"""A change of standing the track's end holds at its value (a change of 0) is said to stay,
not to fall."""

from __future__ import annotations

import pytest

from sunking.presentation import describe_events


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Bert's standing with the Queen stays at 9"),
    ("fr", "La faveur de Bert (la Reine) reste à 9"),
])
def test_a_standing_that_does_not_move_is_said_to_stay(lang: str, said: str) -> None:
    """A change of standing held at the track's end (0 points) neither rises nor falls."""
    event = {"type": "standing", "seat": 1, "royal": "queen", "change": 0, "standing": 9,
             "why": "devotion", "version": 4}
    text = str(describe_events("versailles1682", [event], lang, ["Anna", "Bert"])[0]["text"])
    assert text.startswith(said), text
