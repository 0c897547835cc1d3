"""French contractions made where a placeholder's words meet a preposition: "à le Roi" is
said "au Roi", "de Anna" "d'Anna"; the other languages and the pronoun before a verb are left
as they are."""

from __future__ import annotations

import pytest

from sunking.i18n.elision import finish
from sunking.presentation import describe_events


@pytest.mark.parametrize(("filled", "said"), [
    ("Bert demande à le Roi de changer la faveur de Anna", "Bert demande au Roi de changer "
     "la faveur d'Anna"),
    ("Bert obtient une audience auprès de le Roi", "Bert obtient une audience auprès du Roi"),
    ("2 sur le Grand Dauphin, 1 de le Grand Dauphin", "2 sur le Grand Dauphin, 1 du Grand Dauphin"),
    ("À le Roi de jouer", "Au Roi de jouer"),
    ("la carte de Élise et de Bert", "la carte d'Élise et de Bert"),
    ("Il faut que Anne joue", "Il faut qu'Anne joue"),
    ("de les Espagnols, à les Anglais", "des Espagnols, aux Anglais"),
    ("Il essaie de le faire, à le dire", "Il essaie de le faire, à le dire"),
    ("la carte de Anna-Maria à Le Nôtre", "la carte d'Anna-Maria à Le Nôtre"),
    ("Philippe I d'Orléans", "Philippe I d'Orléans"),
])
def test_french_contracts_and_elides_before_names(filled: str, said: str) -> None:
    assert finish("fr", filled) == said


@pytest.mark.parametrize("lang", ["en", "nl", "de", "cs"])
def test_other_languages_are_left_alone(lang: str) -> None:
    assert finish(lang, "de le Roi, de Anna, à le Roi") == "de le Roi, de Anna, à le Roi"


def test_versailles_audience_and_intervention_said_in_french() -> None:
    names = ["Anna", "Bert", "Carla"]
    events = [
        {"type": "intervention", "seat": 1, "royal": "king", "target": 0, "roll": 6,
         "change": -2, "version": 3},
    ]
    said = describe_events("versailles1682", events, "fr", names)
    assert said, "the intervention is worded"
    text = str(said[0]["text"])
    assert "à le " not in text and "de Anna" not in text, text
    assert "au Roi" in text and "d'Anna" in text, text

