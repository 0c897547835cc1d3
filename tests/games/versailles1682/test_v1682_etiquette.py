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


# Courtiers of the rulebook's own examples (§3.0, §8.4, §10): a married woman bears her
# husband's name and titles; a widow keeps them (§8.4b, §10.4).
MADAME_TOUR = Courtier("f", "de la Tour qui Penche", "Marie")
WIFE = Courtier("f", "de Trémière", "Marie", titles=("marquis",))
WIDOW = Courtier("f", "de Trémière", "Marie", titles=("marquis",), offices=("first_lady",))
SERIZET = Courtier("m", "Serizet Van Broutmou", "Paul", offices=("finance_minister",))
CHANCELLOR = Courtier("m", "d'Argenson", "Louis", titles=("comte",), offices=("chancellor",))

# (text, courtier, '' when correct, else a words of the expected fault)
TABLE = [
    # §3.0: the rulebook's forms and its example of courtesy
    ("mein lieber Marquis de Trémière", MARQUIS, ""),
    ("Monsieur le Marquis de Trémière", MARQUIS, ""),
    ("Monsieur le Marquis", MARQUIS, ""),                          # a part of the form
    ("Marquis", MARQUIS, ""),
    ("monsieur le marquis de tremiere", MARQUIS, ""),              # case and accents
    ("Sir Marquis de Trémière", MARQUIS, ""),                      # the German edition's rank
    ("Sir Marschall Duc de Rohan, Kanzler", MARSHAL, ""),          # German dignity and office
    ("Sir Marshal Duke de Rohan, Chancellor", MARSHAL, ""),        # English
    ("Monsieur le Maréchal Duc de Rohan, Chancelier", MARSHAL, ""),
    ("Monseigneur le Duc de Rohan", MARSHAL, ""),
    ("Herzog de Rohan", MARSHAL, ""),
    ("Monsieur le Comte d'Argenson, Chancelier", CHANCELLOR, ""),
    ("Monsieur le Conte d'Argenson", CHANCELLOR, ""),               # ruling V-40
    ("Graf d'Argenson, Kanzler", CHANCELLOR, ""),
    ("Monsieur Serizet Van Broutmou, Minister der Finanzen", SERIZET, ""),
    ("Sir Serizet Van Broutmou, Finance Minister", SERIZET, ""),
    ("Monsieur d'Argenson, Gouverneur de Gascogne et Gouverneur du Bourbonnais", GOVERNOR, ""),
    ("mon cher Monsieur de Bourgenrelle", PLAIN_MAN, ""),
    # women, married women (§8.4b: "Madame la Marquise de Trémière"), widows (§10.4)
    ("Madame de la Tour qui Penche", PLAIN_WOMAN, ""),
    ("Madame de Tour qui Penche", MADAME_TOUR, ""),                # §8.4's own spelling
    ("Ihre Ladyschaft de la Tour qui Penche", PLAIN_WOMAN, ""),
    ("Madame la Marquise de Trémière", WIFE, ""),
    ("Lady Marchioness de Trémière", WIFE, ""),
    ("Ihre Ladyschaft Marquise de Trémière", WIFE, ""),
    ("Madame la Marquise de Trémière, Gouvernante des Enfants de France", MARQUISE, ""),
    ("Madame de Trémière, Gouvernante", MARQUISE, ""),
    ("Madame la Marquise de Trémière, Première dame d'honneur de la Reine", WIDOW, ""),
    ("Milady Marquise de Trémière, Erste Hofdame der Königin", WIDOW, ""),
    ("Madame la Duchesse de Lauzun", Courtier("f", "de Lauzun", "Anne",
                                              titles=("baron", "duc")), ""),
    ("Madame la Comtesse de Sévigné", Courtier("f", "de Sévigné", titles=("comte",)), ""),
    # faults: a given name (§3.0: "lieber Peter"), unknown words and names
    ("lieber Jean", MARQUIS, "given name"),
    ("Paul", SERIZET, "given name"),
    ("Marquis Jean de Trémière", MARQUIS, "given name"),
    ("lieber Peter", MARQUIS, "'Peter' is no word"),
    ("Herr Marquis", MARQUIS, "'Herr' is no word"),
    ("Frau Marquise de Trémière", WIFE, "'Frau' is no word"),
    ("Monsieur de Dupont", PLAIN_MAN, "'de Dupont' is no family name"),
    ("Monsieur le Marquis de Trémière, hätten Sie die Güte", MARQUIS, "'hätten' is no word"),
    ("Mon cher ami", MARQUIS, "names no part"),
    ("Monsieur Trémière", MARQUIS, "family name whole"),
    # faults: the order RANG, WÜRDE, ADEL, family name, office
    ("Marquis Monsieur de Trémière", MARQUIS, "order"),
    ("Monsieur de Trémière le Marquis", MARQUIS, "order"),
    ("Monsieur le Duc de Rohan le Maréchal", MARSHAL, "order"),
    ("Chancelier de Rohan", MARSHAL, "order"),
    ("Monsieur le Marquis, mein lieber", MARQUIS, "may only open"),
    # faults: the wrong rank, dignity, title, name or office
    ("Monsieur le Baron de Trémière", MARQUIS, "not the highest title"),
    ("Monsieur le Comte de Trémière", MARQUIS, "no Comte"),
    ("Madame le Marquis de Trémière", MARQUISE, "form for a man"),
    ("Madame le Marquise de Trémière", WIFE, "article for a man"),
    ("Lady Marquess de Trémière", WIFE, "form for a man"),
    ("Monsieur de la Tour qui Penche", PLAIN_WOMAN, "rank of a man"),
    ("Sir de la Tour qui Penche", PLAIN_WOMAN, "rank of a man"),
    ("Ihre Ladyschaft de Bourgenrelle", PLAIN_MAN, "rank of a woman"),
    ("Monsieur le Marquis de Bourgenrelle", MARQUIS, "family name"),
    ("Madame de la Tour qui Penche", WIFE, "family name"),           # she bears his name now
    ("Madame la Baronne de Trémière", WIDOW, "no Baron"),
    ("Monsieur le Maréchal de Bourgenrelle", PLAIN_MAN, "no Marshal"),
    ("Monsieur le Baron", PLAIN_MAN, "holds no title"),
    ("Monsieur de Rohan, Grand Veneur", MARSHAL, "does not hold that office"),
    ("Monsieur d'Argenson, Kanzler und Gouverneur de Normandie", GOVERNOR, "does not hold"),
    ("Monsieur et de Bourgenrelle", PLAIN_MAN, "may only join two offices"),
]


