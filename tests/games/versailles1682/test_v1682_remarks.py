"""What a remark at the table addresses (``Game.remarks``), and the steward's duties
(``Game.duties``): the seam through which the server and the terminal turn table talk into
:class:`Address` actions and a bot steward fines every fault."""

from __future__ import annotations

import pytest

from sunking.core import IllegalAction, available_games, make
from sunking.games.versailles1682.actions import Address, Fine
from sunking.games.versailles1682.etiquette import address_words, given_name
from sunking.games.versailles1682.scenario import position
from sunking.games.versailles1682.state import V1682State

GAME = make("versailles1682")


def table() -> V1682State:
    """Four courtiers: a marshal duke (0), a marquise (1, steward), a plain man (2) and a
    chancellor count (3)."""
    return position(4, turn=0, steward=1,
                    names={0: "de Rohan", 1: "de Trémière", 2: "de Bourgenrelle",
                           3: "d'Argenson"},
                    genders={1: "f"},
                    tableau={0: ["duc", "marshal"], 1: ["marquis"], 3: ["comte", "chancellor"]},
                    dice=[1])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Monsieur le Duc de Rohan, would you support me?", "Monsieur le Duc de Rohan"),
        ("Monsieur le Comte d'Argenson, Chancelier, un mot ?",
         "Monsieur le Comte d'Argenson, Chancelier"),
        ("Herr Marquis: kommen Sie!", "Herr Marquis"),
        ("Madame la Marquise de Trémière", "Madame la Marquise de Trémière"),
        ("Sir Marshal Duke de Rohan. Your move.", "Sir Marshal Duke de Rohan"),
    ],
)
def test_address_words_stop_at_the_first_clause(text: str, words: str) -> None:
    assert address_words(text) == words


@pytest.mark.parametrize(
    ("speaker", "text", "courtier", "correct"),
    [
        (2, "Monsieur le Maréchal Duc de Rohan, a word?", 0, True),
        (2, "Monsieur de Rohan!", 0, True),
        (0, "Madame la Marquise de Trémière, shall we?", 1, True),
        (0, "Monsieur de Trémière, shall we?", 1, False),  # the rank of a man
        (0, "Herr Marquis, kommen Sie", 1, False),  # the only marquis(e), a wrong rank
        (1, "Monsieur le Chancelier, un mot", 3, False),  # no article before an office
        (1, "mon cher Argenson", 3, False),  # the family name without its particle
        (1, "mon cher d'Argenson", 3, True),
    ],
)
def test_a_public_remark_that_names_one_courtier_is_an_address(
        speaker: int, text: str, courtier: int, correct: bool) -> None:
    s = table()
    (address,) = GAME.remarks(s, speaker, text)
    assert address == Address(speaker, courtier, address_words(text))
    after = s.apply(address, seat=speaker)
    assert after.to_move == s.to_move and after.version == s.version + 1
    assert len(after.faults) == (0 if correct else 1)


def test_a_given_name_points_at_its_bearer_and_is_a_fault() -> None:
    s = table()
    text = f"lieber {given_name(s, 3)}, ein Wort"
    (address,) = GAME.remarks(s, 1, text)
    assert address.courtier == 3  # type: ignore[attr-defined]
    assert "given name" in s.apply(address, seat=1).faults[0]["faults"][0]


@pytest.mark.parametrize(
    "text",
    [
        "Hello everyone, shall we deal?",  # opens with no word of address
        "Monsieur, a word",  # points at nobody
        "Monsieur de Dupont, a word",  # a family not at this court
        "Monsieur le Marquis de Trémière et Monsieur de Rohan",  # two courtiers
        "",
    ],
)
def test_a_remark_that_points_at_nobody_or_several_is_no_address(text: str) -> None:
    assert GAME.remarks(table(), 2, text) == ()


def test_a_remark_to_a_chosen_courtier_is_judged_whatever_it_says() -> None:
    s = table()
    (address,) = GAME.remarks(s, 2, "Monsieur de Dupont, a word", addressed=0)
    assert address == Address(2, 0, "Monsieur de Dupont")
    after = s.apply(address, seat=2)
    assert after.faults[0]["courtier"] == 0 and not after.faults[0]["fined"]
    (to_self,) = GAME.remarks(s, 2, "Monsieur de Bourgenrelle", addressed=2)
    with pytest.raises(IllegalAction, match="his own courtier"):
        s.apply(to_self, seat=2)


def test_the_steward_owes_a_fine_for_each_fault_and_none_once_fined() -> None:
    s = table()
    assert GAME.duties(s) == ()
    for text in ("Herr Marquis", "Monsieur de Trémière"):
        (address,) = GAME.remarks(s, 0, text)
        s = s.apply(address, seat=0)
    assert GAME.duties(s) == ((1, Fine(0)), (1, Fine(1)))
    before = s.fortune[0]
    s = s.apply(Fine(0), seat=1)
    assert s.fortune[0] == before - 1000
    assert GAME.duties(s) == ((1, Fine(1)),)
    s = s.apply(Fine(1), seat=1)
    assert GAME.duties(s) == ()
    assert [e["fault"] for e in s.register] == [0, 1]


def test_other_games_have_no_remarks_and_no_duties() -> None:
    for game_id in set(available_games()) - {"versailles1682"}:
        game = make(game_id)
        s = game.new_game(game.spec.min_players, seed=1)
        assert game.remarks(s, 0, "Monsieur le Duc") == ()
        assert game.duties(s) == ()
