"""Forms of address (§3.0) for men and women, with and without title, dignity and office,
and the judge: the right order accepted, a wrong order or a wrong part rejected by name."""

from __future__ import annotations

import pytest

from sunking.games.versailles1682.actions import Marry
from sunking.games.versailles1682.etiquette import (
    Courtier,
    courtier,
    family_core,
    form_of_address,
    judge,
)
from sunking.games.versailles1682.scenario import position

PLAIN_MAN = Courtier("m", "de Bourgenrelle", "Jean")
PLAIN_WOMAN = Courtier("f", "de la Tour qui Penche", "Marie")
MARQUIS = Courtier("m", "de Trémière", "Jean", titles=("marquis", "baron"))
MARQUISE = Courtier("f", "de Trémière", "Anne", titles=("marquis",),
                    offices=("governess",))
MARSHAL = Courtier("m", "de Rohan", "Henri", titles=("comte", "duc"), marshal=True,
                   offices=("chancellor",))
GOVERNOR = Courtier("m", "d'Argenson", "Louis",
                    offices=("governor_gascogne", "governor_bourbonnais"))


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        (PLAIN_MAN, "Monsieur de Bourgenrelle"),
        (PLAIN_WOMAN, "Madame de la Tour qui Penche"),
        (MARQUIS, "Monsieur le Marquis de Trémière"),
        (MARQUISE, "Madame la Marquise de Trémière, Gouvernante des Enfants de France"),
        (MARSHAL, "Monsieur le Maréchal Duc de Rohan, Chancelier"),
        (GOVERNOR, "Monsieur d'Argenson, Gouverneur de Gascogne et Gouverneur du Bourbonnais"),
        (Courtier("f", "de Sévigné", "Marie", titles=("comte",)), "Madame la Comtesse de Sévigné"),
        (Courtier("f", "de Lauzun", "Anne", titles=("baron", "duc")),
         "Madame la Duchesse de Lauzun"),
    ],
)
def test_form_of_address(who: Courtier, expected: str) -> None:
    assert form_of_address(who) == expected
    assert judge(expected, who).ok


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("mein lieber Marquis de Trémière", MARQUIS),     # the rulebook's own example
        ("Monsieur le Marquis", MARQUIS),                 # only a part: allowed
        ("Marquis", MARQUIS),
        ("Madame la Marquise", MARQUISE),
        ("Madame de Trémière, Gouvernante", MARQUISE),
        ("Monsieur le Maréchal", MARSHAL),
        ("Duc de Rohan, Chancelier", MARSHAL),
        ("Sir de Rohan", MARSHAL),                        # the German edition's rank words
        ("Bonjour, Monsieur de Bourgenrelle, hätten Sie die Güte", PLAIN_MAN),
        ("Madame la Comtesse de Sévigné", Courtier("f", "de Sévigné", titles=("comte",))),
        ("Monsieur le Conte de Sévigné", Courtier("m", "de Sévigné", titles=("comte",))),
        ("monsieur le marquis de tremiere", MARQUIS),     # case and accents do not matter
    ],
)
def test_judge_accepts(text: str, who: Courtier) -> None:
    verdict = judge(text, who)
    assert verdict.ok, verdict.faults


@pytest.mark.parametrize(
    ("text", "who", "fault"),
    [
        ("lieber Jean", MARQUIS, "given name"),
        ("Marquis Monsieur de Trémière", MARQUIS, "order"),
        ("Monsieur de Trémière le Marquis", MARQUIS, "order"),
        ("Monsieur le Duc de Rohan le Maréchal", MARSHAL, "order"),
        ("Chancelier de Rohan", MARSHAL, "order"),
        ("Monsieur le Baron de Trémière", MARQUIS, "not the highest title"),
        ("Monsieur le Comte de Trémière", MARQUIS, "no Comte"),
        ("Madame le Marquis de Trémière", MARQUISE, "form for a man"),
        ("Monsieur de la Tour qui Penche", PLAIN_WOMAN, "rank of a man"),
        ("Monsieur le Marquis de Bourgenrelle", MARQUIS, "family name"),
        ("Monsieur le Maréchal de Bourgenrelle", PLAIN_MAN, "no Marshal"),
        ("Monsieur le Baron", PLAIN_MAN, "holds no title"),
        ("Monsieur de Rohan, Grand Veneur", MARSHAL, "does not hold that office"),
        ("Mon cher ami", MARQUIS, "names no part"),
    ],
)
def test_judge_rejects(text: str, who: Courtier, fault: str) -> None:
    verdict = judge(text, who)
    assert not verdict.ok
    assert any(fault in f for f in verdict.faults), verdict.faults


def test_judge_names_the_parts_in_order() -> None:
    verdict = judge("Monsieur le Maréchal Duc de Rohan, Chancelier", MARSHAL)
    assert [p for p, _ in verdict.parts] == ["rank", "dignity", "title", "family", "office"]


def test_family_core() -> None:
    assert family_core("de la Tour qui Penche") == "Tour qui Penche"
    assert family_core("d'Argenson") == "Argenson"
    assert family_core("Serizet Van Broutmou") == "Serizet Van Broutmou"


def test_courtiers_of_a_game_wife_takes_name_and_titles() -> None:
    s = position(3, turn=0, names={0: "de Trémière", 1: "de Sévigné", 2: "d'Argenson"},
                 genders={1: "f"}, standings={0: (9, 5)},
                 tableau={0: ["duc", "baron", "marshal"], 2: ["governor_normandie"]},
                 dice=[1])
    assert form_of_address(courtier(s, 0)) == "Monsieur le Maréchal Duc de Trémière"
    assert form_of_address(courtier(s, 2)) == "Monsieur d'Argenson, Gouverneur de Normandie"
    assert form_of_address(courtier(s, 1)) == "Madame de Sévigné"
    s = s.apply(Marry(1))
    assert form_of_address(courtier(s, 1)) == "Madame la Duchesse de Trémière"
    view = s.view(None)["courtiers"]
    assert view[1]["address"] == "Madame la Duchesse de Trémière"
    assert not judge("Madame de Sévigné", courtier(s, 1)).ok  # she bears his name now