@pytest.mark.parametrize(("text", "who", "fault"), TABLE, ids=[t for t, _, _ in TABLE])
def test_judge_table(text: str, who: Courtier, fault: str) -> None:
    verdict = judge(text, who)
    if not fault:
        assert verdict.ok, verdict.faults
    else:
        assert not verdict.ok
        assert any(fault in f for f in verdict.faults), verdict.faults


def test_the_table_is_long_and_balanced() -> None:
    assert len(TABLE) >= 40
    assert sum(1 for *_, fault in TABLE if fault) >= 20
    assert sum(1 for *_, fault in TABLE if not fault) >= 20


@pytest.mark.parametrize("language", ["fr", "de", "en"])
@pytest.mark.parametrize("who", [PLAIN_MAN, PLAIN_WOMAN, MARQUIS, MARQUISE, MARSHAL, GOVERNOR,
                                 WIDOW, SERIZET, CHANCELLOR])
def test_every_generated_form_is_judged_correct(who: Courtier, language: str) -> None:
    form = form_of_address(who, language)
    assert judge(form, who).ok, (form, judge(form, who).faults)


def test_forms_in_three_languages() -> None:
    assert form_of_address(MARSHAL, "de") == "Sir Marschall Duc de Rohan, Kanzler"
    assert form_of_address(MARSHAL, "en") == "Sir Marshal Duke de Rohan, Chancellor"
    assert form_of_address(WIFE, "en") == "Lady Marchioness de Trémière"
    assert form_of_address(WIFE, "de") == "Ihre Ladyschaft Marquise de Trémière"
    assert form_of_address(WIFE, "nl") == form_of_address(WIFE) == \
        "Madame la Marquise de Trémière"


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
